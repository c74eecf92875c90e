/** A page language code ("en", "bn"): kept as a string so utils/ stays free of i18n imports. */
type Lang = string;

// The colour filter's small helpers, zod- and server-free: the filter panel and chips run in the browser.

/** A colour's name in the page's language: the Bangla name on /bn when it has one. */
export function colourName(lang: Lang, colour: { value: string; nameBn: string | null }): string {
  return lang === "bn" && colour.nameBn ? colour.nameBn : colour.value;
}

/**
 * Whether the picked values name this colour: its English name in any case, or its Bangla name as
 * written (as the filter's SQL matches), so `?color=নেভি` ticks Navy's box and names its chip.
 */
export function hasColour(picked: string[] | undefined, colour: { value: string; nameBn: string | null }): boolean {
  const lower = colour.value.toLowerCase();
  return (picked ?? []).some((v) => v.toLowerCase() === lower || (colour.nameBn !== null && v === colour.nameBn));
}
