"""The exact two-seat Chuo Pai endgame (engine/ai/chuo_pai_endgame.py) against a brute force
through the engine's own rules (CP-5, CP-12 … CP-19)."""
from __future__ import annotations

import random

import pytest

from engine.ai.chuo_pai_endgame import TooLarge, solve
from engine.chuo_pai import Deal, position
from engine.chuo_pai.kernel import PASS_ID, to_id
from engine.tiles import ALL_TILES

WEIGHT = 0.02


def brute_force(deal: Deal) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Every seat's (result, first share) under the same choice rule, by Deal.apply alone."""
    if deal.is_over:
        piles = deal.piles
        top = max(piles)
        firsts = tuple(1 / piles.count(top) if p == top else 0.0 for p in piles)
        scores = tuple(firsts[s] + WEIGHT * (piles[s] - max(piles[(s + 1) % 3], piles[(s + 2) % 3]))
                       for s in range(3))
        return scores, firsts
    seat = deal.to_act
    assert seat is not None
    options = [brute_force(deal.apply(a, player=seat)) for a in deal.legal_actions()]
    return max(options, key=lambda o: (o[0][seat], o[0][seat] - sum(o[0])))


def random_endgame(rand: random.Random, follow: bool) -> tuple[Deal, int]:
    """Two seats with 1–5 cards each (the third is out), random piles; leading, or following a
    lead."""
    pack = [t for t in ALL_TILES for _ in range(4)]
    rand.shuffle(pack)
    out = rand.randrange(3)
    sizes = [0 if s == out else rand.randint(1, 5) for s in range(3)]
    hands, k = [], 0
    for n in sizes:
        hands.append(pack[k:k + n])
        k += n
    leader = rand.choice([s for s in range(3) if s != out])
    deal = position(hands, leader)
    deal = deal._replace(piles=tuple(rand.randint(0, 30) for _ in range(3)))
    if follow:
        lead = rand.choice(deal.legal_actions())
        deal = deal.apply(lead)
    return deal, out


@pytest.mark.parametrize("follow", [False, True])
def test_endgame_values_and_order_match_a_brute_force_through_the_engine(follow: bool) -> None:
    rand = random.Random(20261201 + follow)
    for _ in range(120):
        deal, _out = random_endgame(rand, follow)
        if deal.is_over:
            continue
        seat = deal.to_act
        assert seat is not None
        ranked = solve([list(h) for h in deal.hands], list(deal.piles),
                       PASS_ID if deal.current is None else deal.current.id,
                       -1 if deal.owner is None else deal.owner, seat, list(deal.pending), WEIGHT, 10 ** 6)
        expected = sorted(((to_id(a), brute_force(deal.apply(a, player=seat))) for a in deal.legal_actions()),
                          key=lambda o: (-o[1][0][seat], sum(o[1][0]) - o[1][0][seat]))
        assert [p for p, _, _ in ranked] == [p for p, _ in expected]
        for (_, score, first), (_, (scores, firsts)) in zip(ranked, expected, strict=True):
            assert score == pytest.approx(scores[seat])
            assert first == pytest.approx(firsts[seat])


def test_the_search_gives_up_past_its_limit_of_rounds() -> None:
    hands = [[4] * 5 + [0] * 16, [0] * 16 + [4] * 5, [0] * 21]
    with pytest.raises(TooLarge):
        solve(hands, [0, 0, 30], PASS_ID, -1, 0, [], WEIGHT, 50)
