"""Private answers: a page or a JSON answer that shows one visitor's deal is never kept by a cache
and never indexed.

``no_store`` is the one place ``Cache-Control: no-store`` is set: the play, review and mistakes
blueprints (``private_blueprint``) run it after every request, and the JSON APIs on each answer
that shows a game or its analysis and on every error answer (``paiyou.api.games.error``: a 409
``stale-version`` carries the seat's view)."""
from __future__ import annotations

from typing import TypeVar

from flask import Blueprint
from werkzeug.wrappers import Response

R = TypeVar("R", bound=Response)
NO_STORE = "no-store"  # also sent by the events process (paiyou.events), which has no Flask response


def no_store(response: R) -> R:
    """``response``, never to be stored by a browser's or a proxy's cache."""
    response.headers["Cache-Control"] = NO_STORE
    return response


def private_blueprint(name: str, import_name: str) -> Blueprint:
    """A blueprint of pages under ``/<lang_code>`` that show one visitor's deal: every answer of it
    is ``no_store``."""
    bp = Blueprint(name, import_name, url_prefix="/<lang_code>")
    bp.after_request(no_store)
    return bp
