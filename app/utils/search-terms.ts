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
 * A searched word and what else it may be written as (the synonym table,
 * synonyms.server.ts): each synonym one word or a phrase of words, never the
 * word itself. `whole`: words of the table that PostgreSQL's text search
 * parser keeps as one lexeme each (Bangla words too, in a C-locale database),
 * so the word table can answer for them (catalogue-search.server.ts).
 */
export type SearchTerm = { word: string; synonyms: string[][]; whole?: ReadonlySet<string> };

/** The word alone, as a term with no synonyms. */
const asTerm = (t: string | SearchTerm): SearchTerm => (typeof t === "string" ? { word: t, synonyms: [] } : t);

/**
 * `to_tsquery('simple', …)` text: every word must match, longer ones as a
 * prefix ("panj" finds panjabi). While typing (suggestions) the last word is
 * always a prefix, however short: it is probably not finished. A word with
 * synonyms matches any of them, "(sari:* | saree:* | শাড়ি:*)", each as if it
 * had been typed; a phrase's words must follow each other ("t <-> shirt:*").
 */
export function tsQueryText(terms: (string | SearchTerm)[], { typing = false } = {}): string {
  const last = terms.length - 1;
  return terms
    .map((t, i) => {
      const { word, synonyms } = asTerm(t);
      const typed = matchesAsPrefix(word) || (typing && i === last) ? `${word}:*` : word;
      if (synonyms.length === 0) return typed;
      return `(${[typed, ...synonyms.map(phraseText)].join(" | ")})`;
    })
    .join(" & ");
}

/** A synonym as tsquery text: its words one after another, each matched as if typed ("t <-> shirt:*"). */
export function phraseText(words: string[]): string {
  return words.map((w) => (matchesAsPrefix(w) ? `${w}:*` : w)).join(" <-> ");
}

/**
 * Synonym groups as a lookup from each one-word term to the other terms of its
 * group. Terms are read as a search reads a keyword (searchWords), so "T-Shirt"
 * is the phrase "t shirt"; a phrase is looked up by nobody (a keyword is read
 * word by word) but is what its group's words also find. A term empty of words
 * is dropped; a group left with one term means nothing.
 */
export function synonymLookup(groups: string[][]): Map<string, string[][]> {
  const lookup = new Map<string, string[][]>();
  for (const group of groups) {
    const terms = uniqueTerms(group);
    if (terms.length < 2) continue;
    for (const term of terms) {
      if (term.length !== 1) continue;
      lookup.set(
        term[0]!,
        terms.filter((other) => other !== term),
      );
    }
  }
  return lookup;
}

/** Each term's words (see synonymLookup), without empty or repeated terms. */
function uniqueTerms(group: string[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const term of group) {
    const words = searchWords(term);
    if (words.length > 0) seen.set(words.join(" "), words);
  }
  return [...seen.values()];
}

/**
 * The words of a keyword with their synonyms. A word long enough to match as a
 * prefix also takes the synonyms of every one-word term it starts (issue 41
 * item 5): "shar" is half of shari and sharee, so it finds what they find, the
 * sarees; "jin" finds jeans through jins. The term it starts is not repeated:
 * the word's own prefix match finds it already.
 */
export function withSynonyms(words: string[], lookup: ReadonlyMap<string, string[][]>, whole?: ReadonlySet<string>): SearchTerm[] {
  return words.map((word) => ({ word, synonyms: synonymsOf(word, lookup), whole }));
}

function synonymsOf(word: string, lookup: ReadonlyMap<string, string[][]>): string[][] {
  const exact = lookup.get(word) ?? [];
  if (!matchesAsPrefix(word)) return exact;
  const found = new Map(exact.map((t) => [t.join(" "), t]));
  // Found by the word's own prefix match already: a one-word term it starts.
  const startsWithWord = (t: string[]) => t.length === 1 && t[0]!.startsWith(word);
  for (const [term, others] of lookup) {
    if (term === word || !term.startsWith(word)) continue;
    for (const t of others) if (t.join(" ") !== word && !startsWithWord(t)) found.set(t.join(" "), t);
  }
  return [...found.values()];
}

/** The key a term is compared by: its words as a search reads them ("T-Shirt" and "t shirt" are one term). */
export function termKey(term: string): string {
  return searchWords(term).join(" ");
}

/** Whether a searched word also finds the words it starts ("panj" finds panjabi). */
export function matchesAsPrefix(word: string): boolean {
  return [...word].length >= PREFIX_FROM;
}
