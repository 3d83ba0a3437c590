"""Blueprint ``api_judge``: the referee as a JSON API (documented in docs/api.md).

- ``POST /api/v1/judge`` with ``{"game", "current", "play", "lang"}`` answers
  ``{"valid", "beats", "reason", "message", "play"}``: the engine's ``judge(current, play)`` (the
  same answer as ``python -m engine judge``) and its explanation in ``lang``.
- ``GET /api/v1/<game>/puzzles`` lists every lesson puzzle with its position and the engine's
  accepted answers.

Routes only: the body, the language and the errors are ``paiyou.api.judge``. Bad input gets a
400 with ``{"error": <code>, "message": <localized>}``: never a 500.
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from flask_babel import force_locale
from werkzeug.wrappers import Response

from engine.errors import EngineError, NotationError
from engine.games import GAME_KEYS
from engine.games import game as engine_game
from paiyou.api.judge import FIELDS, error, is_bad, read_json, request_language
from paiyou.config import LANGUAGE_CODES
from paiyou.puzzles.loading import load_course
from paiyou.reasons import explain

bp = Blueprint("api_judge", __name__, url_prefix="/api/v1")


@bp.post("/judge")
def judge() -> tuple[Response, int] | Response:
    fallback = request_language()
    body, problem = read_json()
    if problem:
        return error(problem, fallback)
    if not isinstance(body, dict):
        return error("not-an-object", fallback)
    lang = body.get("lang", fallback)
    if lang is None:
        lang = fallback
    if not isinstance(lang, str):
        return error("bad-field", fallback, field="lang")
    if lang not in LANGUAGE_CODES:
        return error("unknown-language", fallback)
    for name in FIELDS:
        if name not in body:
            return error("missing-field", lang, field=name)
    game, current, play = body["game"], body.get("current"), body["play"]
    if not isinstance(game, str):
        return error("bad-field", lang, field="game")
    if game not in GAME_KEYS:
        return error("unknown-game", lang)
    for name, value in (("play", play), ("current", current)):
        if value is not None and not isinstance(value, str):
            return error("bad-field", lang, field=name)
    if play is None:
        return error("bad-field", lang, field="play")
    for name, value in (("play", play), ("current", current)):
        if value is not None and len(value) > 200:
            return error("malformed-tiles", lang, field=name)
    try:
        judgement = engine_game(game).judge(current, play)
    except NotationError as e:
        if e.problem.startswith("current-not-a-"):
            return error("current-not-a-play", lang)
        field = "current" if current is not None and is_bad(current) else "play"
        return error("malformed-tiles", lang, field=field)
    except EngineError:  # pragma: no cover - judge raises only NotationError
        return error("malformed-tiles", lang, field="play")
    with force_locale(lang):
        message = explain(game, judgement.reason, current, judgement.play if judgement.valid else play)
    answer = judgement.as_dict()
    answer["message"] = message
    return jsonify(answer)


@bp.get("/judge")
def judge_get() -> tuple[Response, int]:
    response, status = error("method-not-allowed", request_language(), 405)
    response.headers["Allow"] = "POST"
    return response, status


@bp.get("/<game>/puzzles")
def puzzles(game: str) -> tuple[Response, int] | Response:
    if game not in GAME_KEYS:
        return error("unknown-game", request_language())
    course = load_course(current_app.config["PAIYOU_CONTENT_DIR"], game)
    return jsonify(puzzles=[p.as_api() for p in course.puzzles])
