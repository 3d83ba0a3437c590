"""Blueprint ``api_games``: the game API (docs/api.md, "Game API").

- ``POST /api/v1/<game>/games`` (optional ``{"seed": n, "level": "standard"}``) → 201
  ``{"id", "version", "view", "key"}``: ``key`` is the seat key, given only here and by ``next``;
  every request marked (key) below sends it as ``Authorization: Bearer <key>`` (401
  ``seat-key-required`` without it, ``WWW-Authenticate: Bearer``)
- ``GET /api/v1/games/<id>`` → ``{"id", "version", "view"}`` (key until the end, then anyone)
- (key) ``POST /api/v1/games/<id>/actions`` with ``{"version": n, "tiles": "6-6 6-6"}`` (a pass:
  ``"tiles": ""``; Tien Gow adds ``"face_up": bool``) → the new ``{"id", "version", "view"}``
  after the computer players have moved up to your next turn or the end of the deal
- ``GET /api/v1/games/<id>/record`` → the deal record once the deal is over (409 before)
- ``POST /api/v1/games/<id>/next`` (key) → 201, the match's next deal with its ``key`` (the same)
- (key) ``GET /api/v1/games/<id>/hint`` → on your turn ``{"action", "forced", "ranked_by",
  "candidates": [{"action", "chance", "expected"}]}`` (409 ``deal-over`` / ``not-your-turn``
  otherwise; 429 over the hint limit)

Errors are ``{"error": code, "message": sentence in the request's language}``: 400 malformed
input, 404 unknown game or id, 409 stale version or deal not over, 422 illegal action (``error``
is the engine's reason code). The language of ``message`` is the body's ``lang``, else
``?lang=``, else the visitor's preference (the language cookie, then ``Accept-Language``).
``view`` is the human seat's view only: no other hand, no face-down
tile of another seat.
"""
from __future__ import annotations

import logging
import re
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request, url_for
from flask_babel import pgettext
from werkzeug.exceptions import HTTPException

from engine.errors import IllegalAction
from paiyou.config import LANGUAGE_CODES
from paiyou.i18n.languages import isolated
from paiyou.i18n.numerals import format_number
from paiyou.reasons import explain, reason_message
from paiyou.registry import GAME_KEYS, url_converter
from paiyou.store.games import StoreUnavailable, current_store
from paiyou.tables import access, service
from paiyou.tables.table import game_json
from paiyou.web import limits
from paiyou.web.bodies import parse_json

bp = Blueprint("api_games", __name__, url_prefix="/api/v1")
log = logging.getLogger(__name__)

GAME_PATH = url_converter()
NOTATION_EXAMPLE = "6-6 4-5"  # in an error message, isolated from right-to-left text


