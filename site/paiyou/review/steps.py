"""The review of a finished deal, face up: one state per action (``replay_steps`` of the engine),
each seat drawn from its own view so every hand and every face-down tile shows. Only ever built
from a finished deal's record or from a record the visitor sent (never for a deal in progress).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from engine.games import game as game_rules
from engine.spec import AnyDeal as Deal
from engine.spec import AnySeatView as SeatView
from paiyou.deals.log import Event, events
from paiyou.tables.presenter import Current, Result, Seat, table_of
from paiyou.tables.table import keys, option_words


class ReviewSeat(Seat):
    """A seat as the review draws it: its own view's panel, and its hand face up."""

    hand: list[str]


class MoveEntry(TypedDict):
    step: int  # the step the action leads to
    event: Event


class ReviewModel(TypedDict):
    """Everything the review template draws at a step (``review_model``)."""

    game: str
    names: list[str]
    seats: list[ReviewSeat]
    step: int
    last: int
    happened: list[Event]
    log: list[Event]
    current: Current | None
    round_number: int
    is_over: bool
    result: Result | None
    seat: int | None  # the seat spoken to as "you" (None for a watcher of a table with friends)
    view: SeatView
    moves: list[MoveEntry]
    options_on: list[str]  # the words of the table options the deal was played under


def clamp_step(step_text: str | None, last: int) -> int:
    """``?step=`` as a number in 0..last (the last step when absent or malformed)."""
    if step_text is None or not step_text.isascii() or not step_text.isdigit() or len(step_text) > 6:
        return last
    return min(int(step_text), last)


def _new_events(game: str, before: Deal | None, after: Deal, seat: int) -> list[Event]:
    """What happened between two states, as the acting seat saw it (its own face-down tiles)."""
    done = len(events(before.view(seat), game)) if before is not None else 0
    return events(after.view(seat), game)[done:]


def review_model(game: str, states: Sequence[Deal], step: int, agents: Sequence[str], seat: int = 0,
                 names: Sequence[str] | None = None, watching: bool = False) -> ReviewModel:
    """Everything the review template draws at ``step`` (0: the deal as dealt), from ``seat``'s
    side (a person's own at a table with friends) with the seats' ``names``. ``watching``: for a
    watcher of a table with friends, who holds no seat, so no line speaks to "you" (the result's
    "Your net result" would be ``seat``'s)."""
    table = table_of(game)
    rules = game_rules(game)
    names = list(table.seat_names() if names is None else names)
    state = states[step]
    views = [state.view(s) for s in range(rules.seats)]
    seats: list[ReviewSeat] = []
    for s, view in enumerate(views):
        panel: ReviewSeat = {**table.seats_model(view, names, agents, {})[s],  # its own view: face up
                             "hand": keys(view.hand)}
        seats.append(panel)
    actor = states[step - 1].to_act if step else None
    # step 0: what the deal itself did (the Chuo Pai bonus, the Tien Gow banker)
    happened = _new_events(game, states[step - 1], state, actor) if actor is not None else events(views[seat], game)
    viewer = None if watching else seat
    result = table.result(views[seat], names, viewer) if state.is_over else None
    return {
        "game": game, "names": names, "seats": seats, "step": step, "last": len(states) - 1,
        "happened": happened, "log": events(views[seat], game), "current": table.current(views[seat]),
        "round_number": table.round_number(views[seat]), "is_over": state.is_over,
        "result": result, "seat": viewer, "view": views[seat], "moves": move_list(game, states),
        "options_on": option_words(game, rules.variant_of(state)),
    }


def move_list(game: str, states: Sequence[Deal]) -> list[MoveEntry]:
    """Every action of the deal with the step it leads to (``step`` n: after the n-th action), each
    as its actor saw it (its own face-down tiles show: the review is face up). The n-th move event
    of a view is action number n, in every seat's view alike."""
    if not states:
        return []
    final = states[-1]
    seats = len(final.view(0).hand_sizes)
    moves = [[e for e in events(final.view(s), game) if e.move] for s in range(seats)]
    found: list[MoveEntry] = []
    for n in range(1, len(states)):
        actor = states[n - 1].to_act
        if actor is None or n - 1 >= len(moves[actor]):  # pragma: no cover - one event per action
            break
        found.append({"step": n, "event": moves[actor][n - 1]})
    return found


def states_of(game: str, record: object) -> tuple[Deal, ...]:
    """Every state of a record (RecordError when the engine rejects it)."""
    return game_rules(game).replay_steps(record)
