"""The play pages' template helpers (each named ``play_…`` in the templates): tiles, lists,
signed numbers and percentages in the page's language, computer levels, and the legal plays for
``play.js``."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from babel.lists import format_list
from babel.numbers import format_percent
from flask import Flask
from flask_babel import get_locale, pgettext

from engine.chuo_pai.families import SPECIAL
from paiyou.i18n import names, numerals


def tiles_phrase(keys: Sequence[str], game: str) -> str:
    """Tiles in words for the live region: "Heaven ×2, Red Nine" (names from paiyou.i18n.names)."""
    counts = Counter(keys)
    parts = []
    for key in dict.fromkeys(keys):
        name = str(names.tile_name(key, game))
        parts.append(name if counts[key] == 1 else
                     pgettext("play", "%(name)s ×%(num)s", name=name, num=numerals.num(counts[key])))
    return format_list(parts, locale=get_locale())


def and_list(items: Sequence[str]) -> str:
    return format_list([str(i) for i in items], locale=get_locale())


def signed(number: int) -> str:
    """+13 / −10 / 0 in the page's digits."""
    text = numerals.num(abs(number))
    if not number:
        return text
    # isolated left-to-right (U+2066 … U+2069), so the sign stays before the number on rtl pages
    return "\u2066" + ("+" if number > 0 else "\u2212") + text + "\u2069"


def family_name(cls: str) -> str:
    """A Chuo Pai family (or the Special class) by its engine key."""
    if cls == SPECIAL:
        return pgettext("play", "Special combinations")
    return str(names.FAMILY_NAMES[cls])


def payment_reason(why: str) -> str:
    return {
        "supreme": pgettext("play", "Won with the Supreme"),
        "quartet": pgettext("play", "Won with a quartet"),
        "settlement": pgettext("play", "Pillar settlement"),
        "capture": pgettext("play", "Little Three capture: paid for another player"),
    }.get(why, why)


def legal_json(t: dict[str, Any]) -> str:
    """The face-up plays you may make, as lists of tile keys (for play.js to check a selection)."""
    plays = [n.split() for grp in t["choices"]["plays"] for n in grp["plays"]]
    return json.dumps(plays, separators=(",", ":"))


def percent(score: float) -> str:
    """0.4321 -> "43%" in the page's language and digits."""
    locale = get_locale()
    text = format_percent(score, locale=locale, numbering_system="default")
    return numerals.to_native_digits(text, locale)


def level_label(level: str) -> str:
    """A computer level's name (the engine's agent name, e.g. ``standard``) in the page's language."""
    labels = {
        "random": pgettext("play level", "Random"),
        "greedy": pgettext("play level", "Greedy"),
        "standard": pgettext("play level", "Standard"),
        "strong": pgettext("play level", "Strong"),
    }
    return str(labels.get(level, level))


def level_description(level: str) -> str:
    descriptions = {
        "random": pgettext("play level", "Plays any legal move at random: good for learning the moves."),
        "greedy": pgettext("play level", "Plays the best move it sees now, without thinking ahead."),
        "standard": pgettext("play level", "Thinks ahead: tries each move on many guesses at the hidden hands."),
        "strong": pgettext("play level", "The strongest computer player: it searches deeper than Standard."),
    }
    return str(descriptions.get(level, ""))


def speed_label(speed: str) -> str:
    """A speed of the table (``paiyou.play.cookies.SPEEDS``) in the page's language."""
    labels = {
        "instant": pgettext("play speed", "Instant"),
        "fast": pgettext("play speed", "Fast"),
        "relaxed": pgettext("play speed", "Relaxed"),
    }
    return str(labels.get(speed, speed))


GLOBALS: dict[str, Callable[..., str]] = {
    "play_tiles_phrase": tiles_phrase,
    "play_and_list": and_list,
    "play_signed": signed,
    "play_family_name": family_name,
    "play_payment_reason": payment_reason,
    "play_legal_json": legal_json,
    "play_percent": percent,
    "play_level_label": level_label,
    "play_speed_label": speed_label,
}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(GLOBALS)
