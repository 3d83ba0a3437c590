"""The judge API (docs/api.md): POST /api/v1/judge and GET /api/v1/<game>/puzzles, including bad
input, which always gets a 400 with a code and a localized message, never a 500."""
from __future__ import annotations

import io
import json

import pytest
from flask.testing import FlaskClient

from engine.cli import judge_lines
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.puzzles.loading import load_course
from paiyou.puzzles.model import GAMES

CASES = [
    ("chuo-pai", "6-6 6-6", "1-1 1-1"),
    ("chuo-pai", None, "1-1 1-1"),
    ("chuo-pai", "2-5", "1-4"),
    ("chuo-pai", "5-5 5-5", "3-3 3-3"),
    ("chuo-pai", "1-3 1-4", "4-4 2-5"),
    ("chuo-pai", None, "2-6 3-5"),
    ("chuo-pai", "2-6", "3-5"),
    ("chuo-pai", "6-6", "4-5 4-5"),
    ("tien-gow", "1-1", "6-6"),
    ("tien-gow", "3-6", "4-5"),
    ("tien-gow", "1-2 2-4", "6-6 6-6"),
    ("tien-gow", None, "6-6 2-6"),
    ("tien-gow", "1-1 1-1 2-6", "6-6 3-6 4-5"),
    ("tien-gow", "6-6", "1-1 1-1"),
]


def judge(client: FlaskClient, **body: object):
    return client.post("/api/v1/judge", json=body)


@pytest.mark.parametrize(("game", "current", "play"), CASES)
def test_same_answer_as_the_command_line_referee(client: FlaskClient, game: str, current, play) -> None:
    out = io.StringIO()
    judge_lines(game, [json.dumps({"current": current, "play": play})], out)
    expected = json.loads(out.getvalue())
    response = judge(client, game=game, current=current, play=play)
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.json
    assert {k: body[k] for k in expected} == expected
    assert set(body) == {"valid", "beats", "reason", "play", "message"}
    assert body["message"]


def test_messages_are_explanations_in_the_asked_language(client: FlaskClient) -> None:
    body = judge(client, game="chuo-pai", current="2-5", play="1-4", lang="en").json
    assert body == {"valid": True, "beats": False, "reason": "different-family", "play": "1-4",
                    "message": "Red Five is in the Red family and Black Seven is in the Black family: "
                               "different families never beat each other."}
    messages = {lang: judge(client, game="chuo-pai", current="2-5", play="1-4", lang=lang).json["message"]
                for lang in LANGUAGE_CODES if lang != DEFAULT_LANGUAGE}
    assert "الخمسة الحمراء" in messages["ar"] and "Czerwona Piątka" in messages["pl"]
    # each language says it in its own words, none falls back to English's (two languages may
    # share words: a new language's catalogs begin as a copy of another's)
    assert body["message"] not in messages.values()
    assert judge(client, game="tien-gow", current="3-6", play="4-5").json["reason"] == "equal-rank"


def test_current_may_be_absent_or_null(client: FlaskClient) -> None:
    for body in ({"game": "chuo-pai", "play": "6-6"}, {"game": "chuo-pai", "current": None, "play": "6-6"}):
        answer = client.post("/api/v1/judge", json=body).json
        assert answer["valid"] and answer["beats"] and answer["reason"] == "ok"


BAD = [
    ({"game": "chess", "play": "1-1"}, "unknown-game"),
    ({"game": "chuo-pai", "play": "7-7"}, "malformed-tiles"),
    ({"game": "chuo-pai", "play": ""}, "malformed-tiles"),
    ({"game": "chuo-pai", "current": "6-6 x", "play": "1-1"}, "malformed-tiles"),
    ({"game": "chuo-pai", "current": "2-6 3-5", "play": "1-1"}, "current-not-a-play"),
    ({"game": "tien-gow", "current": "6-6 1-1", "play": "1-1"}, "current-not-a-play"),
    ({"play": "1-1"}, "missing-field"),
    ({"game": "chuo-pai"}, "missing-field"),
    ({"game": "chuo-pai", "play": 11}, "bad-field"),
    ({"game": "chuo-pai", "play": None}, "bad-field"),
    ({"game": ["chuo-pai"], "play": "1-1"}, "bad-field"),
    ({"game": "chuo-pai", "play": "1-1", "current": ["6-6"]}, "bad-field"),
    ({"game": "chuo-pai", "play": "1-1", "lang": "xx"}, "unknown-language"),
    ({"game": "chuo-pai", "play": "1-1", "lang": 5}, "bad-field"),
    ({"game": "chuo-pai", "play": "1-1 " * 60}, "malformed-tiles"),
    ([1, 2], "not-an-object"),
    ("just text", "not-an-object"),
]


