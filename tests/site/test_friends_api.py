"""A table with friends through the game API (docs/api.md, "Tables with friends").

- Creating a table with chosen seats gives the creator's key and an invite; claiming by the
  invite gives the next empty seat its own key; a full table, an unknown or revoked invite, a
  bad name, a stranger's move, a move out of turn, a stale version and a retried action id are
  each refused or answered without changing anything.
- Claiming the last seat from 20 threads at once: exactly one wins.
- Watchers (no key) see no hand, no legal action and no hidden tile; each seat sees its own
  hand only; over 50 whole friends' deals, no response reveals another seat's tile.
- Leaving, coming back, the turn timer, a seat handed to the computer, names, the next deal.
"""
from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.games import game as game_rules
from paiyou import create_app
from paiyou.analysis import jobs
from paiyou.deals import service
from paiyou.registry import GAME_KEYS
from paiyou.seats import friends
from paiyou.store.databases import store_for
from scripts.patience import PATIENT
from tests.site.play_helpers import bearer, found_keys
from tests.site.test_api_games import make_app

# Every game the engine has: any of them seats friends at one table, listed on the shared pages or not.
GAMES = GAME_KEYS


@pytest.fixture
def api_app(translations_dir: Path, tmp_path: Path):
    app = make_app(translations_dir, tmp_path / "games.sqlite3", level="random")
    # No analysis thread: each finished deal would queue one analysis per person, and a thread
    # computing them would slow every request of the test that goes on playing.
    app.config["PAIYOU_ANALYSIS_WORKERS"] = 0
    yield app
    store_for(app).close()


@pytest.fixture
def api(api_app: Flask):
    return api_app.test_client()


