"""High Card's words (the example game of docs/adding-a-game.md): every tile named by its pips, one ladder."""
from __future__ import annotations

from flask_babel import get_locale, lazy_pgettext
from flask_babel.speaklater import LazyString

from engine.high_card import KEY
from engine.tiles import ALL_TILES
from paiyou.i18n.numerals import to_native_digits
from paiyou.i18n.vocabulary import ChineseName, Vocabulary


def _pips(key: str) -> LazyString:
    """The tile's notation in the page's digits (fa: ۱-۲), as the name shows it."""
    return LazyString(lambda: to_native_digits(key, get_locale()))  # type: ignore[no-untyped-call]


TILE_NAMES = {t.key: lazy_pgettext("high-card tile", "Tile %(key)s", key=_pips(t.key)) for t in ALL_TILES}
# the lessons' players and the table's seats
SEATS = {name: lazy_pgettext(context, name) for context, name in (
    ("seat", "Ana"), ("seat", "Bo"), ("seat", "Cy"), ("seat", "Dev"),
    ("play seat", "You"), ("play seat", "North"), ("play seat", "West"), ("play seat", "East"), ("play seat", "South"))}
CHINESE_NAMES = {t.key: ChineseName("", "") for t in ALL_TILES}
# one ladder with every tile, by total (the glossary puts each tile on one of the game's ladders)
LADDER = tuple(tuple(t.key for t in ALL_TILES if t.total == total) for total in range(12, 1, -1))

VOCABULARY = Vocabulary(
    game=KEY, name=lazy_pgettext("game", "High Card"), chinese="", chinese_script="zh-Hans",
    abbreviation="hc", tile_style="domino", tile_names=TILE_NAMES, chinese_names=CHINESE_NAMES,
    terms={}, rules_link=lazy_pgettext("navigation", "High Card rules"), example_rule="hc-1",
    ladders={"all": tuple(rung for rung in LADDER if rung)}, combinations=(),
    seats=SEATS,
)
