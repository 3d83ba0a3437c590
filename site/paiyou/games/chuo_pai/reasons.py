"""Chuo Pai's half of the reasons (``paiyou.reasons``): a sentence per reason code, and the
explanation of a verdict naming the cards, families and special combinations involved.

Gettext domain ``puzzles`` (message contexts ``chuo-pai reason``, ``chuo-pai explain``,
``chuo-pai class``).
"""
from __future__ import annotations

from flask_babel import lazy_pgettext, npgettext, pgettext
from flask_babel.speaklater import LazyString

from engine.chuo_pai import families as cpf
from engine.chuo_pai.plays import Play, classify
from engine.judging import OK
from engine.tiles import Tile, parse_tiles
from paiyou.games.chuo_pai.vocabulary import FAMILY_NAMES, SPECIAL_TYPE_NAMES, TILE_NAMES
from paiyou.i18n.phrases import and_list, distinct, lazy_number, number, or_list

# Every code the engine can give (judge() reasons, Deal.apply reasons, OK).
CODES: tuple[str, ...] = (
    OK, "not-a-play", "different-family", "different-count", "equal-rank", "not-higher",
    "not-in-hand", "not-your-turn", "must-beat", "must-lead", "deal-over",
)

MESSAGES: dict[str, LazyString] = {
    OK: lazy_pgettext("chuo-pai reason", "That play is allowed."),
    "not-a-play": lazy_pgettext(
        "chuo-pai reason",
        "Those cards are not a play: play %(fewest)s to %(most)s copies of one card, or a special "
        "combination.", fewest=lazy_number(1), most=lazy_number(4)),
    "different-family": lazy_pgettext(
        "chuo-pai reason", "Different families never beat each other."),
    "different-count": lazy_pgettext(
        "chuo-pai reason", "A play beats only with the same number of cards."),
    "equal-rank": lazy_pgettext(
        "chuo-pai reason", "Equal rank never beats: the play must be strictly higher."),
    "not-higher": lazy_pgettext(
        "chuo-pai reason", "That play ranks lower than the current highest play."),
    "not-in-hand": lazy_pgettext("chuo-pai reason", "You do not hold those cards."),
    "not-your-turn": lazy_pgettext("chuo-pai reason", "It is not your turn."),
    "must-beat": lazy_pgettext(
        "chuo-pai reason", "You can beat the current play, so you must: you may pass only when you cannot."),
    "must-lead": lazy_pgettext("chuo-pai reason", "The leader must play; leading players cannot pass."),
    "deal-over": lazy_pgettext("chuo-pai reason", "The deal is over."),
}



def _name(t: Tile) -> str:
    return str(TILE_NAMES[t.key])


def _class_phrase(play: Play) -> str:
    """'in the Long family' / 'a special combination' for a classified Chuo Pai play (a special
    combination's own name is already its label in the sentence: "He Wu is a special combination")."""
    if play.cls == cpf.SPECIAL:
        return pgettext("chuo-pai class", "a special combination")
    return pgettext("chuo-pai class", "in the %(family)s family",
                    family=FAMILY_NAMES[play.cls])


def _label(play: Play) -> str:
    """A play's name in a sentence: the card's name for an ordinary group, the type for a
    special combination."""
    if play.cls == cpf.SPECIAL:
        return str(SPECIAL_TYPE_NAMES[play.kind])
    return _name(play.tiles[0])


def _not_a_play(tiles: tuple[Tile, ...]) -> str:
    if len(tiles) > 4:
        return npgettext("chuo-pai explain",
                         "A play has %(fewest)s to %(most)s cards; this one has %(count)s card.",
                         "A play has %(fewest)s to %(most)s cards; this one has %(count)s cards.",
                         len(tiles), count=number(len(tiles)), fewest=number(1), most=number(4))
    kinds = distinct(tiles)
    heads = {head: kind for kind, (head, _totals) in cpf.SPECIAL_TYPES.items()}
    held_heads = [t for t in kinds if t.key in heads]
    if len(held_heads) == 1:
        head = held_heads[0]
        kind = heads[head.key]
        totals = cpf.SPECIAL_TYPES[kind][1]
        wrong = [t for t in kinds if t is not head and t.key not in totals]
        if wrong:
            return pgettext(
                "chuo-pai explain",
                "%(head)s makes %(type)s only with %(totals)s; %(cards)s cannot join it. "
                "An ordinary group needs copies of one card.",
                head=_name(head), type=str(SPECIAL_TYPE_NAMES[kind]),
                totals=or_list([_name(parse_tiles(k)[0]) for k in totals]),
                cards=and_list([_name(t) for t in wrong]))
    if len(held_heads) > 1:
        return pgettext(
            "chuo-pai explain",
            "%(cards)s are heads of different special combinations: a special combination has "
            "exactly one kind of head.",
            cards=and_list([_name(t) for t in held_heads]))
    tied = len(kinds) == 2 and (cpf.FAMILY_OF[kinds[0]], cpf.STRENGTH[kinds[0]]) == (
        cpf.FAMILY_OF[kinds[1]], cpf.STRENGTH[kinds[1]])
    if tied:
        return pgettext(
            "chuo-pai explain",
            "%(first)s and %(second)s are equal in rank but different cards, so together they "
            "are no play: a group needs copies of one card.",
            first=_name(kinds[0]), second=_name(kinds[1]))
    return pgettext(
        "chuo-pai explain",
        "%(cards)s are different cards: an ordinary group needs copies of one card, and a special "
        "combination needs %(heads)s with cards of its matching total.",
        cards=and_list([_name(t) for t in kinds]),
        heads=or_list([_name(parse_tiles(h)[0]) for h, _totals in cpf.SPECIAL_TYPES.values()]))


