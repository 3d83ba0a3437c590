"""High Card's computer players: ``highest`` and ``exact``.

``exact`` is an ``engine.spec.Estimator``: every tile is dealt (HC-1), so the seat's view shows the
tiles of the other hands together (``SeatView.unseen``; with two seats, the other hand itself). The
estimate takes each way those tiles can lie in the other hands (one way with two seats) with equal
chance, and searches the remaining game of each to the end. The search assumes every other seat
plays each of its legal tiles with equal chance and this seat plays to maximise its chance of first
place; a candidate's estimate is that chance and the expected number of tricks it wins.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from engine.high_card.actions import Action, rank
from engine.high_card.deal import Deal
from engine.high_card.view import SeatView
from engine.tiles import Tile


class HighestAgent:
    """The ``highest`` level: always plays its highest tile."""

    name = "highest"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return max(view.legal_actions(), key=lambda a: rank(a.tile))


def deals_of(view: SeatView) -> Iterator[Deal]:
    """Each deal the view allows: each seat's dealt hand is what it holds plus what it played, and
    the tiles this seat cannot see lie in the other hands in each way their sizes allow."""
    seats = range(len(view.hand_sizes))
    played: list[list[Action]] = [[] for _ in seats]
    for seat, action in view.history:
        played[seat].append(action)
    others = [s for s in seats if s != view.seat]

    def splits(unseen: tuple[Tile, ...], at: int) -> Iterator[dict[int, tuple[Tile, ...]]]:
        if at == len(others):
            yield {}
            return
        for held in combinations(unseen, view.hand_sizes[others[at]]):
            rest = tuple(t for t in unseen if t not in held)
            for split in splits(rest, at + 1):
                yield {others[at]: held, **split}

    for split in splits(view.unseen(), 0):
        held = {view.seat: view.hand, **split}
        dealt = tuple((*held[s], *(a.tile for a in played[s])) for s in seats)
        yield Deal(None, dealt, view.first, view.history)


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
        deals = list(deals_of(view))
        scored = []
        for action in view.legal_actions():
            values = [_value(deal.apply(action), view.seat) for deal in deals]
            scored.append((action, sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values)))
        return sorted(scored, key=lambda s: (s[1], s[2]), reverse=True)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.estimate_scores(view, rng)[0][0]

    def sampler(self, view: SeatView) -> ExactHighCardSampler:
        """The legal tiles, searched to the end (``exact``: one world, no draw)."""
        return ExactHighCardSampler(view)


class ExactHighCardSampler:
    """``ExactHighCard``'s search as a ``WorldSampler`` with nothing left to draw: its one world is
    every deal the view allows at once (one with two seats), a candidate's result the exact
    (chance of first place, expected tricks) averaged over them, as ``estimate_scores`` weighs it."""

    exact = True
    work = 1

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.deals = list(deals_of(view))
        self.actions = list(view.legal_actions())

    def draw(self, rng: random.Random) -> float:
        return 1.0

    def play(self, candidate: int, world: int) -> tuple[float, float]:
        values = [_value(deal.apply(self.actions[candidate]), self.view.seat) for deal in self.deals]
        return sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values)
