"""The recorder: one file per HTTP exchange (and per command-line output), after normalising what
is random per run; and the same-site links each page and style sheet gives, for the crawl."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urljoin, urlsplit

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scripts.snapshotting.common import GAMES, STEP_PATH

ID_RUN = re.compile(r"[A-Za-z0-9_-]{32,}")
ID_FOUND = (re.compile(r"/games/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])"),
            re.compile(r'"id":\s*"([A-Za-z0-9_-]{32})"'))
RANDOM_SEED_PAGE = re.compile(r"^/[a-z]{2}/[a-z-]+/practice(/(easy|medium|hard))?$")
PRACTICE_LINK = re.compile(r"(/practice/(?:easy|medium|hard)/)(\d+)")
EXPIRES = re.compile(r"(?i)(expires=)[^;]*")
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")\s]+)")
VARYING_HEADERS = {"last-modified": "(file time)", "etag": "(file time)", "expires": "(date)",
                   "date": "(date)"}

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
