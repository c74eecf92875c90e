import { SHOP_CONTACT } from "../../app/utils/contact";

const MAIL = `<a href="mailto:${SHOP_CONTACT.email}">${SHOP_CONTACT.email}</a>`;

/** Seed people, reviews, discounts, footer pages and sample orders. Products are referred to by name. */

export interface UserSeed {
  name: string;
  email: string;
  password: string;
  isAdmin?: boolean;
}

export const USERS: UserSeed[] = [
  { name: "Admin User", email: "admin@example.com", password: "admin12345", isAdmin: true },
  { name: "Rahim Uddin", email: "shopper@example.com", password: "shopper12345" },
  { name: "Fatema Akter", email: "fatema@example.com", password: "shopper12345" },
  { name: "Tanvir Hasan", email: "tanvir@example.com", password: "shopper12345" },
  { name: "Nusrat Jahan", email: "nusrat@example.com", password: "shopper12345" },
];

export interface ReviewSeed {
  email: string;
  product: string;
  rating: number;
  comment: string;
  daysAgo: number;
}

const r = (email: string, product: string, rating: number, comment: string, daysAgo: number): ReviewSeed => ({
  email,
  product,
  rating,
  comment,
  daysAgo,
});
const RAHIM = "shopper@example.com";
const FATEMA = "fatema@example.com";
const TANVIR = "tanvir@example.com";
const NUSRAT = "nusrat@example.com";

export const REVIEWS: ReviewSeed[] = [
  r(RAHIM, "Nakshi Embroidered Cotton Panjabi", 5, "Wore it for Eid namaz, the embroidery is really fine and the cotton stays cool.", 34),
  r(TANVIR, "Nakshi Embroidered Cotton Panjabi", 4, "Beautiful work. Size runs a little large, order one size down.", 28),
  r(NUSRAT, "Nakshi Embroidered Cotton Panjabi", 5, "Bought it for my husband, he loved it.", 12),
  r(RAHIM, "Slim Fit Stretch Jeans", 4, "Good stretch and fit. Colour faded slightly after a few washes.", 30),
  r(TANVIR, "Slim Fit Stretch Jeans", 5, "Best jeans I have bought in Dhaka at this price.", 9),
  r(FATEMA, "Handloom Jamdani Saree", 5, "Original jamdani, soft and light. Worth every taka.", 25),
  r(NUSRAT, "Handloom Jamdani Saree", 4, "Lovely weave, delivery took four days to Sylhet.", 7),
  r(FATEMA, "Embroidered Cotton Kurti", 4, "Nice fabric and stitching, the pink is a bit brighter than the photo.", 20),
  r(NUSRAT, "Embroidered Cotton Kurti", 3, "Good kurti but the sleeves are shorter than I expected.", 5),
  r(RAHIM, "Basic Crew Neck T-Shirt", 4, "Simple and comfortable, bought three colours.", 18),
  r(TANVIR, "Basic Crew Neck T-Shirt", 2, "Shrank after the first wash. Order a size up.", 15),
  r(TANVIR, "Classic Polo Shirt", 5, "Collar keeps its shape, fabric is thick. Very happy.", 11),
  r(FATEMA, "Rajshahi Silk Saree", 5, "Wore it at my cousin's holud, got so many compliments!", 14),
  r(RAHIM, "Classic Analog Watch", 4, "Looks more expensive than it is. Strap is a little stiff at first.", 22),
  r(NUSRAT, "Leather Tote Bag", 5, "Solid leather and my laptop fits easily.", 3),
  r(FATEMA, "Oxford Button-Down Shirt", 4, "Bought for my brother, good quality oxford.", 8),
];

export type DiscountSeed = { percentage: number; isActive: boolean } & ({ product: string } | { category: string });

export const DISCOUNTS: DiscountSeed[] = [
  { product: "Slim Fit Stretch Jeans", percentage: 20, isActive: true },
  { category: "Saree", percentage: 10, isActive: true },
  // Inactive, so the admin list shows both states and the price logic must skip it.
  { category: "T-Shirts", percentage: 15, isActive: false },
];

