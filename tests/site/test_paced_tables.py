"""A table with friends moves its computer seats one move a request (issue 45, items 2 and 4).

- No request at a table with friends makes more than one computer move: a new table, a person's
  move (the API's and the plain form's), a seat left or handed to the computer, the timer's
  stand-in, the next deal and the table page's advance (``to=turn`` too) each make at most one;
  a table with every seat away moves exactly one move per ``advance``.
- An API client can always move a table on: ``POST /api/v1/games/<id>/advance`` (the stall of a
  table whose browser seat moved by htmx and closed its tab).
- Every seated page carries the advance form while a computer seat is to act (a watcher's does
  not), with a button that works without JavaScript.
- Analyses are bounded: per deal (a seat its person never played gets none) and per store
  (``PAIYOU_ANALYSIS_BACKLOG``: beyond it a deal's analysis is deferred until its player asks
  again).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from paiyou import create_app
from paiyou.analysis import jobs
from paiyou.deals import service
from paiyou.seats import friends
from paiyou.store.databases import store_for
from paiyou.tables.table import STANDBY_MS
from tests.site.play_helpers import bearer, cookie_key
from tests.site.test_store import database_url, postgres_database, postgres_server, store  # noqa: F401


def make(translations_dir: Path, tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard", **config})


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path):
    made = make(translations_dir, tmp_path)
    yield made
    store_for(made).close()


def actions(app: Flask, game_id: str) -> int:
    """How many actions the stored deal has seen."""
    return int(service.load(store_for(app), game_id).deal.action_count)


def table(app: Flask, game: str, seats: list[str], **extra: Any) -> tuple[str, dict[int, str]]:
    """A table made through the API, its friends' seats all claimed: its id and each key by seat."""
    made = app.test_client().post(f"/api/v1/{game}/games", json={"seats": seats, "level": "random", **extra})
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    keys = {int(data["seat"]): str(data["key"])}
    for _ in range(seats.count("friend")):
        joined = app.test_client().post(f"/api/v1/games/{data['id']}/seats", json={"invite": data["invite"]})
        assert joined.status_code == 201, joined.get_json()
        keys[int(joined.get_json()["seat"])] = str(joined.get_json()["key"])
    return str(data["id"]), keys


def post(app: Flask, game_id: str, route: str, key: str, body: dict[str, Any] | None = None) -> Any:
    response = app.test_client().post(f"/api/v1/games/{game_id}/{route}", json=body or {}, headers=bearer(key))
    assert response.status_code in (200, 201), (route, response.get_json())
    return response.get_json()


def advance(app: Flask, game_id: str, key: str) -> dict[str, Any]:
    """One ``advance`` against the stored version (it must make exactly one move)."""
    before = service.load(store_for(app), game_id)
    answer = post(app, game_id, "advance", key, {"version": before.version})
    assert answer["version"] == before.version + 1
    assert actions(app, game_id) == before.deal.action_count + 1
    return dict(answer)


def until(app: Flask, game_id: str, keys: dict[int, str], seat: int) -> None:
    """Move the table on (the computer by ``advance``, the people by their first legal move) until
    ``seat`` is to act."""
    for _ in range(200):
        truth = service.load(store_for(app), game_id)
        assert not truth.is_over, "the deal ended before the seat's turn"
        if truth.deal.to_act == seat:
            return
        if truth.players[truth.deal.to_act] != "human":
            advance(app, game_id, keys[seat])
        else:
            first = truth.deal.legal_actions()[0].as_dict()
            post(app, game_id, "actions", keys[truth.deal.to_act], {"version": truth.version, **first})
    raise AssertionError("the seat never got the turn")


# -- one computer move a request ----------------------------------------------------------------

def test_a_new_table_makes_no_computer_move(app: Flask) -> None:
    """Three computer seats of four: the first to act is most often a computer seat, which waits
    for ``advance`` instead of playing up to the creator's turn in the creating request."""
    for _ in range(4):
        game_id, keys = table(app, "tien-gow", ["you", "random", "random", "random"])
        assert actions(app, game_id) == 0


