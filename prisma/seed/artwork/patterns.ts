import { lighter, paisley } from "./paint";

/** The fabric print laid over every patterned panel (as the SVG pattern `#pat`). */
export type Pattern = "plain" | "stripes" | "checks" | "buti" | "paisley";

export function patternDef(pattern: Pattern, accent: string): string {
  const colour = lighter(accent, 0.15);
  const open = (size: number) => `<pattern id="pat" width="${size}" height="${size}" patternUnits="userSpaceOnUse">`;
  switch (pattern) {
    case "stripes":
      return `${open(22)}<rect width="7" height="22" fill="${colour}" opacity="0.55"/></pattern>`;
    case "checks":
      // Gingham: two translucent bands crossing, darker where they overlap.
      return (
        `${open(36)}<rect width="36" height="12" fill="${colour}" opacity="0.35"/>` +
        `<rect width="12" height="36" fill="${colour}" opacity="0.35"/><rect x="24" width="2" height="36" fill="${colour}" opacity="0.5"/></pattern>`
      );
    case "buti":
      // Small woven flowers in a half-drop, as on jamdani or a kurti print.
      return `${open(40)}${flower(10, 10, 3.5, colour)}${flower(30, 30, 2.5, colour)}</pattern>`;
    case "paisley":
      return (
        `${open(48)}${paisley(14, 16, 0.8, colour, 0.75)}<circle cx="14" cy="18" r="2" fill="#fff" opacity="0.5"/>` +
        `${paisley(38, 40, 0.6, colour, 0.6)}</pattern>`
      );
    case "plain":
      return `${open(8)}</pattern>`;
  }
}

const flower = (x: number, y: number, r: number, fill: string) =>
  [0, 72, 144, 216, 288]
    .map((deg) => {
      const t = (deg * Math.PI) / 180;
      return `<circle cx="${(x + r * Math.cos(t)).toFixed(1)}" cy="${(y + r * Math.sin(t)).toFixed(1)}" r="${r * 0.55}" fill="${fill}" opacity="0.85"/>`;
    })
    .join("") + `<circle cx="${x}" cy="${y}" r="${r * 0.4}" fill="#fff" opacity="0.6"/>`;
