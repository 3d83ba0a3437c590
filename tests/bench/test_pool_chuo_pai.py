"""bench/pool/chuo_pai.py's ``expert``: always a legal action, deterministic, and its style on
constructed positions (CP-12 … CP-19)."""
import pytest

from bench.pool import make_player
from bench.pool.chuo_pai import Expert
from engine.chuo_pai import deal_from_hands, position
from engine.games import game
from engine.rng import make_rng
from engine.tiles import ALL_TILES, parse_tiles


@pytest.mark.parametrize("seed", range(40))
def test_expert_always_chooses_a_legal_action_and_the_same_one_again(seed):
    rules = game("chuo-pai")
    deal = rules.new_deal(seed)
    players = [make_player(name, "chuo-pai") for name in ("expert", "expert", "careful")]
    rngs = [make_rng(seed * 16 + s + 1) for s in range(3)]
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = players[seat].choose(view, rngs[seat])
        assert action in deal.legal_actions()
        if seat < 2:  # the view alone decides: a fresh player with a fresh generator agrees
            assert Expert().choose(view, make_rng(0)) is action
        deal = deal.apply(action, player=seat)


def _deal_with(mine: str):
    """A full deal (CP-1, CP-3): seat 0 holds ``mine`` and leads; the other 56 cards go to seats
    1 and 2 in turn."""
    hand = parse_tiles(mine)
    rest = [t for t in ALL_TILES for _ in range(4)]
    for t in hand:
        rest.remove(t)
    return deal_from_hands([hand, rest[0::2], rest[1::2]], 0)


def test_expert_keeps_a_sure_winner_while_many_cards_are_out_and_leads_one_card_it_will_lose():
    # 6-6 is the top Long card, so a single Heaven can never be beaten (CP-7, CP-12), and both
    # others hold Long singles it can intercept; the Bench pair will be beaten, so one goes.
    deal = _deal_with("6-6 1-1 4-4 1-3 3-3 5-5 2-2 2-2 1-6 4-6 5-6 3-6 2-6 3-5 2-5 2-3 2-3 4-5 3-4 "
                      "3-4 1-4 1-4 1-6 4-6 5-5 3-3 2-6 2-5")
    action = Expert().choose(deal.view(0), make_rng(1))
    assert str(action) == "2-2"


def test_expert_cashes_its_sure_winner_first_when_one_opponent_is_left():
    # Heads-up the other hand is known: lead the sure Heaven, keep the lead, then go out.
    deal = position([parse_tiles("6-6 2-2"), parse_tiles("3-3 5-5"), ()], 0)
    assert str(Expert().choose(deal.view(0), make_rng(1))) == "6-6"


def test_expert_last_to_act_beats_without_spending_its_sure_winner():
    # Last to act every beat wins the round (CP-15): the Plum beats the Bench as well as Heaven.
    deal = position([parse_tiles("6-6 5-5 2-3"), parse_tiles("2-2 3-4"), parse_tiles("1-4")], 1,
                    ["2-2", ""])
    assert deal.to_act == 0
    assert str(Expert().choose(deal.view(0), make_rng(1))) == "5-5"
