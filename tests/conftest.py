"""Every test's limits on a loaded machine (docs/architecture.md, "Tests under load"):

- ``browser`` (pytest-playwright's, for tests/e2e and tests/deploy): each of its contexts waits up
  to ``scripts.patience.PATIENT`` (actions, navigations, ``wait_for_*``, ``expect``), however the
  test opens it (the ``page`` fixture or its own ``browser.new_context(...)``): a test passes no
  ``timeout=`` of its own.
- a test's whole budget (pytest-timeout): pyproject's ``timeout`` (300 s), and ``BROWSER_BUDGET``
  for a test that drives a browser; both scaled by ``PAIYOU_TEST_PATIENCE``. A test's own
  ``@pytest.mark.timeout``, ``--timeout`` or ``PYTEST_TIMEOUT`` wins.

And how pytest-xdist's workers share the suite (scripts/test.sh runs ``-n auto --dist loadgroup
--no-loadscope-reorder``): each file is one unit of work, so a module's fixtures are built once;
the tests of the production stack (``stack``, ``small_stack``: a gunicorn and an nginx each) are
one unit, so one worker starts them; and the files that take longest are handed out first, so no
worker is left running one of them alone at the end.
"""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from scripts.patience import SCALE, patient_browser

# A whole deal with JavaScript (test_a_whole_deal_with_javascript[chromium-en-chuo-pai-3]) took 37 s
# on a quiet 2-core machine, 54 s at load ~8, 190 s at load ~17 and 317 s with its own process
# niced under a load of ~10 (a share like load 40): CPU-bound in chromium and in the server's
# thread, it grows with the load past 300 s.
BROWSER_BUDGET = 900.0

# The files that take longest (a full run's --durations, 2026-12-07): handed to the workers first.
LONGEST_FIRST = (
    "tests/test_throwaway_game_and_language.py",
)
STACK_FIXTURES = frozenset({"stack", "small_stack"})  # tests/deploy/conftest.py


def share_among_workers(items: list[pytest.Item]) -> None:
    """Group each test with its file (the stack's tests together) and put the longest files first."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        group = "production-stack" if fixtures & STACK_FIXTURES else item.nodeid.partition("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], len(rank)))  # stable: else as collected


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Iterator[Browser]:
    yield patient_browser(browser)


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # a pytest-xdist worker; its order is the order work is handed out
        share_among_workers(items)
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
