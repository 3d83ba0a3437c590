"""Reason codes -> sentences in the learner's language (gettext domain ``puzzles``).

The engine says *why* with a code (``different-family``, ``wrong-count`` …, see
``engine.chuo_pai`` and ``engine.tien_gow``); this module is the only place that turns those codes
into words. Two levels:

- ``reason_message(game, code)``: one short sentence per code, no tiles named ("Different families
  never beat each other.").
- ``explain(game, code, current, play)``: the rich explanation of one verdict, naming the tiles,
  families and sets involved with the glossary's terms from ``paiyou.i18n.names`` ("Black Seven is in
  the Black family and Red Five is in the Red family: different families never beat each other.").
  ``current`` and ``play`` may be notation (``"6-6 4-5"``, ``""`` for a pass), an engine play /
  set / action (anything with ``.tiles``), a sequence of tiles, or None.

Both return plain text (``str``) in the current locale; templates escape it. Every sentence is
one whole message with named placeholders; names and numbers are inserted, never sentence parts.
Unknown codes get a general sentence rather than an error, so a new engine code never breaks a
page.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from babel.lists import format_list
from flask_babel import get_locale, lazy_pgettext, npgettext, pgettext
from flask_babel.speaklater import LazyString

from engine.chuo_pai import families as cpf
from engine.chuo_pai.plays import classify as cp_classify
from engine.errors import NotationError
from engine.judging import OK
from engine.tien_gow import ladders as tgl
from engine.tien_gow import sets as tgs
from engine.tiles import Tile, parse_tiles
from paiyou.i18n import names, numerals

CHUO_PAI, TIEN_GOW = names.CHUO_PAI, names.TIEN_GOW

# Every code either engine can give, per game (judge() reasons, Deal.apply reasons, OK).
CHUO_PAI_CODES: tuple[str, ...] = (
    OK, "not-a-play", "different-family", "different-count", "equal-rank", "not-higher",
    "not-in-hand", "not-your-turn", "must-beat", "must-lead", "deal-over",
)
TIEN_GOW_CODES: tuple[str, ...] = (
    OK, "not-a-set", "wrong-count", "different-kind", "equal-rank", "not-higher",
    "supreme-unbeatable", "early-death", "does-not-beat", "not-in-hand", "not-your-turn",
    "must-lead-face-up", "deal-over", "not-an-action", "not-a-deal",
)
CODES: dict[str, tuple[str, ...]] = {CHUO_PAI: CHUO_PAI_CODES, TIEN_GOW: TIEN_GOW_CODES}

# -- short sentences ---------------------------------------------------------------------------

CHUO_PAI_MESSAGES: dict[str, LazyString] = {
    OK: lazy_pgettext("chuo-pai reason", "That play is allowed."),
    "not-a-play": lazy_pgettext(
        "chuo-pai reason",
        "Those cards are not a play: play %(fewest)s to %(most)s copies of one card, or a special "
        "combination.", fewest=LazyString(numerals.format_number, 1),
        most=LazyString(numerals.format_number, 4)),
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

TIEN_GOW_MESSAGES: dict[str, LazyString] = {
    OK: lazy_pgettext("tien-gow reason", "That play is allowed."),
    "not-a-set": lazy_pgettext(
        "tien-gow reason",
        "Those tiles are not a set: play a single, a pair, the %(supreme)s or a mixed set.",
        supreme=names.SET_KIND_NAMES["supreme"]),
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
        supreme=names.SET_KIND_NAMES["supreme"]),
    "early-death": lazy_pgettext(
        "tien-gow reason",
        "Early death: on a last trick of one tile, a player without a pillar must discard face down."),
    "does-not-beat": lazy_pgettext(
        "tien-gow reason", "That set cannot go face up over the current high set."),
    "not-in-hand": lazy_pgettext("tien-gow reason", "You do not hold those tiles."),
    "not-your-turn": lazy_pgettext("tien-gow reason", "It is not your turn."),
    "must-lead-face-up": lazy_pgettext("tien-gow reason", "The leader must play a set face up."),
    "deal-over": lazy_pgettext("tien-gow reason", "The deal is over."),
    "not-an-action": lazy_pgettext("tien-gow reason", "That is not something you can play."),
    "not-a-deal": lazy_pgettext("tien-gow reason", "Those hands are not a Tien Gow deal."),
}

MESSAGES: dict[str, dict[str, LazyString]] = {CHUO_PAI: CHUO_PAI_MESSAGES, TIEN_GOW: TIEN_GOW_MESSAGES}


def reason_message(game: str, code: str) -> str:
    """One short sentence for ``code`` in ``game``, in the current locale. KeyError for an
    unknown game; a general sentence for an unknown code."""
    messages = MESSAGES[game]
    found = messages.get(code)
    if found is None:
        return pgettext("reason", "That is not allowed by the rules.")
    return str(found)


# -- helpers -----------------------------------------------------------------------------------

def _tiles(value: object) -> tuple[Tile, ...] | None:
    """Tiles from notation, an engine value with ``.tiles``, or a sequence of Tiles."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return parse_tiles(value, allow_empty=True)
        except NotationError:
            return None
    tiles = getattr(value, "tiles", value)
    try:
        found = tuple(tiles)  # type: ignore[arg-type]
    except TypeError:
        return None
    return found if all(isinstance(t, Tile) for t in found) else None


