"""Content pages rendered once, then served from memory with an ``ETag`` (and ``304``s).

The rules, glossary and lesson pages depend only on the path (scheme and host included: their
language alternates are absolute), the language (in the path), whether htmx asked for a fragment,
the query parameters the view reads and the cookies it reads (puzzle progress). A view marked
``@cacheable(query=…, cookies=…)`` names those, and its page is kept once per such key — never
per other parameter or cookie, which a client may vary at will:

- a query parameter the view does not read is dropped by a redirect (301) to the canonical URL;
- ``answers`` (a puzzle's answer fields): served, never kept (one visitor's answer);
- only the named cookies (or cookie name prefixes) are in the key.

The pages are kept in an LRU bounded **by bytes** per process (``PAIYOU_PAGE_CACHE_BYTES``,
default 32 MiB: bodies, their gzip copies and keys, plus an estimate of each entry's overhead).
Nothing is kept in debug mode, where templates and content change under the running app.

A page may hold forms, whose CSRF token belongs to the visitor: it is rendered with a placeholder
in place of the token, and each response gets the visitor's own token put in. Pages without a
token are kept compressed as well (gzip), so serving one costs a dictionary look-up.
"""
from __future__ import annotations

import gzip
import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar, cast
from urllib.parse import urlencode

from flask import Flask, current_app, g, make_response, redirect, request, session
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

View = TypeVar("View", bound=Callable[..., ResponseReturnValue])
EXTENSION_KEY = "paiyou.page_cache"
MAX_BYTES = 32 * 1024 * 1024  # per process; a rules page and its gzip copy are about 0.2 MiB
ENTRY_OVERHEAD = 1024  # bytes: the Page, its key tuple and the OrderedDict slot, roughly
# Headers a kept page is served with (the rest are added afresh by the app on every response).
KEPT_HEADERS = ("Content-Type", "Content-Language", "Vary", "Link", "X-Robots-Tag")


@dataclass(frozen=True, slots=True)
class Keys:
    """What a kept page depends on besides its path: the query parameters and the cookies the
    view reads (a cookie name ending in ``*`` is a prefix), and the parameters that make a page
    one visitor's (``answers``, a regex: served, never kept)."""

    query: tuple[str, ...] = ()
    cookies: tuple[str, ...] = ()
    answers: re.Pattern[str] | None = None

    def reads_cookie(self, name: str) -> bool:
        return any(name == c or (c.endswith("*") and name.startswith(c[:-1])) for c in self.cookies)


def cacheable(*, query: tuple[str, ...] = (), cookies: tuple[str, ...] = (),
              answers: str | None = None) -> Callable[[View], View]:
    """Mark a view whose page depends only on the path, the language, the htmx flag, the
    ``query`` parameters and the ``cookies`` named (see ``Keys``)."""
    keys = Keys(tuple(query), tuple(cookies), re.compile(answers) if answers else None)

    def mark(view: View) -> View:
        view._paiyou_cacheable = keys  # type: ignore[attr-defined]
        return view

    return mark


@dataclass(frozen=True, slots=True)
class Page:
    body: bytes
    gzipped: bytes | None  # None when the body holds a token placeholder (compressed per response)
    headers: tuple[tuple[str, str], ...]
    etag: str
    has_token: bool


def _size(key: tuple[object, ...], page: Page) -> int:
    return (len(page.body) + len(page.gzipped or b"") + len(repr(key)) + ENTRY_OVERHEAD
            + sum(len(n) + len(v) for n, v in page.headers))


