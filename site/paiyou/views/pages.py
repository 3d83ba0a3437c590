"""Blueprint ``pages``: the language redirect, home, glossary, and the favicon."""
from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for

from engine.chuo_pai.families import FAMILIES, FAMILY_OF, LADDERS, STRENGTH
from engine.tiles import TILE_BY_KEY
from paiyou import i18n
from paiyou.htmx import render
from paiyou.names import CIVIL, MILITARY

bp = Blueprint("pages", __name__)


@bp.get("/")
def root() -> Response:
    """No language in the URL: the remembered choice, else the browser's languages."""
    response = redirect(url_for("pages.home", lang_code=i18n.preferred_language()), code=302)
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.private = True
    return response


@bp.get("/<lang_code>/")
def home() -> str:
    return render("pages/home.html")


@bp.get("/<lang_code>/glossary")
def glossary() -> str:
    return render("pages/glossary.html", groups=glossary_groups())


@bp.get("/favicon.svg")
def favicon() -> Response:
    svg = render_template("pages/favicon.svg")
    response = Response(svg, mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def tien_gow_suit(key: str) -> str:
    """Civil or military (TG-1): the Long and Yao families' tiles are exactly the civil ones."""
    return CIVIL if FAMILY_OF[TILE_BY_KEY[key]] in ("long", "yao") else MILITARY


def glossary_groups() -> list[dict[str, object]]:
    """The 21 identities grouped by Chuo Pai family (strongest first); each family lies wholly
    inside one Tien Gow suit (Long, Yao: civil; Black, Red: military)."""
    groups = []
    for family in FAMILIES:
        keys = [key for rank in LADDERS[family] for key in rank]
        keys.sort(key=lambda k: -STRENGTH[TILE_BY_KEY[k]])
        groups.append({"family": family, "suit": tien_gow_suit(keys[0]), "keys": keys})
    return groups