def _distinct(tiles: Iterable[Tile]) -> list[Tile]:
    return list(dict.fromkeys(tiles))


def _name(game: str, t: Tile) -> str:
    return str(names.tile_name(t, game))


def _n(number: int) -> str:
    return numerals.format_number(number)


def _or_list(items: Sequence[str]) -> str:
    return format_list(list(items), style="or", locale=get_locale())


def _and_list(items: Sequence[str]) -> str:
    return format_list(list(items), locale=get_locale())


def _notation(tiles: Iterable[Tile]) -> str:
    """Notation in the page's digits, isolated left-to-right inside any sentence (U+2066 … U+2069)."""
    text = " ".join(t.key for t in tiles)
    return "\u2066" + numerals.to_native_digits(text, get_locale()) + "\u2069"


# -- Chuo Pai ----------------------------------------------------------------------------------

def _cp_class_phrase(play: object) -> str:
    """'the Long family' / 'the special combination Di Ba' for a classified Chuo Pai play."""
    if play.cls == cpf.SPECIAL:  # type: ignore[attr-defined]
        return pgettext("chuo-pai class", "a special combination (%(type)s)",
                        type=names.SPECIAL_TYPE_NAMES[play.kind])  # type: ignore[attr-defined]
    return pgettext("chuo-pai class", "the %(family)s family",
                    family=names.FAMILY_NAMES[play.cls])  # type: ignore[attr-defined]


def _cp_label(game: str, play: object) -> str:
    """A play's name in a sentence: the card's name for an ordinary group, the type for a
    special combination."""
    if play.cls == cpf.SPECIAL:  # type: ignore[attr-defined]
        return str(names.SPECIAL_TYPE_NAMES[play.kind])  # type: ignore[attr-defined]
    return _name(game, play.tiles[0])  # type: ignore[attr-defined]


def _cp_not_a_play(tiles: tuple[Tile, ...]) -> str:
    game = CHUO_PAI
    if len(tiles) > 4:
        return npgettext("chuo-pai explain",
                         "A play has %(fewest)s to %(most)s cards; this one has %(count)s card.",
                         "A play has %(fewest)s to %(most)s cards; this one has %(count)s cards.",
                         len(tiles), count=_n(len(tiles)), fewest=_n(1), most=_n(4))
    distinct = _distinct(tiles)
    heads = {head: kind for kind, (head, _totals) in cpf.SPECIAL_TYPES.items()}
    held_heads = [t for t in distinct if t.key in heads]
    if len(held_heads) == 1:
        head = held_heads[0]
        kind = heads[head.key]
        totals = cpf.SPECIAL_TYPES[kind][1]
        wrong = [t for t in distinct if t is not head and t.key not in totals]
        if wrong:
            return pgettext(
                "chuo-pai explain",
                "%(head)s makes %(type)s only with %(totals)s; %(cards)s cannot join it. "
                "An ordinary group needs copies of one card.",
                head=_name(game, head), type=str(names.SPECIAL_TYPE_NAMES[kind]),
                totals=_or_list([_name(game, parse_tiles(k)[0]) for k in totals]),
                cards=_and_list([_name(game, t) for t in wrong]))
    if len(held_heads) > 1:
        return pgettext(
            "chuo-pai explain",
            "%(cards)s are heads of different special combinations: a special combination has "
            "exactly one kind of head.",
            cards=_and_list([_name(game, t) for t in held_heads]))
    tied = len(distinct) == 2 and (cpf.FAMILY_OF[distinct[0]], cpf.STRENGTH[distinct[0]]) == (
        cpf.FAMILY_OF[distinct[1]], cpf.STRENGTH[distinct[1]])
    if tied:
        return pgettext(
            "chuo-pai explain",
            "%(first)s and %(second)s are equal in rank but different cards, so together they "
            "are no play: a group needs copies of one card.",
            first=_name(game, distinct[0]), second=_name(game, distinct[1]))
    return pgettext(
        "chuo-pai explain",
        "%(cards)s are different cards: an ordinary group needs copies of one card, and a special "
        "combination needs %(heads)s with cards of its matching total.",
        cards=_and_list([_name(game, t) for t in distinct]),
        heads=_or_list([_name(game, parse_tiles(h)[0]) for h, _totals in cpf.SPECIAL_TYPES.values()]))


