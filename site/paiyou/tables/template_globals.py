"""The play pages' template helpers (each named ``play_…`` in the templates): tiles, lists,
signed numbers and percentages in the page's language, computer levels, and the legal plays for
``play.js``."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence

from babel.numbers import format_percent
from flask import Flask
from flask_babel import get_locale, lazy_pgettext, pgettext

from paiyou.i18n import names, numerals, phrases
from paiyou.registry import room
from paiyou.tables.presenter import table_of
from paiyou.tables.table import TableModel


def tiles_phrase(keys: Sequence[str], game: str) -> str:
    """Tiles in words for the live region: "Heaven ×2, Red Nine" (names from paiyou.i18n.names)."""
    counts = Counter(keys)
    parts = []
    for key in dict.fromkeys(keys):
        name = str(names.tile_name(key, game))
        parts.append(name if counts[key] == 1 else
                     pgettext("play", "%(name)s ×%(num)s", name=name, num=numerals.num(counts[key])))
    return phrases.and_list(parts)


def signed(number: int | float) -> str:
    """+13 / −10 / 0 in the page's digits."""
    text = numerals.num(abs(number))
    if not number:
        return text
    # isolated left-to-right (U+2066 … U+2069), so the sign stays before the number on rtl pages
    return "\u2066" + ("+" if number > 0 else "\u2212") + text + "\u2069"


def class_name(cls: str, game: str) -> str:
    """The label of a group of tiles in the hand or the choices, by the game's engine key."""
    return table_of(game).class_name(cls)


def payment_reason(why: str, game: str) -> str:
    """Why a payment of the game's ledger was made (``Payment.why``), in words."""
    return table_of(game).payment_reason(why)


def legal_json(t: TableModel) -> str:
    """The face-up plays you may make, as lists of tile keys (for play.js to check a selection)."""
    plays = [n.split() for grp in t["choices"]["plays"] for n in grp["plays"]]
    return json.dumps(plays, separators=(",", ":"))


def percent(score: float, decimals: int = 0) -> str:
    """0.4321 -> "43%" (with ``decimals=1``: "43.2%") in the page's language, digits and percent
    sign (Persian "۴۳٪": Babel keeps the Latin "%" whatever the numbering system)."""
    locale = get_locale()
    pattern = None if decimals == 0 else "#,##0." + "#" * decimals + "%"
    text = format_percent(score, format=pattern, locale=locale, numbering_system="default")
    if locale is not None:
        symbols = locale.number_symbols.get(locale.default_numbering_system) or {}
        text = text.replace("%", symbols.get("percentSign", "%"))
    return numerals.to_native_digits(text, locale)


# The words of the table's speeds (``paiyou.seats.cookies.SPEEDS``), said in the page's language
# when shown; a computer level's words are its game's (``paiyou.registry.Room.levels``).
SPEED_LABELS = {"instant": lazy_pgettext("play speed", "Instant"), "fast": lazy_pgettext("play speed", "Fast"),
                "relaxed": lazy_pgettext("play speed", "Relaxed")}


def level_label(level: str, game: str) -> str:
    """A computer level's name (the engine's agent name, e.g. ``standard``) in the page's language,
    as the game's room words it."""
    words = room(game).levels.get(level)
    return str(words.name) if words else level


def level_description(level: str, game: str) -> str:
    words = room(game).levels.get(level)
    return str(words.description) if words else ""


def speed_label(speed: str) -> str:
    """A speed of the table (``paiyou.seats.cookies.SPEEDS``) in the page's language."""
    return str(SPEED_LABELS.get(speed, speed))


GLOBALS: dict[str, Callable[..., str]] = {
    "play_tiles_phrase": tiles_phrase,
    "play_and_list": phrases.and_list,
    "play_signed": signed,
    "play_class_name": class_name,
    "play_payment_reason": payment_reason,
    "play_legal_json": legal_json,
    "play_percent": percent,
    "play_number": numerals.signed_number,
    "play_level_label": level_label,
    "play_speed_label": speed_label,
}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(GLOBALS)
