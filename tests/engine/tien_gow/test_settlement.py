"""Settlement (TG-13 … TG-19): the four worked examples of tien-gow.md §4.4, then each clause."""
import pytest

from engine.tien_gow import settlement as st
from engine.tien_gow.sets import SET_BY_TILES
from engine.tiles import parse_tiles


def pay(*entries):
    """Ledger entries written as (payer, payee, amount, why)."""
    return tuple(st.Payment(*e) for e in entries)


def S(text):
    return SET_BY_TILES[tuple(parse_tiles(text))]


# -- §4.4 worked examples ---------------------------------------------------------------------

def test_example_1_plain_finish_banker_loses(rigged):
    """§4.4 Example 1 (TG-13, TG-14): N (banker) 0, W 1, S 2, E 3. S wins the last trick with a
    single Heaven; no immediate payments. Pillars N 2, W 0, S 3, E 3."""
    N, W, S_, E = 0, 1, 2, 3
    game = rigged(N, [
        (N, ["1-1 1-1", "down 2", "down 2", "down 2"]),  # N 2
        (N, ["5-6", "down 1", "down 1", "4-4"]),  # E beats the Hatchet with Man: E 1
        (E, ["6-6 3-6", "down 2", "down 2", "down 2"]),  # E 3
        (E, ["2-2", "down 1", "down 1", "5-5"]),  # S beats the Board with Plum: S 1
        (S_, ["1-3", "down 1", "down 1", "down 1"]),  # S 2
        (S_, ["6-6", "down 1", "down 1", "down 1"]),  # the last trick: S 3, W early death
    ])
    deal = game.play()
    assert deal.is_over and deal.winner == S_
    assert deal.pillars == (2, 0, 3, 3)
    assert deal.payments == pay((E, S_, 1, "settlement"), (N, S_, 4, "settlement"),
                                (W, S_, 5, "settlement"))
    assert deal.net == (-4, -5, 10, -1)
    assert deal.next_banker == S_


def test_example_2_banker_finishes_with_the_supreme(rigged):
    """§4.4 Example 2 (TG-14, TG-15, TG-16): A 0, B 1 (banker), C 2, D 3. The Supreme finish
    pays 2 each, doubled (banker), and F = 2 on the settlement; A, over four, is paid by B."""
    A, B, C, D = 0, 1, 2, 3
    game = rigged(B, [
        (B, ["1-5", "down 1", "down 1", "1-6"]),  # A beats: A 1
        (A, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),  # a (2,1) triple: A 4
        (A, ["1-1", "down 1", "down 1", "down 1"]),  # A 5
        (A, ["4-6", "5-6", "down 1", "down 1"]),  # B beats: B 1
        (B, ["2-4 1-2", "down 2", "down 2", "down 2"]),  # the Supreme: B 3
    ])
    deal = game.play()
    assert deal.pillars == (5, 3, 0, 0)
    immediate = pay((C, B, 4, "supreme"), (D, B, 4, "supreme"), (A, B, 4, "supreme"))
    final = pay((C, B, 20, "settlement"), (D, B, 20, "settlement"), (B, A, 4, "settlement"))
    assert deal.payments == immediate + final
    assert deal.net == (0, 48, -24, -24)
    assert deal.next_banker == B  # TG-19: a banker who wins stays banker


def test_example_3_little_three_captured_by_big_six(rigged):
    """§4.4 Example 3 (TG-12, TG-17): A 0 (banker), B 1, C 2, D 3. C leads 1-2 last, D wins
    with 2-4, B must discard (early death); C pays A's 6 and B's 5 to D."""
    A, B, C, D = 0, 1, 2, 3
    game = rigged(A, [
        (A, ["6-6", "down 1", "down 1", "down 1"]),  # A 1
        (A, ["3-3 3-3", "down 2", "down 2", "5-5 5-5"]),  # D beats the pair: D 2
        (D, ["1-3 1-3 1-4", "down 3", "down 3", "1-1 1-1 2-6"]),  # C beats the triple: C 3
        (C, ["4-4", "down 1", "down 1", "down 1"]),  # C 4
        (C, ["1-2", "2-4", "down 1", "down 3-6"]),  # B holds a Nine but must discard
    ])
    before_b = game.play(upto=-1)
    assert before_b.to_act == B and before_b.pillars[B] == 0
    assert all(not a.face_up for a in before_b.legal_actions())
    deal = game.play()
    assert deal.pillars == (1, 0, 4, 3)
    assert deal.payments == pay((C, D, 6, "capture"), (C, D, 5, "capture"))
    assert deal.net == (0, 0, -11, 11)
    assert deal.next_banker == D


