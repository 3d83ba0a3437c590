"""The public API: judge, parse_action, actions as values, views from a seat's knowledge."""
import dataclasses

import pytest

from engine import tien_gow as tg
from engine.errors import IllegalAction, NotationError
from engine.judging import Judgement
from engine.tiles import TILE_BY_KEY


def test_judge_answers_valid_beats_reason_and_canonical_play():
    assert tg.judge(None, "4-5 6-6") == Judgement(True, True, "ok", "6-6 4-5")
    assert tg.judge(None, "6-6 1-1") == Judgement(False, False, "not-a-set", "6-6 1-1")
    assert tg.judge("1-1 2-6", "4-5 6-6") == Judgement(True, True, "ok", "6-6 4-5")
    assert tg.judge("6-6", "1-1") == Judgement(True, False, "not-higher", "1-1")
    assert tg.judge("6-6", "6-6 1-1 2-2") == Judgement(False, False, "not-a-set", "6-6 1-1 2-2")


def test_judge_rejects_bad_notation_and_a_current_that_is_no_set():
    with pytest.raises(NotationError):
        tg.judge(None, "7-1")
    with pytest.raises(NotationError):
        tg.judge("6-6", "")
    with pytest.raises(NotationError) as err:
        tg.judge("6-6 1-1", "1-1")
    assert err.value.problem == "current-not-a-set"


def test_actions_are_small_frozen_values_in_canonical_order():
    a = tg.parse_action("3-6 6-6 6-6", True)
    assert a.tiles == (TILE_BY_KEY["6-6"], TILE_BY_KEY["6-6"], TILE_BY_KEY["3-6"])
    assert a == tg.Action((TILE_BY_KEY["3-6"], TILE_BY_KEY["6-6"], TILE_BY_KEY["6-6"]), True)
    assert a != tg.parse_action("6-6 6-6 3-6", False)
    assert hash(a) == hash(tg.parse_action("6-6 6-6 6-3", True))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.face_up = False
    with pytest.raises(TypeError):
        tg.Action(("6-6",), True)
    with pytest.raises(TypeError):
        tg.Action((TILE_BY_KEY["6-6"],), 1)
    with pytest.raises(NotationError):
        tg.parse_action("", True)


def test_apply_takes_only_actions_and_never_changes_the_deal():
    deal = tg.new_deal(9)
    before = tg.to_record(deal)
    with pytest.raises(IllegalAction) as err:
        deal.apply("6-6")
    assert err.value.reason == "not-an-action"
    with pytest.raises(IllegalAction):
        deal.apply(tg.parse_action("6-6 1-1", True))
    assert tg.to_record(deal) == before
    with pytest.raises(AttributeError):  # immutable: a deal is a value (a NamedTuple, as in Chuo Pai)
        deal.banker = 1  # type: ignore[misc]


def test_view_hides_other_seats_face_down_tiles_and_hands(rigged):
    game = rigged(0, [(0, ["5-6", "down 6-6", "4-4", "down 1-1"])])
    deal = game.play(upto=3)
    view = deal.view(2)
    assert view.hand == deal.hands[2] and view.hand_sizes == (7, 7, 7, 8)
    seen = view.trick.plays
    assert [(p.player, p.face_up, p.count) for p in seen] == [(0, True, 1), (1, False, 1),
                                                               (2, True, 1)]
    assert seen[1].tiles == ()  # seat 1's discard
    assert deal.view(1).trick.plays[1].tiles == (TILE_BY_KEY["6-6"],)  # its owner sees it
    assert view.high.tiles == (TILE_BY_KEY["4-4"],) and view.to_act == 3
    assert view.legal_actions() == () and deal.view(3).legal_actions() == deal.legal_actions()
    with pytest.raises(ValueError):
        deal.view(4)
    assert "6-6" not in repr(deal.view(3)) and "6-6" in repr(deal.view(1))  # 0 holds the other


def test_view_of_a_finished_deal_keeps_discards_hidden(rigged):
    game = rigged(0, [(0, ["6-6 6-6 3-6 4-5", "down 4", "down 4", "down 4"]),
                      (0, ["1-1 1-1 2-6 3-5", "down 4", "down 4", "down 4"])])
    deal = game.play()
    view = deal.view(0)
    assert view.is_over and view.hand == () and view.payments == deal.payments
    assert all(p.tiles == () for t in view.tricks for p in t.plays if p.player != 0)
