"""The game API (docs/api.md, "Game API"): whole deals, tampering, restarts, hidden tiles.

- Whole deals of every game (``paiyou.registry.GAME_KEYS``: the API serves a game whether the
  shared pages list it or not) played through the API only; every response checked: the view is
  the human seat's (its real hand, no seed, no other hand, no other seat's face-down tile) and no
  hidden tile identity appears anywhere in it. The record (409 before the end) replays to the
  same deal.
- Tampering changes nothing and says why: an unknown id (404), a stale version (409), the same
  request twice (409), tiles you do not hold (422 not-in-hand), acting after the end (422
  deal-over), Tien Gow face-down claims with tiles you do not hold (422 not-in-hand), a face-up
  claim that does not beat (422 does-not-beat), leading face down (422 must-lead-face-up),
  malformed input (400) — never a 500.
- A server restart in the middle of a deal: a new app on the same database carries on.
- Errors are JSON with a reason code and a sentence in the request's language.
"""
from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.games import game as game_rules
from engine.spec import AnyDeal
from paiyou import create_app
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.registry import GAME_KEYS, game_module
from paiyou.store.databases import store_for
from paiyou.store.schema import new_id
from tests.site.play_helpers import (
    PlayerClient,
    assert_nothing_hidden,
    assert_view_is_the_seats,
    found_keys,
    secret_keys,
    truth,
)

# Every game the engine has: the API serves each by its URLs, listed on the shared pages or not.
GAMES = GAME_KEYS
# Each game's computer levels but its strongest (the slow search): a whole deal at each.
FAST_LEVELS = [(game, seed, level) for game in GAMES
               for seed, level in enumerate(game_rules(game).agent_levels[:-1], start=1)]


def make_app(translations_dir: Path, database: Path, level: str = "greedy") -> Flask:
    """The app whose test clients are the player of the deals they start (``PlayerClient``)."""
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{database}",
                      "PAIYOU_OPPONENT_LEVEL": level})
    app.test_client_class = PlayerClient
    return app


@pytest.fixture
def api_app(translations_dir: Path, tmp_path: Path):
    app = make_app(translations_dir, tmp_path / "games.sqlite3")
    yield app
    store_for(app).close()


@pytest.fixture
def api(api_app: Flask):
    return api_app.test_client()


def start(api, game: str, seed: int | None = None) -> dict[str, Any]:
    """A new deal's answer, without its seat key (which ``api``, a ``PlayerClient``, keeps and
    sends): the same as the game fetched later."""
    response = api.post(f"/api/v1/{game}/games", json={} if seed is None else {"seed": seed})
    assert response.status_code == 201, response.get_json()
    assert response.headers["Location"].endswith(f"/api/v1/games/{response.json['id']}")
    data = dict(response.json)
    assert api.keys[data["id"]] == data.pop("key")
    return data


def act(api, game_id: str, body: Any, **kw: Any):
    return api.post(f"/api/v1/games/{game_id}/actions", json=body, **kw)


def checked(app: Flask, response) -> dict[str, Any]:
    """A game response, checked for hidden tiles and for the seat's view."""
    data = response.get_json()
    store = store_for(app)
    assert_nothing_hidden(store, data["id"], response.get_data(as_text=True))
    assert_view_is_the_seats(store, data["id"], data["view"])
    return data


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return dict(rng.choice(view["legal_actions"]))


def room_view(app: Flask, game: str, deal: AnyDeal, seat: int) -> dict[str, Any]:
    """What the game's room makes of ``seat``'s view of ``deal`` (its part of the API's view), as
    it reads once sent as JSON."""
    with app.test_request_context():
        own = game_module(game, "table").TABLE.view_json(deal.view(seat))
    parsed: dict[str, Any] = json.loads(json.dumps(own))
    return parsed


