"""The commitment to a shuffle, written once for every deal the site commits to (a table's deal,
the daily deal): hex SHA-256 of the UTF-8 text ``"<game>:<seed>:<salt>"``.

It is shown before the first move and checked once seed and salt are revealed (the review, the
archive of daily deals, ``python -m engine daily-verify``, and the reader's own browser:
``static/js/shuffle_check.js`` hashes the same text).
"""
from __future__ import annotations

import hashlib
import hmac
import re

SALT_BYTES = 16  # 128 bits: the seed cannot be guessed from the commitment
COMMITMENT_PATTERN = re.compile(r"[0-9a-f]{64}")


def commit(game: str, seed: int, salt: str) -> str:
    """The commitment to a shuffle: hex SHA-256 of the UTF-8 string "<game>:<seed>:<salt>"."""
    return hashlib.sha256(f"{game}:{seed}:{salt}".encode()).hexdigest()


def verify(game: str, seed: int, salt: str, commitment: str) -> bool:
    """Whether ``seed`` and ``salt`` are what ``commitment`` promised for ``game`` (a commitment
    that is not 64 lowercase hex digits matches nothing)."""
    if not isinstance(commitment, str) or not COMMITMENT_PATTERN.fullmatch(commitment):
        return False
    if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(salt, str):
        return False
    return hmac.compare_digest(commit(game, seed, salt), commitment)


__all__ = ["SALT_BYTES", "COMMITMENT_PATTERN", "commit", "verify"]
