// What `npm run bench` measures (bench/run.mjs): each request with its
// kind (API, cached page, filled page, rendered page), its path for a
// catalogue of the bench's size, and the floor's equivalent.
/**
 * What is measured: one line per request. `kind` sets the goal (api: ≥ 50 %
 * of the floor's req/s, page: ≥ 33 %). Add a line to measure one more; `c`
 * holds productId, categoryId, lastPage and keyword of the seeded catalogue.
 */
export const TARGETS = [
  { name: "GET /api/products?pageNumber=2", kind: "api", path: () => "/api/products?pageNumber=2" },
  { name: "GET /api/products?pageNumber=last", kind: "api", path: (c) => `/api/products?pageNumber=${c.lastPage}` },
  { name: "GET /api/products?keyword=kw", kind: "api", path: (c) => `/api/products?keyword=${c.keyword}` },
  { name: "GET /api/products/id", kind: "api", path: (c) => `/api/products/${c.productId}` },
  { name: "GET / (home)", kind: "cached", path: () => "/" },
  { name: "GET /product/id", kind: "cached", path: (c) => `/product/${c.productId}` },
  { name: "GET /search/kw", kind: "cached", path: (c) => `/search/${c.keyword}` },
  { name: "GET /category/id", kind: "cached", path: (c) => `/category/${c.categoryId}` },
  // Search extras (issue 12). The floor has no typo correction or suggestions:
  // it answers the corrected word, and a keyword page for the prefix.
  { name: "GET /search/typo", kind: "cached", path: (c) => `/search/${c.typo}`, floorPath: (c) => `/search/${c.keyword}` },
  {
    name: "GET /api/products/suggest?q=",
    kind: "api",
    path: (c) => `/api/products/suggest?q=${c.prefix}`,
    floorPath: (c) => `/api/products?keyword=${c.prefix}`,
  },
  {
    name: "GET /category/id?sort=price-asc&size=M",
    kind: "cached",
    path: (c) => `/category/${c.categoryId}?sort=price-asc&size=M`,
    floorPath: (c) => `/category/${c.categoryId}`,
  },
  // The Bangla storefront (issue 20) is cached like the English one; the floor has one language.
  { name: "GET /bn (home in Bangla)", kind: "cached", path: () => "/bn", floorPath: () => "/" },
  { name: "GET /bn/product/id", kind: "cached", path: (c) => `/bn/product/${c.productId}`, floorPath: (c) => `/product/${c.productId}` },
];

/**
 * The same pages beside their cached figures: once rendered by a second shop
 * with the page cache off (what an anonymous MISS costs), and for a shopper
 * with a session: a guest's cookie carrying a cart, and a signed-in shopper
 * with the same cart. Both get the cached copy with their holes filled in
 * (issue 29, decision 069: goal 100 % of the floor, p99 < 50 ms).
 */
const RENDERED = ["GET / (home)", "GET /product/id", "GET /search/kw", "GET /category/id"];
for (const name of RENDERED) {
  const base = TARGETS.find((t) => t.name === name);
  TARGETS.push({ ...base, name: `${name} · cache off`, kind: "page", server: "uncached" });
  TARGETS.push({ ...base, name: `${name} · cookie + cart`, kind: "filled", cookie: "cart" });
  TARGETS.push({ ...base, name: `${name} · signed in + cart`, kind: "filled", cookie: "signedIn" });
}
