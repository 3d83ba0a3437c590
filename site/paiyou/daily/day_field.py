"""A day's field as the day's page shows it — its score counts, its top 50 and their names — read
once per change of the field, not per request (docs/daily.md, "Speed").

The store numbers each change: the transaction that counts a result bumps its day's generation,
and a name set or removed bumps the names' (``paiyou.store.daily``, ``schema.DAILY_DAYS``), in any
process and on either database. Each request reads both numbers with the reader's own state (one
statement, ``DailyStore.reader_state``); the field kept here under (game, day) is used only when
it was read at exactly those numbers, else it is read again (three statements) and kept in its
place. The numbers are read before the field, so what is kept under a generation is at least as
new as it: a stale field cannot be shown.

Per process (``app.extensions``), at most ``MAX_DAYS`` (game, day) pairs, one field each — today's
and yesterday's of every game with room to spare; a field is a few KiB (one row per distinct
score, 50 results and their names).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

from flask import Flask, current_app

from paiyou.daily.board import BOARD_SIZE
from paiyou.store.daily import BoardEntry, DailyStore

EXTENSION_KEY = "paiyou.daily_fields"
MAX_DAYS = 16
MAX_SHOWN = 1024  # result panels kept per field: one per language, score, par and row of the top 50 shown


@dataclass(frozen=True, slots=True)
class DayField:
    """A day's field at ``generations`` (the day's, the names'): ``counts`` (``score_counts``), the
    ``top`` of the leaderboard and the ``names`` of its players who have one."""

    generations: tuple[int, int]
    counts: tuple[tuple[int, int], ...]
    top: tuple[BoardEntry, ...]
    names: dict[str, str]
    # the result panels formatted from this field, as everyone in their state sees them
    # (``pages.Everyone``, made by ``pages._panel_of``, which this module does not import): they go
    # with the field when its generation moves
    shown: dict[Hashable, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def players(self) -> int:
        return sum(n for _, n in self.counts)

    def keep_shown(self, key: Hashable, panel: object) -> None:
        if len(self.shown) >= MAX_SHOWN:  # a bound, not an LRU: a field lives minutes, and rebuilding is cheap
            self.shown.clear()
        self.shown[key] = panel


class DayFields:
    """The fields kept by this process: an LRU of (game, day) pairs, each at one generation."""

    def __init__(self, max_days: int = MAX_DAYS) -> None:
        self.max_days = max_days
        self.reads = 0  # fields read from the store: what the tests watch
        self._fields: OrderedDict[tuple[str, str], DayField] = OrderedDict()
        self._lock = threading.Lock()

    def field(self, days: DailyStore, game: str, day: str, generations: tuple[int, int]) -> DayField:
        """The day's field at ``generations`` (as just read from the store): kept, or read now."""
        with self._lock:
            found = self._fields.get((game, day))
            if found is not None and found.generations == generations:
                self._fields.move_to_end((game, day))
                return found
        counts = tuple(days.score_counts(game, day))
        top = tuple(days.leaderboard(game, day, BOARD_SIZE, counts=counts))
        names = days.names([entry.result.player for entry in top])
        read = DayField(generations, counts, top, names)
        with self._lock:
            self.reads += 1
            kept = self._fields.get((game, day))
            # two requests may read at once; an older generation never replaces a newer one
            if kept is None or all(old <= new for old, new in zip(kept.generations, generations, strict=True)):
                self._fields[(game, day)] = read
                self._fields.move_to_end((game, day))
            while len(self._fields) > self.max_days:
                self._fields.popitem(last=False)
        return read

    def __len__(self) -> int:
        return len(self._fields)


def day_fields() -> DayFields:
    return current_app.extensions[EXTENSION_KEY]  # type: ignore[no-any-return]


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION_KEY] = DayFields()


__all__ = ["DayField", "DayFields", "day_fields", "init_app", "MAX_DAYS", "MAX_SHOWN"]
