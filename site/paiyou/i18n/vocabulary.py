"""The shape of one game's vocabulary: what a page needs to name that game's things.

Each game's room defines one (``paiyou.games.<game>.vocabulary.VOCABULARY``); ``paiyou.i18n.names``
looks them up by game key. The names are lazy strings, translated when a page renders them.

Every name has a second form, its **oblique**: the form a name takes before a postposition. Hindi
names ending in -ā change there (लंबा तीन -> «लंबे तीन की रैंक», बड़ा छह -> «बड़े छह ने»); in the
other languages the oblique is written as the name itself. The oblique messages have the name's
context with ``OBLIQUE`` added ("chuo-pai tile, oblique"). A message uses a name's oblique through
the placeholder ``%(<name>_obl)s``, filled by the same call that fills ``%(<name>)s``
(``paiyou.i18n.declension``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask_babel.speaklater import LazyString

OBLIQUE = ", oblique"  # added to a name's message context for its oblique form
GAME = "name"  # the key of the game's own name in ``Vocabulary.names()["game"]``


@dataclass(frozen=True, slots=True)
class ChineseName:
    characters: str
    pinyin: str
    inferred: bool = False  # tiles.md: "inferred" / "unverified" — not found in a public source


@dataclass(frozen=True, slots=True)
class Combination:
    """A named group of tiles the glossary draws: a head tile and the tiles that join it."""

    name: LazyString
    head: str                # tile key
    totals: tuple[str, ...]  # tile keys


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One game's words.

    ``terms`` holds the game's own classes of things by kind, each a table key -> name (Chuo
    Pai: ``family``, ``family-title``, ``special``; Tien Gow: ``suit``, ``set``, ``mixed``).

    ``obliques`` holds the oblique form of every name (module docstring): the game's name under
    ``"game"``, its tiles under ``"tile"`` and its terms under their kinds, with the same keys. A
    game that leaves it empty declares that its names never change before a postposition.
    """

    game: str                                    # the game key ("chuo-pai")
    name: LazyString                             # the game's name ("Chuo Pai")
    chinese: str                                 # the game's name in Chinese ("戳牌")
    chinese_script: str                          # BCP 47 tag of the Chinese names ("zh-Hans")
    abbreviation: str                            # rule numbers and content placeholders ("cp")
    tile_style: str                              # how its tiles are drawn (paiyou.web.drawing)
    tile_names: Mapping[str, LazyString]         # tile key ("1-2") -> the tile's name in this game
    chinese_names: Mapping[str, ChineseName]     # tile key -> Chinese name (data, not translated)
    terms: Mapping[str, Mapping[str, LazyString]]
    rules_link: LazyString                       # the header link to its rules ("Chuo Pai rules")
    example_rule: str                            # a rule the rules page cites as an example ("cp-12")
    ladders: Mapping[str, tuple[tuple[str, ...], ...]]  # the rules page's ladders by name, strongest
    #                                              rung first; keys sharing a rung are equal rank
    combinations: tuple[Combination, ...]        # the glossary's combinations, strongest first
    obliques: Mapping[str, Mapping[str, LazyString]] = field(default_factory=dict)  # kind -> key -> oblique

    def names(self) -> dict[str, Mapping[str, LazyString]]:
        """Every name of the game by kind (``"game"``, ``"tile"``, then each kind of ``terms``)."""
        return {"game": {GAME: self.name}, "tile": self.tile_names, **self.terms}

    def oblique(self, kind: str, key: str) -> LazyString:
        """The oblique form of one name (``kind`` as in ``names()``); the name itself when the game
        declares no obliques."""
        if not self.obliques:
            return self.names()[kind][key]
        return self.obliques[kind][key]
