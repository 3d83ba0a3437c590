#!/usr/bin/env python3
"""Build the site's Chinese web font: only the CJK characters the site shows, as one small WOFF2.

The site shows a handful of Chinese characters (the logo 牌, 戳牌, 天九, the glossary's and the
rules pages' Chinese names). A reader without a CJK system font would see boxes, so the site ships
a subset of Noto Sans CJK TC (SIL Open Font License 1.1, Debian's ``fonts-noto-cjk``) holding
exactly those characters, and the CSS uses it only for them (``unicode-range``).

Why TC (traditional forms): the Tien Gow names are Hong Kong / traditional (長三, 高腳七, 銅錘六) and
the Chuo Pai names are mainland simplified (长三, 高脚); the TC design draws both sets of
characters and gives the traditional names their customary glyph shapes.

Run after adding a Chinese name anywhere (``tests/site/test_cjk_font.py`` fails until you do):

    .venv/bin/python scripts/build_cjk_font.py            # needs: apt-get install fonts-noto-cjk

It writes ``site/paiyou/static/fonts/paiyou-cjk.woff2``, ``paiyou-cjk.txt`` (the characters, one
line) and ``OFL.txt`` beside it, and rewrites the ``unicode-range`` of the ``@font-face`` rule in
``site/paiyou/static/css/site.css``.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site" / "paiyou"
FONT_DIR = SITE / "static" / "fonts"
FONT = FONT_DIR / "paiyou-cjk.woff2"
CHARS = FONT_DIR / "paiyou-cjk.txt"
LICENCE = FONT_DIR / "OFL.txt"
CSS = SITE / "static" / "css" / "site.css"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_NAME = "Noto Sans CJK TC"
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")

# Han ideographs (unified, extension A, compatibility) and CJK punctuation / full-width forms.
CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")

# Where the site's visible text lives: templates, the site's Python (names.py holds the
# glossary's Chinese names), the rule texts and lessons, and every catalog.
SOURCES = (
    (SITE / "templates", "**/*.html"),
    (SITE / "templates", "**/*.svg"),
    (SITE, "**/*.py"),
    (ROOT / "content", "**/*.md"),
    (ROOT / "content", "**/*.toml"),
    (ROOT / "translations", "**/*.po"),
)


def site_characters(root: Path = ROOT) -> str:
    """Every CJK character the site can render, sorted, as one string."""
    found: set[str] = set()
    for folder, pattern in SOURCES:
        folder = root / folder.relative_to(ROOT)
        for path in sorted(folder.glob(pattern)):
            found.update(CJK.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def unicode_range(chars: str) -> str:
    """The CSS unicode-range for ``chars``: single code points, consecutive ones merged."""
    points = sorted(ord(c) for c in chars)
    ranges: list[tuple[int, int]] = []
    for p in points:
        if ranges and p == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], p)
        else:
            ranges.append((p, p))
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in ranges)


def _source_font():
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(SOURCE), lazy=True)
    for font in collection.fonts:
        if font["name"].getDebugName(1) == SOURCE_NAME:
            return font
    raise SystemExit(f"{SOURCE} has no {SOURCE_NAME!r} face")


def build(chars: str) -> None:
    from fontTools import subset

    if not SOURCE.exists():
        raise SystemExit(f"{SOURCE} is missing: apt-get install fonts-noto-cjk")
    font = _source_font()
    copyright_notice = font["name"].getDebugName(0)
    missing = [c for c in chars if ord(c) not in font.getBestCmap()]
    if missing:
        raise SystemExit(f"{SOURCE_NAME} lacks {''.join(missing)}")
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []          # a few isolated characters: no shaping needed
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]   # keep copyright, version, licence
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.recalcTimestamp = False  # keep the source's date: the same content gives the same file
    font.save(str(FONT))
    CHARS.write_text(chars + "\n", encoding="utf-8")
    write_licence(copyright_notice)
    write_css(chars)


def write_licence(copyright_notice: str) -> None:
    text = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    start = text.index("License: SIL-1.1\n -----")
    body = text[start:].split("\n\nLicense:", 1)[0].splitlines()[1:]
    lines = ["." if line == " ." else line[1:] for line in body]
    lines = ["" if line == "." else line for line in lines]
    LICENCE.write_text(
        "paiyou-cjk.woff2 is a subset of Noto Sans CJK TC (Regular), from Debian's\n"
        "fonts-noto-cjk package (https://github.com/googlefonts/noto-cjk), made by\n"
        "scripts/build_cjk_font.py: a Modified Version (only the characters the site shows),\n"
        "distributed under the same licence. The site's CSS calls it \"Paiyou CJK\".\n\n"
        "Upstream copyright line: Copyright 2014-2021 Adobe (http://www.adobe.com/), with\n"
        "Reserved Font Name 'Source'. (The font's own copyright field: "
        + copyright_notice + ")\n\n" + "\n".join(lines).strip() + "\n",
        encoding="utf-8")


CSS_RULE = re.compile(r"(@font-face \{\n  font-family: \"Paiyou CJK\";.*?unicode-range: )([^;]*)(;)", re.S)


def write_css(chars: str) -> None:
    css = CSS.read_text(encoding="utf-8")
    if not CSS_RULE.search(css):
        raise SystemExit(f"{CSS} has no @font-face rule for \"Paiyou CJK\"")
    css = CSS_RULE.sub(lambda m: m.group(1) + unicode_range(chars) + m.group(3), css, count=1)
    CSS.write_text(css, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="only print the characters")
    args = parser.parse_args(argv)
    chars = site_characters()
    if args.list:
        print(chars)
        return 0
    build(chars)
    print(f"{FONT.relative_to(ROOT)}: {len(chars)} characters, {FONT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