def test_a_person_leaving_makes_no_computer_move_and_a_table_left_to_the_computer_moves_one_a_request(
        app: Flask) -> None:
    """Before: leaving the only person's seat played the whole deal in the request (12-23 s of
    CPU with ``strong``). Now the leave makes no move, and each ``advance`` makes exactly one."""
    game_id, keys = table(app, "chuo-pai", ["you", "random", "random"])
    until(app, game_id, keys, 0)
    before = actions(app, game_id)
    left = post(app, game_id, "leave", keys[0])
    assert actions(app, game_id) == before and left["view"]["players"][0]["away"] is True
    steps = 0
    while not service.load(store_for(app), game_id).is_over:
        advance(app, game_id, keys[0])
        steps += 1
    assert steps >= 3
    over = post(app, game_id, "advance", keys[0], {"version": service.load(store_for(app), game_id).version})
    assert over["view"]["is_over"]  # nothing left to move: the game as it stands
    dealt = post(app, game_id, "next", keys[0])
    assert actions(app, dealt["id"]) == 0, "the next deal's first moves are advance's too"
    advance(app, dealt["id"], keys[0])  # every seat away: one move a request
    advance(app, dealt["id"], keys[0])


def test_a_seat_handed_to_the_computer_makes_no_move(app: Flask) -> None:
    """The creator leaves, then hands the empty friend's seat to the computer: every seat is the
    computer's, and neither request makes a move (before, the second played the whole deal)."""
    made = app.test_client().post("/api/v1/chuo-pai/games", json={"seats": ["you", "friend", "random"]}).get_json()
    post(app, made["id"], "leave", made["key"])
    assert actions(app, made["id"]) == 0
    handed = post(app, made["id"], "seats/1/computer", made["key"])
    assert handed["view"]["players"][1]["human"] is False
    assert actions(app, made["id"]) == 0
    advance(app, made["id"], made["key"])


def test_a_persons_move_makes_no_computer_move(app: Flask) -> None:
    """The API's ``actions``, the plain form and the table page's advance (``to=turn``, the
    no-JavaScript button) at a table with friends: the person's move alone, one step."""
    game_id, keys = table(app, "chuo-pai", ["you", "random", "random"])
    until(app, game_id, keys, 0)
    truth = service.load(store_for(app), game_id)
    first = truth.deal.legal_actions()[0].as_dict()
    post(app, game_id, "actions", keys[0], {"version": truth.version, **first})
    assert actions(app, game_id) == truth.deal.action_count + 1
    browser = app.test_client()
    browser.set_cookie("paiyou_seats", f"{game_id}:{keys[0]}")
    page = f"/en/chuo-pai/games/{game_id}"
    for _ in range(200):
        truth = service.load(store_for(app), game_id)
        if truth.deal.to_act == 0 or truth.is_over:
            break
        skipped = browser.post(f"{page}/advance", data={"version": str(truth.version), "to": "turn"})
        assert skipped.status_code == 303
        assert actions(app, game_id) == truth.deal.action_count + 1
    if truth.is_over:  # pragma: no cover - the deal's order
        return
    action = truth.deal.legal_actions()[0]
    moved = browser.post(page, data={"version": str(truth.version), "tile": [t.key for t in action.tiles],
                                     "move": "play" if action.tiles else "pass"})
    assert moved.status_code == 303
    assert actions(app, game_id) == truth.deal.action_count + 1


def test_the_timers_stand_in_makes_one_move(app: Flask) -> None:
    game_id, keys = table(app, "chuo-pai", ["you", "friend", "random"], timer=30)
    friend_seat = next(s for s in keys if s != 0)
    post(app, game_id, "leave", keys[friend_seat])
    until(app, game_id, keys, 0)
    games = store_for(app)
    with app.test_request_context():
        game = service.load(games, game_id)
        when = friends.deadline(game)
        assert when is not None
        after = friends.timeout(games, game, now=when)
    assert after.deal.action_count == game.deal.action_count + 1
    assert actions(app, game_id) == game.deal.action_count + 1


# -- the stall of issue 45, item 4 ----------------------------------------------------------------

