"""Error pages (404, 405, 500), localized: the language comes from the URL when it names one,
otherwise from the visitor's preference (``paiyou.i18n.languages.select_locale``)."""
from __future__ import annotations

from flask import Flask, render_template
from werkzeug.exceptions import HTTPException, InternalServerError


def page_not_found(error: HTTPException) -> tuple[str, int]:
    return render_template("errors/404.html", error=error), 404


def method_not_allowed(error: HTTPException) -> tuple[str, int]:
    return render_template("errors/405.html", error=error), 405


def server_error(error: InternalServerError) -> tuple[str, int]:
    try:
        return render_template("errors/500.html"), 500
    except Exception:  # the error page must not fail in turn
        return "500 Internal Server Error", 500


def init_app(app: Flask) -> None:
    app.register_error_handler(404, page_not_found)
    app.register_error_handler(405, method_not_allowed)
    app.register_error_handler(500, server_error)
