"""The one game interface (engine.spec.GameSpec, engine.games): every game answers the same
questions the same way, and its views speak in the shared shapes (events, outcome)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.ai import AGENT_NAMES
from engine.errors import IllegalAction
from engine.games import GAME_KEYS, GAMES, game
from engine.outcome import OVER, Outcome
from engine.tien_gow.view import SUPREME
from engine.tiles import parse_tiles
from tests.game_policy import load_policy

SPECS = [GAMES[key] for key in GAME_KEYS]
POLICY = {key: load_policy(key) for key in GAME_KEYS}  # content/puzzles/<key>/policy.toml


def play_out(spec, seed, agent_seed):
    rng = random.Random(agent_seed)
    deal = spec.new_deal(seed)
    states = [deal]
    while not deal.is_over:
        deal = deal.apply(rng.choice(list(deal.legal_actions())))
        states.append(deal)
    return states


def test_the_registry_lists_each_game_by_its_key():
    assert GAME_KEYS[:2] == ("chuo-pai", "tien-gow") and len(set(GAME_KEYS)) == len(GAME_KEYS)
    assert [s.key for s in SPECS] == list(GAME_KEYS) and game("tien-gow") is GAMES["tien-gow"]
    with pytest.raises(KeyError):
        game("chess")


@pytest.mark.parametrize("spec", SPECS, ids=GAME_KEYS)
def test_seat_counts_and_orders_are_the_rules(spec):
    """Chuo Pai 3 clockwise (CP-2), Tien Gow 4 counter-clockwise (TG-2) with face down (TG-6)."""
    policy = POLICY[spec.key]
    assert (spec.seats, spec.seat_order, spec.has_face_down) == (
        policy.seats, policy.seat_order, policy.has_face_down)


def test_the_two_games_declare_the_rules_seats():
    assert (POLICY["chuo-pai"].seats, POLICY["chuo-pai"].seat_order) == (3, "clockwise")  # CP-2
    assert (POLICY["tien-gow"].seats, POLICY["tien-gow"].seat_order) == (4, "counter-clockwise")  # TG-2
    assert not POLICY["chuo-pai"].has_face_down and POLICY["tien-gow"].has_face_down  # TG-6


@pytest.mark.parametrize("spec", SPECS, ids=GAME_KEYS)
def test_agent_levels_are_the_declared_ones_weakest_first(spec):
    assert spec.agent_levels == POLICY[spec.key].levels
    if set(spec.agent_levels) <= set(AGENT_NAMES):  # the engine's shared levels keep its order
        assert spec.agent_levels == tuple(n for n in AGENT_NAMES if n in spec.agent_levels)
    assert set(spec.estimating_levels) <= set(spec.agent_levels)
    for level in spec.agent_levels:
        assert spec.make_agent(level).name == level


@pytest.mark.parametrize("spec", SPECS, ids=GAME_KEYS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), agent_seed=st.integers(0, 2**32))
def test_events_outcome_and_records_agree_with_the_deal(spec, seed, agent_seed):
    states = play_out(spec, seed, agent_seed)
    deal = states[-1]
    assert spec.replay(spec.to_record(deal)) == deal
    for state in states[::7] + [deal]:
        for seat in range(spec.seats):
            view = state.view(seat)
            events = view.events()
            assert sum(e.kind in spec.move_kinds for e in events) == state.action_count
            assert {e.kind for e in events} <= spec.event_kinds
            # a Chuo Pai deal without a bonus has no event before its first action
            assert (bool(events) and events[-1].kind == OVER) == state.is_over
            assert view.outcome() == state.outcome()
            assert (state.outcome() is None) == (not state.is_over)
            if seat == state.to_act:
                assert list(view.legal_actions()) == list(state.legal_actions())
    outcome = deal.outcome()
    assert isinstance(outcome, Outcome) and outcome.first
    top = all(outcome.scores[s] == max(outcome.scores) for s in outcome.first)
    assert top or not POLICY[spec.key].first_has_top_score


def test_chuo_pai_outcome_is_the_piles_and_joint_winners():
    deal = play_out(game("chuo-pai"), 3, 4)[-1]
    out = deal.outcome()
    assert out.scores == deal.piles and out.first == deal.winners and out.ledger == ()
    assert out.next_first is None  # CP-3: the next deal draws its first leader


def test_tien_gow_outcome_is_the_net_of_the_ledger_and_the_next_banker():
    deal = play_out(game("tien-gow"), 5, 6)[-1]
    out = deal.outcome()
    assert out.first == (deal.winner,) and out.scores == deal.net and out.ledger == deal.payments
    assert sum(out.scores) == 0 and out.next_first == deal.next_banker == deal.winner  # TG-19


# -- positions ---------------------------------------------------------------------------------

def test_chuo_pai_position_from_hands_and_a_lead():
    hands = [parse_tiles("4-5 4-5 1-1"), parse_tiles("3-4 3-4 2-2"), parse_tiles("3-3 1-3")]
    deal = cp.position(hands, leader=1, actions=["3-4 3-4"])
    assert deal.to_act == 2 and deal.current.notation == "3-4 3-4"
    assert deal.bonus == ((),) * 3 and deal.piles == (0, 0, 0)
    assert [a.notation for a in deal.legal_actions()] == [""]  # CP-14: a forced pass
    deal = deal.apply(cp.PASS)
    assert deal.to_act == 0 and [a.notation for a in deal.legal_actions()] == ["4-5 4-5"]


@pytest.mark.parametrize("hands, leader, detail", [
    ([parse_tiles("6-6")] * 2, 0, "seats"),
    ([parse_tiles("6-6 6-6 6-6"), parse_tiles("6-6 6-6"), ()], 0, "copies"),  # CP-1
    ([parse_tiles("6-6"), (), ()], 0, "over"),  # CP-17
    ([parse_tiles("6-6"), parse_tiles("1-1"), ()], 3, "leader"),
])
def test_chuo_pai_position_refuses_what_is_no_position(hands, leader, detail):
    with pytest.raises(IllegalAction) as err:
        cp.position(hands, leader)
    assert (err.value.reason, err.value.detail) == ("not-a-deal", detail)


def test_tien_gow_position_last_trick_with_pillars_and_early_death():
    hands = ["3-6", "4-5", "1-1", "6-6"]
    deal = tg.position(hands, banker=0, leader=1, pillars=(0, 3, 2, 2),
                       plays=[tg.parse_action("4-5", True)])
    assert deal.to_act == 2
    # TG-12: seat 2 has pillars; seat 0 later has none and may only discard face down
    deal = deal.apply(tg.parse_action("1-1", False)).apply(tg.parse_action("6-6", False))
    assert deal.to_act == 0 and all(not a.face_up for a in deal.legal_actions())
    assert deal.view(0).early_death
    deal = deal.apply(tg.parse_action("3-6", False))
    assert deal.is_over and deal.outcome().first == (1,)


def test_tien_gow_position_refuses_what_is_no_position():
    for hands, pillars, detail in [(["6-6", "6-6 1-1", "1-1", "3-3"], (0,) * 4, "hand-size"),
                                   (["6-6", "6-6", "6-6", "3-3"], (0,) * 4, "tiles"),  # TG-1
                                   (["6-6", "1-1", "3-3", "2-2"], (8, 0, 0, 0), "pillars")]:
        with pytest.raises(IllegalAction) as err:
            tg.position(hands, banker=0, leader=0, pillars=pillars)
        assert (err.value.reason, err.value.detail) == ("not-a-deal", detail)


def test_tien_gow_supreme_event_comes_from_the_set_not_its_tiles():
    hands = ["1-2 2-4", "5-6 5-6", "1-1 1-1", "3-3 3-3"]
    deal = tg.position(hands, banker=0, leader=0, pillars=(3, 1, 1, 1),
                       plays=[tg.parse_action("1-2 2-4", True)])
    for action in (tg.parse_action("5-6 5-6", False), tg.parse_action("1-1 1-1", False),
                   tg.parse_action("3-3 3-3", False)):
        deal = deal.apply(action)
    kinds = Counter(e.kind for e in deal.view(1).events())
    assert kinds[SUPREME] == 1 and deal.outcome().ledger[0].why == "supreme"  # TG-16


def test_each_game_declares_itself_and_the_registry_names_none() -> None:
    """A game of the engine is listed by its own ``engine/games/<game>.py`` (its ``SPEC`` and
    ``ORDER``): the registry lists that package and names no game, and the order is the declared
    one (pages list the games in it)."""
    from pathlib import Path

    import engine.games

    registry = Path(engine.games.__file__).read_text()
    assert not [key for key in GAME_KEYS if key in registry or key.replace("-", "_") in registry]
    assert GAME_KEYS[:3] == ("chuo-pai", "tien-gow", "high-card")
    declared = sorted(p.stem for p in Path(engine.games.__file__).parent.glob("*.py") if p.stem != "__init__")
    assert sorted(key.replace("-", "_") for key in GAME_KEYS) == declared


def test_a_one_tile_trick_game_reads_its_record_through_the_shared_base() -> None:
    """High Card's record is ``engine.trick_record``'s, declared with its deck and deal: a game
    copied from it copies no record reader (its ``record.py`` holds no check of its own)."""
    from pathlib import Path

    from engine.high_card import record
    from engine.trick_record import TrickRecords

    assert isinstance(record.RECORDS, TrickRecords)
    assert record.replay_steps == record.RECORDS.replay_steps
    source = Path(record.__file__).read_text()
    assert "RecordError" not in source and "raise" not in source
