"""Who may act on a deal: its seat keys (docs/architecture.md, "Seat keys").

A deal's **id** is public: after the end it opens the review, the record and the final table for
anyone. Each human seat also has a **seat key** (``new_key``: 256 random bits), given once to whoever
starts the deal — in this browser's seats cookie (``paiyou.seats.cookies``) or in the API's
``"key"`` field, sent back as ``Authorization: Bearer <key>``. Only ``sha256(key)`` is stored, in
the game's ``meta`` as ``"seat_keys": {"<seat>": "<hex>"}``, and it is compared in constant time.
A match's next deal carries the same hashes, so the same key plays the whole match.

``seat_of(game)`` decides for a request: the human seat whose key this request presents, or None
(by ``paiyou.deals.keys.seat_for_key``, which the deal service also uses for a key a move hands
it). ``require_seat`` raises ``SeatKeyRequired`` (the API answers 401, a page 403).

Games stored before seat keys (no ``seat_keys`` in ``meta``) are claimed, while unfinished, by the
first browser whose old ``paiyou_games`` cookie lists the id: a key is made, its hash stored and
the cookie rewritten. A finished old deal is only read (its id may have been shared).
"""
from __future__ import annotations

from flask import after_this_request, request
from werkzeug.wrappers import Response

from paiyou.deals.game import Game, GameNotFound
from paiyou.deals.game import SeatKeyRequired as SeatKeyRequired

# access.<name> keeps working for its callers: re-exported from the request-free module
from paiyou.deals.keys import KEY_BYTES as KEY_BYTES
from paiyou.deals.keys import KEY_PATTERN as KEY_PATTERN
from paiyou.deals.keys import META as META
from paiyou.deals.keys import bearer_key
from paiyou.deals.keys import is_valid_key as is_valid_key
from paiyou.deals.keys import key_hash as key_hash
from paiyou.deals.keys import new_key as new_key
from paiyou.deals.keys import seat_for_key as seat_for_key
from paiyou.deals.keys import seat_keys_meta as seat_keys_meta
from paiyou.deals.keys import stored_hashes as stored_hashes
from paiyou.deals.service import load
from paiyou.seats import cookies
from paiyou.store.databases import current_store

API_BLUEPRINT = "api_games"
# The API blueprints, whose requests present a key as ``Authorization: Bearer`` (never a cookie).
API_BLUEPRINTS = frozenset({API_BLUEPRINT, "api_analysis"})


def _bearer_key() -> str | None:
    return bearer_key(request.headers.get("Authorization"))


def presented_key(game_id: str) -> str | None:
    """The key this request presents for ``game_id``: the Bearer header in the API, this browser's
    seats cookie on the pages."""
    if request.blueprint in API_BLUEPRINTS:
        return _bearer_key()
    return cookies.seat_keys().get(game_id)


def seat_of(game: Game) -> int | None:
    """The human seat whose key this request presents for ``game``, or None."""
    if not stored_hashes(game.stored.meta):
        return _claim_old_game(game)
    return seat_for_key(game.stored.meta, presented_key(game.id))


def require_seat(game: Game) -> int:
    seat = seat_of(game)
    if seat is None:
        raise SeatKeyRequired(game.id)
    return seat


def as_reader(game: Game) -> Game:
    """``game`` for the seat whose key this request presents (a finished deal's review and
    analysis are each person's own at a table with friends), else as stored."""
    seat = seat_of(game)
    return game if seat is None else game.seated(seat)


def may_read(game: Game) -> bool:
    """Anyone with the id may read a finished deal; before the end only its seat."""
    return game.is_over or seat_of(game) is not None


def require_read(game: Game) -> None:
    if not may_read(game):
        raise SeatKeyRequired(game.id)


def _claim_old_game(game: Game) -> int | None:
    """A game stored before seat keys: the browser whose old cookie lists it gets a key, while
    the deal is unfinished (one write: of two browsers racing, the first wins)."""
    if request.blueprint in API_BLUEPRINTS or game.is_over or game.id not in cookies.legacy_ids():
        return None
    key = new_key()
    meta = {**game.stored.meta, META: seat_keys_meta(game.seat, key)}
    if not current_store().replace_meta(game.id, game.stored.meta, meta):
        return None
    # The request goes on with the game it loaded (one replay per request): that game now holds
    # the hashes just stored too, so a move this request stores keeps them.
    game.stored.meta[META] = meta[META]

    cookies.add_seat_key(game.id, key)

    @after_this_request
    def _keep(response: Response) -> Response:
        cookies.write_seat_keys(response)
        return response

    return game.seat


def unfinished_games(game: str) -> list[Game]:
    """This browser's unfinished deals of ``game`` it holds the key of (newest first)."""
    found = []
    for game_id in dict.fromkeys([*cookies.recent_ids(), *cookies.legacy_ids()]):
        try:
            loaded = load(current_store(), game_id, game)
        except GameNotFound:
            continue
        if not loaded.is_over and seat_of(loaded) is not None:
            found.append(loaded)
    return found
