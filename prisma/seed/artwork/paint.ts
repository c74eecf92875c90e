/** Colour arithmetic and the small SVG pieces every product drawing is built from. */

const hex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, "0");
const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
/** Blends colour a toward b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return "#" + x.map((v, i) => hex(v + (y[i] - v) * t)).join("");
}
export const darker = (c: string, t = 0.35) => mix(c, "#000000", t);
export const lighter = (c: string, t = 0.5) => mix(c, "#ffffff", t);
export const luminance = (c: string) => {
  const [r, g, b] = rgb(c).map((v) => (v / 255) ** 2.2);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
export const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A fabric panel: base colour, pattern overlay and a soft light-to-shadow sheen. */
export function panel(d: string, fill: string, extra = "") {
  const line = darker(fill, 0.3);
  return (
    `<path d="${d}" fill="${fill}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"${extra}/>` +
    `<path d="${d}" fill="url(#pat)"/><path d="${d}" fill="url(#sheen)"/>`
  );
}
/** A panel without the fabric pattern: waistbands, flaps, leather. */
export const plainPanel = (d: string, fill: string) =>
  `<path d="${d}" fill="${fill}" stroke="${darker(fill, 0.3)}" stroke-width="2.5" stroke-linejoin="round"/>` + `<path d="${d}" fill="url(#sheen)"/>`;
export const buttons = (x: number, ys: number[], fill: string) =>
  ys.map((y) => `<circle cx="${x}" cy="${y}" r="4.5" fill="${fill}" stroke="${darker(fill, 0.4)}"/>`).join("");
export const stitch = (d: string, colour: string) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="6 5" stroke-linecap="round"/>`;
export const dots = (pts: [number, number][], r: number, fill: string) => pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`).join("");
/** A paisley (boteh) teardrop with its curled tip, centred on x,y. */
export const paisley = (x: number, y: number, s: number, fill: string, opacity = 1) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 10 C-9 10 -10 -2 -4 -7 C1 -11 8 -12 9 -18 C12 -8 10 10 0 10 Z" ` +
  `fill="${fill}" opacity="${opacity}"/>`;
