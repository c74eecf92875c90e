/**
 * Product pictures for the seed: a stylised garment or accessory on a soft
 * studio background with the brand name, drawn as SVG (600 × 600 user units,
 * rendered at 1200 px). Real raster pictures let the image pipeline, srcset and
 * page layout be exercised without shipping photos in the repository. Each kind
 * has its own silhouette so a grid of cards reads at a glance.
 */

import { buttons, darker, dots, esc, lighter, luminance, mix, panel, plainPanel, stitch } from "./artwork/paint";
import { patternDef, type Pattern } from "./artwork/patterns";
import { saree } from "./artwork/saree";

export type { Pattern };
export { mix };

export type GarmentKind = "panjabi" | "fatua" | "kurti" | "saree" | "tshirt" | "polo" | "shirt" | "jeans" | "bag" | "watch" | "wallet" | "belt";

export interface Artwork {
  kind: GarmentKind;
  /** Main fabric colour, #rrggbb. */
  colour: string;
  /** Trim, embroidery or border colour, #rrggbb. */
  accent: string;
  pattern?: Pattern;
  brand: string;
  /** A zoomed-in crop, used as an extra "detail" picture. */
  detail?: boolean;
}

function longTop(c: string, a: string, hem: number, flare: number, cuffY: number, women: boolean) {
  const sleeveOut = women ? 175 : 158;
  const body =
    `M268 96 L206 116 Q186 124 180 150 L${sleeveOut} ${cuffY} L${sleeveOut + 40} ${cuffY + 6} L222 190 ` +
    `L${214 - flare} ${hem} Q300 ${hem + 10} ${386 + flare} ${hem} L378 190 ` +
    `L${600 - sleeveOut - 40} ${cuffY + 6} L${600 - sleeveOut} ${cuffY} L420 150 Q414 124 394 116 L332 96 Q300 112 268 96 Z`;
  const cuffs = [
    `M${sleeveOut + 1} ${cuffY - 14} L${sleeveOut + 41} ${cuffY - 8} L${sleeveOut + 40} ${cuffY + 6} L${sleeveOut} ${cuffY} Z`,
    `M${599 - sleeveOut} ${cuffY - 14} L${559 - sleeveOut} ${cuffY - 8} L${560 - sleeveOut} ${cuffY + 6} L${600 - sleeveOut} ${cuffY} Z`,
  ]
    .map((d) => `<path d="${d}" fill="${a}" opacity="0.9"/>`)
    .join("");
  const hemBand =
    `<path d="M${214 - flare} ${hem} Q300 ${hem + 10} ${386 + flare} ${hem} L${385 + flare} ${hem - 16} ` +
    `Q300 ${hem - 6} ${215 - flare} ${hem - 16} Z" fill="${a}" opacity="0.9"/>`;
  const slits =
    `<path d="M${217 - flare} ${hem - 2} L${222 - flare * 0.8} ${hem - 55} M${383 + flare} ${hem - 2} ` +
    `L${378 + flare * 0.8} ${hem - 55}" stroke="${darker(c, 0.3)}" stroke-width="2"/>`;
  const neck = women
    ? `<path d="M268 96 Q300 150 332 96 Q300 112 268 96 Z" fill="${darker(c, 0.25)}"/>` +
      `<path d="M256 100 Q300 185 344 100" fill="none" stroke="${a}" stroke-width="9" stroke-linecap="round"/>` +
      dots(
        [
          [262, 128],
          [338, 128],
          [276, 150],
          [324, 150],
        ],
        5,
        a,
      ) +
      // A kurti's short keyhole placket under the embroidered neck.
      `<rect x="293" y="140" width="14" height="70" rx="3" fill="${lighter(c, 0.12)}" stroke="${darker(c, 0.3)}" stroke-width="2"/>` +
      buttons(300, [158, 180, 200], a)
    : `<path d="M268 96 Q300 108 332 96 L332 82 Q300 92 268 82 Z" fill="${c}" stroke="${darker(c, 0.3)}" stroke-width="2.5"/>` +
      `<rect x="290" y="104" width="20" height="120" rx="3" fill="${lighter(c, 0.15)}" stroke="${darker(c, 0.3)}" stroke-width="2"/>` +
      buttons(300, [122, 150, 178, 206], a) +
      `<path d="M282 104 L282 232 M318 104 L318 232" stroke="${a}" stroke-width="3" stroke-dasharray="2 6" stroke-linecap="round"/>`;
  return panel(body, c) + cuffs + hemBand + slits + neck;
}

