"""Pieces that sentences are built from, in the current locale: numbers in the page's digits,
"a, b and c" / "a, b or c" lists, tile notation inside a sentence, and tiles from whatever a
caller has (notation, an engine play or set, a sequence of tiles).

Sentences themselves are whole messages with named placeholders; these pieces only fill them.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel.speaklater import LazyString

from engine.errors import NotationError
from engine.tiles import Tile, parse_tiles
from paiyou.config import LANGUAGE_BY_CODE
from paiyou.i18n import numerals
from paiyou.i18n.typesetting import bind_single_letter_words

__all__ = ["tiles_of", "distinct", "number", "lazy_number", "or_list", "and_list", "notation"]


def tiles_of(value: object) -> tuple[Tile, ...] | None:
    """Tiles from notation (``"6-6 4-5"``, ``""`` for none), an engine value with ``.tiles``, or a
    sequence of Tiles; None for None or anything else."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return parse_tiles(value, allow_empty=True)
        except NotationError:
            return None
    tiles = getattr(value, "tiles", value)
    if not isinstance(tiles, Iterable):
        return None
    found = tuple(tiles)
    return found if all(isinstance(t, Tile) for t in found) else None


def distinct(tiles: Iterable[Tile]) -> list[Tile]:
    """The tiles without repeats, in order of first appearance."""
    return list(dict.fromkeys(tiles))


def number(n: int) -> str:
    return numerals.format_number(n)


def lazy_number(n: int) -> LazyString:
    """``number(n)`` when the string is used (for placeholders of import-time lazy messages)."""
    return LazyString(numerals.format_number, n)  # type: ignore[no-untyped-call]  # untyped __init__


# CLDR puts a comma before the last "and"/"or" in Hindi ("a, b, और c") and Persian ("a، b، و c"),
# as English does; the native readers of both (2026-12-04) found it foreign, so there the last item
# is joined by the two-item pattern ("a, b और c").
NO_COMMA_BEFORE_LAST = frozenset({"hi", "fa"})


def _joined(items: Sequence[object], style: Literal["standard", "or"]) -> str:
    texts = [str(i) for i in items]
    locale = get_locale()
    if locale is None or len(texts) < 2:
        return format_list(texts, style=style, locale=locale)
    # the conjunction is the language's word: typeset like its catalogs («Ana i\u00a0Bo»)
    language = LANGUAGE_BY_CODE.get(str(locale))
    letters = language.single_letter_words if language else ""
    patterns = {key: bind_single_letter_words(pattern, letters)
                for key, pattern in locale.list_patterns[style].items()}
    if len(texts) == 2:
        return patterns["2"].format(*texts)
    text = patterns["start"].format(texts[0], texts[1])
    for item in texts[2:-1]:
        text = patterns["middle"].format(text, item)
    last = patterns["2"] if locale.language in NO_COMMA_BEFORE_LAST else patterns["end"]
    return last.format(text, texts[-1])


def or_list(items: Sequence[object]) -> str:
    return _joined(items, "or")


def and_list(items: Sequence[object]) -> str:
    return _joined(items, "standard")


def notation(tiles: Iterable[Tile]) -> str:
    """Notation in the page's digits, isolated left-to-right inside any sentence (U+2066 … U+2069)."""
    text = " ".join(t.key for t in tiles)
    return "\u2066" + numerals.to_native_digits(text, get_locale()) + "\u2069"
