"""The game API's answers (docs/api.md, "Game API"), shared by ``paiyou.views.api_games`` and
``paiyou.views.api_analysis`` (``install``): the request body read once as JSON, the language of
messages (the body's ``lang``, else ``?lang=``, else the visitor's preference), the game as JSON,
and every error as ``{"error": code, "message": sentence in that language}`` — 400 malformed
input, 401 no seat key, 404 unknown game or id, 409 stale version, 422 illegal action (``error``
is the engine's reason code), 503 the database out of reach; never a 500 for bad input.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Mapping

from flask import Blueprint, Response, g, jsonify, request, url_for
from flask_babel import pgettext
from werkzeug.exceptions import HTTPException

from engine.errors import IllegalAction
from paiyou.config import LANGUAGE_CODES
from paiyou.deals import service
from paiyou.deals.computer import levels
from paiyou.deals.daily_mark import review_opens_at
from paiyou.deals.game import BadInput, Game, GameNotFound, StaleVersion
from paiyou.deals.seating import (
    ACTION_ID_MAX,
    MARKS_PER_LETTER,
    NAME_MAX,
    TIMERS,
    InviteUnknown,
    NotAllowed,
    TableFull,
)
from paiyou.deals.service import MAX_SEED
from paiyou.i18n.languages import isolated
from paiyou.i18n.names import game_name
from paiyou.i18n.numerals import format_number
from paiyou.i18n.phrases import and_list
from paiyou.jsontypes import JsonObject
from paiyou.reasons import explain, reason_message
from paiyou.registry import GAME_KEYS, GAMES
from paiyou.seats import access
from paiyou.seats.access import SeatKeyRequired
from paiyou.store.databases import current_store
from paiyou.store.games import StoreUnavailable
from paiyou.tables.table import game_json, view_json
from paiyou.web import limits
from paiyou.web.bodies import parse_json
from paiyou.web.private import no_store

log = logging.getLogger(__name__)

NOTATION_EXAMPLE = "6-6 4-5"  # in an error message, isolated from right-to-left text
RETRY_AFTER = 5  # seconds: a database restart takes about this long


def error_message(code: str) -> str:
    game = (request.view_args or {}).get("game")
    level_names = levels(game) if game in GAME_KEYS else ()
    messages = {
        "unknown-game": pgettext("play api", "There is no game with that id."),
        "stale-version": pgettext(
            "play api",
            "That action was made against an earlier state of the game; nothing was changed. "
            "Fetch the game and try again."),
        "deal-not-over": pgettext("play api", "The deal record is available once the deal is over."),
        "deal-over": pgettext("play api", "The deal is over: there is no move to suggest."),
        "not-your-turn": pgettext("play api", "It is not your turn."),
        "daily-review-closed": pgettext(
            "play api", "The record and the analysis of a daily deal open when its day is revealed, at "
            "the time in %(field)s.", field=isolated('"reveals_at"')),
        "no-hints-in-daily": pgettext(
            "play api", "A daily deal has no hints until its day is revealed: everyone in the field "
            "plays it on their own."),
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
        "bad-face-up": pgettext("play api", "\"face_up\" must be true or false (%(games)s only).",
                                games=and_list([game_name(key) for key in GAME_KEYS if GAMES[key].has_face_down])),
        "bad-seed": pgettext("play api", "\"seed\" must be a whole number from %(lowest)s to %(highest)s.",
                             lowest=format_number(0), highest=format_number(MAX_SEED - 1)),
        "seed-not-allowed": pgettext(
            "play api", "A table with friends is always dealt at random: \"seed\" is only for a deal against "
            "the computer."),
        "unknown-variant": pgettext(
            "play api", "\"variant\" must be a list of different table options of this game, as listed at "
            "%(address)s.", address=isolated("GET /api/v1/<game>/variants")),
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
        # answered by nginx when no app process answered in time (paiyou.outage)
        "server-unavailable": pgettext(
            "play api", "The server did not answer in time. If you sent an action, it may or may not have been "
            "made: fetch the game to see, then try again in a few seconds."),
        "foreign-origin": pgettext("play api", "Requests from another site's pages are refused."),
        "too-many-requests": pgettext(
            "play api", "Too many new games from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-hints": pgettext(
            "play api", "Too many hints from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-streams": pgettext(
            "play api", "Too many open event streams from your address: close some pages, or wait a little "
            "(see %(header)s).", header="Retry-After"),
        "too-many-retries": pgettext(
            "play api", "Too many requests for analyses from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-joins": pgettext(
            "play api", "Too many requests for a seat from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-seat-changes": pgettext(
            "play api", "Too many changes to a table from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "too-many-moves": pgettext(
            "play api", "Too many moves from your address: wait a little (see %(header)s).",
            header="Retry-After"),
        "table-full": pgettext("play api", "Every seat at this table is taken: there is no seat left to join."),
        "invite-unknown": pgettext(
            "play api", "This invitation does not open any table: it is wrong, or its table's creator "
            "has withdrawn it. Ask them for a new link."),
        "not-the-creator": pgettext("play api", "Only the player who created this table may do that."),
        "seat-not-empty": pgettext("play api", "Only a seat that is still waiting for a friend can be given "
                                               "to the computer."),
        "not-a-table": pgettext("play api", "This deal is against the computer only: it has no seats for friends."),
        "bad-seats": pgettext(
            "play api", "\"seats\" must list every seat in order, each %(you)s (exactly once), %(friend)s "
            "or a computer players' level: %(levels)s.",
            you=isolated('"you"'), friend=isolated('"friend"'), levels=", ".join(level_names)),
        "bad-timer": pgettext(
            "play api", "\"timer\" must be one of %(timers)s (seconds for each move; %(none)s: no timer).",
            timers=", ".join(format_number(t) for t in TIMERS), none=format_number(0)),
        "bad-name": pgettext(
            "play api", "\"name\" must be text of at most %(count)s characters, each of them visible: no control, "
            "hidden or blank characters, and at most %(marks)s accents or other marks on one letter.",
            count=format_number(NAME_MAX), marks=format_number(MARKS_PER_LETTER)),
        "reserved-name": pgettext(
            "play api", "\"name\" is one of the table's own labels (a seat's or a computer player's): choose "
            "another."),
        "bad-action-id": pgettext(
            "play api", "\"action_id\" must be %(lowest)s to %(highest)s characters: Latin letters, digits, "
            "\"-\" or \"_\".", lowest=format_number(1), highest=format_number(ACTION_ID_MAX)),
    }
    return str(messages.get(code) or messages["bad-request"])


def error(code: str, status: int, message: str | None = None, **extra: object) -> tuple[Response, int]:
    """Every error answer of the APIs: never stored by a cache (a 409 ``stale-version`` carries
    the seat's view, its hand included)."""
    body = {"error": code, "message": message or error_message(code), **extra}
    return no_store(jsonify(body)), status


def daily_review_closed(game: Game) -> tuple[Response, int] | None:
    """409 ``daily-review-closed`` (with ``reveals_at``) for a finished daily before its day's
    reveal: its record and analysis show the other seats' tiles (``daily_mark.review_opens_at``);
    None when they are open."""
    opens = review_opens_at(game.stored.meta)
    if opens is None:
        return None
    return error("daily-review-closed", 409, reveals_at=opens.isoformat())


def parsed_body() -> object:
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


def language() -> tuple[Response, int] | None:
    """The language of messages: the body's ``lang``, else ``?lang=``, else the visitor's
    preference (the language cookie, then ``Accept-Language``), as in the judge API. A POST must
    carry JSON (``Content-Type: application/json``), so no other site's page can send one
    without the browser asking first (a CORS preflight)."""
    body = parsed_body() if request.method == "POST" else None
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


def json_body() -> JsonObject:
    data = parsed_body()
    if not isinstance(data, dict):
        raise BadInput("bad-json")
    return data


def seated_game(game_id: str) -> Game:
    """The game ``game_id`` for the seat whose key this request presents: 404 for an unknown
    id, then 401 without the key (both before the body is read)."""
    found = service.load(current_store(), game_id)
    return found.seated(access.require_seat(found))


def game_response(game: Game, status: int = 200, key: str | None = None, watching: bool = False,
                  extra: Mapping[str, object] | None = None) -> tuple[Response, int]:
    """The game as the API shows it (the seat's view, or a watcher's), with its seat ``key`` when
    given (only on creation: 201, with its ``Location``) and ``extra`` fields; never stored by a
    cache."""
    response = no_store(jsonify({**game_json(game, watching), **({"key": key} if key is not None else {}),
                                 **(extra or {})}))
    if status == 201:
        response.headers["Location"] = url_for("api_games.show", game_id=game.id)
    return response, status


def illegal(game: str, e: IllegalAction, version: int) -> tuple[Response, int]:
    """422 with the engine's reason code; for a Tien Gow set that does not beat, ``detail`` is
    the finer code (``not-higher``, ``different-kind`` …) and the message explains it."""
    message = reason_message(game, e.reason)
    extra: JsonObject = {"version": version}
    if e.reason == "does-not-beat" and e.detail:
        message = explain(game, e.detail)
        extra["detail"] = e.detail
    return error(e.reason, 422, message, **extra)


# -- errors: always JSON, never a 500 for bad input ---------------------------------------------

def not_found(_: Exception) -> tuple[Response, int]:
    return error("unknown-game", 404)


def seat_key_required(_: SeatKeyRequired) -> tuple[Response, int]:
    response, status = error("seat-key-required", 401)
    response.headers["WWW-Authenticate"] = 'Bearer realm="paiyou"'
    return response, status


def bad_input(e: BadInput) -> tuple[Response, int]:
    return error(e.code, 400)


def stale(e: StaleVersion) -> tuple[Response, int]:
    """409; at a table with friends, with the seat's view as it now stands (the move was made on
    an older one: someone else moved meanwhile)."""
    if e.game.seating is not None:
        return error("stale-version", 409, version=e.game.version, view=view_json(e.game))
    return error("stale-version", 409, version=e.game.version)


# A table with friends: the seating's refusals
SEATING_STATUS = {"not-the-creator": 403, "seat-not-empty": 409, "not-a-table": 409}


def table_full(e: TableFull) -> tuple[Response, int]:
    return error(e.code, 409)


def invite_unknown(e: InviteUnknown) -> tuple[Response, int]:
    return error(e.code, 404)


def not_allowed(e: NotAllowed) -> tuple[Response, int]:
    return error(e.code, SEATING_STATUS.get(e.code, 409))


def http_error(e: HTTPException) -> tuple[Response, int]:
    code = {413: "too-large", 404: "unknown-game", 405: "bad-method", 403: "foreign-origin",
            429: "too-many-requests"}.get(e.code or 400, "bad-request")
    if e.code == 429 and limits.is_hint_limit(e):
        code = "too-many-hints"
    elif e.code == 429 and limits.is_join_limit(e):
        code = "too-many-joins"
    elif e.code == 429 and limits.is_analysis_limit(e):
        code = "too-many-retries"
    elif e.code == 429 and limits.is_seat_write_limit(e):
        code = "too-many-seat-changes"
    elif e.code == 429 and limits.is_move_limit(e):
        code = "too-many-moves"
    response, status = error(code, e.code or 400)
    if e.code == 429 and e.response is not None and "Retry-After" in e.response.headers:
        response.headers["Retry-After"] = e.response.headers["Retry-After"]
    return response, status


def unavailable(_: StoreUnavailable) -> tuple[Response, int]:
    response, status = error("database-unavailable", 503)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response, status


def unexpected(e: Exception) -> tuple[Response, int]:
    log.exception("game API: unexpected error")
    return error("server-error", 500)


# Every path under the APIs, including ones that match no route (an unknown game, a typo).
API_PATH = re.compile(r"^/api(/|$)")


def json_routing_errors() -> tuple[Response, int] | None:
    """Routing errors (404, 405) under /api/ answer JSON too (they never reach a blueprint's own
    handlers)."""
    e = request.routing_exception
    if isinstance(e, HTTPException) and e.code in (404, 405) and API_PATH.match(request.path):
        response, status = error("unknown-game" if e.code == 404 else "bad-method", e.code)
        if e.code == 405 and hasattr(e, "valid_methods") and e.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return response, status
    return None


# The app's HTML error pages are registered by status code, which Flask prefers to a blueprint's
# handler of the HTTPException class: the API names the codes too, so it always answers JSON.
HTML_ERROR_CODES = (400, 403, 404, 405, 413, 415, 429)


def install(bp: Blueprint) -> None:
    """The game API's rules on an API blueprint (``api_games``, ``api_analysis``): the language of
    messages and JSON bodies only (``language``), and every error answered in JSON."""
    bp.before_request(language)
    bp.register_error_handler(GameNotFound, not_found)
    bp.register_error_handler(SeatKeyRequired, seat_key_required)
    bp.register_error_handler(BadInput, bad_input)
    bp.register_error_handler(StaleVersion, stale)
    bp.register_error_handler(TableFull, table_full)
    bp.register_error_handler(InviteUnknown, invite_unknown)
    bp.register_error_handler(NotAllowed, not_allowed)
    bp.register_error_handler(HTTPException, http_error)
    for status in HTML_ERROR_CODES:
        bp.register_error_handler(status, http_error)
    bp.register_error_handler(StoreUnavailable, unavailable)
    bp.register_error_handler(Exception, unexpected)
