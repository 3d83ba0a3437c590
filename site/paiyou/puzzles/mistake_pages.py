"""What the mistakes routes share (``paiyou.views.mistakes``): this browser's deck of a game (its
cookie, ``paiyou.puzzles.mistakes``), and a finished deal's position at a step as the player saw
it (the seat's view only)."""
from __future__ import annotations

from flask import abort, request
from werkzeug.wrappers import Response

from engine.games import game as game_rules
from engine.spec import Action
from engine.spec import AnySeatView as SeatView
from paiyou.analysis.review import ReviewAction, action_model
from paiyou.deals.game import Game
from paiyou.puzzles.mistakes import MAX_AGE, Deck, cookie_name
from paiyou.seats import access
from paiyou.tables.pages import load_or_404


def deck_of(game: str) -> Deck:
    return Deck.parse(request.cookies.get(cookie_name(game)))


def save_deck(response: Response, game: str, deck: Deck) -> Response:
    response.set_cookie(cookie_name(game), deck.dump(), max_age=MAX_AGE, samesite="Lax", httponly=True,
                        secure=request.is_secure)
    return response


def position(game: str, game_id: str, step: int) -> tuple[Game, SeatView, list[Action]]:
    """(the stored game, the seat's view at ``step``, its legal moves), or a 404 when ``step`` is
    not a decision of the human with a choice in a finished deal."""
    found = access.as_reader(load_or_404(game, game_id))  # a person's own seat at a table with friends
    if not found.is_over:
        abort(404)
    states = game_rules(game).replay_steps(found.record())
    if not 0 <= step < len(states) - 1 or states[step].to_act != found.seat:
        abort(404)
    view = states[step].view(found.seat)
    legal = list(view.legal_actions())
    if len(legal) < 2:
        abort(404)
    return found, view, legal


def move(action: Action) -> ReviewAction:
    """A move as the page draws it (``paiyou.analysis.review.action_model`` of its JSON)."""
    return action_model(action.as_dict())
