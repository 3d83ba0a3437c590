"""The daily deal's API and its secrecy (issue 47; docs/api.md, "Daily deal API").

- No response of any route carries an open day's seed or salt (decimal or hex), as the player or
  as a stranger, while a whole daily is played, reviewed and analysed; once the day is revealed
  its record and the day's API give them, matching the commitment shown all day.
- The API's contract: today's facts, a day's, a start (201, then 409 ``daily-already-played`` with
  the deal's id), the result against the field with its par and share text; bad input: an
  unknown or future date (404 ``daily-unknown``, saying nothing of it), an unlisted game, a forged
  progress key, a stranger asking for a result, the read limit (429 with ``Retry-After``).
- Start-up: in production a missing daily secret stops the app.
"""
from __future__ import annotations

import re
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.commitment import commit
from engine.daily import DEVELOPMENT_SECRET, daily_deal, keyring, reveals_at, today
from engine.games import game as game_rules
from paiyou import create_app
from paiyou.analysis import jobs as analyses
from paiyou.daily.answers import LOST_MARK, WON_MARK
from paiyou.daily.secret import ring
from paiyou.deals.service import load
from paiyou.registry import listed_keys
from paiyou.store.databases import current_store

GAMES = listed_keys(None)  # the games with a daily deal
SECRET = "a-test-daily-secret-of-more-than-32-characters"


@pytest.fixture(scope="module")
def daily_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    games = tmp_path_factory.mktemp("daily") / "games.sqlite3"
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_DATABASE_URL": f"sqlite:///{games}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard",
                       "PAIYOU_EVENTS_MAX_SECONDS": 1, "PAIYOU_DAILY_SECRET": SECRET})


def start(client: FlaskClient, game: str, player: str | None = None) -> dict[str, Any]:
    response = client.post(f"/api/v1/{game}/daily", json={} if player is None else {"player": player})
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def play_out(client: FlaskClient, data: dict[str, Any], seen: list[Any] | None = None) -> dict[str, Any]:
    """Every move the seat's first legal action, through the game API with the seat key."""
    headers = {"Authorization": f"Bearer {data['key']}"}
    key = data["key"]
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        response = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers)
        assert response.status_code == 200, response.get_json()
        if seen is not None:
            seen.append(response)
        data = {**response.get_json(), "key": key}
    return data


def secrets_of(app: Flask, game: str) -> list[str]:
    deal = daily_deal(ring(app), game, today())
    return [str(deal.seed), format(deal.seed, "x"), format(deal.seed, "X"), deal.salt, deal.salt.upper()]


def leaks(response: Any, secrets: list[str]) -> list[str]:
    text = response.get_data(as_text=True) + "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    return [s for s in secrets if s in text]


@pytest.mark.parametrize("game", GAMES)
def test_no_route_shows_an_open_days_seed_or_salt(daily_app: Flask, game: str) -> None:
    client = daily_app.test_client()
    seen: list[Any] = []
    data = start(client, game)
    seen.append(client.get(f"/api/v1/{game}/daily"))
    data = play_out(client, data, seen)
    analyses.run_pending(daily_app)
    game_id, key = data["id"], data["key"]
    review = f"/en/{game}/games/{game_id}/review"
    paths = [f"/api/v1/{game}/daily", f"/api/v1/{game}/daily/{today().isoformat()}", f"/api/v1/games/{game_id}",
             f"/api/v1/games/{game_id}/record", f"/api/v1/games/{game_id}/analysis",
             f"/api/v1/games/{game_id}/hint", f"/api/v1/games/{game_id}/daily",
             f"/api/v1/games/{game_id}/events", f"/en/{game}/games/{game_id}", review,
             f"{review}?step=1", f"{review}?step=5", f"{review}/analysis", f"/en/{game}/games/{game_id}/record",
             f"/ar/{game}/games/{game_id}/review", "/en/daily", f"/en/{game}/daily", f"/fa/{game}/daily"]
    for headers in ({"Authorization": f"Bearer {key}"}, {}):  # the player, then a stranger
        for path in paths:
            seen.append(client.get(path, headers=headers))
    # the pages read the seat key from the browser's cookie: the player's pages
    with daily_app.test_client() as browser:
        browser.set_cookie("paiyou_seats", f"{game_id}:{key}")
        seen += [browser.get(path) for path in paths if not path.startswith("/api/")]
    assert {r.status_code for r in seen} <= {200, 302, 303, 401, 409}
    assert seen[-1].status_code == 200
    assert not [(r.request.path, found) for r in seen if (found := leaks(r, secrets_of(daily_app, game)))]
    hidden = hidden_tiles(daily_app, game_id)
    assert not [(r.request.path, found) for r in seen if (found := shown_tiles(r, hidden))]
    for path in (f"/api/v1/games/{game_id}/record", f"/api/v1/games/{game_id}/analysis"):
        body = client.get(path, headers={"Authorization": f"Bearer {key}"}).get_json()
        assert body["error"] == "daily-review-closed" and body["message"]
        assert body["reveals_at"] == reveals_at(today()).isoformat()
    page = client.get(review, headers={"Authorization": f"Bearer {key}"})
    assert page.status_code == 409 and "review of a daily deal opens" in page.get_data(as_text=True)


