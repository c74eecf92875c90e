/** The seed catalogue: categories, sizes and products of a Bangladeshi apparel shop. */
import type { GarmentKind, Pattern } from "./artwork";

export const CATEGORIES = ["Panjabi", "Saree", "Kurti", "T-Shirts", "Shirts", "Jeans", "Accessories"] as const;
export type CategoryName = (typeof CATEGORIES)[number];

const CLOTHING = ["S", "M", "L", "XL", "XXL"];
/** Size labels per category; a product's `stock` lists quantities in this order. */
export const SIZES: Record<CategoryName, string[]> = {
  Panjabi: CLOTHING,
  Saree: ["Free Size"], // sarees are sold unstitched
  Kurti: CLOTHING,
  "T-Shirts": CLOTHING,
  Shirts: CLOTHING,
  Jeans: ["28", "30", "32", "34", "36"],
  Accessories: ["Free Size"],
};

const CARE: Partial<Record<CategoryName, string>> = {
  Panjabi: "Gentle machine wash in cold water; iron on the reverse side to protect the embroidery.",
  Saree: "Dry clean only for the first wash, then hand wash separately in cold water.",
  Kurti: "Hand wash in cold water with mild detergent; dry in shade.",
  "T-Shirts": "Machine wash cold with similar colours; do not bleach.",
  Shirts: "Machine wash at 30°C; warm iron.",
  Jeans: "Wash inside out in cold water to keep the colour.",
};

export interface ProductSeed {
  name: string;
  brand: string;
  category: CategoryName;
  priceTaka: number;
  /** Quantity per size, in SIZES[category] order. */
  stock: number[];
  kind: GarmentKind;
  colour: string;
  accent: string;
  pattern: Pattern;
  /** Other colourways, each becoming an additional image. */
  variants: string[];
  /** Adds a close-up picture to the additional images. */
  detail: boolean;
  description: string;
}

type Art = [GarmentKind, string, string, Pattern?];
type Extras = { variants?: string[]; detail?: boolean };

function p(
  category: CategoryName, brand: string, name: string, priceTaka: number, stock: number[],
  [kind, colour, accent, pattern = "plain"]: Art, about: string, points: string[] = [], extras: Extras = {},
): ProductSeed {
  const list = points.length ? `<ul>${points.map((x) => `<li>${x}</li>`).join("")}</ul>` : "";
  const care = CARE[category] ? `<p><strong>Care:</strong> ${CARE[category]}</p>` : "";
  return {
    name, brand, category, priceTaka, stock, kind, colour, accent, pattern,
    variants: extras.variants ?? [], detail: extras.detail ?? false,
    description: `<p>${about}</p>${list}${care}`,
  };
}

