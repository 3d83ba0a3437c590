"""The leaderboard's optional names (docs/daily.md, "Names on the leaderboard").

A player may give a display name, kept per player (``DailyStore.set_name``) and shown on every
leaderboard row of theirs; a player without one is shown with a neutral label
(``anonymous_label``). The rules are a table's with friends (``paiyou.deals.seating.parse_name``:
at most ``NAME_MAX`` visible characters, NFC, spaces collapsed; an empty name removes it), and a
name may not copy the page's own labels: a table's seat and computer labels
(``paiyou.tables.labels``, "You" among them) or the anonymous label, in any language — it would
let one player pass for another, or for nobody.
"""
from __future__ import annotations

from flask import current_app
from flask_babel import force_locale, pgettext

from paiyou.config import LANGUAGE_CODES
from paiyou.deals.seating import parse_name
from paiyou.tables.friend_pages import name_refused
from paiyou.tables.labels import is_page_label, words

EXTENSION_KEY = "paiyou.daily.anonymous_words"
NAME_CODES = ("bad-name", "reserved-name")


def anonymous_label() -> str:
    """How a player without a name is shown on the leaderboard."""
    return str(pgettext("daily", "Anonymous player"))


def _anonymous_words() -> frozenset[str]:
    """The words of the anonymous label in every language (read from the catalogs once)."""
    cached = current_app.extensions.get(EXTENSION_KEY)
    if isinstance(cached, frozenset):
        return cached
    found: set[str] = set()
    for lang in LANGUAGE_CODES:
        with force_locale(lang):
            found.update(words(anonymous_label()))
    made = frozenset(found)
    current_app.extensions[EXTENSION_KEY] = made
    return made


def is_reserved(name: str) -> bool:
    """Whether ``name`` copies a label of the leaderboard's page: a table's seat or computer
    labels, or the anonymous label (made only of its words), in any language."""
    said = set(words(name))
    return is_page_label(name) or (bool(said) and said <= _anonymous_words())


def parse(value: object) -> str | None:
    """A leaderboard name from a form or a body: None (no name) for an absent or blank one;
    BadInput ``bad-name`` or ``reserved-name`` when it breaks the rules."""
    return parse_name(value, is_reserved)


def refusal(code: str) -> str:
    """Why a name was refused (``code``: one of ``NAME_CODES``), in the reader's language. A name
    breaking the rules is told as at a table with friends (the same rules, the same sentence)."""
    if code == "reserved-name":
        return str(pgettext("daily", "That name is one of the page's own labels, so it would mislead the other "
                                     "players. Choose another name."))
    return name_refused(code)


__all__ = ["NAME_CODES", "anonymous_label", "is_reserved", "parse", "refusal"]
