"""High Card as the engine lists it (the example of docs/adding-a-game.md): its rules
(``engine.high_card``) and its computer players by level (``engine.ai.high_card``), in one
``GameSpec``. Copied to ``engine/games/<your_game>.py``, it lists a new game: nothing else names it."""
from __future__ import annotations

from engine import high_card
from engine.ai.agents import RandomAgent
from engine.ai.high_card import ExactHighCard, HighestAgent
from engine.spec import GameSpec, Level

ORDER = 3  # its place in engine.games.GAME_KEYS (games of one place go by key)

LEVELS: tuple[Level[high_card.SeatView, high_card.Action], ...] = (
    Level("random", RandomAgent), Level("highest", HighestAgent), Level.estimating("exact", ExactHighCard),
)
SPEC: GameSpec[high_card.Action, high_card.SeatView, high_card.Deal] = GameSpec.of(high_card, LEVELS)