def seat_actions(game: str, record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions ``seat`` took in a record, as the API's bodies, found by replaying it: each
    is the one legal action that leads from a state to the next."""
    steps = game_rules(game).replay_steps(record)
    taken = []
    for before, after in zip(steps, steps[1:], strict=False):
        if before.to_act == seat:
            (action,) = {json.dumps(a.as_dict(), sort_keys=True) for a in before.legal_actions()
                         if before.apply(a) == after}
            taken.append(json.loads(action))
    return taken


# -- whole deals ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "seed", "level"), FAST_LEVELS)
def test_a_whole_deal_through_the_api(translations_dir: Path, tmp_path: Path, game: str, seed: int,
                                      level: str) -> None:
    app = make_app(translations_dir, tmp_path / "g.sqlite3", level)
    api = app.test_client()
    rng = random.Random(seed)
    data = checked(app, api.post(f"/api/v1/{game}/games", json={"seed": seed}))
    assert data["version"] == 1 and data["game"] == game
    game_id = data["id"]
    early = api.get(f"/api/v1/games/{game_id}/record")
    assert early.status_code == 409 and early.json["error"] == "deal-not-over"
    sent = []
    while not data["view"]["is_over"]:
        view = data["view"]
        assert view["your_turn"] and view["to_act"] == view["seat"] == 0
        assert view["legal_actions"]
        body = choose(view, rng)
        sent.append(body)
        response = act(api, game_id, {"version": data["version"], **body})
        assert response.status_code == 200, response.get_json()
        before = data["version"]
        data = checked(app, response)
        assert data["version"] == before + 1
        if len(sent) % 5 == 0:  # the same state when fetched again
            again = api.get(f"/api/v1/games/{game_id}")
            assert checked(app, again) == data
    assert data["view"]["legal_actions"] == [] and data["view"]["to_act"] is None
    record = api.get(f"/api/v1/games/{game_id}/record")
    assert record.status_code == 200
    rules = game_rules(game)
    final = rules.replay(record.json)
    assert final.is_over and final == truth(store_for(app), game_id).deal
    assert record.json["seed"] == seed
    assert seat_actions(game, record.json, 0) == sent
    # the final view says what the record's final deal says (the winners, the scores …)
    final_view = room_view(app, game, final, 0)
    assert {key: data["view"][key] for key in final_view} == final_view
    store_for(app).close()


@pytest.mark.parametrize("game", GAMES)
def test_the_hidden_tile_check_would_catch_a_leak(api_app: Flask, api, game: str) -> None:
    data = start(api, game, seed=8)
    found = truth(store_for(api_app), data["id"])
    secrets = secret_keys(game, found.deal, 0)
    assert secrets, "the other hands always hold tiles the human never saw"
    leaky = json.dumps(found.record())  # the record shows every hand
    assert found_keys(leaky, secrets) == secrets


@pytest.mark.parametrize("game", GAMES)
def test_the_view_holds_what_a_player_needs(api_app: Flask, api, game: str) -> None:
    rules = game_rules(game)
    data = start(api, game, seed=12)
    view = data["view"]
    for key in ("seat", "hand", "to_act", "your_turn", "legal_actions", "players", "hand_sizes",
                "is_over", "leader"):
        assert key in view, key
    assert view["players"][0] == {"seat": 0, "agent": "human"}
    assert len(view["players"]) == rules.seats
    assert all(p["agent"] in rules.agent_levels for p in view["players"][1:])
    # an action says whether it lies face up only in a game where a move may be played face down
    assert all(set(a) == {"tiles", "face_up"} if rules.has_face_down else set(a) == {"tiles"}
               for a in view["legal_actions"])
    # and the game's own part is what its room makes of the seat's view of the deal as it stands
    own = room_view(api_app, game, truth(store_for(api_app), data["id"]).deal, 0)
    assert {key: view[key] for key in own} == own


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_reproduces_a_deal(api, game: str) -> None:
    first, second = start(api, game, seed=77), start(api, game, seed=77)
    assert first["id"] != second["id"]
    per_game = ("match", "commitment")  # each game's own match id and shuffle commitment
    assert {k: v for k, v in first["view"].items() if k not in per_game} == \
        {k: v for k, v in second["view"].items() if k not in per_game}
    # Without a seed the deal is drawn at random: a small game's hand may repeat by chance (High
    # Card's three tiles did, in CI), so five unseeded deals all matching would be the failure.
    others = [start(api, game)["view"]["hand"] for _ in range(5)]
    assert any(hand != first["view"]["hand"] for hand in others)


# -- tampering -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_unknown_ids_are_404(api, game: str) -> None:
    start(api, game, seed=1)
    for gid in (new_id(), "nope", "x" * 32, "%27%20OR%201%3D1"):
        for response in (api.get(f"/api/v1/games/{gid}"),
                         act(api, gid, {"version": 1, "tiles": ""}),
                         api.get(f"/api/v1/games/{gid}/record")):
            assert response.status_code == 404
            assert response.json["error"] == "unknown-game" and response.json["message"]


@pytest.mark.parametrize("game", GAMES)
def test_someone_elses_game_is_untouched(api, game: str) -> None:
    mine, theirs = start(api, game, seed=3), start(api, game, seed=4)
    body = {"version": mine["version"], **mine["view"]["legal_actions"][0]}
    assert act(api, mine["id"], body).status_code == 200
    assert api.get(f"/api/v1/games/{theirs['id']}").json == theirs


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_version_changes_nothing(api, game: str) -> None:
    data = start(api, game, seed=5)
    body = {"version": data["version"], **data["view"]["legal_actions"][0]}
    moved = act(api, data["id"], body).json
    stale = act(api, data["id"], {"version": data["version"], **moved["view"]["legal_actions"][0]})
    assert stale.status_code == 409
    assert stale.json["error"] == "stale-version" and stale.json["version"] == moved["version"]
    for wrong in (0, moved["version"] + 1, 10**9):
        assert act(api, data["id"], {"version": wrong, "tiles": ""}).status_code == 409
    assert api.get(f"/api/v1/games/{data['id']}").json == moved


@pytest.mark.parametrize("game", GAMES)
def test_a_replayed_request_changes_nothing(api, game: str) -> None:
    data = start(api, game, seed=6)
    body = {"version": data["version"], **data["view"]["legal_actions"][0]}
    first = act(api, data["id"], body)
    again = act(api, data["id"], body)
    assert first.status_code == 200 and again.status_code == 409
    assert api.get(f"/api/v1/games/{data['id']}").json == first.json


@pytest.mark.parametrize("game", GAMES)
def test_double_submission_at_the_same_moment_has_one_winner(api_app: Flask, game: str) -> None:
    api = api_app.test_client()
    data = start(api, game, seed=7)
    body = {"version": data["version"], **data["view"]["legal_actions"][0]}
    statuses: list[int] = []
    barrier = threading.Barrier(4)

    def post() -> None:
        client = api_app.test_client()
        client.keys = api.keys
        barrier.wait()
        statuses.append(act(client, data["id"], body).status_code)

    threads = [threading.Thread(target=post) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409, 409, 409]
    assert api.get(f"/api/v1/games/{data['id']}").json["version"] == 2


def _missing(hand: list[str]) -> str:
    """A Chuo Pai play of cards the hand does not hold (one more copy than it has)."""
    from engine.tiles import ALL_TILES

    for t in ALL_TILES:
        n = hand.count(t.key)
        if n < 4:
            return " ".join([t.key] * (n + 1))
    raise AssertionError("unreachable")


def test_chuo_pai_cards_you_do_not_hold_are_422_said_in_its_word_cards(api) -> None:
    data = start(api, "chuo-pai", seed=9)
    response = act(api, data["id"], {"version": data["version"], "tiles": _missing(data["view"]["hand"])})
    assert response.status_code == 422 and response.json["error"] == "not-in-hand"
    assert response.json["message"] == "You do not hold those cards."
    assert api.get(f"/api/v1/games/{data['id']}").json == data


def test_chuo_pai_rules_are_enforced(api) -> None:
    # find a deal where the human leads and one where the human follows
    for seed in range(40):
        data = start(api, "chuo-pai", seed=seed)
        view = data["view"]
        if view["current"] is None:
            response = act(api, data["id"], {"version": data["version"], "tiles": ""})
            assert response.status_code == 422 and response.json["error"] == "must-lead"
            break
    for seed in range(40):
        data = start(api, "chuo-pai", seed=seed)
        view = data["view"]
        if view["current"] is not None and view["legal_actions"][0]["tiles"]:
            response = act(api, data["id"], {"version": data["version"], "tiles": ""})
            assert response.status_code == 422 and response.json["error"] == "must-beat"
            break
    bad = act(api, data["id"], {"version": data["version"], "tiles": "6-6 1-2"})
    assert bad.status_code == 422 and bad.json["error"] in ("not-a-play", "not-in-hand")
    assert api.get(f"/api/v1/games/{data['id']}").json == data


def _tien_gow_following(api) -> dict[str, Any]:
    for seed in range(60):
        data = start(api, "tien-gow", seed=seed)
        if data["view"]["trick"]["plays"] and any(not a["face_up"] for a in data["view"]["legal_actions"]):
            return data
    raise AssertionError("no following position found")


def test_a_forged_tien_gow_face_down_claim_is_422(api_app: Flask, api) -> None:
    data = _tien_gow_following(api)
    n = data["view"]["trick"]["plays"][0]["count"]
    game = truth(store_for(api_app), data["id"])
    others = [t.key for s in (1, 2, 3) for t in game.deal.hands[s]]
    # face down, tiles that are in another hand: "never revealed" must not mean "never checked"
    forged = act(api, data["id"], {"version": data["version"], "tiles": " ".join(others[:n]),
                                   "face_up": False})
    assert forged.status_code == 422 and forged.json["error"] == "not-in-hand"
    wrong_count = act(api, data["id"], {"version": data["version"],
                                        "tiles": " ".join(data["view"]["hand"][:n + 1]), "face_up": False})
    assert wrong_count.status_code == 422 and wrong_count.json["error"] == "wrong-count"
    # face up, a set of the hand that does not beat the high set
    ups = {a["tiles"] for a in data["view"]["legal_actions"] if a["face_up"]}
    from itertools import combinations

    from engine.tien_gow import classify
    from engine.tiles import parse_tiles

    for combo in combinations(data["view"]["hand"], n):
        text = " ".join(combo)
        if classify(parse_tiles(text)) is not None and text not in ups:
            claim = act(api, data["id"], {"version": data["version"], "tiles": text, "face_up": True})
            assert claim.status_code == 422 and claim.json["error"] == "does-not-beat"
            assert claim.json["detail"] in ("not-higher", "equal-rank", "different-kind",
                                            "supreme-unbeatable", "wrong-count")
            break
    assert api.get(f"/api/v1/games/{data['id']}").json == data


def test_a_tien_gow_leader_may_not_lead_face_down(api) -> None:
    for seed in range(60):
        data = start(api, "tien-gow", seed=seed)
        if not data["view"]["trick"]["plays"]:
            tile = data["view"]["hand"][0]
            response = act(api, data["id"], {"version": data["version"], "tiles": tile, "face_up": False})
            assert response.status_code == 422 and response.json["error"] == "must-lead-face-up"
            return
    raise AssertionError("the human never led")


@pytest.mark.parametrize("game", GAMES)
def test_acting_after_the_end_is_422(api, game: str) -> None:
    data = start(api, game, seed=10)
    rng = random.Random(0)
    while not data["view"]["is_over"]:
        last = choose(data["view"], rng)
        data = act(api, data["id"], {"version": data["version"], **last}).json
    late = act(api, data["id"], {"version": data["version"], **last})
    assert late.status_code == 422 and late.json["error"] == "deal-over"


@pytest.mark.parametrize("body", [
    {"tiles": ""}, {"version": "1", "tiles": ""}, {"version": True, "tiles": ""},
    {"version": 1.0, "tiles": ""}, {"version": None, "tiles": ""}, {"version": 1},
    {"version": 1, "tiles": 66}, {"version": 1, "tiles": "9-9"}, {"version": 1, "tiles": "six"},
    {"version": 1, "tiles": ["6-6", 6]}, {"version": 1, "tiles": "6-6", "face_up": "yes"},
    {"version": 1, "tiles": "1-1 " * 200},
])
def test_malformed_actions_are_400(api, body: dict[str, Any]) -> None:
    for game in GAMES:  # one app for every game's deal: a start costs far less than an app
        data = start(api, game, seed=11)
        response = act(api, data["id"], body)
        assert response.status_code == 400, (game, response.get_json())
        assert response.json["error"].startswith("bad-") and response.json["message"]
        assert api.get(f"/api/v1/games/{data['id']}").json == data


@pytest.mark.parametrize("game", GAMES)
def test_garbage_never_gives_a_500(api, game: str) -> None:
    data = start(api, game, seed=13)
    url = f"/api/v1/games/{data['id']}/actions"
    bodies = [b"", b"null", b"[]", b"42", b"\"x\"", b"{", b"\xff\xfe", b'{"version": {}}',
              b'{"version": 1, "tiles": {"a": 1}}', b'{"version": 1e400, "tiles": ""}',
              b'{"version": -1, "tiles": ""}', b'{"version": 99999999999999999999999, "tiles": ""}']
    for body in bodies:
        response = api.post(url, data=body, content_type="application/json")
        assert 400 <= response.status_code < 500, (body, response.status_code)
        assert response.is_json and "error" in response.json
    big = api.post(url, data=b'{"tiles": "' + b"1" * 100_000 + b'"}', content_type="application/json")
    assert big.status_code == 413 and big.json["error"] == "too-large"
    assert api.get("/api/v1/games").status_code == 404
    assert api.delete(url).status_code == 405 and api.delete(url).json["error"] == "bad-method"
    for seed in (-1, "abc", 2**60, 1.5, True, [1]):
        response = api.post(f"/api/v1/{game}/games", json={"seed": seed})
        assert response.status_code == 400 and response.json["error"] == "bad-seed"
    assert api.post("/api/v1/mahjong/games", json={}).status_code == 404
    assert api.post(f"/api/v1/{game}/games", data=b"[1]", content_type="application/json").status_code == 400


def test_errors_speak_the_visitors_language(api) -> None:
    gid = new_id()
    translated = [(lang, lang) for lang in LANGUAGE_CODES if lang != DEFAULT_LANGUAGE]
    for accept, expected in [*translated, ("fa-IR,fa;q=0.9", "fa")]:  # and a region, a weight
        message = api.get(f"/api/v1/games/{gid}", headers={"Accept-Language": accept}).json["message"]
        english = api.get(f"/api/v1/games/{gid}", headers={"Accept-Language": "en"}).json["message"]
        assert message != english, expected
    polish = api.get(f"/api/v1/games/{gid}", headers={"Accept-Language": "pl"}).json["message"]
    assert api.get(f"/api/v1/games/{gid}?lang=pl", headers={"Accept-Language": "fa"}).json["message"] == polish
    data = start(api, GAMES[0], seed=1)  # any game's deal: the words are the API's
    body = {"version": 99, "tiles": "", "lang": "pl"}
    assert act(api, data["id"], body, headers={"Accept-Language": "ar"}).json["message"].startswith("Ten ruch")
    unknown = api.get(f"/api/v1/games/{gid}?lang=xx")
    assert unknown.status_code == 400 and unknown.json["error"] == "unknown-language"


# -- a restart in the middle of a deal -------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_restarted_server_resumes_the_deal(translations_dir: Path, tmp_path: Path, game: str) -> None:
    database = tmp_path / "shared.sqlite3"
    first = make_app(translations_dir, database)
    api = first.test_client()
    rng = random.Random(4)
    data = start(api, game, seed=31)
    for _ in range(4):
        if not data["view"]["is_over"]:
            data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).json

    keys = api.keys
    store_for(first).close()
    del first, api

    second = make_app(translations_dir, database)  # a new process on the same database
    api = second.test_client()
    api.keys = keys
    resumed = api.get(f"/api/v1/games/{data['id']}").json
    assert resumed == data
    while not resumed["view"]["is_over"]:
        resumed = act(api, data["id"], {"version": resumed["version"], **choose(resumed["view"], rng)}).json
    assert api.get(f"/api/v1/games/{data['id']}/record").status_code == 200
    store_for(second).close()


# -- choosing the computer players' level ------------------------------------------------------------

def test_the_level_is_chosen_stored_and_shown(api_app: Flask, api) -> None:
    from engine.games import GAMES as ENGINE_GAMES

    for game in GAMES:
        for level in ENGINE_GAMES[game].agent_levels[:2]:  # the fast ones
            response = api.post(f"/api/v1/{game}/games", json={"level": level, "seed": 3})
            assert response.status_code == 201
            data = checked(api_app, response)
            assert [p["agent"] for p in data["view"]["players"]][1:] == \
                [level] * (ENGINE_GAMES[game].seats - 1)
            assert store_for(api_app).get(data["id"]).agents[1:] == (level,) * (ENGINE_GAMES[game].seats - 1)
            shown = api.get(f"/api/v1/games/{data['id']}").get_json()
            assert shown["view"]["players"] == data["view"]["players"]


@pytest.mark.parametrize("level", ["grandmaster", "", 3, None, ["greedy"], "Greedy", "human"])
def test_an_unknown_level_is_a_400(api_app: Flask, api, level: Any) -> None:
    for game in GAMES:
        before = store_for(api_app).count()
        response = api.post(f"/api/v1/{game}/games", json={"level": level, "lang": "pl"})
        if level in ("", None):  # absent: the default level
            assert response.status_code == 201
            continue
        assert response.status_code == 400
        body = response.get_json()
        assert body["error"] == "unknown-level" and set(body) == {"error", "message"}
        assert game_rules(game).agent_levels[-1] in body["message"] and "poziom" in body["message"]
        assert store_for(api_app).count() == before


# -- hints ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_a_legal_action_with_estimates(api_app: Flask, api, game: str) -> None:
    data = start(api, game, 5)
    for _ in range(3):
        response = api.get(f"/api/v1/games/{data['id']}/hint")
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
        assert_nothing_hidden(store_for(api_app), data["id"], response.get_data(as_text=True))
        body = response.get_json()
        assert set(body) == {"action", "forced", "ranked_by", "candidates"}
        legal = data["view"]["legal_actions"]
        assert body["action"] in legal
        if body["forced"]:  # the only legal move: said so, with no figure
            assert legal == [body["action"]] and body["candidates"] == [] and body["ranked_by"] is None
        else:
            assert body["action"] == body["candidates"][0]["action"]
            assert 1 <= len(body["candidates"]) <= 5 and body["ranked_by"] in ("chance", "expected")
            for c in body["candidates"]:
                assert c["action"] in legal and 0 <= c["chance"] <= 1 and isinstance(c["expected"], float)
            figure = body["ranked_by"]  # sorted by the figure the answer names
            assert [c[figure] for c in body["candidates"]] == sorted(
                (c[figure] for c in body["candidates"]), reverse=True)
        assert len({json.dumps(c["action"], sort_keys=True) for c in body["candidates"]}) == len(body["candidates"])
        assert api.get(f"/api/v1/games/{data['id']}/hint").get_json() == body  # deterministic
        moved = act(api, data["id"], {"version": data["version"], **body["action"]})
        assert moved.status_code == 200
        data = moved.get_json()
        if data["view"]["is_over"]:
            break


@pytest.mark.parametrize("game", GAMES)
def test_no_hint_after_the_end(api, game: str) -> None:
    data = start(api, game, 8)
    rng = random.Random(1)
    while not data["view"]["is_over"]:
        data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
    response = api.get(f"/api/v1/games/{data['id']}/hint?lang=fa")
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"] == "deal-over" and body["message"] and "deal" not in body["message"]
    assert api.get(f"/api/v1/games/{new_id()}/hint").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_reads_only_the_seats_view(api_app: Flask, api, monkeypatch: pytest.MonkeyPatch,
                                            game: str) -> None:
    """Two deals that look the same from seat 0 but differ in the hidden hands get the same hint."""
    from paiyou.deals import hints

    seen: list[Any] = []
    original = hints._search_hints

    def spy(game: Any, limit: int = 5) -> Any:
        real = game.deal.view

        def only_mine(seat: int) -> Any:
            seen.append(seat)
            return real(seat)

        object.__setattr__(game, "deal", _ViewSpy(game.deal, only_mine))
        return original(game, limit)

    monkeypatch.setattr(hints, "_search_hints", spy)
    data = start(api, game, 6)
    assert api.get(f"/api/v1/games/{data['id']}/hint").status_code == 200
    assert seen and set(seen) == {0}


@pytest.mark.parametrize("game", GAMES)
def test_a_forced_move_is_said_to_be_the_only_one(api, game: str) -> None:
    """Issue 30: a forced move showed "100% chance of first place"; now it is ``forced``, with no
    figure, on the API and on the page."""
    rng = random.Random(3)
    data = start(api, game, 11)
    while len(data["view"]["legal_actions"]) != 1:
        assert not data["view"]["is_over"]
        data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
    body = api.get(f"/api/v1/games/{data['id']}/hint").get_json()
    assert body == {"action": data["view"]["legal_actions"][0], "forced": True, "ranked_by": None,
                    "candidates": []}
    api.set_cookie("paiyou_seats", f"{data['id']}:{api.keys[data['id']]}")  # the page: by cookie
    page = api.get(f"/en/{game}/games/{data['id']}?hint=1").get_data(as_text=True)
    assert 'id="hints-forced"' in page and "hints__score" not in page and "100%" not in page


def test_hints_fall_back_to_the_expected_score_when_every_chance_is_near_zero() -> None:
    from paiyou.deals.hints import BY_CHANCE, BY_EXPECTED, Hint, rank_hints

    lost = [Hint("a", 0.0, 3.0), Hint("b", 0.004, 1.0), Hint("c", 0.0, 9.5)]
    assert rank_hints(lost) == (BY_EXPECTED, [lost[2], lost[0], lost[1]])
    mixed = [Hint("a", 0.35, 3.0), Hint("b", 0.43, 1.0), Hint("c", 0.40, 9.5), Hint("d", 0.43, 2.0)]
    assert rank_hints(mixed) == (BY_CHANCE, [mixed[3], mixed[1], mixed[2], mixed[0]])
    assert rank_hints(mixed, limit=2)[1] == [mixed[3], mixed[1]]
    # the shared estimate's rule: by the expected score only when every chance is at most 2%
    even = [Hint("a", 0.41, 3.0), Hint("b", 0.40, 9.5)]
    assert rank_hints(even) == (BY_CHANCE, even)
    assert rank_hints([Hint("a", 0.02, 3.0), Hint("b", 0.0, 9.5)])[0] == BY_EXPECTED


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_searched_once_per_state(api, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Asking twice costs once (a bounded cache by deal id, version and seat), and the hint's
    generator never comes from the deal's secret seed."""
    from paiyou.deals import computer, hints

    calls: list[Any] = []
    real = hints._search_hints
    monkeypatch.setattr(hints, "_search_hints", lambda game, limit: calls.append(1) or real(game, limit))
    data = start(api, game, 6)  # the computer players' first moves, if any, draw from the seed
    monkeypatch.setattr(computer, "agent_rng", lambda *a: pytest.fail("the hint used the deal's seed"))
    first = api.get(f"/api/v1/games/{data['id']}/hint").get_json()
    assert api.get(f"/api/v1/games/{data['id']}/hint").get_json() == first and len(calls) == 1
    api.set_cookie("paiyou_seats", f"{data['id']}:{api.keys[data['id']]}")  # the page: by cookie
    assert api.get(f"/en/{game}/games/{data['id']}?hint=1").status_code == 200 and len(calls) == 1
    monkeypatch.setattr(hints, "HINT_CACHE_SIZE", 0)
    hints._hint_cache.clear()
    api.get(f"/api/v1/games/{data['id']}/hint")
    assert len(calls) == 2 and not hints._hint_cache  # bounded: nothing kept past the size


class _ViewSpy:
    def __init__(self, deal: Any, view: Any) -> None:
        self._deal, self.view = deal, view

    def __getattr__(self, name: str) -> Any:
        return getattr(self._deal, name)


# -- a match: the next deal -------------------------------------------------------------------------

def _finish(api, data: dict[str, Any], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    while not data["view"]["is_over"]:
        data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
    return data


@pytest.mark.parametrize("game", GAMES)
def test_next_deal_continues_the_match(api_app: Flask, api, game: str) -> None:
    first = start(api, game, 5)
    assert first["view"]["match"] == {"id": first["id"], "deal": 1, "totals": [0] * len(first["view"]["hand_sizes"])}
    early = api.post(f"/api/v1/games/{first['id']}/next", json={})
    assert early.status_code == 409 and early.get_json()["error"] == "deal-not-over"
    totals = [0] * len(first["view"]["hand_sizes"])
    data = first
    for number in (2, 3):
        finished = _finish(api, data, number)
        record = api.get(f"/api/v1/games/{finished['id']}/record").get_json()
        outcome = game_rules(game).replay(record).outcome()
        assert outcome is not None
        totals = [a + b for a, b in zip(totals, outcome.scores, strict=True)]
        response = api.post(f"/api/v1/games/{finished['id']}/next", json={})
        assert response.status_code == 201
        assert response.headers["Location"].endswith(f"/api/v1/games/{response.json['id']}")
        data = checked(api_app, response)
        assert data["id"] != finished["id"]
        assert data["view"]["match"] == {"id": first["id"], "deal": number, "totals": totals}
        assert [p["agent"] for p in data["view"]["players"]] == [p["agent"] for p in first["view"]["players"]]
        # dealt as the game deals a match's next deal: who leads or banks it comes from the last
        dealt = game_rules(game).replay_steps(truth(store_for(api_app), data["id"]).record())[0]
        assert dealt == game_rules(game).next_deal(dealt.seed, outcome.next_first)
        assert api.get(f"/api/v1/games/{data['id']}").get_json()["view"]["match"] == data["view"]["match"]
        again = api.post(f"/api/v1/games/{finished['id']}/next", json={})  # a double click
        assert again.status_code == 201 and again.get_json()["id"] == data["id"]
    assert api.post(f"/api/v1/games/{new_id()}/next", json={}).status_code == 404


# -- trusting the shuffle ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_commitment_is_shown_and_seed_and_salt_only_after_the_end(api_app: Flask, api, game: str) -> None:
    import hashlib

    for chosen in (None, 12345678901):
        data = start(api, game, chosen)
        stored = store_for(api_app).get(data["id"])
        seed, salt = stored.record["seed"], stored.meta["shuffle"]["salt"]
        assert re.fullmatch(r"[0-9a-f]{32}", salt)
        commitment = data["view"]["commitment"]
        assert commitment == hashlib.sha256(f"{game}:{seed}:{salt}".encode()).hexdigest()
        rng = random.Random(2)
        while True:
            base = f"/api/v1/games/{data['id']}"
            texts = [api.get(base).get_data(as_text=True), api.get(f"{base}/record").get_data(as_text=True),
                     api.get(f"{base}/hint").get_data(as_text=True)]
            for lang in ("en", "fa"):
                for path in ("", "/review", "/record", "?hint=1"):
                    texts.append(api.get(f"/{lang}/{game}/games/{data['id']}{path}").get_data(as_text=True))
            for text in texts:
                assert salt not in text and not re.search(rf"(?<!\d){seed}(?!\d)", text)
            if data["view"]["is_over"]:
                break
            data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
            if data["view"]["is_over"]:
                break
        record = api.get(f"/api/v1/games/{data['id']}/record").get_json()
        assert record["seed"] == seed and record["salt"] == salt
        assert record["commitment"] == commitment  # the one shown during the deal
        assert game_rules(game).replay(record).is_over  # the engine still reads it
        import html

        review = html.unescape(api.get(f"/en/{game}/games/{data['id']}/review").get_data(as_text=True))
        assert f"printf '%s' '{game}:{seed}:{salt}' | sha256sum" in review
        assert commitment in review and "alert--ok" in review and "They match" in review


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_replay_says_the_commitment_does_not_match(api_app: Flask, api, game: str) -> None:
    """Issue 30: change a record's salt and the page still said "the commitment shown during the
    deal was …" with a hash of the tampered salt. Now it compares with the record's commitment."""
    import html

    data = start(api, game, 77)
    rng = random.Random(4)
    while not data["view"]["is_over"]:
        data = act(api, data["id"], {"version": data["version"], **choose(data["view"], rng)}).get_json()
    record = api.get(f"/api/v1/games/{data['id']}/record").get_json()

    def replayed(changed: dict[str, Any]) -> str:
        answer = api.post(f"/en/{game}/replay", json=changed, follow_redirects=True)
        assert answer.status_code == 200
        return html.unescape(answer.get_data(as_text=True))

    honest = replayed(record)
    assert "They match" in honest and record["commitment"] in honest and "data-shuffle-check" in honest
    tampered = replayed({**record, "salt": "0" * 32})
    assert "They do not match" in tampered and "alert--error" in tampered
    assert record["commitment"] in tampered  # the one shown, beside the one computed
    assert "nothing to compare with" in replayed({k: v for k, v in record.items() if k != "commitment"})
    assert "They do not match" in replayed({**record, "commitment": "f" * 64})
    script = api.get("/static/js/shuffle_check.js")
    assert script.status_code == 200 and b"crypto.subtle.digest" in script.data
    script.close()


def test_a_bad_face_up_names_the_games_with_face_down_moves(api) -> None:
    """The answer to a ``face_up`` that is no boolean names every game whose moves may lie face
    down (``GameSpec.has_face_down``), from the registry, not from a sentence naming one game."""
    from engine.games import GAME_KEYS

    data = start(api, GAME_KEYS[0])
    answer = act(api, data["id"], {"version": data["version"], "tiles": "", "face_up": "no"})
    assert answer.status_code == 400 and answer.json["error"] == "bad-face-up"
    face_down = [key.replace("-", " ").title() for key in GAME_KEYS if game_rules(key).has_face_down]
    assert face_down and answer.json["message"] == f'"face_up" must be true or false ({" and ".join(face_down)} only).'
