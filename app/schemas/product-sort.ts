// The admin product list's sort orders (?sort=); shared by the page and its service.
export const PRODUCT_SORTS = ["id", "stock-asc", "stock-desc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
