"""Blueprint ``review``: a finished deal face up, its record, and the replay of any record (routes
only; what they share is ``paiyou.review.pages``).

- ``GET /<lang>/<game>/games/<id>/review``: the finished deal face up, one step per action
  (``?step=n``; 409 before the end: nothing hidden may leak). A watcher of a table with friends
  (no seat key) reads it as no seat: no line says "you", and no analysis (it is one person's).
- ``GET /<lang>/<game>/games/<id>/review/analysis``: the review's analysis box alone (htmx polls
  it while the analysis runs; a plain request is sent to the review). A pure read.
- ``POST`` the same URL (a form with its CSRF token): ask again for a failed analysis. Only this
  deal's player (its seat key, ``paiyou.seats.access``: the id alone is not enough), under the
  analysis-retry limit (``paiyou.web.limits``); a no-op unless the analysis failed or was deferred
  (and then while the backlog is still full). htmx gets the
  box (queued, polling); a plain form is sent back to the review (303).
- ``GET /<lang>/<game>/games/<id>/record``: the deal record (JSON) once the deal is over.
- ``GET /<lang>/<game>/replay``: paste or upload a record; ``POST`` the same URL checks it, keeps
  it under the SHA-256 of its canonical JSON and redirects to ``GET /<lang>/<game>/replay/<digest>``
  (``?step=n``), a link that works in every worker for ``REPLAY_DAYS``.

Every answer is private (``paiyou.web.private.no_store``).
"""
from __future__ import annotations

import hashlib
import json

from flask import Response, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import pgettext
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError

from engine.errors import RecordError
from paiyou.analysis import jobs
from paiyou.analysis.review import review_model as analysis_model
from paiyou.daily.field import at_step, field_of
from paiyou.i18n.names import game_name
from paiyou.registry import GAME_KEYS, url_converter
from paiyou.registry import game as game_spec
from paiyou.review import records
from paiyou.review.pages import analysis_box as analysis_box_of
from paiyou.review.pages import daily_closed, message, not_over, replay_form, retry_url, review_page
from paiyou.review.steps import clamp_step, states_of
from paiyou.seats import access
from paiyou.store.databases import current_store
from paiyou.store.schema import DEFERRED
from paiyou.tables.pages import load_or_404, table_url
from paiyou.tables.table import seat_names
from paiyou.web import limits
from paiyou.web.bodies import NOT_JSON
from paiyou.web.csrf import csrf
from paiyou.web.htmx import is_fragment_request
from paiyou.web.private import private_blueprint

bp = private_blueprint("review", __name__)  # every answer: no-store

GAME = url_converter()


@bp.get(f"/{GAME}/games/<game_id>/record")
def record(game: str, game_id: str) -> ResponseReturnValue:
    found = load_or_404(game, game_id)
    if not found.is_over:
        return not_over(found, pgettext("play", "The deal record can be downloaded once the deal is over."))
    if (closed := daily_closed(found)) is not None:
        return closed
    seed = found.record().get("seed")
    response = Response(json.dumps(found.record(), ensure_ascii=False, indent=1) + "\n",
                        mimetype="application/json")
    response.headers["Content-Disposition"] = \
        f'attachment; filename="paiyou-{game}-{seed if seed is not None else found.id}.json"'
    return response


@bp.get(f"/{GAME}/games/<game_id>/review")
def review(game: str, game_id: str) -> ResponseReturnValue:
    """The finished deal face up, one step per action (``?step=n``; 409 before the end: nothing
    hidden may leak)."""
    found = access.as_reader(load_or_404(game, game_id))
    if not found.is_over:
        return not_over(found, pgettext("play", "The review opens once the deal is over."))
    if (closed := daily_closed(found)) is not None:
        return closed
    states = states_of(game, found.record())
    step = clamp_step(request.args.get("step"), len(states) - 1)

    def step_url(n: int) -> str:
        return url_for("review.review", game=game, game_id=game_id, step=n)

    field = at_step(field_of(current_store(), found), step)  # a daily's: what the field played here
    keyless = access.seat_of(found) is None
    # A watcher of a table with friends holds no seat: the review speaks to no one as "you", and
    # the analysis, which grades one person's own moves and says so to them, is not theirs.
    watching = keyless and found.seating is not None
    analysis = {} if watching else {
        "analysis": analysis_model(jobs.status(current_app, jobs.job_id(found)), step, game, states, found.seat),
        "poll_url": url_for("review.analysis_box", game=game, game_id=game_id),
        "retry_url": retry_url(found), "mistakes_url": url_for("mistakes.add", game=game, game_id=game_id)}
    return review_page(game, states, step, found.agents, step_url, seat=found.seat,
                       names=seat_names(found, watching=keyless), watching=watching,
                       table_url=table_url(game, game_id), shuffle=records.shuffle_check(game, found.record()),
                       field=field, **analysis)


@bp.get(f"/{GAME}/games/<game_id>/review/analysis")
def analysis_box(game: str, game_id: str) -> ResponseReturnValue:
    """The analysis box alone, for htmx's polling while the analysis runs; once it is no longer
    running, ``HX-Refresh`` reloads the review (the summary and the marks appear). A plain request
    (no htmx) is sent to the review itself. A pure read."""
    found = access.as_reader(load_or_404(game, game_id))
    if not found.is_over:
        return not_over(found, pgettext("play", "The review opens once the deal is over."))
    if (closed := daily_closed(found)) is not None:
        return closed
    if not is_fragment_request():
        return redirect(url_for("review.review", game=game, game_id=game_id), code=303)
    response, analysis = analysis_box_of(found, jobs.status(current_app, jobs.job_id(found)))
    if not analysis["waiting"]:
        response.headers["HX-Refresh"] = "true"
    return response


