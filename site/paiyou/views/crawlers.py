"""Blueprint ``crawlers``: ``/robots.txt`` and ``/sitemap.xml``.

Crawlers are kept off what is no content — deal tables, the play pages that start deals, the APIs
— and given every content page (home, glossary, rules, lessons) in every language, each with its
language alternates (hreflang) as search engines expect.
"""
from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, url_for

from paiyou.config import LANGUAGE_CODES
from paiyou.registry import listed_games
from paiyou.sitemap import content_pages

bp = Blueprint("crawlers", __name__)


@bp.get("/robots.txt")
def robots() -> Response:
    lines = ["User-agent: *", "Disallow: /api/"]
    for lang in LANGUAGE_CODES:
        for game in listed_games():
            lines += [f"Disallow: /{lang}/{game}/play", f"Disallow: /{lang}/{game}/games/"]
    lines += ["", f"Sitemap: {url_for('crawlers.sitemap', _external=True)}", ""]
    response = Response("\n".join(lines), mimetype="text/plain")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/sitemap.xml")
def sitemap() -> Response:
    entries: list[dict[str, object]] = []
    for endpoint, args in content_pages():
        urls = {lang: url_for(endpoint, lang_code=lang, _external=True, **args) for lang in LANGUAGE_CODES}
        entries.extend({"loc": urls[lang], "alternates": urls} for lang in LANGUAGE_CODES)
    body = render_template("crawlers/sitemap.xml", entries=entries,
                           default=current_app.config.get("BABEL_DEFAULT_LOCALE", "en"))
    response = Response(body, mimetype="application/xml")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