@pytest.mark.parametrize(("body", "code"), BAD)
def test_bad_input_is_a_400_with_a_code_and_a_message(client: FlaskClient, body, code: str) -> None:
    response = client.post("/api/v1/judge", json=body)
    assert response.status_code == 400
    assert response.json["error"] == code and response.json["message"]


@pytest.mark.parametrize("data", [b"{not json", b"\xff\xfe", b"", b"[" * 5000 + b"]" * 5000, b'{"a": NaN'])
def test_bodies_that_are_not_json(client: FlaskClient, data: bytes) -> None:
    response = client.post("/api/v1/judge", data=data, content_type="application/json")
    assert response.status_code == 400
    assert response.json["error"] in ("not-json", "too-large")


def test_a_very_large_body_is_refused(client: FlaskClient) -> None:
    big = json.dumps({"game": "chuo-pai", "play": "1-1", "pad": "x" * 10_000})
    response = client.post("/api/v1/judge", data=big, content_type="application/json")
    assert response.status_code == 400 and response.json["error"] == "too-large"
    huge = b"x" * 200_000  # over the app-wide limit too
    response = client.post("/api/v1/judge", data=huge, content_type="application/json")
    assert response.status_code == 400 and response.json["error"] == "too-large"


def test_errors_speak_the_language_of_the_body_or_the_browser(client: FlaskClient) -> None:
    english = judge(client, game="chess", play="1-1").json["message"]
    arabic = judge(client, game="chess", play="1-1", lang="ar").json["message"]
    polish = client.post("/api/v1/judge", data=b"nope", headers={"Accept-Language": "pl"}).json["message"]
    assert english == "Unknown game: use chuo-pai or tien-gow."
    assert arabic != english and "chuo-pai" in arabic
    assert polish == "Treść żądania nie jest poprawnym JSON-em."


def test_get_on_judge_says_use_post(client: FlaskClient) -> None:
    response = client.get("/api/v1/judge")
    assert response.status_code == 405 and response.json["error"] == "method-not-allowed"
    assert response.headers["Allow"] == "POST"


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_list(client: FlaskClient, game: str) -> None:
    response = client.get(f"/api/v1/{game}/puzzles")
    assert response.status_code == 200
    puzzles = response.json["puzzles"]
    course = load_course("content", game)
    assert [p["id"] for p in puzzles] == [p.id for p in course.puzzles]
    for item in puzzles:
        assert {"id", "lesson", "rules", "kind", "answers"} <= set(item)
        if item["kind"] == "judge":
            assert {"current", "play"} <= set(item)
            assert item["answers"] in (["beats"], ["does-not-beat"], ["not-a-play"])
            assert judge(client, game=game, current=item["current"], play=item["play"]).status_code == 200
        elif item["kind"] == "beat-or-pass":
            assert {"current", "hand"} <= set(item)
            assert item["answers"] == ["pass"] or all("pass" != a for a in item["answers"])
            for answer in item["answers"]:
                if answer != "pass":
                    verdict = judge(client, game=game, current=item["current"], play=answer).json
                    assert verdict["beats"], (item["id"], answer)


def test_the_puzzle_list_of_an_unknown_game(client: FlaskClient) -> None:
    response = client.get("/api/v1/chess/puzzles?lang=fa")
    assert response.status_code == 400 and response.json["error"] == "unknown-game"
    message = response.json["message"]
    assert "chuo-pai" in message and message != "Unknown game: use chuo-pai or tien-gow."


def test_an_unknown_game_is_answered_with_the_listed_games(app, client: FlaskClient, monkeypatch) -> None:
    """The games the answer names are the listed ones (the registry's), in the language's own list."""
    from paiyou.registry import GAME_KEYS

    monkeypatch.setitem(app.config, "PAIYOU_LISTED_GAMES", GAME_KEYS)
    english = judge(client, game="chess", play="1-1").json["message"]
    polish = judge(client, game="chess", play="1-1", lang="pl").json["message"]
    assert english == "Unknown game: use " + ", ".join(GAME_KEYS[:-1]) + f", or {GAME_KEYS[-1]}."
    assert polish.startswith("Nieznana gra: użyj ") and all(key in polish for key in GAME_KEYS)
