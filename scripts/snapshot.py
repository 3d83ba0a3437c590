#!/usr/bin/env python3
"""A behaviour snapshot of Paiyou: every page, API answer and deal record, one file each.

What it is for: proving that a refactor (modules moved, internals renamed) changes no behaviour.
Take a snapshot before and after and compare the two trees; any difference is a change of
behaviour (or of something the snapshot normalises, listed below)::

    .venv/bin/python scripts/snapshot.py /tmp/before
    # ... refactor ...
    .venv/bin/python scripts/snapshot.py /tmp/after
    diff -r /tmp/before /tmp/after

OUTDIR must not exist yet or be empty (``--force`` replaces an earlier snapshot, recognised by its
``SUMMARY.txt``). A run takes about two minutes on one core and prints a summary at the end:
how many pages, API answers, deal records and command-line outputs it wrote (also kept in
``SUMMARY.txt``, with notes on anything it could not do).

It only uses entry points that survive a refactor, never an internal module:

- the site through ``paiyou.create_app(config)`` and the Flask test client, by URL: a breadth-first
  crawl from every language's home page that follows every same-site link (``href``, ``src``,
  ``hx-get``, GET form actions, CSS ``url()``, redirects), then the lesson puzzles answered (right,
  wrong, every option of the form, with and without ``HX-Request``), practice puzzles with fixed
  seeds, full deals with fixed seeds through the JSON API and through the HTML table, bad input of
  every kind, the judge API, error pages;
- the engine through its command line, ``python -m engine judge|selfplay|replay``, run as
  subprocesses.

Each HTTP exchange is one file: the request, the status, every response header but
``Content-Length`` (the body is there byte for byte), then the body. A redirect that is followed
gives one file per hop. Normalised, because they differ from run to run: game ids (``GAME-1``,
``GAME-2``, ... in order of first appearance), the random seeds of the practice links
(``SEED-1``, ...), each deal's random salt and the commitments made from it (``SALT``,
``SHA256``), cookie expiry dates, and the static files' ``Last-Modified``/``ETag`` (they
come from the files' modification times). Deals without a seed are random: their answers are
recorded without the body, and their tables are not fetched.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urljoin, urlsplit

if os.environ.get("PYTHONHASHSEED") != "0":  # the same set and dict orders in every run
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from engine.games import GAME_KEYS
from engine.games import GAMES as GAME_SPECS
from paiyou.config import LANGUAGE_CODES

CHECKOUT = Path(__file__).resolve().parent.parent
LANGS = LANGUAGE_CODES
GAMES = GAME_KEYS
SEATS = {key: spec.seats for key, spec in GAME_SPECS.items()}
LEVELS = ("easy", "medium", "hard")
PLAY_SEEDS = (1, 2, 3, 42, 2026)
PRACTICE_SEEDS = (0, 1, 2, 3, 42, 2026)
PROBE_SEED = 7
CRAWL_LIMIT = 5000
MAX_MOVES = 400
AGENTS = ("random", "greedy", "standard")
SELFPLAY = (("random", 20, 1), ("greedy", 5, 100), ("standard", 2, 200))  # agent, deals, seed
MIXED_SEED = 300
HX = {"HX-Request": "true"}
SUMMARY = "SUMMARY.txt"

ID_RUN = re.compile(r"[A-Za-z0-9_-]{32,}")
ID_FOUND = (re.compile(r"/games/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])"),
            re.compile(r'"id":\s*"([A-Za-z0-9_-]{32})"'))
RANDOM_SEED_PAGE = re.compile(r"^/[a-z]{2}/[a-z-]+/practice(/(easy|medium|hard))?$")
PRACTICE_LINK = re.compile(r"(/practice/(?:easy|medium|hard)/)(\d+)")
EXPIRES = re.compile(r"(?i)(expires=)[^;]*")
STEP_PATH = re.compile(r"^/([a-z]{2})/(chuo-pai|tien-gow)/puzzles/([a-z0-9-]+)/(\d+)$")
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")\s]+)")
VARYING_HEADERS = {"last-modified": "(file time)", "etag": "(file time)", "expires": "(date)",
                   "date": "(date)"}


# -- recording -----------------------------------------------------------------------------------

# Values that differ on every run by design: each visitor's CSRF token, the session cookie that
# holds it, the ETag of a page that carries it, the rate limiter's window.
PER_VISIT = [
    (re.compile(r'(name="csrf_token" value=")[^"]*'), r"\1TOKEN"),
    (re.compile(r"session=[^;\s]*"), "session=SESSION"),
    (re.compile(r"(X-RateLimit-Reset: )\d+"), r"\1RESET"),
    (re.compile(r'(ETag: )"[0-9a-f]{24}"'), r"\1ETAG"),
    # each deal's salt is drawn at random, and so its commitment sha256(game:seed:salt) too
    (re.compile(r'("salt":\s*")[0-9a-f]{32}"'), r'\1SALT"'),
    (re.compile(r"((?:" + "|".join(GAMES) + r"):\d+:)[0-9a-f]{32}"), r"\1SALT"),
    (re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])"), "SHA256"),
    # each deal's seat key is drawn at random (the create answer's "key", the browser's cookie)
    (re.compile(r'("key":\s*")[A-Za-z0-9_-]{20,}"'), r'\1KEY"'),
    (re.compile(r"(paiyou_seats=)[^;\s]*"), r"\1SEATS"),
]


@dataclass
class Recorder:
    """Writes one file per output, after normalising what is random per run."""

    out: Path
    ids: dict[str, str] = field(default_factory=dict)  # game id -> GAME-n
    seeds: dict[str, str] = field(default_factory=dict)  # random practice seed -> SEED-n
    written: set[str] = field(default_factory=set)
    counts: Counter[str] = field(default_factory=Counter)
    found: list[str] = field(default_factory=list)  # same-site links, in order of discovery
    fetched: set[str] = field(default_factory=set)  # URLs fetched with GET
    html: dict[str, str] = field(default_factory=dict)  # raw bodies of puzzle pages, by URL
    notes: list[str] = field(default_factory=list)
    timings: list[tuple[str, float]] = field(default_factory=list)  # printed, never written
    _clock: float = field(default_factory=time.monotonic)

    def phase(self, name: str) -> None:
        now = time.monotonic()
        self.timings.append((name, now - self._clock))
        self._clock = now

    # ids and seeds

    def register_ids(self, text: str) -> None:
        """Give each game id in ``text`` not seen before the next placeholder, in text order."""
        hits = sorted((m.start(1), m.group(1)) for rx in ID_FOUND for m in rx.finditer(text))
        for _, gid in hits:
            if gid not in self.ids:
                self.ids[gid] = f"GAME-{len(self.ids) + 1}"

    def _id_run(self, m: re.Match[str]) -> str:
        run = m.group(0)
        if len(run) == 32:
            return self.ids.get(run, run)
        parts, i = [], 0
        while i < len(run):
            window = run[i:i + 32]
            if len(window) == 32 and window in self.ids:
                parts.append(self.ids[window])
                i += 32
            else:
                parts.append(run[i])
                i += 1
        return "".join(parts)

    def normalise(self, text: str, *, random_seeds: bool = False) -> str:
        for pattern, stable in PER_VISIT:  # form tokens and what derives from them change each visit
            text = pattern.sub(stable, text)
        if self.ids:
            text = ID_RUN.sub(self._id_run, text)
        if random_seeds:
            def seed(m: re.Match[str]) -> str:
                placeholder = self.seeds.setdefault(m.group(2), f"SEED-{len(self.seeds) + 1}")
                return m.group(1) + placeholder
            text = PRACTICE_LINK.sub(seed, text)
        return text

    # files

    def write(self, name: str, text: str, kind: str) -> None:
        if name in self.written:
            raise RuntimeError(f"two outputs named {name}")
        self.written.add(name)
        path = self.out / (name + ".txt")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        self.counts[kind] += 1

    def note(self, text: str) -> None:
        self.notes.append(text)

    # HTTP

    def exchange(self, client: FlaskClient, method: str, url: str, name: str, *,
                 headers: dict[str, str] | None = None, form: Sequence[tuple[str, str]] | None = None,
                 json_body: Any = None, raw: bytes | None = None, content_type: str | None = None,
                 follow: bool = False, random_deal: bool = False) -> list[TestResponse]:
        """One request (and, with ``follow``, each redirect hop after it), one file per hop."""
        responses: list[TestResponse] = []
        body: bytes | None = None
        if form is not None:
            body, content_type = urlencode(list(form)).encode(), "application/x-www-form-urlencoded"
        elif json_body is not None:
            body, content_type = json.dumps(json_body, ensure_ascii=False).encode(), "application/json"
        elif raw is not None:
            body = raw
        hop = 1
        while True:
            response = self._one(client, method, url, f"{name}.hop{hop}" if hop > 1 else name,
                                 headers or {}, body, content_type, random_deal)
            if response is None:
                break
            responses.append(response)
            location = response.headers.get("Location")
            if not (follow and location and 300 <= response.status_code < 400 and hop < 10):
                break
            target = urlsplit(urljoin("http://localhost" + url, location))
            if target.netloc not in ("", "localhost"):
                break
            url = target.path + ("?" + target.query if target.query else "")
            method, body, content_type, hop = "GET", None, None, hop + 1
            headers = {k: v for k, v in (headers or {}).items() if k != "Origin"}
        return responses

    def _one(self, client: FlaskClient, method: str, url: str, name: str, headers: dict[str, str],
             body: bytes | None, content_type: str | None, random_deal: bool) -> TestResponse | None:
        kind = "api" if url.startswith("/api/") else "page"
        lines = [f"{method} {self.normalise(url)}"]
        lines += [f"> {k}: {v}" for k, v in headers.items()]
        if content_type:
            lines.append(f"> Content-Type: {content_type}")
        if body is not None:
            lines.append(f"> body: {self.normalise(_text(body))}")
        if method == "GET":
            self.fetched.add(url)
        try:
            response = client.open(url, method=method, headers=headers, data=body,
                                   content_type=content_type)
        except Exception as error:  # noqa: BLE001 - recorded as an outcome
            lines += ["", f"EXCEPTION {type(error).__name__}: {error}", ""]
            self.write(name, self.normalise("\n".join(lines)), kind)
            return None
        data = response.get_data()
        text = _text(data)
        location = response.headers.get("Location", "")
        self.register_ids(location + "\n" + text)
        cookie = response.request.headers.get("Cookie")
        if cookie and "Cookie" not in headers:
            lines.append(f"> Cookie: {cookie}")
        lines += ["", f"< {response.status}"]
        for key, value in sorted(response.headers.items(), key=lambda kv: kv[0].lower()):
            low = key.lower()
            if low == "content-length":
                continue
            if low in VARYING_HEADERS and url.startswith("/static/"):
                value = VARYING_HEADERS[low]
            elif low == "set-cookie":
                value = EXPIRES.sub(r"\1(date)", value)
            lines.append(f"< {key}: {value}")
        lines.append("")
        if random_deal:
            lines.append("(body not recorded: a deal without a seed is random)")
        else:
            lines.append(text)
        seeds = method == "GET" and bool(RANDOM_SEED_PAGE.match(url))
        normalised = self.normalise("\n".join(lines), random_seeds=seeds)
        self.write(name, normalised, kind)
        if response.mimetype in ("text/html", "text/css") and not random_deal:
            self._links(url, self.normalise(text, random_seeds=seeds), response.mimetype)
        if location:
            self._add_link(url, self.normalise(location, random_seeds=seeds))
        if method == "GET" and (STEP_PATH.match(url) or "/practice/" in url):
            self.html[url] = text
        return response

    def _links(self, base: str, text: str, mimetype: str) -> None:
        if mimetype == "text/css":
            for m in CSS_URL.finditer(text):
                self._add_link(base, m.group(1))
            return
        parser = LinkParser()
        parser.feed(text)
        for link in parser.links:
            self._add_link(base, link)

    def _add_link(self, base: str, link: str) -> None:
        link = link.strip()
        if not link or link.startswith(("#", "mailto:", "javascript:", "data:", "tel:")):
            return
        parts = urlsplit(urljoin("http://localhost" + base, link))
        if parts.scheme not in ("http", "https") or parts.netloc != "localhost":
            return
        self.found.append(parts.path + ("?" + parts.query if parts.query else ""))


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "base64:" + base64.b64encode(data).decode("ascii")


def url_name(url: str) -> str:
    """A file name for a URL, one to one: the path and query percent-encoded, ``/`` shown as
    ``+`` (a literal ``+`` is encoded)."""
    area = "api" if url.startswith("/api/") else "static" if url.startswith("/static/") else "pages"
    slug = quote(url.lstrip("/"), safe="").replace("%2F", "+") or "_root"
    if len(slug) > 180:
        slug = slug[:150] + "~" + hashlib.sha256(slug.encode()).hexdigest()[:16]
    return f"{area}/{slug}"


# -- HTML ----------------------------------------------------------------------------------------

class LinkParser(HTMLParser):
    """Every same-page reference a browser could follow with GET."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("href", "src", "hx-get"):
            if a.get(key):
                self.links.append(a[key])
        if tag == "form" and a.get("method", "get").lower() == "get":
            self.links.append(a.get("action", ""))

    handle_startendtag = handle_starttag


