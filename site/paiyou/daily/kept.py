"""The day's page and its live result rendered once per shown state, kept, and each reader's own
values put in per request (docs/daily.md, "Speed").

Rendering the day's page (the frame, the chart, its table, the top 50: some 200 numbers and as many
translated words) costs several times the reads behind it, and almost all of it is the same for
every reader in the same state. So each request builds the page's model (``pages.todays_page``:
one statement for the reader's state and the day's generations, the field kept per generation by
``paiyou.daily.day_field``) and splits it in two:

- **shown to everyone in that state**: the request's scheme, host and path (the language is in
  it), the day's card (date, time left, players), and for a finished deal its figures against the
  field as it stands (score, counted or not, matchpoints, percentile, rank, par, the chart with
  the bin of that score, the top 50 with the reader's row marked, final or live). These are the
  cache key: a field that changed, a name set in the top 50 or a minute that changed the time
  left is another key, so a kept page is never stale and needs no freshness bound; the pages of
  a state no longer shown age out of the LRU;
- **the reader's own** (``OWN``): the CSRF token, the share text (it marks the reader's rounds),
  the reader's leaderboard name, and the reader's deal id in the links to the table and the
  review. The page is rendered with a marker in place of each (``marker``: a random per-process
  token around the value's role, unchanged by HTML escaping and URL building), split at the
  markers once, and kept; each answer joins the pieces with this reader's values, escaped as the
  template's autoescape would. A kept page never holds a reader's value, so nothing of one
  reader's result can reach another, and the answer is byte for byte the page rendered directly.

Kept in an LRU bounded by bytes per process (``PAIYOU_DAILY_PAGE_CACHE_BYTES``, default 8 MiB: a
visitor's day's page is about 5 KiB, one with a result and a full top 50 about 16 KiB: measured
2026-12-07, 4.5 / 15.7 KiB in English, 5.2 / 17.2 KiB in Arabic; the live fragment 11–12 KiB),
each with its text pieces compressed once (``Split``): a client that takes gzip gets them as they
are, with only its own values compressed per answer, each on its own (``answer``). The panel of a
state is itself formatted once per field (``pages.Everyone``, kept with ``day_field.DayField``)
and is what the page is kept under, hashed once.
"""
from __future__ import annotations

import re
import secrets
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from flask import Flask, current_app, g, request
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import escape
from werkzeug.wrappers import Response

from paiyou.daily.pages import AttemptShown, DayCard, ResultPanel
from paiyou.store.schema import is_valid_id
from paiyou.web.htmx import render_context

EXTENSION_KEY = "paiyou.daily_kept"
MAX_BYTES = 8 * 1024 * 1024  # per process
ENTRY_OVERHEAD = 1024  # bytes: the key's objects and the OrderedDict slot, roughly
CSRF, SHARE, NAME, DEAL = "csrf", "share", "name", "deal"
OWN = (CSRF, SHARE, NAME, DEAL)

Pieces = tuple[str, ...]  # literal text and roles in turn: text, role, text, …, text
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no name, mtime 0, OS unknown
FINAL_BLOCK = b"\x03\x00"  # an empty last block (fixed codes): after byte-aligned blocks, the stream's end


def deflated(data: bytes, level: int) -> bytes:
    """``data`` as raw deflate blocks that end byte-aligned and not last (a sync flush) and refer to
    nothing before them (a compressor of its own): any number of these in turn, then
    ``FINAL_BLOCK``, is one deflate stream of their texts in turn."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


@dataclass(frozen=True, slots=True)
class Split:
    """A page split at its markers: ``pieces`` (text, role, text, …) and each text piece compressed
    once (``deflated``), so an answer compresses only the reader's own values."""

    pieces: Pieces
    deflated: tuple[bytes, ...]

    @classmethod
    def of(cls, pieces: Pieces) -> Split:
        return cls(pieces, tuple(deflated(piece.encode(), 9) for piece in pieces[::2]))

    @property
    def size(self) -> int:
        return sum(len(p) for p in self.pieces) + sum(len(d) for d in self.deflated)


