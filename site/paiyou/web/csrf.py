"""Cross-site request protection for every request that changes state.

Two locks, both on every unsafe request (POST and the like):

- **Origin.** A browser names the page a request comes from (``Origin``, or at least ``Referer``).
  A request from another site's page, or from a sandboxed or opaque one (``Origin: null``), is
  refused (403) before anything runs. Clients that send neither (scripts, old browsers) pass on to
  the second lock.
- **A CSRF token** (Flask-WTF) in every HTML form that changes state: ``{{ csrf_token() }}`` in a
  hidden ``csrf_token`` field (htmx sends the form's fields). A missing or wrong token: 400.
  The JSON APIs take no token: they accept only ``Content-Type: application/json``, which no page
  of another site can send without the browser asking first (a CORS preflight, never granted).
"""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, request
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import Forbidden

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
csrf = CSRFProtect()


class ForeignOrigin(Forbidden):
    """An unsafe request sent by another site's page."""

    code = 403
    description = "foreign-origin"


def is_foreign(value: str, host: str, scheme: str) -> bool:
    """Whether an ``Origin`` or ``Referer`` value names another site than ``scheme://host``."""
    if value == "null":
        return True  # a sandboxed frame, a data: URL, a redirect chain: never one of our pages
    parts = urlsplit(value)
    return (parts.scheme, parts.netloc.lower()) != (scheme, host.lower())


def refuse_foreign_origin() -> None:
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    referer = request.headers.get("Referer")
    source = origin if origin is not None else referer
    if source is not None and is_foreign(source, request.host, request.scheme):
        raise ForeignOrigin()


def init_app(app: Flask, exempt: tuple[Blueprint, ...] = ()) -> None:
    """Refuse foreign origins, then check CSRF tokens except on the ``exempt`` blueprints."""
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # valid for the session: a table left open works
    app.config.setdefault("WTF_CSRF_SSL_STRICT", False)  # the Origin/Referer check above does it
    app.before_request(refuse_foreign_origin)  # registered first, so it runs before the token check
    csrf.init_app(app)
    for name in exempt:
        csrf.exempt(name)


__all__ = ["CSRFError", "ForeignOrigin", "csrf", "init_app", "is_foreign", "refuse_foreign_origin"]
