"""The glossary's arrangement: the 21 tiles grouped by the first game's ladders (Chuo Pai's four
families), strongest first, with the ladder each tile is on in every other game (Tien Gow: its
suit). Everything comes from the games' vocabularies (``Vocabulary.ladders``); the page draws each
game's part with its partials (``templates/games/<game>/glossary_*.html``).
"""
from __future__ import annotations

from dataclasses import dataclass

from paiyou.i18n.names import vocabularies
from paiyou.i18n.vocabulary import Vocabulary


@dataclass(frozen=True, slots=True)
class GlossaryGroup:
    by: str                       # the game whose ladder this group is ("chuo-pai")
    name: str                     # that ladder's name ("long")
    keys: list[str]               # its tiles, strongest first
    ties: dict[str, list[str]]    # tile -> the other tiles of its rung (equal rank)
    classes: dict[str, str]       # game -> the ladder these tiles are on in that game
    others: tuple[str, ...]       # the other games, in the engine's order


def _ladder_of(words: Vocabulary, key: str) -> str:
    return next(name for name, ladder in words.ladders.items() if any(key in rung for rung in ladder))


def groups() -> list[GlossaryGroup]:
    first, *rest = vocabularies()
    found = []
    for name, ladder in first.ladders.items():
        keys = [key for rung in ladder for key in rung]
        classes = {first.game: name}
        for words in rest:
            (classes[words.game],) = {_ladder_of(words, key) for key in keys}  # one ladder each
        ties = {key: [k for k in rung if k != key] for rung in ladder for key in rung}
        found.append(GlossaryGroup(first.game, name, keys, ties, classes, tuple(w.game for w in rest)))
    return found
