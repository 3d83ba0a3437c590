"""Tien Gow's half of the reasons (``paiyou.reasons``): a sentence per reason code, and the
explanation of a verdict naming the tiles and sets involved.

Gettext domain ``puzzles`` (message contexts ``tien-gow reason``, ``tien-gow explain``,
``tien-gow set``).
"""
from __future__ import annotations

from flask_babel import lazy_pgettext, npgettext, pgettext
from flask_babel.speaklater import LazyString

from engine.judging import OK
from engine.tien_gow import ladders as tgl
from engine.tien_gow import sets as tgs
from engine.tiles import Tile
from paiyou.games.tien_gow.vocabulary import MILITARY_PAIR_NAMES, MIXED_TYPE_NAMES, SET_KIND_NAMES, TILE_NAMES
from paiyou.i18n.phrases import and_list, distinct, notation, number

# Every code the engine can give (judge() reasons, Deal.apply reasons, OK).
CODES: tuple[str, ...] = (
    OK, "not-a-set", "wrong-count", "different-kind", "equal-rank", "not-higher",
    "supreme-unbeatable", "early-death", "does-not-beat", "not-in-hand", "not-your-turn",
    "must-lead-face-up", "deal-over", "not-an-action", "not-a-deal", "pure-pairs",
)

MESSAGES: dict[str, LazyString] = {
    OK: lazy_pgettext("tien-gow reason", "That play is allowed."),
    "not-a-set": lazy_pgettext(
        "tien-gow reason",
        "Those tiles are not a set: play a single, a pair, the %(supreme)s or a mixed set.",
        supreme=SET_KIND_NAMES["supreme"]),
    "wrong-count": lazy_pgettext(
        "tien-gow reason", "You must play as many tiles as were led."),
    "different-kind": lazy_pgettext(
        "tien-gow reason",
        "A set beats only a set of the same kind with the same number of civil and military tiles."),
    "equal-rank": lazy_pgettext(
        "tien-gow reason", "Equal rank loses: the set played first stays high."),
    "not-higher": lazy_pgettext(
        "tien-gow reason", "That set ranks lower than the current high set."),
    "supreme-unbeatable": lazy_pgettext(
        "tien-gow reason", "A led %(supreme)s cannot be beaten: everyone else discards face down.",
        supreme=SET_KIND_NAMES["supreme"]),
    "early-death": lazy_pgettext(
        "tien-gow reason",
        "Early death: on a last trick of one tile, a player without a pillar must discard face down."),
    "does-not-beat": lazy_pgettext(
        "tien-gow reason", "That set cannot go face up over the current high set."),
    "pure-pairs": lazy_pgettext(  # the table option pure-pairs (engine/tien_gow/variants.py)
        "tien-gow reason", "At this table only pairs are played: no mixed civil and military set."),
    "not-in-hand": lazy_pgettext("tien-gow reason", "You do not hold those tiles."),
    "not-your-turn": lazy_pgettext("tien-gow reason", "It is not your turn."),
    "must-lead-face-up": lazy_pgettext("tien-gow reason", "The leader must play a set face up."),
    "deal-over": lazy_pgettext("tien-gow reason", "The deal is over."),
    "not-an-action": lazy_pgettext("tien-gow reason", "That is not something you can play."),
    "not-a-deal": lazy_pgettext("tien-gow reason", "Those hands are not a Tien Gow deal."),
}


def _name(t: Tile) -> str:
    return str(TILE_NAMES[t.key])


def set_kind_phrase(s: tgs.TileSet) -> str:
    """A set's kind and make-up as a noun phrase ("a civil pair", "a quartet (…)")."""
    if s.size == 1:
        if s.kind == tgl.CIVIL:
            return pgettext("tien-gow set", "a civil single")
        return pgettext("tien-gow set", "a military single")
    if s.kind == tgs.SUPREME:
        return str(SET_KIND_NAMES["supreme"])
    if s.kind == tgl.CIVIL:
        return pgettext("tien-gow set", "a civil pair")
    if s.kind == tgl.MILITARY:
        return pgettext("tien-gow set", "a military pair")
    mixed = str(MIXED_TYPE_NAMES[s.name])
    if s.size == 2:
        return pgettext("tien-gow set", "a mixed pair (%(type)s)", type=mixed)
    if s.size == 4:
        return pgettext("tien-gow set", "a quartet (%(type)s)", type=mixed)
    if s.civil == 2:
        return pgettext("tien-gow set", "a triple of two civil tiles and one military (%(type)s)",
                        type=mixed)
    return pgettext("tien-gow set", "a triple of one civil tile and two military (%(type)s)",
                    type=mixed)


def _label(s: tgs.TileSet) -> str:
    """A set's name in a sentence: the tile's name for a single or pair, else its type."""
    if s.kind == tgs.SUPREME:
        return str(SET_KIND_NAMES["supreme"])
    if s.kind == tgs.MIXED:
        return str(MIXED_TYPE_NAMES[s.name])
    if s.kind == tgl.MILITARY and s.size == 2:
        return str(MILITARY_PAIR_NAMES[str(s.tiles[0].total)])
    return _name(s.tiles[0])