def test_an_api_seat_moves_on_a_table_a_browser_left_waiting_for_the_computer(app: Flask) -> None:
    """The creator plays in a browser, by htmx (its move makes no computer move: its page's
    advance form would), and closes the tab; the friend plays by the API. ``timeout`` changes
    nothing (no timer runs for the computer), ``actions`` is not the friend's turn, and
    ``advance`` moves the computer seat: one move."""
    browser = app.test_client()
    made = browser.post("/en/chuo-pai/friends", data={"seat-1": "computer", "seat-2": "friend", "level": "random",
                                                      "timer": "0"})
    assert made.status_code == 303
    page = made.headers["Location"]
    game_id = page.rstrip("/").split("/")[-1]
    invite = re.search(r'id="invite-link"[^>]*value="[^"]*/join/([^"]+)"', browser.get(page).get_data(as_text=True))
    assert invite is not None
    joined = app.test_client().post(f"/api/v1/games/{game_id}/seats", json={"invite": invite.group(1)}).get_json()
    friend = str(joined["key"])
    assert joined["seat"] == 2
    keys = {2: friend}
    for _ in range(300):  # play until the browser's move leaves the computer seat (1) to act
        truth = service.load(store_for(app), game_id)
        assert not truth.is_over, "the browser's move never left the computer to act"
        seat = truth.deal.to_act
        if seat == 1:
            advance(app, game_id, friend)
            continue
        action = truth.deal.legal_actions()[0]
        if seat == 2:
            post(app, game_id, "actions", keys[2], {"version": truth.version, **action.as_dict()})
            continue
        moved = browser.post(page, data={"version": str(truth.version), "tile": [t.key for t in action.tiles],
                                         "move": "play" if action.tiles else "pass"}, headers={"HX-Request": "true"})
        assert moved.status_code == 200
        if service.load(store_for(app), game_id).deal.to_act == 1:
            assert 'id="advance-form"' in moved.get_data(as_text=True)  # the page would have asked
            break
    stalled = service.load(store_for(app), game_id)
    assert stalled.deal.to_act == 1 and stalled.deal.action_count == truth.deal.action_count + 1
    # the browser is gone: what the API friend can do
    post(app, game_id, "timeout", friend)
    assert service.load(store_for(app), game_id).version == stalled.version
    refused = app.test_client().post(f"/api/v1/games/{game_id}/actions", headers=bearer(friend),
                                     json={"version": stalled.version, "tiles": ""})
    assert refused.status_code == 422 and refused.get_json()["error"] == "not-your-turn"
    view = app.test_client().get(f"/api/v1/games/{game_id}", headers=bearer(friend)).get_json()["view"]
    assert view["to_act"] == 1 and view["players"][1]["agent"] != "human"  # how a client knows
    moved_on = advance(app, game_id, friend)
    assert moved_on["view"]["seat"] == 2 and moved_on["version"] == stalled.version + 1
    assert service.load(store_for(app), game_id).deal.action_count == stalled.deal.action_count + 1
    again = post(app, game_id, "advance", friend, {"version": stalled.version})  # an older version
    assert again["version"] == stalled.version + 1  # changes nothing: the game as it stands


def test_advance_refuses_a_stranger_and_a_bad_version(app: Flask) -> None:
    game_id, keys = table(app, "chuo-pai", ["you", "random", "random"])
    before = service.load(store_for(app), game_id).version
    stranger = app.test_client().post(f"/api/v1/games/{game_id}/advance", json={"version": before})
    assert stranger.status_code == 401
    for body in ({}, {"version": "1"}, {"version": True}, {"version": None}, {"version": 1.5}):
        refused = app.test_client().post(f"/api/v1/games/{game_id}/advance", json=body, headers=bearer(keys[0]))
        assert refused.status_code == 400 and refused.get_json()["error"] == "bad-version", body
    assert service.load(store_for(app), game_id).version == before


def test_a_deal_against_the_computer_can_be_advanced_by_the_api(app: Flask) -> None:
    """The browser's table left between two computer moves: the API moves it on, one move."""
    browser = app.test_client()
    made = browser.post("/en/tien-gow/play", data={"level": "random"})
    game_id = made.headers["Location"].rstrip("/").split("/")[-1]
    seat_key = cookie_key(browser, game_id)
    page = made.headers["Location"]
    for _ in range(200):
        truth = service.load(store_for(app), game_id)
        if truth.deal.to_act != 0:
            break
        action = truth.deal.legal_actions()[0]
        browser.post(page, data={"version": str(truth.version), "tile": [t.key for t in action.tiles],
                                 "move": "play" if action.face_up else "down"}, headers={"HX-Request": "true"})
    truth = service.load(store_for(app), game_id)
    assert truth.deal.to_act not in (0, None)
    advance(app, game_id, seat_key)


# -- the pages -----------------------------------------------------------------------------------

