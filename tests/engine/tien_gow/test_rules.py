"""The play rules TG-1 … TG-12 and TG-20, each test named after its rule."""
from collections import Counter

import pytest

from engine import tien_gow as tg
from engine.errors import IllegalAction
from engine.tien_gow.ladders import PACK, STRENGTH, SUIT
from engine.tien_gow.sets import QUARTETS, SETS
from engine.tiles import TILE_BY_KEY

T = TILE_BY_KEY


def up(text):
    return tg.parse_action(text, True)


def down(text):
    return tg.parse_action(text, False)


def reason(deal, action, player=None):
    with pytest.raises(IllegalAction) as err:
        deal.apply(action, player)
    return err.value.reason


# -- TG-1 tiles ---------------------------------------------------------------------------------

def test_tg1_thirty_two_tiles_eleven_civil_pairs_ten_military():
    counts = Counter(PACK)
    assert len(PACK) == 32 and len(counts) == 21
    assert sorted(k.key for k, n in counts.items() if n == 2) == sorted(
        "6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6 4-6 1-6 1-5".split())
    assert all(SUIT[t] == ("civil" if n == 2 else "military") for t, n in counts.items())


def test_tg1_ladders_and_equal_military_totals_tie():
    civil = "6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6 4-6 1-6 1-5".split()
    assert [STRENGTH[T[k]] for k in civil] == list(range(11, 0, -1))
    military = {"3-6": 6, "4-5": 6, "2-6": 5, "3-5": 5, "2-5": 4, "3-4": 4, "2-4": 3, "1-4": 2,
                "2-3": 2, "1-2": 1}
    assert {k: STRENGTH[T[k]] for k in military} == military
    assert tg.judge("3-6", "4-5").reason == "equal-rank"
    assert tg.judge("2-3", "1-4").reason == "equal-rank"
    assert tg.judge("3-3", "5-5").beats  # Plum above Long Three (unlike Chuo Pai)


def test_tg1_canonical_notation_civil_first_then_military_ties_by_pips():
    assert tg.judge(None, "4-5 3-6").play == "3-6 4-5"
    assert tg.judge(None, "1-2 4-2").play == "2-4 1-2"
    assert tg.judge(None, "4-5 6-6 6-6").play == "6-6 6-6 4-5"
    assert tg.judge(None, "3-2 1-3 1-3 4-1").play == "1-3 1-3 1-4 2-3"


# -- TG-2 players and order ---------------------------------------------------------------------

def test_tg2_four_seats_play_in_seat_order_from_the_leader():
    assert tg.SEATS == 4
    deal = tg.new_deal(5, banker=2)
    order = []
    for _ in range(4):
        order.append(deal.to_act)
        deal = deal.apply(deal.legal_actions()[-1])
    assert order == [2, 3, 0, 1]


def test_tg2_not_your_turn():
    deal = tg.new_deal(5, banker=2)
    assert reason(deal, deal.legal_actions()[0], player=3) == "not-your-turn"


# -- TG-3 banker and deal -----------------------------------------------------------------------

def test_tg3_seeded_deal_eight_each_banker_leads_first():
    deal = tg.new_deal(11)
    assert deal == tg.new_deal(11)  # the same seed, the same deal
    assert all(len(h) == 8 for h in deal.hands)
    assert Counter(t for h in deal.hands for t in h) == Counter(PACK)
    assert deal.to_act == deal.banker and deal.leader == deal.banker
    assert {tg.new_deal(s).banker for s in range(40)} == {0, 1, 2, 3}  # random banker


def test_tg3_giving_the_banker_keeps_the_tiles():
    drawn = tg.new_deal(123)
    for banker in range(4):
        chosen = tg.new_deal(123, banker=banker)
        assert chosen.banker == banker and chosen.dealt == drawn.dealt and chosen.to_act == banker


