"""Blueprint ``mistakes``: your mistakes become your puzzles (``paiyou.puzzles.mistakes``).

- ``POST /<lang>/<game>/games/<id>/mistakes``: add a finished deal's decisions graded mistake or
  blunder to this browser's deck (a cookie), then 303 to the deck.
- ``GET /<lang>/<game>/mistakes``: the deck: the puzzles due now, and how many come back later.
- ``GET /<lang>/<game>/mistakes/<id>/<step>``: one position as the player saw it (their hand,
  the plays of the round or trick so far and the one before it, every seat's counts, the play
  to beat, their legal moves: the seat's view only): "find a better move". ``POST`` the same URL with
  ``choice`` (the index of a legal move): judged by ``engine.analysis.assess`` at the analysis
  level (a move graded best or good is right; under the hint limit: it is a search), the card
  moves in the deck (Leitner), and the answer shows the best move.

Routes only (what they share is ``paiyou.puzzles.mistake_pages``). Only a finished deal's
positions (its record is public by then). Every answer is private.
"""
from __future__ import annotations

import time

from flask import current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue

from engine.analysis import BEST, GOOD, assess
from paiyou.analysis import jobs
from paiyou.puzzles.mistake_pages import deck_of, move, position, save_deck
from paiyou.puzzles.mistakes import GRADES
from paiyou.registry import url_converter
from paiyou.review.pages import daily_closed
from paiyou.seats import access
from paiyou.tables.pages import load_or_404
from paiyou.tables.presenter import table_of
from paiyou.tables.table import keys
from paiyou.web import limits
from paiyou.web.htmx import render, render_context
from paiyou.web.private import private_blueprint

bp = private_blueprint("mistakes", __name__)  # every answer: no-store
GAME = url_converter()


@bp.post(f"/{GAME}/games/<game_id>/mistakes")
def add(game: str, game_id: str) -> ResponseReturnValue:
    found = access.as_reader(load_or_404(game, game_id))
    if (closed := daily_closed(found)) is not None:  # a daily's graded moves wait for its reveal
        return closed
    status = jobs.status(current_app, jobs.job_id(found)) if found.is_over else None
    deck = deck_of(game)
    now = time.time()
    if status is not None and status.result is not None:
        decisions = status.result.get("decisions")
        for d in decisions if isinstance(decisions, list) else []:
            if d.get("grade") in GRADES:
                deck.add(found.id, int(d["step"]), now)
    return save_deck(redirect(url_for("mistakes.deck", game=game), code=303), game, deck)


@bp.get(f"/{GAME}/mistakes")
def deck(game: str) -> str:
    cards = deck_of(game)
    due = cards.due(time.time())
    return render("puzzles/mistakes.html", game=game, due=due, count=len(cards.cards))


@bp.route(f"/{GAME}/mistakes/<game_id>/<int:step>", methods=["GET", "POST"])
@limits.hint
def puzzle(game: str, game_id: str, step: int) -> ResponseReturnValue:
    found, view, legal = position(game, game_id, step)
    if (closed := daily_closed(found)) is not None:
        return closed
    table = table_of(game)
    moves = [{"index": i, **move(a)} for i, a in enumerate(legal)]
    names = table.seat_names()
    # The table as the seat saw it (its view only): every seat's counts, the plays of the round
    # or trick so far in order (passes and other seats' face-down tiles as the table marks them),
    # and the round or trick before it.
    seats = table.seats_model(view, names, found.agents, {})
    context: dict[str, object] = {
        "game": game, "hand": keys(view.hand), "current": table.current(view), "names": names,
        "seats": seats, "round_number": table.round_number(view),
        "round_plays": table.round_plays(view, names), "last_round": table.last_round(view, names),
        "moves": moves, "action": url_for("mistakes.puzzle", game=game, game_id=game_id, step=step),
        "review_url": url_for("review.review", game=game, game_id=game_id, step=step + 1),
        "verdict": None, "chosen": None,
    }
    if request.method == "GET":
        return render_context("puzzles/mistake.html", context)
    choice = request.form.get("choice", "")
    if not (choice.isascii() and choice.isdigit() and len(choice) <= 3 and int(choice) < len(legal)):
        context["incomplete"] = True
        return current_app.make_response((render_context("puzzles/mistake.html", context), 422))
    level = jobs.analysis_level(game, current_app.config.get("PAIYOU_ANALYSIS_LEVEL"))
    decision = assess(game, view, legal[int(choice)], level=level, step=step)
    correct = decision.grade in (BEST, GOOD)
    cards = deck_of(game)
    cards.answer(found.id, step, correct, time.time())
    due = cards.due(time.time())
    following = next((c for c in due if (c.game_id, c.step) != (found.id, step)), None)
    context.update(verdict={"correct": correct, "grade": decision.grade,
                            "best": move(decision.best) if decision.best is not None else None},
                   chosen=int(choice),
                   next_url=url_for("mistakes.puzzle", game=game, game_id=following.game_id, step=following.step)
                   if following else url_for("mistakes.deck", game=game))
    response = current_app.make_response(render_context("puzzles/mistake.html", context))
    return save_deck(response, game, cards)
