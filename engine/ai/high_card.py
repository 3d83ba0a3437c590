"""High Card's computer players: ``highest`` and ``exact``.

``exact`` is an ``engine.spec.Estimator``: every tile is dealt (HC-1), so the seat's view shows the
other hand too (``SeatView.unseen``) and the remaining game (at most six plays) is searched to the
end. The search assumes the other seat plays each of its legal tiles with equal chance and this
seat plays to maximise its chance of first place; a candidate's estimate is that chance and the
expected number of tricks it wins.
"""
from __future__ import annotations

import random

from engine.high_card.actions import Action, rank
from engine.high_card.deal import Deal
from engine.high_card.view import SeatView


class HighestAgent:
    """The ``highest`` level: always plays its highest tile."""

    name = "highest"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return max(view.legal_actions(), key=lambda a: rank(a.tile))


def deal_of(view: SeatView) -> Deal:
    """The deal as the view shows it: each seat's dealt hand is what it holds plus what it played."""
    played: list[list[Action]] = [[], []]
    for seat, action in view.history:
        played[seat].append(action)
    held = (view.hand, view.unseen()) if view.seat == 0 else (view.unseen(), view.hand)
    dealt = tuple((*held[s], *(a.tile for a in played[s])) for s in range(2))
    return Deal(None, dealt, view.first, view.history)


def _value(deal: Deal, seat: int) -> tuple[float, float]:
    """(chance of first place, expected tricks) of ``seat`` from ``deal`` on, by the search above."""
    outcome = deal.outcome()
    if outcome is not None:
        return (1.0 if seat in outcome.first else 0.0), float(outcome.scores[seat])
    values = [_value(deal.apply(a), seat) for a in deal.legal_actions()]
    if deal.to_act == seat:
        return max(values)
    return sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values)


class ExactHighCard:
    """The ``exact`` level: the candidate with the best (chance of first, expected tricks)."""

    name = "exact"

    def estimate_scores(self, view: SeatView, rng: random.Random) -> list[tuple[Action, float, float]]:
        deal = deal_of(view)
        scored = [(a, *_value(deal.apply(a), view.seat)) for a in view.legal_actions()]
        return sorted(scored, key=lambda s: (s[1], s[2]), reverse=True)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.estimate_scores(view, rng)[0][0]

    def sampler(self, view: SeatView) -> ExactHighCardSampler:
        """The legal tiles, searched to the end (``exact``: one world, no draw)."""
        return ExactHighCardSampler(view)


class ExactHighCardSampler:
    """``ExactHighCard``'s search as a ``WorldSampler`` with nothing hidden: every world is the
    view's deal, a result the exact (chance of first place, expected tricks)."""

    exact = True
    work = 1

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.deal = deal_of(view)
        self.actions = list(view.legal_actions())

    def draw(self, rng: random.Random) -> float:
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        return _value(self.deal.apply(self.actions[candidate]), self.view.seat)
