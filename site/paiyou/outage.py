"""The pages nginx shows when no app process answered in time, rendered ahead of time.

When an app process is frozen or every one is down, nginx itself answers the request with a 502
or 504 of its own. deploy/nginx.conf turns those into these files, which it serves from
``PAIYOU_OUTAGE_ROOT`` (status 503, ``Retry-After``): they must exist before any app process
answers, so they are written by ``flask --app paiyou outage-pages DIR`` when the nginx image is
built (deploy/nginx.Dockerfile; bench/servers.py for the tests), never fetched from the app.

- ``<lang>.html`` for each language: the error pages' layout (base.html, the site's stylesheet,
  ``dir="rtl"`` for Arabic and Persian), saying the server did not answer in time and that a move
  may or may not have been made, with a link back that nginx fills in (server-side includes):
  the table's own page for a request to a table, else the language's home page.
- ``api.<lang>.json``: the game API's error answer ``{"error": "server-unavailable",
  "message": …}``.

The app's own answers (its 503 when the database is out, its 429s, its 404s) never reach these
files: nginx replaces only the errors it makes itself.
"""
from __future__ import annotations

import json
from pathlib import Path

from flask import Flask, g, render_template

from paiyou.api.games import error_message
from paiyou.config import LANGUAGE_CODES

RETRY_AFTER = 5  # seconds (nginx's Retry-After): the other process answers, or a restart is done


def pages(app: Flask) -> dict[str, str]:
    """Every file's name and text."""
    files = {}
    for lang in LANGUAGE_CODES:
        # a fresh application context each time: ``g`` (the locale, chosen once per context) is
        # shared otherwise, e.g. under the flask command, which runs in one context.
        # A URL that no route matches: the language switcher offers each language's home page.
        with app.app_context(), app.test_request_context(f"/{lang}/server-unavailable"):
            files[f"{lang}.html"] = render_template("errors/outage.html")
        with app.app_context(), app.test_request_context(f"/api/v1/games?lang={lang}"):
            g.lang_code = lang  # as the API's own ``language`` does for ?lang=
            body = {"error": "server-unavailable", "message": error_message("server-unavailable")}
            files[f"api.{lang}.json"] = json.dumps(body, ensure_ascii=False) + "\n"
    return files


def write_pages(app: Flask, folder: Path) -> list[Path]:
    """Write every file into ``folder`` (made if missing); return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in pages(app).items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
