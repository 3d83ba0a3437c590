"""The play-out kernel (engine/tien_gow/kernel.py) follows the engine exactly: random deals
played through both give the same legal-action lists at every step, the same pillars, ledger and
winner. (Random self-play on the kernel: tests/engine/test_selfplay.py.)"""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tien_gow as tg
from engine.rng import make_bits, randbelow
from engine.tien_gow import kernel as k

seeds = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=200, deadline=None)
@given(seeds, seeds, st.booleans())
def test_kernel_legal_actions_and_results_match_the_engine(seed, agent_seed, prefer_up):
    """TG-4 … TG-18 on ints: every legal-action list (in order), hands, pillars, the ledger."""
    rng = random.Random(agent_seed)
    deal = tg.new_deal(seed)
    position = k.Position.of(deal)
    while not deal.is_over:
        legal = deal.legal_actions()
        ids = position.legal()
        assert ids == [k.to_id(a) for a in legal]
        assert [k.to_action(i) for i in ids] == list(legal)
        ups = [a for a in legal if a.face_up]
        # Beating often reaches the rarer paths: early death, quartets, the Supreme, captures.
        action = rng.choice(ups) if prefer_up and ups else rng.choice(legal)
        deal = deal.apply(action)
        position.step(k.to_id(action))
        assert position.to_act == (-1 if deal.to_act is None else deal.to_act)
        assert position.codes == list(deal.codes)
        assert tuple(position.pillars) == deal.pillars
        assert position.ledger == [tuple(p) for p in deal.payments]
    assert position.over and tuple(position.net()) == deal.net


@settings(max_examples=100, deadline=None)
@given(seeds, seeds)
def test_random_deal_ends_tricks_as_end_trick(seed, agent_seed):
    """``random_deal`` keeps the end of a trick inline (a second form of ``end_trick``, for
    speed): with the same draws it plays the very deal ``Position.step`` plays, which calls it."""
    deal = tg.new_deal(seed)
    codes = list(deal.codes)
    pillars, ledger, winner = k.random_deal(codes, deal.banker, [make_bits(agent_seed + s) for s in range(4)])
    bits = [make_bits(agent_seed + s) for s in range(4)]
    position = k.Position.of(deal)
    while not position.over:
        legal = position.legal()
        position.step(legal[randbelow(bits[position.to_act], len(legal))])
    assert (position.pillars, position.ledger, position.leader) == (pillars, ledger, winner)


def test_kernel_beaters_are_the_sets_beaten_by():
    """TG-7, TG-9: the kernel reads the beats off ``sets.BEATEN_BY``, in the same order."""
    assert [[s for _, s in beats] for beats in k.BEATERS] == [[b.id for b in bs] for bs in tg.sets.BEATEN_BY]
