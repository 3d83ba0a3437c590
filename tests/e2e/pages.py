"""Every page of the site, for the browser tests (and the page-frame tests in tests/site).

One entry per page: its path, with ``{lang}`` where the language goes, and the catalog domain
its text comes from. When you add a page, add it here: it is then checked in every language at
desktop and phone widths (axe, no request leaving 127.0.0.1, ``dir``), and its frame by
tests/site/test_pages.py (whose translated-title check waits until the domain's .po exists).
"""
from __future__ import annotations

PAGE_DOMAINS: dict[str, str] = {
    "/{lang}/": "core",
    "/{lang}/glossary": "core",
    "/{lang}/chuo-pai/rules": "rules",
    "/{lang}/tien-gow/rules": "rules",
    # These two deal a new game and redirect (303) to its table, /{lang}/<game>/games/<id>:
    # the tests follow the redirect and check the table.
    "/{lang}/chuo-pai/play": "play",
    "/{lang}/tien-gow/play": "play",
}
REDIRECTING: frozenset[str] = frozenset({"/{lang}/chuo-pai/play", "/{lang}/tien-gow/play"})
PAGES: list[str] = list(PAGE_DOMAINS)

LANGUAGES: tuple[str, ...] = ("en", "ar", "hi", "fa", "pl")
RTL: frozenset[str] = frozenset({"ar", "fa"})

VIEWPORTS: dict[str, dict[str, int]] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 375, "height": 740},
}
