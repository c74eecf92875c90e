/** The shop's contact details: one source for the footer and the seeded information pages, so they never disagree. */
export const SHOP_CONTACT = {
  email: "hello@tanabana.example",
  phone: "+880 9612-345678",
  phoneHref: "tel:+8809612345678",
  address: "House 12, Road 5, Dhanmondi, Dhaka 1205",
  addressBn: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫",
} as const;
