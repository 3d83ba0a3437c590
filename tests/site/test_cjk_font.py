"""The Chinese web font (scripts/build_cjk_font.py): every CJK character the site shows is in the
shipped subset, the CSS uses the font only for those characters, it stays small, its licence is
beside it. Adding a Chinese name without rebuilding the font fails here."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tests.e2e.pages import LANGUAGES, PAGES, REDIRECTING

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "site" / "paiyou" / "static" / "fonts"
CSS = ROOT / "site" / "paiyou" / "static" / "css" / "site.css"
MAX_BYTES = 12_000


def _build_script():
    spec = importlib.util.spec_from_file_location("build_cjk_font", ROOT / "scripts" / "build_cjk_font.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_script()


@pytest.fixture(scope="module")
def font_chars() -> set[str]:
    font = TTFont(FONTS / "paiyou-cjk.woff2")
    return {chr(code) for code in font.getBestCmap()}


def test_every_cjk_character_of_the_sources_is_in_the_font(font_chars: set[str]) -> None:
    chars = build.site_characters()
    assert {"牌", "戳", "天", "九"} <= set(chars)
    missing = "".join(c for c in chars if c not in font_chars)
    assert not missing, f"run scripts/build_cjk_font.py: the font lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_cjk_character_of_the_pages_is_in_the_font(client, font_chars: set[str], lang: str) -> None:
    for path in PAGES:
        html = client.get(path.format(lang=lang), follow_redirects=path in REDIRECTING).get_data(as_text=True)
        missing = {c for c in build.CJK.findall(html) if c not in font_chars}
        assert not missing, (path.format(lang=lang), "".join(sorted(missing)))


def test_css_uses_the_font_only_for_those_characters() -> None:
    css = CSS.read_text(encoding="utf-8")
    rule = re.search(r'@font-face \{[^}]*font-family: "Paiyou CJK";[^}]*\}', css)
    assert rule, "site.css has no @font-face for Paiyou CJK"
    assert 'url("../fonts/paiyou-cjk.woff2") format("woff2")' in rule.group(0)
    assert f"unicode-range: {build.unicode_range(build.site_characters())};" in rule.group(0)
    assert css.count('"Paiyou CJK"') >= 3  # the @font-face and the font stacks that use it


def test_font_is_small_and_licensed(client) -> None:
    font = FONTS / "paiyou-cjk.woff2"
    assert font.read_bytes()[:4] == b"wOF2"
    assert font.stat().st_size <= MAX_BYTES
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK" in licence
    response = client.get("/static/fonts/paiyou-cjk.woff2")
    assert response.status_code == 200 and response.mimetype == "font/woff2"
    response.close()


def test_unicode_range_merges_runs() -> None:
    assert build.unicode_range("天九牌") == "U+4E5D, U+5929, U+724C"
    assert build.unicode_range("\u4e00\u4e01\u4e02\u4e05") == "U+4E00-4E02, U+4E05"
