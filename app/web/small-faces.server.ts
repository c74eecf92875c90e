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
 *   then `fonttools varLib.instancer <subset> wght=600`: semibold, as the header draws it (a
 *   500 face asked for 600 was emboldened by the browser; the footer's regular link draws it too).
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
  weight: "600",
  woff2:
    "d09GMgABAAAAAAQcABAAAAAACCAAAAO/AAMC0QAAAAAAAAAAAAAAAAAAAAAAAAAAGoFQGyAcPAZgP1NUQVRAAEwRCAqDaIMqATYCJAMUCwwABCAFhEYHIAwHG8QGUVRRYgC+PrCNaY31GyKGpgolYmw1a9mL1mJpUDHCntP9xkFELx569mt/Z95bxDyadtFQSJRKJ+7pJBIhiSZCxUP6YqH/vVrTBzIqszIMCgBc+B5oM/f7aat8nej48g/tfD+Q1NLA2+6Ske4nu7c3iWdD+4shWZIHcPdXV17RSQ1gX0qw/zntCwdgZWj8zzX17oAiMT9eCR7a394bRVE0R9Gsymx2ON8bh3g00IHSQHRG003WHxjEjfHV1Ef9fAqpDTBAEkIphFmCu40LDm8yIkHcXouDYCihBjT6pjZ1G5wyqwzpp5H7Lt8q5slfJoXjYklKmfuDXSOrzguONsWJchHAG/6Svb0eC3+KXY23i9n/BYTiWwvoJpADUmUEEzQhNEj0kDBDOr02iYjTl2xRSih1ECFa85gghIwBeBGQKNBDFuih2CRo0iBl41njbuNx4+0auH/tMUsvxsq/khA1JqiAJtTjEi8AlIBCCtGE1ZTU1aJ1Mu9TVArrFUmGc4coCnU+kBDD5D34+JE5vIM6t/HQJVwpH1MUkymRsJyQElIFLMNcWkPI/uHHj37ojCRJZ1VpApZu46FdWNSmb70PDdGde1cEfeg26rxDDN+Cl7gKJcmSDOYgX2ScbbJFVRJ3FgOWwdJrVwqjp8o7c7y0dRTBoHkXMDNzaA/jhdNV2eIawzcpzjEWtmHOzu1TNDraoh3vYL87J5b+v/+hqm+gAvNfM5ktgQmEa73A7xk/18g3cDOzJJOnWVSkHWr8KVA5xyHL45UpLcM43S0yhAl24dh64aeJ+5ZYXZYj28d31LfU1DOkVehJ86w+W5s/N7dbtrBJcXdPdnGi+fo7JSfZ81NpdgE0HJaiFG4RP25qH25Hr9Z20IjzyPyfydME4+rzDKtebMyZyWVqGc7mEnYBujEsHSFRIECgyLf/RZ4i1aCvCtLFb/jq3j78cv+y4f+fS32VukKdBMF/mc5/CuIbRq4B/ZU8dumm1TlqwsoU0urBQKjYIYMA+5pVFaJsxAUcwpRfSG2eobDtH0rLqUHFUBFGnfn4pggtUYXUFOfQqqON1ADoPvnKFvT2g3NYbASUFZXVgAMbA1YQQWCDQy7miYCuGLEhLgKSbIS8RdoKCiwOYos95D2hQEGYNWdC7iaRggfmb7nzOVKV63t3YY3Vni63w5o75rvjKrmiEqodY+vKWCdTxMbZmlybte46OAon7P0HHCgEVjLP6pUz9h2Qq44Xwj3HBI6jjnyvvDkusIB8MlALlkHvU/93uFEAAAA=",
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
  // Uint8Array.fromBase64 (Chrome 140, Safari 18.2, Firefox 133) decodes natively; a byte loop over
  // atob's string ran 2,400 times in the parser's first task, long enough for V8 to compile it.
  const script =
    `(function(){try{${list}.forEach(function(f){var u;if(Uint8Array.fromBase64)u=Uint8Array.fromBase64(f[3]);` +
    `else{var b=atob(f[3]);u=new Uint8Array(b.length);for(var i=0;i<b.length;i++)u[i]=b.charCodeAt(i)}` +
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
