"""Blueprint ``api_judge``: the referee as a JSON API (documented in docs/api.md).

- ``POST /api/v1/judge`` with ``{"game", "current", "play", "lang"}`` answers
  ``{"valid", "beats", "reason", "message", "play"}``: the engine's ``judge(current, play)`` (the
  same answer as ``python -m engine judge``) and its explanation in ``lang``.
- ``GET /api/v1/<game>/puzzles`` lists every lesson puzzle with its position and the engine's
  accepted answers.

Bad input gets a 400 with ``{"error": <code>, "message": <localized>}``: never a 500.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request
from flask_babel import force_locale, lazy_pgettext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from engine.errors import EngineError, NotationError
from engine.games import GAME_KEYS
from engine.games import game as engine_game
from engine.tiles import parse_tiles
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.i18n.languages import isolated
from paiyou.puzzles.loading import load_course
from paiyou.reasons import explain
from paiyou.web.bodies import NOT_JSON, parse_json

bp = Blueprint("api_judge", __name__, url_prefix="/api/v1")

MAX_BODY = 4096  # bytes; a judge request is a few dozen
FIELDS = ("game", "play")  # required; "current" may be null or absent, "lang" defaults to English

ERRORS = {
    "too-large": lazy_pgettext("api error", "The request body is too large."),
    "not-json": lazy_pgettext("api error", "The request body is not valid JSON."),
    "not-an-object": lazy_pgettext("api error", "The request body must be a JSON object."),
    "missing-field": lazy_pgettext("api error", "A required field is missing: %(field)s."),
    "bad-field": lazy_pgettext("api error", "The field %(field)s has the wrong type."),
    "unknown-game": lazy_pgettext("api error", "Unknown game: use chuo-pai or tien-gow."),
    "unknown-language": lazy_pgettext("api error", "Unknown language: use en, ar, hi, fa or pl."),
    "malformed-tiles": lazy_pgettext(
        "api error", "The value of %(field)s is not tile notation such as \"%(example)s\"."),
    "current-not-a-play": lazy_pgettext(
        "api error", "The current play is no legal play, so nothing can be judged against it."),
    "method-not-allowed": lazy_pgettext("api error", "Use POST with a JSON body."),
}


NOTATION_EXAMPLE = "6-6 4-5"  # in an error message, isolated from right-to-left text


def error(code: str, lang: str, status: int = 400, **values: str) -> tuple[Response, int]:
    with force_locale(lang):
        if code == "malformed-tiles":
            values["example"] = isolated(NOTATION_EXAMPLE)
        message = str(ERRORS[code]) % values if values else str(ERRORS[code])
    return jsonify(error=code, message=message), status


def request_language() -> str:
    lang = request.args.get("lang")
    if lang in LANGUAGE_CODES:
        return lang
    return request.accept_languages.best_match(LANGUAGE_CODES) or DEFAULT_LANGUAGE


def read_json() -> tuple[Any, str | None]:
    """The body as JSON, or an error code. The size is checked before anything is read."""
    length = request.content_length
    if length is not None and length > MAX_BODY:
        return None, "too-large"
    try:
        raw = request.stream.read(MAX_BODY + 1)
    except RequestEntityTooLarge:
        return None, "too-large"
    if len(raw) > MAX_BODY:
        return None, "too-large"
    value = parse_json(raw)
    return (None, "not-json") if value is NOT_JSON else (value, None)


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
        field = "current" if current is not None and _is_bad(current) else "play"
        return error("malformed-tiles", lang, field=field)
    except EngineError:  # pragma: no cover - judge raises only NotationError
        return error("malformed-tiles", lang, field="play")
    with force_locale(lang):
        message = explain(game, judgement.reason, current, judgement.play if judgement.valid else play)
    answer = judgement.as_dict()
    answer["message"] = message
    return jsonify(answer)


def _is_bad(notation: str) -> bool:
    try:
        parse_tiles(notation)
    except NotationError:
        return True
    return False


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
