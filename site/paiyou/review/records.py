"""Deal records on the review's pages: a record sent to the replay page (from a JSON body, a form
field ``record`` or an uploaded file ``file``, bounded in size and read through the site's one
guarded JSON reader), its one canonical text (its SHA-256 is its link), the check of a finished
deal's shuffle against the commitment the table showed, and where and why the engine rejected a
record, in the page's language."""
from __future__ import annotations

import json
import re
from typing import TypedDict

from flask import request
from flask_babel import pgettext

from engine.commitment import commit
from engine.errors import RecordError
from paiyou.deals.game import BadInput
from paiyou.deals.service import MAX_SEED, parse_seed
from paiyou.reasons import CODES, reason_message
from paiyou.tables.presenter import table_of
from paiyou.web.bodies import NOT_JSON, parse_json

MAX_RECORD_BYTES = 60 * 1024  # a whole deal's record is a few KiB
NO_RECORD: object = object()  # nothing was sent


def posted_record() -> object:
    """The record as JSON; ``NO_RECORD`` when none was sent, ``NOT_JSON`` when it is not JSON."""
    if request.is_json:
        raw = request.get_data(cache=True)
        return NOT_JSON if len(raw) > MAX_RECORD_BYTES else parse_json(raw)
    text = request.form.get("record", "").strip()
    upload = request.files.get("file")
    if not text and upload is not None and upload.filename:
        text = upload.read(MAX_RECORD_BYTES + 1).decode("utf-8", "replace").strip()
    if not text:
        return NO_RECORD
    if len(text) > MAX_RECORD_BYTES:
        return NOT_JSON
    return parse_json(text)


def check_seed(record: object) -> None:
    """A record's ``seed`` follows the API's rule (``service.parse_seed``: a whole number from 0 to
    2**53 - 1, or null): ``random.Random`` would take -5 for 5, so a negative seed is refused
    here as it is by ``POST /api/v1/<game>/games``. Raises RecordError."""
    seed = record.get("seed") if isinstance(record, dict) else None
    if seed is None:
        return
    try:
        valid = isinstance(seed, int) and parse_seed(seed) == seed
    except BadInput:
        valid = False
    if not valid:
        raise RecordError(("seed",), "wrong-type", {"expected": "seed", "min": 0, "max": MAX_SEED - 1})


def canonical_json(record: object) -> str:
    """The one text of a record: keys sorted, no spaces, UTF-8 as is (its SHA-256 is its link)."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class ShuffleCheck(TypedDict):
    """The check of a finished deal's shuffle (``shuffle_check``)."""

    text: str
    computed: str
    shown: str | None
    matches: bool | None


HEX_SALT = re.compile(r"[0-9a-f]{32}")
HEX_COMMITMENT = re.compile(r"[0-9a-f]{64}")


def shuffle_check(game: str, record: object) -> ShuffleCheck | None:
    """The check of a finished deal's shuffle, when its record holds seed and salt: ``text``
    (``game:seed:salt``), ``computed`` (its SHA-256), ``shown`` (the record's ``commitment``, the
    one the table showed during the deal, or None when the record has none) and ``matches``
    (None without a commitment to compare with)."""
    if not isinstance(record, dict):
        return None
    seed, salt, shown = record.get("seed"), record.get("salt"), record.get("commitment")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(salt, str) \
            or not HEX_SALT.fullmatch(salt):
        return None
    computed = commit(game, seed, salt)
    if not isinstance(shown, str) or not HEX_COMMITMENT.fullmatch(shown):
        shown = None
    return {"text": f"{game}:{seed}:{salt}", "computed": computed, "shown": shown,
            "matches": None if shown is None else shown == computed}


# -- a rejected record, in words ----------------------------------------------------------------

# The record formats' lists of rounds (docs/records.md): a path into one names a place in the deal.
_ROUND_LISTS = frozenset({"rounds", "tricks"})


def _record_place(game: str, path: tuple[str | int, ...]) -> str:
    """``RecordError.path`` as a place in the deal (rounds and actions counted from 1, as players
    count them; the record's lists count from 0), or "" for any other field of the record."""
    if len(path) < 2 or path[0] not in _ROUND_LISTS or not isinstance(path[1], int):
        return ""
    table = table_of(game)
    if len(path) >= 4 and path[2] == "actions" and isinstance(path[3], int):
        return table.record_place(path[1] + 1, path[3] + 1)
    return table.record_place(path[1] + 1, None)


def _recorded_action(game: str, record: object, path: tuple[str | int, ...]) -> str | None:
    """Who played what at ``path`` (an action of the record): "West, ⁦6-6 6-6⁩" in the page's
    language, the tiles isolated left to right; None when the path names no such action."""
    found: object = record
    for part in path:
        if isinstance(part, int) and isinstance(found, list) and 0 <= part < len(found):
            found = found[part]
        elif isinstance(part, str) and isinstance(found, dict) and part in found:
            found = found[part]
        else:
            return None
    if not isinstance(found, dict):
        return None
    player, tiles = found.get("player"), found.get("tiles")
    names = table_of(game).seat_names()
    if not (isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(names)
            and isinstance(tiles, list) and all(isinstance(t, str) and len(t) <= 8 for t in tiles)):
        return None
    what = "\u2066" + " ".join(tiles[:8]) + "\u2069" if tiles else pgettext("play move", "Pass")
    return str(pgettext("play", "%(player)s, %(tiles)s", player=names[player], tiles=what))


def record_problem_message(game: str, error: RecordError, record: object = None) -> str:
    """Where and why the engine rejected a record, in the page's language: the error's code (and,
    for an illegal action, the engine's reason code) picks the sentence, its path the place; an
    illegal action also says who played what (from ``record``, when given)."""
    reason = error.detail.get("reason") if error.code == "illegal" else None
    if reason in CODES[game]:
        why = reason_message(game, reason)
    elif error.code == "not-dealt-by-seed":
        why = pgettext("play", "these are not the hands that the record's seed deals.")
    elif error.code == "mismatch":
        why = pgettext("play", "the result it states is not what the rules give.")
    else:
        why = pgettext("play", "it does not follow the record format or the rules.")
    place = _record_place(game, error.path)
    if not place:
        return str(pgettext("play", "The record was rejected: %(why)s", why=why))
    action = _recorded_action(game, record, error.path) if error.code == "illegal" else None
    if action is not None:
        return str(pgettext("play", "%(where)s (%(action)s): %(why)s", where=place, action=action, why=why))
    return str(pgettext("play", "%(where)s: %(why)s", where=place, why=why))
