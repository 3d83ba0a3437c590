"""The model of ``standard`` that Tien Gow ``strong``'s play-outs give the opponents
(engine/ai/tien_gow_imitation.py, written by scripts/fit_imitation.py; research/log.md, step 4)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import tien_gow_imitation as imitation
from engine.ai.strong_tien_gow import BEAT_IDS, LEAD_IDS, imitated_follow, imitated_lead, playout
from engine.tien_gow import SETS, new_deal
from engine.tien_gow.hands import code_of
from engine.tien_gow.kernel import GUARDS, Position, holds, leads
from engine.tiles import parse_tiles


def test_the_tables_cover_every_set_and_hand_size():
    assert len(imitation.PHASE) == 9
    assert {len(row) for row in imitation.LEAD_SET} == {len(SETS)}
    assert len(imitation.LEAD_SET) == len(imitation.LEAD_RANK) == 1 + max(imitation.PHASE)
    assert len(imitation.BEAT) == len(SETS)
    assert len(imitation.DOWN) == len(imitation.BEAT_RANK) == 9
    weights = [*imitation.BEAT, *(w for row in imitation.LEAD_SET + imitation.LEAD_RANK + imitation.BEAT_RANK
                                  for w in row), *(w for t in imitation.DOWN for row in t for w in row)]
    assert all(w > 0 for w in weights)


def test_an_imitated_lead_is_drawn_in_proportion_to_its_weight():
    """Eight tiles, phase 0: the share of each set held is its set weight times its rank weight
    over the sum (20,000 draws of a fixed generator, within 0.02)."""
    hand = code_of(parse_tiles("6-6 2-4 1-2 3-3 3-3 1-3 4-6 1-5"))
    held = [s for code, s in LEAD_IDS if holds(hand, code)]
    weights = [imitation.LEAD_SET[0][s] * imitation.LEAD_RANK[0][min(r, 6)] for r, s in enumerate(held)]
    rand = random.Random(3)
    draws = [imitated_lead(hand, 8, rand) for _ in range(20000)]
    assert set(draws) <= set(leads(hand))
    for s, w in zip(held, weights, strict=True):
        assert abs(draws.count(s) / len(draws) - w / sum(weights)) < 0.02


def test_an_imitated_follow_discards_or_beats_with_a_set_held():
    """Over single 1-6, a hand holding the beats 2-2 and 3-5 beats with one of them or discards
    (-1), in proportion to the weights; with no beat held it always discards."""
    hand = code_of(parse_tiles("2-2 3-5 1-5 1-2 4-6"))
    g = hand | GUARDS
    high = next(s.id for s in SETS if s.notation == "1-6")
    beats = BEAT_IDS[high]
    held = [s for code, s in beats if holds(hand, code)]
    rand = random.Random(5)
    draws = [imitated_follow(g, high, 5, False, True, rand) for _ in range(20000)]
    assert len(held) == 2 and set(draws) == {-1, *held}
    weights = [imitation.BEAT[s] * imitation.BEAT_RANK[5][min(r, 3)] for r, s in enumerate(held)]
    total = imitation.DOWN[5][False][True] + sum(weights)
    assert abs(draws.count(-1) / len(draws) - imitation.DOWN[5][False][True] / total) < 0.02
    assert imitated_follow(GUARDS, high, 8, True, False, rand) == -1  # an empty hand holds no beat


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6))
def test_play_outs_of_imitating_seats_empty_every_hand_and_settle_to_zero(seed, play_seed):
    """A play-out where every seat imitates ``standard`` plays all 32 tiles: every hand ends
    empty, the pillars count the 8 tiles of each hand, the payments sum to zero, the winner of
    the last trick holds a pillar (TG-12)."""
    pos = Position.of(new_deal(seed))
    codes, pillars, net = pos.codes[:], pos.pillars[:], [0] * 4
    winner = playout(codes, pillars, net, pos.banker, pos.left, pos.leader, -1, -1, 0, -1,
                     [False] * 4, [True] * 4, 0.0, random.Random(play_seed))
    assert codes == [0, 0, 0, 0]
    assert sum(pillars) == 8 and pillars[winner] > 0  # a pillar per tile each hand played
    assert sum(net) == 0