def new_table(api, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = api.post(f"/api/v1/{game}/games", json={"seats": seats, **extra})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def join(api_app: Flask, game_id: str, invite: str, **extra: Any):
    """A new person (a fresh client, no cookie, no key) claiming a seat by the invite."""
    return api_app.test_client().post(f"/api/v1/games/{game_id}/seats", json={"invite": invite, **extra})


def get(api_app: Flask, game_id: str, key: str | None = None) -> dict[str, Any]:
    response = api_app.test_client().get(f"/api/v1/games/{game_id}", headers=bearer(key) if key else {})
    assert response.status_code == 200, response.get_json()
    return dict(response.get_json())


def watcher_hidden(deal: Any) -> set[str]:
    """Every tile no watcher may see: all hands and every face-down tile, less what was shown."""
    seats = range(len(deal.view(0).hand_sizes))
    secret = {t.key for s in seats for t in deal.view(s).hand}
    secret |= {t.key for s in seats for e in deal.view(s).events() for t in e.tiles}
    shown = {t.key for e in deal.watch(0).events() for t in e.tiles}
    return secret - shown


def seat_hidden(deal: Any, seat: int) -> set[str]:
    """The tiles ``seat`` may not see: the other hands and their face-down tiles, less what it saw."""
    seats = range(len(deal.view(0).hand_sizes))
    secret = {t.key for s in seats if s != seat for t in deal.view(s).hand}
    secret |= {t.key for s in seats if s != seat for e in deal.view(s).events() for t in e.tiles}
    view = deal.view(seat)
    return secret - {t.key for t in view.hand} - {t.key for e in view.events() for t in e.tiles}


# -- creating and joining ---------------------------------------------------------------------------

def test_a_table_with_seats_gives_its_creator_a_key_and_an_invite(api, api_app: Flask) -> None:
    table = new_table(api, "tien-gow", ["friend", "you", "greedy", "friend"], name="Ana")
    assert table["seat"] == 1 and table["view"]["seat"] == 1
    assert isinstance(table["invite"], str) and table["invite"] != table["key"]
    players = table["view"]["players"]
    assert [p["human"] for p in players] == [True, True, False, True]
    assert [p["empty"] for p in players] == [True, False, False, True]
    assert players[1]["name"] == "Ana" and players[2]["agent"] == "greedy"
    assert table["view"]["table"] == {"creator": 1, "timer": 0, "deadline": None, "invite_open": True,
                                      "next": None, "watchers": 0}


def test_claims_fill_the_empty_seats_in_order_then_the_table_is_full(api, api_app: Flask) -> None:
    table = new_table(api, "tien-gow", ["you", "friend", "random", "friend"])
    first = join(api_app, table["id"], table["invite"], name="Bo")
    assert first.status_code == 201, first.get_json()
    body = first.get_json()
    assert (body["seat"], body["view"]["seat"]) == (1, 1)
    assert set(body) >= {"id", "game", "version", "view", "seat", "key"}
    second = join(api_app, table["id"], table["invite"])
    assert second.status_code == 201 and second.get_json()["seat"] == 3
    full = join(api_app, table["id"], table["invite"])
    assert full.status_code == 409 and full.get_json()["error"] == "table-full"
    view = get(api_app, table["id"], body["key"])["view"]
    assert view["seat"] == 1 and [p["empty"] for p in view["players"]] == [False] * 4
    assert view["players"][1]["name"] == "Bo"


def test_a_wrong_or_revoked_invite_opens_nothing(api, api_app: Flask) -> None:
    table = new_table(api, "chuo-pai", ["you", "friend", "friend"])
    for invite in ("x" * 32, "", None, 7, ["a"], table["key"]):
        response = join(api_app, table["id"], invite)  # type: ignore[arg-type]
        assert response.status_code == 404 and response.get_json()["error"] == "invite-unknown"
    renewed = api.post(f"/api/v1/games/{table['id']}/invite", json={})
    assert renewed.status_code == 200
    assert join(api_app, table["id"], table["invite"]).status_code == 404
    assert join(api_app, table["id"], renewed.get_json()["invite"]).status_code == 201
    assert api.delete(f"/api/v1/games/{table['id']}/invite").status_code == 200
    after = join(api_app, table["id"], renewed.get_json()["invite"])
    assert after.status_code == 404
    assert get(api_app, table["id"], table["key"])["view"]["table"]["invite_open"] is False


def test_only_the_creator_renews_the_invite_or_hands_a_seat_to_the_computer(api, api_app: Flask) -> None:
    table = new_table(api, "tien-gow", ["you", "friend", "friend", "random"])
    friend = join(api_app, table["id"], table["invite"]).get_json()
    other = api_app.test_client()
    for method, path in (("post", "invite"), ("delete", "invite"), ("post", "seats/2/computer")):
        response = getattr(other, method)(f"/api/v1/games/{table['id']}/{path}", json={},
                                          headers=bearer(friend["key"]))
        assert response.status_code == 403 and response.get_json()["error"] == "not-the-creator"
    taken = api.post(f"/api/v1/games/{table['id']}/seats/1/computer", json={})
    assert taken.status_code == 409 and taken.get_json()["error"] == "seat-not-empty"
    handed = api.post(f"/api/v1/games/{table['id']}/seats/2/computer", json={})
    assert handed.status_code == 200
    players = handed.get_json()["view"]["players"]
    assert players[2]["human"] is False and players[2]["agent"] != "human"
    full = join(api_app, table["id"], table["invite"])
    assert full.status_code == 409 and full.get_json()["error"] == "table-full"


def test_claiming_the_last_seat_at_once_seats_exactly_one(api, api_app: Flask) -> None:
    table = new_table(api, "chuo-pai", ["you", "friend", "random"])
    start = threading.Barrier(20)
    answers: list[int] = []

    def claim() -> None:
        client = api_app.test_client()
        start.wait(timeout=PATIENT)  # twenty threads starting on a loaded machine
        answers.append(client.post(f"/api/v1/games/{table['id']}/seats",
                                   json={"invite": table["invite"]}).status_code)

    threads = [threading.Thread(target=claim) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=PATIENT)
    assert sorted(answers) == [201] + [409] * 19
    stored = store_for(api_app).get(table["id"])
    assert stored is not None and sorted(stored.meta["seat_keys"]) == ["0", "1"]


@pytest.mark.parametrize("body, code", [
    ({"seats": ["you", "you", "friend"]}, "bad-seats"),
    ({"seats": ["friend", "friend", "random"]}, "bad-seats"),
    ({"seats": ["you", "friend"]}, "bad-seats"),
    ({"seats": ["you", "robot", "friend"]}, "bad-seats"),
    ({"seats": "you"}, "bad-seats"),
    ({"seats": ["you", "friend", "random"], "timer": 45}, "bad-timer"),
    ({"seats": ["you", "friend", "random"], "timer": True}, "bad-timer"),
    ({"seats": ["you", "friend", "random"], "name": "x" * 25}, "bad-name"),
    ({"seats": ["you", "friend", "random"], "name": "a\u202eb"}, "bad-name"),
    ({"seats": ["you", "friend", "random"], "name": 3}, "bad-name"),
])
def test_a_bad_table_is_refused_and_says_why(api, api_app: Flask, body: dict[str, Any], code: str) -> None:
    before = store_for(api_app).count()
    response = api.post("/api/v1/chuo-pai/games", json=body, headers={"Accept-Language": "pl"})
    assert response.status_code == 400
    data = response.get_json()
    assert data["error"] == code and data["message"]
    assert store_for(api_app).count() == before


def test_names_are_trimmed_and_kept_as_text(api, api_app: Flask) -> None:
    table = new_table(api, "chuo-pai", ["you", "friend", "random"])
    named = api.post(f"/api/v1/games/{table['id']}/name", json={"name": "  <b>Zoë</b>   "})
    assert named.status_code == 200
    assert named.get_json()["view"]["players"][0]["name"] == "<b>Zoë</b>"
    cleared = api.post(f"/api/v1/games/{table['id']}/name", json={"name": ""})
    assert cleared.get_json()["view"]["players"][0]["name"] is None
    assert api.post(f"/api/v1/games/{table['id']}/name", json={"name": "\x00"}).status_code == 400
    # the joiners spell Persian and Hindi names; the other format characters (bidi) are refused
    for name in ("علی\u200cرضا", "क्\u200dष"):
        kept = api.post(f"/api/v1/games/{table['id']}/name", json={"name": name})
        assert kept.get_json()["view"]["players"][0]["name"] == name
    assert api.post(f"/api/v1/games/{table['id']}/name", json={"name": "a\u2066b"}).status_code == 400


# -- moves ------------------------------------------------------------------------------------------

def seats_of(api, api_app: Flask, game: str, seats: list[str]) -> tuple[str, dict[int, str]]:
    """A table whose friend seats are all claimed: its id and every person's key by seat."""
    table = new_table(api, game, seats)
    keys = {table["seat"]: table["key"]}
    for _ in range(seats.count("friend")):
        claimed = join(api_app, table["id"], table["invite"]).get_json()
        keys[claimed["seat"]] = claimed["key"]
    return table["id"], keys


def move(api_app: Flask, game_id: str, key: str, body: dict[str, Any]):
    return api_app.test_client().post(f"/api/v1/games/{game_id}/actions", json=body, headers=bearer(key))


def advance(api_app: Flask, game_id: str, key: str, version: int):
    return api_app.test_client().post(f"/api/v1/games/{game_id}/advance", json={"version": version},
                                      headers=bearer(key))


def any_legal(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    action = rng.choice(view["legal_actions"])
    return {"tiles": action["tiles"], **({"face_up": action["face_up"]} if "face_up" in action else {})}


def test_moves_out_of_turn_stale_or_retried_change_nothing(api, api_app: Flask) -> None:
    game_id, keys = seats_of(api, api_app, "tien-gow", ["you", "friend", "friend", "friend"])
    current = get(api_app, game_id, keys[0])
    to_act = current["view"]["to_act"]
    other = next(s for s in keys if s != to_act)
    version = current["version"]
    view = get(api_app, game_id, keys[to_act])["view"]
    body = {"version": version, **any_legal(view, random.Random(1))}
    refused = move(api_app, game_id, keys[other], body)
    assert refused.status_code == 422 and refused.get_json()["error"] == "not-your-turn"
    stranger = api_app.test_client().post(f"/api/v1/games/{game_id}/actions", json=body)
    assert stranger.status_code == 401
    done = move(api_app, game_id, keys[to_act], {**body, "action_id": "a-1"})
    assert done.status_code == 200 and done.get_json()["version"] == version + 1
    again = move(api_app, game_id, keys[to_act], {**body, "action_id": "a-1"})
    assert again.status_code == 200 and again.get_json()["version"] == version + 1
    stale = move(api_app, game_id, keys[to_act], body)
    assert stale.status_code == 409
    data = stale.get_json()
    assert data["error"] == "stale-version" and data["version"] == version + 1
    assert data["view"]["seat"] == to_act and data["view"]["hand"] == done.get_json()["view"]["hand"]
    assert get(api_app, game_id, keys[0])["version"] == version + 1
    bad = move(api_app, game_id, keys[to_act], {**body, "version": version + 1, "action_id": "no spaces"})
    assert bad.status_code == 400 and bad.get_json()["error"] == "bad-action-id"


@pytest.mark.parametrize("game", GAMES)
def test_whole_friends_deals_never_show_a_seat_another_seats_tile(api, api_app: Flask, game: str) -> None:
    """25 deals per game: every person's moves through the API, the computer's in
    between. Every answer to a move is the mover's view, checked against the whole state; every
    second step a watcher's view and every fourth each seat's (each answer costs a replay)."""
    rng = random.Random(game)
    seats = game_rules(game).seats
    store = store_for(api_app)
    for number in range(25):
        layout = ["you", *(["friend"] * (seats - 2)), "random"]
        rng.shuffle(layout)
        game_id, keys = seats_of(api, api_app, game, layout)
        for step in range(300):
            truth = service.load(store, game_id)
            if truth.is_over:
                break
            if step % 2 == 0:
                watched = get(api_app, game_id)
                assert watched["view"]["seat"] is None and watched["view"]["hand"] == []
                assert watched["view"]["legal_actions"] == []
                assert not found_keys(json.dumps(watched), watcher_hidden(truth.deal))
            for seat in (keys if step % 4 == 0 else []):
                seen = get(api_app, game_id, keys[seat])
                assert seen["view"]["seat"] == seat
                assert not found_keys(json.dumps(seen), seat_hidden(truth.deal, seat))
            to_act = truth.deal.to_act
            if to_act not in keys:  # a computer seat: any seat's client moves it on, one move
                stepped = advance(api_app, game_id, keys[sorted(keys)[step % len(keys)]], truth.version)
                assert stepped.status_code == 200 and stepped.get_json()["version"] == truth.version + 1
                continue
            action = rng.choice(list(truth.deal.legal_actions())).as_dict()
            body = {"version": truth.version, "tiles": action["tiles"], "action_id": f"m{number}-{truth.version}",
                    **({"face_up": action["face_up"]} if "face_up" in action else {})}
            moved = move(api_app, game_id, keys[to_act], body)
            assert moved.status_code == 200
            after = service.load(store, game_id)
            assert moved.get_json()["view"]["seat"] == to_act
            assert sorted(moved.get_json()["view"]["hand"]) == sorted(t.key for t in after.deal.view(to_act).hand)
            assert not found_keys(moved.get_data(as_text=True), seat_hidden(after.deal, to_act))
        record = api_app.test_client().get(f"/api/v1/games/{game_id}/record").get_json()
        assert record["humans"] == sorted(keys)
        site_fields = {"salt", "commitment", "humans"}
        replayed = game_rules(game).to_record(game_rules(game).replay(record))
        assert replayed == {k: v for k, v in record.items() if k not in site_fields}


# -- away, back, the timer, the next deal ---------------------------------------------------------

def test_leaving_hands_the_seat_to_the_computer_until_its_key_comes_back(api, api_app: Flask) -> None:
    game_id, keys = seats_of(api, api_app, "chuo-pai", ["you", "friend", "random"])
    left = api_app.test_client().post(f"/api/v1/games/{game_id}/leave", json={}, headers=bearer(keys[1]))
    assert left.status_code == 200
    view = left.get_json()["view"]
    assert view["players"][1]["away"] is True and view["players"][1]["agent"] != "human"
    version = left.get_json()["version"]
    while view["to_act"] not in (0, None):  # the computer plays the seat that left, a move a request
        stepped = advance(api_app, game_id, keys[1], version).get_json()
        assert stepped["version"] == version + 1
        version, view = stepped["version"], stepped["view"]
    back = api_app.test_client().post(f"/api/v1/games/{game_id}/return", json={}, headers=bearer(keys[1]))
    assert back.status_code == 200
    assert back.get_json()["view"]["players"][1] == {**view["players"][1], "away": False, "agent": "human"}


def test_the_timer_plays_one_move_then_after_two_the_seat_is_away(api, api_app: Flask) -> None:
    game_id, keys = seats_of(api, api_app, "tien-gow", ["you", "friend", "friend", "friend"])
    api.post(f"/api/v1/games/{game_id}/leave", json={})  # seat 0 away: never waits for the clock
    store = store_for(api_app)
    with api_app.test_request_context():
        first = service.load(store, game_id)
        assert friends.deadline(first) is None  # no timer on this table
    table = new_table(api, "tien-gow", ["you", "friend", "friend", "friend"], timer=30)
    for _ in range(3):
        join(api_app, table["id"], table["invite"])
    with api_app.test_request_context():
        game = service.load(store, table["id"])
        seat = game.deal.to_act
        when = friends.deadline(game)
        assert game.seating is not None and when == game.seating.turn_since + 30
        assert friends.timeout(store, game, now=when - 1) is game  # not yet: nothing changes
        after = friends.timeout(store, game, now=when)
        assert after.version == game.version + 1 and after.seating is not None
        assert after.seating.timeouts == {seat: 1} and seat not in after.seating.away
        if not after.is_over and after.deal.to_act == seat:  # pragma: no cover - the deal's order
            return
    response = api_app.test_client().post(f"/api/v1/games/{table['id']}/timeout", json={},
                                          headers=bearer(api.keys[table["id"]]))
    assert response.status_code == 200  # before the deadline: the table as it stands


def test_the_next_deal_keeps_the_seats_and_their_keys(api, api_app: Flask) -> None:
    game_id, keys = seats_of(api, api_app, "chuo-pai", ["you", "friend", "random"])
    rng = random.Random(3)
    store = store_for(api_app)
    for _ in range(300):
        truth = service.load(store, game_id)
        if truth.is_over:
            break
        seat = truth.deal.to_act
        if seat not in keys:
            assert advance(api_app, game_id, keys[0], truth.version).status_code == 200
            continue
        view = get(api_app, game_id, keys[seat])["view"]
        assert move(api_app, game_id, keys[seat], {"version": truth.version, **any_legal(view, rng)}).status_code == 200
    following = api_app.test_client().post(f"/api/v1/games/{game_id}/next", json={}, headers=bearer(keys[1]))
    assert following.status_code == 201 and following.get_json()["view"]["seat"] == 1
    new_id = following.get_json()["id"]
    again = api_app.test_client().post(f"/api/v1/games/{game_id}/next", json={}, headers=bearer(keys[0]))
    assert again.get_json()["id"] == new_id and again.get_json()["view"]["seat"] == 0  # the same deal, your seat
    assert get(api_app, game_id, keys[0])["view"]["table"]["next"] == new_id
    for seat, key in keys.items():
        assert get(api_app, new_id, key)["view"]["seat"] == seat
    assert get(api_app, new_id)["view"]["seat"] is None  # a watcher's


def test_each_person_gets_the_analysis_of_their_own_seat(translations_dir: Path, tmp_path: Path) -> None:
    """At the end of a table with friends each person's analysis is queued: the analysis API, the
    review and the mistakes read the one of the key's seat (a stranger's API reads the creator's; a
    stranger's review, a watcher's, shows none: tests/site/test_friends_pages.py)."""
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                      "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard"})
    try:
        api = app.test_client()
        game_id, keys = seats_of(api, app, "tien-gow", ["you", "friend", "random", "random"])
        rng = random.Random(5)
        store = store_for(app)
        while not (truth := service.load(store, game_id)).is_over:
            seat = truth.deal.to_act
            if seat not in keys:
                assert advance(app, game_id, keys[0], truth.version).status_code == 200
                continue
            view = get(app, game_id, keys[seat])["view"]
            assert move(app, game_id, keys[seat], {"version": truth.version, **any_legal(view, rng)}).status_code == 200
        assert jobs.run_pending(app) == 2  # one analysis per person
        for seat, key in keys.items():
            answer = app.test_client().get(f"/api/v1/games/{game_id}/analysis", headers=bearer(key)).get_json()
            assert answer["state"] == "done" and answer["seat"] == seat
        assert app.test_client().get(f"/api/v1/games/{game_id}/analysis").get_json()["seat"] == 0
        friend = app.test_client()
        friend.set_cookie("paiyou_seats", f"{game_id}:{keys[1]}")
        review = friend.get(f"/en/tien-gow/games/{game_id}/review").get_data(as_text=True)
        assert 'id="review-seat-1" class="review__name">You' in review  # the friend's own side
        assert 'id="review-seat-0" class="review__name">South' in review
    finally:
        store_for(app).close()
