"""Seat keys without a request: making one, its stored hash, and which seat a key opens.

Below the deal service, which checks a key it is handed (``service.move_by_key``) without climbing to
the seats; ``paiyou.seats.access`` decides for a Flask request; the events process
(``paiyou.events``), which has no Flask request, reads the same header with these functions (and
the seats cookie with ``paiyou.seats.cookies.keys_in_cookie``). A key is
``secrets.token_urlsafe(32)``; only its SHA-256 is stored, in the game's ``meta`` as
``"seat_keys": {"<seat>": "<hex>"}``, and it is compared in constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping

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