def test_example_4_banker_sweep_with_two_quartets(rigged):
    """§4.4 Example 4 (TG-15 stacking, TG-16): the banker leads Heaven–Nine then Earth–Eight
    quartets: 8 + 8 immediate from each, then 5 × 2 × 2 × 2 = 40; immediate never multiplied."""
    A, B, C, D = 0, 1, 2, 3
    game = rigged(A, [
        (A, ["6-6 6-6 3-6 4-5", "down 4", "down 4", "down 4"]),
        (A, ["1-1 1-1 2-6 3-5", "down 4", "down 4", "down 4"]),
    ])
    deal = game.play()
    assert deal.pillars == (8, 0, 0, 0)
    quartet = pay((B, A, 8, "quartet"), (C, A, 8, "quartet"), (D, A, 8, "quartet"))
    final = pay((B, A, 40, "settlement"), (C, A, 40, "settlement"), (D, A, 40, "settlement"))
    assert deal.payments == quartet + quartet + final
    assert deal.net == (168, -56, -56, -56)


# -- TG-13 base amounts -----------------------------------------------------------------------

@pytest.mark.parametrize("pillars, owed", [(0, 5), (1, 3), (2, 2), (3, 1), (4, 0), (5, -1),
                                           (6, -2)])
def test_tg13_base_amount(pillars, owed):
    """TG-13: 5 for no pillar, 4 − p for 1-4, the winner owes p − 4 above four."""
    assert st.base_amount(pillars) == owed


def test_tg13_zero_amounts_are_not_entered_and_excess_is_paid_by_the_winner():
    """TG-13: an opponent with exactly 4 pays nothing; one with 5 or 6 is paid by W."""
    ledger = st.final_payments((2, 4, 0, 2), banker=3, winner=0, leader=0, lead=S("6-6"),
                               won_with=S("6-6"))
    assert ledger == pay((2, 0, 5, "settlement"), (3, 0, 4, "settlement"))
    ledger = st.final_payments((2, 6, 0, 0), banker=2, winner=0, leader=0, lead=S("6-6"),
                               won_with=S("6-6"))
    assert ledger == pay((0, 1, 2, "settlement"), (2, 0, 10, "settlement"),
                         (3, 0, 5, "settlement"))


# -- TG-14 banker doubling ----------------------------------------------------------------------

def test_tg14_banker_doubling_when_the_banker_wins():
    """TG-14: B = W doubles every base amount, both directions."""
    ledger = st.final_payments((2, 5, 0, 1), banker=0, winner=0, leader=0, lead=S("1-1"),
                               won_with=S("1-1"))
    assert ledger == pay((0, 1, 2, "settlement"), (2, 0, 10, "settlement"),
                         (3, 0, 6, "settlement"))


def test_tg14_losing_banker_over_four_is_paid_double_by_the_winner():
    """TG-14: a banker who lost with 5-6 pillars is paid double by W (the Hong Kong variant
    is not adopted); a non-banker's excess is not doubled."""
    ledger = st.final_payments((5, 2, 1, 0), banker=0, winner=1, leader=1, lead=S("4-4"),
                               won_with=S("4-4"))
    assert ledger == pay((2, 1, 3, "settlement"), (3, 1, 5, "settlement"),
                         (1, 0, 2, "settlement"))
    ledger = st.final_payments((5, 2, 1, 0), banker=3, winner=1, leader=1, lead=S("4-4"),
                               won_with=S("4-4"))
    assert ledger == pay((2, 1, 3, "settlement"), (3, 1, 10, "settlement"),
                         (1, 0, 1, "settlement"))


# -- TG-15 final multipliers --------------------------------------------------------------------

@pytest.mark.parametrize("won_with, winner_pillars, f", [
    ("6-6", 3, 1), ("6-6", 8, 2), ("2-4 1-2", 3, 2), ("2-4 1-2", 8, 4),
    ("4-4 4-4 2-5 3-4", 4, 2), ("4-4 4-4 2-5 3-4", 8, 4), ("1-2", 2, 2), ("1-2", 8, 4),
    ("2-4", 3, 1), ("6-6 6-6 3-6", 5, 1), ("6-6 6-6", 8, 2),
])
def test_tg15_final_multiplier_stacks(won_with, winner_pillars, f):
    """TG-15: quartet, Supreme or single Little Three finish ×2, sweep a further ×2 (F 1/2/4)."""
    assert st.final_multiplier(S(won_with), winner_pillars) == f