/** Each page in English and in Bangla (issue 28 item 20: written for a Bangla reader, docs/bangla-style.md). */
export const FOOTER_PAGES: { title: string; description: string; titleBn: string; descriptionBn: string }[] = [
  {
    title: "About Us",
    description:
      // No heading of its own at the top: the page already shows the title as its h1.
      "<p>We are a Dhaka-based online shop bringing together clothing from Bangladesh's favourite brands and " +
      "independent weavers: panjabis, sarees, kurtis and everyday wear, delivered to your door anywhere in the country.</p>" +
      "<h3>What we believe in</h3>" +
      "<ul><li><strong>Local craft:</strong> jamdani, tant, endi and kantha from the artisans who make them.</li>" +
      // Prices are shown without VAT, so the page must not promise they are all one pays (issue 28 item 7).
      "<li><strong>Clear prices:</strong> 15 % VAT is added at checkout, and delivery (৳10, free when your items come to more than ৳100). Nothing else.</li>" +
      "<li><strong>Cash on delivery:</strong> pay only when your parcel arrives.</li></ul>" +
      "<p>Questions? Write to " +
      MAIL +
      ".</p>",
    titleBn: "আমাদের কথা",
    descriptionBn:
      "<p>আমরা ঢাকার একটি অনলাইন শপ। বাংলাদেশের প্রিয় ব্র্যান্ড আর স্বাধীন তাঁতিদের পোশাক আমরা এক জায়গায় এনেছি: " +
      "পাঞ্জাবি, শাড়ি, কুর্তি আর রোজকার পোশাক। দেশের যেকোনো জায়গায় আপনার দরজায় পৌঁছে দিই।</p>" +
      "<h3>আমরা যা মেনে চলি</h3>" +
      "<ul><li><strong>দেশি কারুকাজ:</strong> জামদানি, তাঁত, এন্ডি আর কাঁথা, সরাসরি যাঁদের হাতে তৈরি সেই কারিগরদের কাছ থেকে।</li>" +
      "<li><strong>পরিষ্কার দাম:</strong> পণ্যের দামের সঙ্গে ১৫% ভ্যাট চেকআউটে যোগ হয়, আর ডেলিভারি চার্জ (৳১০; পণ্যের দাম ৳১০০-এর বেশি হলে ফ্রি)। এর বাইরে কোনো খরচ নেই।</li>" +
      "<li><strong>ক্যাশ অন ডেলিভারি:</strong> পার্সেল হাতে পেয়ে তবেই টাকা দিন।</li></ul>" +
      "<p>কোনো প্রশ্ন থাকলে " +
      MAIL +
      " ঠিকানায় লিখুন।</p>",
  },
  {
    title: "Returns & Exchanges",
    description:
      "<p>If something does not fit or is not what you expected, you can return or exchange it within " +
      "<strong>7 days</strong> of delivery.</p>" +
      "<h3>How it works</h3>" +
      "<ol><li>E-mail " +
      MAIL +
      " with your order number.</li>" +
      "<li>Pack the item unworn and unwashed, with its tags attached.</li>" +
      "<li>Our courier collects it; we exchange it or refund you by bKash or bank transfer within 5 working days.</li></ol>" +
      "<h3>What we cannot take back</h3>" +
      "<ul><li>Sarees with the fall or pico already done</li><li>Items bought on clearance</li>" +
      "<li>Innerwear and accessories that have been used</li></ul>",
    titleBn: "রিটার্ন ও এক্সচেঞ্জ",
    descriptionBn:
      "<p>কোনো পণ্য মাপে না হলে বা যেমন ভেবেছিলেন তেমন না হলে, ডেলিভারির <strong>৭ দিনের</strong> মধ্যে " +
      "ফেরত দিতে বা বদলে নিতে পারবেন।</p>" +
      "<h3>যেভাবে করবেন</h3>" +
      "<ol><li>অর্ডার নম্বরসহ " +
      MAIL +
      " ঠিকানায় ইমেইল করুন।</li>" +
      "<li>পণ্যটি না পরে, না ধুয়ে, ট্যাগসহ প্যাক করে রাখুন।</li>" +
      "<li>আমাদের কুরিয়ার এসে নিয়ে যাবে। আমরা পণ্যটি বদলে দেব, অথবা ৫ কর্মদিবসের মধ্যে বিকাশ বা ব্যাংক ট্রান্সফারে টাকা ফেরত দেব।</li></ol>" +
      "<h3>যা ফেরত নেওয়া হয় না</h3>" +
      "<ul><li>ফলস বা পিকো করা শাড়ি</li><li>ক্লিয়ারেন্স সেলে কেনা পণ্য</li>" +
      "<li>ব্যবহার করা অন্তর্বাস ও অ্যাকসেসরিজ</li></ul>",
  },
  {
    title: "Contact Us",
    description:
      "<p>Our customer care team is available from <strong>10 am to 8 pm, Saturday to Thursday</strong>.</p>" +
      `<ul><li>Phone: ${SHOP_CONTACT.phone}</li>` +
      "<li>E-mail: " +
      MAIL +
      "</li>" +
      `<li>Address: ${SHOP_CONTACT.address}</li></ul>` +
      "<p>For order questions please include your order number so we can help you faster.</p>",
    titleBn: "যোগাযোগ",
    descriptionBn:
      "<p>আমাদের কাস্টমার কেয়ার টিম <strong>শনিবার থেকে বৃহস্পতিবার, সকাল ১০টা থেকে রাত ৮টা</strong> পর্যন্ত আপনার পাশে আছে।</p>" +
      `<ul><li>ফোন: ${SHOP_CONTACT.phone}</li>` +
      "<li>ইমেইল: " +
      MAIL +
      "</li>" +
      `<li>ঠিকানা: ${SHOP_CONTACT.addressBn}</li></ul>` +
      "<p>অর্ডার নিয়ে কিছু জানতে চাইলে অর্ডার নম্বরটি লিখে দিন, তাহলে আরও তাড়াতাড়ি সাহায্য করতে পারব।</p>",
  },
];

