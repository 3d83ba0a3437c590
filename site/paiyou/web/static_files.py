"""Static files with versioned URLs, cached for a year.

``url_for("static", filename=…)`` adds ``?v=<hash of the file's bytes>``, so a changed file gets
a new URL; a request carrying ``v`` is answered ``Cache-Control: public, max-age=31536000,
immutable``. Without ``v`` (an old link) the file is served with ``no-cache`` and its ETag.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Flask, request
from werkzeug.wrappers import Response

YEAR = 365 * 24 * 3600


@cache
def file_version(path: Path, mtime_ns: int) -> str:
    """A short hash of the file's bytes (``mtime_ns`` only keys the memo)."""
    return hashlib.blake2b(path.read_bytes(), digest_size=6).hexdigest()


def init_app(app: Flask) -> None:
    static = Path(app.static_folder or "").resolve()

    @app.url_defaults
    def add_version(endpoint: str, values: dict[str, object]) -> None:
        if endpoint != "static" or "v" in values or "filename" not in values:
            return
        path = (static / str(values["filename"])).resolve()
        if path.is_file() and static in path.parents:
            values["v"] = file_version(path, path.stat().st_mtime_ns)

    @app.after_request
    def cache_static(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            if response.status_code == 200 and response.direct_passthrough:
                # read the (small) file into the response, so that it can be compressed
                response.direct_passthrough = False
                response.make_sequence()
            if request.args.get("v"):
                response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
            else:
                response.headers["Cache-Control"] = "no-cache"
        return response
