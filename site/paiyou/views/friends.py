"""Blueprint ``friends``: a table with friends in the browser (routes only; what they share is
``paiyou.tables.friend_pages``). The table itself, its moves and the computer's are
``paiyou.views.play``'s routes, for every seat.

- ``POST /<lang>/<game>/friends``: set up a table (you at the bottom, each other seat a friend or
  the computer, a turn timer, your name), keep your seat key and the invite in this browser's
  cookies, and go to the table, which shows the invite's link to send.
- ``GET /<lang>/<game>/games/<id>/join/<invite>``: the invite's page (nothing changes on a GET);
  ``POST`` the same URL takes the next empty seat (your key in this browser's cookie) and goes to
  the table. A full table or a wrong invite is a page that says so.
- ``POST …/games/<id>/invite`` (``action=renew`` or ``revoke``), ``…/seats/<n>/computer``: the
  creator's; ``…/name``, ``…/leave``, ``…/return``, ``…/timeout``: any seat's, for itself.
"""
from __future__ import annotations

from flask import request
from flask.typing import ResponseReturnValue
from flask_babel import pgettext

from paiyou.deals import seating, service
from paiyou.deals.errors import BadInput
from paiyou.deals.seating import TableFull
from paiyou.registry import url_converter
from paiyou.seats import access, cookies, friends
from paiyou.store.databases import current_store
from paiyou.tables import friend_pages, labels, pages, refusals
from paiyou.web import errors, limits
from paiyou.web.private import private_blueprint

bp = private_blueprint("friends", __name__)  # every answer: no-store

GAME = url_converter()


@bp.post(f"/{GAME}/friends")
@limits.new_game
def new_table(game: str) -> ResponseReturnValue:
    try:
        creator, kinds, level, timer, name = friend_pages.parse_table_form(game)
        variant = service.parse_variant(game, request.form.getlist("variant"))  # the ticked table options
    except BadInput as e:
        if e.code in friend_pages.NAME_CODES:
            return errors.refused(pgettext("play", "Choose another name"), friend_pages.name_refused(e.code), 400)
        return friend_pages.to_start(game)
    key = access.new_key()
    table, invite = friends.start_table(current_store(), game, creator, kinds, level, key, timer=timer,
                                        name=name, variant=variant)
    response = friend_pages.back_to_table(table)
    cookies.remember(response, table.id, key)
    cookies.remember_invite(response, table.id, invite)
    return response


@bp.get(f"/{GAME}/games/<game_id>/join/<token>")
def join_page(game: str, game_id: str, token: str) -> ResponseReturnValue:
    current = pages.load_or_404(game, game_id)
    if current.seating is None or not seating.invite_matches(current.seating, token):
        return refusals.invite_unknown()
    if access.seat_of(current) is not None:  # this browser sits here already
        return friend_pages.back_to_table(current)
    return friend_pages.join_page(current, token)


@bp.post(f"/{GAME}/games/<game_id>/join/<token>")
@limits.join
def join(game: str, game_id: str, token: str) -> ResponseReturnValue:
    current = pages.load_or_404(game, game_id)
    if access.seat_of(current) is not None:
        return friend_pages.back_to_table(current)
    try:
        name = seating.parse_name(request.form.get("name"), labels.is_page_label)
    except BadInput as e:
        return errors.refused(pgettext("play", "Choose another name"), friend_pages.name_refused(e.code), 400)
    key = access.new_key()
    try:
        seated = friends.claim(current_store(), current, token, key, name)
    except TableFull:
        return refusals.table_full(pages.table_url(game, game_id))
    response = friend_pages.back_to_table(seated)
    cookies.remember(response, seated.id, key)
    return response


@bp.post(f"/{GAME}/games/<game_id>/invite")
@limits.seat_write
def invite(game: str, game_id: str) -> ResponseReturnValue:
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    if request.form.get("action") == "revoke":
        after = friends.revoke_invite(current_store(), current)
        response = friend_pages.back_to_table(after)
        cookies.remember_invite(response, after.id, None)
        return response
    after, token = friends.renew_invite(current_store(), current)
    response = friend_pages.back_to_table(after)
    cookies.remember_invite(response, after.id, token)
    return response


@bp.post(f"/{GAME}/games/<game_id>/seats/<int:seat>/computer")
@limits.seat_write
def hand_to_computer(game: str, game_id: str, seat: int) -> ResponseReturnValue:
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    return friend_pages.back_to_table(friends.hand_to_computer(current_store(), current, seat))


@bp.post(f"/{GAME}/games/<game_id>/name")
@limits.seat_write
def rename(game: str, game_id: str) -> ResponseReturnValue:
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    try:
        name = seating.parse_name(request.form.get("name"), labels.is_page_label)
    except BadInput as e:
        return errors.refused(pgettext("play", "Choose another name"), friend_pages.name_refused(e.code), 400)
    return friend_pages.back_to_table(friends.rename(current_store(), current, name))


@bp.post(f"/{GAME}/games/<game_id>/leave")
@limits.seat_write
def leave(game: str, game_id: str) -> ResponseReturnValue:
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    after = friends.leave(current_store(), current)
    return friend_pages.back_to_table(after, at=friend_pages.seat_control(after))


@bp.post(f"/{GAME}/games/<game_id>/return")
@limits.seat_write
def return_seat(game: str, game_id: str) -> ResponseReturnValue:
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    after = friends.return_seat(current_store(), current)
    return friend_pages.back_to_table(after, at=friend_pages.seat_control(after))


@bp.post(f"/{GAME}/games/<game_id>/timeout")
@limits.seat_write
def timeout(game: str, game_id: str) -> ResponseReturnValue:
    """Any seat's page asks once the clock of the person to act has run out (the server checks)."""
    current = friend_pages.seated(pages.load_or_404(game, game_id))
    return friend_pages.back_to_table(friends.timeout(current_store(), current))
