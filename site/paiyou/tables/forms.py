"""What the table's forms send: the move (the checked tiles and the button pressed, or a "plays
you may make" button), the ``version`` of the table it was made on and the ``seen`` count of log
events the page showed. Nothing read here is trusted: tile keys are the engine's, numbers
bounded, and the move is judged by the engine."""
from __future__ import annotations

from collections.abc import Sequence

from flask import request

from engine.tiles import TILE_BY_KEY

MAX_SELECTED = 40  # tiles a form may name (a hand holds far fewer)


def tile_keys(values: Sequence[str]) -> list[str]:
    """The values that are tile keys, at most ``MAX_SELECTED``."""
    return [k for k in values if k in TILE_BY_KEY][:MAX_SELECTED]


def form_action() -> tuple[str, bool, list[str]] | None:
    """(tiles, face_up, selected keys) from the table form, None when a play button was pressed
    with nothing selected (never taken as a pass). A "plays you may make" button sends ``quick``
    (``"6-6 6-6"``); otherwise the checked tiles with the Play / Pass (Chuo Pai) or Face up /
    Face down (Tien Gow) button."""
    selected = tile_keys(request.form.getlist("tile"))
    quick = request.form.get("quick")
    move = request.form.get("move", "")
    if quick is not None:
        return quick, True, selected
    if move == "pass":
        return "", True, selected
    if not selected:
        return None
    return " ".join(selected), move != "down", selected


def version() -> int | None:
    """The table version the form was made on; None when absent or malformed."""
    return _whole_number("version", max_digits=9)


def seen() -> int | None:
    """How many log events the page that sent this request showed (its ``seen`` field, or the
    query's on a live refresh of the table): what is new since then is announced and animated.
    None when absent or malformed."""
    return _whole_number("seen", max_digits=5, query_too=True)


def _whole_number(field: str, max_digits: int, query_too: bool = False) -> int | None:
    text = (request.values if query_too else request.form).get(field, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= max_digits else None