function tee(c: string, a: string, polo: boolean, brand: string) {
  const word = brand.split(" ")[0].toUpperCase().slice(0, 8);
  const body = "M242 96 Q300 128 358 96 L420 118 L476 188 L428 220 L400 190 L402 462 Q300 470 198 462 L200 190 " + "L172 220 L124 188 L180 118 Z";
  const collar = polo
    ? `<path d="M242 96 L300 150 L280 170 L236 112 Z M358 96 L300 150 L320 170 L364 112 Z" fill="${lighter(c, 0.2)}" ` +
      `stroke="${darker(c, 0.3)}" stroke-width="2.5"/><rect x="292" y="150" width="16" height="62" rx="3" ` +
      `fill="${lighter(c, 0.1)}" stroke="${darker(c, 0.3)}" stroke-width="2"/>` +
      buttons(300, [168, 194], a) +
      `<path d="M124 188 L172 220" stroke="${a}" stroke-width="8"/><path d="M476 188 L428 220" stroke="${a}" stroke-width="8"/>`
    : `<path d="M242 96 Q300 128 358 96" fill="none" stroke="${a}" stroke-width="9" stroke-linecap="round"/>` +
      `<circle cx="300" cy="262" r="46" fill="none" stroke="${a}" stroke-width="6"/>` +
      `<text x="300" y="270" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.min(22, Math.floor(108 / word.length))}" ` +
      `fill="${a}" text-anchor="middle">${esc(word)}</text>`;
  return panel(body, c) + collar;
}

function shirt(c: string, a: string) {
  const body =
    "M250 98 L206 116 Q186 124 180 150 L152 340 L190 346 L222 190 L216 462 Q300 470 384 462 L378 190 " +
    "L410 346 L448 340 L420 150 Q414 124 394 116 L350 98 Z";
  return (
    panel(body, c) +
    `<path d="M250 98 L300 140 L268 168 L242 110 Z M350 98 L300 140 L332 168 L358 110 Z" fill="${lighter(c, 0.25)}" ` +
    `stroke="${darker(c, 0.3)}" stroke-width="2.5"/>` +
    `<path d="M300 140 L300 464" stroke="${darker(c, 0.3)}" stroke-width="2"/>` +
    buttons(308, [168, 216, 264, 312, 360, 408], a) +
    plainPanel("M328 196 L368 196 L368 240 Q348 250 328 240 Z", c) +
    `<path d="M152 340 L190 346 L192 330 L155 324 Z M448 340 L410 346 L408 330 L445 324 Z" fill="${darker(c, 0.1)}"/>`
  );
}

function jeans(c: string, a: string) {
  const body = "M218 92 L382 92 L396 470 L316 474 L300 196 L284 474 L204 470 Z";
  return (
    panel(body, c) +
    plainPanel("M216 92 L384 92 L385 118 L215 118 Z", darker(c, 0.08)) +
    [232, 266, 334, 368].map((x) => `<rect x="${x - 4}" y="88" width="8" height="34" rx="2" fill="${darker(c, 0.15)}"/>`).join("") +
    `<circle cx="300" cy="105" r="6" fill="#c8a24a" stroke="#8a6d27"/>` +
    stitch("M300 118 L300 180 Q296 196 278 198 L266 196", a) +
    stitch("M226 124 Q258 128 268 160", a) +
    stitch("M374 124 Q342 128 332 160", a) +
    stitch("M212 448 L290 452 M388 448 L310 452", a) +
    stitch("M220 120 L210 466 M380 120 L390 466", a) +
    dots(
      [
        [226, 128],
        [374, 128],
      ],
      3.5,
      "#c8a24a",
    )
  );
}

function bag(c: string, a: string) {
  return (
    `<path d="M236 210 Q236 110 300 110 Q364 110 364 210" fill="none" stroke="${darker(c, 0.25)}" stroke-width="14" ` +
    `stroke-linecap="round"/>` +
    panel("M176 212 L424 212 L448 452 Q300 466 152 452 Z", c) +
    plainPanel("M176 212 L424 212 L418 282 Q300 300 182 282 Z", darker(c, 0.12)) +
    `<rect x="286" y="272" width="28" height="30" rx="5" fill="${a}" stroke="${darker(a, 0.4)}" stroke-width="2"/>` +
    stitch("M186 226 L414 226 M166 438 Q300 452 434 438", lighter(c, 0.45))
  );
}