def test_tg15_multiplier_applies_both_directions():
    """TG-15: F multiplies what W owes too (here a quartet finish, W owes 2 × 2 to seat 1)."""
    ledger = st.final_payments((2, 6, 0, 0), banker=3, winner=0, leader=0,
                               lead=S("1-3 1-3 1-4 2-3"), won_with=S("6-6 6-6 3-6 4-5"))
    assert ledger[0] == st.Payment(0, 1, 4, "settlement")


def test_tg15_single_little_three_finish_doubles(rigged):
    """TG-15: the last trick won by a led, unbeaten 1-2 doubles the settlement."""
    game = rigged(0, [
        (0, ["1-1 1-1 2-6", "down 3", "down 3", "down 3"]),  # 0: 3
        (0, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),  # 0: 6
        (0, ["4-4", "down 1", "down 1", "down 1"]),  # 0: 7
        (0, ["1-2", "down 1", "down 1", "down 1"]),  # 0: 8, the Little Three finish and a sweep
    ])
    deal = game.play()
    assert deal.pillars == (8, 0, 0, 0)
    assert deal.payments == pay((1, 0, 40, "settlement"), (2, 0, 40, "settlement"),
                                (3, 0, 40, "settlement"))


# -- TG-16 immediate payments -------------------------------------------------------------------

def test_tg16_supreme_money_on_an_early_trick_with_banker_doubling(rigged):
    """TG-16: the Supreme collects 2 from each (4 from or to the banker) on any trick; the
    final multipliers never touch it."""
    game = rigged(1, [
        (1, ["6-6", "down 1", "down 1", "down 1"]),  # the banker (1) leads and wins: 1 has 1
        (1, ["5-6", "down 1", "down 1", "4-4"]),  # seat 0 beats: 0 has 1
        (0, ["2-4 1-2", "down 2", "down 2", "down 2"]),  # seat 0 leads the Supreme
    ])
    deal = game.play()
    assert deal.pillars == (3, 1, 0, 0)
    assert deal.payments == pay((1, 0, 4, "supreme"), (2, 0, 2, "supreme"), (3, 0, 2, "supreme"))


def test_tg16_a_followers_higher_quartet_collects(rigged):
    """TG-16: the winner of a 4-tile trick collects 4 each, even a follower whose higher quartet
    beat the lead; the banker pays double."""
    game = rigged(0, [
        (0, ["1-3 1-3 1-4 2-3", "6-6 6-6 3-6 4-5", "down 4", "down 4"]),
    ])
    deal = game.play()
    assert deal.pillars == (0, 4, 0, 0) and deal.to_act == 1
    assert deal.payments == pay((2, 1, 4, "quartet"), (3, 1, 4, "quartet"), (0, 1, 8, "quartet"))


def test_tg16_immediate_payments_are_never_multiplied(rigged):
    """TG-16 / TG-15: a last trick won with a quartet earns the immediate 4 each and the ×2 on
    the settlement (5 × 2, and the banker's 1 × 2 × 2); the immediate 4 (8 with the banker)
    stays as it is."""
    game = rigged(3, [
        (3, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),  # 3: 3
        (3, ["4-6", "1-1", "down 1", "down 1"]),  # seat 0 beats: 0: 1
        (0, ["4-4 4-4 2-5 3-4", "down 4", "down 4", "down 4"]),  # the last trick: 0: 5
    ])
    deal = game.play()
    assert deal.pillars == (5, 0, 0, 3)
    assert deal.payments == (
        pay((1, 0, 4, "quartet"), (2, 0, 4, "quartet"), (3, 0, 8, "quartet"))
        + pay((1, 0, 10, "settlement"), (2, 0, 10, "settlement"), (3, 0, 4, "settlement"))
    )
    assert sum(deal.net) == 0


# -- TG-17 the Little Three capture ---------------------------------------------------------------