def _explain_chuo_pai(code: str, current: tuple[Tile, ...] | None,
                      play: tuple[Tile, ...] | None) -> str:
    game = CHUO_PAI
    p = cp_classify(play) if play else None
    c = cp_classify(current) if current else None
    if code == "not-a-play" and play:
        return _cp_not_a_play(play)
    if code == OK and p is not None:
        if c is None:
            return pgettext("chuo-pai explain", "%(play)s is a legal play: it may lead.",
                            play=_cp_label(game, p))
        return pgettext(
            "chuo-pai explain",
            "%(play)s beats %(current)s: same class, same number of cards, strictly higher rank.",
            play=_cp_label(game, p), current=_cp_label(game, c))
    if p is not None and c is not None:
        if code == "different-family":
            if p.cls == cpf.SPECIAL or c.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "%(play)s is %(play_class)s and %(current)s is %(current_class)s: different "
                    "classes never beat each other.",
                    play=_cp_label(game, p), play_class=_cp_class_phrase(p),
                    current=_cp_label(game, c), current_class=_cp_class_phrase(c))
            return pgettext(
                "chuo-pai explain",
                "%(play)s is in the %(play_family)s family and %(current)s is in the "
                "%(current_family)s family: different families never beat each other.",
                play=_cp_label(game, p), play_family=str(names.FAMILY_NAMES[p.cls]),
                current=_cp_label(game, c), current_family=str(names.FAMILY_NAMES[c.cls]))
        if code == "different-count":
            return " ".join((
                npgettext("chuo-pai explain", "The current play has %(count)s card.",
                          "The current play has %(count)s cards.", c.size, count=_n(c.size)),
                npgettext("chuo-pai explain", "Your play has %(count)s card.",
                          "Your play has %(count)s cards.", p.size, count=_n(p.size)),
                pgettext("chuo-pai explain", "A play beats only with the same number of cards."),
            ))
        if code == "equal-rank":
            if p.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "Both plays are %(type)s of the same size: equal combinations never beat each "
                    "other, whichever matching cards they use.",
                    type=str(names.SPECIAL_TYPE_NAMES[p.kind]))
            if p.tiles[0] is c.tiles[0]:
                return pgettext(
                    "chuo-pai explain",
                    "Both plays are made of %(card)s: the same card is equal rank, and equal rank never "
                    "beats.", card=_name(game, p.tiles[0]))
            return pgettext(
                "chuo-pai explain",
                "%(play)s and %(current)s are equal in rank: equal rank never beats.",
                play=_name(game, p.tiles[0]), current=_name(game, c.tiles[0]))
        if code == "not-higher":
            if p.cls == cpf.SPECIAL:
                return pgettext(
                    "chuo-pai explain",
                    "%(play)s ranks below %(current)s. The special combinations rank %(order)s.",
                    play=_cp_label(game, p), current=_cp_label(game, c), order=_special_order())
            return pgettext(
                "chuo-pai explain",
                "%(play)s ranks below %(current)s in the %(family)s family: only a strictly "
                "higher play beats.",
                play=_cp_label(game, p), current=_cp_label(game, c),
                family=str(names.FAMILY_NAMES[p.cls]))
    if code == "must-beat" and c is not None:
        return pgettext(
            "chuo-pai explain",
            "You hold a play that beats %(current)s, so you must play it: you may pass only when "
            "nothing in your hand beats the current play.", current=_cp_label(game, c))
    return reason_message(game, code)


