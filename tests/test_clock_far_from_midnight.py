"""The suite's clock (tests/conftest.py): it reads 01:00 UTC at the start of a run and moves, so a
run begun at 23:59 still sees one day to its end."""
from __future__ import annotations

import time

from engine.daily import closes_at, today

HOURS = 3_600.0


def test_the_suites_clock_is_hours_before_the_days_close() -> None:
    moment = time.time()
    assert HOURS <= moment % 86_400 < 12 * HOURS  # no run lasts eleven hours
    assert closes_at(today()).timestamp() - moment > 12 * HOURS


def test_the_suites_clock_moves() -> None:
    first = time.time()
    deadline = time.monotonic() + 30
    while time.time() == first and time.monotonic() < deadline:
        pass
    assert time.time() > first
