"""The play-out kernel (engine/chuo_pai/kernel.py) follows the engine exactly: random deals
played through both give the same legal-action lists at every step and the same results. (Random
self-play on the kernel: tests/engine/test_selfplay.py.)"""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import chuo_pai as cp
from engine.chuo_pai import kernel as k
from engine.chuo_pai.deal import next_leader
from engine.rng import make_bits, randbelow

seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=150, deadline=None)
@given(seeds, seeds)
def test_kernel_legal_actions_and_results_match_the_engine(seed, agent_seed):
    """CP-5 … CP-19 on ints: every legal-action list (in order), every state, the piles."""
    rng = random.Random(agent_seed)
    deal = cp.new_deal(seed)
    position = k.Position.of(deal)
    while not deal.is_over:
        legal = deal.legal_actions()
        ids = position.legal()
        assert ids == [k.to_id(a) for a in legal]
        assert [k.to_action(i) for i in ids] == list(legal)
        assert k.count_leads(position.hands[position.to_act]) == len(legal) or deal.current
        action = rng.choice(legal)
        deal = deal.apply(action)
        position.step(k.to_id(action))
        assert position.to_act == (-1 if deal.to_act is None else deal.to_act)
        assert tuple(tuple(h) for h in position.hands) == deal.hands
        assert tuple(position.piles) == deal.piles and tuple(position.sizes) == deal.sizes
    assert position.winners() == deal.winners


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=400))
def test_lead_at_is_the_indexed_legal_lead(seed, index):
    hand = list(cp.new_deal(seed).hands[0])
    leads = k.legal_ids(hand, k.PASS_ID)
    assert k.count_leads(hand) == len(leads)
    assert k.lead_at(hand, index % len(leads)) == leads[index % len(leads)]


@settings(max_examples=100, deadline=None)
@given(seeds, seeds)
def test_random_deal_ends_rounds_as_next_leader(seed, agent_seed):
    """``random_deal`` keeps CP-17 and CP-18 inline (a second form of ``deal.next_leader``, for
    speed): with the same draws it plays the very deal ``Position.step`` plays, which calls it."""
    deal = cp.new_deal(seed)
    if deal.is_over:
        return
    hands, sizes, piles = [list(h) for h in deal.hands], list(deal.sizes), list(deal.piles)
    k.random_deal(hands, sizes, piles, deal.to_act, [make_bits(agent_seed + s) for s in range(3)])
    bits = [make_bits(agent_seed + s) for s in range(3)]
    position = k.Position.of(deal)
    while position.to_act >= 0:
        legal = position.legal()
        position.step(legal[randbelow(bits[position.to_act], len(legal))])
    assert (position.hands, position.sizes, position.piles) == (hands, sizes, piles)


@given(st.lists(st.integers(0, 28), min_size=3, max_size=3), st.integers(0, 2))
def test_next_leader_is_cp17_and_cp18(sizes, winner):
    """CP-17: over (-1) once at most one hand holds cards; CP-18: else the winner, or the next
    seat clockwise holding cards."""
    leader = next_leader(sizes, winner)
    if sum(1 for n in sizes if n) <= 1:
        assert leader == -1
    else:
        assert sizes[leader] and all(not sizes[(winner + d) % 3] for d in range((leader - winner) % 3))
