"""The table's live region and where focus lands after a reload, as the server writes them (the
browser's side: tests/e2e/test_friends_keys_e2e.py).

- The live region (``#announce``) is one element of the page, outside the table every answer
  replaces: an htmx answer changes its text only (out of band, ``innerHTML``), and a live refresh,
  which sends the count of log events its page showed (``?seen=``), says only what came since —
  with "Your turn" when the turn has just come to this seat — or leaves the region alone.
- At a table with a turn timer the region carries the warning live.js says when your clock is
  about to run out, in the page's language.
- Leave and "Take your seat back" reload the table at the control now standing where the pressed
  one was (the redirect's fragment), not at the page's top.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from paiyou import create_app
from paiyou.deals import service
from paiyou.store.databases import store_for
from tests.site.test_friends_pages import first_legal_move, game_id, set_up

HX = {"HX-Request": "true"}


@pytest.fixture
def friends_app(translations_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                      "PAIYOU_ANALYSIS_WORKERS": 0})
    yield app
    store_for(app).close()


def seen(page: str) -> str:
    found = re.search(r'id="table"[^>]*data-seen="(\d+)"', page)
    assert found, "the table says how many log events it shows"
    return found.group(1)


def test_a_live_refresh_says_only_what_is_new_in_the_region_that_stays(friends_app: Flask) -> None:
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    friend = friends_app.test_client()
    assert friend.post(invite).status_code == 303
    browsers = {0: creator, 1: friend}
    store = store_for(friends_app)
    turns_came = 0
    for _ in range(32):
        truth = service.load(store, game_id(table))
        if truth.is_over:
            break
        mover = truth.deal.to_act
        if mover not in browsers:  # the computer's seat: a seated page asks for its one move
            assert creator.post(f"{table}/advance", data={"version": str(truth.version)}).status_code in (200, 303)
            continue
        other = browsers[1 - mover]
        before = seen(other.get(table).get_data(as_text=True))
        assert browsers[mover].post(table, data=first_legal_move(truth)).status_code == 303
        live = other.get(f"{table}?seen={before}", headers=HX).get_data(as_text=True)
        assert 'id="announce"' not in live  # the region itself is never sent again: only its text
        said = re.findall(r'<div hx-swap-oob="innerHTML:#announce">(.*?)</div>', live, re.S)
        assert len(said) == 1 and said[0].strip(), "the move is said"
        yours = service.load(store, game_id(table)).deal.to_act == 1 - mover
        assert said[0].strip().endswith("Your turn") == yours, said[0]
        turns_came += yours
        # asked again with nothing new since (a presence change): the region is left alone
        again = other.get(f"{table}?seen={seen(live)}", headers=HX).get_data(as_text=True)
        assert "#announce" not in again and 'id="announce"' not in again
    assert turns_came >= 2


def test_the_region_is_on_the_page_once_with_the_timers_warning(friends_app: Flask) -> None:
    creator, table, _ = set_up(friends_app, game="tien-gow", timer="30", **{"seat-1": "friend"})
    for lang, warning in (("en", "10 seconds left for your move, then the computer plays it."),
                          ("ar", "الوقت المتبقي لحركتك: 10 ثوانٍ، ثم يلعبها الحاسوب.")):
        page = creator.get(table.replace("/en/", f"/{lang}/")).get_data(as_text=True)
        assert page.count('id="announce"') == 1 and 'aria-live="polite"' in page
        assert 'data-hurry-at="10"' in page and f'data-hurry="{warning}"' in page
        assert re.search(r'<h2 id="status" tabindex="-1"', page)  # where focus waits, playing nothing
    untimed, plain, _ = set_up(friends_app, game="tien-gow", **{"seat-1": "friend"})
    assert "data-hurry" not in untimed.get(plain).get_data(as_text=True)


def test_leave_and_take_back_land_on_the_control_now_standing_there(friends_app: Flask) -> None:
    _, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    friend = friends_app.test_client()
    friend.post(invite)
    left = friend.post(f"{table}/leave")
    assert left.status_code == 303 and left.headers["Location"] == f"{table}#return-seat"
    assert 'id="return-seat"' in friend.get(table).get_data(as_text=True)
    back = friend.post(f"{table}/return")
    assert back.status_code == 303 and back.headers["Location"] == f"{table}#leave-table"
    assert 'id="leave-table"' in friend.get(table).get_data(as_text=True)


@pytest.mark.parametrize("value", ["", "x", "-1", "1e3", "٣", "99999", "123456", "0" * 40, "%00"])
def test_a_hostile_seen_count_is_ignored_and_changes_nothing(friends_app: Flask, value: str) -> None:
    creator, table, _ = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    before = service.load(store_for(friends_app), game_id(table)).version
    for headers in ({}, HX):
        answer = creator.get(table, query_string={"seen": value}, headers=headers)
        assert answer.status_code == 200 and 'id="table"' in answer.get_data(as_text=True)
    assert service.load(store_for(friends_app), game_id(table)).version == before
