"""What the daily deal's pages show (``paiyou.views.daily``; templates ``daily/``).

The browser's player is a progress key kept in an HttpOnly cookie (``PLAYER_COOKIE``), made by the
first start: the same identity the API's ``"player"`` is, so a key given to the API plays from the
same history. Each model is built from the store and ``paiyou.daily.service``; dates, durations
and numbers are in the reader's locale (Babel) and digits.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from babel import Locale
from babel.dates import format_timedelta
from flask import Flask, request, url_for
from flask_babel import get_locale
from werkzeug.wrappers import Response

from engine.daily import closes_at, is_revealed, today
from engine.field import Bin
from paiyou.daily import board as day_board
from paiyou.daily.answers import long_date, share_marks, share_text
from paiyou.daily.day_field import DayField, day_fields
from paiyou.daily.secret import ring
from paiyou.daily.service import (
    Result,
    against,
    kept_par,
    par,
    players,
    recorded,
    rounds_of,
    rounds_won,
    standing_of,
    todays_deal,
)
from paiyou.deals.game import Game, GameNotFound
from paiyou.deals.seating import NAME_MAX
from paiyou.deals.service import load
from paiyou.i18n.numerals import format_number, to_native_digits
from paiyou.store.daily import KEY_PATTERN, BoardEntry, DailyResult, DailyStore
from paiyou.store.databases import current_store
from paiyou.tables.template_globals import percent

PLAYER_COOKIE = "paiyou_daily"
PLAYER_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
BOARD_SIZE = day_board.BOARD_SIZE
CHART_WIDTH, CHART_HEIGHT, CHART_GAP = 320, 100, 2
MIN_SLOTS = 10  # the chart's width in bars at least: few bins stay narrow


def progress_key() -> str | None:
    """This browser's progress key (its cookie), when it has a well-formed one."""
    key = request.cookies.get(PLAYER_COOKIE, "")
    return key if KEY_PATTERN.fullmatch(key) else None


def browser_player() -> str | None:
    """The player whose progress key this browser keeps, or None (no key, or one replaced)."""
    key = progress_key()
    return DailyStore(current_store()).player_for_key(key) if key is not None else None


def keep_progress_key(response: Response, key: str) -> None:
    response.set_cookie(PLAYER_COOKIE, key, max_age=PLAYER_MAX_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")


def time_left(now: float | None = None) -> str:
    """The time until today's close, in the reader's words and digits ("5 hours")."""
    moment = time.time() if now is None else now
    left = closes_at(today(moment)) - datetime.fromtimestamp(moment, UTC)
    return _left_words(int(left.total_seconds()), get_locale())


@lru_cache(maxsize=1024)  # to the second: the requests of one second in one language share it
def _left_words(seconds: int, locale: Locale | None) -> str:
    return to_native_digits(format_timedelta(timedelta(seconds=seconds), granularity="minute", threshold=1.0,
                                             locale=locale), locale)


@dataclass(frozen=True, slots=True)
class DayCard:
    """Today's deal of one game, as the home page, the index and the day's page show it."""

    game: str
    date: str  # the long date, localized
    iso_date: str
    commitment: str
    players: int
    time_left: str


def day_card(game: str, field: int | None = None) -> DayCard:
    """Today's card; ``field``: how many finished today's deal, when read already."""
    deal = todays_deal(ring(), game)
    return DayCard(game, long_date(deal.day), deal.day.isoformat(), deal.commitment,
                   players(current_store(), game, deal.day) if field is None else field, time_left())


def attempt_today(game: str, player: str | None) -> Game | None:
    """The deal of the player's attempt of today (None: no player, no attempt, or pruned)."""
    if player is None:
        return None
    found = DailyStore(current_store()).attempt(game, today().isoformat(), player)
    if found is None:
        return None
    try:
        return load(current_store(), found[0], game)
    except GameNotFound:
        return None


# -- the result -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Bar:
    """A bin of the distribution as the chart draws it (SVG user units)."""

    x: float
    y: float
    width: float
    height: float
    low: int
    high: int
    players: int
    yours: bool


def bars(bins: tuple[Bin, ...]) -> tuple[Bar, ...]:
    """The chart's bars: heights relative to the fullest bin; a bar is never wider than a tenth of
    the chart (a field of one score is a bar, not a wall), the bars centred."""
    if not bins:
        return ()
    width = CHART_WIDTH / max(len(bins), MIN_SLOTS)
    start = (CHART_WIDTH - width * len(bins)) / 2
    tallest = max(b.players for b in bins) or 1
    found = []
    for i, b in enumerate(bins):
        height = round(b.players / tallest * (CHART_HEIGHT - 4), 2)
        found.append(Bar(round(start + i * width + CHART_GAP / 2, 2), round(CHART_HEIGHT - height, 2),
                         round(width - CHART_GAP, 2), height, b.low, b.high, b.players, b.yours))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ResultPanel:
    deal_id: str
    result: Result
    matchpoints: str
    percentile: str
    share: str
    bars: tuple[Bar, ...]
    board: tuple[day_board.Row, ...]
    final: bool  # the day is revealed: the field no longer changes (no live updates)
    more: bool  # the leaderboard has more pages than its top
    name: str | None  # the player's leaderboard name
    field: int  # the day's counted results, as read with the rest (the day's card shows it)
    name_max: int = NAME_MAX
    chart_width: int = CHART_WIDTH
    chart_height: int = CHART_HEIGHT
    # this panel with the reader's own values left out, kept per field (``_panel_of``); None when
    # built directly. Set only with the panel it was made from: ``kept`` keys its page on it.
    everyone: Everyone | None = dataclasses.field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True, eq=False)
