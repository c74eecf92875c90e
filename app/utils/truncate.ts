/**
 * At most `max` characters, with an ellipsis when something was cut (the spec's
 * 100-character previews). A cut that falls just after a full stop (". ", "। ")
 * drops the stop, so the preview never reads "cotton.…" (issue 28 item 19).
 */
export function truncateText(text: string, max = 100): string {
  return text.length > max
    ? `${text
        .slice(0, max)
        .trimEnd()
        .replace(/[.।,;:]+$/u, "")}…`
    : text;
}
