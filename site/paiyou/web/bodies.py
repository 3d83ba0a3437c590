"""The one guarded reader of request bodies: text that is not UTF-8, not JSON, or JSON nested too
deep to read is refused the same way everywhere (``NOT_JSON``), never with a ``RecursionError``
or a 500. Every body parser of the site goes through ``parse_json``."""
from __future__ import annotations

import json

NOT_JSON: object = object()  # what parse_json answers for anything that is not JSON ("null" is)


def parse_json(raw: str | bytes) -> object:
    """The JSON value of ``raw`` (bytes must be UTF-8); ``NOT_JSON`` when it is not JSON."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return NOT_JSON
