"""Blueprint ``pages``: the language redirect, home, glossary, and the site icon."""
from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from paiyou.config import LANG_SEGMENT
from paiyou.i18n import languages as i18n
from paiyou.i18n.glossary import groups as glossary_groups
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("pages", __name__)


@bp.get("/")
def root() -> BaseResponse:
    """No language in the URL: the remembered choice, else the browser's languages."""
    response = redirect(url_for("pages.home", lang_code=i18n.preferred_language()), code=302)
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.private = True
    return response


@bp.get(f"/{LANG_SEGMENT}/")
@cacheable()
def home() -> str:
    return render("pages/home.html")


@bp.get(f"/{LANG_SEGMENT}/glossary")
@cacheable()
def glossary() -> str:
    return render("pages/glossary.html", groups=glossary_groups())


@bp.get("/favicon.svg")
def favicon() -> Response:
    response = Response(render_template("pages/favicon.svg"), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response