class PageCache:
    """An LRU of pages whose sizes (``_size``) add up to at most ``max_bytes``."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.placeholder = "csrf-" + secrets.token_hex(16)  # never a real token
        self._pages: OrderedDict[tuple[object, ...], Page] = OrderedDict()
        self._sizes: dict[tuple[object, ...], int] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Page | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: tuple[object, ...], page: Page) -> None:
        size = _size(key, page)
        if size > self.max_bytes:
            return  # larger than the whole cache: served, not kept
        with self._lock:
            if key in self._pages:
                self.bytes -= self._sizes[key]
            self._pages[key] = page
            self._sizes[key] = size
            self.bytes += size
            self._pages.move_to_end(key)
            while self.bytes > self.max_bytes:
                old, _ = self._pages.popitem(last=False)
                self.bytes -= self._sizes.pop(old)

    def __len__(self) -> int:
        return len(self._pages)


def _cache() -> PageCache:
    return current_app.extensions[EXTENSION_KEY]  # type: ignore[no-any-return]


def csrf_token() -> str:
    """The ``csrf_token()`` of templates: the placeholder while a page is rendered for keeping."""
    placeholder = g.get("paiyou_csrf_placeholder")
    return str(placeholder) if placeholder else str(generate_csrf())


def _key(keys: Keys) -> tuple[object, ...]:
    cookies = tuple(sorted((k, v) for k, v in request.cookies.items() if keys.reads_cookie(k)))
    query = tuple((k, v) for k, v in request.args.items(multi=True) if k in keys.query)
    # scheme and host too: the hreflang alternates and share links are absolute URLs (the host is
    # one of TRUSTED_HOSTS, so this adds few keys)
    return (request.scheme, request.host, request.path, query,
            request.headers.get("HX-Request") == "true",
            request.headers.get("HX-History-Restore-Request") == "true", cookies)


def _canonical(keys: Keys) -> Response | None:
    """A redirect to the same URL without the query parameters the view does not read."""
    def read(name: str) -> bool:
        return name in keys.query or bool(keys.answers and keys.answers.fullmatch(name))

    if all(read(k) for k in request.args):
        return None
    kept = [(k, v) for k, v in request.args.items(multi=True) if read(k)]
    return redirect(request.path + (f"?{urlencode(kept)}" if kept else ""), code=301)


def _answered(keys: Keys) -> bool:
    return keys.answers is not None and any(keys.answers.fullmatch(k) for k in request.args)


def _keep(response: Response, cache: PageCache) -> Page | None:
    if response.status_code != 200 or response.direct_passthrough or "Set-Cookie" in response.headers \
            or response.headers.get("Content-Encoding"):
        return None
    body = response.get_data()
    has_token = cache.placeholder.encode() in body
    headers = tuple((name, response.headers[name]) for name in KEPT_HEADERS if name in response.headers)
    etag = hashlib.blake2b(body, digest_size=12).hexdigest()
    gzipped = None if has_token else gzip.compress(body, compresslevel=9, mtime=0)
    return Page(body, gzipped, headers, etag, has_token)


def _serve(page: Page, cache: PageCache) -> Response:
    etag, body, gzipped = page.etag, page.body, page.gzipped
    if page.has_token:
        token = generate_csrf()
        body = body.replace(cache.placeholder.encode(), token.encode())
        # stable per visitor: any token of this session stays valid, so a 304 is right
        raw = str(session.get("csrf_token", ""))
        etag = hashlib.blake2b((page.etag + raw).encode(), digest_size=12).hexdigest()
    response = Response(status=200)
    for name, value in page.headers:
        response.headers[name] = value
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"  # keep it, but ask (the ETag answers quickly)
    response.vary.update(("Accept-Encoding", "Cookie", "HX-Request"))
    if request.if_none_match.contains(etag):
        response.status_code = 304
        return response
    if gzipped is not None and request.accept_encodings["gzip"]:
        response.set_data(gzipped)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response.set_data(body)
    return response


def _wrap(view: Callable[..., ResponseReturnValue], keys: Keys) -> Callable[..., ResponseReturnValue]:
    @wraps(view)
    def kept(**kwargs: object) -> ResponseReturnValue:
        if request.method not in ("GET", "HEAD"):
            return view(**kwargs)
        canonical = _canonical(keys)
        if canonical is not None:
            return canonical
        if current_app.debug or _answered(keys):
            return view(**kwargs)
        cache = _cache()
        key = _key(keys)
        page = cache.get(key)
        if page is None:
            g.paiyou_csrf_placeholder = cache.placeholder
            try:
                response = make_response(view(**kwargs))
            finally:
                g.pop("paiyou_csrf_placeholder", None)
            page = _keep(response, cache)
            if page is None:  # a redirect, an error, a cookie being set: served as it is, not kept
                if cache.placeholder.encode() in response.get_data():
                    response.set_data(response.get_data().replace(cache.placeholder.encode(),
                                                                  generate_csrf().encode()))
                return response
            cache.put(key, page)
        return _serve(page, cache)

    return kept


def init_app(app: Flask) -> None:
    """Keep the marked views' pages; call it after the blueprints are registered."""
    app.extensions[EXTENSION_KEY] = PageCache(int(app.config.get("PAIYOU_PAGE_CACHE_BYTES", MAX_BYTES)))
    # Flask-WTF offers csrf_token() both as a global (macros) and from a context processor
    # (pages); this one must win in both places, so a kept page never holds a visitor's token.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})
    for endpoint, view in list(app.view_functions.items()):
        keys = getattr(view, "_paiyou_cacheable", None)
        if isinstance(keys, Keys):
            # Flask types view_functions as sync or async views; every view marked cacheable is sync
            app.view_functions[endpoint] = _wrap(cast(Callable[..., ResponseReturnValue], view), keys)


__all__ = ["cacheable", "init_app", "Keys", "PageCache", "csrf_token"]