def test_every_seated_page_asks_for_the_computers_move_and_works_without_javascript(app: Flask) -> None:
    game_id, keys = table(app, "chuo-pai", ["you", "friend", "random"])
    computer = next(s for s in range(3) if s not in keys)
    until(app, game_id, keys, computer)
    page = f"/en/chuo-pai/games/{game_id}"
    for seat, key in keys.items():
        browser = app.test_client()
        browser.set_cookie("paiyou_seats", f"{game_id}:{key}")
        html = browser.get(page).get_data(as_text=True)
        form = re.search(r'<form id="advance-form".*?</form>', html, re.S)
        assert form is not None, seat
        assert 'id="computer-move"' in form.group(0) and "Let the computer move" in form.group(0)
        assert 'id="skip-button"' not in form.group(0)  # one move a press: no "Skip to your turn"
    watcher = app.test_client().get(page).get_data(as_text=True)
    assert 'id="advance-form"' not in watcher
    browser = app.test_client()
    browser.set_cookie("paiyou_seats", f"{game_id}:{keys[0]}")
    before = service.load(store_for(app), game_id)
    assert browser.post(f"{page}/advance", data={"version": str(before.version)}).status_code == 303
    assert actions(app, game_id) == before.deal.action_count + 1


def test_one_seated_page_asks_at_once_and_the_others_stand_by(app: Flask) -> None:
    """Each ask for the version now computes the move: the first open seat's page asks after its
    pause, every other seated page waits ``STANDBY_MS`` more (the move reaches it first), and a
    page alone at the table asks at once."""
    game_id, keys = table(app, "chuo-pai", ["you", "friend", "random"])
    computer = next(s for s in range(3) if s not in keys)
    until(app, game_id, keys, computer)
    page = f"/en/chuo-pai/games/{game_id}"

    def delay(seat: int) -> int:
        browser = app.test_client()
        browser.set_cookie("paiyou_seats", f"{game_id}:{keys[seat]}")
        browser.set_cookie("paiyou_speed", "fast")
        found = re.search(r'id="advance-form"[^>]*data-delay="(\d+)"', browser.get(page).get_data(as_text=True))
        assert found is not None, seat
        return int(found.group(1))

    later, first = sorted(keys)[1], sorted(keys)[0]
    assert delay(later) == 350  # alone so far (its own load marks it present): it asks at once
    assert delay(first) == 350  # the first open seat drives
    assert delay(later) == 350 + STANDBY_MS  # the other stands by


# -- analyses, bounded -----------------------------------------------------------------------------

def play_out(app: Flask, game_id: str, keys: dict[int, str], movers: set[int]) -> None:
    """The seats of ``movers`` make their first legal moves themselves; every other seat is the
    computer's (a computer seat, or one that left) and moves by ``advance``."""
    any_key = next(iter(keys.values()))
    for _ in range(400):
        truth = service.load(store_for(app), game_id)
        if truth.is_over:
            return
        seat = truth.deal.to_act
        if seat in movers and truth.players[seat] == "human":
            first = truth.deal.legal_actions()[0].as_dict()
            post(app, game_id, "actions", keys[seat], {"version": truth.version, **first})
        else:
            advance(app, game_id, any_key)
    raise AssertionError("the deal never ended")


def analysis_rows(app: Flask) -> dict[str, str]:
    _, rows = store_for(app)._run("SELECT game_id, state FROM paiyou_analyses", (), fetch=True)
    return {str(r[0]): str(r[1]) for r in rows}


def test_only_a_seat_its_person_played_gets_an_analysis(app: Flask) -> None:
    """Before: every person's seat of a finished deal queued an analysis, also a seat the computer
    played from start to end (5 ``next`` of a table left to the computer: 20 analyses)."""
    game_id, keys = table(app, "tien-gow", ["you", "friend", "random", "friend"])
    away = max(keys)
    post(app, game_id, "leave", keys[away])  # the computer plays this seat all along
    play_out(app, game_id, keys, movers={s for s in keys if s != away})
    assert jobs.run_pending(app) == 2  # the two people who played, not the one who left
    played = app.test_client().get(f"/api/v1/games/{game_id}/analysis", headers=bearer(keys[0])).get_json()
    assert played["state"] == "done" and played["seat"] == 0
    unplayed = app.test_client().get(f"/api/v1/games/{game_id}/analysis?lang=pl", headers=bearer(keys[away]))
    assert unplayed.status_code == 404 and unplayed.get_json()["error"] == "no-analysis"
    assert "komputer" in unplayed.get_json()["message"]
    browser = app.test_client()
    browser.set_cookie("paiyou_seats", f"{game_id}:{keys[away]}")
    review = browser.get(f"/en/tien-gow/games/{game_id}/review").get_data(as_text=True)
    assert "The computer played every move of this seat in this deal" in review
    # a table everyone left: no analysis at all
    empty_id, empty_keys = table(app, "chuo-pai", ["you", "friend", "random"])
    for key in empty_keys.values():
        post(app, empty_id, "leave", key)
    play_out(app, empty_id, empty_keys, movers=set())
    assert not [k for k, state in analysis_rows(app).items() if k.startswith(empty_id) and state != "unplayed"]
    assert jobs.run_pending(app) == 0


