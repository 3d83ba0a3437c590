"""The line under the felt after each round or trick, and the next banker, when the winner is you:
a message of its own ("you won it"), so no language conjugates a verb for "You" as for a seat."""
from __future__ import annotations

import pytest
from flask import Flask
from flask_babel import force_locale, pgettext

from engine.games import GAME_KEYS, game
from engine.seating import play_seats
from paiyou.config import LANGUAGE_CODES
from paiyou.tables.presenter import table_of

NAMES = ("You", "Seat one", "Seat two", "Seat three")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_previous_round_says_whether_you_won_it(key: str) -> None:
    spec = game(key)
    seen = set()
    for seed in range(6):
        players = [spec.make_agent("random") for _ in range(spec.seats)]
        record = spec.to_record(play_seats(spec.new_deal(seed), players))
        for state in spec.replay_steps(record):
            model = table_of(key).last_round(state.view(0), NAMES[:spec.seats])
            if model is not None:
                assert model["you_won"] == (model["winner"] == NAMES[0])
                seen.add(model["you_won"])
    assert seen == {True, False}


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_label_has_a_message_for_you_and_one_for_a_seat(app: Flask, key: str, lang: str) -> None:
    with app.test_request_context(), force_locale(lang):
        words = app.jinja_env.get_template(f"games/{key}/play.html").module
        yours = str(words.last_round_label({"winner": "You", "you_won": True, "plays": []}))
        theirs = str(words.last_round_label({"winner": "Seat one", "you_won": False, "plays": []}))
        assert "You" not in yours and "Seat one" in theirs
        assert yours in {pgettext("play", "Previous round: you won it."),
                         pgettext("play", "Previous trick: you won it.")}
