"""Who may act on a deal: its seat keys (docs/architecture.md, "Seat keys").

A deal's **id** is public: after the end it opens the review, the record and the final table for
anyone. Each human seat also has a **seat key** (``new_key``: 256 random bits), given once to whoever
starts the deal — in this browser's seats cookie (``paiyou.tables.cookies``) or in the API's
``"key"`` field, sent back as ``Authorization: Bearer <key>``. Only ``sha256(key)`` is stored, in
the game's ``meta`` as ``"seat_keys": {"<seat>": "<hex>"}``, and it is compared in constant time.
A match's next deal carries the same hashes, so the same key plays the whole match.

``seat_of(game)`` is the one place that decides: the human seat whose key this request presents,
or None. ``require_seat`` raises ``SeatKeyRequired`` (the API answers 401, a page 403).

Games stored before seat keys (no ``seat_keys`` in ``meta``) are claimed, while unfinished, by the
first browser whose old ``paiyou_games`` cookie lists the id: a key is made, its hash stored and
the cookie rewritten. A finished old deal is only read (its id may have been shared).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping
from typing import Any

from flask import after_this_request, request
from werkzeug.wrappers import Response

from paiyou.store.databases import current_store
from paiyou.tables import cookies
from paiyou.tables.game import Game, GameNotFound
from paiyou.tables.service import load

KEY_BYTES = 32
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)
META = "seat_keys"
API_BLUEPRINT = "api_games"
# The API blueprints, whose requests present a key as ``Authorization: Bearer`` (never a cookie).
API_BLUEPRINTS = frozenset({API_BLUEPRINT, "api_analysis"})


class SeatKeyRequired(Exception):
    """The request does not present this deal's seat key (API 401, page 403); nothing changed."""


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def is_valid_key(text: str) -> bool:
    return bool(KEY_PATTERN.fullmatch(text))


def seat_keys_meta(seat: int, key: str) -> dict[str, str]:
    """The ``meta["seat_keys"]`` of a new deal whose one human seat holds ``key``."""
    return {str(seat): key_hash(key)}


def stored_hashes(meta: Mapping[str, Any]) -> dict[int, str]:
    found = meta.get(META)
    if not isinstance(found, dict):
        return {}
    return {int(seat): digest for seat, digest in found.items()
            if isinstance(seat, str) and seat.isascii() and seat.isdigit() and isinstance(digest, str)}


def _bearer_key() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not is_valid_key(value):
        return None
    return value


def presented_key(game_id: str) -> str | None:
    """The key this request presents for ``game_id``: the Bearer header in the API, this browser's
    seats cookie on the pages."""
    if request.blueprint in API_BLUEPRINTS:
        return _bearer_key()
    return cookies.seat_keys().get(game_id)


def seat_of(game: Game) -> int | None:
    """The human seat whose key this request presents for ``game``, or None."""
    hashes = stored_hashes(game.stored.meta)
    if not hashes:
        return _claim_old_game(game)
    key = presented_key(game.id)
    if key is None:
        return None
    digest = key_hash(key)
    found = None
    for seat, stored in hashes.items():  # every seat is compared: the time says nothing
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def require_seat(game: Game) -> int:
    seat = seat_of(game)
    if seat is None:
        raise SeatKeyRequired(game.id)
    return seat


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