def explain(code: str, current: tuple[Tile, ...] | None, play: tuple[Tile, ...] | None) -> str | None:
    """The rich explanation of one verdict, or None when the short sentence says it all."""
    p = classify(play) if play else None
    c = classify(current) if current else None
    if code == "not-a-play" and play:
        return _not_a_play(play)
    if code == OK and p is not None:
        if c is None:
            return pgettext("chuo-pai explain", "%(play)s is a legal play: it may lead.",
                            play=_label(p))
        return pgettext(
            "chuo-pai explain",
            "%(play)s beats %(current)s: same class, same number of cards, strictly higher rank.",
            play=_label(p), current=_label(c))
    if p is not None and c is not None:
        if code == "different-family":
            if p.cls == cpf.SPECIAL or c.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "%(play)s is %(play_class)s and %(current)s is %(current_class)s: different "
                    "classes never beat each other.",
                    play=_label(p), play_class=_class_phrase(p),
                    current=_label(c), current_class=_class_phrase(c))
            return pgettext(
                "chuo-pai explain",
                "%(play)s is in the %(play_family)s family and %(current)s is in the "
                "%(current_family)s family: different families never beat each other.",
                play=_label(p), play_family=str(FAMILY_NAMES[p.cls]),
                current=_label(c), current_family=str(FAMILY_NAMES[c.cls]))
        if code == "different-count":
            return " ".join((
                npgettext("chuo-pai explain", "The current play has %(count)s card.",
                          "The current play has %(count)s cards.", c.size, count=number(c.size)),
                npgettext("chuo-pai explain", "Your play has %(count)s card.",
                          "Your play has %(count)s cards.", p.size, count=number(p.size)),
                pgettext("chuo-pai explain", "A play beats only with the same number of cards."),
            ))
        if code == "equal-rank":
            if p.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "Both plays are %(type)s of the same size: equal combinations never beat each "
                    "other, whichever matching cards they use.",
                    type=str(SPECIAL_TYPE_NAMES[p.kind]))
            if p.tiles[0] is c.tiles[0]:
                return pgettext(
                    "chuo-pai explain",
                    "Both plays are made of %(card)s: the same card is equal rank, and equal rank never "
                    "beats.", card=_name(p.tiles[0]))
            return pgettext(
                "chuo-pai explain",
                "%(play)s and %(current)s are equal in rank: equal rank never beats.",
                play=_name(p.tiles[0]), current=_name(c.tiles[0]))
        if code == "not-higher":
            if p.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "%(play)s ranks below %(current)s. The special combinations rank %(order)s.",
                    play=_label(p), current=_label(c), order=_special_order())
            return pgettext(
                "chuo-pai explain",
                "%(play)s ranks below %(current)s in the %(family)s family: only a strictly "
                "higher play beats.",
                play=_label(p), current=_label(c),
                family=str(FAMILY_NAMES[p.cls]))
    if code == "must-beat" and c is not None:
        return pgettext(
            "chuo-pai explain",
            "You hold a play that beats %(current)s, so you must play it: you may pass only when "
            "nothing in your hand beats the current play.", current=_label(c))
    return None


def _special_order() -> str:
    return " > ".join(str(SPECIAL_TYPE_NAMES[k]) for k in cpf.SPECIAL_TYPES)


class ChuoPaiReasons:
    """``paiyou.reasons.GameReasons`` for Chuo Pai."""

    codes = CODES
    messages = MESSAGES

    @staticmethod
    def explain(code: str, current: tuple[Tile, ...] | None, play: tuple[Tile, ...] | None) -> str | None:
        return explain(code, current, play)


REASONS = ChuoPaiReasons()
