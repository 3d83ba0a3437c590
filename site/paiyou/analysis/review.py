"""The analysis as the review draws it (``review_model``): the state and progress of the job, and
once it is done the summary, the grade of each of the seat's moves and the decision at a step."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TypedDict

from engine.analysis import GRADES
from engine.spec import AnyDeal as Deal
from engine.tiles import tile
from paiyou.analysis.jobs import Status
from paiyou.store.schema import DONE
from paiyou.tables.presenter import table_of

# An action as the review draws it (``action_model``).
ReviewAction = TypedDict("ReviewAction", {"tiles": list[str], "pass": bool, "face_up": bool})


def action_model(action: Mapping[str, object]) -> ReviewAction:
    """An action as the review draws it: tile keys, a pass, face up or down."""
    tiles = str(action.get("tiles", "")).split()
    return {"tiles": tiles, "pass": not tiles, "face_up": action.get("face_up", True) is not False}


def _tile_keys(action: Mapping[str, object]) -> list[str]:
    """An action's tiles as the hand's keys (the engine's ``Tile.key``)."""
    return [tile(t).key for t in str(action.get("tiles", "")).split()]


def _position(game: str, state: Deal, seat: int, played: Mapping[str, object],
              best: Mapping[str, object]) -> dict[str, object]:
    """The position a decision was taken in, from the seat's view at that state: the play to
    beat (``current``: seat and tiles, None when the seat leads) and the hand, each tile marked
    ``played`` and/or ``best`` when it is one of the move's tiles (a copy for each tile the move
    takes: of two 4-4 in hand, a move with one 4-4 marks one)."""
    view = state.view(seat)
    left = {"played": Counter(_tile_keys(played)), "best": Counter(_tile_keys(best))}
    hand = []
    for t in view.hand:
        item = {"key": t.key, "played": False, "best": False}
        for which, counts in left.items():
            if counts[t.key] > 0:
                counts[t.key] -= 1
                item[which] = True
        hand.append(item)
    return {"current": table_of(game).current(view), "hand": hand}


def review_model(found: Status, step: int, game: str | None = None, states: Sequence[Deal] = (),
                 seat: int = 0) -> dict[str, object]:
    """What the review page draws of the analysis at ``step`` (the review's step n is the state
    after n actions, and the move list's entry n is action n, which leads to it): the state and
    progress; once done, the summary (accuracy, counts per grade in order, the duplicate) and

    - ``marks``: the grade of each of the seat's moves, on the step it leads to. A decision taken
      at state n (``Decision.step``) is action n + 1: its mark is on entry n + 1 of the move list,
      as a chess site marks the judged move itself;
    - ``at``: the decision whose move leads to ``step`` (selecting the marked move shows its
      judgement): the move played, the best, the figures (with their margins, when stored),
      whether the grade is ``close`` and, given the ``game``, the deal's
      ``states`` and the analysed ``seat``, ``position``: the hand and the play to beat *before* the move, the
      position the decision was taken in (``_position``);
    - ``ahead``: at the state a decision was taken in (the seat to play), its grade and the step
      its move leads to (a pointer to the judgement one step on)."""
    percent = round(100 * found.done / found.total) if found.total else 0
    model: dict[str, object] = {"state": found.state, "waiting": found.waiting, "done": found.done,
                             "total": found.total, "percent": percent, "marks": {}, "at": None, "ahead": None}
    result = found.result
    if found.state != DONE or result is None:
        return model
    marks: dict[int, str] = {}
    at = ahead = None
    decisions = result.get("decisions")
    for d in decisions if isinstance(decisions, list) else []:
        taken = int(d["step"])
        marks[taken + 1] = str(d["grade"])
        if taken + 1 == step:
            # "close" is absent from analyses stored before issue 48: not flagged
            at = {"grade": d["grade"], "played": action_model(d["played"]), "best": action_model(d["best"]),
                  "same": d["played"] == d["best"], "figures": d["figures"], "close": bool(d.get("close")),
                  "position": None}
            if game is not None and 0 <= taken < len(states):
                at["position"] = _position(game, states[taken], seat, d["played"], d["best"])
        if taken == step:
            ahead = {"grade": d["grade"], "step": taken + 1}
    counts = result.get("counts")
    counts = counts if isinstance(counts, dict) else {}
    model.update(accuracy=result.get("accuracy"), level=result.get("level"),
                 counts=[(g, int(counts.get(g, 0))) for g in GRADES], graded=len(marks),
                 duplicate=result.get("duplicate"), marks=marks, at=at, ahead=ahead)
    return model
