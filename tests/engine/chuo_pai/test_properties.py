"""Property-based play-outs over seeds (CP-20 and the engine's own promises)."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import chuo_pai as cp
from engine.errors import IllegalAction, RecordError
from engine.tiles import ALL_TILES

seeds = st.integers(min_value=0, max_value=2**32)


def play_out(seed, agent_seed):
    rng, deal, states = random.Random(agent_seed), cp.new_deal(seed), []
    while not deal.is_over:
        states.append(deal)
        action = rng.choice(deal.legal_actions())
        deal = deal.apply(action)
    return deal, states


@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_cp20_no_card_created_or_lost_and_piles_are_scored_cards(seed, agent_seed):
    deal, states = play_out(seed, agent_seed)
    assert sum(deal.piles) + deal.removed + sum(deal.sizes) == 84
    scored = sum(len(b) for b in deal.bonus) + sum(_winning_size(r) for r in deal.rounds)
    assert scored == sum(deal.piles)
    assert sum(1 for s in deal.sizes if s) <= 1
    assert deal.winners and all(deal.piles[w] == max(deal.piles) for w in deal.winners)


def _winning_size(rnd):
    """The cards of the round's winning play: the last play made by the winner."""
    return [p for seat, p in rnd.actions if seat == rnd.winner and p.size][-1].size


@settings(max_examples=40, deadline=None)
@given(seeds, seeds)
def test_every_applied_action_was_legal_and_illegal_ones_change_nothing(seed, agent_seed):
    deal, states = play_out(seed, agent_seed)
    rng = random.Random(seed)
    for state in states[:: max(1, len(states) // 10)]:
        legal = set(state.legal_actions())
        probe = rng.choice(cp.ALL_PLAYS + (cp.PASS,))
        if probe in legal:
            state.apply(probe)
        else:
            before = state
            try:
                state.apply(probe)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{probe} accepted but not legal")
            assert state == before


@settings(max_examples=40, deadline=None)
@given(seeds, seeds)
def test_views_never_reveal_another_hand(seed, agent_seed):
    _deal, states = play_out(seed, agent_seed)
    for state in states[::7]:
        for seat in range(3):
            view = state.view(seat)
            assert view.hand == state.hand(seat)
            others = [state.hand(s) for s in range(3) if s != seat]
            for name, value in view._asdict().items():
                if name in ("hand", "hand_counts"):
                    continue
                for other in others:
                    assert value != other or not other
            if view.my_turn:
                assert set(view.legal_actions()) == set(state.legal_actions())


@settings(max_examples=40, deadline=None)
@given(seeds, seeds, st.integers(min_value=0, max_value=200))
def test_records_round_trip_and_replay_to_the_same_result(seed, agent_seed, cut):
    deal, states = play_out(seed, agent_seed)
    for state in (deal, states[min(cut, len(states) - 1)]):
        record = json.loads(json.dumps(cp.to_record(state)))
        replayed = cp.replay(record)
        assert replayed == state
        assert cp.to_record(replayed) == record


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_tampered_records_are_rejected(seed):
    deal, _ = play_out(seed, seed + 1)
    record = cp.to_record(deal)
    wrong_piles = json.loads(json.dumps(record))
    wrong_piles["piles"][0] += 1
    wrong_winners = json.loads(json.dumps(record))
    wrong_winners["winners"] = [s for s in range(3) if s not in record["winners"]][:1]
    swapped = json.loads(json.dumps(record))
    first = swapped["rounds"][0]["actions"][0]
    first["tiles"] = [ALL_TILES[0].key] * 5  # five copies: no legal play
    for bad in (wrong_piles, wrong_winners, swapped):
        try:
            cp.replay(bad)
        except RecordError:
            continue
        raise AssertionError("a tampered record was accepted")
