"""One or more tests per rule CP-1 … CP-20 of ../shared/rules/chuo-pai.md."""
import copy
import pickle
from collections import Counter

import pytest

from engine import chuo_pai as cp
from engine.chuo_pai.families import FAMILY_OF, LADDERS, STRENGTH
from engine.errors import IllegalAction
from engine.tiles import ALL_TILES, TILE_BY_KEY, parse_tiles


def T(text):
    return parse_tiles(text)


def play(text):
    found = cp.classify(T(text))
    assert found is not None, text
    return found


def rigged(a, b, c, leader=0):
    return cp.deal_from_hands([T(a), T(b), T(c)], leader)


def test_cp1_deck_is_84_cards_four_of_each_identity():
    deal = cp.new_deal(1)
    dealt = Counter(t for hand in deal.dealt for t in hand)
    assert sum(dealt.values()) == 84
    assert set(dealt) == set(ALL_TILES) and set(dealt.values()) == {4}


def test_cp2_three_seats_next_player_is_next_seat():
    deal = rigged("6-6 5-5", "1-1", "2-2", leader=2)
    after = deal.apply("2-2")
    assert cp.SEATS == 3 and after.to_act == 0  # seat 2 leads, seat 0 (clockwise next) follows


def test_cp3_deal_28_each_and_random_first_leader_reproducible():
    leaders = {cp.new_deal(seed).first_leader for seed in range(30)}
    assert leaders == {0, 1, 2}
    deal = cp.new_deal(7)
    assert [len(h) for h in deal.dealt] == [28, 28, 28]
    assert cp.new_deal(7) == deal  # the same seed gives the same deal


def test_cp4_bonus_moves_every_nail_and_two_red_when_both_held():
    deal = rigged("1-2 1-2 2-4 6-6", "2-4 5-5", "1-2 3-3")
    assert [len(b) for b in deal.bonus] == [3, 0, 0]
    assert deal.piles == (3, 0, 0) and deal.sizes == (1, 2, 2)  # one kind alone gets nothing
    assert deal.first_leader == 0 and deal.to_act == 0  # the bonus does not change who leads


def test_cp4_several_players_may_qualify():
    deal = rigged("1-2 2-4 6-6", "1-2 1-2 2-4 5-5", "3-3")
    assert deal.piles == (2, 3, 0)


def test_cp5_round_is_one_lead_and_one_action_each_then_ends():
    deal = rigged("5-5 6-6", "3-3 4-4", "2-2 1-5")
    deal = deal.apply("5-5").apply("3-3").apply("")
    assert deal.round is None and len(deal.rounds) == 1  # no "keep going until all pass"
    assert deal.rounds[0].winner == 1


def test_cp5_empty_hands_are_skipped():
    deal = rigged("5-5 6-6", "3-3", "2-2 1-5")
    deal = deal.apply("5-5").apply("3-3").apply("")  # seat 1 empties its hand
    assert deal.to_act == 2  # seat 1 won but holds nothing: next holder clockwise leads (CP-18)
    deal = deal.apply("2-2")
    assert deal.to_act == 0 and deal.pending == ()  # seat 1 is skipped


def test_cp6_only_groups_and_special_combinations_are_plays():
    assert cp.classify(T("6-6 6-6 6-6 6-6")) is not None
    assert cp.classify(T("6-6 5-5")) is None
    with pytest.raises(IllegalAction) as error:
        rigged("6-6 5-5", "1-1", "2-2").apply("6-6 5-5")
    assert error.value.reason == "not-a-play"


def test_cp6_leader_may_not_pass():
    with pytest.raises(IllegalAction) as error:
        rigged("6-6", "1-1", "2-2").apply("")
    assert error.value.reason == "must-lead"


def test_cp7_ladders_and_yao_order_d1():
    assert [k for (k,) in LADDERS["long"]] == ["6-6", "1-1", "4-4", "1-3", "3-3", "5-5", "2-2"]
    assert [k for (k,) in LADDERS["yao"]] == ["1-5", "1-6", "4-6", "5-6"]
    assert cp.beats(play("5-6"), play("4-6")) and not cp.beats(play("4-6"), play("5-6"))
    assert cp.beats(play("5-5"), play("3-3"))  # Long Three outranks Plum Blossom in Chuo Pai


def test_cp8_equal_rank_never_beats_and_never_pairs():
    assert cp.judge("2-6", "3-5").reason == "equal-rank"
    assert cp.judge("1-2", "2-4").reason == "equal-rank"
    assert cp.classify(T("2-6 3-5")) is None and cp.classify(T("1-2 2-4")) is None
    assert STRENGTH[TILE_BY_KEY["2-4"]] < STRENGTH[TILE_BY_KEY["1-4"]]  # never by pips


