"""Every page of the site, for the browser tests (and the page-frame tests in tests/site).

One entry per page: its path, with ``{lang}`` where the language goes, and the catalog domain
its text comes from. When you add a page, add it here: it is then checked in every language at
desktop and phone widths (axe, no request leaving 127.0.0.1, ``dir``), and its frame by
tests/site/test_pages.py (whose translated-title check waits until the domain's .po exists).
"""
from __future__ import annotations

from babel import Locale

from paiyou.config import LANGUAGE_CODES

PAGE_DOMAINS: dict[str, str] = {
    "/{lang}/": "core",
    "/{lang}/glossary": "core",
    "/{lang}/chuo-pai/rules": "rules",
    "/{lang}/tien-gow/rules": "rules",
    "/{lang}/chuo-pai/sources": "rules",  # each rule's sources, the disputed points (issue 49)
    "/{lang}/tien-gow/sources": "rules",
    # The play pages: both games, then each game's start page (level, seed, "New deal" as a
    # POST: a GET never deals). The table itself is checked by tests/e2e/test_play_e2e.py.
    "/{lang}/play": "play",
    "/{lang}/chuo-pai/play": "play",
    "/{lang}/tien-gow/play": "play",
    "/{lang}/tien-gow/replay": "play",  # paste or upload a deal record
    # Puzzles: the lesson paths, an explanation step (ladders), a beat-or-pass puzzle (tiles as
    # checkboxes), a settlement puzzle (a form), a practice puzzle. Answered states are checked
    # by tests/e2e/test_puzzles_e2e.py.
    "/{lang}/puzzles": "puzzles",
    "/{lang}/chuo-pai/puzzles": "puzzles",
    "/{lang}/chuo-pai/puzzles/cards/1": "puzzles",
    "/{lang}/chuo-pai/puzzles/beat-or-pass/3": "puzzles",
    "/{lang}/tien-gow/puzzles/settlement/4": "puzzles",
    "/{lang}/tien-gow/practice/hard/7": "puzzles",
}
REDIRECTING: frozenset[str] = frozenset()  # pages answered with a redirect to follow (none now)
PAGES: list[str] = list(PAGE_DOMAINS)

LANGUAGES: tuple[str, ...] = LANGUAGE_CODES
RTL: frozenset[str] = frozenset(code for code in LANGUAGE_CODES
                                 if Locale.parse(code).text_direction == "rtl")  # from CLDR

VIEWPORTS: dict[str, dict[str, int]] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 375, "height": 740},
}
