"""The pages that refuse a seat, localized like every error page (``paiyou.web.errors``): a deal
that is not yours (403), an invitation that opens no table (404), a full table (409, with its
watch link) and what only a table's creator, an empty seat or a table with friends allows. The
APIs answer the same errors in JSON (``paiyou.api.games``)."""
from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext as _

from paiyou.deals.seating import InviteUnknown, NotAllowed
from paiyou.seats.access import SeatKeyRequired
from paiyou.web.errors import refused


def seat_key_required(_error: SeatKeyRequired) -> tuple[str, int]:
    return refused(_("This deal is not yours"), _(
        "Only the browser that started this deal can see its table and play it until the deal is "
        "over. Once it is over, its review is open to anyone with the link."), 403)


def invite_unknown(_error: object = None) -> tuple[str, int]:
    return refused(_("This invitation opens no table"), _(
        "The link is wrong, or the player who set up the table has withdrawn it. Ask them for a new "
        "link."), 404)


def table_full(watch_url: str) -> tuple[str, int]:
    """Every seat is taken: the table can still be watched."""
    return render_template("errors/table_full.html", watch_url=watch_url), 409


def not_allowed(error: NotAllowed) -> tuple[str, int]:
    if error.code == "not-the-creator":
        return refused(_("Only the table's creator may do that"), _(
            "The player who set up this table decides who sits where and who may join."), 403)
    if error.code == "seat-not-empty":
        return refused(_("That seat is taken"), _(
            "Only a seat that is still waiting for a friend can be given to the computer."), 409)
    return refused(_("Not a table with friends"), _(
        "This deal is against the computer only: it has no seats for friends."), 409)


def init_app(app: Flask) -> None:
    app.register_error_handler(SeatKeyRequired, seat_key_required)
    app.register_error_handler(InviteUnknown, invite_unknown)
    app.register_error_handler(NotAllowed, not_allowed)
