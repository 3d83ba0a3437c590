"""Tien Gow's four table options (engine/tien_gow/variants.py), each named by the rule it
changes: TG-12-v no-early-death, TG-4-v pure-pairs, TG-14-v rising-banker and hk-banker-excess;
then records, ``replay`` and the command line under them, the kernel against the engine and every
computer level under each of the 16 combinations."""
import dataclasses
import io
import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tien_gow as tg
from engine.ai.agents import RandomAgent
from engine.ai.strong_tien_gow import TUNED, StrongTienGow, solve
from engine.ai.tien_gow import GreedyTienGow, StandardTienGow
from engine.cli import main
from engine.errors import IllegalAction, RecordError, VariantError
from engine.games import game
from engine.rng import make_rng
from engine.tien_gow import kernel as k
from engine.tien_gow import settlement as stl
from engine.tien_gow.sets import MIXED, SET_BY_TILES
from engine.tien_gow.variants import (
    HK_BANKER_EXCESS,
    NO_EARLY_DEATH,
    OPTIONS,
    PURE_PAIRS,
    RISING_BANKER,
    rules_of,
)
from engine.tiles import parse_tiles

KEYS = tuple(o.key for o in OPTIONS)
COMBINATIONS = [tuple(c) for n in range(len(KEYS) + 1) for c in itertools.combinations(KEYS, n)]
SPEC = game("tien-gow")


def S(text):
    return SET_BY_TILES[tuple(parse_tiles(text))]


def up(text):
    return tg.parse_action(text)


def down(text):
    return tg.parse_action(text, face_up=False)


# -- the options -------------------------------------------------------------------------------

def test_the_four_options_each_change_a_rule_and_name_a_source():
    assert KEYS == (HK_BANKER_EXCESS, NO_EARLY_DEATH, PURE_PAIRS, RISING_BANKER)
    assert len(COMBINATIONS) == 16
    for option in OPTIONS:
        assert option.rule.startswith("TG-") and option.meaning and option.sources
    assert SPEC.variant_options == OPTIONS
    assert game("chuo-pai").variant_options == ()


@pytest.mark.parametrize("value", [["no-such-option"], "pure-pairs", [PURE_PAIRS, PURE_PAIRS], [1], None,
                                   {"pure-pairs": True}])
def test_an_unknown_option_or_a_malformed_list_is_unknown_variant(value):
    with pytest.raises(VariantError) as found:
        SPEC.check_variant(value)
    assert found.value.code == "unknown-variant"


def test_chuo_pai_has_no_option_so_every_key_is_unknown_variant():
    with pytest.raises(VariantError):
        game("chuo-pai").check_variant([NO_EARLY_DEATH])
    assert game("chuo-pai").check_variant([]) == ()


def test_options_are_read_in_any_order_and_kept_sorted():
    assert SPEC.check_variant([RISING_BANKER, NO_EARLY_DEATH]) == (NO_EARLY_DEATH, RISING_BANKER)


def test_the_default_rules_are_the_very_deal_new_deal_makes():
    deal = tg.new_deal(7)
    assert SPEC.under(deal, ()) is deal
    assert deal.rules == tg.DEFAULT == rules_of([])


# -- TG-12-v: no-early-death ---------------------------------------------------------------------

def last_single(rules=tg.DEFAULT):
    """The last trick, a single: seat 0 (4 pillars) leads the Big Head Six; seat 1, with no
    pillar, holds Heaven."""
    return tg.position(["1-5", "6-6", "2-2", "3-3"], banker=0, leader=0, pillars=(4, 0, 2, 1),
                       plays=[up("1-5")], rules=rules)


def test_tg12_early_death_forbids_a_pillarless_beat_by_default():
    deal = last_single()
    assert deal.legal_actions() == (down("6-6"),)
    with pytest.raises(IllegalAction, match="early-death"):
        deal.apply(up("6-6"))


def test_tg12_v_no_early_death_lets_a_pillarless_follower_beat_and_win_the_deal():
    deal = last_single(rules_of([NO_EARLY_DEATH]))
    assert up("6-6") in deal.legal_actions()
    assert deal.view(1).legal_actions() == deal.legal_actions()
    assert not deal.view(1).early_death
    for action in (up("6-6"), down("2-2"), down("3-3")):
        deal = deal.apply(action)
    assert deal.winner == 1 and deal.pillars == (4, 1, 2, 1)


# -- TG-4-v: pure-pairs --------------------------------------------------------------------------

