import type { Lang } from "~/i18n/languages";

/**
 * Two faces of a few glyphs each, cut from Noto Sans Bengali (SIL OFL,
 * public/fonts) with fontTools:
 * - "Taka Sign": the taka sign (৳), which many Latin system fonts lack, on
 *   every page; first in the font stack (tailwind.config.ts), so a price never
 *   falls back to a system font, or to boxes where there is none.
 *   `pyftsubset <font> --unicodes=U+09F3 --flavor=woff2 --layout-features='*' --name-IDs='*'`
 * - "Bangla Label": "বাংলা", the language link of an English page
 *   (.bangla-label). Without it a machine with no Bengali font drew boxes, and
 *   one with a font searched the system's fonts for it during the first layout.
 *   Only that link uses it: in running Bangla text, a face with a few letters
 *   would split conjuncts between two fonts.
 *   `pyftsubset <font> --unicodes=U+0982,U+09AC,U+09B2,U+09BE --flavor=woff2 --layout-features='*'`,
 *   then `fonttools varLib.instancer <subset> wght=500`.
 *
 * Why not an @font-face in the stylesheet (decision 117): such a face, even a
 * `data:` URL, loads after the first layout, and a face that loads lays every
 * text of the page out again: the longest task of a busy phone after its first
 * paint (issue 42). A FontFace made from bytes is ready at once, so the
 * document's head script adds these before anything is laid out. Without
 * JavaScript the same faces come as @font-face rules in a <noscript>.
 */
type SmallFace = { family: string; unicodeRange: string; weight: string; woff2: string };

const TAKA: SmallFace = {
  family: "Taka Sign",
  unicodeRange: "U+09F3",
  weight: "400",
  woff2:
    "d09GMgABAAAAAAMcABAAAAAABvAAAAK/AAMC0QAAAAAAAAAAAAAAAAAAAAAAAAAAGoFGGyAcPAZgP1NUQVREADQRCAqBQIE3ATYCJAMICwYABCAFhGwHIAwHG80FAB4HzuktRozCK09xnUI3v+Lh//f7ts95d0QlmjYxLBSSljL1559YnUqDSZitbhKKdzrz/6+1v7ODiNqYv0WiuDSSVrxx6HyrtN+sLs/TzvfzlOoKA2+7SwZE48kuTtUEeON8zBIM2loUzNZlofDoxJLVilN7wQr3vFRgDQBV3bnyV1ELP9P9eQoJoFNYAB4ULHi/1Tgf2NGoagIzBc4NAMTwOzIYX/PbIpUAEdeYyg/6qARHP/1IHDuLYkpezNoTsp5twJVxLq5JSAHQhsGFVVsKz+Z/2krg2/9pUP3IHvoAOawTgWkmQmiW6KfDPN3poRGGcXojGtMJRT8cKeM2+QIhZAzDEECiQj9coJ+RaaAogpZ/BsNM9d8GAvzY+UywBQkKCnaBiwAUkLKUdSPLho5yqxq3d9S/Y8ZttXutC2cx/rpt8aVSu9+2+OHtExs/aw0004+8Qj7U726g9sGKkJi1a+/hO5WQPJQMTr2osdUt0e3Lw/efu/egb+BSuFX0Q3DA5btbaZDfWTAX4O/u9TvIZ9s/JDg4IO9XVHxgf35de5z51zwpBYBAlZ/+4+ebXtusf2Z49Re+TV7dhT/R9zzkgWytGtAoQfAhcV6NQEtO/AVBehd6Sp08GNK20+Pwqk1dJUoL7rCGMOsIUqdXUDnyAcVa7KDBaAqg0VK6hE5bWRBFaI83kFrjbTDs++bvGolsjIpBoSF+EsRJkMxPExrBTw0JIvFTRyVhEQYhfvLpITSJSuMnDA1BZJoMsWJRGAhNb0CMQRJBLPHWhCRVNaKJNYC4TOnHY4Qzd436iRyHBXFJA0LUerx+qsQkTjyymUrVVqUyb3J0TI9Ey6a8x/xssQVBpWFIRH5eskX28dxlErm7WeJ5jMFOQ4jJekJpXbu/pwvLGIKimohIYPsZDpwfwRroP4lh+rosAwAAAA==",
};

