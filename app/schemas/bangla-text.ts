import { z } from "zod";

// Optional Bangla text beside an English field (issue 20): /bn pages show it, or the English when
// there is none. Empty or only spaces means "no Bangla" and is stored as null; as with the English
// fields, a PUT replaces, so a field left out is null too.

const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

/** A parsed input whose Bangla fields a caller in code (a seed, a test) may leave out: they are then null. */
export type BanglaOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** A Bangla name or title: trimmed, at most `max` characters. */
export function banglaLine(label: string, max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );
}

/** Bangla rich text (HTML, sanitized by the service like the English), at most `max` characters. */
export function banglaRichText(label: string, max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} is too long`)
      .nullable(),
  );
}