def hidden_tiles(app: Flask, game_id: str) -> set[str]:
    """The tile kinds of the other seats' dealt hands that the human seat never saw: neither in
    its own hand nor played face up (from the stored deal, on the server's side)."""
    with app.app_context():
        found = load(current_store(), game_id)
        record = game_rules(found.game).to_record(found.deal)
    hands = record["hands"]
    assert isinstance(hands, list)
    seen: set[str] = set(hands[found.seat])

    def face_up_plays(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("tiles"), list) and node.get("face_up", True) is True:
                seen.update(node["tiles"])
            for value in node.values():
                face_up_plays(value)
        elif isinstance(node, list):
            for value in node:
                face_up_plays(value)

    face_up_plays(record)
    others = {key for seat, hand in enumerate(hands) if seat != found.seat for key in hand}
    return others - seen


def shown_tiles(response: Any, hidden: set[str]) -> list[str]:
    text = response.get_data(as_text=True)
    return sorted(key for key in hidden if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text))


def test_a_revealed_day_gives_its_seed_and_salt_and_they_match_the_commitment(
        daily_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = daily_app.test_client()
    data = play_out(client, start(client, "tien-gow"))
    day = today()
    shown = client.get(f"/api/v1/tien-gow/daily/{day.isoformat()}").get_json()
    assert "seed" not in shown and "salt" not in shown and shown["revealed"] is False
    later = reveals_at(day).timestamp() + 1
    monkeypatch.setattr(time, "time", lambda: later)
    revealed = client.get(f"/api/v1/tien-gow/daily/{day.isoformat()}").get_json()
    assert revealed["revealed"] is True and revealed["commitment"] == shown["commitment"]
    assert commit("tien-gow", revealed["seed"], revealed["salt"]) == shown["commitment"]
    record = client.get(f"/api/v1/games/{data['id']}/record").get_json()
    assert record["seed"] == revealed["seed"] and record["salt"] == revealed["salt"]


@pytest.mark.parametrize("game", GAMES)
def test_a_dailys_review_opens_at_its_reveal_as_for_any_deal(
        daily_app: Flask, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    client = daily_app.test_client()
    data = play_out(client, start(client, game))
    analyses.run_pending(daily_app)
    game_id, key = data["id"], data["key"]
    review = f"/en/{game}/games/{game_id}/review"
    paths = [review, f"{review}?step=3", f"/en/{game}/games/{game_id}/record",
             f"/api/v1/games/{game_id}/record", f"/api/v1/games/{game_id}/analysis"]
    headers = {"Authorization": f"Bearer {key}"}
    assert {client.get(path, headers=headers).status_code for path in paths} == {409}
    later = reveals_at(today()).timestamp() + 1
    monkeypatch.setattr(time, "time", lambda: later)
    assert {client.get(path, headers=headers).status_code for path in paths} == {200}
    hidden = hidden_tiles(daily_app, game_id)
    assert not hidden or shown_tiles(client.get(f"{review}?step=0"), hidden)  # face up, as any review


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_has_no_hints_until_its_day_is_revealed(
        daily_app: Flask, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The API refuses (409 ``no-hints-in-daily``, localized), the table page has no hint control
    but says why, and its no-JS ``?hint=1`` lists nothing; after the reveal hints work again."""
    client = daily_app.test_client()
    data = start(client, game)
    game_id, key = data["id"], data["key"]
    assert data["view"]["to_act"] == data["view"]["seat"]
    hint = f"/api/v1/games/{game_id}/hint"
    headers = {"Authorization": f"Bearer {key}"}
    refused = client.get(hint, headers=headers)
    body = refused.get_json()
    assert refused.status_code == 409 and body["error"] == "no-hints-in-daily" and body["message"]
    in_polish = client.get(f"{hint}?lang=pl", headers=headers).get_json()
    assert in_polish["error"] == "no-hints-in-daily" and in_polish["message"] != body["message"]
    with daily_app.test_client() as browser:
        browser.set_cookie("paiyou_seats", f"{game_id}:{key}")
        table = browser.get(f"/en/{game}/games/{game_id}")
        asked = browser.get(f"/en/{game}/games/{game_id}?hint=1")
        for page in (table, asked):
            html = page.get_data(as_text=True)
            assert 'id="hint-button"' not in html and 'id="no-hints-in-daily"' in html
            assert 'id="hints-title"' not in html
        assert table.status_code == 200 and asked.status_code == 409
        later = reveals_at(today()).timestamp() + 1
        monkeypatch.setattr(time, "time", lambda: later)
        assert 'id="hint-button"' in browser.get(f"/en/{game}/games/{game_id}").get_data(as_text=True)
        assert 'id="hints-title"' in browser.get(f"/en/{game}/games/{game_id}?hint=1").get_data(as_text=True)
    revealed = client.get(hint, headers=headers)
    assert revealed.status_code == 200 and revealed.get_json()["action"]


def test_todays_facts_and_a_days(daily_app: Flask) -> None:
    client = daily_app.test_client()
    for game in GAMES:
        body = client.get(f"/api/v1/{game}/daily").get_json()
        assert set(body) >= {"date", "commitment", "closes_at", "players"} and "seed" not in body
        assert body["date"] == today().isoformat() and len(body["commitment"]) == 64
        assert datetime.fromisoformat(body["closes_at"]) == datetime.combine(
            today() + timedelta(days=1), datetime.min.time(), UTC)
        assert client.get(f"/api/v1/{game}/daily/{body['date']}").get_json() == body
    other = client.get("/api/v1/tien-gow/daily").get_json()["commitment"]
    assert other != client.get("/api/v1/chuo-pai/daily").get_json()["commitment"]


@pytest.mark.parametrize("day", [(today() + timedelta(days=1)).isoformat(), "2026-12-06", "2026-13-01", "today",
                                 "2026-12-07T00:00", "٢٠٢٦-١٢-٠٧", "9999-12-31", "0000-00-00"])
def test_an_unknown_or_future_day_is_a_404_that_says_nothing_of_it(daily_app: Flask, day: str) -> None:
    client = daily_app.test_client()
    response = client.get(f"/api/v1/tien-gow/daily/{day}?lang=pl")
    assert response.status_code == 404
    body = response.get_json()
    assert set(body) == {"error", "message"} and body["error"] == "daily-unknown" and body["message"]
    assert client.get(f"/api/v1/tien-gow/daily/{day}?lang=en").get_json()["message"] != body["message"]


def test_an_unlisted_or_unknown_game_has_no_daily(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "RATELIMIT_ENABLED": False,
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0,
                      "PAIYOU_LISTED_GAMES": "tien-gow"})
    client = app.test_client()
    assert client.get("/api/v1/tien-gow/daily").status_code == 200
    for response in (client.get("/api/v1/chuo-pai/daily"), client.post("/api/v1/chuo-pai/daily", json={}),
                     client.get("/api/v1/mahjong/daily"), client.get(f"/api/v1/chuo-pai/daily/{today()}")):
        assert response.status_code == 404 and response.get_json()["error"] == "unknown-game"


def test_one_counted_start_per_player_and_day(daily_app: Flask) -> None:
    client = daily_app.test_client()
    first = start(client, "chuo-pai")
    assert set(first) >= {"id", "key", "player", "date", "commitment", "version", "view"}
    assert first["commitment"] == client.get("/api/v1/chuo-pai/daily").get_json()["commitment"]
    again = client.post("/api/v1/chuo-pai/daily", json={"player": first["player"], "lang": "ar"})
    assert again.status_code == 409
    assert again.get_json()["error"] == "daily-already-played" and again.get_json()["id"] == first["id"]
    assert again.get_json()["message"]
    other = start(client, "tien-gow", first["player"])  # another game: its own attempt
    assert other["player"] == first["player"] and other["id"] != first["id"]
    assert start(client, "chuo-pai")["player"] != first["player"]  # no key: a new player


@pytest.mark.parametrize(("player", "status", "code"), [
    ("x" * 43, 403, "unknown-progress-key"), ("short", 400, "bad-progress-key"), (42, 400, "bad-progress-key"),
    (["a"], 400, "bad-progress-key"), ("é" * 43, 400, "bad-progress-key"), ("", 400, "bad-progress-key")])
def test_a_forged_progress_key_starts_nothing(daily_app: Flask, player: object, status: int, code: str) -> None:
    client = daily_app.test_client()
    response = client.post("/api/v1/tien-gow/daily", json={"player": player})
    assert response.status_code == status and response.get_json()["error"] == code


def test_the_result_against_the_field(daily_app: Flask) -> None:
    client = daily_app.test_client()
    first = start(client, "tien-gow")
    url = f"/api/v1/games/{first['id']}/daily"
    mine = {"Authorization": f"Bearer {first['key']}"}
    early = client.get(url, headers=mine)
    assert early.status_code == 409 and early.get_json()["error"] == "deal-not-over"
    first = play_out(client, first)
    stranger = client.get(url)
    assert stranger.status_code == 401 and stranger.get_json()["error"] == "seat-key-required"
    other = start(client, "tien-gow")
    assert client.get(url, headers={"Authorization": f"Bearer {other['key']}"}).status_code == 401
    play_out(client, other)  # the same choices: the same computer moves, the same score
    body = client.get(url, headers=mine).get_json()
    assert set(body) >= {"score", "matchpoints", "percentile", "rank", "players", "par", "share"}
    mate = client.get(f"/api/v1/games/{other['id']}/daily", headers={"Authorization": f"Bearer {other['key']}"})
    assert mate.get_json()["score"] == body["score"] and mate.get_json()["par"] == body["par"]
    assert body["players"] >= 2 and 0 <= body["matchpoints"] <= 100 and 0 <= body["percentile"] <= 100
    assert body["rank"] >= 1 and body["counted"] is True
    assert sum(b["players"] for b in body["distribution"]) == body["players"]
    share = body["share"]
    assert today().isoformat()[:4] in share and "Tien Gow" in share
    marks = share.splitlines()[-1]
    assert marks and set(marks) <= {WON_MARK, LOST_MARK}
    assert not [t for t in first["view"]["hand"] if t in share]
    ar = client.get(f"{url}?lang=ar", headers=mine).get_json()["share"]
    assert ar != share and ar.splitlines()[-1] == marks


def test_a_deal_that_is_no_daily_has_no_daily_result(daily_app: Flask) -> None:
    client = daily_app.test_client()
    data = client.post("/api/v1/tien-gow/games", json={"seed": 3}).get_json()
    response = client.get(f"/api/v1/games/{data['id']}/daily", headers={"Authorization": f"Bearer {data['key']}"})
    assert response.status_code == 404 and response.get_json()["error"] == "not-a-daily"
    assert client.get("/api/v1/games/nope/daily").status_code == 404


def test_result_reads_are_limited_per_client(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0,
                      "PAIYOU_DAILY_READ_LIMIT": "2 per minute"})
    client = app.test_client()
    data = start(client, "tien-gow")
    url = f"/api/v1/games/{data['id']}/daily"
    answers = [client.get(url, headers={"Authorization": f"Bearer {data['key']}"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [409, 409, 429]
    assert answers[2].get_json()["error"] == "too-many-daily-reads" and int(answers[2].headers["Retry-After"]) > 0


def test_production_refuses_to_start_without_a_daily_secret(translations_dir: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIYOU_DAILY_SECRET", raising=False)
    config = {"PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_BEHIND_PROXY": "1",
              "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}", "PAIYOU_ANALYSIS_WORKERS": 0,
              "PAIYOU_INSTANCE_DIR": str(tmp_path)}
    for secret, code in ((None, "daily-secret-missing"), ("short", "daily-secret-too-short"),
                         (DEVELOPMENT_SECRET, "daily-secret-development")):
        with pytest.raises(RuntimeError, match=code):
            create_app({**config, **({"PAIYOU_DAILY_SECRET": secret} if secret else {})})
    app = create_app({**config, "PAIYOU_DAILY_SECRET": SECRET})
    assert ring(app).secret_for(date(2026, 12, 7)) == SECRET.encode()
    assert ring(app) == keyring(SECRET, production=True) and "PAIYOU_DAILY_SECRET" not in app.config
    development = create_app({**config, "PAIYOU_BEHIND_PROXY": ""})  # a developer's machine
    assert ring(development).is_development


@pytest.mark.parametrize("game", GAMES)
def test_a_dailys_mistakes_wait_for_its_reveal(daily_app: Flask, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Practising a daily's graded moves would give the analysis's advice on the day's deal: its
    mistakes are neither added nor shown as puzzles before the reveal, as for any deal after it."""
    client = daily_app.test_client()
    data = play_out(client, start(client, game))
    analyses.run_pending(daily_app)
    game_id, key = data["id"], data["key"]
    with daily_app.app_context():
        found = load(current_store(), game_id)
        states = game_rules(game).replay_steps(game_rules(game).to_record(found.deal))
    step = next(n for n, s in enumerate(states[:-1])
                if s.to_act == found.seat and len(s.legal_actions()) > 1)
    with daily_app.test_client() as browser:
        browser.set_cookie("paiyou_seats", f"{game_id}:{key}")
        added = browser.post(f"/en/{game}/games/{game_id}/mistakes")
        puzzle = browser.get(f"/en/{game}/mistakes/{game_id}/{step}")
        assert (added.status_code, puzzle.status_code) == (409, 409)
        later = reveals_at(today()).timestamp() + 1
        monkeypatch.setattr(time, "time", lambda: later)
        assert browser.post(f"/en/{game}/games/{game_id}/mistakes").status_code == 303
        assert browser.get(f"/en/{game}/mistakes/{game_id}/{step}").status_code == 200
