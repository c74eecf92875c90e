// Rich text is written by admins in the editor, where "Heading 3" is simply the
// size they liked: a footer page's text often starts at h3 right under the
// page's h1, which leaves a hole in a screen reader's outline (axe
// heading-order, issue 41 item 5). Its headings are renumbered from h2 down,
// one level per level used, keeping their order; `top` is the level the text
// started at, so the page can keep the look the admin chose.

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

export function outlineUnderTitle(html: string): { html: string; top: number | null } {
  const levels = [...new Set([...html.matchAll(HEADING_TAG)].map((m) => Number(m[2])))].sort((a, b) => a - b);
  if (levels.length === 0) return { html, top: null };
  const to = new Map(levels.map((level, i) => [level, Math.min(2 + i, 6)]));
  return { html: html.replace(HEADING_TAG, (_, close: string, level: string) => `<${close}h${to.get(Number(level))}`), top: levels[0]! };
}
