"""Localized names (paiyou.i18n.names): every engine key has one, in every language, consistently."""
from __future__ import annotations

import pytest
from flask_babel import force_locale

from engine.chuo_pai import families as cp
from engine.tien_gow import ladders as tg
from engine.tien_gow.sets import MIXED_TYPES, SETS
from engine.tiles import ALL_TILES
from paiyou.config import LANGUAGE_CODES
from paiyou.i18n import names
from paiyou.registry import GAME_KEYS

# Every game the engine has: each room's vocabulary names things, listed on the shared pages or not.
GAMES = GAME_KEYS
# Names that are the same in Polish and English: romanised Chinese.
FAMILY_NAMES = names.vocabulary("chuo-pai").terms["family"]
FAMILY_TITLES = names.vocabulary("chuo-pai").terms["family-title"]
SPECIAL_TYPE_NAMES = names.vocabulary("chuo-pai").terms["special"]
SUIT_NAMES = names.vocabulary("tien-gow").terms["suit"]
SET_KIND_NAMES = names.vocabulary("tien-gow").terms["set"]
MIXED_TYPE_NAMES = names.vocabulary("tien-gow").terms["mixed"]
# Romanized names a language written in Latin letters keeps as English does (Polish, a language
# copied from it); a language of another script writes every name in its own.
LATIN_SAME = {"Yao", "Tian Jiu", "Di Ba", "Ren Qi", "He Wu", "Chuo Pai", "Tien Gow"}


def written_in_latin(lang: str) -> bool:
    """Whether the language writes its own name (``paiyou.config.LANGUAGES``) in Latin letters."""
    import unicodedata

    from paiyou.config import LANGUAGES
    native = next(language.native_name for language in LANGUAGES if language.code == lang)
    return all(unicodedata.name(ch).startswith("LATIN") for ch in native if ch.isalpha())


def test_every_tile_has_a_name_in_every_game() -> None:
    for game in GAMES:
        assert set(names.TILE_NAMES[game]) == {t.key for t in ALL_TILES}
        assert set(names.CHINESE_NAMES[game]) == {t.key for t in ALL_TILES}


def test_every_chuo_pai_family_class_and_special_type_has_a_name() -> None:
    assert set(FAMILY_NAMES) == {*cp.FAMILIES, cp.SPECIAL}
    assert set(FAMILY_TITLES) == set(cp.FAMILIES)
    assert set(SPECIAL_TYPE_NAMES) == set(cp.SPECIAL_TYPES)


def test_every_tien_gow_suit_and_set_kind_has_a_name() -> None:
    assert set(SUIT_NAMES) == {tg.CIVIL, tg.MILITARY}
    assert set(MIXED_TYPE_NAMES) == {name for name, _head, _total in MIXED_TYPES}
    for s in SETS:  # engine set names: single, civil-pair, military-pair, supreme, or a mixed type
        assert s.name in SET_KIND_NAMES or s.name in MIXED_TYPE_NAMES, s
    assert {"mixed-pair", "mixed-triple", "quartet"} <= set(SET_KIND_NAMES)


def all_lazy_names() -> list[tuple[str, object]]:
    """Every game's name, tile names and terms of its own (its room's vocabulary)."""
    found: list[tuple[str, object]] = [(f"GAME_NAMES[{key}]", value) for key, value in names.GAME_NAMES.items()]
    for game in GAMES:
        found += [(f"{game}[{key}]", value) for key, value in names.TILE_NAMES[game].items()]
        for kind, words in names.vocabulary(game).terms.items():
            found += [(f"{game} {kind}[{key}]", value) for key, value in words.items()]
    return found


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != "en"])
def test_every_name_is_translated(app, lang: str) -> None:
    with app.test_request_context():
        english = {label: str(value) for label, value in all_lazy_names()}
        with force_locale(lang):
            for label, value in all_lazy_names():
                text = str(value)
                assert text.strip(), label
                if not written_in_latin(lang) or english[label] not in LATIN_SAME:
                    assert text != english[label], (lang, label, text)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_one_name_per_chuo_pai_card_and_per_tien_gow_rank(app, lang: str) -> None:
    """Chuo Pai: 21 different card names. Tien Gow: tiles share a name only when they are the
    military tiles of equal rank (the two Nines, Eights, Sevens, Fives)."""
    with app.test_request_context(), force_locale(lang):
        cp_names = [str(names.tile_name(t, "chuo-pai")) for t in ALL_TILES]
        assert len(set(cp_names)) == 21
        by_name: dict[str, list] = {}
        for t in ALL_TILES:
            by_name.setdefault(str(names.tile_name(t, "tien-gow")), []).append(t)
        for group in by_name.values():
            assert len({(tg.SUIT[t], tg.STRENGTH[t]) for t in group}) == 1, group
        assert len(by_name) == 17


def test_chuo_pai_and_tien_gow_names_follow_the_seeds(app) -> None:
    """Spot checks of the corrections in chuo-pai.md (D2, D3, D4, D14) and seed 002's names."""
    expected = {
        ("pl", "chuo-pai", "1-2"): "Gwóźdź",
        ("ar", "chuo-pai", "5-5"): "زهرة البرقوق",
        ("ar", "chuo-pai", "4-6"): "أربعة-ستة",
        ("ar", "chuo-pai", "2-6"): "الثمانية المستقيمة",
        ("fa", "chuo-pai", "1-2"): "میخ",
        ("hi", "chuo-pai", "1-5"): "बिल्ली",
        ("ar", "tien-gow", "1-3"): "الإوزة",
        ("ar", "tien-gow", "5-5"): "البرقوق",
        ("ar", "tien-gow", "2-2"): "اللوح",
        ("en", "tien-gow", "1-5"): "Big Head Six",
        ("en", "tien-gow", "2-4"): "Big Six",
    }
    with app.test_request_context():
        for (lang, game, key), name in expected.items():
            with force_locale(lang):
                assert str(names.tile_name(key, game)) == name


def test_chinese_names() -> None:
    assert names.chinese_name("6-6", "chuo-pai").characters == "天牌"
    assert names.chinese_name("1-2", "tien-gow").characters == "丁三"
    assert names.chinese_name("2-1", "chuo-pai").pinyin == "dīng dīng"
    assert names.chinese_name("1-5", "chuo-pai").inferred  # 猫猫 is unverified (tiles.md)
