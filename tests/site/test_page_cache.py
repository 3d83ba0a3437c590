"""The page cache (paiyou.web.page_cache) is keyed only on what changes a page and bounded by
bytes: a query parameter no view reads redirects to the canonical URL, a cookie no page reads
adds no copy, an answer is served but not kept, the practice page's random draw is never kept,
and however many pages are asked for, the kept bytes stay under ``PAIYOU_PAGE_CACHE_BYTES``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from paiyou import create_app
from paiyou.store.databases import store_for
from paiyou.web.page_cache import EXTENSION_KEY, PageCache

BUDGET = 2 * 1024 * 1024


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path):
    made = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_PAGE_CACHE_BYTES": BUDGET})
    yield made
    store_for(made).close()


def cache_of(app: Flask) -> PageCache:
    cache = app.extensions[EXTENSION_KEY]
    assert isinstance(cache, PageCache)
    return cache


def test_a_parameter_no_page_reads_redirects_to_the_canonical_url(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/en/chuo-pai/rules").status_code == 200
    kept = len(cache_of(app))
    for n in range(200):
        response = client.get(f"/en/chuo-pai/rules?{n}")
        assert response.status_code == 301 and response.location == "/en/chuo-pai/rules"
    moved = client.get("/en/tien-gow/puzzles?reset=1&utm=x&reset=2")
    assert moved.status_code == 301 and moved.location == "/en/tien-gow/puzzles?reset=1&reset=2"
    assert len(cache_of(app)) == kept


def test_a_cookie_no_page_reads_makes_no_second_copy(app: Flask) -> None:
    client = app.test_client()
    first = client.get("/ar/tien-gow/rules")
    kept = len(cache_of(app))
    for n in range(20):
        client.set_cookie("paiyou_lang", "ar")
        client.set_cookie(f"junk{n}", "x" * 3000)
        again = client.get("/ar/tien-gow/rules")
        assert again.status_code == 200 and again.headers["ETag"] == first.headers["ETag"]
    assert len(cache_of(app)) == kept


def test_the_progress_cookie_does_change_a_lesson_page(app: Flask) -> None:
    client = app.test_client()
    client.get("/en/chuo-pai/puzzles")
    kept = len(cache_of(app))
    client.set_cookie("paiyou_puzzles_chuo-pai", "garbage-but-read")
    client.get("/en/chuo-pai/puzzles")
    assert len(cache_of(app)) == kept + 1


def test_an_answer_is_served_but_not_kept(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/en/chuo-pai/puzzles/beat-or-pass/3").status_code == 200
    kept = len(cache_of(app))
    for n in range(30):
        response = client.get(f"/en/chuo-pai/puzzles/beat-or-pass/3?answer=play&tile={n}")
        assert response.status_code == 200
    assert len(cache_of(app)) == kept


def test_the_practice_page_draws_afresh_every_time(app: Flask) -> None:
    client = app.test_client()
    links = set()
    for _ in range(3):
        text = client.get("/en/chuo-pai/practice").get_data(as_text=True)
        links.add(tuple(re.findall(r'href="(/en/chuo-pai/practice/\w+/\d+)"', text)))
    assert len(links) == 3  # 3 draws of 2**31 seeds per level: a repeat is not a coincidence
    assert len(cache_of(app)) == 0


def test_the_kept_bytes_stay_under_the_budget(app: Flask) -> None:
    client = app.test_client()
    for seed in range(120):
        for lang in ("en", "fa"):
            assert client.get(f"/{lang}/tien-gow/practice/hard/{seed}").status_code == 200
    cache = cache_of(app)
    assert 0 < cache.bytes <= BUDGET
    assert len(cache) < 240  # some were dropped to stay under the budget
    assert client.get("/en/tien-gow/practice/hard/119").status_code == 200  # the newest are kept


def test_a_page_larger_than_the_budget_is_served_not_kept(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'g.sqlite3'}",
                      "PAIYOU_PAGE_CACHE_BYTES": 1000})
    assert app.test_client().get("/en/chuo-pai/rules").status_code == 200
    assert len(cache_of(app)) == 0 and cache_of(app).bytes == 0
    store_for(app).close()
