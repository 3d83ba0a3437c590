"""Localized names of the games' things, keyed by engine keys.

One term per tile per game per language, the same on every page: every view and template gets
names from here (``tile_name(key, game)`` in Jinja), never writes its own. Message contexts keep
the catalogs unambiguous ("Nine" the Tien Gow tile is not "Nine" anything else).

Chinese names (with pinyin) are not translated; they are data for the glossary (tiles.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_pgettext
from flask_babel.speaklater import LazyString

from engine.chuo_pai.families import BLACK, LONG, RED, SPECIAL, YAO
from engine.tien_gow.ladders import CIVIL, MILITARY
from engine.tiles import Tile, tile

CHUO_PAI, TIEN_GOW = "chuo-pai", "tien-gow"

GAME_NAMES = {
    CHUO_PAI: lazy_pgettext("game", "Chuo Pai"),
    TIEN_GOW: lazy_pgettext("game", "Tien Gow"),
}

# Chuo Pai card names (seeds 000/001/003/004 as corrected by D1–D20; 1-2 "Ding Ding" is the Nail).
CHUO_PAI_TILE_NAMES = {
    "6-6": lazy_pgettext("chuo-pai tile", "Heaven"),
    "1-1": lazy_pgettext("chuo-pai tile", "Earth"),
    "4-4": lazy_pgettext("chuo-pai tile", "Man"),
    "1-3": lazy_pgettext("chuo-pai tile", "Harmony"),
    "3-3": lazy_pgettext("chuo-pai tile", "Long Three"),
    "5-5": lazy_pgettext("chuo-pai tile", "Plum Blossom"),
    "2-2": lazy_pgettext("chuo-pai tile", "Bench"),
    "1-5": lazy_pgettext("chuo-pai tile", "Cat"),
    "1-6": lazy_pgettext("chuo-pai tile", "High Foot"),
    "4-6": lazy_pgettext("chuo-pai tile", "Four-Six"),
    "5-6": lazy_pgettext("chuo-pai tile", "Axe"),
    "3-6": lazy_pgettext("chuo-pai tile", "Black Nine"),
    "2-6": lazy_pgettext("chuo-pai tile", "Straight Eight"),
    "3-5": lazy_pgettext("chuo-pai tile", "Crooked Eight"),
    "2-5": lazy_pgettext("chuo-pai tile", "Black Seven"),
    "2-3": lazy_pgettext("chuo-pai tile", "Black Five"),
    "4-5": lazy_pgettext("chuo-pai tile", "Red Nine"),
    "3-4": lazy_pgettext("chuo-pai tile", "Red Seven"),
    "1-4": lazy_pgettext("chuo-pai tile", "Red Five"),
    "1-2": lazy_pgettext("chuo-pai tile", "Nail"),
    "2-4": lazy_pgettext("chuo-pai tile", "Two Red"),
}

# Tien Gow tile names (seed 002; tien-gow.md TG-1).
TIEN_GOW_TILE_NAMES = {
    "6-6": lazy_pgettext("tien-gow tile", "Heaven"),
    "1-1": lazy_pgettext("tien-gow tile", "Earth"),
    "4-4": lazy_pgettext("tien-gow tile", "Man"),
    "1-3": lazy_pgettext("tien-gow tile", "Goose"),
    "5-5": lazy_pgettext("tien-gow tile", "Plum"),
    "3-3": lazy_pgettext("tien-gow tile", "Long Three"),
    "2-2": lazy_pgettext("tien-gow tile", "Board"),
    "5-6": lazy_pgettext("tien-gow tile", "Hatchet"),
    "4-6": lazy_pgettext("tien-gow tile", "Partition"),
    "1-6": lazy_pgettext("tien-gow tile", "Long Leg Seven"),
    "1-5": lazy_pgettext("tien-gow tile", "Big Head Six"),
    "3-6": lazy_pgettext("tien-gow tile", "Nine"),
    "4-5": lazy_pgettext("tien-gow tile", "Nine"),
    "2-6": lazy_pgettext("tien-gow tile", "Eight"),
    "3-5": lazy_pgettext("tien-gow tile", "Eight"),
    "2-5": lazy_pgettext("tien-gow tile", "Seven"),
    "3-4": lazy_pgettext("tien-gow tile", "Seven"),
    "2-4": lazy_pgettext("tien-gow tile", "Big Six"),
    "1-4": lazy_pgettext("tien-gow tile", "Five"),
    "2-3": lazy_pgettext("tien-gow tile", "Five"),
    "1-2": lazy_pgettext("tien-gow tile", "Little Three"),
}

TILE_NAMES = {CHUO_PAI: CHUO_PAI_TILE_NAMES, TIEN_GOW: TIEN_GOW_TILE_NAMES}

# Chuo Pai comparison classes (CP-9): the four families and the Special class.
FAMILY_NAMES = {
    LONG: lazy_pgettext("family", "Long"),
    YAO: lazy_pgettext("family", "Yao"),
    BLACK: lazy_pgettext("family", "Black"),
    RED: lazy_pgettext("family", "Red"),
    SPECIAL: lazy_pgettext("family", "Special"),
}

# Headings for the families ("The Long family"), so no one glues "family" to a name.
FAMILY_TITLES = {
    LONG: lazy_pgettext("family", "The Long family"),
    YAO: lazy_pgettext("family", "The Yao family"),
    BLACK: lazy_pgettext("family", "The Black family"),
    RED: lazy_pgettext("family", "The Red family"),
}

# Chuo Pai special combination types (CP-10), keys of engine.chuo_pai.families.SPECIAL_TYPES.
SPECIAL_TYPE_NAMES = {
    "tian-jiu": lazy_pgettext("special combination", "Tian Jiu"),
    "di-ba": lazy_pgettext("special combination", "Di Ba"),
    "ren-qi": lazy_pgettext("special combination", "Ren Qi"),
    "he-wu": lazy_pgettext("special combination", "He Wu"),
}

# Tien Gow suits (TG-1).
SUIT_NAMES = {
    CIVIL: lazy_pgettext("suit", "Civil"),
    MILITARY: lazy_pgettext("suit", "Military"),
}

# Tien Gow set kinds (TG-4) and the four mixed-set types.
SET_KIND_NAMES = {
    "single": lazy_pgettext("set", "Single"),
    "civil-pair": lazy_pgettext("set", "Civil pair"),
    "military-pair": lazy_pgettext("set", "Military pair"),
    "supreme": lazy_pgettext("set", "Supreme"),
    "mixed-pair": lazy_pgettext("set", "Mixed pair"),
    "mixed-triple": lazy_pgettext("set", "Mixed triple"),
    "quartet": lazy_pgettext("set", "Quartet"),
}
MIXED_TYPE_NAMES = {
    "heaven-nine": lazy_pgettext("mixed set", "Heaven–Nine"),
    "earth-eight": lazy_pgettext("mixed set", "Earth–Eight"),
    "man-seven": lazy_pgettext("mixed set", "Man–Seven"),
    "goose-five": lazy_pgettext("mixed set", "Goose–Five"),
}


@dataclass(frozen=True, slots=True)
class ChineseName:
    characters: str
    pinyin: str
    inferred: bool = False  # tiles.md: "inferred" / "unverified" — not found in a public source


# tiles.md: Chuo Pai names are Sichuan (simplified) names, Tien Gow names traditional characters.
CHINESE_NAMES: dict[str, dict[str, ChineseName]] = {
    CHUO_PAI: {
        "6-6": ChineseName("天牌", "tiān pái"),
        "1-1": ChineseName("地牌", "dì pái"),
        "4-4": ChineseName("人牌", "rén pái"),
        "1-3": ChineseName("和牌", "hé pái"),
        "3-3": ChineseName("长三", "cháng sān"),
        "5-5": ChineseName("梅子", "méi zi"),
        "2-2": ChineseName("板凳", "bǎn dèng"),
        "1-5": ChineseName("猫猫", "māo māo", inferred=True),
        "1-6": ChineseName("高脚", "gāo jiǎo"),
        "4-6": ChineseName("四六", "sì liù"),
        "5-6": ChineseName("斧头", "fǔ tóu"),
        "3-6": ChineseName("黑九", "hēi jiǔ", inferred=True),
        "2-6": ChineseName("平八", "píng bā", inferred=True),
        "3-5": ChineseName("弯八", "wān bā", inferred=True),
        "2-5": ChineseName("黑七", "hēi qī", inferred=True),
        "2-3": ChineseName("黑五", "hēi wǔ", inferred=True),
        "4-5": ChineseName("红九", "hóng jiǔ"),
        "3-4": ChineseName("红七", "hóng qī", inferred=True),
        "1-4": ChineseName("红五", "hóng wǔ", inferred=True),
        "1-2": ChineseName("丁丁", "dīng dīng"),
        "2-4": ChineseName("二红", "èr hóng"),
    },
    TIEN_GOW: {
        "6-6": ChineseName("天", "tiān"),
        "1-1": ChineseName("地", "dì"),
        "4-4": ChineseName("人", "rén"),
        "1-3": ChineseName("鵝", "é"),
        "5-5": ChineseName("梅花", "méi huā"),
        "3-3": ChineseName("長三", "cháng sān"),
        "2-2": ChineseName("板凳", "bǎn dèng"),
        "5-6": ChineseName("斧頭", "fǔ tóu"),
        "4-6": ChineseName("屏風", "píng fēng"),
        "1-6": ChineseName("高腳七", "gāo jiǎo qī"),
        "1-5": ChineseName("銅錘六", "tóng chuí liù"),
        "3-6": ChineseName("雜九", "zá jiǔ"),
        "4-5": ChineseName("雜九", "zá jiǔ"),
        "2-6": ChineseName("雜八", "zá bā"),
        "3-5": ChineseName("雜八", "zá bā"),
        "2-5": ChineseName("雜七", "zá qī"),
        "3-4": ChineseName("雜七", "zá qī"),
        "2-4": ChineseName("二四", "èr sì"),
        "1-4": ChineseName("雜五", "zá wǔ"),
        "2-3": ChineseName("雜五", "zá wǔ"),
        "1-2": ChineseName("丁三", "dīng sān"),
    },
}


def _tile(key: str | Tile) -> Tile:
    return key if isinstance(key, Tile) else tile(str(key))


def tile_name(key: str | Tile, game: str) -> LazyString:
    """The tile's name in ``game`` ("chuo-pai" or "tien-gow"), in the current locale."""
    return TILE_NAMES[game][_tile(key).key]


def chinese_name(key: str | Tile, game: str) -> ChineseName:
    return CHINESE_NAMES[game][_tile(key).key]