HANDS = [
    "6-6 6-6 3-6 4-5 1-1 1-1 2-6 3-5",  # two quartets: Heaven–Nine, Earth–Eight
    "4-4 4-4 2-5 3-4 1-3 1-3 1-4 2-3",  # two more: Man–Seven, Goose–Five
    "5-5 5-5 3-3 3-3 2-2 2-2 5-6 5-6",
    "4-6 4-6 1-6 1-6 1-5 1-5 2-4 1-2",
]


def test_tg4_v_pure_pairs_leads_no_mixed_set():
    default = tg.deal_from_hands(HANDS, banker=0)
    pure = tg.with_rules(default, (PURE_PAIRS,))
    mixed = [a for a in default.legal_actions() if tg.classify(a.tiles).kind == MIXED]
    assert mixed and up("6-6 6-6 3-6 4-5") in mixed
    assert set(pure.legal_actions()) == set(default.legal_actions()) - set(mixed)
    with pytest.raises(IllegalAction, match="pure-pairs"):
        pure.apply(up("6-6 3-6"))
    assert pure.apply(up("6-6 6-6")).high is S("6-6 6-6")  # a civil pair is a historical pair
    assert pure.apply(up("3-6 4-5")).high is S("3-6 4-5")  # so is a military one


def test_tg4_v_pure_pairs_judges_a_mixed_set_no_set():
    assert tg.judge(None, "6-6 3-6").valid
    assert not tg.judge_variant(None, "6-6 3-6", (PURE_PAIRS,)).valid
    assert SPEC.judge_under("1-1 1-1", "6-6 6-6", (PURE_PAIRS,)).beats
    assert SPEC.judge_under(None, "6-6 3-6", (NO_EARLY_DEATH,)).valid


# -- TG-14-v: rising-banker, hk-banker-excess ----------------------------------------------------

def test_tg14_v_rising_banker_pays_and_is_paid_three_then_four_times_in_a_row():
    heaven = S("6-6")
    # the banker (0) loses with no pillar: 5 × the banker's factor
    for run, times in ((1, 2), (2, 3), (3, 4)):
        rules = rules_of([RISING_BANKER], run)
        assert rules.banker_times == times
        ledger = stl.final_payments((0, 4, 2, 2), 0, 1, 1, heaven, heaven, rules)
        assert stl.Payment(0, 1, 5 * times, "settlement") in ledger
    # the immediate money too: the Supreme led by a banker in its third deal in a row
    paid = stl.immediate_payments(2, S("2-4 1-2"), 2, rules_of([RISING_BANKER], 3))
    assert [p.amount for p in paid] == [8, 8, 8]


def test_tg14_v_rising_banker_counts_only_a_banker_who_keeps_the_bank():
    first = tg.with_rules(tg.new_deal(11), (RISING_BANKER,))
    kept = tg.with_rules(tg.new_deal(12, first.banker), (RISING_BANKER,), first)
    assert kept.rules.banker_run == 2 and kept.rules.banker_times == 3
    again = tg.with_rules(tg.new_deal(13, first.banker), (RISING_BANKER,), kept)
    assert again.rules.banker_run == 3
    lost = tg.with_rules(tg.new_deal(14, (first.banker + 1) % 4), (RISING_BANKER,), again)
    assert lost.rules.banker_run == 1
    # without the option there is no run
    assert tg.with_rules(tg.new_deal(12, first.banker), (NO_EARLY_DEATH,), first).rules.banker_times == 2


def test_tg14_v_hk_banker_excess_pays_a_losing_banker_single_excess():
    heaven = S("6-6")
    pillars = (5, 2, 1, 0)  # the banker (0) holds 5 pillars and loses to seat 1
    default = stl.final_payments(pillars, 0, 1, 1, heaven, heaven)
    hk = stl.final_payments(pillars, 0, 1, 1, heaven, heaven, rules_of([HK_BANKER_EXCESS]))
    assert stl.Payment(1, 0, 2, "settlement") in default
    assert stl.Payment(1, 0, 1, "settlement") in hk
    # only the banker's excess changes: the others pay as before
    assert [p for p in hk if p.payer != 1] == [p for p in default if p.payer != 1]
    working = stl.settlement_working(pillars, 0, 1, heaven, rules_of([HK_BANKER_EXCESS]))
    assert [(line.seat, line.banker, line.amount) for line in working][-1] == (0, 1, -1)


def test_tg14_v_hk_banker_excess_leaves_a_winning_banker_doubled():
    heaven = S("6-6")
    pillars = (2, 5, 1, 0)  # the banker (0) wins; seat 1 holds 5 pillars
    rules = rules_of([HK_BANKER_EXCESS])
    assert stl.final_payments(pillars, 0, 0, 0, heaven, heaven, rules) == \
        stl.final_payments(pillars, 0, 0, 0, heaven, heaven)


# -- records and replay --------------------------------------------------------------------------

