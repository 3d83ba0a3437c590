"""What the puzzle routes share (``paiyou.views.puzzles``): a game's course, this browser's
progress and streak (their cookies), a lesson or a 404, and the answer to a puzzle — the puzzle
with its feedback on a GET, and on a POST the answer checked and recorded, then the feedback
fragment (htmx) or a redirect to the GET that shows the same result. Every verdict comes from the
engine (``paiyou.puzzles.checking``)."""
from __future__ import annotations

from urllib.parse import urlencode, urlsplit

from flask import abort, current_app, redirect, request, url_for
from werkzeug.wrappers import Response

from paiyou.puzzles import feedback
from paiyou.puzzles.checking import Answer, Verdict, check, read_answer
from paiyou.puzzles.loading import Course, load_course
from paiyou.puzzles.model import Lesson, Puzzle
from paiyou.puzzles.progress import MAX_AGE, Progress, Streak, cookie_name, streak_cookie_name
from paiyou.web.htmx import is_fragment_request, render_context


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


# -- answering ---------------------------------------------------------------------------------

def answer_puzzle(puzzle: Puzzle, template: str, url: str, context: dict[str, object],
                  progress: Progress | None) -> Response | str:
    """GET: the puzzle, with the feedback when the query holds an answer. POST: check, record,
    then the fragment (htmx) or a redirect to the GET that shows the same result."""
    form = request.form if request.method == "POST" else request.args
    answer = read_answer(puzzle, form)
    incomplete = answer is None and "answer" in form
    verdict = check(puzzle, answer) if answer is not None else None
    context.update(puzzle_context(puzzle, answer, verdict, incomplete, url))
    if request.method == "GET":
        return render_context(template, context)
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
        response: Response = current_app.make_response(render_context(template, context,
                                                                       ("feedback", "steps")))
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
                   incomplete: bool, url: str) -> dict[str, object]:
    selected = set(answer.indices) if answer is not None else set()
    ctx: dict[str, object] = {
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