def finished_deal(app: Flask) -> tuple[str, str]:
    """A deal against the computer played to its end through the API: its id and seat key."""
    client = app.test_client()
    data = client.post("/api/v1/chuo-pai/games", json={"level": "random"}).get_json()
    key = data["key"]
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=bearer(key)).get_json()
    return str(data["id"]), str(key)


def test_beyond_the_backlog_an_analysis_waits_for_its_player_to_ask_again(translations_dir: Path,
                                                                             tmp_path: Path) -> None:
    backlogged = make(translations_dir, tmp_path, PAIYOU_ANALYSIS_BACKLOG=2)
    try:
        games = store_for(backlogged)
        first, _ = finished_deal(backlogged)
        second, _ = finished_deal(backlogged)
        third, key = finished_deal(backlogged)
        assert analysis_rows(backlogged) == {first: "queued", second: "queued", third: "deferred"}
        asked = backlogged.test_client().get(f"/api/v1/games/{third}/analysis?lang=fa")
        assert asked.status_code == 503 and asked.get_json()["error"] == "analysis-deferred"
        assert asked.headers["Retry-After"] and asked.get_json()["message"]
        browser = backlogged.test_client()
        browser.set_cookie("paiyou_seats", f"{third}:{key}")
        review = browser.get(f"/en/chuo-pai/games/{third}/review").get_data(as_text=True)
        assert "Many deals are waiting for their analysis just now" in review
        assert "Try the analysis again" in review  # the form that queues it later
        still = backlogged.test_client().post(f"/api/v1/games/{third}/analysis", json={}, headers=bearer(key))
        assert still.status_code == 503 and still.get_json()["error"] == "analysis-deferred"  # still no room
        assert jobs.run_pending(backlogged) == 2 and games.analysis(third).state == "deferred"
        retried = browser.post(f"/en/chuo-pai/games/{third}/review/analysis")
        assert retried.status_code == 303 and games.analysis(third).state == "queued"
        assert jobs.run_pending(backlogged) == 1
        done = backlogged.test_client().get(f"/api/v1/games/{third}/analysis").get_json()
        assert done["state"] == "done"
    finally:
        store_for(backlogged).close()


def test_the_store_keeps_the_backlog_on_both_databases(store: Any) -> None:  # noqa: F811
    """The count and the insert are one statement in SQLite and PostgreSQL alike: the third job
    finds two queued or running and is deferred; a deferred job is queued only when there is
    room; a seat nobody played is kept ``unplayed`` and never claimed."""
    ids = ["A" * 32, "B" * 32, "C" * 32, "D" * 32]
    assert store.queue_analysis(ids[0], backlog=2) and store.queue_analysis(ids[1], backlog=2)
    assert not store.queue_analysis(ids[2], backlog=2) and store.analysis(ids[2]).state == "deferred"
    assert not store.queue_analysis(ids[2], backlog=2)  # once per deal: still deferred
    assert not store.queue_deferred(ids[2], backlog=2)  # no room yet
    assert store.claim_analysis(ids[0], "worker", 60)  # running still counts
    assert not store.queue_deferred(ids[2], backlog=2)
    store.finish_analysis(ids[0], "worker", {"done": True})
    assert store.queue_deferred(ids[2], backlog=2) and store.analysis(ids[2]).state == "queued"
    assert not store.queue_deferred(ids[2], backlog=2)  # queued: nothing to do
    store.note_unplayed(ids[3])
    assert store.analysis(ids[3]).state == "unplayed"
    assert ids[3] not in store.claimable_analyses(60, 10) and ids[2] in store.claimable_analyses(60, 10)
