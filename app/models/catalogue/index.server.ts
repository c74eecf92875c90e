// The catalogue domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to catalogue; ESLint refuses imports of its other files from outside.
export { inLanguage, sanitizedOrNull } from "./bangla-text.server";
export { couponOffPaisa, discountedPaisa, orderTotals, toPaisa, toTaka } from "./pricing";
export type { CouponTerms } from "./pricing";
export { productNames, readProductRows } from "./product-read.server";
export { productDiscount, productInclude } from "./product.server";
export { createReview, hasReviewed } from "./review.server";
export { byStockKey, colorRefusal, lowStockSizes, readLineProducts, refuseShortStock, restockLines, shortStock, sizeStock, takeStock } from "./stock.server";
export { menuCategories } from "./category.server";
export { sitemapCategoryIds, sitemapProductCount, sitemapProducts } from "./sitemap.server";
export { pickVariant } from "./variants";
export type { LineProducts, StockLine } from "./stock.server";
