"""The hint and the analysis read one estimate of a view (issue 48): the move the hint puts first is
never graded a mistake or a blunder by the analysis of that same position, nor marked wrong by the
mistake puzzle made of it (``engine.analysis.assess``: a move graded best or good is right).

Property-style over many positions of both games (deterministic seeds); the hint's level is the
site's default analysis level, ``strong``."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.analysis import BEST, GOOD, assess
from engine.cli import play_deal
from engine.games import GAME_KEYS, game
from paiyou.config import Config
from paiyou.deals import hints

POSITIONS = 6  # per game: a few seconds of CPU with strong


def positions(key: str, count: int) -> list[tuple[Any, int]]:
    """Deterministic positions with a choice: states of self-played deals (every seat standard),
    each with its seat to act, spread over the deal (every third decision)."""
    spec = game(key)
    found: list[tuple[Any, int]] = []
    seed = 4800
    while len(found) < count:
        states = spec.replay_steps(play_deal(key, seed, ["standard"] * spec.seats))
        choices = [s for s in states[:-1] if len(s.legal_actions()) > 1]
        found += [(s, s.to_act) for s in choices[::3]]
        seed += 1
    return found[:count]


@pytest.mark.parametrize(
    "key", [k for k in GAME_KEYS if Config.PAIYOU_ANALYSIS_LEVEL in game(k).estimating_levels])
def test_the_hints_first_choice_is_never_graded_a_mistake_by_the_analysis(key: str) -> None:
    level = Config.PAIYOU_ANALYSIS_LEVEL
    assert hints.hint_level(key) == level  # the site's default: the hint's level is the analysis's
    for state, seat in positions(key, POSITIONS):
        view = state.view(seat)
        found = hints._search_hints(SimpleNamespace(game=key, deal=state, seat=seat), hints.MAX_HINTS)  # type: ignore[arg-type]
        decision = assess(key, view, found.action, level=level, step=state.action_count)
        assert decision.grade == BEST and decision.cost == 0.0, (key, state.action_count)
        assert decision.grade in (BEST, GOOD)  # the puzzle's judge: right
        # the same figures: the hint's are the analysis's, in its order
        assert [(h.action, h.chance, h.expected) for h in found.candidates] == [
            (a, f.first, f.score) for a, f in decision.figures[:len(found.candidates)]]
