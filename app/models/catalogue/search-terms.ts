// How a shopper's keyword becomes a PostgreSQL full-text query. Pure, so it is
// tested without a database and shared by the list and the suggestions.

/** More words than this add nothing a shopper would notice, only cost. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Shorter words match exactly: "t" in "t-shirt" must not mean "every word starting with t". */
const PREFIX_FROM = 3;

/**
 * The words of a keyword: letters, digits and combining marks (Bangla vowel
 * signs are marks), lower-cased. Everything else separates words, so no
 * character can act as a tsquery operator and "50%" or "a_b" mean their words.
 * A NUL is dropped, not a separator: no stored text holds one (likeTerm does the same).
 */
export function searchWords(keyword: string | null | undefined): string[] {
  const words = (keyword ?? "")
    .replaceAll("\u0000", "")
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * `to_tsquery('simple', …)` text: every word must match, longer ones as a
 * prefix ("panj" finds panjabi). While typing (suggestions) the last word is
 * always a prefix, however short: it is probably not finished.
 */
export function tsQueryText(words: string[], { typing = false } = {}): string {
  const last = words.length - 1;
  return words.map((w, i) => (matchesAsPrefix(w) || (typing && i === last) ? `${w}:*` : w)).join(" & ");
}

/** Whether a searched word also finds the words it starts ("panj" finds panjabi). */
export function matchesAsPrefix(word: string): boolean {
  return [...word].length >= PREFIX_FROM;
}
