"""Numbers in the locale's own digits.

Babel formats numbers with Latin digits whatever the numbering system (toolchain.md, section 3),
so digits are transliterated here. Persian pages use Extended Arabic-Indic digits (۰–۹);
Arabic, Hindi, Polish and English pages use 0–9 (the default numbering system of ar and hi in
CLDR is ``latn``).
"""
from __future__ import annotations

import re
from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal
from flask_babel import get_locale

DIGITS: dict[str, str] = {
    "latn": "0123456789",
    "arab": "٠١٢٣٤٥٦٧٨٩",
    "arabext": "۰۱۲۳۴۵۶۷۸۹",
    "deva": "०१२३४५६७८९",
}


# The digits a reader may type where the site reads a number: ASCII, Arabic-Indic (٠–٩) and
# Persian (۰–۹). Nothing else: no signs, no other scripts' digits, no superscripts ("²").
_READ_DIGITS = {ord(d): str(i) for digits in (DIGITS["arab"], DIGITS["arabext"])
                for i, d in enumerate(digits)}
_WHOLE_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def parse_whole_number(text: object, max_digits: int) -> int | None:
    """``text`` read as a whole number, or None when it is not one.

    Surrounding whitespace is ignored; ASCII, Arabic-Indic and Persian digits are accepted
    (``"۴۲"`` and ``"٤٢"`` give 42); anything else, including signs, other Unicode digits and more
    than ``max_digits`` digits, gives None. Long inputs are refused before any conversion.
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > max_digits:
        return None
    ascii_text = text.translate(_READ_DIGITS)
    if not _WHOLE_NUMBER.fullmatch(ascii_text):
        return None
    return int(ascii_text)


def numbering_system(locale: Locale | str) -> str:
    return Locale.parse(locale).default_numbering_system


def to_native_digits(text: str, locale: Locale | str | None) -> str:
    """Replace ASCII digits in ``text`` by the locale's digits (no other change; none for no
    locale, as outside a request)."""
    if locale is None:
        return text
    digits = DIGITS.get(numbering_system(locale), DIGITS["latn"])
    return text.translate(str.maketrans(DIGITS["latn"], digits))


def format_number(number: int | float, locale: Locale | str | None = None) -> str:
    """``number`` with the locale's separators and digits: fa 1234 -> '۱٬۲۳۴'."""
    loc = Locale.parse(locale) if locale is not None else get_locale()
    if type(number) is int and loc is not None:
        return _whole_number(number, str(loc))
    text = format_decimal(number, locale=loc, numbering_system="default")
    return to_native_digits(text, loc)


@lru_cache(maxsize=8192)
def _whole_number(number: int, locale: str) -> str:
    """``format_number`` of a whole number, remembered: Babel's formatting is the costliest part of
    a page of figures (the daily result's chart, table and leaderboard format some 200 numbers),
    and the same few hundred numbers recur on every page."""
    loc = Locale.parse(locale)
    return to_native_digits(format_decimal(number, locale=loc, numbering_system="default"), loc)


def num(value: int | float | str) -> str:
    """Jinja filter ``num``: a number (or a string of ASCII digits) in the page's digits."""
    if isinstance(value, str):
        return to_native_digits(value, get_locale())
    return format_number(value)


def signed_number(value: int | float) -> str:
    """A number that may be negative, in the page's digits: a negative one with a true minus
    (U+2212) isolated left-to-right (U+2066 … U+2069), so Arabic and Persian lines draw "−2" and
    not "2-" (a bare hyphen before the digits is moved after them by the rtl run)."""
    if value < 0:
        return "\u2066\u2212" + num(abs(value)) + "\u2069"
    return num(value)
