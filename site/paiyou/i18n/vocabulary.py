"""The shape of one game's vocabulary: what a page needs to name that game's things.

Each game's room defines one (``paiyou.games.<game>.vocabulary.VOCABULARY``); ``paiyou.i18n.names``
looks them up by game key. The names are lazy strings, translated when a page renders them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel.speaklater import LazyString


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
