"""Blueprint ``api_daily``: the daily deal's API (docs/api.md, "Daily deal API"), routes only: the
bodies and errors are ``paiyou.daily.answers``, the work ``paiyou.daily.service``.

- ``GET /api/v1/<game>/daily`` → today's ``{"date", "commitment", "closes_at", "reveals_at",
  "players", …}``: never a seed or salt of an open day
- ``GET /api/v1/<game>/daily/<date>`` → the same for any day from the first to today; once the day
  is revealed also ``"seed"`` and ``"salt"``; 404 ``daily-unknown`` for any other date
- ``POST /api/v1/<game>/daily`` (optional ``{"player": "<progress key>"}``) → 201 ``{"id", "key",
  "player", "date", "commitment", "version", "view"}`` (a new progress key as ``"player"`` when
  none was sent); the player's second start of the day → 409 ``daily-already-played`` with ``id``
- ``POST /api/v1/<game>/daily/<date>/practice`` → 201 a practice deal of a revealed day (``{"id", "key",
  "date", "commitment", "seed", "salt", "practice": true, "version", "view"}``): never counted; any
  day not revealed 404 ``daily-unknown``
- ``GET /api/v1/<game>/daily/<date>/board?page=n`` → ``{"page", "pages", "players", "rows": [{"rank",
  "score", "name", "yours"}]}``, 50 rows a page; an open day's only with the progress key of a player
  who finished it as ``Authorization: Bearer`` (403 ``daily-board-closed``)
- ``POST /api/v1/daily/name`` ``{"player": "<progress key>", "name": "…" | null}`` → ``{"name"}``:
  the player's leaderboard name (also the start's optional ``"name"``)
- (seat key) ``GET /api/v1/games/<id>/daily`` once the deal is over → ``{"score", "matchpoints",
  "percentile", "rank", "players", "par", "share", …}``

Moves are the game API's (``POST /api/v1/games/<id>/actions`` with the seat key). Only the listed
games have a daily deal (404 ``unknown-game`` otherwise).
"""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from engine.daily import parse_day, today
from paiyou.api.games import game_response, json_body
from paiyou.daily import answers, names, service
from paiyou.daily import board as day_board
from paiyou.daily.archive import revealed_day, start_practice
from paiyou.daily.secret import ring
from paiyou.deals.daily_mark import mark
from paiyou.deals.errors import BadInput
from paiyou.deals.keys import bearer_key
from paiyou.deals.service import load
from paiyou.registry import url_converter
from paiyou.seats import access
from paiyou.seats.access import SeatKeyRequired
from paiyou.store.daily import DailyStore
from paiyou.store.databases import current_store
from paiyou.store.schema import new_id
from paiyou.web import limits
from paiyou.web.private import no_store

bp = Blueprint("api_daily", __name__, url_prefix="/api/v1")
answers.install(bp)

GAME_PATH = url_converter()


@bp.get(f"/{GAME_PATH}/daily")
def today_deal(game: str) -> tuple[Response, int]:
    facts = service.facts(ring(), current_store(), answers.listed(game), today())
    return no_store(jsonify(facts)), 200


@bp.get(f"/{GAME_PATH}/daily/<day>")
def day_deal(game: str, day: str) -> tuple[Response, int]:
    facts = service.facts(ring(), current_store(), answers.listed(game), parse_day(day))
    return no_store(jsonify(facts)), 200


@bp.post(f"/{GAME_PATH}/daily")
@limits.new_game
def start(game: str) -> tuple[Response, int]:
    listed = answers.listed(game)
    body = json_body()
    try:
        name = names.parse(body.get("name"))  # checked first: a bad name starts nothing
    except BadInput as e:
        return answers.daily_error(e.code, 400)
    player, progress_key = answers.player_of(DailyStore(current_store()), body)
    if "name" in body:
        DailyStore(current_store()).set_name(player, name)
    key = access.new_key()
    started = service.start(ring(), current_store(), listed, player, key)
    daily = mark(started.stored.meta)
    assert daily is not None
    return game_response(started, 201, key, extra={"player": progress_key, "date": daily.day.isoformat(),
                                                   "commitment": started.commitment})


@bp.post(f"/{GAME_PATH}/daily/<day>/practice")
@limits.new_game
def practice(game: str, day: str) -> tuple[Response, int]:
    listed = answers.listed(game)
    deal = revealed_day(ring(), listed, parse_day(day))
    key = access.new_key()
    started = start_practice(ring(), current_store(), listed, deal.day, new_id(), key)
    return game_response(started, 201, key, extra={"date": deal.day.isoformat(), "commitment": deal.commitment,
                                                   "seed": deal.seed, "salt": deal.salt, "practice": True})


@bp.get("/games/<game_id>/daily")
@limits.daily_read
def result(game_id: str) -> tuple[Response, int]:
    game = load(current_store(), game_id)
    if mark(game.stored.meta) is None:
        return answers.daily_error("not-a-daily", 404)
    if not answers.seat_key_presented(game):
        raise SeatKeyRequired(game.id)
    if not game.is_over:
        return answers.daily_error("deal-not-over", 409)
    found = service.recorded(current_store(), game)
    if found is None:
        return answers.daily_error("daily-no-result", 404)
    return answers.result_response(service.standing_of(current_store(), game, found))


@bp.get(f"/{GAME_PATH}/daily/<day>/board")
@limits.daily_read
def board(game: str, day: str) -> tuple[Response, int]:
    listed, date = answers.listed(game), parse_day(day)
    days = DailyStore(current_store())
    key = bearer_key(request.headers.get("Authorization"))
    player = days.player_for_key(key) if key is not None else None
    if not day_board.may_read(current_store(), listed, date, player):
        return answers.daily_error("daily-board-closed", 403)
    try:
        found = day_board.board(current_store(), listed, date, day_board.parse_page(request.args.get("page")), player)
    except day_board.BadPage as e:
        return answers.daily_error(e.code, e.status)
    return no_store(jsonify(found.as_json())), 200


@bp.post("/daily/name")
@limits.seat_write
def set_name() -> tuple[Response, int]:
    body = json_body()
    try:
        name = names.parse(body.get("name"))
    except BadInput as e:
        return answers.daily_error(e.code, 400)
    player, _ = answers.player_of(DailyStore(current_store()), {"player": body.get("player", "")})
    DailyStore(current_store()).set_name(player, name)
    return no_store(jsonify({"name": name})), 200
