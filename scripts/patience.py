"""How long the tests and the screenshot tour wait for a condition before they give up: one
limit, in one place, so that every wait holds on a loaded machine (issue 45: on a machine at load
40 a 30 s wait for the computer's moves ran out and failed a browser test).

A limit only matters when the awaited thing never comes: a passing wait returns as soon as its
condition holds, so a generous limit costs nothing. Hence one limit, ``PATIENT``, for every wait
that fails a test when it runs out: on the computer's thinking, a server (a page load, an htmx
request, an events stream), another seat's move, a database, a worker thread, a process
starting, and also for what is instant on an idle machine (a box ticked by a click, text set by
a script), because under load even that crosses chromium's renderer and the Python process that
also runs the server's threads, and a shorter limit there only buys a faster failure.

``PAIYOU_TEST_PATIENCE`` (a factor, default 1) scales it: above 1 for a machine slower still,
below 1 (e.g. 0.1) to see a broken page fail sooner while you work. Plain stdlib at import time:
the screenshot tour and bench/servers.py import it without any test module.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page


def _scale() -> float:
    raw = os.environ.get("PAIYOU_TEST_PATIENCE", "").strip() or "1"
    try:
        factor = float(raw)
    except ValueError:
        raise ValueError(f"PAIYOU_TEST_PATIENCE must be a number (a factor), not {raw!r}") from None
    if not factor > 0:
        raise ValueError(f"PAIYOU_TEST_PATIENCE must be above 0, not {raw!r}")
    return factor


SCALE = _scale()
# Over 10x the longest single wait measured on a loaded machine (one computer move: 16 s with the
# test's own process niced under a load of ~17; docs/architecture.md, "Tests under load").
# Playwright's own defaults: 5 s for expect, 30 s for the rest.
PATIENT = 180.0 * SCALE
PATIENT_MS = round(PATIENT * 1000)


def patient_context(context: BrowserContext) -> BrowserContext:
    """``context`` with PATIENT as the limit of its actions, navigations and ``wait_for_*``."""
    context.set_default_timeout(PATIENT_MS)
    context.set_default_navigation_timeout(PATIENT_MS)
    return context


def patient_browser(browser: Browser) -> Browser:
    """``browser``, each of whose new contexts is a ``patient_context``; and PATIENT as the
    default limit of Playwright's ``expect`` (process-wide)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=PATIENT_MS)
    new_context = browser.new_context

    def patient_new_context(*args: object, **kwargs: object) -> BrowserContext:
        return patient_context(new_context(*args, **kwargs))  # type: ignore[arg-type]

    # on the instance, as pytest-playwright wraps a context's close: a test's own
    # browser.new_context(...) is patient without a word in the test
    browser.new_context = patient_new_context  # type: ignore[method-assign]
    return browser


# The table, with a move or a new deal behind it (version above ``before``), has settled: nothing
# waiting for a computer move, no request on its way. Else the version it has reached, once above
# ``seen`` (one more move has come); else nothing yet.
_TABLE = """([before, seen]) => {
  const t = document.getElementById("table");
  if (!t) return null;
  const v = Number(t.dataset.version);
  if (v > before && t.dataset.waiting === "0" && !document.querySelector(".htmx-request")) return "settled";
  return v > seen ? v : null;
}"""


def wait_until_settled(page: Page, before: int) -> None:
    """Waits until the table at ``page`` has answered a move (its version above ``before``; -1 for
    a new table) and every computer move has arrived (the page asks for them one by one), with
    PATIENT for each move rather than for the run: after one move of yours the computer may move
    many times in a row, each thought about and paced (to the end of the deal once your hand is
    out of play), and on a loaded machine a run of them outlasts any one limit."""
    seen = before
    while True:
        reached = page.wait_for_function(_TABLE, arg=[before, seen]).json_value()
        if reached == "settled":
            return
        seen = int(reached)
