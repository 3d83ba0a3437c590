"""Property-based play-outs over seeds: TG-20 invariants, legality, views, records."""
import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tien_gow as tg
from engine.errors import IllegalAction, RecordError
from engine.tien_gow.ladders import PACK

seeds = st.integers(min_value=0, max_value=2**32)
TILE_RE = re.compile(r"\b[1-6]-[1-6]\b")


def play_out(seed, agent_seed):
    """Random legal play; returns the final deal and every state before an action."""
    rng, deal, states = random.Random(agent_seed), tg.new_deal(seed), []
    while not deal.is_over:
        states.append(deal)
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal, states


@settings(max_examples=80, deadline=None)
@given(seeds, seeds)
def test_tg20_invariants_over_random_deals(seed, agent_seed):
    """TG-20: tiles conserved, pillars sum to 8, the winner holds >= 2, no opponent > 6,
    payments zero-sum, at most one Supreme trick and two 4-tile tricks."""
    deal, states = play_out(seed, agent_seed)
    for state in states + [deal]:
        in_hands = Counter(t for h in state.hands for t in h)
        played = Counter(t for tr in state.tricks + (state.trick,) for p in tr.plays
                         for t in p.action.tiles)
        assert in_hands + played == Counter(PACK)
        assert len({len(h) + sum(len(p.action.tiles) for p in state.plays if p.player == s)
                    for s, h in enumerate(state.hands)}) == 1
    assert sum(deal.pillars) == 8
    assert deal.pillars[deal.winner] >= 2
    assert all(p <= 6 for s, p in enumerate(deal.pillars) if s != deal.winner)
    assert sum(deal.net) == 0 and all(p.amount > 0 for p in deal.payments)
    assert sum(1 for p in deal.payments if p.why == "supreme") in (0, 3)
    assert sum(1 for p in deal.payments if p.why == "quartet") in (0, 3, 6)
    assert deal.next_banker == deal.winner == deal.tricks[-1].winner


@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_apply_accepts_exactly_the_legal_actions(seed, agent_seed):
    """Every applied action was in legal_actions(), and random probes (any tiles of the hand,
    any count, either face) are accepted exactly when they are listed there."""
    rng, deal = random.Random(agent_seed), tg.new_deal(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert len(set(legal)) == len(legal)
        hand = deal.hands[deal.to_act]
        for _ in range(4):
            probe = tg.make_action(rng.sample(hand, rng.randint(1, min(4, len(hand)))),
                                   rng.random() < 0.5)
            try:
                deal.apply(probe)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (probe in legal), probe
        deal = deal.apply(rng.choice(legal), deal.to_act)


def _tiles_in(obj):
    """Every tile key appearing anywhere in a JSON-like structure."""
    if isinstance(obj, dict):
        return [k for v in obj.values() for k in _tiles_in(v)]
    if isinstance(obj, (list, tuple)):
        return [k for v in obj for k in _tiles_in(v)]
    return [obj] if isinstance(obj, str) and TILE_RE.fullmatch(obj) else []


@settings(max_examples=50, deadline=None)
@given(seeds, seeds)
def test_views_never_show_a_face_down_tile_or_another_hand(seed, agent_seed):
    """TG-6: a view shows exactly the seat's own hand, its own plays and everyone's face-up
    plays; other seats' face-down tiles and hands never appear (in the dict or the repr)."""
    deal, states = play_out(seed, agent_seed)
    for state in states[::3] + [deal]:
        for seat in range(tg.SEATS):
            view = state.view(seat)
            allowed = Counter(t.key for t in state.hands[seat])
            for trick in state.tricks + (state.trick,):
                for p in trick.plays:
                    if p.action.face_up or p.player == seat:
                        allowed.update(t.key for t in p.action.tiles)
            assert Counter(_tiles_in(view.as_dict())) == allowed
            assert Counter(TILE_RE.findall(repr(view))) == allowed
            json.dumps(view.as_dict())
            if seat == state.to_act:
                assert view.legal_actions() == state.legal_actions()
            else:
                assert view.legal_actions() == ()


@settings(max_examples=50, deadline=None)
@given(seeds, seeds, st.integers(min_value=0, max_value=40))
def test_records_round_trip_and_replay_to_the_same_result(seed, agent_seed, cut):
    """to_record -> JSON -> replay gives the same deal, finished or cut short."""
    deal, states = play_out(seed, agent_seed)
    for target in (deal, states[min(cut, len(states) - 1)]):
        record = json.loads(json.dumps(tg.to_record(target)))
        again = tg.replay(record)
        assert again == target
        assert tg.to_record(again) == record


@settings(max_examples=50, deadline=None)
@given(seeds, seeds, st.data())
def test_tampered_records_are_rejected(seed, agent_seed, data):
    """A wrong net, wrong pillars, a wrong payment or an illegal action is rejected."""
    deal, _ = play_out(seed, agent_seed)
    record = tg.to_record(deal)
    seat = data.draw(st.integers(0, 3))

    def rejected(change):
        copy = json.loads(json.dumps(record))
        change(copy)
        try:
            tg.replay(copy)
        except RecordError as e:
            return e
        raise AssertionError("tampered record accepted")

    assert rejected(lambda r: r["net"].__setitem__(seat, r["net"][seat] + 1)).path == \
        ("net", seat)
    assert rejected(lambda r: r["pillars"].__setitem__(seat, r["pillars"][seat] + 1)).path == \
        ("pillars", seat)
    k = data.draw(st.integers(0, len(record["payments"]) - 1)) if record["payments"] else None
    if k is not None:
        assert rejected(lambda r: r["payments"][k].__setitem__("amount", 999)).path == \
            ("payments", k)
    assert rejected(lambda r: r.__setitem__("next_banker", (deal.winner + 1) % 4)).path == \
        ("next_banker",)

    # an illegal action: a face-down lead, or a follower's tile swapped for one not in hand
    i = data.draw(st.integers(0, len(record["tricks"]) - 1))
    err = rejected(lambda r: r["tricks"][i]["actions"][0].__setitem__("face_up", False))
    assert (err.path, err.code, err.detail["reason"]) == (("tricks", i, "actions", 0), "illegal", "must-lead-face-up")
    j = data.draw(st.integers(1, 3))
    entry = record["tricks"][i]["actions"][j]
    held = deal.dealt[entry["player"]]
    foreign = next(t.key for t in PACK if t not in held)
    err = rejected(lambda r: r["tricks"][i]["actions"][j]["tiles"].__setitem__(0, foreign))
    assert err.path == ("tricks", i, "actions", j)
