"""The labels of the controls (buttons, toggles, links drawn as buttons): the one place each is
written.

A control is drawn with ``control(name)`` (a template global) and a message that names it takes
its label through a placeholder of the same name, filled by the same call::

    pgettext("play", "… you press %(pass_button)s yourself.", pass_button=control("pass_button"))

so a sentence can never quote a label that differs from the button (the translation puts the
quote marks its language uses around the placeholder). ``tests/site/test_controls.py`` holds
both: no message of any catalog quotes a label literally, and every placeholder named
``*_button`` is filled with the label of the control of that name.

The labels belong to two catalog domains (``play``, ``puzzles``); ``extract_controls`` is the
Babel extractor that gives each domain its own (``translations/<domain>.cfg``, option
``domain``). This module imports Flask-Babel only to translate at request time.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import IO

from flask_babel import pgettext


@dataclass(frozen=True, slots=True)
class Control:
    """A control's label: its catalog ``domain``, gettext ``context`` and English ``label``."""

    domain: str
    context: str
    label: str


def _play(label: str) -> Control:
    return Control("play", "play", label)


def _puzzles(label: str) -> Control:
    return Control("puzzles", "puzzles", label)


CONTROLS: dict[str, Control] = {
    # the play table (templates/play/, templates/games/<game>/play_controls.html)
    "play_button": _play("Play"),
    "pass_button": _play("Pass"),
    "face_up_button": _play("Face up"),
    "face_down_button": _play("Face down"),
    "hint_button": _play("Hint"),
    "skip_button": _play("Skip to your turn"),
    "new_deal_button": _play("New deal"),
    "next_deal_button": _play("Next deal of the match"),
    "follow_next_deal_button": _play("Go to the next deal"),  # a friends' table: dealt by another seat
    "review_button": _play("Review the deal face up"),
    "download_button": _play("Download the deal record"),
    "auto_pass_on_button": _play("Turn on automatic passing"),
    "auto_pass_off_button": _play("Turn off automatic passing"),
    "reset_stats_button": _play("Reset"),
    "confirm_new_button": _play("Start a new deal"),
    "replay_button": _play("Review it"),
    "shuffle_check_button": _play("Check it in this browser"),
    "practise_mistakes_button": _play("Practise your mistakes and blunders as puzzles"),
    # a table with friends (templates/play/_friends.html, start.html, join.html)
    "invite_friends_button": _play("Set up the table"),
    "take_seat_button": _play("Take a seat"),
    "copy_link_button": _play("Copy the link"),
    "new_link_button": _play("Make a new link"),
    "stop_link_button": _play("Withdraw the link"),
    "give_to_computer_button": _play("Give this seat to the computer"),
    "save_name_button": _play("Save the name"),
    "leave_table_button": _play("Leave the table"),
    "return_seat_button": _play("Take your seat back"),
    "refresh_button": _play("Refresh the table"),
    "time_up_button": _play("Let the computer move"),
    # a table with friends waiting for the computer: one move now (the seated pages with JavaScript
    # ask for it by themselves after the pause); the same words as the timer's, the same act
    "computer_move_button": _play("Let the computer move"),
    # lessons and practice (templates/puzzles/, templates/games/<game>/puzzles_*.html)
    "check_button": _puzzles("Check"),
    "puzzle_hint_button": _puzzles("Hint"),
    "play_cards_button": _puzzles("Play the selected cards"),
    "puzzle_pass_button": _puzzles("Pass"),
    "to_pile_button": _puzzles("The selected cards go to the pile"),
    "nothing_moves_button": _puzzles("Nothing moves"),
    "play_face_up_button": _puzzles("Play the selected tiles face up"),
    "discard_button": _puzzles("Discard face down"),
    "beats_button": _puzzles("It beats"),
    "does_not_beat_button": _puzzles("It does not beat"),
    "legal_play_button": _puzzles("It is a legal play"),
    "not_a_play_button": _puzzles("It is not a play at all"),
    "face_up_ok_button": _puzzles("It can go face up"),
    "face_up_not_ok_button": _puzzles("It cannot go face up"),
    "legal_set_button": _puzzles("It is a legal set"),
    "not_a_set_button": _puzzles("It is not a set at all"),
    "reset_lesson_button": _puzzles("Reset this lesson"),
}


def control(name: str) -> str:
    """The label of the control ``name`` in the page's language (KeyError for an unknown name)."""
    c = CONTROLS[name]
    return str(pgettext(c.context, c.label))


def extract_controls(fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: Collection[str],
                     options: Mapping[str, object]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor: the labels of the domain named by the mapping's option ``domain``."""
    domain = options.get("domain", "")
    for number, c in enumerate(CONTROLS.values(), start=1):
        if c.domain == domain:
            yield number, "pgettext", (c.context, c.label), []