def _special_order() -> str:
    return " > ".join(str(names.SPECIAL_TYPE_NAMES[k]) for k in cpf.SPECIAL_TYPES)


# -- Tien Gow ----------------------------------------------------------------------------------

def _tg_kind_phrase(s: tgs.TileSet) -> str:
    """A set's kind and make-up, as a noun phrase."""
    if s.size == 1:
        if s.kind == tgl.CIVIL:
            return pgettext("tien-gow set", "a civil single")
        return pgettext("tien-gow set", "a military single")
    if s.kind == tgs.SUPREME:
        return str(names.SET_KIND_NAMES["supreme"])
    if s.kind == tgl.CIVIL:
        return pgettext("tien-gow set", "a civil pair")
    if s.kind == tgl.MILITARY:
        return pgettext("tien-gow set", "a military pair")
    mixed = str(names.MIXED_TYPE_NAMES[s.name])
    if s.size == 2:
        return pgettext("tien-gow set", "a mixed pair (%(type)s)", type=mixed)
    if s.size == 4:
        return pgettext("tien-gow set", "a quartet (%(type)s)", type=mixed)
    if s.civil == 2:
        return pgettext("tien-gow set", "a triple of two civil tiles and one military (%(type)s)",
                        type=mixed)
    return pgettext("tien-gow set", "a triple of one civil tile and two military (%(type)s)",
                    type=mixed)


def set_kind_phrase(s: tgs.TileSet) -> str:
    """A Tien Gow set's kind and make-up as a noun phrase ("a civil pair", "a quartet (…)")."""
    return _tg_kind_phrase(s)


def _tg_label(s: tgs.TileSet) -> str:
    """A set's name in a sentence: the tile's name for a single or pair, else its type."""
    if s.kind == tgs.SUPREME:
        return str(names.SET_KIND_NAMES["supreme"])
    if s.kind == tgs.MIXED:
        return str(names.MIXED_TYPE_NAMES[s.name])
    if s.kind == tgl.MILITARY and s.size == 2:
        return pgettext("tien-gow set", "the pair %(first)s and %(second)s",
                        first=_name(TIEN_GOW, s.tiles[0]), second=_name(TIEN_GOW, s.tiles[1]))
    return _name(TIEN_GOW, s.tiles[0])


def _tg_not_a_set(tiles: tuple[Tile, ...]) -> str:
    game = TIEN_GOW
    if len(tiles) > 4:
        return npgettext("tien-gow explain",
                         "A set has %(fewest)s to %(most)s tiles; this one has %(count)s tile.",
                         "A set has %(fewest)s to %(most)s tiles; this one has %(count)s tiles.",
                         len(tiles), count=_n(len(tiles)), fewest=_n(1), most=_n(4))
    civil = [t for t in tiles if tgl.SUIT[t] == tgl.CIVIL]
    military = [t for t in tiles if tgl.SUIT[t] == tgl.MILITARY]
    if len(tiles) == 2 and len(civil) == 2:
        return pgettext(
            "tien-gow explain",
            "%(first)s and %(second)s are different civil tiles: a civil pair is two identical "
            "tiles.", first=_name(game, tiles[0]), second=_name(game, tiles[1]))
    if len(tiles) == 2 and len(military) == 2:
        return pgettext(
            "tien-gow explain",
            "%(first)s and %(second)s have different totals: a military pair needs equal totals. "
            "The only exception is the %(supreme)s: %(big_six)s with %(little_three)s.",
            first=_name(game, tiles[0]), second=_name(game, tiles[1]),
            supreme=str(names.SET_KIND_NAMES["supreme"]), big_six=_name(game, tgl.BIG_SIX),
            little_three=_name(game, tgl.LITTLE_THREE))
    heads = {head: (name, total) for name, head, total in tgs.MIXED_TYPES}
    civil_kinds = _distinct(civil)
    if len(civil_kinds) == 1 and civil_kinds[0].key in heads and military and len(civil) <= 2:
        name, total = heads[civil_kinds[0].key]
        wrong = [t for t in _distinct(military) if t.total != total]
        if wrong:
            return pgettext(
                "tien-gow explain",
                "%(head)s forms a mixed set only with military tiles totalling %(total)s; "
                "%(tiles)s does not fit.",
                head=_name(game, civil_kinds[0]), total=_n(total),
                tiles=_and_list([f"{_name(game, t)} {_notation((t,))}" for t in wrong]))
    return pgettext(
        "tien-gow explain",
        "These tiles form no set. The sets are: a single tile, two identical civil tiles, two "
        "military tiles of equal total, the %(supreme)s, and the mixed sets %(mixed)s.",
        supreme=str(names.SET_KIND_NAMES["supreme"]),
        mixed=_and_list([str(n) for n in names.MIXED_TYPE_NAMES.values()]))