def test_tg17_capture_over_an_intermediate_five_with_banker_doubling_and_negative_unchanged(rigged):
    """TG-17: L (2) leads 1-2 last, seat 3 plays a Five, W (0) wins with 2-4. X = 1 is the banker
    with no pillar: L pays X's doubled 10. Y = 3 holds 5 pillars: W still pays Y 1 itself."""
    game = rigged(1, [
        (1, ["1-5", "down 1", "6-6", "down 1"]),  # seat 3 beats: 3: 1
        (3, ["1-1 1-1 2-6", "down 3", "down 3", "down 3"]),  # 3: 4
        (3, ["4-4", "down 1", "down 1", "down 1"]),  # 3: 5
        (3, ["1-6", "5-5", "down 1", "down 1"]),  # seat 0 beats: 0: 1
        (0, ["2-2", "down 1", "6-6", "down 1"]),  # seat 2 beats: 2: 1
        (2, ["1-2", "1-4", "2-4", "down 1"]),  # the capture: 0 wins 2
    ])
    deal = game.play()
    assert deal.pillars == (2, 0, 1, 5)
    assert deal.payments == pay((2, 0, 10, "capture"), (2, 0, 3, "settlement"),
                                (0, 3, 1, "settlement"))
    assert deal.net == (12, 0, -13, 1)


def test_tg17_capture_when_the_leader_is_the_banker():
    """TG-17: L's own amount carries L's banker doubling; X's and Y's do not (the doubling moved
    is only what is attributable to them)."""
    ledger = st.final_payments((1, 2, 4, 1), banker=2, winner=1, leader=2, lead=S("1-2"),
                               won_with=S("2-4"))
    # others(1) = 2, 3, 0: L=2 owes (4-4)*2 = 0; 3 owes 3 -> L; 0 owes 3 -> L
    assert ledger == pay((2, 1, 3, "capture"), (2, 1, 3, "capture"))
    ledger = st.final_payments((0, 2, 1, 5), banker=2, winner=1, leader=2, lead=S("1-2"),
                               won_with=S("2-4"))
    assert ledger == pay((2, 1, 6, "settlement"), (1, 3, 1, "settlement"),
                         (2, 1, 5, "capture"))


def test_tg17_no_capture_unless_led_with_little_three_and_won_by_big_six():
    """TG-17 applies only to 1-2 led and 2-4 winning; no Little Three multiplier then."""
    pillars = (1, 2, 4, 1)
    won_by_nine = st.final_payments(pillars, banker=0, winner=1, leader=2, lead=S("1-2"),
                                    won_with=S("3-6"))
    assert all(p.why == "settlement" for p in won_by_nine)
    five_led = st.final_payments(pillars, banker=0, winner=1, leader=2, lead=S("1-4"),
                                 won_with=S("2-4"))
    assert all(p.why == "settlement" for p in five_led)
    captured = st.final_payments(pillars, banker=3, winner=1, leader=2, lead=S("1-2"),
                                 won_with=S("2-4"))
    assert st.final_multiplier(S("2-4"), 2) == 1
    assert captured == pay((2, 1, 6, "capture"), (2, 1, 3, "capture"))


# -- TG-18 order, TG-19 next banker -----------------------------------------------------------

def test_tg18_order_base_banker_multiplier_then_capture():
    """TG-18: base × banker × F, then the capture moves the finished amounts: a sweep finish with
    the Supreme and the banker winning is 5 × 2 × 4 = 40; a captured banker's debt moves
    doubled."""
    ledger = st.final_payments((8, 0, 0, 0), banker=0, winner=0, leader=0, lead=S("2-4 1-2"),
                               won_with=S("2-4 1-2"))
    assert [p.amount for p in ledger] == [40, 40, 40]
    captured = st.final_payments((0, 2, 3, 3), banker=0, winner=1, leader=2, lead=S("1-2"),
                                 won_with=S("2-4"))
    assert captured == pay((2, 1, 1, "settlement"), (2, 1, 1, "capture"),
                           (2, 1, 10, "capture"))


def test_tg19_next_banker_is_the_last_trick_winner(random_deal):
    """TG-19: the winner of the last trick banks next; the stated deal winner is that seat."""
    for seed in range(20):
        deal = random_deal(seed)
        assert deal.next_banker == deal.tricks[-1].winner == deal.winner


def test_net_sums_to_zero_and_matches_the_ledger():
    ledger = pay((0, 1, 5, "settlement"), (2, 1, 4, "quartet"), (1, 3, 2, "settlement"))
    assert st.net(ledger) == (-5, 7, -4, 2)
