/** At most `max` characters, with an ellipsis when something was cut (the spec's 100-character previews). */
export function truncateText(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
