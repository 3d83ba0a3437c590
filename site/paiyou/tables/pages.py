"""What the play routes share (``paiyou.views.play``): the game or a 404, the table's URL, the start
page, the table page (with a refusal, a notice or the hints), and the answer to a move or a step.
Everything on the table page comes from the human seat's ``SeatView`` (``paiyou.tables.table``)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from flask import abort, current_app, redirect, request, url_for
from flask_babel import pgettext
from werkzeug.wrappers import Response

from engine.errors import IllegalAction
from paiyou.deals import seating
from paiyou.deals.computer import default_level, levels
from paiyou.deals.daily_mark import allows_hints
from paiyou.deals.game import Game, GameNotFound
from paiyou.deals.hints import NO_HINTS_IN_DAILY, hints
from paiyou.deals.service import MAX_SEED, load, waiting
from paiyou.i18n import numerals
from paiyou.reasons import explain
from paiyou.seats import access, cookies, stats
from paiyou.store.databases import current_store
from paiyou.tables import forms
from paiyou.tables.presenter import table_of
from paiyou.tables.table import STANDBY_MS, TableModel, keys, option_choices, table_model
from paiyou.tables.template_globals import level_description, level_label
from paiyou.web.htmx import is_fragment_request, render


class LevelChoice(TypedDict):
    name: str
    label: str
    description: str
    checked: bool


# One candidate of the hints, and the hints as the table page lists them (``hint_page``).
HintedMove = TypedDict("HintedMove", {"tiles": list[str], "face_up": bool, "pass": bool,
                                      "chance": float, "expected": float, "chance_margin": float})
Hinted = TypedDict("Hinted", {"forced": bool, "ranked_by": str | None, "candidates": list[HintedMove],
                              "pass": bool, "tiles": list[str], "face_up": bool})


class RefusedQuery(TypedDict, total=False):
    """The query that brings a refused move back to the table (``refused``)."""

    refused: str
    tried: str
    tile: list[str]


FIRST_LEVEL = "standard"  # a first visit's opponents: a fair game, not the strongest
STALE = "stale"  # the refusal of a move made on an earlier view of the table
CHOOSE_FIRST = "choose-first"  # Play (Face up / Face down) pressed with nothing selected


def load_or_404(game: str, game_id: str) -> Game:
    """The request's game, loaded (its one replay) or a 404."""
    try:
        return load(current_store(), game_id, game)
    except GameNotFound:
        abort(404)


def table_url(game: str, game_id: str) -> str:
    return url_for("play.table", game=game, game_id=game_id)


# -- the start page ------------------------------------------------------------------------------

def first_level(game: str) -> str:
    """The level preselected for a browser that never chose one: the operator's
    ``PAIYOU_OPPONENT_LEVEL`` when set, else ``standard`` (else the strongest the engine lists)."""
    configured = current_app.config.get("PAIYOU_OPPONENT_LEVEL")
    if configured in levels(game):
        return str(configured)
    return FIRST_LEVEL if FIRST_LEVEL in levels(game) else default_level(game)


def level_choices(game: str, chosen: str) -> list[LevelChoice]:
    """The engine's levels, weakest first, each with its name and a sentence in the page's language."""
    return [{"name": level, "label": level_label(level, game), "description": level_description(level, game),
             "checked": level == chosen} for level in levels(game)]


def start_form(game: str, *, seed_text: str = "", level: str | None = None,
               error: str | None = None, status: int = 200, variant: Sequence[str] = ()) -> Response:
    """The start page: the levels (the one asked for, else the one chosen last, else the first
    level), the seed, the game's table options (``variant`` ticked), this browser's unfinished
    deal and its statistics."""
    last = cookies.last_level(game)
    chosen = level if level is not None and level in levels(game) else last or first_level(game)
    listed = levels(game)
    stronger = [level_label(n, game) for n in listed[listed.index(chosen) + 1:]]
    mine = stats.rows(cookies.read_stats(), game, listed)
    body = render("play/start.html", game=game, levels=level_choices(game, chosen),
                  seed_text=seed_text, error=error, unfinished=access.unfinished_games(game)[:1],
                  stats=mine, reset_done=request.args.get("reset") == "done",
                  chosen_label=level_label(chosen, game), chosen_last=chosen == last, stronger=stronger,
                  friends_form=table_form_model(game, chosen), options=option_choices(game, variant))
    return current_app.make_response((body, status))


def table_form_model(game: str, chosen: str) -> dict[str, object]:
    """The start page's "Play with friends" form: the other seats by the names they have from
    yours (a friend each by default), the computer's levels, the turn timers."""
    names = table_of(game).seat_names()
    return {"seats": [{"seat": s, "name": names[s]} for s in range(1, len(names))],
            "levels": [{"name": n, "label": level_label(n, game), "checked": n == chosen} for n in levels(game)],
            "timers": list(seating.TIMERS), "name_max": seating.NAME_MAX}


def seed_error(seed_text: str = "") -> str:
    """Why a seed was refused: too large (a whole number past ``MAX_SEED - 1``, however many
    digits), or not a whole number at all."""
    if numerals.parse_whole_number(seed_text, max_digits=40) is not None:
        return str(pgettext("play", "A seed is at most %(highest)s: this one is too large.",
                            highest=numerals.format_number(MAX_SEED - 1)))
    return str(pgettext("play", "A seed is a whole number, such as %(example)s.",
                        example=numerals.format_number(42)))


