"""The table's own labels, which no player may take as a name: each game room's seat names
("You", "West" …), the creator's seat ("South"), the computer players' levels and the lines that
name a computer seat ("Computer player: Strong"), in every language of the site. A name copying
them would let a person pass for a seat they do not hold, or for the computer.

They come from the rooms (``Table.seat_names``), the engine's levels and the catalogs, never from
a list kept here, so a new game, level or language is covered as it arrives. A name is a copy
when each of its words is a word of those labels and one of them names a seat or the computer
(a level's name alone is a word people are called by: Hindi's मानक, "Standard", is the given
name Manak), compared after NFKC and case folding, with punctuation and the invisible joiners
ignored: "you", a fullwidth "YOU", "West", "Computer (Strong)" and "computer player: strong" are all
refused; "Strong Ann" and "Strong" are names.
"""
from __future__ import annotations

import unicodedata

from flask import current_app
from flask_babel import force_locale, pgettext

from paiyou.config import LANGUAGE_CODES
from paiyou.deals.computer import levels
from paiyou.deals.seating import JOINERS, SELECTORS
from paiyou.registry import GAME_KEYS
from paiyou.tables.presenter import table_of
from paiyou.tables.table import creator_seat_name
from paiyou.tables.template_globals import level_label

EXTENSION_KEY = "paiyou.table_labels"  # the words of an app's labels, read from its catalogs once


def words(text: str) -> tuple[str, ...]:
    """The words of ``text`` after NFKC and case folding: runs of letters, combining marks and
    digits (a Hindi vowel sign belongs to its word), the joiners and selectors dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    found: list[str] = []
    word: list[str] = []
    for c in folded:
        if c in JOINERS or c in SELECTORS:
            continue
        if unicodedata.category(c)[0] in "LMN":
            word.append(c)
        elif word:
            found.append("".join(word))
            word = []
    if word:
        found.append("".join(word))
    return tuple(found)


def page_labels() -> tuple[list[str], list[str]]:
    """Every label a table's page gives a seat, in the current language: the labels that name a
    seat or the computer, and the levels' names."""
    seats = [creator_seat_name()]
    named = []
    for game in GAME_KEYS:
        seats += table_of(game).seat_names()
        for level in levels(game):
            named.append(level_label(level, game))
            seats += [pgettext("play", "Computer player: %(level)s", level=level_label(level, game)),
                      pgettext("play", "Computer players: %(level)s", level=level_label(level, game))]
    return seats, named


def label_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words of every page label in every language (this app's catalogs, read once): all of
    them, and those that name a seat or the computer (no level's name among them)."""
    cached = current_app.extensions.get(EXTENSION_KEY)
    if isinstance(cached, tuple):
        return cached
    every: set[str] = set()
    level_words: set[str] = set()
    seat_words: set[str] = set()
    for lang in LANGUAGE_CODES:
        with force_locale(lang):
            seats, named = page_labels()
            for label in seats:
                seat_words.update(words(label))
            for label in named:
                level_words.update(words(label))
    every = seat_words | level_words
    made = (frozenset(every), frozenset(seat_words - level_words))
    current_app.extensions[EXTENSION_KEY] = made
    return made


def is_page_label(name: str) -> bool:
    """Whether ``name`` copies the page's labels: made only of their words, one of which names a
    seat or the computer."""
    said = set(words(name))
    every, anchors = label_words()
    return bool(said) and said <= every and bool(said & anchors)
