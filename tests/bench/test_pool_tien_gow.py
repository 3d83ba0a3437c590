"""bench/pool/tien_gow.py's expert: always legal and deterministic, and its style on built deals."""
import random
from collections import Counter

import pytest

from bench.pool import make_player
from bench.pool.tien_gow import Expert
from engine import tien_gow as tg
from engine.rng import make_rng
from engine.tien_gow.ladders import PACK
from engine.tiles import parse_tiles


def deal_with(banker, *hands):
    """A deal where the first seats hold ``hands`` and the rest of the pack goes to the others."""
    given = [parse_tiles(h) for h in hands]
    rest = list((Counter(PACK) - Counter(t for h in given for t in h)).elements())
    while len(given) < 4:
        given.append(tuple(rest[:8]))
        rest = rest[8:]
    return tg.deal_from_hands(given, banker)


@pytest.mark.parametrize("mates", ["expert", "careful", "greedy"])
def test_expert_always_plays_a_legal_action_and_the_same_one_again(mates):
    for seed in range(60):
        names = ["expert"] + [mates] * 3
        players = [make_player(n, "tien-gow") for n in names[seed % 4:] + names[:seed % 4]]
        rngs = [make_rng(seed * 16 + s + 1) for s in range(4)]
        deal = tg.new_deal(seed)
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            action = players[seat].choose(view, rngs[seat])
            assert action in deal.legal_actions()
            if players[seat].name == "expert":  # deterministic given the view and the generator
                assert Expert().choose(view, random.Random(7)) == action
            deal = deal.apply(action, player=seat)


def test_expert_runs_off_a_hand_of_sure_sets_with_a_doubling_set_last():
    # The Heaven-Nine quartet, the Supreme and the Earth pair (both Heavens are ours): nobody
    # can beat any of them, so the expert keeps the lead to the end. It leads the Earth pair first
    # (careful would cash the Supreme at once) and ends on a doubling set (TG-15).
    deal = deal_with(0, "6-6 6-6 3-6 4-5 2-4 1-2 1-1 1-1")
    expert = Expert()
    assert expert.choose(deal.view(0), make_rng(1)) == tg.make_action(parse_tiles("1-1 1-1"), True)
    players = [expert] + [make_player("expert", "tien-gow") for _ in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        deal = deal.apply(players[seat].choose(deal.view(seat), make_rng(seat)), player=seat)
    assert deal.winner == 0 and deal.pillars[0] == 8
    assert len(deal.tricks[-1].plays[0].action.tiles) in (2, 4)  # the Supreme or the quartet last


def test_expert_holds_its_heaven_back_from_a_cheap_lead():
    # The banker leads the weakest civil tile; only the expert's Heaven beats it, a tile likeliest
    # to stand on the last trick. Eight tiles in hand: the trick is not worth it, so it discards
    # its weakest tile face down.
    deal = deal_with(0, "1-5 1-5 1-6 1-6 4-6 4-6 5-6 5-6", "6-6 3-6 2-6 2-5 1-4 1-2 5-5 3-3")
    deal = deal.apply(tg.make_action(parse_tiles("1-5"), True), player=0)
    action = Expert().choose(deal.view(1), make_rng(2))
    assert not action.face_up
    assert action.tiles == parse_tiles("1-2")


def test_expert_takes_the_seventh_trick_to_lead_its_sure_tile_last():
    # Two tiles each; the expert has a pillar and holds the Nine 3-6 and the Heaven 6-6, both
    # sure. Over a led Plum it beats with the Heaven and keeps the Nine to lead the last trick.
    hands = ["5-5 2-2", "6-6 3-6", "1-5 1-6", "4-6 5-6"]
    deal = tg.position(hands, banker=0, leader=0, pillars=(2, 1, 1, 2),
                       plays=[tg.make_action(parse_tiles("5-5"), True)])
    assert Expert().choose(deal.view(1), make_rng(3)) == tg.make_action(parse_tiles("6-6"), True)
