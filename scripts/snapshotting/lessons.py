"""The lesson puzzles answered (right, wrong, every option, with and without ``HX-Request``), and
practice puzzles with fixed seeds."""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from flask import Flask

from scripts.snapshotting.common import GAMES, HX, LANGS, LEVELS, PRACTICE_SEEDS, STEP_PATH, first
from scripts.snapshotting.forms import answer_form, options, right_and_wrong
from scripts.snapshotting.record import Recorder


def puzzles(rec: Recorder, app: Flask, step_urls: Sequence[str],
            catalog: dict[str, list[dict[str, Any]]]) -> None:
    """Every lesson step in every language, with a fresh visitor (progress cookie) per lesson."""
    lessons: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
    for url in step_urls:
        m = STEP_PATH.match(url)
        if m:
            lang, game, lesson, step = m.groups()
            lessons.setdefault((lang, game, lesson), []).append((int(step), url))
    for lang in LANGS:
        for game in GAMES:
            order = list(dict.fromkeys(p["lesson"] for p in catalog[game]))
            names = sorted({k[2] for k in lessons if k[:2] == (lang, game)},
                           key=lambda x: (order.index(x) if x in order else len(order), x))
            explanation_done = False
            for number, lesson in enumerate(names, start=1):
                explanation_done = lesson_flow(
                    rec, app, lang, game, lesson, number, sorted(lessons[(lang, game, lesson)]),
                    [p for p in catalog[game] if p["lesson"] == lesson], explanation_done)
            client = app.test_client()
            base = f"puzzles/{lang}/{game}"
            rec.exchange(client, "POST", f"/{lang}/{game}/puzzles/reset", f"{base}/reset-all",
                         form=[], follow=True)
            if lang == "en":
                entry = min(lessons[(lang, game, names[0])])[1] if names else None
                if entry:
                    rec.exchange(client, "POST", entry, f"{base}/foreign-origin",
                                 headers={"Origin": "http://elsewhere.example"},
                                 form=[("answer", "beats")])
                    rec.exchange(client, "POST", entry, f"{base}/null-origin",
                                 headers={"Origin": "null"}, form=[("answer", "")], follow=True)


def lesson_flow(rec: Recorder, app: Flask, lang: str, game: str, lesson: str, number: int,
                steps: Sequence[tuple[int, str]], catalog: Sequence[dict[str, Any]],
                explanation_done: bool) -> bool:
    client = app.test_client()
    base = f"puzzles/{lang}/{game}/{number:02d}-{lesson}"
    start = f"/{lang}/{game}/puzzles/{lesson}"
    rec.exchange(client, "GET", start, f"{base}/start-before")
    puzzle_steps = [(n, u) for n, u in steps if answer_form(rec.html.get(u, "")) is not None]
    if len(puzzle_steps) != len(catalog):
        rec.note(f"{lang} {game} {lesson}: {len(puzzle_steps)} puzzle steps, {len(catalog)} in the "
                 "API: answered by options only")
    matched = dict(zip((n for n, _ in puzzle_steps), catalog, strict=False)) \
        if len(puzzle_steps) == len(catalog) else {}
    incomplete_done = False
    for step, url in steps:
        name = f"{base}/step-{step:02d}"
        view = first(rec.exchange(client, "GET", url, f"{name}/view"))
        form = answer_form(view.get_data(as_text=True)) if view is not None else None
        if form is None:
            if not explanation_done:
                rec.exchange(client, "POST", url, f"{name}/post-to-explanation", form=[])
                explanation_done = True
            continue
        right, wrong = right_and_wrong(matched[step], form) if step in matched else (None, None)
        if matched and right is None:
            rec.note(f"{lang} {game} {lesson} step {step}: no right answer from the form")
        tries = [("wrong", wrong), ("right", right)]
        if number % 2 == 0:
            tries.reverse()
        for label, fields in tries:
            if fields is not None:
                rec.exchange(client, "POST", url, f"{name}/{label}", form=fields, follow=True)
                rec.exchange(client, "POST", url, f"{name}/{label}-hx", form=fields, headers=HX)
        if not incomplete_done:
            rec.exchange(client, "POST", url, f"{name}/incomplete", form=[("answer", "")],
                         follow=True)
            incomplete_done = True
        for i, fields in enumerate(options(form), start=1):
            rec.exchange(client, "POST", url, f"{name}/option-{i:02d}-hx", form=fields, headers=HX)
    rec.exchange(client, "GET", start, f"{base}/start-after")
    rec.exchange(client, "GET", f"/{lang}/{game}/puzzles", f"{base}/index-after")
    rec.exchange(client, "GET", f"/{lang}/puzzles", f"{base}/overview-after")
    rec.exchange(client, "POST", f"/{lang}/{game}/puzzles/reset", f"{base}/reset-lesson",
                 form=[("lesson", lesson)], follow=True)
    return explanation_done


def practice(rec: Recorder, app: Flask) -> None:
    """Practice puzzles with fixed seeds: every option by htmx, the first one as a plain form."""
    client = app.test_client()
    for lang, game, level, seed in itertools.product(LANGS, GAMES, LEVELS, PRACTICE_SEEDS):
        url = f"/{lang}/{game}/practice/{level}/{seed}"
        form = answer_form(rec.html.get(url, ""))
        if form is None:
            rec.note(f"{url}: no answer form")
            continue
        name = f"practice/{lang}/{game}/{level}-{seed}"
        for i, fields in enumerate(options(form), start=1):
            if i == 1:
                rec.exchange(client, "POST", url, f"{name}/option-01", form=fields, follow=True)
            rec.exchange(client, "POST", url, f"{name}/option-{i:02d}-hx", form=fields, headers=HX)