def played(seed, variant, agents=None):
    agents = agents or [RandomAgent() for _ in range(4)]
    rngs = [make_rng(seed * 16 + s + 1) for s in range(4)]
    deal = SPEC.under(tg.new_deal(seed), variant)
    while not deal.is_over:
        seat = deal.to_act
        deal = deal.apply(agents[seat].choose(deal.view(seat), rngs[seat]), seat)
    return deal


def test_a_record_carries_its_sorted_variant_and_replays_under_it():
    deal = played(3, (NO_EARLY_DEATH, PURE_PAIRS))
    record = tg.to_record(deal)
    assert record["variant"] == [NO_EARLY_DEATH, PURE_PAIRS]
    assert tg.replay(json.loads(json.dumps(record))) == deal
    assert "variant" not in tg.to_record(played(3, ()))


def test_a_rising_bankers_record_states_the_run_and_replays_its_payments():
    first = tg.with_rules(tg.new_deal(21), (RISING_BANKER,))
    deal = tg.with_rules(tg.new_deal(22, first.banker), (RISING_BANKER,), first)
    record = tg.to_record(deal)
    assert record["banker_run"] == 2
    assert tg.replay(record).rules.banker_times == 3
    del record["variant"]
    with pytest.raises(RecordError) as found:
        tg.replay(record)
    assert found.value.code == "unknown-variant"


def early_death_record():
    """A finished record in which a pillarless follower beats on the final single."""
    for seed in range(400):
        deal = played(seed, (NO_EARLY_DEATH,))
        last = deal.tricks[-1]
        if len(last.plays[0].action.tiles) == 1 and any(
                t.action.face_up and deal.pillars[t.player] == 1 and t.player == last.winner
                for t in last.plays[1:]):
            return tg.to_record(deal)
    raise AssertionError("no seed found")


def test_replay_refuses_a_default_record_with_a_beat_only_no_early_death_allows():
    record = early_death_record()
    assert tg.replay(record).is_over
    del record["variant"]
    with pytest.raises(RecordError) as found:
        tg.replay(record)
    assert found.value.code == "illegal" and found.value.detail["reason"] == "early-death"


def test_replay_refuses_a_pure_pairs_record_with_a_mixed_set():
    for seed in range(200):
        record = tg.to_record(played(seed, ()))
        if any(len(t["actions"][0]["tiles"]) > 1 and tg.classify(
                tuple(parse_tiles(" ".join(t["actions"][0]["tiles"])))).kind == MIXED for t in record["tricks"]):
            break
    record = {**record, "variant": [PURE_PAIRS]}
    with pytest.raises(RecordError) as found:
        tg.replay(record)
    assert found.value.code == "illegal" and found.value.detail["reason"] == "pure-pairs"


@pytest.mark.parametrize("variant", [["no-such-option"], [PURE_PAIRS, NO_EARLY_DEATH], "pure-pairs",
                                     [PURE_PAIRS, PURE_PAIRS]])
def test_replay_refuses_an_unknown_or_unsorted_variant(variant):
    record = {**tg.to_record(played(4, ())), "variant": variant}
    with pytest.raises(RecordError) as found:
        tg.replay(record)
    assert found.value.code == "unknown-variant" and found.value.path == ("variant",)


def test_replay_refuses_a_chuo_pai_record_with_a_variant():
    chuo = game("chuo-pai")
    record = {**chuo.to_record(chuo.new_deal(5)), "variant": [NO_EARLY_DEATH]}
    with pytest.raises(RecordError) as found:
        chuo.replay(record)
    assert found.value.code == "unknown-variant"
    assert chuo.replay({**record, "variant": []}) is not None


def test_a_settlement_record_claiming_other_rules_is_a_mismatch():
    first = tg.with_rules(tg.new_deal(30), (RISING_BANKER,))
    kept = tg.with_rules(tg.new_deal(31, first.banker), (RISING_BANKER,), first)
    for action in _random_actions(kept):
        kept = kept.apply(action)
    record = tg.to_record(kept)
    assert tg.replay(record) == kept
    del record["banker_run"]  # the same play paid ×2 is not what the record states
    with pytest.raises(RecordError) as found:
        tg.replay(record)
    assert found.value.code == "mismatch"


def _random_actions(deal):
    rng = random.Random(5)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        yield action
        deal = deal.apply(action)


# -- the command line ------------------------------------------------------------------------------

def run(argv, stdin=""):
    out = io.StringIO()
    status = main(argv, io.StringIO(stdin), out)
    return status, out.getvalue()