@bp.post(f"/{GAME}/games/<game_id>/review/analysis")
@limits.analysis
def retry_analysis(game: str, game_id: str) -> ResponseReturnValue:
    """Ask again for a failed or deferred analysis (the form under "could not be made" or "not
    queued yet"): the deal's player only, a no-op unless it failed or was deferred. htmx gets the
    box (queued: it polls); a plain form is sent back to the review's analysis."""
    found = access.as_reader(load_or_404(game, game_id))
    review_url = url_for("review.review", game=game, game_id=game_id)
    if not found.is_over:
        return not_over(found, pgettext("play", "The review opens once the deal is over."))
    if (closed := daily_closed(found)) is not None:
        return closed
    if access.seat_of(found) is None:
        return message(game, pgettext(
            "play", "Only the player of this deal can ask for its analysis again, from the browser "
            "that played it."), 403, review_url)
    jobs.retry(current_app, jobs.job_id(found))
    if not is_fragment_request():
        return redirect(review_url + "#analysis", code=303)
    response, analysis = analysis_box_of(found, jobs.status(current_app, jobs.job_id(found)),
                                         retry_url=retry_url(found))
    if not analysis["waiting"] and analysis["state"] not in ("failed", DEFERRED):  # done meanwhile: the review
        response.headers["HX-Refresh"] = "true"
    return response


@bp.get(f"/{GAME}/replay")
def replay_page(game: str) -> ResponseReturnValue:
    """Paste or upload a deal record (docs/records.md) to review it face up."""
    return replay_form(game)


@bp.post(f"/{GAME}/replay")
def replay(game: str) -> ResponseReturnValue:
    """A record (JSON body, form field or file) checked by the engine's ``replay``, kept under the
    SHA-256 of its canonical JSON and shown at that link (POST → 303 → GET ``replay/<digest>``,
    with ``?step=`` when the form gave one), so stepping through it never resubmits a form. A
    rejected record is a 422 page naming where and why, and nothing is kept. A form needs its
    CSRF token, a JSON body none (no other site's page can send one without a CORS preflight)."""
    if not request.is_json and current_app.config.get("WTF_CSRF_ENABLED", True):
        try:
            validate_csrf(request.form.get("csrf_token"))
        except ValidationError:
            abort(400)
    record = records.posted_record()
    if record is records.NO_RECORD:
        return replay_form(game, status=422, error=pgettext(
            "play", "Paste a deal record or choose a file first."))
    if record is NOT_JSON:
        return replay_form(game, status=422, error=pgettext(
            "play", "That is not a deal record: a record is one JSON object."))
    other = record.get("game") if isinstance(record, dict) else None
    if isinstance(other, str) and other != game and other in GAME_KEYS:
        return replay_form(game, status=422, error=pgettext(
            "play", "This is a %(game)s record: replay it on the %(game)s replay page.",
            game=game_name(other)), text=request.form.get("record", "")[:records.MAX_RECORD_BYTES],
            other=other)
    try:
        records.check_seed(record)
        states_of(game, record)
    except RecordError as e:
        return replay_form(game, status=422, error=records.record_problem_message(game, e, record),
                           text=request.form.get("record", "")[:records.MAX_RECORD_BYTES])
    text = records.canonical_json(record)
    digest = hashlib.sha256(text.encode()).hexdigest()
    current_store().keep_replay(digest, game, text)
    step = request.values.get("step")
    step = step if step is not None and step.isascii() and step.isdigit() and len(step) <= 6 else None
    return redirect(url_for("review.replay_link", game=game, digest=digest, step=step), code=303)


@bp.get(f"/{GAME}/replay/<digest>")
def replay_link(game: str, digest: str) -> ResponseReturnValue:
    """A replayed record at its content-addressed link (kept ``REPLAY_DAYS``; 404 after), one
    step per action (``?step=n``), face up."""
    found = current_store().replay(digest)
    try:  # a record kept before a rules change may no longer replay: as good as expired
        record = json.loads(found[1]) if found is not None and found[0] == game else None
        states = states_of(game, record) if record is not None else None
    except (RecordError, ValueError):
        states = None
    if states is None:
        return message(game, pgettext(
            "play", "This replay link has expired or never existed. Paste the record again to get a "
            "new one."), 404, url_for("review.replay_page", game=game))
    step = clamp_step(request.args.get("step"), len(states) - 1)
    agents = tuple("human" if s == 0 else "" for s in range(game_spec(game).seats))

    def step_url(n: int) -> str:
        return url_for("review.replay_link", game=game, digest=digest, step=n)

    return review_page(game, states, step, agents, step_url, shuffle=records.shuffle_check(game, record),
                       replay_form=url_for("review.replay_page", game=game))


# A JSON body needs no token (no other site's page can send one without a CORS preflight); the
# form's token is checked in the view itself.
csrf.exempt(f"{__name__}.replay")