def error_message(code: str) -> str:
    game = (request.view_args or {}).get("game")
    level_names = service.levels(game) if game in GAME_KEYS else ()
    messages = {
        "unknown-game": pgettext("play api", "There is no game with that id."),
        "stale-version": pgettext(
            "play api",
            "That action was made against an earlier state of the game; nothing was changed. "
            "Fetch the game and try again."),
        "deal-not-over": pgettext("play api", "The deal record is available once the deal is over."),
        "deal-over": pgettext("play api", "The deal is over: there is no move to suggest."),
        "not-your-turn": pgettext("play api", "It is not your turn."),
        "seat-key-required": pgettext(
            "play api", "Only the player of this deal may do that until it is over: send the "
            "\"key\" given when the deal was created, in the header %(header)s.",
            header=isolated("Authorization: Bearer <key>")),
        "bad-json": pgettext("play api", "The request body must be a JSON object."),
        "bad-version": pgettext("play api", "\"version\" must be the game's current version number."),
        "bad-tiles": pgettext(
            "play api",
            "\"tiles\" must be tile notation such as \"%(example)s\" (an empty string is a pass).",
            example=isolated(NOTATION_EXAMPLE)),
        "bad-face-up": pgettext("play api", "\"face_up\" must be true or false (Tien Gow only)."),
        "bad-seed": pgettext("play api", "\"seed\" must be a whole number from %(lowest)s to %(highest)s.",
                             lowest=format_number(0), highest=format_number(service.MAX_SEED - 1)),
        "unknown-level": pgettext(
            "play api", "\"level\" must be one of the computer players' levels: %(levels)s.",
            levels=", ".join(level_names)),
        "too-large": pgettext("play api", "The request body is too large."),
        "bad-method": pgettext("play api", "This address does not accept that method."),
        "unknown-language": pgettext("play api", "\"lang\" must be one of en, ar, hi, fa, pl."),
        "bad-request": pgettext("play api", "The request is malformed."),
        "unsupported-media-type": pgettext(
            "play api", "Send the request body as JSON, with the header %(header)s.",
            header=isolated("Content-Type: application/json")),
        "database-unavailable": pgettext(
            "play api", "The games cannot be reached just now. Please try again in a few seconds."),
        "server-error": pgettext("play api", "Something went wrong on the server. Please try again."),
        "foreign-origin": pgettext("play api", "Requests from another site's pages are refused."),
        "too-many-requests": pgettext(
            "play api", "Too many new games from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-hints": pgettext(
            "play api", "Too many hints from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-retries": pgettext(
            "play api", "Too many requests for analyses from your address: wait a little (see %(header)s).",
            header="Retry-After"),
    }
    return str(messages.get(code) or messages["bad-request"])


def error(code: str, status: int, message: str | None = None, **extra: Any) -> tuple[Response, int]:
    body = {"error": code, "message": message or error_message(code), **extra}
    return jsonify(body), status


def _parsed_body() -> object:
    """The request body as JSON (cached on the request); ``paiyou.web.bodies.NOT_JSON`` when it
    is not JSON. An empty body is an empty object. Deeply nested JSON is refused like any other
    bad JSON."""
    cached = getattr(request, "_paiyou_json", _UNREAD)
    if cached is not _UNREAD:
        return cached
    raw = request.get_data(cache=True)
    value: object
    if not raw:
        value = {}
    else:
        value = parse_json(raw)
    request._paiyou_json = value  # type: ignore[attr-defined]
    return value


_UNREAD = object()


@bp.before_request
def _language() -> tuple[Response, int] | None:
    """The language of messages: the body's ``lang``, else ``?lang=``, else the visitor's
    preference (the language cookie, then ``Accept-Language``), as in the judge API. A POST must
    carry JSON (``Content-Type: application/json``), so no other site's page can send one
    without the browser asking first (a CORS preflight)."""
    body = _parsed_body() if request.method == "POST" else None
    lang = body.get("lang") if isinstance(body, dict) and "lang" in body else request.args.get("lang")
    if isinstance(lang, str) and lang in LANGUAGE_CODES:
        g.lang_code = lang
    if request.method == "POST" and request.mimetype != "application/json":
        return error("unsupported-media-type", 415)
    if lang is None:
        return None
    if lang not in LANGUAGE_CODES:
        return error("unknown-language", 400)
    g.lang_code = lang
    return None


def _json_body() -> dict[str, Any]:
    data = _parsed_body()
    if not isinstance(data, dict):
        raise service.BadInput("bad-json")
    return data


def _game_response(game: service.Game, status: int = 200, key: str | None = None) -> tuple[Response, int]:
    response = jsonify({**game_json(game), **({"key": key} if key is not None else {})})
    response.headers["Cache-Control"] = "no-store"
    if status == 201:
        response.headers["Location"] = url_for("api_games.show", game_id=game.id)
    return response, status


@bp.post(f"/{GAME_PATH}/games")
@limits.new_game
def create(game: str) -> tuple[Response, int]:
    data = _json_body()
    seed = service.parse_seed(data.get("seed"))
    level = service.parse_level(game, data.get("level"), current_app.config.get("PAIYOU_OPPONENT_LEVEL"))
    key = access.new_key()
    started = service.start(current_store(), game, seed, level,
                            seat_keys=access.seat_keys_meta(service.HUMAN_SEAT, key))
    return _game_response(started, 201, key)


@bp.get("/games/<game_id>")
def show(game_id: str) -> tuple[Response, int]:
    game = service.load(current_store(), game_id)
    access.require_read(game)
    return _game_response(game)


@bp.post("/games/<game_id>/actions")
def act(game_id: str) -> tuple[Response, int]:
    store = current_store()
    current = service.load(store, game_id)  # 404, then 401, before looking at the body
    access.require_seat(current)
    data = _json_body()
    if "version" not in data:
        raise service.BadInput("bad-version")
    if "tiles" not in data:
        raise service.BadInput("bad-tiles")
    try:
        game = service.act(store, game_id, data["version"], data["tiles"], data.get("face_up"))
    except IllegalAction as e:
        return illegal(current.game, e, current.version)
    return _game_response(game)


def illegal(game: str, e: IllegalAction, version: int) -> tuple[Response, int]:
    """422 with the engine's reason code; for a Tien Gow set that does not beat, ``detail`` is
    the finer code (``not-higher``, ``different-kind`` …) and the message explains it."""
    message = reason_message(game, e.reason)
    extra: dict[str, Any] = {"version": version}
    if e.reason == "does-not-beat" and e.detail:
        message = explain(game, e.detail)
        extra["detail"] = e.detail
    return error(e.reason, 422, message, **extra)


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> tuple[Response, int]:
    game = service.load(current_store(), game_id)
    if not game.is_over:
        return error("deal-not-over", 409, version=game.version)
    response = jsonify(game.record())
    response.headers["Cache-Control"] = "no-store"
    return response, 200


@bp.post("/games/<game_id>/next")
@limits.new_game
def next_deal(game_id: str) -> tuple[Response, int]:
    """The next deal of the match, once this deal is over: 201, the new game (its ``view.match``
    and, in Tien Gow, ``view.banker`` = the finished deal's next banker, TG-19)."""
    access.require_seat(service.load(current_store(), game_id))
    _json_body()
    try:
        game = service.next_deal(current_store(), game_id)
    except IllegalAction as e:
        return error(e.reason, 409)
    return _game_response(game, 201, access.presented_key(game_id))


@bp.get("/games/<game_id>/hint")
@limits.hint
def hint(game_id: str) -> tuple[Response, int]:
    """On your turn: the suggested action; ``forced`` when it is the only legal one (then no
    figures); else at most five candidates, each with ``chance`` (of first place, 0..1) and
    ``expected`` (the expected score: Chuo Pai cards in your pile, Tien Gow net points), sorted by
    ``ranked_by``. From your seat's view only."""
    game = service.load(current_store(), game_id)
    access.require_seat(game)
    try:
        found = service.hints(game)
    except IllegalAction as e:
        return error(e.reason, 409, version=game.version)
    response = jsonify({
        "action": found.action.as_dict(),
        "forced": found.forced,
        "ranked_by": found.ranked_by,
        "candidates": [{"action": h.action.as_dict(), "chance": round(h.chance, 4),
                        "expected": round(h.expected, 2)} for h in found.candidates],
    })
    response.headers["Cache-Control"] = "no-store"
    return response, 200


# -- errors: always JSON, never a 500 for bad input ---------------------------------------------

@bp.errorhandler(service.GameNotFound)
def _not_found(_: Exception) -> tuple[Response, int]:
    return error("unknown-game", 404)


@bp.errorhandler(access.SeatKeyRequired)
def _seat_key_required(_: access.SeatKeyRequired) -> tuple[Response, int]:
    response, status = error("seat-key-required", 401)
    response.headers["WWW-Authenticate"] = 'Bearer realm="paiyou"'
    return response, status


@bp.errorhandler(service.BadInput)
def _bad_input(e: service.BadInput) -> tuple[Response, int]:
    return error(e.code, 400)


@bp.errorhandler(service.StaleVersion)
def _stale(e: service.StaleVersion) -> tuple[Response, int]:
    return error("stale-version", 409, version=e.game.version)


@bp.errorhandler(HTTPException)
def _http(e: HTTPException) -> tuple[Response, int]:
    code = {413: "too-large", 404: "unknown-game", 405: "bad-method", 403: "foreign-origin",
            429: "too-many-requests"}.get(e.code or 400, "bad-request")
    if e.code == 429 and limits.is_hint_limit(e):
        code = "too-many-hints"
    elif e.code == 429 and limits.is_analysis_limit(e):
        code = "too-many-retries"
    response, status = error(code, e.code or 400)
    if e.code == 429 and e.response is not None and "Retry-After" in e.response.headers:
        response.headers["Retry-After"] = e.response.headers["Retry-After"]
    return response, status


# The app's HTML error pages are registered by status code, which Flask prefers to a blueprint's
# handler of the HTTPException class: name the codes here too, so the API always answers JSON.
for _status in (400, 403, 404, 405, 413, 415, 429):
    bp.register_error_handler(_status, _http)


@bp.errorhandler(StoreUnavailable)
def _unavailable(_: StoreUnavailable) -> tuple[Response, int]:
    response, status = error("database-unavailable", 503)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response, status


@bp.errorhandler(Exception)
def _unexpected(e: Exception) -> tuple[Response, int]:
    log.exception("game API: unexpected error")
    return error("server-error", 500)


# Every path under the APIs, including ones that match no route (an unknown game, a typo).
API_PATH = re.compile(r"^/api(/|$)")
RETRY_AFTER = 5  # seconds: a database restart takes about this long


@bp.before_app_request
def _json_routing_errors() -> tuple[Response, int] | None:
    """Routing errors (404, 405) under /api/ answer JSON too (they never reach a blueprint's own
    handlers)."""
    e = request.routing_exception
    if isinstance(e, HTTPException) and e.code in (404, 405) and API_PATH.match(request.path):
        response, status = error("unknown-game" if e.code == 404 else "bad-method", e.code)
        if e.code == 405 and hasattr(e, "valid_methods") and e.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return response, status
    return None