const BANGLA_LABEL: SmallFace = {
  family: "Bangla Label",
  unicodeRange: "U+0982, U+09AC, U+09B2, U+09BE",
  weight: "500",
  woff2:
    "d09GMgABAAAAAAQQABAAAAAACBwAAAO2AAMC0QAAAAAAAAAAAAAAAAAAAAAAAAAAGoFQGyAcPAZgP1NUQVRAAEwRCAqDaIMnATYCJAMUCwwABCAFhEIHIAwHG70GAB6F6UbdHTd588CULWs8/Hdv3jd/ts2mlIbptMeTDh7RBV/gULNgK0DRAFXB/Hyb+j60WyFVZaT11J2qkJKaEVMyFzr3o5icTEgOt4mdKreF5/P2/uV62YSOTRFMXE5/Ao1FG/8rwdD2oP99XhtkLbPssTU5ggDDQC0OgDJKt1V+7DVYiDaNu59PIRkATMGEkIWwDtwuDPF4MYeC9hrbleAjw78HgBqxo4z3KnqZNXmg2CvsRtDXzhvoNyGYB90FcTk1o9kdpB7WD+AUy+IM8sIABYe/5HB2NcEzYiPxBD/0XwtQfaGjAEYBaQozA1iySAhNCWMwrMG6Gq2AEOgeQYswCNkQBNFGswghRSRMAyRUGIMLjPHSAYqmJLU2EpeIG8QTjwcg9phfN8/N98w3Th7TDmU/KASAGiho4ALABwDIgEoSogT6BgU2hE+8cLk6Ve8kqXZQdL1AG166ZTPSc1j/7Cs38zQ2PCniI+sf999wuTjO7VZlIF8UACVzx08HSnv19WsJui1JUmYALos8/p4UL1l/bFx5/jMp3rux/vJTWyk+iQ1P2zOPrX9Lii4X2uDuoklyLgDfVDKT1bL+wmnD2Urip58UEmW5T3Ly+PmvUtY3krWKnZzsm68Yr2z86FLy/aCCkZvT001MvCK9Vm7KSDfXyhWtcXkUlRsXy8RRDJz9zg9vrG2TKfRjpa9HdZSq5gKrZ6co1Xh4FuUprzZm6ov/RUwPyFX5TXUDkN6E//EOOvZbMoF5t3utOJMVrSyMiRnYEoOaqckl9BEqYRmdqMjIbs/I6C4uymhpSc7M7koq7jxV61sR32CiUupS+NpQRaiykF1gpyiI/OwkNfbx+sPVxWxo9Lm9BWsMa2oMZwAgUKVP0QcaNo0FVMz54PgPAD43XbgG/OUO4p55zyfsL3YLQF0CwU9ZTl8VwHzsJgtnUEv9MJr7UF0cwpUlFLDfA0HNPhwEutfWA1xkAjgHiOWw4qScDHiXK3veytluAuWamTBS3WaGFQhBX4gyBiUOp2U59Gw60p7xEtSxsFrBTkdDS0DLkyNPIZqSFo/WyUJgQetmZ6HHmyKg1XISaFnYOdBSdXSBFXqZbDY1dFX3nCZlmWJhks2sqqtZ4kCBQ7ZJvLfGBCOdtM5V1gRzj3mmTu/FW6CT0QS7fD1HLvPlmnS5TcqV4j7IF2TauH0X0dvk8O/v0rEwo00yye6uCv8dQjGvM03QO/Aegulk0jTtTLO8DAf+T0Ie6nxEni3X8i4=",
};

/** A Bangla page's link reads "English": it needs the taka sign alone. */
function facesFor(lang: Lang): SmallFace[] {
  return lang === "bn" ? [TAKA] : [TAKA, BANGLA_LABEL];
}

// Made once per language: every document's head carries them.
const made: Partial<Record<Lang, { script: string; css: string }>> = {};

/** The head's script (it adds the faces, ready, before the first layout) and the <noscript> stylesheet. */
export function smallFaces(lang: Lang): { script: string; css: string } {
  return (made[lang] ??= make(facesFor(lang)));
}

function make(faces: SmallFace[]): { script: string; css: string } {
  const list = JSON.stringify(faces.map((f) => [f.family, f.unicodeRange, f.weight, f.woff2]));
  // A browser without the Font Loading API draws ৳ from a system font, as before these faces.
  const script =
    `(function(){try{${list}.forEach(function(f){var b=atob(f[3]),u=new Uint8Array(b.length);` +
    `for(var i=0;i<b.length;i++)u[i]=b.charCodeAt(i);` +
    `document.fonts.add(new FontFace(f[0],u,{unicodeRange:f[1],weight:f[2]}))})}catch(e){}})()`;
  const css = faces
    .map(
      (f) =>
        `@font-face{font-family:"${f.family}";src:url(data:font/woff2;base64,${f.woff2}) format("woff2");` +
        `unicode-range:${f.unicodeRange};font-weight:${f.weight};font-display:swap}`,
    )
    .join("");
  return { script, css };
}
