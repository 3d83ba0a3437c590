"""What the review routes share (``paiyou.views.review``): the review page of a list of states, the
page that says a deal is not over yet, where the player asks again for a failed analysis, the
analysis box alone, and the replay form."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from babel.dates import format_timedelta
from flask import current_app, url_for
from flask_babel import get_locale, pgettext
from werkzeug.wrappers import Response

from engine.spec import AnyDeal as Deal
from paiyou.analysis.jobs import Status
from paiyou.analysis.review import review_model as analysis_model
from paiyou.deals.daily_mark import review_opens_at
from paiyou.deals.game import Game
from paiyou.i18n.numerals import to_native_digits
from paiyou.review.steps import review_model
from paiyou.seats import access
from paiyou.tables.pages import table_url
from paiyou.web.htmx import render, render_context


def review_page(game: str, states: Sequence[Deal], step: int, agents: Sequence[str],
                step_url: Callable[[int], str], *, seat: int = 0, names: Sequence[str] | None = None,
                watching: bool = False, **extra: object) -> Response:
    """The review at ``step`` of ``states`` (links to each step: ``step_url``), face up, from
    ``seat``'s side with the seats' ``names`` (the room's own when not given); ``watching``: for
    a watcher, spoken to as no seat."""
    model = review_model(game, states, step, agents, seat, names, watching)
    body = render_context("play/review.html", {"t": model, "step_url": step_url, **extra})
    response = current_app.make_response(body)
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def message(game: str, text: str, status: int, back: str) -> tuple[str, int]:
    """A short page of the play area saying ``text`` (with ``status``), with a link ``back``."""
    return render("play/message.html", game=game, status=status, message=text, back=back), status


def not_over(found: Game, text: str) -> tuple[str, int]:
    """409: what the review shows opens once the deal is over (nothing hidden may leak)."""
    return message(found.game, text, 409, table_url(found.game, found.id))


def daily_closed(found: Game) -> tuple[str, int] | None:
    """409 for a finished daily before its day's reveal (``daily_mark.review_opens_at``): the
    review, the record and the analysis show the other seats' tiles; None when they are open."""
    opens = review_opens_at(found.stored.meta)
    if opens is None:
        return None
    locale = get_locale()
    left = format_timedelta(opens - datetime.fromtimestamp(time.time(), UTC), granularity="minute",
                            threshold=1.0, locale=locale)
    return message(found.game, pgettext(
        "play", "The review of a daily deal opens when its day is revealed, in %(time)s. Until then "
        "nobody sees the other hands.", time=to_native_digits(left, locale)), 409,
        table_url(found.game, found.id))


def retry_url(found: Game) -> str | None:
    """Where the player asks again for a failed analysis; None for anyone else (the button is
    only offered to whoever holds the deal's seat key)."""
    if access.seat_of(found) is None:
        return None
    return url_for("review.retry_analysis", game=found.game, game_id=found.id)


def analysis_box(found: Game, status: Status, **extra: object) -> tuple[Response, dict[str, object]]:
    """The analysis box alone (htmx polls it while the analysis runs) and its model."""
    analysis = analysis_model(status, 0)
    poll_url = url_for("review.analysis_box", game=found.game, game_id=found.id)
    response = current_app.make_response(render_context(
        "play/_analysis_progress.html", {"game": found.game, "analysis": analysis, **extra, "poll_url": poll_url}))
    return response, analysis


def replay_form(game: str, *, error: str | None = None, status: int = 200, text: str = "",
                other: str | None = None) -> Response:
    """The form to paste or upload a record (with why the last one was rejected)."""
    body = render("play/replay.html", game=game, error=error, text=text, other=other)
    return current_app.make_response((body, status))
