"""Content pages rendered once, then served from memory with an ``ETag`` (and ``304``s).

The rules, glossary and lesson pages depend only on the URL (scheme and host included: their
language alternates are absolute), the language (in the URL), whether htmx asked for a fragment,
and the visitor's cookies (puzzle progress). So a view marked
``@cacheable`` is rendered once per such key and kept (a bounded LRU per process; nothing is kept
in debug mode, where templates and content change under the running app).

A page may hold forms, whose CSRF token belongs to the visitor: it is rendered with a placeholder
in place of the token, and each response gets the visitor's own token put in. Pages without a
token are kept compressed as well (gzip), so serving one costs a dictionary look-up.
"""
from __future__ import annotations

import gzip
import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from flask import Flask, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

View = TypeVar("View", bound=Callable[..., Any])
EXTENSION_KEY = "paiyou.page_cache"
MAX_PAGES = 2048
# Headers a kept page is served with (the rest are added afresh by the app on every response).
KEPT_HEADERS = ("Content-Type", "Content-Language", "Vary", "Link", "X-Robots-Tag")


def cacheable(view: View) -> View:
    """Mark a view whose page depends only on the request's URL, language, htmx flag and cookies."""
    view._paiyou_cacheable = True  # type: ignore[attr-defined]
    return view


@dataclass(frozen=True, slots=True)
class Page:
    body: bytes
    gzipped: bytes | None  # None when the body holds a token placeholder (compressed per response)
    headers: tuple[tuple[str, str], ...]
    etag: str
    has_token: bool


class PageCache:
    def __init__(self, size: int = MAX_PAGES) -> None:
        self.size = size
        self.placeholder = "csrf-" + secrets.token_hex(16)  # never a real token
        self._pages: OrderedDict[tuple[object, ...], Page] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Page | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: tuple[object, ...], page: Page) -> None:
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)

    def __len__(self) -> int:
        return len(self._pages)


def _cache() -> PageCache:
    return current_app.extensions[EXTENSION_KEY]  # type: ignore[no-any-return]


def csrf_token() -> str:
    """The ``csrf_token()`` of templates: the placeholder while a page is rendered for keeping."""
    placeholder = g.get("paiyou_csrf_placeholder")
    return str(placeholder) if placeholder else str(generate_csrf())


def _key() -> tuple[object, ...]:
    cookie_name = current_app.config.get("SESSION_COOKIE_NAME", "session")
    cookies = tuple(sorted((k, v) for k, v in request.cookies.items() if k != cookie_name))
    # scheme and host too: the hreflang alternates and share links are absolute URLs (the host is
    # one of TRUSTED_HOSTS, so this adds few keys)
    return (request.scheme, request.host, request.path, request.query_string,
            request.headers.get("HX-Request") == "true",
            request.headers.get("HX-History-Restore-Request") == "true", cookies)


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


def _wrap(view: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(view)
    def kept(**kwargs: Any) -> Any:
        if request.method not in ("GET", "HEAD") or current_app.debug:
            return view(**kwargs)
        cache = _cache()
        key = _key()
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
    app.extensions[EXTENSION_KEY] = PageCache(int(app.config.get("PAIYOU_PAGE_CACHE_SIZE", MAX_PAGES)))
    # Flask-WTF offers csrf_token() both as a global (macros) and from a context processor
    # (pages); this one must win in both places, so a kept page never holds a visitor's token.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})
    for endpoint, view in list(app.view_functions.items()):
        if getattr(view, "_paiyou_cacheable", False):
            app.view_functions[endpoint] = _wrap(view)


__all__ = ["cacheable", "init_app", "PageCache", "csrf_token"]
