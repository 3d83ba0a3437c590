"""The rules page's pieces (``paiyou.views.rules``): every game's ladders by name, a rule's label
in the page's digits, and one content message rendered to HTML in the page's language
(``text_renderer``); the ``rules_rule_label`` template global."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from flask import Flask
from flask_babel import get_locale, pgettext
from markupsafe import Markup, escape

from paiyou.content import rules as rules_content
from paiyou.content.rules import Text, Value
from paiyou.i18n import names, numerals


@cache
def ladders() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Every game's ladders by name, strongest rung first; keys sharing a rung are equal rank."""
    return {name: ladder for words in names.vocabularies() for name, ladder in words.ladders.items()}


def _digits(text: str) -> str:
    return numerals.to_native_digits(text, get_locale())


def rule_label(rule: str) -> str:
    """``cp-12`` -> ``CP-12`` (in the page's digits)."""
    return _digits(rule.upper())


def _value(game: str, value: Value, rule_page: str = "") -> Markup:
    if value.kind == "n":
        return escape(numerals.num(int(value.arg)))
    if value.kind in rules_content.TILE_KINDS:
        tile_game = rules_content.TILE_KINDS[value.kind]
        return Markup('<span class="tile-name">%s</span>') % names.tile_name(value.arg, tile_game)
    return Markup('<a class="rule-ref" href="%s#%s"><bdi dir="ltr">%s</bdi></a>') % (
        rule_page, value.arg, rule_label(value.arg))


def text_renderer(game: str, rule_page: str = "") -> Callable[[Text], Markup]:
    """``rt(text)``: one content message, translated and rendered to HTML; a rule's link points
    into ``rule_page`` (the rules page's URL; "" on the rules page itself)."""

    def rt(text: Text) -> Markup:
        return rules_content.render_text(
            text,
            translate=lambda ctx, msgid: pgettext(ctx, msgid),
            value=lambda v: _value(game, v, rule_page),
            digits=_digits,
            chinese=names.vocabulary(game).chinese_script,
        )

    return rt


def rules_rule_label(rule: str) -> str:
    return rule_label(rule)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(rules_rule_label=rules_rule_label)
