"""Localized names of the games' things, keyed by engine keys.

One term per tile per game per language, the same on every page: every view and template gets
names from here (``tile_name(key, game)`` in Jinja), never writes its own. Each game's words are
in its room (``paiyou.games.<game>.vocabulary``, a ``paiyou.i18n.vocabulary.Vocabulary``); this
module finds them by game key. Message contexts keep the catalogs unambiguous ("Nine" the Tien
Gow tile is not "Nine" anything else).

Chinese names (with pinyin) are not translated; they are data for the glossary (tiles.md).
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from flask_babel.speaklater import LazyString

from engine.tiles import Tile, tile
from paiyou.i18n.vocabulary import ChineseName, Vocabulary, name_message
from paiyou.registry import GAME_KEYS, ByGame, game_module

__all__ = [
    "ChineseName", "Vocabulary", "vocabulary", "vocabularies", "game_name", "tile_name",
    "chinese_name", "term", "terms", "name_messages", "GAME_NAMES", "TILE_NAMES", "CHINESE_NAMES",
]


@cache
def vocabulary(game: str) -> Vocabulary:
    """The words of ``game`` (a game key); KeyError for an unknown game."""
    found = game_module(game, "vocabulary").VOCABULARY
    if not isinstance(found, Vocabulary):
        raise TypeError(f"paiyou.games.{game}.vocabulary.VOCABULARY is not a Vocabulary")
    return found


def vocabularies() -> tuple[Vocabulary, ...]:
    """Every game's words, in the engine's order of the games."""
    return tuple(vocabulary(game) for game in GAME_KEYS)


GAME_NAMES: Mapping[str, LazyString] = ByGame(lambda game: vocabulary(game).name)
TILE_NAMES: Mapping[str, Mapping[str, LazyString]] = ByGame(lambda game: vocabulary(game).tile_names)
CHINESE_NAMES: Mapping[str, Mapping[str, ChineseName]] = ByGame(lambda game: vocabulary(game).chinese_names)


def _tile(key: str | Tile) -> Tile:
    return key if isinstance(key, Tile) else tile(str(key))


def game_name(game: str) -> LazyString:
    return GAME_NAMES[game]


def tile_name(key: str | Tile, game: str) -> LazyString:
    """The tile's name in ``game`` (a game key), in the current locale."""
    return TILE_NAMES[game][_tile(key).key]


def chinese_name(key: str | Tile, game: str) -> ChineseName:
    return CHINESE_NAMES[game][_tile(key).key]


def term(game: str, kind: str, key: str) -> LazyString:
    """The name of one of ``game``'s own things: ``term(game, "family", "long")``."""
    return vocabulary(game).terms[kind][key]


def terms(kind: str) -> Mapping[str, LazyString]:
    """The table of one kind of thing from the game that has it (``terms("family")``); KeyError
    if no game has that kind."""
    for words in vocabularies():
        if kind in words.terms:
            return words.terms[kind]
    raise KeyError(kind)



def name_messages() -> list[tuple[str, str]]:
    """The message (context, msgid) of every name of every game, each once, in the games' order:
    the names whose case forms and genders the catalogs hold (``paiyou.i18n.catalogs``)."""
    found: dict[tuple[str, str], None] = {}
    for words in vocabularies():
        for table in words.names().values():
            for name in table.values():
                context, msgid, _ = name_message(name)
                found.setdefault((context, msgid))
    return list(found)