@dataclass
class AnswerForm:
    """The fields of a puzzle's answer form (``<form class="answer">``)."""

    buttons: list[tuple[str, str]] = field(default_factory=list)
    tiles: list[tuple[str, str]] = field(default_factory=list)  # (checkbox value, data-tile)
    radios: list[tuple[str, str]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    selects: list[tuple[str, list[str]]] = field(default_factory=list)


class AnswerFormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.form: AnswerForm | None = None
        self._inside = False
        self._pending_tile: str | None = None
        self._select: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "answer" in a.get("class", "").split():
            self._inside, self.form = True, AnswerForm()
            return
        if not self._inside or self.form is None:
            return
        form = self.form
        if tag == "button" and a.get("name"):
            form.buttons.append((a["name"], a.get("value", "")))
        elif tag == "input":
            kind = a.get("type", "text")
            if kind == "checkbox" and a.get("name") == "tile":
                self._pending_tile = a.get("value", "")
            elif kind == "radio":
                form.radios.append((a.get("name", ""), a.get("value", "")))
            elif kind == "text":
                form.texts.append(a.get("name", ""))
        elif tag == "svg" and "data-tile" in a and self._pending_tile is not None:
            form.tiles.append((self._pending_tile, a["data-tile"]))
            self._pending_tile = None
        elif tag == "select":
            self._select = (a.get("name", ""), [])
            form.selects.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select[1].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._inside = False
        elif tag == "select":
            self._select = None


def answer_form(html: str) -> AnswerForm | None:
    parser = AnswerFormParser()
    parser.feed(html)
    return parser.form


Fields = list[tuple[str, str]]


def canonical(key: str) -> str:
    a, b = key.split("-")
    return f"{min(a, b)}-{max(a, b)}"


def tile_fields(form: AnswerForm, notation: str) -> Fields | None:
    """The checkboxes that select the tiles of ``notation`` (each copy once)."""
    used: set[str] = set()
    fields: Fields = []
    for key in notation.split():
        match = next((value for value, k in form.tiles
                      if value not in used and canonical(k) == canonical(key)), None)
        if match is None:
            return None
        used.add(match)
        fields.append(("tile", match))
    return fields


def right_and_wrong(puzzle: dict[str, Any], form: AnswerForm) -> tuple[Fields | None, Fields | None]:
    """The accepted answer (from ``GET /api/v1/<game>/puzzles``) and a wrong one, as form fields."""
    kind, answers = puzzle.get("kind"), puzzle.get("answers") or []
    if not answers:
        return None, None
    accepted = answers[0]
    buttons = [v for n, v in form.buttons if n == "answer"]
    if kind == "judge":
        wrong = next((v for v in buttons if v not in answers), None)
        return [("answer", accepted)], [("answer", wrong)] if wrong else None
    if kind in ("beat-or-pass", "bonus"):
        skip = "pass" if kind == "beat-or-pass" else "none"
        lone = [("tile", form.tiles[0][0]), ("answer", "play")] if form.tiles else None
        if accepted == skip:
            return [("answer", skip)], lone
        chosen = tile_fields(form, accepted)
        return (chosen + [("answer", "play")] if chosen is not None else None), [("answer", skip)]
    if kind in ("round", "trick"):
        if "number" in form.texts:
            number = int(accepted)
            return ([("number", str(number)), ("answer", "check")],
                    [("number", str(number + 1)), ("answer", "check")])
        wrong = next((v for _, v in form.radios if v != str(accepted)), None)
        return ([("seat", str(accepted)), ("answer", "check")],
                [("seat", wrong), ("answer", "check")] if wrong else None)
    if kind == "settlement" and isinstance(accepted, dict):
        right: Fields = []
        wrong_fields: Fields = []
        for i, (name, _) in enumerate(form.selects):
            seat = name.removeprefix("dir-")
            amount = int(accepted.get(seat, 0))
            direction = "pays" if amount >= 0 else "receives"
            right += [(name, direction), (f"pay-{seat}", str(abs(amount)))]
            wrong_fields += [(name, direction), (f"pay-{seat}", str(abs(amount) + (i == 0)))]
        return right + [("answer", "check")], wrong_fields + [("answer", "check")]
    return None, None


def options(form: AnswerForm) -> list[Fields]:
    """Every option of the form, one at a time: each tile alone, each other button, each seat,
    a number, a settlement of zeros; and an empty answer (incomplete)."""
    buttons = [(n, v) for n, v in form.buttons if n == "answer"]
    found: list[Fields] = []
    if form.tiles:
        found += [[("tile", value), ("answer", "play")] for value, _ in form.tiles]
        found += [[b] for b in buttons if b[1] != "play"]
        found.append([("answer", "play")])
    elif form.radios:
        found += [[r, ("answer", "check")] for r in form.radios]
    elif "number" in form.texts:
        found += [[("number", "0"), ("answer", "check")], [("answer", "check")]]
    elif form.selects:
        for direction in ("pays", "receives"):
            fields: Fields = []
            for name, _ in form.selects:
                fields += [(name, direction), (f"pay-{name.removeprefix('dir-')}", "1")]
            found.append(fields + [("answer", "check")])
    else:
        found += [[b] for b in buttons]
    found.append([("answer", "")])
    return found


# -- the site ------------------------------------------------------------------------------------

class SeatKeyClient(FlaskClient):
    """A client that is the player of the deals it starts through the API: it keeps the ``key``
    of each answer that gives one and sends it (``Authorization: Bearer``) on that deal's API
    requests, as a program playing through the API does. Pages carry theirs in the cookie."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys: dict[str, str] = {}

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:  # type: ignore[override]
        path = str(args[0]) if args and isinstance(args[0], str) else ""
        found = re.match(r"/api/v1/games/([A-Za-z0-9_-]+)", path)
        headers = dict(kwargs.pop("headers", None) or {})
        if found and found.group(1) in self.keys and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.keys[found.group(1)]}"
        response = super().open(*args, headers=headers, **kwargs)
        if response.is_json:
            body = response.get_json(silent=True)
            if isinstance(body, dict) and isinstance(body.get("id"), str) and isinstance(body.get("key"), str):
                self.keys[body["id"]] = body["key"]
        return response


def make_app(folder: Path, name: str = "site", **settings: object) -> Flask:
    """The site in testing mode, with its own SQLite file and instance folder in ``folder``."""
    from paiyou import create_app  # the one public entry point of the site

    app: Flask = create_app({
        "TESTING": True,
        "SECRET_KEY": "snapshot",
        "PAIYOU_INSTANCE_DIR": str(folder / f"{name}-instance"),
        "PAIYOU_DATABASE_URL": f"sqlite:///{folder / f'{name}.sqlite3'}",
        # the snapshot starts many deals in a few seconds: a limit would drop some at random
        "RATELIMIT_ENABLED": False,
        **settings,
    })
    app.test_client_class = SeatKeyClient
    return app


def crawl(rec: Recorder, client: FlaskClient, start: Iterable[str], seen: set[str],
          limit: int) -> list[str]:
    """Breadth-first over every same-site link, each URL once, at most ``limit`` URLs in all."""
    queue = deque(u for u in start if u not in seen)
    seen.update(queue)
    visited: list[str] = []
    while queue:
        if len(seen) - len(queue) >= limit:
            rec.note(f"crawl stopped at {limit} URLs; {len(queue)} left unvisited")
            break
        url = queue.popleft()
        mark = len(rec.found)
        rec.exchange(client, "GET", url, url_name(url))
        visited.append(url)
        for link in rec.found[mark:]:
            if link not in seen and crawlable(link):
                seen.add(link)
                queue.append(link)
    return visited


def crawlable(url: str) -> bool:
    """Not a game table (``GAME-n``: played by the play flows; random deals are not played) nor
    a random practice seed (``SEED-n``)."""
    return "GAME-" not in url and "SEED-" not in url


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


# -- playing -------------------------------------------------------------------------------------

def json_of(response: TestResponse | None) -> dict[str, Any]:
    if response is None:
        return {}
    try:
        data = json.loads(response.get_data(as_text=True))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def first(responses: Sequence[TestResponse]) -> TestResponse | None:
    return responses[0] if responses else None


def game_id_of(responses: Sequence[TestResponse]) -> str | None:
    for response in responses:
        m = ID_FOUND[0].search(response.headers.get("Location", ""))
        if m:
            return m.group(1)
    return None


TABLE_VIEWS = (("en", False), ("en", True), ("fa", False), ("fa", True))


def api_deal(rec: Recorder, app: Flask, game: str, seed: int, base: str = "",
             views: Sequence[tuple[str, bool]] = TABLE_VIEWS) -> None:
    """A deal through the JSON API, always the first legal action; after each move the table
    page in en and fa, with and without ``HX-Request``."""
    client = app.test_client(use_cookies=False)
    base = base or f"play/{game}/seed-{seed}/api"
    data = json_of(first(rec.exchange(client, "POST", f"/api/v1/{game}/games", f"{base}/000-create",
                                      json_body={"seed": seed})))
    gid = data.get("id")
    if not gid:
        return

    def tables(move: int) -> None:
        for lang, hx in views:
            rec.exchange(client, "GET", f"/{lang}/{game}/games/{gid}",
                         f"{base}/{move:03d}-table-{lang}{'-hx' if hx else ''}",
                         headers=HX if hx else None)

    tables(0)
    move = 0
    while data.get("view", {}).get("legal_actions") and move < MAX_MOVES:
        move += 1
        action = data["view"]["legal_actions"][0]
        answer = first(rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions",
                                    f"{base}/{move:03d}-action",
                                    json_body={"version": data["version"], **action}))
        if answer is None or answer.status_code != 200:
            rec.note(f"{base}: move {move} answered {answer.status if answer else 'nothing'}")
            return
        data = json_of(answer)
        tables(move)
    if not data.get("view", {}).get("is_over"):
        rec.note(f"{base}: not over after {move} moves")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}", f"{base}/end-game")
    for name, url in ((f"{base}/end-record", f"/api/v1/games/{gid}/record"),
                      (f"{base}/end-record-en", f"/en/{game}/games/{gid}/record"),
                      (f"{base}/end-record-fa", f"/fa/{game}/games/{gid}/record")):
        if (r := first(rec.exchange(client, "GET", url, name))) and r.status_code == 200:
            rec.counts["record"] += 1
    rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions", f"{base}/end-action",
                 json_body={"version": data.get("version"), "tiles": ""})
    rec.exchange(client, "POST", f"/api/v1/games/{gid}/actions", f"{base}/end-stale",
                 json_body={"version": 1, "tiles": "", "lang": "ar"})
    rec.exchange(client, "POST", f"/en/{game}/games/{gid}", f"{base}/end-form",
                 form=[("version", str(data.get("version"))), ("move", "pass")])


def form_fields(game: str, action: dict[str, Any], version: int, move: int) -> Fields:
    """The table form for an API action: quick buttons on even moves, checkboxes on odd ones."""
    tiles = str(action.get("tiles", ""))
    fields: Fields = [("version", str(version))]
    if not tiles:
        return fields + [("move", "pass")]
    if action.get("face_up") is False:
        return fields + [("tile", k) for k in tiles.split()] + [("move", "down")]
    if move % 2 == 0:
        return fields + [("quick", tiles)]
    button = "play" if game == "chuo-pai" else "up"
    return fields + [("tile", k) for k in tiles.split()] + [("move", button)]


def html_deal(rec: Recorder, app: Flask, game: str, seed: int, lang: str, hx: bool) -> None:
    """A deal through the HTML table (the last legal action each time, so it sees other
    positions than the API deals), as plain forms or with ``HX-Request``."""
    client = app.test_client()
    base = f"play/{game}/seed-{seed}/html-{lang}{'-hx' if hx else ''}"
    started = rec.exchange(client, "POST", f"/{lang}/{game}/play", f"{base}/000-new",
                           form=[("seed", str(seed))], follow=True)
    gid = game_id_of(started)
    if not gid:
        return
    move = 0
    while move < MAX_MOVES:
        state = json_of(client.get(f"/api/v1/games/{gid}"))  # what to play: not an output
        legal = state.get("view", {}).get("legal_actions") or []
        if not legal:
            break
        move += 1
        fields = form_fields(game, legal[-1], int(state["version"]), move)
        answers = rec.exchange(client, "POST", f"/{lang}/{game}/games/{gid}", f"{base}/{move:03d}-move",
                               form=fields, headers=HX if hx else None, follow=not hx)
        if not answers or answers[0].status_code not in (200, 303):
            rec.note(f"{base}: move {move} answered {answers[0].status if answers else 'nothing'}")
            return
    if (r := first(rec.exchange(client, "GET", f"/{lang}/{game}/games/{gid}/record",
                                f"{base}/end-record"))) and r.status_code == 200:
        rec.counts["record"] += 1


ALL_KEYS = tuple(f"{a}-{b}" for a in range(1, 7) for b in range(a, 7))


def missing_tile(hand: Sequence[str]) -> str:
    """The first of the 21 tiles that is not in ``hand``."""
    return next((k for k in ALL_KEYS if k not in hand), "6-6")


def illegal_action(hand: Sequence[str], legal: Sequence[dict[str, Any]], face_up: bool) -> dict[str, Any]:
    """The first single tile, then pair, of ``hand`` that is no legal action (face up or down)."""
    singles = list(dict.fromkeys(hand))
    pairs = [f"{a} {b}" for a, b in itertools.combinations(hand, 2)]
    with_face = any("face_up" in a for a in legal)
    for tiles in singles + pairs:
        action: dict[str, Any] = {"tiles": tiles, **({"face_up": face_up} if with_face else {})}
        if action not in legal:
            return action
    return {"tiles": hand[0] if hand else "6-6", "face_up": face_up}


def api_probes(rec: Recorder, app: Flask, game: str) -> None:
    """Bad requests to the game API: seeds, bodies, versions, tiles, ids, methods, languages."""
    client = app.test_client(use_cookies=False)
    base = f"play/{game}/probes-api"
    create = f"/api/v1/{game}/games"
    seeds: list[tuple[str, Any]] = [
        ("seed-negative", {"seed": -1}), ("seed-2-53", {"seed": 2**53}),
        ("seed-max", {"seed": 2**53 - 1}), ("seed-text", {"seed": "abc"}),
        ("seed-digits", {"seed": "12"}), ("seed-true", {"seed": True}),
        ("seed-float", {"seed": 1.5}), ("seed-list", {"seed": [1]}),
        ("seed-bad-fa", {"seed": "x", "lang": "fa"}), ("seed-bad-xx", {"seed": "x", "lang": "xx"}),
        ("body-list", [1, 2]), ("body-string", "seed"),
    ]
    for label, body in seeds:
        rec.exchange(client, "POST", create, f"{base}/create-{label}", json_body=body)
    rec.exchange(client, "POST", create, f"{base}/create-not-json", raw=b"{seed: 1",
                 content_type="application/json")
    rec.exchange(client, "POST", create + "?lang=pl", f"{base}/create-bad-seed-query-pl",
                 json_body={"seed": -5})
    rec.exchange(client, "POST", create, f"{base}/create-bad-seed-accept-hi",
                 json_body={"seed": -5}, headers={"Accept-Language": "hi"})
    rec.exchange(client, "POST", create, f"{base}/create-too-large",
                 raw=b'{"seed": 1, "pad": "' + b"x" * 70000 + b'"}', content_type="application/json")
    rec.exchange(client, "POST", create, f"{base}/create-no-seed", json_body={}, random_deal=True)
    rec.exchange(client, "POST", create, f"{base}/create-no-body", random_deal=True)
    rec.exchange(client, "GET", create, f"{base}/create-get")
    rec.exchange(client, "PUT", create, f"{base}/create-put", json_body={"seed": 1})
    data = json_of(first(rec.exchange(client, "POST", create, f"{base}/create-seed-{PROBE_SEED}",
                                      json_body={"seed": PROBE_SEED})))
    gid = data.get("id", "none")
    act = f"/api/v1/games/{gid}/actions"
    probes: list[tuple[str, Any]] = [
        ("empty-object", lambda v, h, a: {}), ("no-tiles", lambda v, h, a: {"version": v}),
        ("no-version", lambda v, h, a: {"tiles": ""}),
        ("version-text", lambda v, h, a: {"version": str(v), "tiles": ""}),
        ("version-float", lambda v, h, a: {"version": v + 0.5, "tiles": ""}),
        ("version-true", lambda v, h, a: {"version": True, "tiles": ""}),
        ("tiles-bad-notation", lambda v, h, a: {"version": v, "tiles": "9-9"}),
        ("tiles-number", lambda v, h, a: {"version": v, "tiles": 66}),
        ("tiles-list-bad", lambda v, h, a: {"version": v, "tiles": ["6-6", 7]}),
        ("face-up-text", lambda v, h, a: {"version": v, "tiles": "", "face_up": "yes"}),
        ("not-in-hand", lambda v, h, a: {"version": v, "tiles": missing_tile(h)}),
        ("illegal", lambda v, h, a: {"version": v, **illegal_action(h, a, True)}),
        ("illegal-face-down", lambda v, h, a: {"version": v, **illegal_action(h, a, False)}),
        ("illegal-pass", lambda v, h, a: {"version": v, "tiles": ""} if {"tiles": ""} not in a
         else None),
        ("stale-lang-fa", lambda v, h, a: {"version": v + 5, "tiles": "", "lang": "fa"}),
        ("stale-old", lambda v, h, a: {"version": v - 1, "tiles": ""}),
        ("lang-unknown", lambda v, h, a: {"version": v, "tiles": "", "lang": "xx"}),
        ("list", lambda v, h, a: [v]),
        ("legal-as-list", lambda v, h, a: {"version": v, **a[-1], "tiles": a[-1]["tiles"].split()}),
        ("legal", lambda v, h, a: {"version": v, **a[0]}),
        ("legal-again", lambda v, h, a: {"version": v - 1, **a[0]}),
    ]
    for label, make in probes:
        view = json_of(client.get(f"/api/v1/games/{gid}"))  # the state now: not an output
        legal = view.get("view", {}).get("legal_actions") or [{"tiles": ""}]
        body = make(view.get("version", 1), list(view.get("view", {}).get("hand", [])), legal)
        if body is not None:
            rec.exchange(client, "POST", act, f"{base}/act-{label}", json_body=body)
    rec.exchange(client, "POST", act, f"{base}/act-not-json", raw=b"version=1",
                 content_type="application/x-www-form-urlencoded")
    rec.exchange(client, "POST", act, f"{base}/act-no-body")
    rec.exchange(client, "POST", act + "?lang=ar", f"{base}/act-stale-query-ar",
                 json_body={"version": 0, "tiles": ""})
    rec.exchange(client, "GET", f"/api/v1/games/{gid}", f"{base}/show")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}/record", f"{base}/record-not-over")
    rec.exchange(client, "GET", f"/api/v1/games/{gid}/record?lang=hi", f"{base}/record-not-over-hi")
    for method in ("DELETE", "PUT", "PATCH"):
        rec.exchange(client, method, f"/api/v1/games/{gid}", f"{base}/game-{method.lower()}")
    rec.exchange(client, "GET", act, f"{base}/actions-get")
    for label, url in (("show", "/api/v1/games/nosuchgame"),
                       ("show-32", "/api/v1/games/" + "A" * 32),
                       ("record", "/api/v1/games/nosuchgame/record"),
                       ("list", "/api/v1/games"), ("list-slash", "/api/v1/games/"),
                       ("deeper", "/api/v1/games/nosuchgame/actions/1"),
                       ("other-game", "/api/v1/mahjong/games"),
                       ("show-lang-fa", "/api/v1/games/nosuchgame?lang=fa"),
                       ("show-lang-xx", "/api/v1/games/nosuchgame?lang=xx")):
        rec.exchange(client, "GET", url, f"{base}/unknown-{label}")
    rec.exchange(client, "POST", "/api/v1/games/nosuchgame/actions", f"{base}/unknown-act",
                 json_body={"version": 1, "tiles": ""})
    rec.exchange(client, "POST", "/api/v1/mahjong/games", f"{base}/unknown-game-create",
                 json_body={"seed": 1})


def html_probes(rec: Recorder, app: Flask, game: str) -> None:
    """Bad input to the HTML table: seeds, versions, tile selections, ids; HX variants."""
    client = app.test_client()
    base = f"play/{game}/probes-html"
    for label, seed in (("text", "abc"), ("negative", "-1"), ("2-53", str(2**53)), ("space", " 5 "),
                        ("digits-arabic", "٤٢")):
        rec.exchange(client, "GET", f"/en/{game}/play?seed={quote(seed)}", f"{base}/new-seed-{label}")
    rec.exchange(client, "POST", f"/fa/{game}/play", f"{base}/new-seed-text-fa-post",
                 form=[("seed", "abc")])
    rec.exchange(client, "POST", f"/en/{game}/play", f"{base}/new-random", form=[],
                 random_deal=True)
    started = rec.exchange(client, "GET", f"/en/{game}/play?seed={PROBE_SEED}", f"{base}/new",
                           follow=True)
    gid = game_id_of(started)
    if not gid:
        return
    table = f"/en/{game}/games/{gid}"
    up = "play" if game == "chuo-pai" else "up"

    def selected(action: dict[str, Any]) -> Fields:
        move = "down" if action.get("face_up") is False else up
        return [("tile", k) for k in str(action.get("tiles", "")).split()] + [("move", move)]

    forms: list[tuple[str, Any]] = [
        ("stale", lambda v, h, a: [("version", str(v - 1)), ("move", "pass")]),
        ("version-text", lambda v, h, a: [("version", "abc"), ("move", "pass")]),
        ("no-version", lambda v, h, a: [("move", up)]),
        ("nothing-selected", lambda v, h, a: [("version", str(v)), ("move", up)]),
        ("bogus-tile", lambda v, h, a: [("version", str(v)), ("tile", "9-9"), ("move", up)]),
        ("not-in-hand", lambda v, h, a: [("version", str(v)), ("tile", missing_tile(h)), ("move", up)]),
        ("quick-bad", lambda v, h, a: [("version", str(v)), ("quick", "7-7")]),
        ("illegal", lambda v, h, a: [("version", str(v)), *selected(illegal_action(h, a, True))]),
        ("illegal-quick", lambda v, h, a: [("version", str(v)),
                                           ("quick", illegal_action(h, a, True)["tiles"])]),
        ("illegal-down", lambda v, h, a: [("version", str(v)), *selected(illegal_action(h, a, False))]),
        ("illegal-pass", lambda v, h, a: [("version", str(v)), ("move", "pass")]
         if {"tiles": ""} not in a else None),
        ("legal-selected", lambda v, h, a: [("version", str(v)), *selected(a[-1])]),
        ("legal-quick", lambda v, h, a: [("version", str(v)), ("quick", a[0]["tiles"])]
         if a[0]["tiles"] and a[0].get("face_up") is not False else None),
    ]
    for label, make in forms:
        for hx in (False, True):
            state = json_of(client.get(f"/api/v1/games/{gid}"))  # the state now: not an output
            legal = state.get("view", {}).get("legal_actions") or [{"tiles": ""}]
            fields = make(int(state.get("version", 1)), list(state.get("view", {}).get("hand", [])),
                          legal)
            if fields is not None:
                rec.exchange(client, "POST", table, f"{base}/move-{label}{'-hx' if hx else ''}",
                             form=fields, headers=HX if hx else None, follow=not hx)
    rec.exchange(client, "GET", table, f"{base}/table-history-restore",
                 headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    rec.exchange(client, "GET", f"{table}?chosen=1", f"{base}/table-chosen", follow=True)
    rec.exchange(client, "GET", f"{table}/record", f"{base}/record-not-over")
    rec.exchange(client, "GET", f"/ar/{game}/games/{gid}/record", f"{base}/record-not-over-ar")
    rec.exchange(client, "DELETE", table, f"{base}/table-delete")
    other = "tien-gow" if game == "chuo-pai" else "chuo-pai"
    rec.exchange(client, "GET", f"/en/{other}/games/{gid}", f"{base}/table-other-game")
    for label, url in (("table", f"/en/{game}/games/nosuchgame"),
                       ("record", f"/en/{game}/games/nosuchgame/record")):
        rec.exchange(client, "GET", url, f"{base}/unknown-{label}")
    rec.exchange(client, "POST", f"/en/{game}/games/nosuchgame", f"{base}/unknown-post",
                 form=[("version", "1"), ("move", "pass")])


# -- judge API, errors ---------------------------------------------------------------------------

JUDGE_QUERIES: dict[str, list[dict[str, Any]]] = {
    "chuo-pai": [
        {"current": "6-6 6-6", "play": "1-1 1-1"}, {"current": "1-1 1-1", "play": "6-6 6-6"},
        {"current": None, "play": "6-6"}, {"play": "2-5"}, {"current": "2-5", "play": "1-4"},
        {"current": "2-3", "play": "3-6"}, {"current": "6-6", "play": "6-6"},
        {"current": "6-6", "play": "6-6 6-6"}, {"play": "1-2 3-4"}, {"play": "1-2 2-4"},
        {"current": "1-2 3-4", "play": "6-6"}, {"play": "2-1"}, {"play": "5-5 5-5 5-5 5-5"},
        {"current": "4-4 4-4 4-4", "play": "6-6 6-6 6-6"}, {"play": "7-7"}, {"play": ""},
        {"current": "6-6", "play": "x"}, {"current": "", "play": "6-6"},
    ],
    "tien-gow": [
        {"current": "6-6", "play": "1-1"}, {"current": "1-1", "play": "6-6"}, {"play": "1-2 2-4"},
        {"current": "1-2 2-4", "play": "6-6 6-6"}, {"current": "6-6 6-6", "play": "1-1 1-1"},
        {"current": "4-5", "play": "3-6"}, {"current": "6-6", "play": "2-2 3-3"},
        {"current": None, "play": "6-6 4-5"}, {"play": "1-3 5-6"}, {"current": "6-6", "play": "6-6"},
        {"play": "1-1 2-2 3-3 4-4"}, {"current": "2-3 1-4", "play": "3-3"}, {"play": "2-1"},
        {"play": "7-7"}, {"play": ""}, {"current": "1-3 5-6", "play": "6-6"},
    ],
}


def judge_api(rec: Recorder, app: Flask) -> None:
    client = app.test_client(use_cookies=False)
    url = "/api/v1/judge"
    for game in GAMES:
        for i, query in enumerate(JUDGE_QUERIES[game], start=1):
            for lang in LANGS:
                rec.exchange(client, "POST", url, f"judge/{game}/{i:02d}-{lang}",
                             json_body={"game": game, **query, "lang": lang})
    bad: list[tuple[str, Any]] = [
        ("list", ["chuo-pai"]), ("empty", {}), ("no-play", {"game": "chuo-pai"}),
        ("no-game", {"play": "6-6"}), ("game-number", {"game": 5, "play": "6-6"}),
        ("game-unknown", {"game": "mahjong", "play": "6-6"}),
        ("play-number", {"game": "chuo-pai", "play": 66}),
        ("play-null", {"game": "chuo-pai", "play": None}),
        ("current-number", {"game": "tien-gow", "play": "6-6", "current": 5}),
        ("play-long", {"game": "chuo-pai", "play": "6-6 " * 60}),
        ("lang-number", {"game": "chuo-pai", "play": "6-6", "lang": 5}),
        ("lang-null", {"game": "chuo-pai", "play": "6-6", "lang": None}),
        ("lang-unknown", {"game": "chuo-pai", "play": "6-6", "lang": "xx"}),
        ("lang-ar-missing-play", {"game": "tien-gow", "lang": "ar"}),
        ("extra-field", {"game": "chuo-pai", "play": "6-6", "extra": True}),
    ]
    for label, body in bad:
        rec.exchange(client, "POST", url, f"judge/bad/{label}", json_body=body)
    rec.exchange(client, "POST", url, "judge/bad/not-json", raw=b"{game", content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/not-utf8", raw=b'{"game": "\xff"}',
                 content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/no-body")
    rec.exchange(client, "POST", url, "judge/bad/too-large",
                 raw=b'{"game": "chuo-pai", "play": "' + b" " * 5000 + b'"}',
                 content_type="application/json")
    rec.exchange(client, "POST", url + "?lang=fa", "judge/bad/not-json-query-fa", raw=b"[",
                 content_type="application/json")
    rec.exchange(client, "POST", url, "judge/bad/not-json-accept-pl", raw=b"[",
                 content_type="application/json", headers={"Accept-Language": "pl,en;q=0.5"})
    rec.exchange(client, "POST", url + "?lang=hi", "judge/query-hi",
                 json_body={"game": "chuo-pai", "play": "6-6", "current": "1-1"})
    rec.exchange(client, "POST", url, "judge/accept-ar",
                 json_body={"game": "tien-gow", "play": "6-6", "current": "1-1"},
                 headers={"Accept-Language": "ar"})
    rec.exchange(client, "GET", url, "judge/get")
    rec.exchange(client, "GET", url + "?lang=fa", "judge/get-fa")
    rec.exchange(client, "PUT", url, "judge/put", json_body={"game": "chuo-pai", "play": "6-6"})
    for label, path in (("chuo-pai", "/api/v1/chuo-pai/puzzles"),
                        ("chuo-pai-fa", "/api/v1/chuo-pai/puzzles?lang=fa"),
                        ("unknown", "/api/v1/mahjong/puzzles"),
                        ("unknown-ar", "/api/v1/mahjong/puzzles?lang=ar")):
        rec.exchange(client, "GET", path, f"judge/puzzles-{label}")


def error_pages(rec: Recorder, app: Flask, step_urls: Sequence[str]) -> None:
    client = app.test_client(use_cookies=False)
    paths = ["/xx/", "/xx/glossary", "/EN/", "/en", "/fa", "/en/glossary/", "/nothing",
             "/nothing/", "/static/nothing.css", "/static/", "/api/v1/nothing", "/api/v1/",
             "/favicon.ico", "/robots.txt"]
    for lang in ("en", "fa"):
        paths += [f"/{lang}/mahjong/rules", f"/{lang}/mahjong/puzzles", f"/{lang}/mahjong/play",
                  f"/{lang}/nothing", f"/{lang}/chuo-pai", f"/{lang}/chuo-pai/puzzles/no-such-lesson",
                  f"/{lang}/chuo-pai/puzzles/no-such-lesson/1", f"/{lang}/tien-gow/puzzles/tiles/0",
                  f"/{lang}/tien-gow/puzzles/tiles/999", f"/{lang}/chuo-pai/practice/extreme",
                  f"/{lang}/chuo-pai/practice/easy/2147483647",
                  f"/{lang}/chuo-pai/practice/easy/2147483648", f"/{lang}/chuo-pai/practice/easy/-1",
                  f"/{lang}/chuo-pai/practice/easy/abc", f"/{lang}/tien-gow/games/nosuchgame",
                  f"/{lang}/glossary?chosen=1&x=2", f"/{lang}/chuo-pai/puzzles/reset"]
    for path in paths:
        rec.exchange(client, "GET", path, "errors/get/" + url_name(path).replace("/", "~", 1))
    for label, headers in (("accept-ar", {"Accept-Language": "ar"}),
                           ("cookie-pl", {"Cookie": "paiyou_lang=pl"})):
        rec.exchange(client, "GET", "/nothing", f"errors/get/nothing-{label}", headers=headers)
    step = next((u for u in step_urls if u.startswith("/en/")), "/en/chuo-pai/puzzles/cards/1")
    methods = [("POST", "/"), ("POST", "/en/"), ("POST", "/en/glossary"), ("PUT", "/en/chuo-pai/rules"),
               ("DELETE", "/en/puzzles"), ("POST", "/favicon.svg"), ("POST", "/fa/tien-gow/puzzles"),
               ("DELETE", step), ("POST", "/static/css/site.css"), ("POST", "/nothing"),
               ("HEAD", "/en/"), ("OPTIONS", "/en/"), ("OPTIONS", "/api/v1/judge"),
               ("POST", "/en/chuo-pai/practice/easy")]
    for method, path in methods:
        rec.exchange(client, method, path, f"errors/{method.lower()}/" +
                     url_name(path).replace("/", "~", 1), form=[] if method == "POST" else None)


def configurations(rec: Recorder, folder: Path, step_urls: Sequence[str]) -> None:
    """The operator's settings: weaker computer players, and a reverse proxy in front."""
    for level in ("greedy", "random"):
        app = make_app(folder, f"opponent-{level}", PAIYOU_OPPONENT_LEVEL=level)
        for game in GAMES:
            api_deal(rec, app, game, PLAY_SEEDS[0], f"config/opponent-{level}/{game}",
                     views=(("en", False),))
    app = make_app(folder, "proxy", PAIYOU_BEHIND_PROXY=True)
    client = app.test_client(use_cookies=False)
    forwarded = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https",
                 "X-Forwarded-Host": "paiyou.example"}
    for label, url in (("root", "/"), ("home", "/pl/"), ("practice", "/ar/tien-gow/practice/hard/42"),
                       ("chosen", "/en/glossary?chosen=1"), ("lesson", "/hi/chuo-pai/puzzles/cards")):
        rec.exchange(client, "GET", url, f"config/proxy/{label}", headers=forwarded)
    step = next((u for u in step_urls if u.startswith("/en/") and answer_form(rec.html.get(u, ""))),
                "/en/chuo-pai/puzzles/cards/2")
    for label, origin in (("forwarded", "https://paiyou.example"), ("internal", "http://localhost")):
        rec.exchange(client, "POST", step, f"config/proxy/origin-{label}",
                     headers={**forwarded, "Origin": origin}, form=[("answer", "")])