export interface OrderSeed {
  /** A registered customer's e-mail, or null for a guest order. */
  userEmail: string | null;
  shipping: { name: string; email: string; address: string; city: string; postalCode: string; phone: string };
  deliveryLabel: "Home" | "Office";
  daysAgo: number;
  paidAndDelivered: boolean;
  items: { product: string; size: string; qty: number }[];
}

const RAHIM_HOME = {
  name: "Rahim Uddin",
  email: RAHIM,
  address: "House 12, Road 5, Dhanmondi",
  city: "Dhaka",
  postalCode: "1205",
  phone: "01712345678",
};

export const ORDERS: OrderSeed[] = [
  {
    userEmail: RAHIM,
    shipping: RAHIM_HOME,
    deliveryLabel: "Home",
    daysAgo: 40,
    paidAndDelivered: true,
    items: [
      { product: "Nakshi Embroidered Cotton Panjabi", size: "L", qty: 1 },
      { product: "Basic Crew Neck T-Shirt", size: "L", qty: 3 },
    ],
  },
  {
    userEmail: RAHIM,
    shipping: RAHIM_HOME,
    deliveryLabel: "Home",
    daysAgo: 12,
    paidAndDelivered: false,
    items: [{ product: "Slim Fit Stretch Jeans", size: "32", qty: 2 }],
  },
  {
    userEmail: RAHIM,
    shipping: { ...RAHIM_HOME, address: "Level 7, Rangs Nasim Square, Road 2, Dhanmondi" },
    deliveryLabel: "Office",
    daysAgo: 4,
    paidAndDelivered: false,
    items: [
      { product: "Tangail Cotton Saree", size: "Free Size", qty: 1 },
      { product: "Classic Analog Watch", size: "Free Size", qty: 1 },
      { product: "Printed Short Fatua", size: "M", qty: 2 },
    ],
  },
  {
    userEmail: null,
    deliveryLabel: "Office",
    daysAgo: 2,
    paidAndDelivered: false,
    shipping: {
      name: "Karim Ahmed",
      email: "karim.ahmed@example.com",
      address: "Flat 4B, 27 Agrabad C/A",
      city: "Chattogram",
      postalCode: "4100",
      phone: "01819876543",
    },
    items: [{ product: "Embroidered Cotton Kurti", size: "M", qty: 1 }],
  },
];
