"""Seat keys without a request: making one, its stored hash, and which seat a key opens.

``paiyou.seats.access`` decides for a Flask request; the events process (``paiyou.events``),
which has no Flask request, reads the same cookie and header with these functions. A key is
``secrets.token_urlsafe(32)``; only its SHA-256 is stored, in the game's ``meta`` as
``"seat_keys": {"<seat>": "<hex>"}``, and it is compared in constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping

from paiyou.store.schema import is_valid_id

KEY_BYTES = 32
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)
META = "seat_keys"
MAX_KEY_LENGTH = 64  # a key is 43 characters; a longer value is not worth hashing


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def is_valid_key(text: str) -> bool:
    return bool(KEY_PATTERN.fullmatch(text))


def seat_keys_meta(seat: int, key: str) -> dict[str, str]:
    """The ``meta["seat_keys"]`` of a new deal whose one human seat holds ``key``."""
    return {str(seat): key_hash(key)}


def stored_hashes(meta: Mapping[str, object]) -> dict[int, str]:
    found = meta.get(META)
    if not isinstance(found, dict):
        return {}
    return {int(seat): digest for seat, digest in found.items()
            if isinstance(seat, str) and seat.isascii() and seat.isdigit() and isinstance(digest, str)}


def seat_for_key(meta: Mapping[str, object], key: str | None) -> int | None:
    """The seat of the game whose ``meta`` is given that ``key`` opens, or None."""
    if key is None or not is_valid_key(key):
        return None
    digest = key_hash(key)
    found = None
    for seat, stored in stored_hashes(meta).items():  # every seat is compared: the time says nothing
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def bearer_key(header: str | None) -> str | None:
    """The key of an ``Authorization: Bearer <key>`` header, or None."""
    scheme, _, value = (header or "").partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not is_valid_key(value):
        return None
    return value


def keys_in_cookie(text: str, keep: int) -> dict[str, str]:
    """The ``id → key`` pairs of a seats cookie (``id:key`` joined by "."), newest first, at most
    ``keep``; malformed entries are left out (nothing read from a cookie is trusted)."""
    pairs: dict[str, str] = {}
    for entry in text.split(".")[:keep]:
        game_id, _, key = entry.partition(":")
        if is_valid_id(game_id) and 0 < len(key) <= MAX_KEY_LENGTH and game_id not in pairs:
            pairs[game_id] = key
    return pairs
