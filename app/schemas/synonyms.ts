import { z } from "zod";

import { termKey } from "~/utils/search-terms";

// A synonym group as the admin types it at /admin/synonyms: terms that mean the
// same to a shopper, "sari, saree, shari, শাড়ি". Commas (or "=", ";", new lines)
// separate them. Whether a term is already in another group is the service's
// check (synonyms.server.ts), which sees the other groups.

export const MAX_TERMS = 20;
export const MAX_TERM_LENGTH = 40;
const MAX_TERM_WORDS = 3;

export const SYNONYMS_REQUIRED = "Enter at least two terms that mean the same, separated by commas";

/** The terms of a typed group: trimmed, lower case, spaces tidied, each once (by its words: "T-Shirt" = "t shirt"). */
export function splitTerms(text: string): string[] {
  const byKey = new Map<string, string>();
  for (const raw of text.normalize("NFC").split(/[,;=\n\r]+/)) {
    const term = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (!term) continue;
    const key = termKey(term) || term;
    if (!byKey.has(key)) byKey.set(key, term);
  }
  return [...byKey.values()];
}

export const synonymGroupSchema = z.object({
  terms: z
    .string({ required_error: SYNONYMS_REQUIRED, invalid_type_error: SYNONYMS_REQUIRED })
    .transform(splitTerms)
    .superRefine((terms, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      for (const term of terms) {
        const words = termKey(term).split(" ").filter(Boolean);
        if (words.length === 0) problem(`“${term}” has no letters or digits`);
        else if (term.length > MAX_TERM_LENGTH) problem(`“${term}” is too long: at most ${MAX_TERM_LENGTH} characters`);
        else if (words.length > MAX_TERM_WORDS) problem(`“${term}” is too long: a term is a word or a phrase of up to ${MAX_TERM_WORDS} words`);
      }
      if (terms.length < 2) problem(SYNONYMS_REQUIRED);
      if (terms.length > MAX_TERMS) problem(`At most ${MAX_TERMS} terms in one group`);
    }),
});

export type SynonymGroupInput = z.output<typeof synonymGroupSchema>;
