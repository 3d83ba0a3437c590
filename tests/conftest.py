"""Every test's limits on a loaded machine (docs/architecture.md, "Tests under load"):

- ``browser`` (pytest-playwright's, for tests/e2e and tests/deploy): each of its contexts waits up
  to ``scripts.patience.PATIENT`` (actions, navigations, ``wait_for_*``, ``expect``), however the
  test opens it (the ``page`` fixture or its own ``browser.new_context(...)``): a test passes no
  ``timeout=`` of its own.
- a test's whole budget (pytest-timeout): pyproject's ``timeout`` (300 s), and ``BROWSER_BUDGET``
  for a test that drives a browser; both scaled by ``PAIYOU_TEST_PATIENCE``. A test's own
  ``@pytest.mark.timeout``, ``--timeout`` or ``PYTEST_TIMEOUT`` wins.

And one clock far from midnight: ``time.time`` in the test process (the tests and the in-process
servers) reads 01:00 UTC of the run's day at its start and moves at the real pace, so no run
straddles a day's close (a deal of day D started before midnight, "tomorrow" collected as a
parameter): a run that began at 23:13 once failed at 00:00 when tomorrow became today.
"""
from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from scripts.patience import SCALE, patient_browser

# A whole deal with JavaScript (test_a_whole_deal_with_javascript[chromium-en-chuo-pai-3]) took 37 s
# on a quiet 2-core machine, 54 s at load ~8, 190 s at load ~17 and 317 s with its own process
# niced under a load of ~10 (a share like load 40): CPU-bound in chromium and in the server's
# thread, it grows with the load past 300 s.
BROWSER_BUDGET = 900.0


DAY = 86_400.0
CLOCK_READS_AT_START = 3_600.0  # 01:00 UTC: 23 hours before the day closes

_real_time = time.time


def _clock_far_from_midnight(offset: float) -> float:
    return _real_time() + offset


def pytest_configure(config: pytest.Config) -> None:
    """Before collection (a parameter may name tomorrow): the clock's shift (module docstring)."""
    now = _real_time()
    offset = now - now % DAY + CLOCK_READS_AT_START - now
    time.time = lambda: _clock_far_from_midnight(offset)


def pytest_unconfigure(config: pytest.Config) -> None:
    time.time = _real_time


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Iterator[Browser]:
    yield patient_browser(browser)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("timeout"):
        return  # pytest-timeout left out (-p no:timeout)
    if config.getoption("timeout") is not None or os.environ.get("PYTEST_TIMEOUT"):
        return  # chosen for this run
    default = float(config.getini("timeout") or 0)
    if not default:
        return  # no limit at all
    for item in items:
        if item.get_closest_marker("timeout") is not None:
            continue
        budget = BROWSER_BUDGET if "browser" in getattr(item, "fixturenames", ()) else default
        if budget != default or SCALE != 1:
            item.add_marker(pytest.mark.timeout(budget * SCALE))
