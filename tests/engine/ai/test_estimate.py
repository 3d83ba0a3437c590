"""``estimate(view, rng)`` of the search agents: every candidate with its first-place chance, best
first, in the order ``choose`` ranks them (its first is ``choose``'s action, with the same draws),
deterministic for a given view and generator state."""
from __future__ import annotations

import pytest

from engine.games import GAMES
from engine.rng import make_rng

# The games with the levels these tests use (greedy, and standard's budgeted search).
LEVELLED = sorted(k for k in GAMES if {"greedy", "standard"} <= set(GAMES[k].agent_levels))


def positions(game: str, deals: int = 3):
    """Views of seat 0 at a few of its decisions, along greedy self-play."""
    spec = GAMES[game]
    greedy = spec.make_agent("greedy")
    for seed in range(deals):
        deal = spec.new_deal(seed)
        while not deal.is_over:
            seat = deal.to_act
            if seat == 0 and len(deal.legal_actions()) > 1:
                yield deal.view(0)
            deal = deal.apply(greedy.choose(deal.view(seat), make_rng(deal.action_count)), player=seat)


@pytest.mark.parametrize("game", LEVELLED)
def test_the_first_estimate_is_the_choice(game: str) -> None:
    agent = GAMES[game].make_agent("standard")
    agent.budget = 3000  # type: ignore[attr-defined]  # a lighter search: the test is about shape
    checked = 0
    for k, view in enumerate(positions(game)):
        if k % 4:
            continue
        ranked = agent.estimate(view, make_rng(k))  # type: ignore[attr-defined]
        again = agent.estimate(view, make_rng(k))  # type: ignore[attr-defined]
        assert [(a.as_dict(), s) for a, s in ranked] == [(a.as_dict(), s) for a, s in again]
        assert agent.choose(view, make_rng(k)).as_dict() == ranked[0][0].as_dict()
        legal = [a.as_dict() for a in view.legal_actions()]
        assert all(a.as_dict() in legal for a, _ in ranked)
        assert all(0.0 <= s <= 1.0 for _, s in ranked)
        assert len({repr(a.as_dict()) for a, _ in ranked}) == len(ranked)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", LEVELLED)
def test_a_single_legal_action_is_estimated_too(game: str) -> None:
    spec = GAMES[game]
    agent = spec.make_agent("standard")
    agent.budget = 2000  # type: ignore[attr-defined]
    greedy = spec.make_agent("greedy")
    for seed in range(20):
        deal = spec.new_deal(seed)
        while not deal.is_over:
            seat = deal.to_act
            if seat == 0 and len(deal.legal_actions()) == 1:
                ranked = agent.estimate(deal.view(0), make_rng(1))  # type: ignore[attr-defined]
                assert len(ranked) == 1 and 0.0 <= ranked[0][1] <= 1.0
                return
            deal = deal.apply(greedy.choose(deal.view(seat), make_rng(deal.action_count)), player=seat)
    pytest.skip("no forced move in these deals")
