/**
 * Demo colours (issue 38 item 6): a dozen products sold in 2–3 colours, each with its English
 * and Bangla name, a swatch hex and pictures drawn by the same artwork as the rest of the seed.
 * A product's first colour is its catalogue colour, so its main picture stays what it was.
 * Each size's stock is split over the colours, so the seed API's `sizes` totals are unchanged.
 */
import type { Artwork } from "./artwork";

export interface ColourSeed {
  name: string;
  nameBn: string;
  hex: string;
  /** Trim colour for this colourway's picture; the product's own accent when absent. */
  accent?: string;
}

/** By product name (the seed ids in brackets, which follow catalogue order). */
export const COLOURS: Record<string, ColourSeed[]> = {
  // [2]
  "Slim Fit Solid Panjabi": [
    { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f" },
    { name: "Charcoal", nameBn: "চারকোল", hex: "#2f2f2f" },
    { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b" },
  ],
  // [3]
  "Jacquard Festive Panjabi": [
    { name: "Maroon", nameBn: "মেরুন", hex: "#7b2334" },
    { name: "Bottle Green", nameBn: "বোতল সবুজ", hex: "#1f4d3a" },
    { name: "Ivory", nameBn: "আইভরি", hex: "#efe6d2", accent: "#8c6a2f" },
  ],
  // [5]
  "Linen Blend Panjabi": [
    { name: "Olive", nameBn: "জলপাই", hex: "#6b6a3a" },
    { name: "Sand", nameBn: "বালু", hex: "#b9a27a", accent: "#4a3b22" },
  ],
  // [8]
  "Endi Silk Panjabi": [
    { name: "Off-white", nameBn: "অফ-হোয়াইট", hex: "#f2ead8" },
    { name: "Mustard", nameBn: "সরিষা হলুদ", hex: "#c9a03a", accent: "#5a3a1a" },
  ],
  // [12]
  "Printed Georgette Saree": [
    { name: "Pink", nameBn: "গোলাপি", hex: "#e8a0b0" },
    { name: "Sky Blue", nameBn: "আকাশি", hex: "#8fb8d8", accent: "#2d4a6b" },
    { name: "Mint", nameBn: "পুদিনা সবুজ", hex: "#9fd3b8", accent: "#2a6b4f" },
  ],
  // [13]
  "Half Silk Block Print Saree": [
    { name: "Marigold", nameBn: "গাঁদা হলুদ", hex: "#e0a030" },
    { name: "Rust", nameBn: "মরিচা", hex: "#b5532b", accent: "#f1d9a8" },
  ],
  // [17]
  "Printed Rayon Kurti": [
    { name: "Blue", nameBn: "নীল", hex: "#3b6aa0" },
    { name: "Maroon", nameBn: "মেরুন", hex: "#7a1f2b" },
    { name: "Teal", nameBn: "টিল", hex: "#2f7f7a" },
  ],
  // [18]
  "A-Line Viscose Kurti": [
    { name: "Bottle Green", nameBn: "বোতল সবুজ", hex: "#2e5e4e" },
    { name: "Black", nameBn: "কালো", hex: "#2a2a2e" },
  ],
  // [23]
  "Basic Crew Neck T-Shirt": [
    { name: "White", nameBn: "সাদা", hex: "#f4f4f2" },
    { name: "Black", nameBn: "কালো", hex: "#2a2a2a", accent: "#e8e8e6" },
    { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f", accent: "#e8e8e6" },
  ],
  // [24]
  "Graphic Print T-Shirt": [
    { name: "Denim Blue", nameBn: "ডেনিম নীল", hex: "#3b5b8c" },
    { name: "Grey", nameBn: "ধূসর", hex: "#8a8d91" },
  ],
  // [26]
  "Slim Fit Striped Polo": [
    { name: "Cream", nameBn: "ক্রিম", hex: "#f0ece2" },
    { name: "Navy", nameBn: "নেভি", hex: "#1f3a5f", accent: "#f0ece2" },
    { name: "Red", nameBn: "লাল", hex: "#9b1c2c", accent: "#f0ece2" },
  ],
  // [31]
  "Oxford Button-Down Shirt": [
    { name: "Light Blue", nameBn: "হালকা নীল", hex: "#cfdcec" },
    { name: "White", nameBn: "সাদা", hex: "#f6f6f4" },
    { name: "Pink", nameBn: "গোলাপি", hex: "#f0c8d0", accent: "#7a3b5a" },
  ],
};

/**
 * One size's stock over n colours: equal shares, the remainder to the first colours, so the
 * shares add up to the size's old quantity (and a scarce size is sold out in the last colours).
 */
export function splitStock(quantity: number, colours: number): number[] {
  const share = Math.floor(quantity / colours);
  return Array.from({ length: colours }, (_, i) => share + (i < quantity % colours ? 1 : 0));
}

/** Every demo colour has a distinct name within its product and a #rrggbb hex. */
export function checkColours(products: { name: string }[]) {
  const known = new Set(products.map((p) => p.name));
  for (const [product, colours] of Object.entries(COLOURS)) {
    if (!known.has(product)) throw new Error(`Colours for an unknown product: ${product}`);
    if (new Set(colours.map((c) => c.name.toLowerCase())).size !== colours.length) throw new Error(`${product}: two colours of one name`);
    for (const c of colours) if (!/^#[0-9a-f]{6}$/.test(c.hex)) throw new Error(`${product}: bad hex ${c.hex}`);
  }
}

/** The pictures of each colour after the first (whose pictures are the product's): main, then a close-up. */
export function colourArtworks(base: Artwork, colours: ColourSeed[], detail: boolean): Artwork[][] {
  return colours.slice(1).map((c) => {
    const art: Artwork = { ...base, colour: c.hex, accent: c.accent ?? base.accent };
    return detail ? [art, { ...art, detail: true }] : [art];
  });
}
