"""Every test's limits on a loaded machine (docs/architecture.md, "Tests under load"):

- ``browser`` (pytest-playwright's, for tests/e2e and tests/deploy): each of its contexts waits up
  to ``scripts.patience.PATIENT`` (actions, navigations, ``wait_for_*``, ``expect``), however the
  test opens it (the ``page`` fixture or its own ``browser.new_context(...)``): a test passes no
  ``timeout=`` of its own.
- a test's whole budget (pytest-timeout): pyproject's ``timeout`` (300 s), and ``BROWSER_BUDGET``
  for a test that drives a browser; both scaled by ``PAIYOU_TEST_PATIENCE``. A test's own
  ``@pytest.mark.timeout``, ``--timeout`` or ``PYTEST_TIMEOUT`` wins.
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
