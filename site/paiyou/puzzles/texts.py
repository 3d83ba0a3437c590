"""Lesson texts rendered to HTML: translated message by message (gettext domain ``puzzles``,
context ``<game>/<lesson>``), then inline marks and placeholders filled in. A message a catalog
does not have yet, or whose translation is broken, falls back to the English source."""
from __future__ import annotations

import re

from flask import url_for
from flask_babel import get_locale, pgettext
from markupsafe import Markup, escape

from paiyou.content.model import Text, Value
from paiyou.i18n import numerals
from paiyou.i18n.controls import control
from paiyou.i18n.declension import with_forms
from paiyou.puzzles.kinds import all_games, seat_name

_INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"`([^`]+)`"), r'<bdi class="notation" dir="ltr">\1</bdi>'),
)


def _digits(text: str) -> str:
    return numerals.to_native_digits(text, get_locale())


def _inline(escaped: str) -> str:
    html = escaped
    for pattern, replacement in _INLINE:
        html = pattern.sub(replacement, html)
    return re.sub(r'(<bdi class="notation" dir="ltr">)([^<]*)(</bdi>)',
                  lambda m: m.group(1) + _digits(m.group(2)) + m.group(3), html)


def value_html(value: Value) -> Markup:
    """A placeholder's value as HTML: a number in the page's digits, a rule link, a player's name,
    a button's label, or what a game's own kinds draw (tile and set names …)."""
    kind, arg = value.kind, value.arg
    if kind == "n":
        return escape(numerals.num(int(arg)))
    games = all_games()
    if kind == "seat":
        # the first game (in the engine's order) that has this seat names it
        game = next(key for key, g in games.items() if int(arg) < g.seats)
        return escape(seat_name(game, arg))
    if kind == "button":
        return escape(control(arg))
    if kind == "rule":
        game = next(key for key, g in games.items() if arg.startswith(g.rule_prefix + "-"))
        href = url_for("rules.show", game=game) + "#" + arg.lower()
        return Markup('<a class="rule-ref" href="%s"><bdi dir="ltr">%s</bdi></a>') % (href, _digits(arg))
    html = next(g.placeholders[kind].html for g in games.values() if kind in g.placeholders)
    return html(arg)


def render_text(text: Text) -> Markup:
    values = {v.name: value_html(v) for v in text.values}
    for source in (pgettext(text.ctx, text.msgid), text.msgid):
        html = _inline(str(escape(source)))
        try:  # a name's oblique (%(plum_obl)s) is filled from its value (paiyou.i18n.declension)
            return Markup(html % with_forms(html, values))
        except (KeyError, ValueError, TypeError):
            continue
    return escape(text.msgid)  # pragma: no cover - the English source is checked at load time
