#!/usr/bin/env python3
"""Build the site's Persian digits: ۰ to ۹ and the Persian separators, as two small WOFF2 files.

Persian pages write every number in Extended Arabic-Indic digits (U+06F0-06F9, «۱۲۳»). The first
font of the Arabic-script stack, Noto Naskh Arabic as Debian ships it, draws four of them in their
Urdu shapes (۴ ۶ ۷ look like an Urdu four, an Arabic six and an angle), whatever the page's
language; a Persian reader takes «∠ ستون» for a typo. Noto Sans Arabic draws the Persian shapes,
so the site ships its digits (SIL Open Font License 1.1, Debian's ``fonts-noto-core``), regular and
bold, and the Persian font stack uses them only for those characters (``unicode-range``).

    .venv/bin/python scripts/build_persian_digits_font.py   # needs: apt-get install fonts-noto-core

It writes ``site/paiyou/static/fonts/paiyou-fa-digits-{regular,bold}.woff2`` and
``OFL-noto-sans-arabic.txt`` beside them.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONT_DIR = ROOT / "site" / "paiyou" / "static" / "fonts"
SOURCES = {"regular": Path("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"),
           "bold": Path("/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf")}
LICENCE = FONT_DIR / "OFL-noto-sans-arabic.txt"
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-core/copyright")
# the ten digits, then the percent sign and the decimal and thousands separators («۱٬۲۳۴٫۵»)
CHARS = "".join(chr(c) for c in range(0x06F0, 0x06FA)) + "\u066a\u066b\u066c"


def font_path(weight: str) -> Path:
    return FONT_DIR / f"paiyou-fa-digits-{weight}.woff2"


def build() -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    for weight, source in SOURCES.items():
        if not source.exists():
            raise SystemExit(f"{source} is missing: apt-get install fonts-noto-core")
        font = TTFont(str(source))
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = []          # isolated digits: no shaping
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]   # keep copyright, version, licence
        options.notdef_outline = True
        options.hinting = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=CHARS)
        subsetter.subset(font)
        font.flavor = "woff2"
        font.recalcTimestamp = False  # the same source gives the same file
        font.save(str(font_path(weight)))
    write_licence()


def write_licence() -> None:
    text = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    start = text.index("License: OFL-1.1\n PREAMBLE")
    body = text[start:].split("\n\nLicense:", 1)[0].splitlines()[1:]
    lines = ["" if line == " ." else line[1:] for line in body]
    LICENCE.write_text(
        "paiyou-fa-digits-regular.woff2 and paiyou-fa-digits-bold.woff2 are subsets of\n"
        "Noto Sans Arabic (Regular, Bold), from Debian's fonts-noto-core package\n"
        "(https://github.com/notofonts/arabic), made by scripts/build_persian_digits_font.py: a\n"
        "Modified Version (only the Persian digits and separators), distributed under the same\n"
        "licence. The site's CSS calls them \"Paiyou Persian digits\".\n\n"
        "Copyright 2010, 2012-2020 Google Inc., 2015-2020 Google LLC.\n\n"
        "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007\n\n" + "\n".join(lines).strip() + "\n", encoding="utf-8")


def main() -> int:
    build()
    for weight in SOURCES:
        path = font_path(weight)
        print(f"{path.relative_to(ROOT)}: {len(CHARS)} characters, {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
