"""Cuts the shop's web fonts from Fontsource's files (issue 42, decision 119).

Run from the project root after `npm ci` (Debian: apt-get install python3-fonttools):
    python3 scripts/cut-fonts.py
It writes app/styles/fonts/*.woff2 and prints each face's unicode-range for the CSS.

Inter: the Latin subset, weights 400-600 (the wght axis kept; the shop draws 400 and 600, decision
120), split in two faces of one family.
The "core" face has the letters every page draws (ASCII and the punctuation the shop's texts use)
and is preloaded; the "extra" face has the rest of Latin-1 and is fetched only by a page that
draws one of its letters. Fraction features (frac, numr, dnom) go: the shop sets no fractions.
Noto Sans Bengali: the Bengali subset, weights 400-600, without the Vedic and Devanagari signs a
shop's Bangla never uses.
"""

import io
import os

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTSOURCE = os.path.join(ROOT, "node_modules", "@fontsource-variable")
OUT = os.path.join(ROOT, "app", "styles", "fonts")

CORE = {*range(0x20, 0x7F), 0xA0, 0xA9, 0xAB, 0xAE, 0xB0, 0xB7, 0xBB, 0xD7, 0x2013, 0x2014,
        0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2022, 0x2026, 0x2039, 0x203A, 0x2122,
        0x2191, 0x2193, 0x2212}
INTER_FEATURES = ["calt", "ccmp", "locl", "pnum", "tnum", "kern", "mark", "mkmk"]
BENGALI = {0x0964, 0x0965, *range(0x0980, 0x09FF), 0x200C, 0x200D, 0x25CC}


def weights_400_600(name):
    font = TTFont(os.path.join(FONTSOURCE, name))
    return instancer.instantiateVariableFont(font, {"wght": (400, 600)})


def cut(font, unicodes, features, out):
    options = subset.Options()
    options.layout_features = features
    options.hinting = False
    options.drop_tables += ["STAT"]
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(os.path.join(OUT, out))
    covered = sorted(font.getBestCmap())
    print(f"{out}: {os.path.getsize(os.path.join(OUT, out))} bytes\n  unicode-range: {ranges(covered)}")


def ranges(points):
    spans, start = [], None
    for i, p in enumerate(points):
        if start is None:
            start = p
        if i + 1 == len(points) or points[i + 1] != p + 1:
            spans.append(f"U+{start:04X}" if start == p else f"U+{start:04X}-{p:04X}")
            start = None
    return ", ".join(spans)


def copy(font):
    buf = io.BytesIO()
    font.save(buf)
    buf.seek(0)
    return TTFont(buf)


inter = weights_400_600("inter/files/inter-latin-wght-normal.woff2")
inter_cmap = set(inter.getBestCmap())
cut(copy(inter), sorted(CORE & inter_cmap), INTER_FEATURES, "inter-core-wght-400-600.woff2")
cut(copy(inter), sorted(inter_cmap - CORE - set(range(0x20))), INTER_FEATURES, "inter-extra-wght-400-600.woff2")
bengali = weights_400_600("noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2")
cut(copy(bengali), sorted(BENGALI & set(bengali.getBestCmap())), ["*"], "noto-sans-bengali-bengali-wght-400-600.woff2")