class KeptPages:
    """An LRU of split pages whose sizes add up to at most ``max_bytes``; the markers of its process."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.token = secrets.token_hex(12)  # never shown: every marker is replaced in every answer
        self.split = re.compile(f"{self.token}({'|'.join(OWN)}){self.token}").split
        self._pages: OrderedDict[Hashable, tuple[Split, int]] = OrderedDict()
        self._lock = threading.Lock()

    def marker(self, role: str) -> str:
        return f"{self.token}{role}{self.token}"

    def get(self, key: Hashable) -> Split | None:
        with self._lock:
            found = self._pages.get(key)
            if found is None:
                return None
            self._pages.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, split: Split) -> None:
        size = split.size + len(repr(key)) + ENTRY_OVERHEAD
        if size > self.max_bytes:
            return
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._pages[key] = (split, size)
            self.bytes += size
            while self.bytes > self.max_bytes:
                _, (_, dropped) = self._pages.popitem(last=False)
                self.bytes -= dropped

    def __len__(self) -> int:
        return len(self._pages)


def kept_pages() -> KeptPages:
    return current_app.extensions[EXTENSION_KEY]  # type: ignore[no-any-return]


def render_kept(template_name: str, shown: Hashable, own: Mapping[str, str | None],
                context: Callable[[], Mapping[str, object]]) -> str:
    """``template_name`` rendered with ``context()``, where each of ``own``'s roles is its marker
    and everything else is a function of ``shown``: kept under ``shown`` and the request's page,
    then answered with ``own``'s values (None: the empty text) and this visitor's CSRF token.
    ``context`` is called only when the page is not kept."""
    split = _split(template_name, shown, context)
    return _text(split.pieces, _values(split.pieces, own))


def _split(template_name: str, shown: Hashable, context: Callable[[], Mapping[str, object]]) -> Split:
    pages = kept_pages()
    key = (template_name, request.scheme, request.host, request.path, str(get_locale()), shown)
    keep = not current_app.debug  # templates change under a debug server: keep nothing, as the page cache
    split = pages.get(key) if keep else None
    if split is None:
        g.paiyou_csrf_placeholder = pages.marker(CSRF)
        try:
            split = Split.of(tuple(pages.split(render_context(template_name, context()))))
        finally:
            g.pop("paiyou_csrf_placeholder", None)
        if keep:
            pages.put(key, split)
    return split


def _values(pieces: Pieces, own: Mapping[str, str | None]) -> dict[str, str]:
    values = {role: str(escape(value or "")) for role, value in own.items()}
    if CSRF in pieces[1::2]:  # asked only where a form shows it, as the template would
        values[CSRF] = str(escape(generate_csrf()))
    return values


def _text(pieces: Pieces, values: Mapping[str, str]) -> str:
    return "".join(piece if i % 2 == 0 else values[piece] for i, piece in enumerate(pieces))


def answer(split: Split, own: Mapping[str, str | None]) -> Response:
    """The page for this reader as a response: gzip when the client takes it and the page is not
    tiny — the kept text pieces compressed once, only the reader's values per answer, each on its
    own (no value shares a compression window with the page or another value: a secret such as
    the CSRF token cannot be guessed from the compressed length, as BREACH does); else the text
    for ``flask_compress`` to compress as any page."""
    values = _values(split.pieces, own)
    text = _text(split.pieces, values)
    response_class = current_app.response_class
    if not request.accept_encodings["gzip"] or len(text) < current_app.config.get("COMPRESS_MIN_SIZE", 512):
        return response_class(text)
    data = text.encode()
    parts = [GZIP_HEADER]
    for i, piece in enumerate(split.pieces):
        parts.append(split.deflated[i // 2] if i % 2 == 0 else deflated(values[piece].encode(), 6))
    parts += [FINAL_BLOCK, struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)]
    response = response_class(b"".join(parts))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


class Attempt(Protocol):
    """The reader's deal as the day's page reads it (a ``Game`` or ``pages.AttemptShown``)."""

    @property
    def id(self) -> str: ...

    @property
    def is_over(self) -> bool: ...


def _shared_panel(panel: ResultPanel, pages: KeptPages) -> ResultPanel:
    """``panel`` with the reader's own values as markers (the rounds, which only the share text
    shows, left out): made from the panel as everyone in its state sees it, when kept with it."""
    base = panel if panel.everyone is None else panel.everyone.panel
    return replace(base, deal_id=pages.marker(DEAL), share=pages.marker(SHARE), name=pages.marker(NAME),
                   result=replace(base.result, rounds=()), everyone=None)


def _shown(panel: ResultPanel, pages: KeptPages) -> Hashable:
    """What identifies ``panel``'s page among readers: the panel as everyone sees it, hashed once
    per field when it is kept with it (``pages.Everyone``), else the panel with markers (hashed
    here: the top 50 and the chart, a few hundred values)."""
    return panel.everyone if panel.everyone is not None else _shared_panel(panel, pages)


Kept = tuple[Split, dict[str, str | None]]  # a page kept and the reader's values for it


def _day(game: str, card: DayCard, attempt: Attempt | None, panel: ResultPanel | None) -> Kept | str:
    pages = kept_pages()
    if attempt is not None and not is_valid_id(attempt.id):  # never seen: an id is URL-safe as it is
        return render_context("daily/day.html", {"game": game, "card": card, "attempt": attempt, "panel": panel})
    shown_attempt = None if attempt is None else AttemptShown(pages.marker(DEAL), attempt.is_over)
    shown = None if panel is None else _shown(panel, pages)

    def context() -> Mapping[str, object]:
        shared = None if panel is None else _shared_panel(panel, pages)
        return {"game": game, "card": card, "attempt": shown_attempt, "panel": shared}

    return _split("daily/day.html", ("day", game, card, shown_attempt, shown), context), _own(attempt, panel)


def _live(game: str, panel: ResultPanel) -> Kept | str:
    if not is_valid_id(panel.deal_id):
        return render_context("daily/_live.html", {"game": game, "panel": panel})
    pages = kept_pages()
    return (_split("daily/_live.html", ("live", game, _shown(panel, pages)),
                   lambda: {"game": game, "panel": _shared_panel(panel, pages)}), _own(None, panel))


def _as_text(found: Kept | str) -> str:
    return found if isinstance(found, str) else _text(found[0].pieces, _values(found[0].pieces, found[1]))


def _as_response(found: Kept | str) -> Response:
    return current_app.response_class(found) if isinstance(found, str) else answer(*found)


def day_page(game: str, card: DayCard, attempt: Attempt | None, panel: ResultPanel | None) -> str:
    """The day's page (``daily/day.html``) for this reader: kept per shown state."""
    return _as_text(_day(game, card, attempt, panel))


def day_response(game: str, card: DayCard, attempt: Attempt | None, panel: ResultPanel | None) -> Response:
    """``day_page`` as a response, compressed as ``answer`` says."""
    return _as_response(_day(game, card, attempt, panel))


def live_panel(game: str, panel: ResultPanel) -> str:
    """The result panel alone (``daily/_live.html``, htmx's polling) for this reader: kept per shown state."""
    return _as_text(_live(game, panel))


def live_response(game: str, panel: ResultPanel) -> Response:
    """``live_panel`` as a response, compressed as ``answer`` says."""
    return _as_response(_live(game, panel))


def _own(attempt: Attempt | None, panel: ResultPanel | None) -> dict[str, str | None]:
    if panel is not None:
        return {DEAL: panel.deal_id, SHARE: panel.share, NAME: panel.name}
    return {DEAL: attempt.id if attempt is not None else None}


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION_KEY] = KeptPages(int(app.config.get("PAIYOU_DAILY_PAGE_CACHE_BYTES", MAX_BYTES)))


__all__ = ["KeptPages", "kept_pages", "render_kept", "Attempt", "day_page", "live_panel", "init_app", "Split",
           "answer", "day_response", "live_response", "deflated",
           "MAX_BYTES", "OWN"]
