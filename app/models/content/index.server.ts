// The content domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to content; ESLint refuses imports of its other files from outside.
export { createFooterPage, footerPageDates, getFooterPage, updateFooterPage } from "./footer.server";
export { dropLayoutCache, getLayoutData } from "./layout.server";
