"""Error pages (400 for a refused form, 403, 404, 405, 429, 500, 503), localized: the language
comes from the URL when it names one, otherwise from the visitor's preference
(``paiyou.i18n.languages.select_locale``). The JSON APIs answer their own errors in JSON."""
from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, InternalServerError

from paiyou.web.csrf import CSRFError, ForeignOrigin
from paiyou.web.limits import is_analysis_limit, is_hint_limit, is_join_limit, is_move_limit, is_seat_write_limit

RETRY_AFTER = 5  # seconds: about how long a database restart takes


def page_not_found(error: HTTPException) -> tuple[str, int]:
    return render_template("errors/404.html", error=error), 404


def method_not_allowed(error: HTTPException) -> tuple[str, int]:
    return render_template("errors/405.html", error=error), 405


def server_error(error: InternalServerError) -> tuple[str, int]:
    try:
        return render_template("errors/500.html"), 500
    except Exception:  # the error page must not fail in turn
        return "500 Internal Server Error", 500


def refused(title: str, message: str, status: int) -> tuple[str, int]:
    return render_template("errors/refused.html", title=title, message=message, status=status), status


def form_expired(_error: CSRFError) -> tuple[str, int]:
    return refused(_("This form has expired"), _(
        "The page was open too long, or your browser did not send its cookie, so nothing was changed. "
        "Go back, reload the page and try again."), 400)


def foreign_origin(_error: ForeignOrigin) -> tuple[str, int]:
    return refused(_("Request refused"), _(
        "This request came from another site's page, so nothing was changed. Use the page on this "
        "site instead."), 403)


def database_unavailable(_error: Exception) -> tuple[str, int, dict[str, str]]:
    body, status = refused(_("Back in a moment"), _(
        "Saved games cannot be reached just now. Please try again in a few seconds."), 503)
    return body, status, {"Retry-After": str(RETRY_AFTER)}


def too_many_requests(error: HTTPException) -> tuple[str, int, dict[str, str]]:
    if is_hint_limit(error):
        body, status = refused(_("Too many hints"), _(
            "You have asked for a great many hints in a short time. Please wait a little before "
            "the next one; your deal is still there."), 429)
    elif is_join_limit(error):
        body, status = refused(_("Too many requests for a seat"), _(
            "You have asked for a seat a great many times in a short time. Please wait a little before "
            "trying again."), 429)
    elif is_seat_write_limit(error):
        body, status = refused(_("Too many changes to the table"), _(
            "You have changed this table a great many times in a short time. Please wait a little "
            "before the next change; the table and your seat are still there."), 429)
    elif is_move_limit(error):
        body, status = refused(_("Too many moves"), _(
            "A great many moves came from your address in a short time. Please wait a little before "
            "the next one; your deal is still there."), 429)
    elif is_analysis_limit(error):
        body, status = refused(_("Too many analyses"), _(
            "You have asked for a great many analyses in a short time. Please wait a little before "
            "asking again; your deals and their reviews are all still there."), 429)
    else:
        body, status = refused(_("Too many new deals"), _(
            "You have started a great many deals in a short time. Please wait a little before the "
            "next one; your deals in progress are all still there."), 429)
    retry = error.response.headers.get("Retry-After") if error.response is not None else None
    return body, status, {"Retry-After": retry or "60"}


def init_app(app: Flask, unavailable: type[Exception]) -> None:
    """The site's error pages; ``unavailable`` is the error that means the saved games are out of
    reach (the store's, named by ``create_app``: this layer knows no store), answered 503. An
    area's own refusals register their pages themselves (``paiyou.tables.refusals``)."""
    app.register_error_handler(429, too_many_requests)
    app.register_error_handler(CSRFError, form_expired)
    app.register_error_handler(ForeignOrigin, foreign_origin)
    app.register_error_handler(unavailable, database_unavailable)
    app.register_error_handler(404, page_not_found)
    app.register_error_handler(405, method_not_allowed)
    app.register_error_handler(500, server_error)
