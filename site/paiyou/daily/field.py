"""What the field played (docs/daily.md, "What the field played"): at each of a daily deal's
decisions, how many counted players reached the same position and the share of each action they
chose there.

The counts are the store's, added as results arrive (``DailyStore.field_counts``: one statement
for every decision of the deal, by the primary key), never a scan of the results. The deal's own
decisions (``engine.daily.decisions``: a replay of its record) depend only on the finished record,
so they are kept per deal in a small per-process cache: stepping through the review or polling the
result replays the deal once.

**Before the reveal**, the player who finished the day's deal sees it with their result: every
action counted at a position they were in is a legal action of that position, made of tiles of
their own hand there, which they saw; the shares say what other players chose, not what anyone
held. The seed, the salt and the other seats' tiles appear nowhere in it.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from engine.daily import decisions
from paiyou.analysis.review import ReviewAction, action_model
from paiyou.deals.daily_mark import mark
from paiyou.deals.game import Game
from paiyou.store.daily import DailyStore
from paiyou.store.games import GameStore
from paiyou.tables.template_globals import percent

CACHE_SIZE = 512  # finished deals' decisions: a few KiB each


@dataclass(frozen=True, slots=True)
class Choice:
    """An action played at a position: how many counted players chose it, its share of those who
    reached the position (localized, and as a bar's width in percent), and whether it was yours."""

    action: ReviewAction
    players: int
    share: str
    width: float
    yours: bool


@dataclass(frozen=True, slots=True)
class FieldDecision:
    """One of your decisions: its ``number`` (1, 2 …), the review ``step`` your move leads to (where
    the review judges it), how many counted players ``reached`` the position, and their choices,
    most played first (yours among them even when it was not counted)."""

    number: int
    step: int
    reached: int
    choices: tuple[Choice, ...]


_cache: OrderedDict[str, tuple[tuple[int, str, str], ...]] = OrderedDict()
_lock = threading.Lock()


def _decisions_of(game: Game) -> tuple[tuple[int, str, str], ...]:
    """(step, position, action) of the deal's human seat's decisions, cached per finished deal."""
    with _lock:
        if game.id in _cache:
            _cache.move_to_end(game.id)
            return _cache[game.id]
    found = tuple((d.step, d.position, d.action) for d in decisions(game.stored.record, game.stored.seat))
    with _lock:
        _cache[game.id] = found
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return found


def field_of(store: GameStore, game: Game) -> list[FieldDecision] | None:
    """What the field played at each of the deal's decisions; None for a deal that is not a finished
    daily deal."""
    daily = mark(game.stored.meta)
    if daily is None or not game.is_over:
        return None
    mine = _decisions_of(game)
    counts = DailyStore(store).field_counts(daily.game, daily.day.isoformat(), [p for _, p, _ in mine])
    found = []
    for number, (step, position, chosen) in enumerate(mine, start=1):
        played = dict(counts.get(position, {}))
        played.setdefault(chosen, 0)  # an uncounted result (a second try): still your choice
        reached = sum(played.values())
        ordered = sorted(played.items(), key=lambda pair: (-pair[1], pair[0]))
        choices = tuple(Choice(action_model(json.loads(action)), players,
                               percent(players / reached if reached else 0.0),
                               round(100 * players / reached, 1) if reached else 0.0, action == chosen)
                        for action, players in ordered)
        found.append(FieldDecision(number, step + 1, reached, choices))
    return found


def at_step(field: list[FieldDecision] | None, step: int) -> FieldDecision | None:
    """The decision the review shows at ``step`` (the step your move led to), or None."""
    return next((d for d in field or () if d.step == step), None)


__all__ = ["Choice", "FieldDecision", "field_of", "at_step", "CACHE_SIZE"]