def test_tg3_deal_from_hands_checks_the_pack():
    hands = [PACK[i::4] for i in range(4)]
    assert tg.deal_from_hands(hands, 1).to_act == 1
    bad = [PACK[:8], PACK[:8], PACK[16:24], PACK[24:]]
    for args, detail in [((bad, 0), "tiles"), ((hands[:3], 0), "seats"), ((hands, 4), "banker"),
                         (([PACK[:9], PACK[9:16], PACK[16:24], PACK[24:]], 0), "hand-size")]:
        with pytest.raises(IllegalAction) as err:
            tg.deal_from_hands(*args)
        assert (err.value.reason, err.value.detail) == ("not-a-deal", detail)


# -- TG-4 / TG-5 legal leads --------------------------------------------------------------------

def test_tg4_the_sixty_one_sets_and_four_quartets():
    kinds = Counter((s.kind, s.civil, s.military) for s in SETS)
    assert kinds == {("civil", 1, 0): 11, ("military", 0, 1): 10, ("civil", 2, 0): 11,
                     ("military", 0, 2): 4, ("supreme", 0, 2): 1, ("mixed", 1, 1): 8,
                     ("mixed", 2, 1): 8, ("mixed", 1, 2): 4, ("mixed", 2, 2): 4}
    assert [q.notation for q in QUARTETS] == [
        "6-6 6-6 3-6 4-5", "1-1 1-1 2-6 3-5", "4-4 4-4 2-5 3-4", "1-3 1-3 1-4 2-3"]


@pytest.mark.parametrize("play", ["1-1", "2-4", "5-5 5-5", "4-5 3-6", "1-4 2-3", "2-4 1-2",
                                  "6-6 4-5", "1-3 1-4", "4-4 4-4 2-5", "1-1 2-6 3-5",
                                  "6-6 6-6 3-6 4-5", "2-3 1-4 1-3 1-3"])
def test_tg4_legal_leads(play):
    assert tg.judge(None, play).valid


@pytest.mark.parametrize("play", [
    "6-6 1-1",  # two different civil tiles
    "3-6 2-6",  # military of different totals
    "6-6 2-6",  # Heaven with an Eight
    "6-6 6-6 1-1 1-1",  # two civil pairs
    "6-6 6-6 3-6 2-6", "6-6 3-6 4-5 4-5", "1-1 1-1 1-1", "5-5 3-3 2-2", "2-4 2-4",
    "1-5 1-6", "2-4 1-2 1-4", "6-6 6-6 3-6 4-5 1-2",
])
def test_tg5_nothing_else_is_legal(play):
    judgement = tg.judge(None, play)
    assert (judgement.valid, judgement.beats, judgement.reason) == (False, False, "not-a-set")


def test_tg4_a_hands_leads_and_tg5_a_non_set_lead_is_refused(rigged):
    game = rigged(0, [(0, ["6-6 6-6 3-6 4-5", "down 4", "down 4", "down 4"]),
                      (0, ["1-1", "down 1", "down 1", "down 1"])])
    leads = {a.notation for a in game.start.legal_actions()}
    assert {"6-6", "3-6", "6-6 6-6", "3-6 4-5", "6-6 3-6", "6-6 4-5", "6-6 3-6 4-5",
            "6-6 6-6 3-6", "6-6 6-6 4-5", "6-6 6-6 3-6 4-5"} <= leads
    assert all(a.face_up for a in game.start.legal_actions())
    assert reason(game.start, up("6-6 1-1")) == "not-a-set"
    assert reason(game.start, down("6-6")) == "must-lead-face-up"
    hand = game.start.hands[0]
    missing = next(s for s in SETS if s.size == 1 and s.tiles[0] not in hand)
    assert reason(game.start, up(missing.notation)) == "not-in-hand"


# -- TG-6 following -----------------------------------------------------------------------------

