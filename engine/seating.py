"""How the site seats its computer players, in one place for the site and the engine's analysis.

Every move of a computer seat gets its own generator, seeded from the deal's seed, the number of
actions made so far and the seat (``agent_seed``): the same deal and the same human actions give
the same game in any process, after any restart, and a replay of the deal with another player in
one seat (``engine.analysis.duplicate``) meets the same computer players with the same draws for
as long as the history is the same.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from engine.rng import make_rng
from engine.spec import A, Agent, Deal, V

ACTION_SLOTS = 64  # the seed's factors (the site's since its first deal): they only spread seeds
SEAT_SLOTS = 8


def agent_seed(deal_seed: int | None, action_count: int, seat: int) -> int:
    """The seed of the generator for ``seat``'s move after ``action_count`` actions of the deal
    dealt by ``deal_seed`` (0 for a deal set up by hand): ``((seed × 64) + actions) × 8 + seat``.
    (A deal of more than 64 actions may share a generator seed with another deal's move, which
    only makes two draws alike.)"""
    return ((deal_seed or 0) * ACTION_SLOTS + action_count) * SEAT_SLOTS + seat


def agent_rng(deal: Deal[A, V], seat: int) -> random.Random:
    """The generator of ``seat``'s move in ``deal``, as the site makes it (``agent_seed``)."""
    return make_rng(agent_seed(deal.seed, deal.action_count, seat))


def play_seats(deal: Deal[A, V], players: Sequence[Agent[V, A] | None]) -> Deal[A, V]:
    """Let the seats that have a player (``players[seat]``, None for a seat played from outside)
    act, each move with ``agent_rng``, until the deal is over or a seat without a player is to
    act. An agent's error is raised (the site plays a random legal action instead)."""
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        player = players[seat]
        if player is None:
            break
        deal = deal.apply(player.choose(deal.view(seat), agent_rng(deal, seat)), player=seat)
    return deal


__all__ = ["agent_seed", "agent_rng", "play_seats"]
