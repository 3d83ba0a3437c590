"""The play log's lines that name a player (issue 50).

- A seat's name is one of the site's own («الشرق», a lesson's «آنا»): the line is the message of
  context "play log", where Arabic gives the seat its verb («مرّر الشرق», «مرّرت آنا»). A friend's
  own name has no gender the site knows: the line is the message of context "play log, a player's
  own name" («Ana Maria: تمرير»). The choice is ``declension.is_site_name``, made once in
  play/_macros.html for every game's kinds, the rooms' own included, never by a game's name.
- A move the turn timer made for a person says so first: "Time ran out: the computer played for
  %(player)s." (and "Your time ran out …" on that person's own page), from the action numbers kept
  in the stored game's meta beside its record (``timed_out``).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, render_template_string
from flask_babel import force_locale

from engine.games import GAMES
from paiyou.deals import service
from paiyou.deals.log import Event, events
from paiyou.i18n import declension
from paiyou.registry import GAME_KEYS
from paiyou.seats import friends
from paiyou.store.databases import store_for
from tests.site.test_friends_pages import friends_app, game_id, set_up  # noqa: F401  # the fixture

FRIEND = "Ana Maria"  # a name a friend chose: no gender the site knows
EAST_AR, ANA_AR = "الشرق", "آنا"  # a seat's name (masculine), a lesson's player (feminine)
LINE = ('{% from "play/_macros.html" import event_text %}'
        "{{ event_text(e, game, names, me) }}")


def line(app: Flask, lang: str, game: str, event: Event, name: str) -> str:
    """The log's sentence for ``event`` of seat 1 called ``name``, on seat 0's page."""
    with app.test_request_context(), force_locale(lang):
        return render_template_string(LINE, e=event, game=game, names=["", name, "", ""], me=0).strip()


def test_a_site_name_is_one_of_the_vocabularys_names_whole(app: Flask) -> None:
    with app.test_request_context(), force_locale("ar"):
        assert declension.is_site_name(EAST_AR) and declension.is_site_name(ANA_AR)
        assert not declension.is_site_name(FRIEND) and not declension.is_site_name(f"{ANA_AR} ماريا")
        assert not declension.is_site_name("") and not declension.is_site_name(3)
    with app.test_request_context(), force_locale("en"):
        assert declension.is_site_name("East") and not declension.is_site_name("Eastwood")


@pytest.mark.parametrize(("kind", "seat_line", "own_line"), [
    ("pass", "مرّر الشرق.", f"{FRIEND}: تمرير."),
    ("lead", "افتتح الشرق.", f"{FRIEND}: افتتاح."),
    ("beat", "غلبها الشرق.", f"{FRIEND}: حركة غالبة."),  # not «أعلى منها», "higher than it"
])
def test_arabic_gives_a_seat_its_verb_and_a_friends_name_a_label(app: Flask, kind: str, seat_line: str,
                                                                 own_line: str) -> None:
    for game in GAME_KEYS:  # the kinds every game has: the same sentences at every game's table
        event = Event(kind, 1, move=True)
        assert line(app, "ar", game, event, EAST_AR) == seat_line, game
        assert line(app, "ar", game, event, FRIEND) == own_line, game


def test_arabic_says_you_led_not_you_opened_the_game(app: Flask) -> None:
    """The third Arabic read: «افتتحت اللعب» said "you opened the game" on every round and trick;
    your lead is «افتتحتَ.», as a seat's is «افتتح الشرق.»."""
    for game in GAME_KEYS:
        with app.test_request_context(), force_locale("ar"):
            mine = render_template_string(LINE, e=Event("lead", 0, move=True), game=game,
                                          names=["", FRIEND, "", ""], me=0).strip()
        assert mine == "افتتحتَ.", game


