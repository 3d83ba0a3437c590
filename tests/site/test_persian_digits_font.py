"""The Persian digits faces (scripts/build_persian_digits_font.py): each holds exactly the Persian
digits and separators, drawn as Noto Sans Arabic draws them; the CSS puts them first in the Persian
stack and uses them only for those characters; they stay small and carry their licence."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
CSS = ROOT / "site" / "paiyou" / "static" / "css" / "site.css"
MAX_BYTES = 4_000


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_persian_digits_font",
                                                  ROOT / "scripts" / "build_persian_digits_font.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_script()


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_each_face_holds_the_persian_digits_as_noto_sans_arabic_draws_them(weight: str) -> None:
    font = TTFont(build.font_path(weight))
    cmap = font.getBestCmap()
    assert {chr(code) for code in cmap} == set(build.CHARS) == set("۰۱۲۳۴۵۶۷۸۹٪٫٬")
    source = build.SOURCES[weight]
    if not source.exists():
        pytest.skip(f"{source} is not installed (fonts-noto-core)")
    original = TTFont(source)
    original_glyphs, glyphs = original.getGlyphSet(), font.getGlyphSet()
    for char in "۴۶۷":  # the three the Naskh face draws in their Urdu shapes
        ours, theirs = DecomposingRecordingPen(glyphs), DecomposingRecordingPen(original_glyphs)
        glyphs[cmap[ord(char)]].draw(ours)
        original_glyphs[original.getBestCmap()[ord(char)]].draw(theirs)
        assert ours.value == theirs.value, char


def test_the_persian_stack_uses_the_faces_only_for_those_characters() -> None:
    css = CSS.read_text(encoding="utf-8")
    rules = re.findall(r'@font-face \{[^}]*font-family: "Paiyou Persian digits";[^}]*\}', css)
    assert len(rules) == 2
    for weight, rule in zip(("regular", "bold"), rules, strict=True):
        assert f'url("../fonts/paiyou-fa-digits-{weight}.woff2") format("woff2")' in rule
        assert "unicode-range: U+066A-066C, U+06F0-06F9;" in rule
    assert '--font-fa: "Paiyou Persian digits", var(--font-ar);' in css
    assert ":lang(fa) body, body:lang(fa) { font-family: var(--font-fa); }" in css


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_the_faces_are_small_licensed_and_served(client, weight: str) -> None:  # type: ignore[no-untyped-def]
    path = build.font_path(weight)
    assert path.read_bytes()[:4] == b"wOF2" and path.stat().st_size <= MAX_BYTES
    licence = build.LICENCE.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans Arabic" in licence
    response = client.get(f"/static/fonts/{path.name}")
    assert response.status_code == 200 and response.mimetype == "font/woff2"
    response.close()
