/**
 * A shopper-facing text with a variable part, carried with what a Bangla page
 * needs to say it too: its catalogue key (the English wording with
 * {{placeholders}}, app/locales/<lang>/messages.json) and the values. Numbers
 * stay numbers, so each language writes them in its own digits.
 */
export type MessageKey = { key: string; values: Record<string, string | number> };

/** The English text: the key with its values filled in, so the two cannot drift. */
export function englishText({ key, values }: MessageKey): string {
  return key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