def test_the_seats_verb_agrees_with_a_feminine_name(app: Flask) -> None:
    assert line(app, "ar", "chuo-pai", Event("pass", 1, move=True), ANA_AR) == f"مرّرت {ANA_AR}."


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_kind_of_every_games_log_chooses_by_the_name(app: Flask, game: str) -> None:
    """Each kind that names a player, the rooms' own kinds included: in Arabic the seat's line and
    the friend's differ and each names its player; in English they are the same sentence."""
    kinds = sorted(GAMES[game].event_kinds - {"over"})
    assert kinds
    for kind in kinds:
        event = Event(kind, 1, count=3, move=kind in GAMES[game].move_kinds)
        seat, own = line(app, "ar", game, event, EAST_AR), line(app, "ar", game, event, FRIEND)
        assert EAST_AR in seat and FRIEND in own and FRIEND not in seat, (game, kind)
        assert seat.replace(EAST_AR, FRIEND) != own, (game, kind)  # another sentence, not another name
        assert line(app, "en", game, event, "East").replace("East", FRIEND) == line(app, "en", game, event, FRIEND)


def test_polish_persian_and_hindi_write_one_sentence_for_both(app: Flask) -> None:
    """Their sentences need no gender of the name (Polish: the present tense), so both messages
    read the same, the name put in."""
    for lang, seat_name in (("pl", "Wschód"), ("fa", "شرق"), ("hi", "पूर्व")):
        for game in GAME_KEYS:
            for kind in sorted(GAMES[game].event_kinds - {"over"}):
                event = Event(kind, 1, count=2, move=kind in GAMES[game].move_kinds)
                seat = line(app, lang, game, event, seat_name)
                if seat_name in seat:
                    assert seat.replace(seat_name, FRIEND) == line(app, lang, game, event, FRIEND), (lang, kind)


# -- the timer's move -------------------------------------------------------------------------

def test_a_move_the_timer_made_says_so_on_every_page(friends_app: Flask) -> None:  # noqa: F811
    creator, table, invite = set_up(friends_app, game="chuo-pai",
                                    **{"seat-1": "friend", "seat-2": "computer", "timer": "30", "name": "Bo"})
    friend = friends_app.test_client()
    assert friend.post(invite).status_code == 303
    store = store_for(friends_app)
    with friends_app.test_request_context():
        for _ in range(20):  # the computer's seat moves when a page asks; then a person's clock runs
            game = service.load(store, game_id(table))
            when = friends.deadline(game)
            if when is not None:
                break
            service.advance(store, game, game.version)
        assert when is not None, "a person's turn with the clock running"
        seat, number = game.deal.to_act, game.deal.action_count
        after = friends.timeout(store, game, now=when)
        assert after.timed_out == [number]
        marked = [e for e in events(after.deal.watch(0), "chuo-pai", timed_out=after.timed_out) if e.timed_out]
        assert [(e.player, e.move) for e in marked] == [(seat, True)]
    browsers = {0: creator, 1: friend}
    mine = browsers[seat].get(table).get_data(as_text=True)
    assert "Your time ran out: the computer played for you." in mine
    other = browsers[1 - seat].get(table).get_data(as_text=True)
    assert "Time ran out: the computer played for " in other and "Your time ran out" not in other
    arabic = browsers[1 - seat].get(table.replace("/en/", "/ar/")).get_data(as_text=True)
    assert "انتهى الوقت: لعب الحاسوب بدلًا من " in arabic
    # a person's own moves say nothing of the clock
    assert mine.count("the computer played for") == 1


def test_the_log_marks_the_timers_moves_by_their_number(app: Flask) -> None:
    deal = GAMES["chuo-pai"].new_deal(7)
    for _ in range(3):
        deal = deal.apply(deal.legal_actions()[0])
    marked = [i for i, e in enumerate(e for e in events(deal.watch(0), "chuo-pai", timed_out=[1]) if e.move)
              if e.timed_out]
    assert marked == [1]
    assert not any(e.timed_out for e in events(deal.watch(0), "chuo-pai"))


def test_a_timed_out_line_names_no_gender(translations_dir: Path) -> None:
    """The sentence holds for a friend's own name: no gender choice, no case form of the name."""
    from babel.messages.pofile import read_po

    for lang in ("ar", "fa", "hi", "pl"):
        with (translations_dir / lang / "LC_MESSAGES" / "play.po").open("rb") as f:
            found = read_po(f).get("Time ran out: the computer played for %(player)s.", context="play log")
        assert found is not None and found.string and "%(player)s" in found.string.replace("%(player_obl)s",
                                                                                          "%(player)s"), lang
        assert "@" not in found.string, lang
