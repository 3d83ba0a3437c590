"""``standard``'s self-play, decision by decision: what the data generators (``fit_imitation.py``,
``lead_ranks.py``) fit and measure, and what the research tools (``research/``) read. Writes
nothing."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


def standard_play(game_key: str, seeds: Iterable[int]) -> Iterator[tuple[Any, Any, Any]]:
    """Every decision of ``standard``'s self-play on ``seeds``, forced ones included: (the deal
    before it, the seat's view, the action it chose), the seats' generators seeded as
    ``python -m engine selfplay`` seeds them."""
    from engine.cli import agent_seeds
    from engine.games import game, make_agent
    from engine.rng import make_rng

    rules = game(game_key)
    standard = make_agent("standard", game_key)
    for seed in seeds:
        deal = rules.new_deal(seed)
        rngs = [make_rng(s) for s in agent_seeds(seed, rules.seats)]
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            action = standard.choose(view, rngs[seat])
            yield deal, view, action
            deal = deal.apply(action, player=seat)


def standard_decisions(game_key: str, seeds: Iterable[int]) -> Iterator[tuple[Any, Any]]:
    """``standard_play`` without the deal: what a seat saw and chose."""
    for _, view, action in standard_play(game_key, seeds):
        yield view, action