class Everyone:
    """A result panel as everyone in its state sees it: ``panel`` with the reader's own values left
    out (deal id "", name None, no rounds, the share text without its marks), its hash taken once
    (``kept`` keys its pages on it: hashing the top 50 per request was a twentieth of the page)."""

    panel: ResultPanel
    digest: int

    def __hash__(self) -> int:
        return self.digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Everyone) and (
            self.panel is other.panel or (self.digest == other.digest and self.panel == other.panel))


def result_panel(game: Game) -> ResultPanel | None:
    """The result of a finished daily deal against the field, or None when none was recorded:
    the day's score counts read once (the standing, the ranks of the top 50 and the field's
    size), the top 50's names and the reader's in one read."""
    store = current_store()
    found = recorded(store, game)
    if found is None:
        return None
    days = DailyStore(store)
    counts = days.score_counts(found.game, found.day)
    result = standing_of(store, game, found, counts)
    entries = days.leaderboard(result.game, result.day.isoformat(), BOARD_SIZE, counts=counts)
    names = days.names([entry.result.player for entry in entries] + [found.player])
    return _panel(game.id, result, counts, entries, names, names.get(found.player))


def _panel(deal_id: str, result: Result, counts: Sequence[tuple[int, int]], entries: Sequence[BoardEntry],
           names: Mapping[str, str], name: str | None) -> ResultPanel:
    top = tuple(day_board.Row(e.rank, e.result.score, names.get(e.result.player), e.result.deal_id == deal_id)
                for e in entries)
    return ResultPanel(deal_id, result, percent(result.matchpoints / 100, decimals=1),
                       format_number(round(result.percentile, 1)), share_text(result), bars(result.distribution), top,
                       is_revealed(result.day), result.players > BOARD_SIZE, name, sum(n for _, n in counts))


@dataclass(frozen=True, slots=True)
class TodaysPage:
    """What the day's page shows this reader (``todays_page``): the day's ``card``, the reader's
    ``attempt`` (its id and whether it is over; None: a visitor) and its result's ``panel``."""

    card: DayCard
    attempt: AttemptShown | None
    panel: ResultPanel | None


@dataclass(frozen=True, slots=True)
class AttemptShown:
    """What the day's page shows of the reader's deal: its id (in the table's link) and whether it
    is over (``Game``'s two attributes the template reads)."""

    id: str
    is_over: bool


