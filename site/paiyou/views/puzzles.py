"""Blueprint ``puzzles``: lessons, puzzles and endless practice.

- ``/<lang>/puzzles``: both games' lesson paths.
- ``/<lang>/<game>/puzzles``: one game's lessons with progress and stars; ``POST …/reset``.
- ``/<lang>/<game>/puzzles/<lesson>``: goes to the first step not done yet.
- ``/<lang>/<game>/puzzles/<lesson>/<step>``: one step. A puzzle's form POSTs here. With htmx the
  answer comes back as the feedback fragment (swapped into an ``aria-live`` region); without
  JavaScript the POST records progress and redirects (303) to this URL with the answer in the
  query, which shows the same feedback: every result has a URL.
- ``/<lang>/<game>/practice[/<level>[/<seed>]]``: generated puzzles, same mechanics.

Every verdict comes from the engine (``paiyou.puzzles``); progress lives in a cookie per game.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask_babel import lazy_pgettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from paiyou.content.model import Text
from paiyou.puzzles import feedback, practice
from paiyou.puzzles.checking import Answer, Verdict, check, read_answer
from paiyou.puzzles.kinds import game_puzzles
from paiyou.puzzles.loading import Course, load_course
from paiyou.puzzles.model import Explanation, Lesson, Puzzle
from paiyou.puzzles.progress import COOKIE_PREFIX, MAX_AGE, Progress, Streak, cookie_name, streak_cookie_name
from paiyou.puzzles.texts import render_text
from paiyou.registry import GAME_KEYS, url_converter
from paiyou.web.htmx import is_fragment_request, render
from paiyou.web.page_cache import cacheable

bp = Blueprint("puzzles", __name__, url_prefix="/<lang_code>")
GAME = url_converter()
LEVEL = "<any({}):level>".format(", ".join(f"'{level}'" for level in practice.LEVELS))
# What the kept pages read (paiyou.web.page_cache): the progress cookies, and the answer's fields
# in the query of the GET that shows an answer's result (paiyou.puzzles.checking).
PROGRESS_COOKIES = (COOKIE_PREFIX + "*",)
ANSWER_FIELDS = r"answer|tile|number|seat|(pay|dir)-\d{1,2}"


@bp.before_request
def same_origin_posts_only() -> None:
    """Answers and resets write the progress cookie: refuse a POST sent by another site's page
    (browsers send ``Origin`` with every POST form; no header, e.g. an old client, is allowed)."""
    origin = request.headers.get("Origin")
    if request.method == "POST" and origin and origin != "null":
        if urlsplit(origin).netloc != request.host:
            abort(403)


def course(game: str) -> Course:
    return load_course(current_app.config["PAIYOU_CONTENT_DIR"], game)


def progress_of(game: str, c: Course | None = None) -> Progress:
    c = c or course(game)
    return Progress.parse(request.cookies.get(cookie_name(game)), c.by_id)


def save_progress(response: Response, game: str, progress: Progress) -> Response:
    response.set_cookie(cookie_name(game), progress.dump(), max_age=MAX_AGE, path="/",
                        samesite="Lax", httponly=True, secure=request.is_secure)
    response.cache_control.private = True
    return response


def lesson_or_404(game: str, lesson_id: str) -> tuple[Course, Lesson]:
    c = course(game)
    lesson = c.lesson(lesson_id)
    if lesson is None:
        abort(404)
    return c, lesson


# -- pages -------------------------------------------------------------------------------------

@bp.get("/puzzles")
@cacheable(cookies=PROGRESS_COOKIES)
def overview() -> str:
    courses = {game: course(game) for game in GAME_KEYS}
    progress = {game: progress_of(game, courses[game]) for game in GAME_KEYS}
    return render("puzzles/overview.html", courses=courses, progress=progress)


@bp.get(f"/{GAME}/puzzles")
@cacheable(query=("reset",), cookies=PROGRESS_COOKIES)
def index(game: str) -> str:
    c = course(game)
    return render("puzzles/index.html", game=game, course=c, progress=progress_of(game, c),
                  levels=practice.LEVELS, reset=request.args.get("reset") == "1")


@bp.post(f"/{GAME}/puzzles/reset")
def reset(game: str) -> Response:
    """Forget the progress of one lesson (``lesson``) or of the whole game."""
    c = course(game)
    progress = progress_of(game, c)
    lesson = c.lesson(request.form.get("lesson", ""))
    if lesson is not None:
        progress.forget(p.id for p in lesson.puzzles)
    else:
        progress.forget(list(progress.states))
    response = redirect(url_for("puzzles.index", game=game, reset=1), code=303)
    return save_progress(response, game, progress)


@bp.get(f"/{GAME}/puzzles/<lesson_id>")
def lesson_start(game: str, lesson_id: str) -> Response:
    c, lesson = lesson_or_404(game, lesson_id)
    step = progress_of(game, c).next_step(lesson)
    return redirect(url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step), code=302)


@bp.route(f"/{GAME}/puzzles/<lesson_id>/<int:step>", methods=["GET", "POST"])
@cacheable(cookies=PROGRESS_COOKIES, answers=ANSWER_FIELDS)
def step(game: str, lesson_id: str, step: int) -> Response | str:
    c, lesson = lesson_or_404(game, lesson_id)
    if not 1 <= step <= len(lesson.steps):
        abort(404)
    item = lesson.steps[step - 1]
    url = url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step)
    progress = progress_of(game, c)
    context: dict[str, Any] = {
        "game": game, "course": c, "lesson": lesson, "step_number": step, "item": item,
        "progress": progress, "action": url, "next_url": next_url(c, lesson, step),
        "prev_url": url_for("puzzles.step", game=game, lesson_id=lesson_id, step=step - 1)
        if step > 1 else None,
    }
    if isinstance(item, Explanation):
        if request.method == "POST":
            abort(405)
        return render("puzzles/step.html", **context)
    return answer_puzzle(item, "puzzles/step.html", url, context, progress)


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
    context: dict[str, Any] = {
        "game": game, "level": level, "seed": seed, "levels": practice.LEVELS, "action": url,
        "share_url": url_for("puzzles.practice_puzzle", game=game, level=level, seed=seed,
                             _external=True),
        "next_url": url_for("puzzles.practice_random", game=game, level=level),
    }
    return answer_puzzle(puzzle, "puzzles/practice.html", url, context, None)


# -- answering ---------------------------------------------------------------------------------

def answer_puzzle(puzzle: Puzzle, template: str, url: str, context: dict[str, Any],
                  progress: Progress | None) -> Response | str:
    """GET: the puzzle, with the feedback when the query holds an answer. POST: check, record,
    then the fragment (htmx) or a redirect to the GET that shows the same result."""
    form = request.form if request.method == "POST" else request.args
    answer = read_answer(puzzle, form)
    incomplete = answer is None and "answer" in form
    verdict = check(puzzle, answer) if answer is not None else None
    context.update(puzzle_context(puzzle, answer, verdict, incomplete, url))
    if request.method == "GET":
        return render(template, **context)
    streak = None
    if verdict is not None:  # first tries and the run, lessons and practice alike
        in_lesson = progress is not None and puzzle.lesson is not None
        streak = streak_of(puzzle.game)
        first_try = not in_lesson or (progress is not None and puzzle.id not in progress.states)
        streak.record(("lesson:" if in_lesson else "practice:") + puzzle.id, verdict.correct, first_try)
    if verdict is not None and progress is not None and puzzle.lesson is not None:
        progress.record(puzzle.id, verdict.correct)
    if is_fragment_request():
        context["oob"] = True
        response: Response = current_app.make_response(render(template, blocks=("feedback", "steps"),
                                                               **context))
    else:
        query = urlencode(answer.fields) if answer is not None else "answer=incomplete"
        response = redirect(f"{url}?{query}#feedback", code=303)
    if progress is not None and puzzle.lesson is not None:
        save_progress(response, puzzle.game, progress)
    if streak is not None:
        response.set_cookie(streak_cookie_name(puzzle.game), streak.dump(), max_age=MAX_AGE, path="/",
                            samesite="Lax", httponly=True, secure=request.is_secure)
        response.cache_control.private = True
    return response


def streak_of(game: str) -> Streak:
    return Streak.parse(request.cookies.get(streak_cookie_name(game)))


def puzzle_context(puzzle: Puzzle, answer: Answer | None, verdict: Verdict | None,
                   incomplete: bool, url: str) -> dict[str, Any]:
    selected = set(answer.indices) if answer is not None else set()
    ctx: dict[str, Any] = {
        "puzzle": puzzle, "answer": answer, "verdict": verdict, "incomplete": incomplete,
        "selected": selected, "retry_url": url, "hint": feedback.hint(puzzle),
        "prompt": feedback.prompt(puzzle), "situation": feedback.situation(puzzle),
        "oob": False,
    }
    if verdict is not None and answer is not None:
        ctx.update(
            headline=feedback.headline(puzzle, verdict.correct),
            explanation=feedback.explanation(puzzle, answer, verdict),
            beaters=feedback.beaters(puzzle),
            settlement_rows=feedback.settlement_rows(puzzle),
        )
    return ctx


def next_url(c: Course, lesson: Lesson, step: int) -> str:
    if step < len(lesson.steps):
        return url_for("puzzles.step", game=c.game, lesson_id=lesson.id, step=step + 1)
    following = [x for x in c.lessons if x.number == lesson.number + 1]
    if following:
        return url_for("puzzles.step", game=c.game, lesson_id=following[0].id, step=1)
    return url_for("puzzles.index", game=c.game)


# -- template globals --------------------------------------------------------------------------

LEVEL_NAMES = {
    "easy": lazy_pgettext("difficulty", "Easy"),
    "medium": lazy_pgettext("difficulty", "Medium"),
    "hard": lazy_pgettext("difficulty", "Hard"),
}
@bp.app_template_global()
def puzzle_streak(game: str) -> Streak:
    """This browser's first tries and streak for ``game`` (its cookie: the cached pages that show
    it are kept per cookies)."""
    return streak_of(game)


@bp.app_template_global()
def lesson_text(text: Text) -> Markup:
    return render_text(text)


@bp.app_template_global()
def seat_name(game: str, seat: int | str) -> str:
    return feedback.seat_name(game, seat)


@bp.app_template_global()
def seat_names(game: str) -> list[str]:
    return feedback.seat_names(game)


@bp.app_template_global()
def ladder_ranks(game: str, ladder: str) -> tuple[tuple[str, ...], ...]:
    return game_puzzles(game).ladders[ladder]


@bp.app_template_global()
def level_name(level: str) -> str:
    return str(LEVEL_NAMES[level])


@bp.app_template_global()
def level_description(game: str, level: str) -> str:
    """What a practice level holds, in the game's own words (its room's ``practice``)."""
    return game_puzzles(game).practice.level_description(level)
