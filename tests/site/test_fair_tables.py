"""Fair tables (issue 45, items 1, 3 and 5):

- a table with friends is dealt from a seed nobody at it chose: the API refuses ``seed`` with
  ``seats`` (and creates nothing), the start form cannot choose one, a match's next deal is
  random, and the table says which kind its deal is (the API's ``seed_chosen``, the page's line
  beside the shuffle commitment); a seed stays available against the computer;
- the next deal of a table with friends starts its turn clock afresh, with no timeout counted;
- every change a seat makes, and every move, is limited per client (``PAIYOU_SEAT_WRITE_LIMIT``,
  ``PAIYOU_MOVE_LIMIT``): over the budget a 429 with ``Retry-After`` that changes nothing, while
  a whole fast deal never meets the default budgets.
"""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.games import game as game_rules
from paiyou import create_app
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.deals import service
from paiyou.deals.game import Game
from paiyou.registry import GAME_KEYS
from paiyou.seats import friends
from paiyou.store.databases import store_for
from tests.site.play_helpers import bearer

# Every game the engine has: any of them seats friends, listed on the shared pages or not.
GAMES = GAME_KEYS


def make(translations_dir: Path, tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_OPPONENT_LEVEL": "random", **config})


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    """The limits as they ship (their defaults), every other protection but CSRF tokens on."""
    made = make(translations_dir, tmp_path)
    yield made
    store_for(made).close()


def table(client: FlaskClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post(f"/api/v1/{game}/games", json={"seats": seats, "level": "random", **extra})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def everyone(app: Flask, game: str, **extra: Any) -> tuple[str, dict[int, str]]:
    """A table whose every seat is a person (the creator and friends who joined): its id and each
    seat's key."""
    created = table(app.test_client(), game, ["you", *["friend"] * (game_rules(game).seats - 1)], **extra)
    keys = {int(created["seat"]): str(created["key"])}
    for _ in range(game_rules(game).seats - 1):
        joined = app.test_client().post(f"/api/v1/games/{created['id']}/seats", json={"invite": created["invite"]})
        keys[int(joined.get_json()["seat"])] = str(joined.get_json()["key"])
    return str(created["id"]), keys


def first_legal(game: Game) -> dict[str, Any]:
    """The first legal action of the seat to act, as ``service.act``'s keywords."""
    action = game.deal.legal_actions()[0]
    return {"tiles": [t.key for t in action.tiles], "face_up": action.face_up}


def form_fields(game: Game) -> dict[str, Any]:
    """The table form's fields of the first legal action of the seat to act."""
    action = game.deal.legal_actions()[0]
    return {"version": str(game.version), "tile": [t.key for t in action.tiles],
            "move": "pass" if not action.tiles else "play" if action.face_up else "down"}


# -- 1. the deal of a table with friends is nobody's choice ----------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [4, "4", 0])
def test_a_table_with_friends_refuses_a_chosen_seed_and_creates_nothing(app: Flask, game: str, seed: object) -> None:
    client = app.test_client()
    before = store_for(app).count()
    seats = ["you", "friend", *["random"] * (game_rules(game).seats - 2)]
    for lang in ("en", "pl"):
        refused = client.post(f"/api/v1/{game}/games", json={"seats": seats, "seed": seed, "lang": lang})
        assert refused.status_code == 400
        assert refused.get_json()["error"] == "seed-not-allowed" and refused.get_json()["message"]
        assert refused.headers["Cache-Control"] == "no-store"
    messages = {lang: client.post(f"/api/v1/{game}/games", json={"seats": seats, "seed": seed, "lang": lang})
                .get_json()["message"] for lang in LANGUAGE_CODES}
    # each language says it in its own words, never English's (two languages may share words: a
    # new language's catalogs begin as a copy of another's)
    assert all(messages[lang] != messages[DEFAULT_LANGUAGE] for lang in LANGUAGE_CODES if lang != DEFAULT_LANGUAGE)
    assert store_for(app).count() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_stays_available_against_the_computer_and_the_table_says_it_was_chosen(app: Flask, game: str) -> None:
    client = app.test_client()
    chosen = client.post(f"/api/v1/{game}/games", json={"seed": 7}).get_json()
    assert chosen["view"]["seed_chosen"] is True
    dealt = client.post(f"/api/v1/{game}/games", json={}).get_json()
    assert dealt["view"]["seed_chosen"] is False
    with app.test_request_context():
        assert service.load(store_for(app), chosen["id"]).deal.seed == 7
    client.set_cookie("paiyou_seats", f"{chosen['id']}:{chosen['key']}")
    page = client.get(f"/en/{game}/games/{chosen['id']}").get_data(as_text=True)
    assert "id=\"shuffle-kind\">You chose this deal's seed: anyone who knows it knows every hand." in page
    client.set_cookie("paiyou_seats", f"{dealt['id']}:{dealt['key']}")
    page = client.get(f"/en/{game}/games/{dealt['id']}").get_data(as_text=True)
    assert 'id="shuffle-kind">Dealt at random: nobody chose the seed.' in page


@pytest.mark.parametrize("game", GAMES)
def test_a_table_with_friends_says_nobody_chose_its_seed(app: Flask, game: str) -> None:
    creator = app.test_client()
    created = table(creator, game, ["you", "friend", *["random"] * (game_rules(game).seats - 2)])
    assert created["view"]["seed_chosen"] is False
    watcher = app.test_client().get(f"/api/v1/games/{created['id']}").get_json()
    assert watcher["view"]["seed_chosen"] is False
    page = app.test_client().get(f"/pl/{game}/games/{created['id']}").get_data(as_text=True)
    assert 'id="shuffle-kind"' in page and "nobody chose" not in page  # said in Polish


@pytest.mark.parametrize("game", GAMES)
def test_the_start_form_of_a_table_with_friends_cannot_choose_the_seed(app: Flask, game: str) -> None:
    seeds = set()
    for _ in range(2):
        creator = app.test_client()
        response = creator.post(f"/en/{game}/friends", data={"level": "random", "timer": "0", "seed": "4"})
        assert response.status_code == 303
        game_id = response.headers["Location"].rsplit("/", 1)[1]
        with app.test_request_context():
            dealt = service.load(store_for(app), game_id)
        assert dealt.seed_chosen is False and dealt.stored.meta["shuffle"]["chosen"] is False
        seeds.add(dealt.deal.seed)
        page = creator.get(response.headers["Location"]).get_data(as_text=True)
        assert 'id="shuffle-kind">Dealt at random: nobody chose the seed.' in page
    assert 4 not in seeds and len(seeds) == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_matchs_next_deal_is_random_after_a_chosen_seed(app: Flask, game: str) -> None:
    client = app.test_client()
    data = client.post(f"/api/v1/{game}/games", json={"seed": 11, "level": "random"}).get_json()
    headers = bearer(data["key"])
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers).get_json()
    following = client.post(f"/api/v1/games/{data['id']}/next", json={}, headers=headers)
    assert following.status_code == 201
    assert following.get_json()["view"]["seed_chosen"] is False


# -- 3. a next deal's turn clock starts afresh -----------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_next_deal_starts_its_turn_clock_afresh_with_no_timeout_counted(app: Flask, game: str) -> None:
    """Every seat a person's, a 30 s timer; seat 1 lets its clock run out at each of its turns
    (so it ends the deal away, with its timeouts counted), the others move. An hour later the
    next deal is dealt: its first turn is not overdue, and a ``timeout`` changes nothing."""
    game_id, _ = everyone(app, game, timer=30)
    store = store_for(app)
    with app.test_request_context():
        for _ in range(400):
            truth = service.load(store, game_id)
            if truth.is_over:
                break
            seat = truth.deal.to_act
            assert seat is not None
            if seat == 1 and 1 in truth.seating.away:  # type: ignore[union-attr]
                service.advance(store, truth.seated(0), truth.version)  # the computer plays it now
            elif seat == 1:
                when = friends.deadline(truth)
                assert when is not None
                friends.timeout(store, truth, now=when)
            else:
                service.act(store, truth.seated(seat), truth.version, **first_legal(truth))
        finished = service.load(store, game_id)
        assert finished.is_over and finished.seating is not None and finished.seating.timeouts
        later = time.time() + 3600
        following = service.next_deal(store, finished.seated(0), now=later)
        seating = following.seating
        assert seating is not None
        assert seating.turn_since == int(later) and dict(seating.timeouts) == {}
        # away by the timer stays away: the computer plays it until its player's page is back
        assert seating.away == finished.seating.away
        when = friends.deadline(following)
        if following.deal.to_act == 1:  # the away seat leads: the computer's turn, no clock runs
            assert when is None
        else:
            assert when == int(later) + 30
        after = friends.timeout(store, following, now=later + 1)
        assert after.version == following.version
        assert store.get(following.id).version == following.version  # type: ignore[union-attr]


# -- 5. every change by a seat, and every move, is limited per client ------------------------------

def test_renames_past_the_seat_write_budget_are_refused_and_change_nothing(app: Flask) -> None:
    """The default budget (30 a minute) stops a flood of renames; the table's form shares it."""
    client = app.test_client()
    created = table(client, "chuo-pai", ["you", "friend", "random"])
    client.set_cookie("paiyou_seats", f"{created['id']}:{created['key']}")  # the table's forms
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {created['key']}"  # the API
    path = f"/api/v1/games/{created['id']}/name"
    for number in range(30):
        assert client.post(path, json={"name": f"Ann {number}"}).status_code == 200
    version = store_for(app).get(created["id"]).version  # type: ignore[union-attr]
    refused = client.post(path, json={"name": "Flood", "lang": "pl"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["error"] == "too-many-seat-changes" and refused.get_json()["message"]
    assert refused.headers["Cache-Control"] == "no-store"
    for route in ("invite", "leave", "return", "timeout", "seats/1/computer"):
        assert client.post(f"/api/v1/games/{created['id']}/{route}", json={}).status_code == 429
    assert client.delete(f"/api/v1/games/{created['id']}/invite").status_code == 429
    page = client.post(f"/pl/chuo-pai/games/{created['id']}/name", data={"name": "Flood"})
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 0
    assert "<html" in page.get_data(as_text=True) and 'lang="pl"' in page.get_data(as_text=True)
    stored = store_for(app).get(created["id"])
    assert stored is not None and stored.version == version
    assert stored.meta["seating"]["names"] == {"0": "Ann 29"}
    assert client.get(f"/api/v1/games/{created['id']}").status_code == 200  # reading is never counted


def test_moves_past_the_move_budget_are_refused_and_change_nothing(translations_dir: Path, tmp_path: Path) -> None:
    """One budget for the API's moves and the table's moves and steps (``advance``)."""
    app = make(translations_dir, tmp_path, PAIYOU_MOVE_LIMIT="3 per minute")
    try:
        client = app.test_client()
        data = client.post("/api/v1/tien-gow/games", json={"level": "random"}).get_json()
        headers = bearer(data["key"])
        client.set_cookie("paiyou_seats", f"{data['id']}:{data['key']}")
        for _ in range(2):
            body = {"version": data["version"], **data["view"]["legal_actions"][0]}
            answer = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers)
            assert answer.status_code == 200
            data = answer.get_json()
        stepped = client.post(f"/en/tien-gow/games/{data['id']}/advance", data={"version": str(data["version"])})
        assert stepped.status_code in (200, 303)
        version = store_for(app).get(data["id"]).version  # type: ignore[union-attr]
        body = {"version": version, **client.get(f"/api/v1/games/{data['id']}", headers=headers)
                .get_json()["view"]["legal_actions"][0]}
        refused = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert refused.get_json()["error"] == "too-many-moves"
        form = client.post(f"/en/tien-gow/games/{data['id']}", data={"version": str(version), "move": "pass"})
        assert form.status_code == 429 and "Retry-After" in form.headers
        assert store_for(app).get(data["id"]).version == version  # type: ignore[union-attr]
    finally:
        store_for(app).close()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_fast_deal_never_meets_the_default_budgets(app: Flask, game: str) -> None:
    """The worst case for one address: every seat of a table with friends in one place (the
    same client address), each move made through the table's htmx form and every computer step
    asked for one by one (``advance``), as the page does at the instant speed; a rename and the
    invite renewed on the way."""
    creator = app.test_client()
    seats = game_rules(game).seats
    # friends in every seat but the last, the computer's (a two-seat game: one friend, no computer)
    friend_seats = range(1, max(2, seats - 1))
    fields = {"level": "random", "timer": "30", **{f"seat-{s}": "friend" for s in friend_seats},
              **({f"seat-{seats - 1}": "computer"} if seats > 2 else {})}
    made = creator.post(f"/en/{game}/friends", data=fields)
    assert made.status_code == 303
    path = made.headers["Location"]
    game_id = path.rsplit("/", 1)[1]
    store = store_for(app)
    with app.test_request_context():
        invite = re.search(r'/join/([A-Za-z0-9_-]+)', creator.get(path).get_data(as_text=True))
    assert invite is not None
    browsers = {0: creator}
    for _ in friend_seats:
        friend = app.test_client()
        assert friend.post(f"/en/{game}/games/{game_id}/join/{invite.group(1)}").status_code == 303
        browsers[len(browsers)] = friend
    htmx = {"HX-Request": "true"}
    statuses = [creator.post(f"{path}/name", data={"name": "Ann"}).status_code,
                creator.post(f"{path}/invite", data={"action": "renew"}).status_code]
    for _ in range(1000):
        with app.test_request_context():
            truth = service.load(store, game_id)
        if truth.is_over:
            break
        seat = truth.deal.to_act
        assert seat is not None
        if seat in browsers:
            statuses.append(browsers[seat].post(path, headers=htmx, data=form_fields(truth)).status_code)
        else:
            statuses.append(creator.post(f"{path}/advance", headers=htmx,
                                         data={"version": str(truth.version)}).status_code)
    assert truth.is_over
    assert 429 not in statuses and all(s < 400 for s in statuses), statuses
