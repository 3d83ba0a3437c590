"""Blueprint ``rules``: the rules reference of each game, ``/<lang>/chuo-pai/rules`` and
``/<lang>/tien-gow/rules``.

The text is ``content/rules/<game>.md`` (English source, ``paiyou.content.rules``), translated
message by message from the ``rules`` domain; the ladders are drawn from the engine's tables
(CP-7, TG-1), so the pictures cannot disagree with the rules the games are played by.
"""
from __future__ import annotations

from flask import Blueprint, current_app
from flask_babel import get_locale, pgettext
from markupsafe import Markup, escape

from engine.chuo_pai.families import LADDERS as CHUO_PAI_LADDERS
from engine.tien_gow.ladders import CIVIL_LADDER, MILITARY_LADDER
from paiyou.content import rules as rules_content
from paiyou.content.rules import Text, Value
from paiyou.i18n import names, numerals
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("rules", __name__, url_prefix="/<lang_code>")

# Every ladder, strongest rung first; keys sharing a rung are equal rank.
LADDERS: dict[str, tuple[tuple[str, ...], ...]] = {
    **CHUO_PAI_LADDERS,
    "civil": tuple((key,) for key in CIVIL_LADDER),
    "military": MILITARY_LADDER,
}


@bp.get("/<any('chuo-pai', 'tien-gow'):game>/rules")
@cacheable
def show(game: str) -> str:
    document = rules_content.load(current_app.config["PAIYOU_CONTENT_DIR"], game)
    return render(
        "rules/show.html",
        game=game,
        doc=document,
        ladders=LADDERS,
        rt=text_renderer(game),
    )


def _digits(text: str) -> str:
    return numerals.to_native_digits(text, get_locale())


def rule_label(rule: str) -> str:
    """``cp-12`` -> ``CP-12`` (in the page's digits)."""
    return _digits(rule.upper())


def _value(game: str, value: Value) -> Markup:
    if value.kind == "n":
        return escape(numerals.num(int(value.arg)))
    if value.kind in rules_content.TILE_KINDS:
        tile_game = rules_content.TILE_KINDS[value.kind]
        return Markup('<span class="tile-name">%s</span>') % names.tile_name(value.arg, tile_game)
    return Markup('<a class="rule-ref" href="#%s"><bdi dir="ltr">%s</bdi></a>') % (
        value.arg, rule_label(value.arg))


def text_renderer(game: str):  # noqa: ANN201 - a Jinja global
    """``rt(text)``: one content message, translated and rendered to HTML."""

    def rt(text: Text) -> Markup:
        return rules_content.render_text(
            text,
            translate=lambda ctx, msgid: pgettext(ctx, msgid),
            value=lambda v: _value(game, v),
            digits=_digits,
        )

    return rt


@bp.app_template_global()
def rules_rule_label(rule: str) -> str:
    return rule_label(rule)