function watch(c: string, a: string, brand: string) {
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const t = (i * Math.PI) / 6;
    const [r1, r2] = i % 3 === 0 ? [60, 76] : [68, 76];
    return (
      `<line x1="${300 + r1 * Math.sin(t)}" y1="${290 - r1 * Math.cos(t)}" x2="${300 + r2 * Math.sin(t)}" ` +
      `y2="${290 - r2 * Math.cos(t)}" stroke="#333" stroke-width="${i % 3 === 0 ? 4 : 2}"/>`
    );
  }).join("");
  return (
    plainPanel("M262 70 L338 70 L330 200 L270 200 Z", c) +
    plainPanel("M270 380 L330 380 L338 500 L262 500 Z", c) +
    [100, 130, 420, 450].map((y) => `<line x1="270" y1="${y}" x2="330" y2="${y}" stroke="${darker(c, 0.3)}" stroke-width="2"/>`).join("") +
    `<rect x="388" y="278" width="18" height="24" rx="4" fill="${a}"/>` +
    `<circle cx="300" cy="290" r="100" fill="${a}" stroke="${darker(a, 0.4)}" stroke-width="3"/>` +
    `<circle cx="300" cy="290" r="84" fill="#fbfaf7" stroke="${darker(a, 0.2)}" stroke-width="2"/>` +
    ticks +
    `<text x="300" y="334" font-family="DejaVu Serif" font-size="14" letter-spacing="2" fill="#555" text-anchor="middle">` +
    `${esc(brand.toUpperCase())}</text>` +
    `<line x1="300" y1="290" x2="352" y2="260" stroke="#222" stroke-width="4" stroke-linecap="round"/>` +
    `<line x1="300" y1="290" x2="266" y2="270" stroke="#222" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="300" cy="290" r="7" fill="${darker(a, 0.3)}"/>`
  );
}

function wallet(c: string, a: string) {
  return (
    `<g transform="rotate(-8 300 290)">` +
    panel("M170 190 L430 190 Q446 190 446 206 L446 384 Q446 400 430 400 " + "L170 400 Q154 400 154 384 L154 206 Q154 190 170 190 Z", c) +
    plainPanel("M300 176 L436 176 Q446 176 446 188 L446 300 L300 300 Z", darker(c, 0.12)) +
    `<circle cx="318" cy="246" r="9" fill="${a}" stroke="${darker(a, 0.4)}"/>` +
    stitch("M168 204 L432 204 L432 386 L168 386 Z", lighter(c, 0.45)) +
    `</g>`
  );
}

function belt(c: string, a: string) {
  const rings = [150, 118, 86]
    .map(
      (r) =>
        `<circle cx="290" cy="290" r="${r}" fill="none" stroke="${darker(c, 0.35)}" stroke-width="34"/>` +
        `<circle cx="290" cy="290" r="${r}" fill="none" stroke="${c}" stroke-width="28"/>` +
        `<circle cx="290" cy="290" r="${r}" fill="none" stroke="${lighter(c, 0.4)}" stroke-width="1.5" stroke-dasharray="5 5"/>`,
    )
    .join("");
  return (
    rings +
    `<rect x="418" y="250" width="48" height="84" rx="10" fill="none" stroke="${a}" stroke-width="12"/>` +
    `<line x1="426" y1="292" x2="470" y2="292" stroke="${darker(a, 0.3)}" stroke-width="6" stroke-linecap="round"/>`
  );
}

function garment(art: Artwork): string {
  const { colour: c, accent: a, brand } = art;
  switch (art.kind) {
    case "panjabi":
      return longTop(c, a, 470, 0, 330, false);
    case "fatua":
      return longTop(c, a, 380, 4, 250, false);
    case "kurti":
      return longTop(c, a, 465, 26, 270, true);
    case "saree":
      return saree(c, a);
    case "tshirt":
      return tee(c, a, false, brand);
    case "polo":
      return tee(c, a, true, brand);
    case "shirt":
      return shirt(c, a);
    case "jeans":
      return jeans(c, a);
    case "bag":
      return bag(c, a);
    case "watch":
      return watch(c, a, brand);
    case "wallet":
      return wallet(c, a);
    case "belt":
      return belt(c, a);
  }
}

/** The complete SVG document for one product picture. */
export function drawProduct(art: Artwork): string {
  const bgTop = mix(lighter(art.colour, 0.88), "#faf7f2", 0.4);
  const bgBottom = mix(lighter(art.colour, 0.72), "#e9e4dc", 0.35);
  // Darkened until it reads clearly on the pale background, whatever the palette.
  let ink = mix(art.colour, art.accent, 0.25);
  while (luminance(ink) > 0.12) ink = darker(ink, 0.2);
  const viewBox = art.detail ? "150 70 300 300" : "0 0 600 600";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="${viewBox}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="9"/></filter>
${patternDef(art.pattern ?? "plain", art.accent)}
</defs>
<rect x="0" y="0" width="600" height="600" fill="url(#bg)"/>
<circle cx="300" cy="280" r="250" fill="url(#glow)"/>
<ellipse cx="300" cy="498" rx="170" ry="14" fill="#000" opacity="0.18" filter="url(#blur)"/>
${garment(art)}
<text x="300" y="556" font-family="DejaVu Serif" font-size="26" letter-spacing="7" fill="${ink}" text-anchor="middle">${esc(art.brand.toUpperCase())}</text>
</svg>`;
}
