"""Tien Gow's words: its tile names, suits, sets and Chinese names.

One term per tile per language, the same on every page (message contexts ``tien-gow tile``,
``suit``, ``set``, ``mixed set``). The Chinese names are traditional characters, data for the
glossary (tiles.md), not translated.
"""
from __future__ import annotations

from flask_babel import lazy_pgettext

from engine.tien_gow.ladders import BIG_SIX, CIVIL, CIVIL_LADDER, LITTLE_THREE, MILITARY, MILITARY_LADDER
from engine.tien_gow.sets import MIXED_TYPES
from engine.tiles import TILE_BY_KEY
from paiyou.i18n.vocabulary import ChineseName, Combination, Vocabulary

KEY = "tien-gow"

# Tien Gow tile names (seed 002; tien-gow.md TG-1).
TILE_NAMES = {
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

# Military pairs (TG-4): two military tiles of one total, which share one name, by that total. A
# sentence names the pair as one thing, so a language can decline it («Para siódemek przebija parę
# piątek»: paiyou.i18n.declension); the English is the pair's two names.
MILITARY_PAIR_NAMES = {
    "9": lazy_pgettext("tien-gow pair", "the pair Nine and Nine"),
    "8": lazy_pgettext("tien-gow pair", "the pair Eight and Eight"),
    "7": lazy_pgettext("tien-gow pair", "the pair Seven and Seven"),
    "5": lazy_pgettext("tien-gow pair", "the pair Five and Five"),
}

# Traditional characters (tiles.md).
CHINESE_NAMES = {
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
}

_MILITARY = [key for rank in MILITARY_LADDER for key in rank]
# TG-4 (e): each mixed type with its civil tile and the military tiles of its total; TG-9: the Supreme.
COMBINATIONS = (
    *(Combination(MIXED_TYPE_NAMES[name], head, tuple(k for k in _MILITARY if TILE_BY_KEY[k].total == total))
      for name, head, total in MIXED_TYPES),
    Combination(SET_KIND_NAMES["supreme"], BIG_SIX.key, (LITTLE_THREE.key,)),
)

# the lessons' players and the table's seats (puzzles.SEAT_NAMES, table.seat_names,
# paiyou.tables.table.creator_seat_name)
SEATS = {
    "Ana": lazy_pgettext("seat", "Ana"),
    "Bo": lazy_pgettext("seat", "Bo"),
    "Chen": lazy_pgettext("seat", "Chen"),
    "Dev": lazy_pgettext("seat", "Dev"),
    "You": lazy_pgettext("play seat", "You"),
    "East": lazy_pgettext("play seat", "East"),
    "South": lazy_pgettext("play seat", "South"),  # a table with friends: its creator
    "North": lazy_pgettext("play seat", "North"),
    "West": lazy_pgettext("play seat", "West"),
}

VOCABULARY = Vocabulary(
    game=KEY,
    name=lazy_pgettext("game", "Tien Gow"),
    chinese="天九",
    chinese_script="zh-Hant",
    abbreviation="tg",
    tile_style="domino",
    tile_names=TILE_NAMES,
    chinese_names=CHINESE_NAMES,
    terms={"suit": SUIT_NAMES, "set": SET_KIND_NAMES, "mixed": MIXED_TYPE_NAMES, "pair": MILITARY_PAIR_NAMES},
    rules_link=lazy_pgettext("navigation", "Tien Gow rules"),
    example_rule="tg-7",
    ladders={"civil": tuple((key,) for key in CIVIL_LADDER), "military": MILITARY_LADDER},  # TG-1
    combinations=COMBINATIONS,
    seats=SEATS,
)
