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
from paiyou.i18n.vocabulary import GAME, ChineseName, Combination, Vocabulary

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
# the same names before a postposition (their oblique: paiyou.i18n.vocabulary)
TILE_OBLIQUES = {
    # TRANSLATORS: The tile's name before a postposition (Hindi: the oblique,
    # «लंबे तीन की»). Where names do not change there, write it as the name itself.
    "6-6": lazy_pgettext("tien-gow tile, oblique", "Heaven"),
    "1-1": lazy_pgettext("tien-gow tile, oblique", "Earth"),
    "4-4": lazy_pgettext("tien-gow tile, oblique", "Man"),
    "1-3": lazy_pgettext("tien-gow tile, oblique", "Goose"),
    "5-5": lazy_pgettext("tien-gow tile, oblique", "Plum"),
    "3-3": lazy_pgettext("tien-gow tile, oblique", "Long Three"),
    "2-2": lazy_pgettext("tien-gow tile, oblique", "Board"),
    "5-6": lazy_pgettext("tien-gow tile, oblique", "Hatchet"),
    "4-6": lazy_pgettext("tien-gow tile, oblique", "Partition"),
    "1-6": lazy_pgettext("tien-gow tile, oblique", "Long Leg Seven"),
    "1-5": lazy_pgettext("tien-gow tile, oblique", "Big Head Six"),
    "3-6": lazy_pgettext("tien-gow tile, oblique", "Nine"),
    "4-5": lazy_pgettext("tien-gow tile, oblique", "Nine"),
    "2-6": lazy_pgettext("tien-gow tile, oblique", "Eight"),
    "3-5": lazy_pgettext("tien-gow tile, oblique", "Eight"),
    "2-5": lazy_pgettext("tien-gow tile, oblique", "Seven"),
    "3-4": lazy_pgettext("tien-gow tile, oblique", "Seven"),
    "2-4": lazy_pgettext("tien-gow tile, oblique", "Big Six"),
    "1-4": lazy_pgettext("tien-gow tile, oblique", "Five"),
    "2-3": lazy_pgettext("tien-gow tile, oblique", "Five"),
    "1-2": lazy_pgettext("tien-gow tile, oblique", "Little Three"),
}

# Tien Gow suits (TG-1).
SUIT_NAMES = {
    CIVIL: lazy_pgettext("suit", "Civil"),
    MILITARY: lazy_pgettext("suit", "Military"),
}
# the same names before a postposition (their oblique: paiyou.i18n.vocabulary)
SUIT_OBLIQUES = {
    # TRANSLATORS: The suit's name before a postposition (Hindi: the oblique,
    # «लंबे तीन की»). Where names do not change there, write it as the name itself.
    CIVIL: lazy_pgettext("suit, oblique", "Civil"),
    MILITARY: lazy_pgettext("suit, oblique", "Military"),
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
# the same names before a postposition (their oblique: paiyou.i18n.vocabulary)
SET_KIND_OBLIQUES = {
    # TRANSLATORS: The set's name before a postposition (Hindi: the oblique,
    # «लंबे तीन की»). Where names do not change there, write it as the name itself.
    "single": lazy_pgettext("set, oblique", "Single"),
    "civil-pair": lazy_pgettext("set, oblique", "Civil pair"),
    "military-pair": lazy_pgettext("set, oblique", "Military pair"),
    "supreme": lazy_pgettext("set, oblique", "Supreme"),
    "mixed-pair": lazy_pgettext("set, oblique", "Mixed pair"),
    "mixed-triple": lazy_pgettext("set, oblique", "Mixed triple"),
    "quartet": lazy_pgettext("set, oblique", "Quartet"),
}
MIXED_TYPE_NAMES = {
    "heaven-nine": lazy_pgettext("mixed set", "Heaven–Nine"),
    "earth-eight": lazy_pgettext("mixed set", "Earth–Eight"),
    "man-seven": lazy_pgettext("mixed set", "Man–Seven"),
    "goose-five": lazy_pgettext("mixed set", "Goose–Five"),
}
# the same names before a postposition (their oblique: paiyou.i18n.vocabulary)
MIXED_TYPE_OBLIQUES = {
    # TRANSLATORS: The mixed set's name before a postposition (Hindi: the oblique,
    # «लंबे तीन की»). Where names do not change there, write it as the name itself.
    "heaven-nine": lazy_pgettext("mixed set, oblique", "Heaven–Nine"),
    "earth-eight": lazy_pgettext("mixed set, oblique", "Earth–Eight"),
    "man-seven": lazy_pgettext("mixed set, oblique", "Man–Seven"),
    "goose-five": lazy_pgettext("mixed set, oblique", "Goose–Five"),
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

# TRANSLATORS: The game's name before a postposition (Hindi: the oblique). Where names do not
# change there, write it as the name itself.
GAME_OBLIQUE = lazy_pgettext("game, oblique", "Tien Gow")

VOCABULARY = Vocabulary(
    game=KEY,
    name=lazy_pgettext("game", "Tien Gow"),
    chinese="天九",
    chinese_script="zh-Hant",
    abbreviation="tg",
    tile_style="domino",
    tile_names=TILE_NAMES,
    chinese_names=CHINESE_NAMES,
    terms={"suit": SUIT_NAMES, "set": SET_KIND_NAMES, "mixed": MIXED_TYPE_NAMES},
    rules_link=lazy_pgettext("navigation", "Tien Gow rules"),
    example_rule="tg-7",
    ladders={"civil": tuple((key,) for key in CIVIL_LADDER), "military": MILITARY_LADDER},  # TG-1
    combinations=COMBINATIONS,
    obliques={"game": {GAME: GAME_OBLIQUE}, "tile": TILE_OBLIQUES, "suit": SUIT_OBLIQUES,
              "set": SET_KIND_OBLIQUES, "mixed": MIXED_TYPE_OBLIQUES},
)
