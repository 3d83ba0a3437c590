"""Languages in the URL, the locale selector, the remembered choice and the page's alternates.

- Every page URL starts with ``/<lang_code>/``. ``pull_lang_code`` takes it out of the view
  arguments (404 for an unknown language) and ``add_lang_code`` puts it back for ``url_for``.
- ``/`` redirects to ``preferred_language()``: the language chosen with the switcher (a cookie)
  wins, then ``Accept-Language``, then English.
- Switcher links carry ``?chosen=1``; such a request stores the choice in the cookie and is
  redirected to the clean URL, so every page URL stays canonical.
"""
from __future__ import annotations

from typing import Any, TypedDict
from urllib.parse import quote, urlencode

from babel import Locale
from flask import Flask, abort, current_app, g, redirect, request, url_for
from flask_babel import get_locale
from werkzeug.wrappers import Response

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGE_COOKIE, LANGUAGES

CHOSEN_PARAM = "chosen"
PATH_SAFE = "/:@!$&'()*+,;=-._~"  # RFC 3986 pchar and "/": left as they are in a path


def language_from_path(path: str) -> str | None:
    """The language of a path like ``/pl/glossary`` (also for URLs no route matched)."""
    first = path.lstrip("/").split("/", 1)[0]
    return first if first in LANGUAGE_CODES else None


def preferred_language() -> str:
    """Cookie (explicit choice) > Accept-Language > English."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGE_CODES:
        return chosen
    return request.accept_languages.best_match(LANGUAGE_CODES) or DEFAULT_LANGUAGE


def select_locale() -> str:
    """Flask-Babel's locale selector: the URL's language, else the visitor's preference."""
    lang = g.get("lang_code")
    if isinstance(lang, str) and lang in LANGUAGE_CODES:
        return lang
    if request:
        return language_from_path(request.path) or preferred_language()
    return DEFAULT_LANGUAGE


def pull_lang_code(endpoint: str | None, values: dict[str, object] | None) -> None:
    if values and "lang_code" in values:
        lang = values.pop("lang_code")
        if lang not in LANGUAGE_CODES:
            abort(404)
        g.lang_code = lang


def add_lang_code(endpoint: str, values: dict[str, object]) -> None:
    if "lang_code" in values or not current_app.url_map.is_endpoint_expecting(endpoint, "lang_code"):
        return
    values["lang_code"] = g.get("lang_code") or str(get_locale())


def remember_chosen_language() -> Response | None:
    """A switcher click: store the choice, then redirect to the same URL without the marker."""
    lang = g.get("lang_code")
    if CHOSEN_PARAM not in request.args or lang is None or request.method != "GET":
        return None
    args = request.args.copy()
    args.poplist(CHOSEN_PARAM)
    # The same path without the marker: never rebuilt from the query (whose keys may be anything,
    # e.g. "endpoint" or "_external") nor from the Host header, so it stays on this page.
    query = urlencode(list(args.items(multi=True)))
    # The path is percent-encoded again (CR, LF or any other byte the client sent encoded stays
    # encoded), so the Location header holds exactly the URL that was asked for.
    path = quote(request.path, safe=PATH_SAFE)
    response = redirect(path + (f"?{query}" if query else ""), code=303)
    response.set_cookie(
        LANGUAGE_COOKIE, lang,
        max_age=current_app.config["LANGUAGE_COOKIE_MAX_AGE"],
        samesite="Lax", httponly=True, secure=request.is_secure,
    )
    return response


def text_direction(lang: str) -> str:
    return Locale.parse(lang).text_direction  # 'rtl' for ar and fa, from CLDR


LRI, PDI = "\u2066", "\u2069"  # LEFT-TO-RIGHT ISOLATE, POP DIRECTIONAL ISOLATE


def isolated(text: str) -> str:
    """Left-to-right ``text`` (tile notation, a header) for a plain-text message (the APIs' JSON):
    in a right-to-left language, between U+2066 and U+2069, so it shows in its own order inside
    the sentence; unchanged in a left-to-right language. (HTML isolates with ``<bdi dir="ltr">``.)"""
    locale = get_locale()
    return f"{LRI}{text}{PDI}" if locale is not None and locale.text_direction == "rtl" else text


def page_url(lang: str, *, external: bool = False, chosen: bool = False) -> str | None:
    """This page in another language, or None when the current request is not a page."""
    endpoint = request.endpoint
    if not endpoint or not current_app.url_map.is_endpoint_expecting(endpoint, "lang_code"):
        return None
    # url_for takes the values untyped (``**values``) beside its typed keywords (``_external`` …):
    # a dict of narrower values would have to match those keywords too
    args: dict[str, Any] = dict(request.view_args or {})
    if chosen:
        args[CHOSEN_PARAM] = 1
    return url_for(endpoint, **args, lang_code=lang, _external=external)


def alternates() -> list[dict[str, str]]:
    """hreflang alternates of the current page: each language, then x-default (the root)."""
    links = []
    for language in LANGUAGES:
        href = page_url(language.code, external=True)
        if href is None:
            return []
        links.append({"hreflang": language.code, "href": href})
    # x-default: the home page's is "/", which picks the visitor's language; other pages: English
    if request.endpoint == "pages.home":
        default = url_for("pages.root", _external=True)
    else:
        default = page_url(DEFAULT_LANGUAGE, external=True) or url_for("pages.root", _external=True)
    links.append({"hreflang": "x-default", "href": default})
    return links


class SwitcherEntry(TypedDict):
    code: str
    name: str
    dir: str
    href: str
    current: bool


def switcher() -> list[SwitcherEntry]:
    """The language switcher's entries (for every page, including error pages)."""
    current = str(get_locale())
    entries: list[SwitcherEntry] = []
    for language in LANGUAGES:
        href = page_url(language.code, chosen=True)
        if href is None:  # error page of an unmatched URL: offer each language's home
            chosen: dict[str, Any] = {CHOSEN_PARAM: 1}  # url_for's untyped values, as in ``page_url``
            href = url_for("pages.home", lang_code=language.code, **chosen)
        entries.append({
            "code": language.code,
            "name": language.native_name,
            "dir": text_direction(language.code),
            "href": href,
            "current": language.code == current,
        })
    return entries


def template_globals() -> dict[str, object]:
    locale = get_locale()
    lang = str(locale)
    return {
        "lang_tag": lang.replace("_", "-"),
        "text_dir": locale.text_direction if locale else "ltr",
        "language_switcher": switcher,
        "hreflang_alternates": alternates,
    }


def init_app(app: Flask) -> None:
    from paiyou.i18n import declension, typesetting  # declension imports the games' vocabularies

    declension.init_app(app)
    app.jinja_env.filters["typeset"] = typesetting.typeset
    app.url_value_preprocessor(pull_lang_code)
    app.url_defaults(add_lang_code)
    app.before_request(remember_chosen_language)
    app.context_processor(template_globals)
