"""Jinja globals and filters shared by every template.

Globals: ``game_keys`` (the games, in the engine's order), ``vocabulary(game)`` (the game's
``paiyou.i18n.vocabulary.Vocabulary``), ``term(game, kind, key)``, ``tile_drawing(key, game)``,
``tile_name(key, game)``, ``chinese_name(key, game)``, ``game_name(game)``, ``listed_names()`` (the
listed games' names as one phrase of the page's language: "Chuo Pai and Tien Gow"),
``game_seats(game)`` and ``dealt_tiles(game)`` (a game's seat count and the tiles its deal hands
out, from its spec: a room's words never write them), ``names`` (the
``paiyou.i18n.names`` module), ``nav_items()``, ``game_action_url(game, action)``.
Per-game partials are ``templates/games/<game>/…``, included by the game's key.
Macros (templates/_macros/tiles.html), also as globals: ``tile``, ``tile_label``, ``tile_row``, ``tile_ladder``,
``notation`` (alias ``tile_notation``).
``figure_separator()``: what stands between two figures on one line.
Filters: ``num`` (a number in the page's digits), ``notation`` (tile notation such as ``"1-2"``
or ``"6-6 4-5"`` in the page's digits, to be wrapped in ``<bdi>``).
"""
from __future__ import annotations

from flask import Flask, url_for
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from paiyou.i18n import controls, names, numerals, phrases
from paiyou.registry import GAME_KEYS, game, listed_games, stylesheet
from paiyou.web import drawing, navigation


def notation(value: object) -> str:
    """Tile notation for display: ASCII structure, the page's digits (fa: ۱-۲)."""
    text = value.key if hasattr(value, "key") else str(value)
    return numerals.to_native_digits(text, get_locale())


def page_digits() -> str:
    """The page's ten digits, 0 to 9 (Persian «۰۱۲۳۴۵۶۷۸۹»): what a script writes numbers with,
    as the server does (``numerals.to_native_digits``)."""
    return numerals.DIGITS.get(numerals.numbering_system(get_locale() or "en"), numerals.DIGITS["latn"])


def whole_name(name: object) -> Markup:
    """``name`` kept on one line inside a heading: on a phone «Rozdanie dnia: Chuo / Pai» broke
    inside the game's name."""
    return Markup('<span class="whole-name">{}</span>').format(name)


def figure_separator() -> str:
    """What stands between two figures on one line ("Pile: 12 · Cards in hand: 2"): a middle dot,
    but where the page's digits have a dot for zero (Persian ۰, Arabic ٠) the dot would read as a
    digit ("۱۲ · ۲" as "۱۲ ۰ ۲"), so a semicolon, as a native reader writes it."""
    return "؛ " if page_digits()[0] in "۰٠" else " · "


# Locale-dependent filters take the context so that Jinja never folds them at compile time:
# ``{{ 84|num }}`` has a constant argument, and a plain filter would be evaluated once, in the
# language of whichever request compiled the template, and baked into it.
@pass_context
def num_filter(context: Context, value: int | float | str) -> str:
    return numerals.num(value)


@pass_context
def notation_filter(context: Context, value: object) -> str:
    return notation(value)


def game_stylesheets() -> list[str]:
    """The URLs of the games' own stylesheets (paiyou.registry.stylesheet), in the games' order."""
    return [url_for("static", filename=name) for key in GAME_KEYS if (name := stylesheet(key))]


def listed_names() -> str:
    """The names of the games the shared pages list, joined as the page's language lists them."""
    return phrases.and_list([names.game_name(key) for key in listed_games()])


def game_seats(key: str) -> int:
    """How many seats the game's table has (its spec's ``seats``)."""
    return game(key).seats


def dealt_tiles(key: str) -> int:
    """How many tiles a deal of the game hands out, counted on a deal (the spec declares no deck)."""
    return sum(game(key).new_deal(0).view(0).hand_sizes)


def init_app(app: Flask) -> None:
    # the games the shared pages list (home, glossary): paiyou.registry.listed_games
    app.context_processor(lambda: {"game_keys": listed_games()})
    app.jinja_env.globals.update(
        game_stylesheets=game_stylesheets,
        vocabulary=names.vocabulary,
        term=names.term,
        tile_drawing=drawing.drawing,
        tile_name=names.tile_name,
        chinese_name=names.chinese_name,
        game_name=names.game_name,
        whole_name=whole_name,
        listed_names=listed_names,
        game_seats=game_seats,
        dealt_tiles=dealt_tiles,
        names=names,
        nav_items=navigation.nav_items,
        game_action_url=navigation.game_action_url,
        control=controls.control,
        figure_separator=figure_separator,
        page_digits=page_digits,
    )
    app.jinja_env.filters.update(num=num_filter, notation=notation_filter)
    # The tile macros are also globals, so they work without an import — in particular inside
    # blocks rendered alone as htmx fragments (paiyou.web.htmx.render), where a template's top-level
    # {% from %} imports do not run.
    macros = app.jinja_env.get_template("_macros/tiles.html").module
    exported = {name: getattr(macros, name) for name in ("tile", "tile_label", "tile_row", "tile_ladder", "notation")}
    app.jinja_env.globals.update(exported, tile_notation=exported["notation"])
