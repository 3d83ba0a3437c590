"""Lesson texts rendered to HTML: translated message by message (gettext domain ``puzzles``,
context ``<game>/<lesson>``), then inline marks and placeholders filled in. A message a catalog
does not have yet, or whose translation is broken, falls back to the English source."""
from __future__ import annotations

import re

from flask import url_for
from flask_babel import get_locale, pgettext
from markupsafe import Markup, escape

from paiyou.i18n import names, numerals
from paiyou.puzzles.model import Text, Value

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
    from paiyou.puzzles.feedback import seat_name

    kind, arg = value.kind, value.arg
    if kind == "n":
        return escape(numerals.num(int(arg)))
    if kind in ("cp", "tg"):
        game = "chuo-pai" if kind == "cp" else "tien-gow"
        return Markup('<span class="tile-name">%s</span>') % names.tile_name(arg, game)
    if kind == "family":
        return escape(str(names.FAMILY_NAMES[arg]))
    if kind == "special":
        return escape(str(names.SPECIAL_TYPE_NAMES[arg]))
    if kind == "mixed":
        return escape(str(names.MIXED_TYPE_NAMES[arg]))
    if kind == "set":
        return escape(str(names.SET_KIND_NAMES[arg]))
    if kind == "suit":
        return escape(str(names.SUIT_NAMES[arg]))
    if kind == "seat":
        game = "chuo-pai" if int(arg) < 3 else "tien-gow"
        return escape(seat_name(game, arg))
    game = "chuo-pai" if arg.startswith("CP") else "tien-gow"
    href = url_for("rules.show", game=game) + "#" + arg.lower()
    return Markup('<a class="rule-ref" href="%s"><bdi dir="ltr">%s</bdi></a>') % (href, _digits(arg))


def render_text(text: Text) -> Markup:
    values = {v.name: value_html(v) for v in text.values}
    for source in (pgettext(text.ctx, text.msgid), text.msgid):
        html = _inline(str(escape(source)))
        try:
            return Markup(html % values)
        except (KeyError, ValueError, TypeError):
            continue
    return escape(text.msgid)  # pragma: no cover - the English source is checked at load time
