// /admin/productlist/{pageNumber}: the same screen as /admin/productlist. The
// trailing underscore keeps it a sibling, not a child, of that route.
export { action, ErrorBoundary, loader, meta, default } from "./admin.productlist";
