"""A person's move at the table (``POST …/games/<id>``): one walk down and back. The browser's
cookies are read once at the start (``paiyou.seats.cookies.for_move``) and their values handed
down; the deal service loads the game, checks the seat key and acts in one call
(``paiyou.deals.service.move_by_key``), and the answer is built here (docs/architecture.md,
"Layers": a form move's walk)."""
from __future__ import annotations

from collections.abc import Sequence

from flask import abort, redirect
from werkzeug.wrappers import Response

from engine.errors import IllegalAction
from paiyou.deals import service
from paiyou.deals.game import BadInput, Game, GameNotFound, StaleVersion
from paiyou.registry import game as game_spec
from paiyou.seats import cookies
from paiyou.store.databases import current_store
from paiyou.tables import forms, friend_pages, pages
from paiyou.web.htmx import is_fragment_request


def submit(game: str, game_id: str) -> Response:
    """Your move, made on the table at ``version``. With htmx the answer is your move alone (the
    page then asks for the computer's moves one by one); a plain form gets the table at your next
    turn (POST → 303 → GET); a deal it ends is counted in this browser's statistics. 404 for an
    unknown deal, 403 without its seat key, then a refusal for a move that cannot be made."""
    browser = cookies.for_move(game_id)
    action = forms.form_action()
    if action is None:
        return pages.refused(friend_pages.seated(pages.load_or_404(game, game_id)), 400, pages.CHOOSE_FIRST)
    tiles, face_up, selected = action
    version = forms.version()
    submitted = (-1 if version is None else version, tiles, face_up if game_spec(game).has_face_down else None)
    computer = not is_fragment_request()
    try:
        try:
            moved = service.move_by_key(current_store(), game_id, game, browser.key, *submitted,
                                        auto_pass=browser.auto_pass, computer=computer)
        except service.Unkeyed as unkeyed:  # stored before seat keys: claimed by the old cookie
            moved = service.seated_move(current_store(), friend_pages.seated(unkeyed.game), *submitted,
                                        auto_pass=browser.auto_pass, computer=computer)
    except GameNotFound:
        abort(404)
    except service.MoveRefused as refused:
        return _refusal(refused.game, refused.error, tiles, selected)
    if is_fragment_request():
        answer = pages.table_page(moved.after, seen=forms.seen())
    else:
        answer = redirect(pages.table_url(moved.after.game, moved.after.id), code=303)
    browser.count_finished(answer, moved.before, moved.after)
    return answer


def _refusal(current: Game, error: StaleVersion | IllegalAction | BadInput, tiles: str,
             selected: Sequence[str]) -> Response:
    """The table refusing the move, with the reason the service gave."""
    if isinstance(error, StaleVersion):
        return pages.refused(error.game, 409, pages.STALE)
    if isinstance(error, IllegalAction):
        code = error.detail if error.reason == "does-not-beat" and error.detail else error.reason
        return pages.refused(current, 422, code, tiles, selected)
    if error.code == "bad-version":
        return pages.refused(current, 409, pages.STALE)
    return pages.refused(current, 400, "not-in-hand" if selected else pages.CHOOSE_FIRST,
                         tiles if selected else "", selected)
