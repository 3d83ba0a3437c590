"""Every job in order, on one site with its own database in a temporary folder, then the summary
(``SUMMARY.txt``)."""
from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from pathlib import Path

from scripts.snapshotting.app import make_app
from scripts.snapshotting.bad_input import api_probes, error_pages, html_probes
from scripts.snapshotting.cli import command_line
from scripts.snapshotting.common import GAMES, LANGS, LEVELS, PLAY_SEEDS, PRACTICE_SEEDS, STEP_PATH, first, json_of
from scripts.snapshotting.crawl import crawl, crawlable
from scripts.snapshotting.deals import api_deal, html_deal
from scripts.snapshotting.judge import judge_api
from scripts.snapshotting.lessons import practice, puzzles
from scripts.snapshotting.record import Recorder
from scripts.snapshotting.settings import configurations, root

CRAWL_LIMIT = 5000
SUMMARY = "SUMMARY.txt"


def prepare(out: Path, force: bool) -> None:
    if out.exists() and any(out.iterdir()):
        if not (force and (out / SUMMARY).is_file()):
            raise SystemExit(f"{out} is not empty (--force replaces an earlier snapshot)")
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)


def snapshot(out: Path) -> Recorder:
    for name in [k for k in os.environ if k.startswith("PAIYOU_")]:
        del os.environ[name]  # the operator's settings are not the code's behaviour
    rec = Recorder(out)
    with tempfile.TemporaryDirectory(prefix="paiyou-snapshot-") as folder:
        app = make_app(Path(folder))
        crawler = app.test_client(use_cookies=False)  # every page as a first visit
        seen: set[str] = set()
        start = [f"/{lang}/" for lang in LANGS] + ["/", "/favicon.svg"]
        start += [f"/{lang}/{game}/practice/{level}/{seed}"
                  for lang, game, level, seed in itertools.product(LANGS, GAMES, LEVELS, PRACTICE_SEEDS)]
        visited = crawl(rec, crawler, start, seen, CRAWL_LIMIT)
        rec.phase("crawl")
        catalog = {game: json_of(first(rec.exchange(crawler, "GET", f"/api/v1/{game}/puzzles",
                                                    f"api/puzzles-{game}"))).get("puzzles", [])
                   for game in GAMES}
        steps = [u for u in visited if STEP_PATH.match(u)]
        puzzles(rec, app, steps, catalog)
        rec.phase("lessons")
        practice(rec, app)
        rec.phase("practice")
        for game in GAMES:
            for seed in PLAY_SEEDS:
                api_deal(rec, app, game, seed)
                html_deal(rec, app, game, seed, "en", hx=False)
                html_deal(rec, app, game, seed, "fa", hx=True)
            api_probes(rec, app, game)
            html_probes(rec, app, game)
        rec.phase("play")
        judge_api(rec, app)
        error_pages(rec, app, steps)
        root(rec, app)
        configurations(rec, Path(folder), steps)
        later = [u for u in dict.fromkeys(rec.found)
                 if u not in seen and u not in rec.fetched and crawlable(u)]
        crawl(rec, crawler, later, seen, CRAWL_LIMIT)
        rec.phase("judge, errors, settings, second crawl")
    command_line(rec)
    rec.phase("command line")
    write_summary(rec, len(seen))
    return rec


def write_summary(rec: Recorder, crawled: int) -> None:
    """``SUMMARY.txt``: how many outputs of each kind were written, and the notes."""
    lines = [f"pages: {rec.counts['page']}", f"API answers: {rec.counts['api']}",
             f"deal records: {rec.counts['record']}", f"command-line outputs: {rec.counts['cli']}",
             f"crawled URLs: {crawled}", f"game ids: {len(rec.ids)}",
             f"random practice seeds: {len(rec.seeds)}", "", "notes:",
             *(rec.notes or ["none"])]
    (rec.out / SUMMARY).write_text("\n".join(lines) + "\n", encoding="utf-8")