def test_tg6_followers_play_the_same_count_face_down_always_allowed(rigged):
    game = rigged(0, [(0, ["5-5 5-5", "6-6 6-6", "down 1-1 4-4", "down 2"])])
    after_lead = game.play(upto=1)
    assert reason(after_lead, up("6-6")) == "wrong-count"
    assert reason(after_lead, down("6-6 6-6 3-6")) == "wrong-count"
    assert up("6-6 6-6") in after_lead.legal_actions()
    assert down("6-6 6-6") in after_lead.legal_actions()  # may discard even when able to beat
    discards = [a for a in after_lead.legal_actions() if not a.face_up]
    assert all(len(a.tiles) == 2 for a in after_lead.legal_actions())
    hand = after_lead.hands[1]
    assert len(discards) == len({tuple(sorted(map(id, (a, b)))) for i, a in enumerate(hand)
                                 for b in hand[i + 1:]})  # every distinct pair, no set needed
    after_beat = game.play(upto=2)
    assert reason(after_beat, up("1-1 4-4")) == "not-a-set"
    done = game.play()
    assert done.tricks[0].winner == 1 and done.pillars == (0, 2, 0, 0)


# -- TG-7 / TG-8 beating and the current high set -------------------------------------------------

@pytest.mark.parametrize("current, play, code", [
    ("5-6", "6-6", "ok"), ("6-6", "1-1", "not-higher"), ("1-2", "1-4", "ok"),
    ("6-6", "3-6", "different-kind"), ("3-6", "6-6", "different-kind"),
    ("3-6", "4-5", "equal-rank"), ("2-2 2-2", "6-6 6-6", "ok"), ("2-5 3-4", "2-6 3-5", "ok"),
    ("3-3 3-3", "1-4 2-3", "different-kind"), ("1-1 2-6", "6-6 6-6", "different-kind"),
    ("1-1 2-6", "6-6 3-6", "ok"), ("1-1 2-6", "1-1 3-5", "equal-rank"),
    ("1-1 1-1 2-6", "6-6 6-6 3-6", "ok"), ("1-1 1-1 2-6", "6-6 3-6 4-5", "different-kind"),
    ("1-1 2-6 3-5", "6-6 6-6 4-5", "different-kind"), ("1-3 1-3 1-4 2-3", "4-4 4-4 2-5 3-4", "ok"),
    ("4-4 4-4 2-5 3-4", "1-1 1-1 2-6 3-5", "ok"), ("6-6 6-6 3-6 4-5", "1-1 1-1 2-6 3-5",
                                                   "not-higher"),
    ("6-6", "6-6 6-6", "wrong-count"),
])
def test_tg7_beating_needs_same_kind_same_structure_strictly_stronger(current, play, code):
    judgement = tg.judge(current, play)
    assert judgement.valid and judgement.reason == code and judgement.beats == (code == "ok")


def test_tg8_followers_are_compared_with_the_current_high_set(rigged):
    game = rigged(0, [(0, ["5-6", "4-4", "1-3", "6-6"])])
    after_man = game.play(upto=2)
    assert after_man.high.notation == "4-4" and after_man.high_seat == 1
    assert reason(after_man, up("1-3")) == "does-not-beat"  # beats the lead, not the Man
    with pytest.raises(IllegalAction) as err:
        after_man.apply(up("1-3"))
    assert err.value.detail == "not-higher"
    assert up("1-3") not in after_man.legal_actions()


# -- TG-9 the Supreme -----------------------------------------------------------------------------

def test_tg9_supreme_led_cannot_be_beaten(rigged):
    game = rigged(0, [(0, ["2-4 1-2", "down 3-6 4-5", "down 2", "down 2"])])
    after_lead = game.play(upto=1)
    assert all(not a.face_up for a in after_lead.legal_actions())
    with pytest.raises(IllegalAction) as err:
        after_lead.apply(up("3-6 4-5"))
    assert (err.value.reason, err.value.detail) == ("does-not-beat", "supreme-unbeatable")
    deal = game.play()
    assert deal.tricks[0].winner == 0 and deal.pillars == (2, 0, 0, 0)


def test_tg9_supreme_followed_is_only_a_discard(rigged):
    game = rigged(0, [(0, ["1-4 2-3", "down 2-4 1-2", "down 2", "down 2"])])
    after_lead = game.play(upto=1)
    assert up("2-4 1-2") not in after_lead.legal_actions()
    assert down("2-4 1-2") in after_lead.legal_actions()
    with pytest.raises(IllegalAction) as err:
        after_lead.apply(up("2-4 1-2"))
    assert (err.value.reason, err.value.detail) == ("does-not-beat", "different-kind")
    assert tg.judge("1-4 2-3", "2-4 1-2").reason == "different-kind"  # not a military pair
    assert tg.judge("2-4 1-2", "3-6 4-5").reason == "supreme-unbeatable"
    assert game.play().tricks[0].winner == 0