def _explain_tien_gow(code: str, current: tuple[Tile, ...] | None,
                      play: tuple[Tile, ...] | None) -> str:
    p = tgs.classify(play) if play else None
    c = tgs.classify(current) if current else None
    if code == "not-a-set" and play:
        return _tg_not_a_set(play)
    if code == "does-not-beat" and p is not None and c is not None:
        code = tgs.why_not_beating(c, p)
    if code == OK and p is not None:
        if c is None:
            return pgettext("tien-gow explain", "%(play)s is a legal set: it may lead.",
                            play=_tg_label(p))
        return pgettext(
            "tien-gow explain",
            "%(play)s beats %(current)s: same kind, same make-up, strictly higher rank.",
            play=_tg_label(p), current=_tg_label(c))
    if code == "wrong-count" and c is not None and play is not None:
        return " ".join((
            npgettext("tien-gow explain", "The lead has %(count)s tile.", "The lead has %(count)s tiles.",
                      c.size, count=_n(c.size)),
            npgettext("tien-gow explain", "You played %(count)s tile.", "You played %(count)s tiles.",
                      len(play), count=_n(len(play))),
            pgettext("tien-gow explain", "Every player plays as many tiles as were led."),
        ))
    if code == "supreme-unbeatable":
        return pgettext(
            "tien-gow explain",
            "The %(supreme)s (%(big_six)s with %(little_three)s) was led: nothing beats it, so every "
            "other player discards two tiles face down.",
            supreme=str(names.SET_KIND_NAMES["supreme"]), big_six=_name(TIEN_GOW, tgl.BIG_SIX),
            little_three=_name(TIEN_GOW, tgl.LITTLE_THREE))
    if p is not None and c is not None:
        if code == "different-kind":
            return pgettext(
                "tien-gow explain",
                "Your set is %(play_kind)s and the high set is %(current_kind)s: a set beats only "
                "a set of the same kind with the same number of civil and military tiles.",
                play_kind=_tg_kind_phrase(p), current_kind=_tg_kind_phrase(c))
        if code == "equal-rank":
            if p.size == 1 and p.kind == tgl.MILITARY:
                return pgettext(
                    "tien-gow explain",
                    "%(play)s %(play_tiles)s and %(current)s %(current_tiles)s have the same "
                    "total, so they are equal in rank: equal rank loses, and the set played first "
                    "stays high.",
                    play=_tg_label(p), play_tiles=_notation(p.tiles),
                    current=_tg_label(c), current_tiles=_notation(c.tiles))
            return pgettext(
                "tien-gow explain",
                "%(play)s is equal in rank to %(current)s: equal rank loses, and the set played "
                "first stays high.", play=_tg_label(p), current=_tg_label(c))
        if code == "not-higher":
            return pgettext(
                "tien-gow explain",
                "%(play)s ranks below %(current)s: only a strictly higher set of the same kind "
                "goes face up.", play=_tg_label(p), current=_tg_label(c))
    if code == "early-death":
        return pgettext(
            "tien-gow explain",
            "This is the last trick and it has one tile. You have won no pillar yet, so you may "
            "not play face up: discard face down (early death).")
    return reason_message(TIEN_GOW, code)


def explain(game: str, code: str, current: object = None, play: object = None) -> str:
    """The rich explanation of a verdict in the current locale (see the module docstring).
    KeyError for an unknown game."""
    if game not in MESSAGES:
        raise KeyError(game)
    current_tiles, play_tiles = _tiles(current), _tiles(play)
    if game == CHUO_PAI:
        return _explain_chuo_pai(code, current_tiles, play_tiles)
    return _explain_tien_gow(code, current_tiles, play_tiles)


__all__ = ["CODES", "reason_message", "explain", "set_kind_phrase"]
