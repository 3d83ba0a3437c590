"""Blueprint ``pages``: the language redirect, home, glossary, and the site icon."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, redirect, render_template, url_for
from werkzeug.wrappers import Response as BaseResponse

from engine.chuo_pai import families as cp
from engine.tien_gow import ladders as tg
from engine.tiles import TILE_BY_KEY
from paiyou.config import LANG_SEGMENT
from paiyou.i18n import languages as i18n
from paiyou.web.htmx import render

bp = Blueprint("pages", __name__)


@bp.get("/")
def root() -> BaseResponse:
    """No language in the URL: the remembered choice, else the browser's languages."""
    response = redirect(url_for("pages.home", lang_code=i18n.preferred_language()), code=302)
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.private = True
    return response


@bp.get(f"/{LANG_SEGMENT}/")
def home() -> str:
    return render("pages/home.html")


@bp.get(f"/{LANG_SEGMENT}/glossary")
def glossary() -> str:
    return render("pages/glossary.html", groups=glossary_groups())


@bp.get("/favicon.svg")
def favicon() -> Response:
    response = Response(render_template("pages/favicon.svg"), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def glossary_context() -> dict[str, object]:
    """The glossary's groups; each game's combinations come from its vocabulary."""
    return {"groups": glossary_groups()}


@dataclass(frozen=True, slots=True)
class GlossaryGroup:
    family: str                    # a Chuo Pai family
    suit: str                      # the Tien Gow suit all its tiles are in
    keys: list[str]                # its tiles, strongest first
    ties: dict[str, list[str]]     # tile -> the other tiles of its rank


def glossary_groups() -> list[GlossaryGroup]:
    """The 21 identities by Chuo Pai family, strongest first. Each family lies inside one Tien Gow
    suit (Long and Yao are the civil tiles, Black and Red the military ones)."""
    groups = []
    for family in cp.FAMILIES:
        keys = [key for rank in cp.LADDERS[family] for key in rank]
        suits = {tg.SUIT[TILE_BY_KEY[key]] for key in keys}
        (suit,) = suits
        ties = {key: [k for k in rank if k != key] for rank in cp.LADDERS[family] for key in rank}
        groups.append(GlossaryGroup(family, suit, keys, ties))
    return groups
