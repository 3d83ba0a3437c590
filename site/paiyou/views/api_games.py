"""Blueprint ``api_games``: the game API (docs/api.md, "Game API"), routes only: the bodies, the
language and the errors are ``paiyou.api.games``.

- ``GET /api/v1/<game>/variants`` → ``{"options": [{"key", "rule", "label", "sources"}]}``: the
  game's table options (``label`` in the request's language; none for a game without any)
- ``POST /api/v1/<game>/games`` (optional ``{"seed": n, "level": "standard", "variant": [keys]}``;
  an unknown option or a malformed list: 400 ``unknown-variant``, nothing created) → 201
  ``{"id", "version", "view", "key"}``: ``key`` is the seat key, given only here and by ``next``;
  with ``seats`` (a table with friends) a ``seed`` is refused (400 ``seed-not-allowed``): such a
  table is always dealt at random (``view.seed_chosen`` says which kind a deal is);
  every request marked (key) below sends it as ``Authorization: Bearer <key>`` (401
  ``seat-key-required`` without it, ``WWW-Authenticate: Bearer``)
- ``GET /api/v1/games/<id>`` → ``{"id", "version", "view"}`` (key until the end, then anyone)
- (key) ``POST /api/v1/games/<id>/actions`` with ``{"version": n, "tiles": "6-6 6-6"}`` (a pass:
  ``"tiles": ""``; Tien Gow adds ``"face_up": bool``) → the new ``{"id", "version", "view"}``
  after the computer players have moved up to your next turn or the end of the deal (at a table
  with friends: your move alone; ``advance`` makes the computer's)
- (key) ``POST /api/v1/games/<id>/advance`` with ``{"version": n}`` → one computer move when a
  computer seat is to act (``view.to_act`` a seat whose ``players`` entry is not ``"human"``),
  the game as it stands otherwise or against an older version: how an API client moves a table
  with friends on (its ``actions`` make no computer move), one move a request
- ``GET /api/v1/games/<id>/record`` → the deal record once the deal is over (409 before)
- ``POST /api/v1/games/<id>/next`` (key) → 201, the match's next deal with its ``key`` (the same)
- (key) ``GET /api/v1/games/<id>/hint`` → on your turn ``{"action", "forced", "ranked_by",
  "candidates": [{"action", "chance", "expected"}]}`` (409 ``deal-over`` / ``not-your-turn``
  otherwise, and ``no-hints-in-daily`` in a daily deal before its day's reveal; 429 over the
  hint limit)

Errors are ``{"error": code, "message": sentence in the request's language}``: 400 malformed
input, 404 unknown game or id, 409 stale version or deal not over, 422 illegal action (``error``
is the engine's reason code). The language of ``message`` is the body's ``lang``, else
``?lang=``, else the visitor's preference (the language cookie, then ``Accept-Language``).
``view`` is the human seat's view only: no other hand, no face-down
tile of another seat.
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from engine.errors import IllegalAction
from engine.games import game as game_rules
from paiyou.api.games import (
    daily_review_closed,
    error,
    game_response,
    illegal,
    install,
    json_body,
    json_routing_errors,
    seated_game,
)
from paiyou.deals import seating, service
from paiyou.deals.computer import levels, parse_level
from paiyou.deals.game import HUMAN_SEAT, BadInput
from paiyou.deals.hints import hints
from paiyou.registry import room, url_converter
from paiyou.seats import access, friends
from paiyou.store.databases import current_store
from paiyou.tables import labels
from paiyou.web import limits
from paiyou.web.private import no_store

bp = Blueprint("api_games", __name__, url_prefix="/api/v1")
install(bp)  # the language of messages, JSON bodies only, every error answered in JSON
bp.before_app_request(json_routing_errors)  # and a 404 or 405 anywhere under /api/ too

GAME_PATH = url_converter()


@bp.get(f"/{GAME_PATH}/variants")
def variants(game: str) -> tuple[Response, int]:
    """The game's table options, each with its words in the request's language (its room's)."""
    words = room(game).options
    return jsonify({"options": [{"key": option.key, "rule": option.rule,
                                 "label": str(words.get(option.key, option.meaning)),
                                 "sources": list(option.sources)}
                                for option in game_rules(game).variant_options]}), 200


@bp.post(f"/{GAME_PATH}/games")
@limits.new_game
def create(game: str) -> tuple[Response, int]:
    data = json_body()
    seed = service.parse_seed(data.get("seed"))
    variant = service.parse_variant(game, data.get("variant"))
    level = parse_level(game, data.get("level"), current_app.config.get("PAIYOU_OPPONENT_LEVEL"))
    seats = seating.parse_seats(data.get("seats"), game_rules(game).seats, levels(game))
    key = access.new_key()
    if seats is None:
        started = service.start(current_store(), game, seed, level,
                                seat_keys=access.seat_keys_meta(HUMAN_SEAT, key), variant=variant)
        return game_response(started, 201, key)
    if data.get("seed") is not None:  # whoever chose it could know every friend's hand
        raise BadInput("seed-not-allowed")
    creator, kinds = seats
    table, invite = friends.start_table(current_store(), game, creator, kinds, level, key,
                                        timer=seating.parse_timer(data.get("timer")),
                                        name=seating.parse_name(data.get("name"), labels.is_page_label),
                                        variant=variant)
    return game_response(table, 201, key, extra={"seat": creator, **({"invite": invite} if invite else {})})


@bp.get("/games/<game_id>")
def show(game_id: str) -> tuple[Response, int]:
    """A seat's view with its key; at a table with friends, a watcher's without one."""
    game = service.load(current_store(), game_id)
    seat = access.seat_of(game)
    if seat is not None:
        return game_response(game.seated(seat))
    if game.seating is not None:  # after the end too: a watcher has no seat to be "you"
        return game_response(game, watching=True)
    access.require_read(game)
    return game_response(game)


@bp.post("/games/<game_id>/actions")
@limits.move
def act(game_id: str) -> tuple[Response, int]:
    current = seated_game(game_id)  # 404, then 401, before looking at the body
    data = json_body()
    if "version" not in data:
        raise BadInput("bad-version")
    if "tiles" not in data:
        raise BadInput("bad-tiles")
    action_id = seating.parse_action_id(data.get("action_id"))
    try:
        game = service.act(current_store(), current, data["version"], data["tiles"], data.get("face_up"),
                           action_id=action_id)
    except IllegalAction as e:
        return illegal(current.game, e, current.version)
    return game_response(game)


@bp.post("/games/<game_id>/advance")
@limits.move
def advance(game_id: str) -> tuple[Response, int]:
    """One computer move made against ``version`` (at a table with friends, the one way the
    computer seats move: one move a request); nothing when no computer seat is to act, or
    against an older version (another seat's page or client moved first): the game as it
    stands."""
    current = seated_game(game_id)
    data = json_body()
    if "version" not in data:
        raise BadInput("bad-version")
    return game_response(service.advance(current_store(), current, data["version"]))


@bp.post("/games/<game_id>/seats")
@limits.join
def join(game_id: str) -> tuple[Response, int]:
    """Take the next empty seat of a table with friends by its invite: 201 with the seat and its
    ``key`` (404 ``invite-unknown``, 409 ``table-full``)."""
    current = service.load(current_store(), game_id)
    data = json_body()
    name = seating.parse_name(data.get("name"), labels.is_page_label)
    key = access.new_key()
    game = friends.claim(current_store(), current, data.get("invite"), key, name)
    return game_response(game, 201, key, extra={"seat": game.seat})


@bp.post("/games/<game_id>/invite")
@limits.seat_write
def renew_invite(game_id: str) -> tuple[Response, int]:
    """A new invite for the table (the old one stops working): its creator's key only."""
    current = seated_game(game_id)
    json_body()
    game, invite = friends.renew_invite(current_store(), current)
    return game_response(game, extra={"invite": invite})


@bp.delete("/games/<game_id>/invite")
@limits.seat_write
def revoke_invite(game_id: str) -> tuple[Response, int]:
    """The invite stops working: its creator's key only."""
    current = seated_game(game_id)
    return game_response(friends.revoke_invite(current_store(), current))


@bp.post("/games/<game_id>/seats/<int:seat>/computer")
@limits.seat_write
def hand_to_computer(game_id: str, seat: int) -> tuple[Response, int]:
    """The creator gives a seat still waiting for a friend to the computer."""
    current = seated_game(game_id)
    json_body()
    return game_response(friends.hand_to_computer(current_store(), current, seat))


@bp.post("/games/<game_id>/name")
@limits.seat_write
def rename(game_id: str) -> tuple[Response, int]:
    """This seat's display name (``"name"``; empty or null: the seat's own name again)."""
    current = seated_game(game_id)
    name = seating.parse_name(json_body().get("name"), labels.is_page_label)
    return game_response(friends.rename(current_store(), current, name))


@bp.post("/games/<game_id>/leave")
@limits.seat_write
def leave(game_id: str) -> tuple[Response, int]:
    """This seat's player leaves: the computer plays the seat until they come back."""
    current = seated_game(game_id)
    json_body()
    return game_response(friends.leave(current_store(), current))


@bp.post("/games/<game_id>/return")
@limits.seat_write
def return_seat(game_id: str) -> tuple[Response, int]:
    """This seat's player takes the seat back from the computer."""
    current = seated_game(game_id)
    json_body()
    return game_response(friends.return_seat(current_store(), current))


@bp.post("/games/<game_id>/timeout")
@limits.seat_write
def timeout(game_id: str) -> tuple[Response, int]:
    """Any seat of the table may ask once the person to act is past the turn timer's deadline:
    the computer makes that move for them. Before the deadline nothing changes."""
    current = seated_game(game_id)
    json_body()
    return game_response(friends.timeout(current_store(), current))


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> tuple[Response, int]:
    game = service.load(current_store(), game_id)
    if not game.is_over:
        return error("deal-not-over", 409, version=game.version)
    if (closed := daily_review_closed(game)) is not None:
        return closed
    return no_store(jsonify(game.record())), 200


@bp.post("/games/<game_id>/next")
@limits.new_game
def next_deal(game_id: str) -> tuple[Response, int]:
    """The next deal of the match, once this deal is over: 201, the new game (its ``view.match``
    and, in Tien Gow, ``view.banker`` = the finished deal's next banker, TG-19)."""
    current = seated_game(game_id)
    json_body()
    try:
        game = service.next_deal(current_store(), current)
    except IllegalAction as e:
        return error(e.reason, 409)
    return game_response(game, 201, access.presented_key(game_id))


@bp.get("/games/<game_id>/hint")
@limits.hint
def hint(game_id: str) -> tuple[Response, int]:
    """On your turn: the suggested action; ``forced`` when it is the only legal one (then no
    figures); else at most five candidates, each with ``chance`` (of first place, 0..1) and
    ``expected`` (the expected score: Chuo Pai cards in your pile, Tien Gow net points), each with
    its 95% margin (``chance_margin``, ``expected_margin``), sorted by ``ranked_by``. From your
    seat's view only."""
    game = seated_game(game_id)
    try:
        found = hints(game)
    except IllegalAction as e:
        return error(e.reason, 409, version=game.version)
    return no_store(jsonify({
        "action": found.action.as_dict(),
        "forced": found.forced,
        "ranked_by": found.ranked_by,
        "candidates": [{"action": h.action.as_dict(), "chance": round(h.chance, 4),
                        "expected": round(h.expected, 2), "chance_margin": round(h.chance_margin, 4),
                        "expected_margin": round(h.expected_margin, 2)} for h in found.candidates],
    })), 200