def test_cp9_different_classes_never_beat():
    assert cp.judge("2-5", "1-4").reason == "different-family"  # Black vs Red
    assert cp.judge("2-2 2-2", "6-6 3-6").reason == "different-family"  # Special vs Long
    assert cp.judge("4-4 2-5", "6-6 6-6").reason == "different-family"  # Long pair vs Special
    assert FAMILY_OF[TILE_BY_KEY["5-6"]] == "yao" and FAMILY_OF[TILE_BY_KEY["2-2"]] == "long"


@pytest.mark.parametrize("text", ["6-6 3-6", "6-6 3-6 4-5", "6-6 6-6 3-6", "6-6 3-6 3-6 4-5",
                                  "6-6 6-6 6-6 4-5", "1-1 2-6 3-5", "4-4 2-5 3-4", "1-3 2-3 1-4"])
def test_cp10_special_combinations_any_split(text):
    found = cp.classify(T(text))
    assert found is not None and found.cls == "special"


@pytest.mark.parametrize("text", ["1-1 4-4", "4-4 1-6", "6-6 1-5", "3-6 4-5", "6-6 6-6",
                                  "6-6 3-6 3-6 3-6 4-5", "6-6 2-6"])
def test_cp10_not_special(text):
    found = cp.classify(T(text))
    assert found is None or found.cls != "special"  # Man is never an Eight, High Foot never a Seven


def test_cp10_there_are_64_special_combinations():
    assert sum(1 for p in cp.ALL_PLAYS if p.cls == "special") == 64


def test_cp11_special_order_and_equal_types():
    assert cp.judge("1-1 2-6", "6-6 4-5").beats  # Tian Jiu > Di Ba
    assert cp.judge("1-3 1-4", "4-4 3-4").beats  # Ren Qi > He Wu
    assert cp.judge("6-6 3-6", "6-6 4-5").reason == "equal-rank"
    assert cp.judge("6-6 3-6", "1-1 2-6").reason == "not-higher"


def test_cp12_beating_needs_class_count_and_strict_rank():
    assert cp.judge("5-5 5-5", "3-3 3-3").beats
    assert cp.judge("5-5 5-5", "3-3").reason == "different-count"
    assert cp.judge("4-4 2-5", "6-6 3-6 4-5").reason == "different-count"
    assert cp.judge("3-3", "5-5").reason == "not-higher"
    assert not cp.judge("3-3", "3-3").beats


def test_cp13_followers_measured_against_current_highest():
    deal = rigged("5-5 6-6", "3-3 2-2", "4-4 1-1")
    deal = deal.apply("5-5").apply("3-3")
    assert deal.current == play("3-3")
    assert {p.notation for p in deal.legal_actions()} == {"1-1", "4-4"}  # both beat 3-3
    deal2 = rigged("5-5", "1-1 2-2", "4-4 3-3").apply("5-5").apply("1-1")
    with pytest.raises(IllegalAction) as error:
        deal2.apply("3-3")  # beats the lead, not the current highest play
    assert error.value.reason == "not-higher"


def test_cp14_must_beat_when_able_and_pass_changes_nothing():
    deal = rigged("5-5 6-6", "3-3 2-2", "2-2 1-5").apply("5-5")
    with pytest.raises(IllegalAction) as error:
        deal.apply("")
    assert error.value.reason == "must-beat"
    follower = deal.apply("3-3")
    passed = follower.apply("")
    assert passed.hands[2] == follower.hands[2]


def test_cp14_a_pass_copied_or_pickled_is_still_the_pass():
    """Code tells a pass by identity (``action is PASS``): a copied or unpickled view must too."""
    deal = rigged("6-6 5-5", "2-2 3-3", "1-5 4-4").apply("6-6").apply("")
    view = pickle.loads(pickle.dumps(deal.view(2)))
    assert view.round.actions[-1][1] is cp.PASS
    assert copy.deepcopy(cp.PASS) is cp.PASS and copy.copy(cp.PASS) is cp.PASS


def test_cp15_owner_of_highest_play_wins_or_leader_if_unbeaten():
    deal = rigged("6-6 5-5", "2-2 3-3", "1-5 4-4").apply("6-6").apply("").apply("")
    assert deal.rounds[0].winner == 0 and deal.to_act == 0


def test_cp16_winner_banks_only_the_winning_cards():
    deal = rigged("5-5 5-5 2-2", "3-3 3-3 2-2", "6-6 6-6 1-5")
    deal = deal.apply("5-5 5-5").apply("3-3 3-3").apply("6-6 6-6")
    assert deal.piles == (0, 0, 2) and deal.removed == 4


