"""Greedy's documented choices (docs/ai.md) on hand-built positions."""
import pytest

from engine import chuo_pai, tien_gow
from engine.ai.tien_gow import WEAK_TILES
from engine.games import make_agent
from engine.rng import make_rng
from engine.tien_gow.ladders import PACK
from engine.tiles import parse_tiles

# -- Chuo Pai ------------------------------------------------------------------------------------


def cp_choice(hands, lead=None):
    """Greedy's action for seat 0 leading, or for seat 1 following seat 0's ``lead``."""
    deal = chuo_pai.deal_from_hands([parse_tiles(h) for h in hands], first_leader=0)
    seat = 0
    if lead is not None:
        deal = deal.apply(chuo_pai.parse_action(lead))
        seat = 1
    action = make_agent("greedy", "chuo-pai").choose(deal.view(seat), make_rng(0))
    return "PASS" if action is chuo_pai.PASS else action.notation


@pytest.mark.parametrize("hand, expected", [
    # strength 1 (the bottom of a ladder) first; between 2-2, 2-3 and 5-6 the lower tile index
    ("6-6 5-6 5-6 5-6 2-3 2-2 2-2 1-1", "2-2 2-2"),
    ("6-6 5-6 2-3 2-3 2-3 3-6", "2-3 2-3 2-3"),
    # a Nail without a Two Red stays in the hand (CP-4) and is index 1: it goes first
    ("1-2 1-2 2-2 4-5 6-6", "1-2 1-2"),
    # nothing at strength 1: the lowest strength wins over family order (1-6 is Yao strength 3,
    # 5-5 Long strength 2, 2-5 Black strength 2, 1-4 Red strength 2: the lowest index, 1-4)
    ("1-6 5-5 2-5 1-4 1-4 6-6", "1-4 1-4"),
    # specials are never greedy's lead: all copies of one identity
    ("6-6 6-6 3-6 4-5", "3-6"),
])
def test_chuo_pai_greedy_leads_all_copies_of_its_lowest_identity(hand, expected):
    assert cp_choice([hand, "6-6", "1-1"]) == expected


@pytest.mark.parametrize("lead, follower, expected", [
    ("3-3", "5-5 1-3 4-4 6-6", "1-3"),  # the lowest of the beating singles
    ("2-3 2-3", "3-6 3-6 3-5 3-5 2-6 2-6", "2-6 2-6"),  # equal rank: the lower tile index
    ("1-3 2-3", "6-6 3-6 4-4 3-4 2-5", "4-4 2-5"),  # Ren Qi is the lowest beating type
    ("1-3 1-3 2-3", "6-6 6-6 3-6 1-1 2-6 3-5", "1-1 2-6 3-5"),  # three cards: Di Ba over Tian Jiu
    ("6-6", "1-1 4-4 5-5", "PASS"),  # nothing beats Heaven
    ("5-6 5-6", "4-6 1-6 1-5", "PASS"),  # the pair needs a pair
])
def test_chuo_pai_greedy_beats_with_its_lowest_beating_play(lead, follower, expected):
    leader = lead + " 2-2"  # the leader keeps a card so the deal goes on
    assert cp_choice([leader, follower, "2-2 2-2"], lead) == expected


# -- Tien Gow ------------------------------------------------------------------------------------
def tg_choice(seat0, seat3, lead=None):
    """Greedy's action for seat 0: leading (seat 0 banks) or following seat 3's ``lead`` (seat 3
    banks, and seat 0 is next). Seats 1 and 2 get the rest of the pack."""
    rest = list(PACK)
    for t in parse_tiles(seat0) + parse_tiles(seat3):
        rest.remove(t)
    deal = tien_gow.deal_from_hands([seat0, rest[:8], rest[8:], seat3], banker=0 if lead is None else 3)
    if lead is not None:
        deal = deal.apply(tien_gow.parse_action(lead))
    action = make_agent("greedy", "tien-gow").choose(deal.view(0), make_rng(0))
    return action.notation, action.face_up


OTHER = "6-6 6-6 1-1 1-1 4-4 4-4 1-3 1-3"  # a seat 3 hand for the leading tests


def test_tien_gow_greedy_tile_order():
    assert " ".join(t.key for t in WEAK_TILES) == (
        "1-5 1-2 1-6 4-6 1-4 2-3 5-6 2-2 2-4 3-3 5-5 2-5 3-4 1-3 4-4 2-6 3-5 1-1 3-6 4-5 6-6")


@pytest.mark.parametrize("hand, expected", [
    # civil k/11, military k/6: Big Head Six 1/11 is weakest; a pair before a single at equal value
    ("1-5 1-5 1-2 1-6 5-5 3-6 4-5 2-4", "1-5 1-5"),
    ("1-5 1-2 1-6 5-5 5-5 3-6 4-5 2-4", "1-5"),
    # Little Three 1/6 is under Long Leg Seven 2/11
    ("1-2 1-6 4-6 5-5 5-5 3-3 2-2 2-4", "1-2"),
    # a Goose–Five mixed set is 1/4, under a Board 5/11
    ("2-2 2-2 5-5 5-5 3-3 3-3 2-3 1-4", "1-4 2-3"),
])
def test_tien_gow_greedy_leads_its_weakest_set(hand, expected):
    assert tg_choice(hand, OTHER) == (expected, True)


@pytest.mark.parametrize("seat0, seat3, lead, expected", [
    # the weakest civil single that beats a Long Three (civil 6) is Plum (7)
    ("5-5 1-3 6-6 1-5 1-2 2-5 3-4 2-6", "3-3 1-1 1-1 4-4 4-4 2-2 2-2 5-6", "3-3", ("5-5", True)),
    # military singles: over a Seven, the Eight beats before the Nines
    ("3-6 4-5 2-6 1-5 1-5 1-6 1-6 5-5", "2-5 1-1 1-1 4-4 4-4 2-2 2-2 5-6", "2-5", ("2-6", True)),
    # two Nines tie: the first in canonical order (3-6)
    ("3-6 4-5 1-5 1-5 1-6 1-6 5-5 5-5", "2-5 1-1 1-1 4-4 4-4 2-2 2-2 5-6", "2-5", ("3-6", True)),
    # nothing beats a Heaven pair: discard the two weakest tiles face down
    ("1-2 1-5 1-6 4-4 5-5 3-6 4-5 2-6", "6-6 6-6 1-1 1-1 2-2 2-2 5-6 5-6", "6-6 6-6", ("1-5 1-2", False)),
    # a led Supreme cannot be beaten
    ("1-5 1-6 4-6 6-6 6-6 3-6 4-5 1-1", "2-4 1-2 1-1 4-4 4-4 2-2 2-2 5-6", "2-4 1-2", ("1-5 1-6", False)),
])
def test_tien_gow_greedy_beats_with_its_weakest_set_or_discards_its_weakest(seat0, seat3, lead, expected):
    notation, up = tg_choice(seat0, seat3, lead)
    assert (" ".join(sorted(notation.split())), up) == (" ".join(sorted(expected[0].split())), expected[1])
