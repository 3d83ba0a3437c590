"""Your dailies: the streak and the calendar of a player's past daily deals (``/<lang>/daily/yours``).

**The streak is per person, any listed game counting**: a day counts when the player has a counted
result of at least one game that day. A streak is about coming back each day; the site offers one
deal per game, and asking for every game each day (or keeping one streak per game) would end a
streak for playing one game instead of both. The calendar shows each game's result of each day, so
what a streak is made of stays visible.

A streak is the run of consecutive UTC days with a counted result ending today, or yesterday when
today's deal is still to be played (today is not over: not playing yet does not end it). Archive
practice never counts (its results are kept uncounted), so it never touches a streak.

**Bounded cost**: everything is read from the last ``WINDOW_DAYS`` days (today included), two
statements by the player's index (``player_results``, ``player_field_counts``): at most
``WINDOW_DAYS`` × the listed games results and their days' score counts (O(distinct scores) each).
A streak longer than the window is shown as the window's length, "at least" (the page says so).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from babel.dates import format_date, format_skeleton
from flask import url_for
from flask_babel import get_locale

from engine.daily import FIRST_DAY, is_revealed, today
from engine.field import standing
from paiyou.i18n.numerals import to_native_digits
from paiyou.store.daily import DailyResult, DailyStore
from paiyou.store.databases import current_store
from paiyou.tables.template_globals import percent

WINDOW_DAYS = 400  # the days read for the streak and the calendar


@dataclass(frozen=True, slots=True)
class Played:
    """One game's counted result of a day, as the calendar shows it."""

    game: str
    score: int
    matchpoints: str  # localized percentage
    url: str  # the day's page: the archive once revealed, else today's page


@dataclass(frozen=True, slots=True)
class DayRow:
    day: date
    label: str  # the locale's full date
    iso: str
    played: list[Played]


@dataclass(frozen=True, slots=True)
class Month:
    label: str  # the locale's month and year
    days: list[DayRow]  # newest first


@dataclass(frozen=True, slots=True)
class Mine:
    streak: int
    best: int
    played_today: bool
    at_least: bool  # the streak reaches back to the window's start: it may be longer
    days_played: int
    months: list[Month]  # newest first
    since: str  # the window's first day, localized


def streak(days: set[date], until: date) -> int:
    """Consecutive days in ``days`` ending ``until``, or the day before when ``until`` is not in
    it (today still to be played)."""
    day = until if until in days else until - timedelta(days=1)
    found = 0
    while day in days:
        found += 1
        day -= timedelta(days=1)
    return found


def best_streak(days: set[date]) -> int:
    best = 0
    for day in days:
        if day - timedelta(days=1) not in days:  # a run starts here
            length = 1
            while day + timedelta(days=length) in days:
                length += 1
            best = max(best, length)
    return best


def window(now: float | None = None) -> tuple[date, date]:
    """The days read: the last ``WINDOW_DAYS`` to today, never before the first daily."""
    last = today(now)
    return max(FIRST_DAY, last - timedelta(days=WINDOW_DAYS - 1)), last


def _played(result: DailyResult, counts: list[tuple[int, int]], now: float | None) -> Played:
    found = standing(counts, result.score, max_bins=1)
    day = date.fromisoformat(result.day)
    url = (url_for("daily_mine.archive_day", game=result.game, day=result.day) if is_revealed(day, now)
           else url_for("daily.day", game=result.game))
    return Played(result.game, result.score, percent(found.matchpoints / 100, decimals=1), url)


def mine(player: str | None, now: float | None = None) -> Mine:
    """The player's streak and calendar over the window (empty for a browser without a player)."""
    first, last = window(now)
    locale = get_locale()
    since = to_native_digits(format_date(first, format="long", locale=locale), locale)
    if player is None:
        return Mine(0, 0, False, False, 0, [], since)
    days = DailyStore(current_store())
    results = days.player_results(player, first.isoformat(), last.isoformat())
    counts = days.player_field_counts(player, first.isoformat(), last.isoformat())
    by_day: dict[date, list[Played]] = {}
    for result in results:
        by_day.setdefault(date.fromisoformat(result.day), []).append(
            _played(result, counts.get((result.game, result.day)) or [(result.score, 1)], now))
    played = set(by_day)
    current = streak(played, last)
    months: list[Month] = []
    for day in sorted(played, reverse=True):
        month = to_native_digits(format_skeleton("yMMMM", day, locale=locale), locale)
        if not months or months[-1].label != month:
            months.append(Month(month, []))
        label = to_native_digits(format_date(day, format="full", locale=locale), locale)
        months[-1].days.append(DayRow(day, label, day.isoformat(), by_day[day]))
    reaches = current > 0 and (last if last in played else last - timedelta(days=1)) - timedelta(
        days=current - 1) == first and first > FIRST_DAY
    return Mine(current, best_streak(played), last in played, reaches, len(played), months, since)


__all__ = ["WINDOW_DAYS", "Played", "DayRow", "Month", "Mine", "streak", "best_streak", "window", "mine"]