def test_cli_selfplay_writes_variant_records_that_replay_checks():
    status, lines = run(["selfplay", "--game", "tien-gow", "--variant", "pure-pairs,no-early-death",
                         "--deals", "3", "--seed", "5", "--agents", "random,greedy,random,greedy"])
    assert status == 0
    records = [json.loads(line) for line in lines.splitlines()]
    assert all(r["variant"] == [NO_EARLY_DEATH, PURE_PAIRS] for r in records)
    status, verdicts = run(["replay"], lines)
    assert status == 0 and verdicts.count(": ok") == 3


def test_cli_random_selfplay_under_a_variant_goes_through_the_engine():
    status, lines = run(["selfplay", "--game", "tien-gow", "--variant", "pure-pairs", "--deals", "2"])
    assert status == 0
    for line in lines.splitlines():
        record = json.loads(line)
        assert record["variant"] == [PURE_PAIRS] and tg.replay(record).is_over


@pytest.mark.parametrize("argv", [
    ["selfplay", "--game", "tien-gow", "--variant", "bogus"],
    ["selfplay", "--game", "tien-gow", "--variant", "pure-pairs,"],
    ["selfplay", "--game", "chuo-pai", "--variant", "pure-pairs"],
    ["judge", "--game", "chuo-pai", "--variant", "no-early-death"],
])
def test_cli_refuses_an_unknown_variant(argv, capsys):
    assert run(argv)[0] == 2
    assert "unknown-variant" in capsys.readouterr().err


def test_cli_judge_under_pure_pairs():
    query = json.dumps({"current": None, "play": "6-6 3-6"}) + "\n"
    assert json.loads(run(["judge", "--game", "tien-gow"], query)[1])["valid"]
    answer = json.loads(run(["judge", "--game", "tien-gow", "--variant", "pure-pairs"], query)[1])
    assert answer["reason"] == "not-a-set"


# -- the kernel and the computer players under every combination ----------------------------------

@settings(max_examples=160, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), st.sampled_from(COMBINATIONS), st.integers(1, 4),
       st.booleans())
def test_kernel_matches_the_engine_under_every_combination(seed, agent_seed, variant, run, prefer_up):
    """Legal lists in order, hands, pillars and ledger, as tests/engine/tien_gow/test_kernel.py
    holds them for the default rules, under each option and a rising banker's run."""
    rng = random.Random(agent_seed)
    deal = tg.new_deal(seed)._replace(rules=rules_of(variant, run))
    position = k.Position.of(deal)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert position.legal() == [k.to_id(a) for a in legal]
        ups = [a for a in legal if a.face_up]
        action = rng.choice(ups) if prefer_up and ups else rng.choice(legal)
        deal = deal.apply(action)
        position.step(k.to_id(action))
        assert position.codes == list(deal.codes)
        assert tuple(position.pillars) == deal.pillars
        assert position.ledger == [tuple(p) for p in deal.payments]
    assert tuple(position.net()) == deal.net


def test_the_strong_search_solves_the_last_single_by_the_deals_rules():
    """strong's exact end (``solve``) plays by the deal's rules: the pillarless Heaven beats under
    no-early-death and is a discard by default, when the Long Three takes the trick."""
    deal = last_single()
    codes = [k.SET_CODE[S(t).id] for t in ("1-5", "6-6", "2-2", "3-3")]
    by_default = solve(codes, list(deal.pillars), 0, 1, 0, 0, -1, -1, -1)
    without = solve(codes, list(deal.pillars), 0, 1, 0, 0, -1, -1, -1, rules_of([NO_EARLY_DEATH]))
    assert by_default[4] == 3 and without[4] == 1


CHEAP_STRONG = dataclasses.replace(TUNED, budget=1500, max_worlds=12, min_batch=2, exact_budget=30)


@pytest.mark.parametrize("variant", COMBINATIONS, ids=lambda v: ",".join(v) or "default")
def test_every_computer_level_plays_legally_under_every_combination(variant):
    """Each level at its own seat of a match of two deals (the second keeps a rising banker's
    run): every choice is one of the view's legal actions and the records replay."""
    levels = [RandomAgent(), GreedyTienGow(), StandardTienGow(budget=1500, worlds=8), StrongTienGow(CHEAP_STRONG)]
    seed = 100 + COMBINATIONS.index(variant)
    previous = None
    for deal_no in range(2):
        first = None if previous is None else previous.winner
        deal = SPEC.under(tg.next_deal(seed + deal_no, first), variant, previous)
        rngs = [random.Random(seed * 10 + s) for s in range(4)]
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            choice = levels[(seat + deal_no) % 4].choose(view, rngs[seat])
            assert choice in view.legal_actions() == deal.legal_actions()
            deal = deal.apply(choice, seat)
        assert tg.replay(json.loads(json.dumps(tg.to_record(deal)))) == deal
        previous = deal
