"""Chuo Pai's words: its card names, families, special combinations and Chinese names.

One term per card per language, the same on every page (message contexts ``chuo-pai tile``,
``family``, ``special combination``). The Chinese names are Sichuan (simplified) names, data for
the glossary (tiles.md), not translated.
"""
from __future__ import annotations

from flask_babel import lazy_pgettext

from engine.chuo_pai.families import BLACK, LADDERS, LONG, RED, SPECIAL, SPECIAL_TYPES, YAO
from paiyou.i18n.vocabulary import ChineseName, Combination, Vocabulary

KEY = "chuo-pai"

# Chuo Pai card names (seeds 000/001/003/004 as corrected by D1–D20; 1-2 "Ding Ding" is the Nail).
TILE_NAMES = {
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

# Sichuan (simplified) names (tiles.md).
CHINESE_NAMES = {
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
}

# the lessons' players and the table's seats (puzzles.SEAT_NAMES, table.seat_names,
# paiyou.tables.table.creator_seat_name)
SEATS = {
    "Ana": lazy_pgettext("seat", "Ana"),
    "Bo": lazy_pgettext("seat", "Bo"),
    "Cy": lazy_pgettext("seat", "Cy"),
    "You": lazy_pgettext("play seat", "You"),
    "West": lazy_pgettext("play seat", "West"),
    "East": lazy_pgettext("play seat", "East"),
    "South": lazy_pgettext("play seat", "South"),  # a table with friends: its creator
}

VOCABULARY = Vocabulary(
    game=KEY,
    name=lazy_pgettext("game", "Chuo Pai"),
    chinese="戳牌",
    chinese_script="zh-Hans",
    abbreviation="cp",
    tile_style="card",
    tile_names=TILE_NAMES,
    chinese_names=CHINESE_NAMES,
    terms={"family": FAMILY_NAMES, "family-title": FAMILY_TITLES, "special": SPECIAL_TYPE_NAMES},
    rules_link=lazy_pgettext("navigation", "Chuo Pai rules"),
    example_rule="cp-12",
    ladders=LADDERS,  # the four families (CP-7)
    # CP-10: each special type with its head and its matching-total cards
    combinations=tuple(Combination(SPECIAL_TYPE_NAMES[name], head, tuple(totals))
                       for name, (head, totals) in SPECIAL_TYPES.items()),
    seats=SEATS,
)