def unfinished(game: str, game_id: str) -> Game | None:
    """This player's unfinished deal ``game_id`` of ``game`` (the one a "New deal" would leave),
    or None: a deal whose key this browser does not hold is nobody's to ask about."""
    try:
        found = load(current_store(), game_id, game)
    except GameNotFound:
        return None
    return None if found.is_over or access.seat_of(found) is None else found


# -- the table page ------------------------------------------------------------------------------

def table_page(game: Game, *, status: int = 200, notice: str | None = None,
               error: str | None = None, selected: Sequence[str] = (),
               hinted: Hinted | None = None, tried: str = "",
               seen: int | None = None, stepping: bool = False, watching: bool = False) -> Response:
    """The table (or, with htmx, its regions), from one seat's view only (``watching``: a
    watcher's, at a table with friends)."""
    auto_pass = cookies.auto_pass()
    speed = cookies.speed()
    model = table_model(game, selected, seen, watching)
    body = render("play/table.html", blocks=("table", "announce"), t=model, notice=notice,
                  error=error, selected=list(selected), fragment=is_fragment_request(),
                  hints=hinted, quiet=hinted is not None, auto_pass=auto_pass,
                  tried=forms.tile_keys(tried.split()), waiting=waiting(game, auto_pass) and not watching,
                  speed=speed, speeds=list(cookies.SPEEDS), delay=advance_delay(model, cookies.SPEEDS[speed]),
                  stepping=stepping, invite_url=invite_url(game) if model["friends"] else None,
                  name_max=seating.NAME_MAX, hints_allowed=allows_hints(game.stored.meta))
    response = current_app.make_response((body, status))
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def advance_delay(model: TableModel, pause: int) -> int:
    """How long the page waits before it asks for the computer's next move: the chosen pause,
    and at a table with friends ``STANDBY_MS`` more on every seated page but the one that asks
    first (``table.drives_the_computer``)."""
    friends = model.get("friends")
    return pause if not friends or friends["drives"] else pause + STANDBY_MS


def invite_url(game: Game) -> str | None:
    """The link the table's creator sends (from this browser's invites cookie), or None."""
    found = game.seating
    token = cookies.invites().get(game.id)
    if found is None or token is None or not seating.invite_matches(found, token):
        return None
    return url_for("friends.join_page", game=game.game, game_id=game.id, token=token, _external=True)


def stale_notice() -> str:
    return str(pgettext("play", "That move was made on an earlier view of this table, so "
                        "nothing was changed. This is the table as it is now."))


def refusal(current: Game, code: str, tiles: str) -> str:
    """The sentence for a refused move: the engine's reason explained against the play to beat."""
    if code == CHOOSE_FIRST:
        return table_of(current.game).choose_first()
    table = table_of(current.game)
    return explain(current.game, code, table.current_notation(current.view()), tiles or None)


def hint_page(current: Game) -> Response:
    """The table with the suggested move selected and the candidates listed with their figures
    (``?hint=1``: a GET, nothing changes; only the human seat's view is read)."""
    try:
        found = hints(current)
    except IllegalAction as e:
        # a daily's refusal is said on the page itself (its hint control is replaced by why)
        return table_page(current, status=409 if e.reason == NO_HINTS_IN_DAILY else 200)
    listed: list[HintedMove] = [{"tiles": keys(h.action.tiles), "face_up": h.action.face_up,
                                 "pass": not h.action.tiles, "chance": h.chance, "expected": h.expected,
                                 "chance_margin": h.chance_margin} for h in found.candidates]
    suggested = keys(found.action.tiles)
    hinted: Hinted = {"forced": found.forced, "ranked_by": found.ranked_by, "candidates": listed,
                      "pass": not found.action.tiles, "tiles": suggested, "face_up": found.action.face_up}
    return table_page(current, selected=suggested, hinted=hinted)


# -- the answer to a move ------------------------------------------------------------------------

def refused(current: Game, status: int, code: str, tried: str = "",
            selected: Sequence[str] = ()) -> Response:
    """A refused move: htmx gets the table in place with the reason; a plain form is redirected
    to the table with the reason in the query (POST → 303 → GET: no "resubmit?" page)."""
    if is_fragment_request():
        if code == STALE:
            return table_page(current, status=status, notice=stale_notice())
        return table_page(current, status=status, error=refusal(current, code, tried),
                          selected=selected, tried=tried)
    params: RefusedQuery = {"refused": code}
    if tried:
        params["tried"] = tried
    if selected:
        params["tile"] = list(selected)
    return redirect(url_for("play.table", game=current.game, game_id=current.id, **params), code=303)


def moved(before: Game, after: Game, stepping: bool = False) -> Response:
    """The answer to a move or a step: htmx gets the table in place (what is new since the page's
    ``seen`` announced: a step adds it to the live region), a plain form is redirected to it; a
    deal that just ended is counted."""
    if is_fragment_request():
        answer = table_page(after, seen=forms.seen(), stepping=stepping)
    else:
        answer = redirect(table_url(after.game, after.id), code=303)
    cookies.count_finished(answer, before, after)
    return answer