def test_tg9_big_six_and_little_three_as_singles_are_ordinary_military():
    assert tg.judge("1-2", "2-4").beats and tg.judge("1-4", "2-4").beats
    assert tg.judge("2-4", "2-5").beats and not tg.judge("2-4", "1-2").beats
    assert tg.judge("1-2", "1-4").beats


# -- TG-10 / TG-11 tricks, pillars, end of deal ---------------------------------------------------

def test_tg10_winner_takes_one_pillar_per_tile_and_leads_next(rigged):
    game = rigged(2, [(2, ["1-1 1-1 2-6", "down 3", "6-6 6-6 3-6", "down 3"])])
    deal = game.play()
    assert deal.pillars == (3, 0, 0, 0) and deal.to_act == 0 and deal.leader == 0
    assert [len(h) for h in deal.hands] == [5, 5, 5, 5]  # all played tiles leave play
    assert deal.tricks[0].winner == 0 and deal.plays == ()


def test_tg11_last_trick_winner_wins_whatever_the_pillars(rigged):
    game = rigged(0, [
        (0, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),
        (0, ["1-1 1-1", "down 2", "down 2", "down 2"]),
        (0, ["5-6", "4-4", "down 1", "down 1"]),
        (1, ["1-3", "down 1", "down 1", "down 1"]),
        (1, ["5-5", "down 1", "down 1", "down 1"]),
    ])
    deal = game.play()
    assert deal.is_over and deal.to_act is None and deal.legal_actions() == ()
    assert deal.pillars == (5, 3, 0, 0) and deal.winner == 1
    assert reason(deal, up("6-6")) == "deal-over"
    assert not game.play(upto=-1).is_over and game.play(upto=-1).winner is None


# -- TG-12 early death -----------------------------------------------------------------------------

def test_tg12_early_death_on_a_final_single(rigged):
    game = rigged(0, [
        (0, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),  # 0: 3
        (0, ["1-1 1-1", "down 2", "down 2", "down 2"]),  # 0: 5
        (0, ["5-6", "down 1", "4-4", "down 1"]),  # 2: 1
        (2, ["1-5", "down 1", "down 1", "down 1"]),  # 2: 2
        (2, ["2-2", "down 4-4", "1-3", "down 5-5"]),  # 3 has no pillar: may not beat; 0 may
    ])
    before_3 = game.play(upto=-3)
    assert before_3.to_act == 3 and before_3.pillars[3] == 0
    assert reason(before_3, up("4-4")) == "early-death"
    assert all(not a.face_up for a in before_3.legal_actions())
    before_0 = game.play(upto=-2)
    assert up("1-3") in before_0.legal_actions()  # seat 0 holds pillars
    before_1 = game.play(upto=-1)
    assert before_1.pillars[1] == 0 and before_1.legal_actions() == (down("5-5"),)
    deal = game.play()
    assert deal.winner == 0 and deal.pillars == (6, 0, 2, 0)


def test_tg12_no_early_death_before_the_last_trick(rigged):
    game = rigged(0, [(0, ["1-5", "6-6", "down 1", "down 1"])])
    after_lead = game.play(upto=1)
    assert after_lead.pillars[1] == 0 and up("6-6") in after_lead.legal_actions()
    assert game.play().tricks[0].winner == 1


def test_tg12_no_early_death_on_a_final_set_of_two(rigged):
    game = rigged(0, [
        (0, ["6-6 6-6 3-6", "down 3", "down 3", "down 3"]),
        (0, ["1-1 1-1 2-6", "down 3", "down 3", "down 3"]),
        (0, ["3-3 3-3", "5-5 5-5", "down 2", "down 2"]),  # seat 1 has no pillar, beats anyway
    ])
    deal = game.play()
    assert deal.winner == 1 and deal.pillars == (6, 2, 0, 0)