def _not_a_set(tiles: tuple[Tile, ...]) -> str:
    if len(tiles) > 4:
        return npgettext("tien-gow explain",
                         "A set has %(fewest)s to %(most)s tiles; this one has %(count)s tile.",
                         "A set has %(fewest)s to %(most)s tiles; this one has %(count)s tiles.",
                         len(tiles), count=number(len(tiles)), fewest=number(1), most=number(4))
    civil = [t for t in tiles if tgl.SUIT[t] == tgl.CIVIL]
    military = [t for t in tiles if tgl.SUIT[t] == tgl.MILITARY]
    if len(tiles) == 2 and len(civil) == 2:
        return pgettext(
            "tien-gow explain",
            "%(first)s and %(second)s are different civil tiles: a civil pair is two identical "
            "tiles.", first=_name(tiles[0]), second=_name(tiles[1]))
    if len(tiles) == 2 and len(military) == 2:
        return pgettext(
            "tien-gow explain",
            "%(first)s and %(second)s have different totals: a military pair needs equal totals. "
            "The only exception is the %(supreme)s: %(big_six)s with %(little_three)s.",
            first=_name(tiles[0]), second=_name(tiles[1]),
            supreme=str(SET_KIND_NAMES["supreme"]), big_six=_name(tgl.BIG_SIX),
            little_three=_name(tgl.LITTLE_THREE))
    heads = {head: (name, total) for name, head, total in tgs.MIXED_TYPES}
    civil_kinds = distinct(civil)
    if len(civil_kinds) == 1 and civil_kinds[0].key in heads and military and len(civil) <= 2:
        name, total = heads[civil_kinds[0].key]
        wrong = [t for t in distinct(military) if t.total != total]
        if wrong:
            return pgettext(
                "tien-gow explain",
                "%(head)s forms a mixed set only with military tiles totalling %(total)s; "
                "%(tiles)s does not fit.",
                head=_name(civil_kinds[0]), total=number(total),
                tiles=and_list([f"{_name(t)} {notation((t,))}" for t in wrong]))
    return pgettext(
        "tien-gow explain",
        "These tiles form no set. The sets are: a single tile, two identical civil tiles, two "
        "military tiles of equal total, the %(supreme)s, and the mixed sets %(mixed)s.",
        supreme=str(SET_KIND_NAMES["supreme"]),
        mixed=and_list([str(n) for n in MIXED_TYPE_NAMES.values()]))


def explain(code: str, current: tuple[Tile, ...] | None, play: tuple[Tile, ...] | None) -> str | None:
    """The rich explanation of one verdict, or None when the short sentence says it all."""
    p = tgs.classify(play) if play else None
    c = tgs.classify(current) if current else None
    if code == "not-a-set" and play:
        return _not_a_set(play)
    if code == "does-not-beat" and p is not None and c is not None:
        code = tgs.why_not_beating(c, p)
    if code == OK and p is not None:
        if c is None:
            return pgettext("tien-gow explain", "%(play)s is a legal set: it may lead.",
                            play=_label(p))
        return pgettext(
            "tien-gow explain",
            "%(play)s beats %(current)s: same kind, same make-up, strictly higher rank.",
            play=_label(p), current=_label(c))
    if code == "wrong-count" and c is not None and play is not None:
        return " ".join((
            npgettext("tien-gow explain", "The lead has %(count)s tile.", "The lead has %(count)s tiles.",
                      c.size, count=number(c.size)),
            npgettext("tien-gow explain", "You played %(count)s tile.", "You played %(count)s tiles.",
                      len(play), count=number(len(play))),
            pgettext("tien-gow explain", "Every player plays as many tiles as were led."),
        ))
    if code == "supreme-unbeatable":
        return pgettext(
            "tien-gow explain",
            "The %(supreme)s (%(big_six)s with %(little_three)s) was led: nothing beats it, so every "
            "other player discards two tiles face down.",
            supreme=str(SET_KIND_NAMES["supreme"]), big_six=_name(tgl.BIG_SIX),
            little_three=_name(tgl.LITTLE_THREE))
    if p is not None and c is not None:
        if code == "different-kind":
            return pgettext(
                "tien-gow explain",
                "Your set is %(play_kind)s and the high set is %(current_kind)s: a set beats only "
                "a set of the same kind with the same number of civil and military tiles.",
                play_kind=set_kind_phrase(p), current_kind=set_kind_phrase(c))
        if code == "equal-rank":
            if p.size == 1 and p.kind == tgl.MILITARY:
                return pgettext(
                    "tien-gow explain",
                    "%(play)s %(play_tiles)s and %(current)s %(current_tiles)s have the same "
                    "total, so they are equal in rank: equal rank loses, and the set played first "
                    "stays high.",
                    play=_label(p), play_tiles=notation(p.tiles),
                    current=_label(c), current_tiles=notation(c.tiles))
            return pgettext(
                "tien-gow explain",
                "%(play)s is equal in rank to %(current)s: equal rank loses, and the set played "
                "first stays high.", play=_label(p), current=_label(c))
        if code == "not-higher":
            return pgettext(
                "tien-gow explain",
                "%(play)s ranks below %(current)s: only a strictly higher set of the same kind "
                "goes face up.", play=_label(p), current=_label(c))
    if code == "early-death":
        return pgettext(
            "tien-gow explain",
            "This is the last trick and it has one tile. You have won no pillar yet, so you may "
            "not play face up: discard face down (early death).")
    return None if code not in MESSAGES else str(MESSAGES[code])


class TienGowReasons:
    """``paiyou.reasons.GameReasons`` for Tien Gow."""

    codes = CODES
    messages = MESSAGES

    @staticmethod
    def explain(code: str, current: tuple[Tile, ...] | None, play: tuple[Tile, ...] | None) -> str | None:
        return explain(code, current, play)


REASONS = TienGowReasons()
