import { darker, lighter, panel, paisley, plainPanel } from "./paint";

/**
 * A saree as draped, without the figure: pleats fanning from the waist, the
 * wrap round the hips, and the pallu rising across the chest, over the right
 * shoulder and hanging behind, ending in its broad border and fringe.
 */
export function saree(c: string, a: string): string {
  const gold = "#e6c15a";
  const hangingPallu = "M338 86 Q372 66 396 94 L456 418 L386 440 L356 128 Z";
  const palluEnd =
    `<path d="M450 386 L380 408 L386 440 L456 418 Z" fill="${a}"/>` +
    [0, 1, 2].map((i) => paisley(396 + i * 20, 420 - i * 6, 0.7, gold)).join("") +
    Array.from({ length: 9 }, (_, i) => {
      const [x, y] = [388 + i * 8, 442 - i * 2.6];
      return `<path d="M${x} ${y} l1 14" stroke="${darker(a, 0.2)}" stroke-width="2" stroke-linecap="round"/>`;
    }).join("");
  const skirt = "M242 236 Q300 248 358 236 Q386 350 412 472 Q300 490 188 472 Q214 350 242 236 Z";
  // Front pleats: alternate panels in shadow so the fan reads at card size.
  const pleats = Array.from({ length: 6 }, (_, i) => {
    const [t0, t1, b0, b1] = [282 + i * 6, 288 + i * 6, 230 + i * 24, 254 + i * 24];
    return i % 2 === 0
      ? `<path d="M${t0} 250 L${t1} 250 L${b1} 482 L${b0} 480 Z" fill="#000" opacity="0.12"/>`
      : `<path d="M${t0} 250 L${b0} 480" stroke="${darker(c, 0.3)}" stroke-width="1.5"/>`;
  }).join("");
  const hem =
    `<path d="M192 452 Q300 470 408 452 L412 472 Q300 490 188 472 Z" fill="${a}"/>` +
    `<path d="M194 458 Q300 476 406 458" stroke="${gold}" stroke-width="2" stroke-dasharray="4 4" fill="none"/>` +
    [214, 252, 290, 328, 366].map((x, i) => paisley(x + 8, 472 + (i === 2 ? 3 : 1), 0.55, gold)).join("");
  const waist = plainPanel("M238 230 Q300 246 362 230 L364 250 Q300 266 236 250 Z", darker(c, 0.12));
  const drape = "M226 254 Q292 170 338 86 L380 102 Q326 196 278 266 Z";
  const drapeEdge =
    `<path d="M226 254 Q292 170 338 86" fill="none" stroke="${a}" stroke-width="9"/>` +
    `<path d="M232 246 Q294 166 342 92" fill="none" stroke="${gold}" stroke-width="2" stroke-dasharray="4 4"/>`;
  const folds = `<path d="M262 238 Q304 180 352 108 M290 250 Q320 200 364 116" stroke="${darker(c, 0.25)}" stroke-width="1.5" fill="none"/>`;
  return panel(hangingPallu, darker(c, 0.12)) + palluEnd + panel(skirt, c) + pleats + hem + waist + panel(drape, lighter(c, 0.06)) + folds + drapeEdge;
}
