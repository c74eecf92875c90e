import type { ListOptions } from "~/schemas/catalogue";
import { catalogueDb } from "~/models/platform/index.server";

import { correctWords, countMatches, withSynonymsOnly } from "./catalogue-search.server";
import { searchWords, tsQueryText } from "../../utils/search-terms";
import { searchTerms } from "./synonyms.server";

// "Did you mean …" on a search that found nothing (issue 28 item 23). Asked only
// then, so it may do more than the search itself: it is the rare page.

/** Counted no further: enough to choose between a few ways to say it. */
const COUNT_UP_TO = 100;
/** With more words than this, leaving one out is not tried (each try is a count). */
const MAX_WORDS_TO_DROP = 5;

type Where = { categoryId?: number; options?: ListOptions };

const matches = async (where: Where, words: string[]) => countMatches(where, tsQueryText(await searchTerms(words)), COUNT_UP_TO);

/**
 * Other words that find something in the same list (category and filters),
 * or null. Each misspelt word is corrected (as the automatic correction does
 * for Latin letters; for Bangla, which has no trigrams here, the closest word
 * of the catalogue starting with the same letter) and every word left out that
 * finds nothing even on its own ("jamdani qqq" → "jamdani"). If the rest still
 * finds nothing together, one word is left out, whichever leaves the most
 * products ("red jamdani saree" → "jamdani saree"; the first such word on a tie).
 * Never what was typed.
 */
export async function didYouMean(q: { keyword: string } & Where): Promise<string | null> {
  const words = searchWords(q.keyword);
  if (words.length === 0) return null;
  const known = withSynonymsOnly(await searchTerms(words));
  const latin = (await correctWords(words, known)) ?? words;
  const bangla = await correctBangla(latin.filter((w) => !known.has(w) && /[\u0980-\u09FF]/.test(w)));
  const corrected = [...new Set(latin.map((w) => bangla.get(w) ?? w))];
  const alone = await Promise.all(corrected.map(async (w) => ((await matches({}, [w])) > 0 ? w : null)));
  const kept = alone.filter((w): w is string => w !== null);
  const typed = words.join(" ");
  if (kept.length === 0) return null;
  if (kept.join(" ") !== typed && (await matches(q, kept)) > 0) return kept.join(" ");
  if (kept.length < 2 || kept.length > MAX_WORDS_TO_DROP) return null;
  const shorter = kept.map((_, i) => kept.filter((_, j) => j !== i));
  const counts = await Promise.all(shorter.map((ws) => matches(q, ws)));
  const best = counts.reduce((b, n, i) => (n > counts[b]! ? i : b), 0);
  return counts[best]! > 0 ? shorter[best]!.join(" ") : null;
}

/**
 * The closest catalogue word (SearchWord) to each Bangla word that is not one:
 * same first letter, as few edits away as the typo correction allows (1 for up
 * to 4 letters, 2 up to 8, 3 beyond: Levenshtein counts letters, not bytes), fewest first. Words of the catalogue, or with no close one, are left out.
 */
async function correctBangla(words: string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await catalogueDb.$queryRaw<{ word: string; corrected: string | null }[]>`
    SELECT q.word, CASE WHEN EXISTS (SELECT 1 FROM "SearchWord" w WHERE w.word = q.word) THEN NULL ELSE (
      SELECT w.word FROM "SearchWord" w
      WHERE w.word >= left(q.word, 1) AND w.word < left(q.word, 1) || chr(1114111)
        AND abs(length(w.word) - length(q.word)) <= 3
        AND levenshtein(w.word, q.word) <= CASE WHEN length(q.word) <= 4 THEN 1 WHEN length(q.word) <= 8 THEN 2 ELSE 3 END
      ORDER BY levenshtein(w.word, q.word), length(w.word), w.word LIMIT 1) END AS corrected
    FROM unnest(${words}::text[]) AS q(word)`;
  return new Map(rows.filter((r) => r.corrected).map((r) => [r.word, r.corrected!]));
}
