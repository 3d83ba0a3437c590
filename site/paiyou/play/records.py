"""A deal record sent to the replay page: from a JSON body, a form field ``record`` or an
uploaded file ``file``, bounded in size and read through the site's one guarded JSON reader."""
from __future__ import annotations

from flask import request

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