def root(rec: Recorder, app: Flask) -> None:
    client = app.test_client(use_cookies=False)
    cases: list[tuple[str, dict[str, str]]] = [
        ("plain", {}), ("accept-ar", {"Accept-Language": "ar"}),
        ("accept-fa-pl", {"Accept-Language": "de, fa;q=0.9, pl;q=0.8"}),
        ("accept-hi-in", {"Accept-Language": "hi-IN"}), ("accept-pl", {"Accept-Language": "pl-PL"}),
        ("accept-de", {"Accept-Language": "de"}), ("cookie-fa", {"Cookie": "paiyou_lang=fa"}),
        ("cookie-bad", {"Cookie": "paiyou_lang=xx", "Accept-Language": "hi"}),
    ]
    for label, headers in cases:
        rec.exchange(client, "GET", "/", f"root/{label}", headers=headers)


# -- the engine's command line -------------------------------------------------------------------

def engine(rec: Recorder, name: str, args: Sequence[str], stdin: str = "",
           count_records: bool = False) -> str:
    """``python -m engine ARGS`` with ``stdin``; one file: the command, exit code, stderr, stdout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAIYOU_")}
    env.update(COLUMNS="80", LINES="24")  # argparse wraps its messages to the terminal's width
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", cwd=CHECKOUT, env=env, check=False)
    text = (f"python -m engine {' '.join(args)}\nexit {done.returncode}\n"
            f"-- stderr\n{done.stderr}-- stdout\n{done.stdout}")
    rec.write(name, text, "cli")
    if count_records and done.returncode == 0:
        rec.counts["record"] += sum(1 for line in done.stdout.splitlines() if line.strip())
    return done.stdout


def tampered(record: dict[str, Any]) -> list[tuple[str, str]]:
    """Broken copies of a record (one line each) for ``replay`` to reject, and a few others."""
    cases = [("not-json", "{not json"), ("list", "[1, 2]"), ("unknown-game", '{"game": "mahjong"}'),
             ("empty-object", "{}")]
    for key in record:
        cases.append((f"without-{key}", json.dumps({k: v for k, v in record.items() if k != key})))
    changes: dict[str, Any] = {"format": 2, "seed": (record.get("seed") or 0) + 1}
    for key, value in changes.items():
        cases.append((f"changed-{key}", json.dumps({**record, key: value})))
    for key, value in record.items():
        if isinstance(value, list) and value:
            cases.append((f"shorter-{key}", json.dumps({**record, key: value[:-1]})))
    return cases


def command_line(rec: Recorder) -> None:
    for game in GAMES:
        lines = [json.dumps(q) for q in JUDGE_QUERIES[game]]
        lines += ["not json", "[1]", '{"current": "6-6"}', '{"play": 66}', '{"play": "6-6", "current": 5}',
                  "", '{"play": "6-6", "current": null, "extra": 1}']
        engine(rec, f"cli/judge/{game}", ["judge", "--game", game], "\n".join(lines) + "\n")
        runs: list[tuple[str, int, int]] = [(",".join([a] * SEATS[game]), n, s) for a, n, s in SELFPLAY]
        mixed = [c for c in itertools.product(AGENTS, repeat=SEATS[game]) if len(set(c)) > 1]
        runs += [(",".join(c), 1, MIXED_SEED + i) for i, c in enumerate(mixed)]
        sample: dict[str, Any] | None = None
        for agents, deals, seed in runs:
            name = f"{agents.replace(',', '-')}-{deals}-from-{seed}"
            records = engine(rec, f"cli/selfplay/{game}/{name}",
                             ["selfplay", "--game", game, "--deals", str(deals), "--seed", str(seed),
                              "--agents", agents], count_records=True)
            engine(rec, f"cli/replay/{game}/{name}", ["replay"], records)
            if sample is None and records.strip():
                sample = json.loads(records.splitlines()[0])
        engine(rec, f"cli/selfplay/{game}/default-agents", ["selfplay", "--game", game, "--seed", "9"],
               count_records=True)
        for label, args in (("unknown-agent", ["--agents", ",".join(["best"] * SEATS[game])]),
                            ("too-few-agents", ["--agents", "random"]), ("no-deals", ["--deals", "0"])):
            engine(rec, f"cli/selfplay/{game}/{label}", ["selfplay", "--game", game, *args])
        for label, line in tampered(sample or {}):
            engine(rec, f"cli/replay/{game}/tampered-{label}", ["replay"], line + "\n")
    engine(rec, "cli/usage/judge-unknown-game", ["judge", "--game", "mahjong"], "")
    engine(rec, "cli/usage/no-command", [])
    engine(rec, "cli/usage/help", ["--help"])
    engine(rec, "cli/usage/replay-missing-file", ["replay", "/nonexistent/records.jsonl"])


# -- main ----------------------------------------------------------------------------------------

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
    lines = [f"pages: {rec.counts['page']}", f"API answers: {rec.counts['api']}",
             f"deal records: {rec.counts['record']}", f"command-line outputs: {rec.counts['cli']}",
             f"crawled URLs: {len(seen)}", f"game ids: {len(rec.ids)}",
             f"random practice seeds: {len(rec.seeds)}", "", "notes:",
             *(rec.notes or ["none"])]
    (out / SUMMARY).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rec


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--force", action="store_true", help="replace an earlier snapshot in OUTDIR")
    args = parser.parse_args(argv)
    began = time.monotonic()
    prepare(args.outdir, args.force)
    rec = snapshot(args.outdir)
    print((args.outdir / SUMMARY).read_text(encoding="utf-8"), end="")
    print("time: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in rec.timings))
    print(f"written to {args.outdir} in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