export const PRODUCTS: ProductSeed[] = [
  // Panjabi
  p("Panjabi", "Aarong", "Nakshi Embroidered Cotton Panjabi", 2850, [4, 10, 12, 6, 2], ["panjabi", "#efe4cf", "#7a1f2b"],
    "Soft handloom cotton panjabi with <strong>hand-done nakshi embroidery</strong> along the collar and placket, made by rural artisans.",
    ["100% cotton", "Mandarin collar with embroidered placket", "Two side pockets"], { variants: ["#dfe8f0", "#e9dcc3", "#2f3e4f"], detail: true }),
  p("Panjabi", "Yellow", "Slim Fit Solid Panjabi", 2290, [6, 14, 15, 9, 0], ["panjabi", "#1f3a5f", "#c9a227"],
    "A clean, slim-cut panjabi in a rich navy that works for Jummah, dawats and office Fridays alike.",
    ["Cotton-viscose blend", "Slim fit", "Metal buttons"], { variants: ["#2f2f2f"] }),
  p("Panjabi", "Ecstasy", "Jacquard Festive Panjabi", 3490, [2, 7, 9, 5, 3], ["panjabi", "#7b2334", "#d4b060", "buti"],
    "Woven jacquard panjabi with a subtle tonal motif, cut for Eid and wedding evenings.",
    ["Jacquard cotton", "Regular fit", "Contrast cuffs and hem"], { detail: true }),
  p("Panjabi", "Infinity", "Casual Cotton Panjabi", 1899.5, [8, 16, 18, 10, 4], ["panjabi", "#8aa48a", "#f3efe0"],
    "An easy everyday panjabi in breathable cotton, soft enough for the Dhaka summer.",
    ["100% cotton", "Regular fit", "Side pocket"]),
  p("Panjabi", "Richman", "Linen Blend Panjabi", 2650, [3, 9, 11, 7, 2], ["panjabi", "#6b6a3a", "#e8dfc8"],
    "Linen-cotton panjabi with a natural slub texture and tonal buttons.",
    ["55% linen, 45% cotton", "Relaxed fit"], { variants: ["#b9a27a"] }),
  p("Panjabi", "Sailor", "Printed Short Fatua", 1190, [10, 15, 15, 8, 5], ["fatua", "#2f7f7a", "#f1e3c2", "buti"],
    "A hip-length fatua with a small block-print buti, ideal with jeans for adda and weekend outings.",
    ["Cotton voile", "Short sleeves", "Side slits"]),
  p("Panjabi", "Dorjibari", "Eid Special Silk Panjabi", 5950, [0, 0, 0, 0, 0], ["panjabi", "#2a2a2e", "#c9a227"],
    "Pure silk panjabi with gold zari work at the neck, tailored in limited numbers for Eid.",
    ["Pure silk", "Zari embroidered collar", "Comes with a matching pouch"]),
  p("Panjabi", "Aarong", "Endi Silk Panjabi", 4750, [2, 5, 6, 3, 1], ["panjabi", "#f2ead8", "#8c6a2f"],
    "Hand-woven endi silk from Rajshahi with a gentle sheen and a natural, breathable hand feel.",
    ["Endi silk", "Regular fit", "Wooden buttons"], { detail: true }),
  // Saree
  p("Saree", "Aarong", "Handloom Jamdani Saree", 8500, [4], ["saree", "#f4efe6", "#b3202f", "buti"],
    "A <strong>Dhakai jamdani</strong> woven on a pit loom over several weeks, with the traditional floral buti across the body.",
    ["Cotton jamdani, 5.5 m with blouse piece", "Hand woven in Rupganj", "Each piece is unique"],
    { variants: ["#e7f0ea", "#f5e6c8"], detail: true }),
  p("Saree", "Kay Kraft", "Tangail Cotton Saree", 2450, [9], ["saree", "#2d6a8f", "#e0b040"],
    "Lightweight Tangail tant saree with a woven border, comfortable for everyday wear.",
    ["Tant cotton", "5.5 m with blouse piece"]),
  p("Saree", "Dorjibari", "Rajshahi Silk Saree", 6800, [5], ["saree", "#b3202f", "#2a6b3f"],
    "Rajshahi silk in a festive red with a contrasting green border and pallu.",
    ["Pure Rajshahi silk", "Zari border", "Blouse piece included"], { variants: ["#6a2c70"] }),
  p("Saree", "Le Reve", "Printed Georgette Saree", 3250, [7], ["saree", "#e8a0b0", "#7a3b5a", "buti"],
    "Flowing georgette saree with a soft floral print, easy to drape for parties.",
    ["Georgette", "Printed pallu"]),
  p("Saree", "Rang Bangladesh", "Half Silk Block Print Saree", 3999.5, [6], ["saree", "#e0a030", "#7a2b1f", "stripes"],
    "Half silk saree, hand block printed with bold stripes for Pohela Boishakh.",
    ["Half silk", "Hand block print", "5.5 m"]),
  p("Saree", "Kay Kraft", "Katan Silk Saree", 7450, [3], ["saree", "#4b2a6b", "#d4b060"],
    "Katan silk with a heavy zari border, a classic for weddings and holud.",
    ["Katan silk", "Zari border and pallu"], { detail: true }),
  p("Saree", "Deshal", "Muslin Cotton Saree", 4200, [2], ["saree", "#f3f1ea", "#3e6f8f"],
    "Fine-count muslin cotton, airy and light, with an indigo border.", ["Muslin cotton", "Indigo border"]),
  // Kurti
  p("Kurti", "Aarong", "Embroidered Cotton Kurti", 1650, [6, 12, 10, 5, 2], ["kurti", "#c2456b", "#f3c96b", "buti"],
    "Cotton kurti with hand embroidery at the yoke and a flattering A-line cut.",
    ["100% cotton", "Three-quarter sleeves", "Side slits"], { variants: ["#3f7f6a", "#e3c06a"] }),
  p("Kurti", "Le Reve", "Printed Rayon Kurti", 1290, [8, 14, 12, 6, 0], ["kurti", "#3b6aa0", "#f2e7d0", "paisley"],
    "A soft, fluid rayon kurti with an all-over print, easy to pair with palazzo or jeans.",
    ["Rayon", "Round neck", "Regular fit"]),
  p("Kurti", "Yellow", "A-Line Viscose Kurti", 1890, [5, 10, 11, 7, 3], ["kurti", "#2e5e4e", "#e8c36a"],
    "An A-line kurti in a deep bottle green with contrast piping.", ["Viscose", "A-line", "Contrast piping"]),
  p("Kurti", "Sara", "Block Print Long Kurti", 1450, [4, 9, 9, 4, 1], ["kurti", "#f0d9b5", "#a0522d", "checks"],
    "Long kurti in hand block printed cotton with a check motif.", ["Cotton", "Calf length"]),
  p("Kurti", "Bibiana", "Hand-stitched Kantha Kurti", 2350, [2, 6, 6, 3, 0], ["kurti", "#f7f3ea", "#b03a48", "buti"],
    "Kantha stitch by hand all over the front panel, a tribute to the quilts of Jessore.",
    ["Cotton", "Hand kantha stitch", "Side slits"], { detail: true }),
  p("Kurti", "Anjan's", "Georgette Party Tunic", 1990, [3, 8, 8, 4, 2], ["kurti", "#5b2a6e", "#e6c15a"],
    "A georgette tunic with a lined body and a golden neckline for evening dawats.", ["Georgette, cotton lining", "Regular fit"]),
  p("Kurti", "Deshal", "Khadi Cotton Kurti", 1190.5, [6, 10, 10, 6, 2], ["kurti", "#d9c7a3", "#5a4632"],
    "Hand-spun khadi from Cumilla in a natural, undyed tone.", ["Khadi cotton", "Wooden buttons"]),
  // T-Shirts
  p("T-Shirts", "Sailor", "Basic Crew Neck T-Shirt", 450, [20, 30, 30, 18, 8], ["tshirt", "#f4f4f2", "#2b2b2b"],
    "An everyday crew neck in combed cotton jersey.", ["100% combed cotton, 160 GSM", "Regular fit"],
    { variants: ["#2b2b2b", "#1f3a5f", "#9b1c2c"] }),
  p("T-Shirts", "Yellow", "Graphic Print T-Shirt", 690, [10, 18, 18, 10, 4], ["tshirt", "#3b5b8c", "#f2f2f2"],
    "Soft cotton tee with a chest print.", ["100% cotton", "Regular fit"]),
  p("T-Shirts", "Cats Eye", "Classic Polo Shirt", 1250, [6, 12, 14, 8, 3], ["polo", "#1f3a5f", "#e8d8a8"],
    "Cotton pique polo with a ribbed collar and two-button placket.", ["Cotton pique", "Ribbed collar and cuffs"],
    { variants: ["#7a1f2b", "#f0ece2"] }),
  p("T-Shirts", "Richman", "Slim Fit Striped Polo", 1390, [5, 10, 12, 6, 2], ["polo", "#f0ece2", "#1f3a5f", "stripes"],
    "A slim-fit polo with navy stripes and a contrast collar tipping.", ["Cotton pique", "Slim fit"]),
  p("T-Shirts", "Twelve Clothing", "Oversized Drop Shoulder Tee", 790, [8, 14, 14, 8, 4], ["tshirt", "#b6a58a", "#3a3a3a"],
    "A relaxed, boxy tee with dropped shoulders.", ["Heavy cotton, 200 GSM", "Oversized fit"]),
  p("T-Shirts", "Easy", "Striped Cotton T-Shirt", 550, [12, 20, 20, 10, 0], ["tshirt", "#f4f4f2", "#c0392b", "stripes"],
    "Breton-style striped tee.", ["Cotton jersey"]),
  p("T-Shirts", "Infinity", "Henley T-Shirt", 850, [6, 12, 12, 7, 3], ["polo", "#7a8b5a", "#efe8d6"],
    "A long-line henley in slub cotton.", ["Slub cotton", "Three-button placket"]),
  p("T-Shirts", "Ecstasy", "Pique Polo Shirt", 1490, [4, 9, 9, 5, 2], ["polo", "#9b1c2c", "#f0ece2"],
    "A smart pique polo in deep red that holds its shape after many washes.", ["Cotton pique", "Regular fit"]),
  // Shirts
  p("Shirts", "Cats Eye", "Oxford Button-Down Shirt", 2250, [4, 10, 12, 7, 3], ["shirt", "#cfdcec", "#3b5b8c"],
    "A wardrobe staple: crisp oxford cotton with a button-down collar and chest pocket.",
    ["Oxford cotton", "Button-down collar", "Chest pocket"], { variants: ["#f4f1ea", "#e8c8c8"] }),
  p("Shirts", "Richman", "Checked Casual Shirt", 1890, [5, 11, 12, 6, 2], ["shirt", "#dce6f2", "#3b5b8c", "checks"],
    "Gingham check shirt in soft poplin for casual Fridays.", ["Cotton poplin", "Regular fit"]),
  p("Shirts", "Infinity", "Formal Slim Fit Shirt", 2150, [3, 9, 11, 6, 2], ["shirt", "#f6f6f4", "#8a8a8a"],
    "An easy-iron formal shirt with a slim cut and a spread collar.", ["Cotton rich, easy iron", "Slim fit"]),
  p("Shirts", "Le Reve", "Pure Linen Shirt", 2490, [2, 6, 8, 4, 1], ["shirt", "#e8dcc4", "#6b5a3a"],
    "Breathable pure linen shirt that softens with every wash.", ["100% linen", "Relaxed fit"], { detail: true }),
  p("Shirts", "Ecstasy", "Washed Denim Shirt", 2690, [3, 8, 8, 5, 0], ["shirt", "#5b7ca6", "#e0e6ee"],
    "Mid-wash denim shirt with snap buttons.", ["Cotton denim", "Regular fit"]),
  // Jeans
  p("Jeans", "Yellow", "Slim Fit Stretch Jeans", 2490, [5, 12, 14, 9, 3], ["jeans", "#34507a", "#d98a3a"],
    "Stretch denim jeans with a slim leg and a comfortable mid rise.",
    ["98% cotton, 2% elastane", "Five pockets", "Slim fit"], { variants: ["#2a2d3a"], detail: true }),
  p("Jeans", "Cats Eye", "Regular Fit Jeans", 2790, [3, 10, 12, 10, 4], ["jeans", "#2b3f63", "#d98a3a"],
    "A classic regular fit in rigid indigo denim that breaks in over time.", ["100% cotton denim", "Regular fit"]),
  p("Jeans", "Infinity", "Skinny Fit Jeans", 2290, [6, 12, 10, 5, 0], ["jeans", "#1e2433", "#c0c4c8"],
    "Black skinny jeans with high stretch.", ["Stretch denim", "Skinny fit"]),
  p("Jeans", "Sailor", "Straight Fit Jeans", 1990, [4, 9, 12, 8, 3], ["jeans", "#4a6a96", "#e0a050"],
    "Straight-leg jeans in a mid wash, cut for everyday comfort.", ["Cotton denim", "Straight fit"]),
  p("Jeans", "Richman", "Dark Wash Jeans", 2650, [2, 8, 10, 8, 4], ["jeans", "#1f2c4a", "#d98a3a"],
    "Dark rinse denim with clean finishing, smart enough for the office.", ["Cotton denim", "Slim straight fit"]),
  p("Jeans", "Easy", "Light Wash Jeans", 1799.5, [5, 10, 10, 6, 2], ["jeans", "#7d9cc4", "#d98a3a"],
    "Light wash jeans with a relaxed fit.", ["Cotton denim", "Relaxed fit"]),
  // Accessories
  p("Accessories", "Aarong", "Leather Tote Bag", 3850, [8], ["bag", "#8a5a3b", "#c8a24a"],
    "A roomy tote in vegetable-tanned cow leather with a magnetic clasp and an inner zip pocket.",
    ["Genuine leather", "Inner zip pocket", "Fits a 14-inch laptop"], { variants: ["#2f2f2f", "#b07a4a"] }),
  p("Accessories", "Le Reve", "Jute Handbag", 1450, [10], ["bag", "#c9a46b", "#6b3a2a"],
    "Golden jute handbag with leather trims, woven in Bangladesh.", ["Jute with leather trims"]),
  p("Accessories", "Apex", "Leather Bifold Wallet", 1250, [15], ["wallet", "#5a3a28", "#c8a24a"],
    "Slim bifold wallet in genuine leather with six card slots.", ["Genuine leather", "6 card slots"]),
  p("Accessories", "Richman", "Classic Leather Wallet", 990, [12], ["wallet", "#2a2a2a", "#b8babc"], "Black leather wallet."),
  p("Accessories", "Bay", "Formal Leather Belt", 950, [20], ["belt", "#4a2e1e", "#b8babc"],
    "Full-grain leather belt with a brushed steel buckle.", ["Genuine leather", "Adjustable, 30-40 inch waist"]),
  p("Accessories", "Regal", "Classic Analog Watch", 3250, [6], ["watch", "#3a2a20", "#c0c4c8"],
    "A minimal analog watch with a leather strap and a mineral glass face.",
    ["Japanese quartz movement", "Water resistant to 30 m", "One year warranty"], { detail: true }),
  p("Accessories", "Cats Eye", "Chronograph Steel Watch", 4990, [4], ["watch", "#2b2b2b", "#c9a227"],
    "Gold-tone case with a black strap.", ["Quartz chronograph"]),
  p("Accessories", "Aarong", "Nakshi Jute Shoulder Bag", 1190.5, [5], ["bag", "#d8b97a", "#7a1f2b"],
    "A handwoven jute bag with nakshi embroidery.", ["Jute and cotton"]),
];
