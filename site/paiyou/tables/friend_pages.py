"""What the pages of a table with friends share (``paiyou.views.friends``, ``paiyou.views.play``):
who is asking (a seat by its key, or a watcher), the start form's seats, the invite's link, the
join page and the refusals in words."""
from __future__ import annotations

from flask import current_app, redirect, request, url_for
from flask_babel import pgettext
from werkzeug.wrappers import Response

from engine.games import game as game_rules
from paiyou import live
from paiyou.deals import seating
from paiyou.deals.computer import levels
from paiyou.deals.errors import BadInput
from paiyou.deals.game import Game
from paiyou.deals.seating import FRIEND, YOU
from paiyou.i18n.numerals import format_number
from paiyou.seats import access
from paiyou.tables import labels
from paiyou.tables.pages import first_level, table_url
from paiyou.tables.table import option_words
from paiyou.web.htmx import is_fragment_request, render

COMPUTER = "computer"  # the start form's choice of a computer seat (at the chosen level)


def seated(game: Game) -> Game:
    """``game`` for the person whose key this request presents (403 without one)."""
    return game.seated(access.require_seat(game))


def viewer(game: Game) -> tuple[Game, bool]:
    """``game`` for whoever asks, and whether they only watch: a seat's holder sees their seat;
    anyone else watches a table with friends (no hand; after its end too, so no seat is called
    "you" for them); a deal against the computer stays its player's (403) until it is over."""
    seat = access.seat_of(game)
    if seat is not None:
        return game.seated(seat), False
    if game.seating is not None:
        return game, True
    access.require_read(game)
    return game, False


def mark_page_present(game: Game) -> None:
    """A seat's table at a table with friends, loaded as a whole page (not htmx's refresh: that
    page has its stream): without JavaScript the page's own refreshes are its only sign of life,
    so each load counts the seat present for a while (``paiyou.live.page_seen``)."""
    if game.seating is None or game.is_over or is_fragment_request():
        return
    live.page_seen(game.id, game.seat, at_turn=game.deal.to_act == game.seat)


def parse_table_form(game: str) -> tuple[int, tuple[str, ...], str, int, str | None]:
    """The start form's table with friends: you at seat 0, each other seat ``friend`` or
    ``computer`` (``seat-<n>``), the computer's level, the turn timer and your name. BadInput
    for anything else."""
    kinds = [YOU]
    for seat in range(1, game_rules(game).seats):
        choice = request.form.get(f"seat-{seat}", FRIEND)
        if choice not in (FRIEND, COMPUTER):
            raise BadInput("bad-seats")
        kinds.append(choice)
    level = request.form.get("level") or first_level(game)
    if level not in levels(game):
        raise BadInput("unknown-level")
    chosen = tuple(level if kind == COMPUTER else kind for kind in kinds)
    timer_text = request.form.get("timer", "0")
    timer = seating.parse_timer(int(timer_text) if timer_text.isascii() and timer_text.isdigit() else -1)
    return 0, chosen, level, timer, seating.parse_name(request.form.get("name"), labels.is_page_label)


def join_page(game: Game, token: str, status: int = 200) -> Response:
    """The invite's page: the table (its game, who sits where so far) and a form to take the next
    empty seat with a name. GET shows it; nothing changes."""
    found = game.seating
    assert found is not None
    body = render("play/join.html", game=game.game, table=game, token=token,
                  players=[{"seat": s, "human": s in found.humans, "name": found.names.get(s),
                            "empty": s in found.humans and s not in access.stored_hashes(game.stored.meta),
                            "level": None if s in found.humans else game.agents[s]}
                           for s in range(len(game.agents))],
                  name_max=seating.NAME_MAX, watch_url=table_url(game.game, game.id),
                  options_on=option_words(game.game, game_rules(game.game).variant_of(game.deal)))
    return current_app.make_response((body, status))


NAME_CODES = ("bad-name", "reserved-name")  # what parse_name refuses


def name_refused(code: str) -> str:
    """Why a name was refused (``code``: one of ``NAME_CODES``), in words."""
    if code == "reserved-name":
        return str(pgettext("play", "The table already uses that name for a seat or a computer player, so it would "
                                    "mislead the other players. Choose another name."))
    return str(pgettext("play", "A name has at most %(count)s characters, each of them visible: no hidden or blank "
                                "characters, and at most %(marks)s accents or other marks on one letter.",
                        count=format_number(seating.NAME_MAX), marks=format_number(seating.MARKS_PER_LETTER)))


def back_to_table(game: Game, at: str | None = None) -> Response:
    """The table again (POST → 303 → GET); ``at``: the id of the element focus goes to (the
    browser focuses a focusable fragment target as the page loads), instead of the page's top."""
    return redirect(table_url(game.game, game.id) + (f"#{at}" if at else ""), code=303)


def seat_control(game: Game) -> str:
    """The id of the control standing where Leave or "Take your seat back" was, once pressed:
    the other one (``templates/play/_friends.html``), or the status line once the deal is over
    (neither is shown then)."""
    seating = game.seating
    if game.is_over or seating is None:
        return "status"
    return "return-seat" if game.seat in seating.away else "leave-table"


def to_start(game: str) -> Response:
    return redirect(url_for("play.start_page", game=game), code=303)

