"""Blueprint ``puzzles``: lessons, puzzles and endless practice.

- ``/<lang>/puzzles``: both games' lesson paths.
- ``/<lang>/<game>/puzzles``: one game's lessons with progress and stars; ``POST …/reset``.
- ``/<lang>/<game>/puzzles/<lesson>``: goes to the first step not done yet.
- ``/<lang>/<game>/puzzles/<lesson>/<step>``: one step. A puzzle's form POSTs here. With htmx the
  answer comes back as the feedback fragment (swapped into an ``aria-live`` region); without
  JavaScript the POST records progress and redirects (303) to this URL with the answer in the
  query, which shows the same feedback: every result has a URL.
- ``/<lang>/<game>/practice[/<level>[/<seed>]]``: generated puzzles, same mechanics.

Routes only (what they share is ``paiyou.puzzles.pages``). Every verdict comes from the engine
(``paiyou.puzzles``); progress lives in a cookie per game.
"""
from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from paiyou.puzzles import pages, practice
from paiyou.puzzles.model import Explanation
from paiyou.puzzles.progress import COOKIE_PREFIX
from paiyou.registry import listed_games, url_converter
from paiyou.web.htmx import render, render_context
from paiyou.web.page_cache import cacheable

bp = Blueprint("puzzles", __name__, url_prefix="/<lang_code>")
bp.before_request(pages.same_origin_posts_only)
GAME = url_converter()
LEVEL = "<any({}):level>".format(", ".join(f"'{level}'" for level in practice.LEVELS))
# What the kept pages read (paiyou.web.page_cache): the progress cookies, and the answer's fields
# in the query of the GET that shows an answer's result (paiyou.puzzles.checking).
PROGRESS_COOKIES = (COOKIE_PREFIX + "*",)
ANSWER_FIELDS = r"answer|tile|number|seat|(pay|dir)-\d{1,2}"


# -- pages -------------------------------------------------------------------------------------

@bp.get("/puzzles")
@cacheable(cookies=PROGRESS_COOKIES)
def overview() -> str:
    courses = {game: pages.course(game) for game in listed_games()}
    progress = {game: pages.progress_of(game, courses[game]) for game in courses}
    return render("puzzles/overview.html", courses=courses, progress=progress)


@bp.get(f"/{GAME}/puzzles")
@cacheable(query=("reset",), cookies=PROGRESS_COOKIES)
def index(game: str) -> str:
    c = pages.course(game)
    return render("puzzles/index.html", game=game, course=c, progress=pages.progress_of(game, c),
                  levels=practice.LEVELS, reset=request.args.get("reset") == "1")


@bp.post(f"/{GAME}/puzzles/reset")
def reset(game: str) -> Response:
    """Forget the progress of one lesson (``lesson``) or of the whole game."""
    c = pages.course(game)
    progress = pages.progress_of(game, c)
    lesson = c.lesson(request.form.get("lesson", ""))
    if lesson is not None:
        progress.forget(p.id for p in lesson.puzzles)
    else:
        progress.forget(list(progress.states))
    response = redirect(url_for("puzzles.index", game=game, reset=1), code=303)
    return pages.save_progress(response, game, progress)


@bp.get(f"/{GAME}/puzzles/<lesson_id>")
def lesson_start(game: str, lesson_id: str) -> Response:
    c, lesson = pages.lesson_or_404(game, lesson_id)
    step = pages.progress_of(game, c).next_step(lesson)
    return redirect(url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step), code=302)


@bp.route(f"/{GAME}/puzzles/<lesson_id>/<int:step>", methods=["GET", "POST"])
@cacheable(cookies=PROGRESS_COOKIES, answers=ANSWER_FIELDS)
def step(game: str, lesson_id: str, step: int) -> Response | str:
    c, lesson = pages.lesson_or_404(game, lesson_id)
    if not 1 <= step <= len(lesson.steps):
        abort(404)
    item = lesson.steps[step - 1]
    url = url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step)
    progress = pages.progress_of(game, c)
    context: dict[str, object] = {
        "game": game, "course": c, "lesson": lesson, "step_number": step, "item": item,
        "progress": progress, "action": url, "next_url": pages.next_url(c, lesson, step),
        "prev_url": url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step - 1)
        if step > 1 else None,
    }
    if isinstance(item, Explanation):
        if request.method == "POST":
            abort(405)
        return render_context("puzzles/step.html", context)
    return pages.answer_puzzle(item, "puzzles/step.html", url, context, progress)


@bp.get(f"/{GAME}/practice")
def practice_levels(game: str) -> str:
    """Each level's link to a puzzle drawn now: never kept (the draw would be kept with it)."""
    seeds = {level: practice.new_seed() for level in practice.LEVELS}
    response = render("puzzles/practice_levels.html", game=game, levels=practice.LEVELS, seeds=seeds)
    return response


@bp.get(f"/{GAME}/practice/{LEVEL}")
def practice_random(game: str, level: str) -> Response:
    return redirect(url_for("puzzles.practice_puzzle", game=game, level=level,
                            seed=practice.new_seed()), code=302)


@bp.route(f"/{GAME}/practice/{LEVEL}/<int:seed>", methods=["GET", "POST"])
@cacheable(answers=ANSWER_FIELDS)
def practice_puzzle(game: str, level: str, seed: int) -> Response | str:
    if seed > practice.MAX_SEED:
        abort(404)
    puzzle = practice.generate(game, level, seed)
    url = url_for("puzzles.practice_puzzle", game=game, level=level, seed=seed)
    context: dict[str, object] = {
        "game": game, "level": level, "seed": seed, "levels": practice.LEVELS, "action": url,
        "share_url": url_for("puzzles.practice_puzzle", game=game, level=level, seed=seed,
                             _external=True),
        "next_url": url_for("puzzles.practice_random", game=game, level=level),
    }
    return pages.answer_puzzle(puzzle, "puzzles/practice.html", url, context, None)