def test_cp17_deal_ends_when_at_most_one_holder():
    deal = rigged("6-6", "5-5", "3-3 2-2").apply("6-6").apply("").apply("")
    assert not deal.is_over  # seats 1 and 2 still hold cards
    deal = deal.apply("5-5")
    deal = deal.apply("3-3")  # must beat (3-3 > 5-5); seat 1 is out, seat 2 keeps 2-2
    assert deal.is_over and deal.to_act is None and deal.legal_actions() == ()
    with pytest.raises(IllegalAction) as error:
        deal.apply("2-2")
    assert error.value.reason == "deal-over"


def test_cp17_zero_holders_is_a_normal_end():
    deal = rigged("5-5", "3-3", "6-6").apply("5-5").apply("3-3").apply("6-6")
    assert deal.is_over and deal.sizes == (0, 0, 0) and deal.piles == (0, 0, 1)


def test_cp18_next_leader_is_winner_or_first_holder_clockwise():
    deal = rigged("5-5 1-5", "6-6", "2-2 4-6").apply("5-5").apply("6-6").apply("")
    assert deal.rounds[0].winner == 1 and deal.to_act == 2  # seat 1 is empty; clockwise: 2


def test_cp19_largest_pile_wins_and_ties_are_joint():
    deal = rigged("6-6", "1-1", "2-2 3-3", leader=0).apply("6-6").apply("").apply("")
    assert deal.to_act == 1
    deal = deal.apply("1-1").apply("")
    assert deal.is_over and deal.piles == (1, 1, 0) and deal.winners == (0, 1)


def test_cp19_unplayed_cards_score_nothing():
    deal = rigged("6-6", "1-1", "2-2 3-3", leader=0).apply("6-6").apply("").apply("")
    deal = deal.apply("1-1").apply("")
    assert deal.sizes[2] == 2 and sum(deal.piles) == 2


def test_cp20_invariants_over_a_random_deal():
    import random

    deal, rng = cp.new_deal(3), random.Random(3)
    while not deal.is_over:
        before = deal.sizes
        leader_before = deal.sizes[deal.to_act] if deal.current is None else None
        deal = deal.apply(rng.choice(deal.legal_actions()))
        assert all(a <= b for a, b in zip(deal.sizes, before, strict=True))  # hands only shrink
        if leader_before is not None:
            assert deal.sizes[deal.round.leader] < leader_before  # every lead removes a card
        in_current = deal.current.size if deal.current else 0  # on the table, not yet scored
        assert sum(deal.piles) + deal.removed + sum(deal.sizes) + in_current == 84
    assert sum(deal.piles) + deal.removed + sum(deal.sizes) == 84


def test_worked_example_section_2_6():
    """The three rounds of the mini-example (seats A=0, B=1, C=2)."""
    a = "5-5 5-5 2-4 4-6 6-6 4-5 1-6"
    b = "1-2 1-2 2-4 3-3 3-3 1-5 1-3 1-4 2-2"
    c = "6-6 6-6 5-6 4-4 2-5 1-1"
    deal = rigged(a, b, c, leader=0)
    assert deal.piles == (0, 3, 0) and deal.sizes[1] == 6  # B banks 3, A's lone Two Red stays
    deal = deal.apply("5-5 5-5")
    assert [p.notation for p in deal.legal_actions()] == ["3-3 3-3"]
    deal = deal.apply("3-3 3-3")
    assert [p.notation for p in deal.legal_actions()] == ["6-6 6-6"]
    deal = deal.apply("6-6 6-6")
    assert deal.piles == (0, 3, 2) and deal.to_act == 2
    deal = deal.apply("5-6").apply("4-6").apply("1-5")
    assert deal.piles == (0, 4, 2) and deal.to_act == 1
    deal = deal.apply("1-3 1-4")
    assert [p.notation for p in deal.legal_actions()] == ["4-4 2-5"]
    deal = deal.apply("4-4 2-5")
    assert "6-6 4-5" in [p.notation for p in deal.legal_actions()]
    deal = deal.apply("6-6 4-5")
    assert deal.piles == (2, 4, 2) and deal.to_act == 0


def test_not_in_hand_and_not_your_turn():
    deal = rigged("6-6", "1-1", "2-2")
    with pytest.raises(IllegalAction) as error:
        deal.apply("1-1")
    assert error.value.reason == "not-in-hand"
    with pytest.raises(IllegalAction) as error:
        deal.apply("1-1", player=1)
    assert error.value.reason == "not-your-turn"
