import DOMPurify from "isomorphic-dompurify";

// Rich text (product descriptions, footer pages) is written by admins in Tiptap
// and shown to everyone, so it is cleaned on save with an allow-list: only the
// formatting the editor produces survives, never scripts, handlers or styles.

const ALLOWED_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
  "a",
];
// Only web and mail links: relative links, anchors and every other scheme lose their href.
const SAFE_URI = /^(?:https?:|mailto:)/i;

// Pages clean descriptions again on every render (rows written around the
// service must be safe too), and one DOMPurify pass costs ~3 ms of blocked
// event loop. The output depends only on the input, so recent results are
// remembered; the bound keeps memory small (descriptions are a few KB).
const MEMO_LIMIT = 500;
const memo = new Map<string, string>();

export function sanitizeHtml(html: string): string {
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = purify(html);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(html, clean);
  return clean;
}

function purify(html: string): string {
  // A fragment rather than a string, so links can be finished without a global
  // DOMPurify hook (the instance is shared with the rest of the app).
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href", "title"],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Besides DOMPurify's defaults (script, style, iframe, svg…), drop these tags' content too.
    ADD_FORBID_CONTENTS: ["object", "embed", "textarea", "select", "button"],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of Array.from(fragment.querySelectorAll("a[href]"))) a.setAttribute("rel", "noopener noreferrer");
  const container = fragment.ownerDocument.createElement("div");
  container.appendChild(fragment);
  return container.innerHTML.trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

// Ends of blocks: in one line of text they must still read as separate
// sentences, or a heading runs into its paragraph ("Who we are We are…").
const BLOCK_END = /<\s*(?:br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre|\/div)\s*\/?>/gi;
const BLOCK_MARK = "\u0000";

/** Plain text of (sanitized) HTML, one line: for truncated previews and meta descriptions. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(BLOCK_END, BLOCK_MARK)
      .replace(/<[^>]*>/g, "")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
        if (code[0] === "#") {
          const n = code[1]?.toLowerCase() === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
          return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
        }
        return ENTITIES[code.toLowerCase()] ?? whole;
      })
      .split(BLOCK_MARK)
      .map((block) => block.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      // A block followed by another that ends without punctuation (a heading, a list item) gets its
      // language's full stop; one that already ends a sentence (with a stop or a দাঁড়ি) gets none.
      .map((block, i, all) => (i === all.length - 1 || SENTENCE_END.test(block) ? block : `${block}${fullStop(block)}`))
      .join(" ")
  );
}

/** Marks that already end a sentence: Latin punctuation, the ellipsis, the দাঁড়ি and double দাঁড়ি. */
const SENTENCE_END = /[.!?:;…।॥]$/;
const BANGLA_SCRIPT = /[\u0980-\u09ff]/;

/**
 * The full stop of the block's own language: the দাঁড়ি "।" for Bangla text,
 * "." otherwise. Read from the block, not the page: a Bangla page shows the
 * English description of a product that has no Bangla one (issue 28 item 19).
 */
function fullStop(block: string): string {
  return BANGLA_SCRIPT.test(block) ? "।" : ".";
}
