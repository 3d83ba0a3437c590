"""The puzzle pages' template helpers: this browser's streak, a lesson's text, seats' names, a
ladder's ranks, and a practice level's name and description (in the game's own words)."""
from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask_babel import lazy_pgettext
from markupsafe import Markup

from paiyou.content.model import Text
from paiyou.puzzles import feedback
from paiyou.puzzles.kinds import game_puzzles
from paiyou.puzzles.pages import streak_of
from paiyou.puzzles.progress import Streak
from paiyou.puzzles.texts import render_text

LEVEL_NAMES = {
    "easy": lazy_pgettext("difficulty", "Easy"),
    "medium": lazy_pgettext("difficulty", "Medium"),
    "hard": lazy_pgettext("difficulty", "Hard"),
}


def puzzle_streak(game: str) -> Streak:
    """This browser's first tries and streak for ``game`` (its cookie: the cached pages that show
    it are kept per cookies)."""
    return streak_of(game)


def lesson_text(text: Text) -> Markup:
    return render_text(text)


def seat_name(game: str, seat: int | str) -> str:
    return feedback.seat_name(game, seat)


def seat_names(game: str) -> list[str]:
    return feedback.seat_names(game)


def ladder_ranks(game: str, ladder: str) -> tuple[tuple[str, ...], ...]:
    return game_puzzles(game).ladders[ladder]


def level_name(level: str) -> str:
    return str(LEVEL_NAMES[level])


def level_description(game: str, level: str) -> str:
    """What a practice level holds, in the game's own words (its room's ``practice``)."""
    return game_puzzles(game).practice.level_description(level)


GLOBALS: tuple[Callable[..., object], ...] = (puzzle_streak, lesson_text, seat_name, seat_names, ladder_ranks,
                                             level_name, level_description)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update({f.__name__: f for f in GLOBALS})
