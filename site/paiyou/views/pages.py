"""Blueprint ``pages``: the language redirect, home, glossary, and the site icon."""
from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, url_for

from engine.chuo_pai import families as cp
from engine.tien_gow import ladders as tg
from engine.tien_gow.sets import MIXED_TYPES
from engine.tiles import TILE_BY_KEY
from paiyou.config import LANG_SEGMENT
from paiyou.i18n import languages as i18n
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("pages", __name__)


@bp.get("/")
def root() -> Response:
    """No language in the URL: the remembered choice, else the browser's languages."""
    response = redirect(url_for("pages.home", lang_code=i18n.preferred_language()), code=302)
    response.vary.update(("Accept-Language", "Cookie"))
    response.cache_control.private = True
    return response


@bp.get(f"/{LANG_SEGMENT}/")
@cacheable
def home() -> str:
    return render("pages/home.html")


@bp.get(f"/{LANG_SEGMENT}/glossary")
@cacheable
def glossary() -> str:
    return render("pages/glossary.html", **glossary_context())


@bp.get("/favicon.svg")
def favicon() -> Response:
    response = Response(render_template("pages/favicon.svg"), mimetype="image/svg+xml")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def glossary_context() -> dict[str, object]:
    return {
        "groups": glossary_groups(),
        "specials": chuo_pai_specials(),
        "mixed_sets": tien_gow_mixed_sets(),
    }


def glossary_groups() -> list[dict[str, object]]:
    """The 21 identities by Chuo Pai family, strongest first. Each family lies inside one Tien Gow
    suit (Long and Yao are the civil tiles, Black and Red the military ones)."""
    groups = []
    for family in cp.FAMILIES:
        keys = [key for rank in cp.LADDERS[family] for key in rank]
        suits = {tg.SUIT[TILE_BY_KEY[key]] for key in keys}
        (suit,) = suits
        ties = {key: [k for k in rank if k != key] for rank in cp.LADDERS[family] for key in rank}
        groups.append({"family": family, "suit": suit, "keys": keys, "ties": ties})
    return groups


def chuo_pai_specials() -> list[dict[str, object]]:
    """CP-10: each special type with its head and its matching-total cards, strongest first."""
    return [{"type": name, "head": head, "totals": list(totals)}
            for name, (head, totals) in cp.SPECIAL_TYPES.items()]


def tien_gow_mixed_sets() -> list[dict[str, object]]:
    """TG-4 (e): each mixed type with its civil tile and the military tiles of its total."""
    military = [key for rank in tg.MILITARY_LADDER for key in rank]
    return [{"type": name, "head": head,
             "totals": [k for k in military if TILE_BY_KEY[k].total == total]}
            for name, head, total in MIXED_TYPES]
