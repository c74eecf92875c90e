import { htmlToText, sanitizeHtml } from "~/models/platform/index.server";

// Products, categories and footer pages are written in English, with optional Bangla beside it
// (issue 20). A /bn page shows the Bangla where an admin wrote it, else the English; the API
// answers both as stored.

export { inLanguage } from "~/i18n/languages";

/**
 * Bangla rich text is cleaned like the English. Text that cleans down to no words (an emptied
 * editor's "<p></p>") is no Bangla at all, null, so the page shows the English instead of a blank.
 */
export function sanitizedOrNull(html: string | null): string | null {
  const clean = html === null ? "" : sanitizeHtml(html);
  return htmlToText(clean).trim() === "" ? null : clean;
}