def todays_page(game: str) -> TodaysPage:
    """The day's page's model for this browser's reader. One statement when the field has not
    changed since this process last read it: the reader's state (progress key → attempt → result,
    the name, the day's generations); the field (counts, top 50, names) is kept per generation
    (``paiyou.daily.day_field``). The deal is read only while it is unfinished (or for a result
    recorded before its rounds were kept, or when this process has not yet the day's par)."""
    store = current_store()
    days = DailyStore(store)
    deal = todays_deal(ring(), game)
    day = deal.day.isoformat()
    state = days.reader_state(game, day, progress_key())
    field = day_fields().field(days, game, day, state.generations)
    card = DayCard(game, long_date(deal.day), day, deal.commitment, field.players, time_left())
    if state.deal_id is None:
        return TodaysPage(card, None, None)
    if state.result is not None:
        known = kept_par(game, day)
        if state.rounds is not None and known is not None:
            panel = _panel_of(state.result, field, known, rounds_of(state.rounds), state.name)
            return TodaysPage(card, AttemptShown(state.deal_id, True), panel)
    try:
        loaded = load(store, state.deal_id, game)
    except GameNotFound:
        return TodaysPage(card, None, None)
    if state.result is None or not loaded.is_over:
        return TodaysPage(card, AttemptShown(loaded.id, loaded.is_over), None)
    panel = _panel_of(state.result, field, par(loaded), rounds_won(loaded.view()), state.name)
    return TodaysPage(card, AttemptShown(loaded.id, True), panel)


def _panel_of(found: DailyResult, field: DayField, par_score: int, rounds: tuple[bool, ...],
              name: str | None) -> ResultPanel:
    """The reader's panel: what everyone in the same state sees is formatted once per field and
    kept with it (``DayField.shown``), under all it is made of besides the field — the language,
    the score, counted or not, the par, the reader's row in the top 50 and whether the day is
    revealed —; only the reader's own values are put in per request."""
    yours = next((i for i, entry in enumerate(field.top) if entry.result.deal_id == found.deal_id), -1)
    key = (str(get_locale()), found.score, found.counted, par_score, yours, is_revealed(date.fromisoformat(found.day)))
    found_shared = field.shown.get(key)
    shared = found_shared if isinstance(found_shared, Everyone) else None
    if shared is None:
        built = _panel(found.deal_id, against(found, field.counts, par_score, ()), field.counts, field.top,
                       field.names, None)
        everyone = replace(built, deal_id="", share=share_text(built.result, marks=False))
        shared = Everyone(everyone, hash(everyone))
        field.keep_shown(key, shared)
    base = shared.panel
    return replace(base, deal_id=found.deal_id, result=replace(base.result, rounds=rounds),
                   share=base.share + share_marks(rounds), name=name, everyone=shared)


def daily_result_url(game: str, game_id: str) -> str | None:
    """Where a finished daily deal whose result is recorded shows it against the field (the
    table's link), else None: one read by the results' primary key. A counted result, or any of a
    day still secret: the day's page; an uncounted one of a revealed day (archive practice): its
    own result page."""
    found = DailyStore(current_store()).result(game_id)
    if found is None or found.game != game:
        return None
    if not found.counted and is_revealed(date.fromisoformat(found.day)):
        return url_for("daily_mine.result", game=game, day=found.day, game_id=game_id)
    return url_for("daily.day", game=game)


def init_app(app: Flask) -> None:
    app.add_template_global(daily_result_url)


__all__ = ["PLAYER_COOKIE", "progress_key", "browser_player", "keep_progress_key", "time_left", "DayCard",
           "day_card", "attempt_today", "Bar", "bars", "ResultPanel", "result_panel", "CHART_WIDTH",
           "CHART_HEIGHT", "daily_result_url", "init_app", "TodaysPage", "AttemptShown", "todays_page",
           "Everyone"]
