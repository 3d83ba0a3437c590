"""The registry of games: one ``GameSpec`` per key (as in URLs and records).

A game of this package is its rules package (``engine.spec.GameRules``) and its computer players
(``engine.ai.agents``), one entry below; a game kept in another package brings its whole spec,
agents included, with one call of ``register(spec)`` before anything reads the list.
"""
from __future__ import annotations

from engine import chuo_pai, high_card, tien_gow
from engine.ai import agents
from engine.chuo_pai import selfplay as chuo_pai_selfplay
from engine.spec import A, AnyGameSpec, D, Deal, GameSpec, V, erased
from engine.tien_gow import selfplay as tien_gow_selfplay

CHUO_PAI: GameSpec[chuo_pai.Action, chuo_pai.SeatView, chuo_pai.Deal] = GameSpec.of(
    chuo_pai, agents.CHUO_PAI, chuo_pai_selfplay.random_record_line)
TIEN_GOW: GameSpec[tien_gow.Action, tien_gow.SeatView, tien_gow.Deal] = GameSpec.of(
    tien_gow, agents.TIEN_GOW, tien_gow_selfplay.random_record_line)
HIGH_CARD: GameSpec[high_card.Action, high_card.SeatView, high_card.Deal] = GameSpec.of(high_card, agents.HIGH_CARD)

# Each game's deal is the contract's Deal of its actions and views (its actions and views are
# checked by GameSpec's bounds): mypy proves it here.
_DEALS: tuple[type[Deal[chuo_pai.Action, chuo_pai.SeatView]], type[Deal[tien_gow.Action, tien_gow.SeatView]],
              type[Deal[high_card.Action, high_card.SeatView]]] = (chuo_pai.Deal, tien_gow.Deal, high_card.Deal)

GAMES: dict[str, AnyGameSpec] = {
    CHUO_PAI.key: erased(CHUO_PAI), TIEN_GOW.key: erased(TIEN_GOW), HIGH_CARD.key: erased(HIGH_CARD)}
GAME_KEYS: tuple[str, ...] = tuple(GAMES)


def register(spec: GameSpec[A, V, D]) -> GameSpec[A, V, D]:
    """Add a game kept outside this package, its computer players with it (``spec.levels``), before
    any module reads ``GAME_KEYS``: register, then import the site. ValueError for a key already
    taken."""
    global GAME_KEYS
    if spec.key in GAMES:
        raise ValueError(f"{spec.key}: a game with this key is registered")
    GAMES[spec.key] = erased(spec)
    GAME_KEYS = tuple(GAMES)
    return spec


def game(key: str) -> AnyGameSpec:
    """The spec of a game by its key (game-blind: ``engine.spec.AnyGameSpec``); KeyError for an
    unknown key."""
    return GAMES[key]
