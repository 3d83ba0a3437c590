"""The day's leaderboard by pages, with the players' optional names (docs/daily.md, "The
leaderboard"): ``BOARD_SIZE`` rows a page, best first, ties sharing a rank
(``DailyStore.leaderboard``: the page by its index, the ranks from the score counts), one read of
the page's names.

Who may read it: anyone once the day is revealed; before that, only a player with a result of
that game's day (``may_read``): the field's scores of an open day would tell a player still to
play what score the deal allows, which the duplicate's fairness keeps from them until they finish.

Pages: ``?page=`` is a whole number from 1 (``parse_page``: anything else is ``bad-page``, 400);
a page past the last is ``page-out-of-range`` (404). An empty field has one empty page.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from engine.daily import is_revealed
from paiyou.store.daily import MAX_OFFSET, BoardEntry, DailyStore
from paiyou.store.games import GameStore

BOARD_SIZE = 50
LAST_READABLE_PAGE = MAX_OFFSET // BOARD_SIZE + 1  # the store reads no deeper
MAX_PAGE_DIGITS = 6


class BadPage(Exception):
    """``code``: ``bad-page`` (not a page number, 400) or ``page-out-of-range`` (404)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code

    @property
    def status(self) -> int:
        return 400 if self.code == "bad-page" else 404


@dataclass(frozen=True, slots=True)
class Row:
    """A leaderboard row: rank (ties share it), score, the player's name (None: anonymous), and
    whether it is the reader's own result."""

    rank: int
    score: int
    name: str | None
    yours: bool


@dataclass(frozen=True, slots=True)
class Board:
    game: str
    day: date
    page: int
    pages: int
    players: int
    rows: list[Row]

    def as_json(self) -> dict[str, object]:
        return {"game": self.game, "date": self.day.isoformat(), "page": self.page, "pages": self.pages,
                "players": self.players,
                "rows": [{"rank": r.rank, "score": r.score, "name": r.name, "yours": r.yours} for r in self.rows]}


def parse_page(text: str | None) -> int:
    """``?page=``: 1 when absent; BadPage("bad-page") unless a whole number from 1."""
    if text is None:
        return 1
    if not text.isascii() or not text.isdigit() or len(text) > MAX_PAGE_DIGITS or int(text) < 1:
        raise BadPage("bad-page")
    return int(text)


def may_read(store: GameStore, game: str, day: date, player: str | None, now: float | None = None) -> bool:
    """Whether ``player`` (None: an unknown reader) may read the day's leaderboard: anyone once it
    is revealed; before, a player with a result of the game's day (one read by an index)."""
    if is_revealed(day, now):
        return True
    if player is None:
        return False
    days = DailyStore(store)
    found = days.attempt(game, day.isoformat(), player)
    return found is not None and days.result(found[0]) is not None


def rows(store: GameStore, entries: list[BoardEntry], me: str | None) -> list[Row]:
    """Leaderboard entries as rows, with their players' names (one read for the page)."""
    names = DailyStore(store).names([e.result.player for e in entries])
    return [Row(e.rank, e.result.score, names.get(e.result.player), me is not None and e.result.player == me)
            for e in entries]


def board(store: GameStore, game: str, day: date, page: int, me: str | None = None) -> Board:
    """Page ``page`` of the day's leaderboard (BadPage("page-out-of-range") past the last); ``me``:
    the reader's player id, whose rows are marked."""
    days = DailyStore(store)
    players = sum(n for _, n in days.score_counts(game, day.isoformat()))
    pages = min(max(1, -(-players // BOARD_SIZE)), LAST_READABLE_PAGE)
    if page > pages:
        raise BadPage("page-out-of-range")
    entries = days.leaderboard(game, day.isoformat(), BOARD_SIZE, (page - 1) * BOARD_SIZE)
    return Board(game, day, page, pages, players, rows(store, entries, me))


__all__ = ["BOARD_SIZE", "BadPage", "Row", "Board", "parse_page", "may_read", "rows", "board"]
