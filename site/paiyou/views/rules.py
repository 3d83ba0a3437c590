"""Blueprint ``rules``: the rules reference of each game, ``/<lang>/<game>/rules``
(``/en/chuo-pai/rules``).

The text is ``content/rules/<game>.md`` (English source, ``paiyou.content.rules``), translated
message by message from the ``rules`` domain; the ladders are drawn from the engine's tables
(each game's ``Vocabulary.ladders``: CP-7, TG-1), so the pictures cannot disagree with the rules
the games are played by.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from flask import Blueprint, current_app
from flask_babel import get_locale, pgettext
from markupsafe import Markup, escape

from paiyou.content import rules as rules_content
from paiyou.content.rules import Text, Value
from paiyou.i18n import names, numerals
from paiyou.registry import url_converter
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("rules", __name__, url_prefix="/<lang_code>")

@cache
def ladders() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Every game's ladders by name, strongest rung first; keys sharing a rung are equal rank."""
    return {name: ladder for words in names.vocabularies() for name, ladder in words.ladders.items()}


@bp.get(f"/{url_converter()}/rules")
@cacheable()
def show(game: str) -> str:
    document = rules_content.load(current_app.config["PAIYOU_CONTENT_DIR"], game)
    return render(
        "rules/show.html",
        game=game,
        doc=document,
        ladders=ladders(),
        example_rule=names.vocabulary(game).example_rule,
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


def text_renderer(game: str) -> Callable[[Text], Markup]:
    """``rt(text)``: one content message, translated and rendered to HTML."""

    def rt(text: Text) -> Markup:
        return rules_content.render_text(
            text,
            translate=lambda ctx, msgid: pgettext(ctx, msgid),
            value=lambda v: _value(game, v),
            digits=_digits,
            chinese=names.vocabulary(game).chinese_script,
        )

    return rt


@bp.app_template_global()
def rules_rule_label(rule: str) -> str:
    return rule_label(rule)
