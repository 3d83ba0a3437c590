"""A deal record sent to the replay page: from a JSON body, a form field ``record`` or an
uploaded file ``file``, bounded in size and read through the site's one guarded JSON reader."""
from __future__ import annotations

from flask import request

from engine.errors import RecordError
from paiyou.tables.service import MAX_SEED, BadInput, parse_seed
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
