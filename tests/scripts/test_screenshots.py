"""scripts/screenshots.py, the readers' tour: it visits every page and state a reader should see.

The one test runs the tour for one game and one language, text only (``--game``, ``--text-only``:
the same walk without the screenshots) and reads the states' names in its ``TEXT.md``. It is the
one slow test of this file and of tests/scripts: 193 s on the shared 2-core machine at load ~16
(a browser, a table with friends, the computer's moves and the daily deal at ``strong``), so it
runs under the browser tests' budget (tests/conftest.py). It failed before the tour was complete,
and on its first run it caught the tour dying at the first review (a wait the site's CSP refused).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import daily
from scripts.patience import SCALE
from tests.conftest import BROWSER_BUDGET

CHECKOUT = Path(__file__).resolve().parents[2]
GAME = "tien-gow"  # the game with table options, sources and a daily: every kind of state

# In the tour's order; lesson steps and practice puzzles are checked by their patterns below.
EXPECTED = [
    "home", "glossary",
    f"{GAME}-rules", f"{GAME}-rules-receipt-open", f"{GAME}-sources", "daily", "error-404",
    "play", f"{GAME}-start", f"{GAME}-table-start", f"{GAME}-table-hints", f"{GAME}-table-middle",
    f"{GAME}-table-new-deal-asks", f"{GAME}-table-new-deal-asks-without-javascript", f"{GAME}-table-result",
    f"{GAME}-review", f"{GAME}-replay", f"{GAME}-variant-start-form", f"{GAME}-variant-table",
    f"{GAME}-friends-creator", f"{GAME}-friends-invite", f"{GAME}-friends-friend", f"{GAME}-friends-watcher",
    f"{GAME}-friends-full", f"{GAME}-friends-friend-named", f"{GAME}-friends-creator-sees-the-name",
    f"{GAME}-friends-leave-asks", f"{GAME}-friends-left", f"{GAME}-friends-creator-after",
    f"{GAME}-friends-friend-back", f"{GAME}-friends-friend-not-connected", f"{GAME}-friends-timer-running",
    f"{GAME}-friends-time-ran-out", f"{GAME}-friends-absent-seat", f"{GAME}-friends-result",
    f"{GAME}-friends-watcher-result", f"{GAME}-friends-next-deal",
    f"{GAME}-daily-before-playing", f"{GAME}-daily-table-start", f"{GAME}-daily-started",
    f"{GAME}-daily-table-result", f"{GAME}-daily-result", f"{GAME}-daily-result-chart-and-leaderboard",
    f"{GAME}-daily-field", f"{GAME}-daily-review-before-the-reveal", f"{GAME}-daily-board",
    "daily-yours", "daily-key", "daily-key-made",  # then the archive or its note: below
    "puzzles", f"{GAME}-lessons", f"{GAME}-practice",
]
# States that depend on the deal: a refused move needs a play to beat on your turn, mistakes a
# graded mistake; the tour takes them when the deal offers them.
MAYBE = {f"{GAME}-table-refused", f"{GAME}-mistakes", f"{GAME}-mistake"}


@pytest.mark.timeout(BROWSER_BUDGET * SCALE)
def test_the_tour_visits_every_page_and_state_a_reader_should_see(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(CHECKOUT / "scripts" / "screenshots.py"), "en", str(tmp_path),
                    "--game", GAME, "--text-only"], check=True, cwd=CHECKOUT, timeout=BROWSER_BUDGET * SCALE)
    text = (tmp_path / "TEXT.md").read_text(encoding="utf-8")
    names = [re.sub(r"^\d{3}-", "", heading) for heading in re.findall(r"^## (\S+)$", text, re.MULTILINE)]
    # a lesson's steps (NN-lesson-N) and the practice puzzle (practice-LEVEL), answered or not
    lesson_step = re.compile(rf"{GAME}-([a-z0-9-]+-\d+|practice-[a-z]+)(-wrong|-right)?")
    listed = [n for n in names if n in EXPECTED]
    assert listed == EXPECTED  # each once, in the tour's order
    archive = f"{GAME}-daily-archive" in names
    rest = [n for n in names if n not in {*EXPECTED, *MAYBE, f"{GAME}-daily-archive", "note-daily-archive"}]
    assert rest and all(lesson_step.fullmatch(n) for n in rest), rest
    assert any(n.endswith("-right") for n in rest) and any(n.endswith("-wrong") for n in rest)
    # the archive of a revealed day once there is one, else the note that none is revealed yet
    assert archive != ("note-daily-archive" in names)
    assert archive == daily.is_revealed(daily.FIRST_DAY)
