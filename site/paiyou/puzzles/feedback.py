"""Everything a puzzle says, in the learner's language: the question, the hint, the verdict and
why, and "every play that would beat this". Built from the engine's answers and reason codes
(``paiyou.reasons``) and the glossary's names (``paiyou.i18n.names``); gettext domain ``puzzles``.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_pgettext, npgettext, pgettext
from flask_babel.speaklater import LazyString

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.chuo_pai import families as cpf
from engine.tien_gow import settlement as tgsettle
from engine.tien_gow.sets import BEATEN_BY
from engine.tiles import parse_tiles
from paiyou import reasons
from paiyou.i18n import names, numerals
from paiyou.puzzles.checking import Answer, Verdict
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BONUS,
    CHUO_PAI,
    JUDGE,
    NONE,
    PASS,
    ROUND,
    TIEN_GOW,
    TRICK,
    Puzzle,
    is_last_trick,
)

SEAT_NAMES: dict[str, tuple[LazyString, ...]] = {
    CHUO_PAI: (lazy_pgettext("seat", "Ana"), lazy_pgettext("seat", "Bo"), lazy_pgettext("seat", "Cy")),
    TIEN_GOW: (lazy_pgettext("seat", "Ana"), lazy_pgettext("seat", "Bo"), lazy_pgettext("seat", "Chen"),
               lazy_pgettext("seat", "Dev")),
}

RIGHT = (
    lazy_pgettext("verdict", "Right!"),
    lazy_pgettext("verdict", "Well done!"),
    lazy_pgettext("verdict", "Exactly!"),
    lazy_pgettext("verdict", "Correct!"),
)
WRONG = (
    lazy_pgettext("verdict", "Not quite."),
    lazy_pgettext("verdict", "Not this time."),
)


def seat_name(game: str, seat: int | str) -> str:
    return str(SEAT_NAMES[game][int(seat)])


def _n(number: int) -> str:
    return numerals.format_number(number)


def _name(game: str, key: Any) -> str:
    return str(names.tile_name(key, game))


def headline(puzzle: Puzzle, correct: bool) -> str:
    """A short verdict, varied by puzzle but the same on every visit."""
    words = RIGHT if correct else WRONG
    return str(words[zlib.crc32(puzzle.key.encode()) % len(words)])


# -- the question ------------------------------------------------------------------------------

def prompt(puzzle: Puzzle) -> str:
    if puzzle.prompt is not None:
        return ""  # the lesson's own prompt is rendered by the view (it may hold markup)
    game, kind = puzzle.game, puzzle.kind
    if kind == JUDGE:
        if puzzle.current is None:
            if game == CHUO_PAI:
                return pgettext("puzzle prompt", "Is this a legal play in Chuo Pai?")
            return pgettext("puzzle prompt", "Is this a legal set in Tien Gow?")
        if game == CHUO_PAI:
            return pgettext("puzzle prompt", "Does the proposed play beat the current highest play?")
        return pgettext("puzzle prompt", "May this set go face up over the current high set?")
    if kind == BEAT_OR_PASS:
        if game == CHUO_PAI:
            return pgettext("puzzle prompt",
                            "Beat the current highest play with cards from your hand, or pass if you "
                            "cannot.")
        return pgettext("puzzle prompt",
                        "Play a set from your hand face up over the high set, or discard face down if "
                        "none of your sets can go face up.")
    if kind == BONUS:
        return pgettext("puzzle prompt",
                        "Which of these dealt cards go straight to your scoring pile? The other "
                        "cards of your hand are neither %(nail)s nor %(twored)s.",
                        nail=_name(game, "1-2"), twored=_name(game, "2-4"))
    if kind == ROUND:
        return {
            "next-to-act": pgettext("puzzle prompt", "Who acts next in this round?"),
            "winner": pgettext("puzzle prompt", "Who wins this round?"),
            "next-leader": pgettext("puzzle prompt", "Who leads the next round?"),
            "scored": pgettext("puzzle prompt", "How many cards go to the winner's scoring pile?"),
            "removed": pgettext("puzzle prompt", "How many cards leave the game in this round?"),
        }[puzzle.question]
    if kind == TRICK:
        if puzzle.question == "winner":
            return pgettext("puzzle prompt", "Who wins this trick?")
        return pgettext("puzzle prompt", "How many pillars does the winner of this trick take?")
    return pgettext("puzzle prompt",
                    "The deal is over. How much does each player pay the winner in the final "
                    "settlement?")


def situation(puzzle: Puzzle) -> str:
    """A sentence about the position that the tiles alone do not show ("" when none)."""
    if puzzle.game == TIEN_GOW and puzzle.kind == BEAT_OR_PASS:
        pillars = puzzle.pillars_held or 0
        if is_last_trick(puzzle):
            return npgettext("puzzle situation",
                             "This is the last trick of the deal. You have won %(count)s pillar so far.",
                             "This is the last trick of the deal. You have won %(count)s pillars so far.",
                             pillars, count=_n(pillars))
        return pgettext("puzzle situation", "This is not the last trick of the deal.")
    return ""


# -- the hint ----------------------------------------------------------------------------------

def hint(puzzle: Puzzle) -> str:
    """A nudge made from the engine's verdict, which never gives the answer away."""
    game, kind = puzzle.game, puzzle.kind
    if kind == JUDGE:
        return _judge_hint(puzzle)
    if kind == BEAT_OR_PASS:
        return _beat_hint(puzzle)
    if kind == BONUS:
        return pgettext("puzzle hint", "Does the hand hold both %(nail)s and %(twored)s?",
                        nail=_name(game, "1-2"), twored=_name(game, "2-4"))
    if kind == ROUND:
        return {
            "next-to-act": pgettext("puzzle hint",
                                    "Go clockwise from the last player who acted, and skip players "
                                    "whose hands are empty."),
            "winner": pgettext("puzzle hint", "Which play is the current highest play at the end?"),
            "next-leader": pgettext("puzzle hint",
                                    "Who wins the round, and do they still hold cards? How many "
                                    "players still hold cards?"),
            "scored": pgettext("puzzle hint", "Which cards make up the winning play?"),
            "removed": pgettext("puzzle hint", "Which plays were beaten during the round?"),
        }[puzzle.question]
    if kind == TRICK:
        if puzzle.question == "winner":
            return pgettext("puzzle hint", "Which set went face up last?")
        return pgettext("puzzle hint", "Count the tiles of the winning set.")
    return pgettext("puzzle hint",
                    "Start from each player's pillars, then double what involves the banker, then "
                    "look at how the last trick was won.")


def _judge_hint(puzzle: Puzzle) -> str:
    game, reason = puzzle.game, puzzle.solution.reason
    if puzzle.current is None:
        if game == CHUO_PAI:
            return pgettext("puzzle hint",
                            "A play is one to four copies of one card, or a head card with cards of "
                            "its matching total.")
        return pgettext("puzzle hint",
                        "Is it a single tile, a pair, the %(supreme)s or a mixed set?",
                        supreme=str(names.SET_KIND_NAMES["supreme"]))
    if reason == "not-a-play":
        return pgettext("puzzle hint", "Look at the proposed cards first: do they form a play at all?")
    if reason == "not-a-set":
        return pgettext("puzzle hint", "Look at the proposed tiles first: do they form a set at all?")
    if reason in ("different-family", "different-kind"):
        if game == CHUO_PAI:
            return pgettext("puzzle hint", "Which family or class is each play in?")
        return pgettext("puzzle hint", "What kind of set is each one, and how many civil and "
                                       "military tiles does it have?")
    if reason == "different-count":
        return pgettext("puzzle hint", "Count the cards on each side.")
    if reason == "wrong-count":
        return pgettext("puzzle hint", "Count the tiles on each side.")
    current = parse_tiles(puzzle.current)
    if game == CHUO_PAI:
        play = cp.classify(current)
        if play is not None and play.cls == cpf.SPECIAL:
            return pgettext("puzzle hint", "Recall the order of the special combinations.")
        family = str(names.FAMILY_NAMES[cpf.FAMILY_OF[current[0]]])
        return pgettext("puzzle hint", "Find both cards on the ladder of the %(family)s family.",
                        family=family)
    return pgettext("puzzle hint", "Same kind and make-up: now compare the ranks. Is one strictly "
                                   "higher?")


def _beat_hint(puzzle: Puzzle) -> str:
    game = puzzle.game
    current = parse_tiles(puzzle.current or "")
    size = len(current)
    if game == CHUO_PAI:
        play = cp.classify(current)
        if play is not None and play.cls == cpf.SPECIAL:
            return npgettext("puzzle hint",
                             "You need a special combination of %(count)s card of a higher type.",
                             "You need a special combination of %(count)s cards of a higher type.",
                             size, count=_n(size))
        return npgettext("puzzle hint",
                         "You need %(count)s card of the %(family)s family that ranks above %(card)s.",
                         "You need %(count)s copies of one card of the %(family)s family that ranks "
                         "above %(card)s.",
                         size, count=_n(size), family=str(names.FAMILY_NAMES[cpf.FAMILY_OF[current[0]]]),
                         card=_name(game, current[0]))
    if is_last_trick(puzzle) and size == 1:
        return pgettext("puzzle hint", "This is the last trick, of a single tile. Have you won a "
                                       "pillar yet?")
    high = tg.classify(current)
    return pgettext("puzzle hint", "You need %(kind)s that ranks above the high set.",
                    kind=reasons.set_kind_phrase(high) if high is not None else "")


# -- the verdict -------------------------------------------------------------------------------

def explanation(puzzle: Puzzle, answer: Answer, verdict: Verdict) -> str:
    """Why the answer is right or wrong, in a sentence or two."""
    game, kind = puzzle.game, puzzle.kind
    if kind == JUDGE:
        return reasons.explain(game, puzzle.solution.reason, puzzle.current, puzzle.play)
    if kind == BEAT_OR_PASS:
        return _beat_explanation(puzzle, answer, verdict)
    if kind == BONUS:
        both = puzzle.solution.answers != (NONE,)
        if verdict.code == "no-tiles":
            return pgettext("puzzle feedback", "Select the cards first, or answer that nothing moves.")
        if both:
            return pgettext("puzzle feedback",
                            "The hand holds both %(nail)s and %(twored)s, so every %(nail)s and "
                            "every %(twored)s in it goes to the scoring pile, and nothing else.",
                            nail=_name(game, "1-2"), twored=_name(game, "2-4"))
        return pgettext("puzzle feedback",
                        "The hand does not hold both %(nail)s and %(twored)s, so nothing moves: it "
                        "keeps its cards.", nail=_name(game, "1-2"), twored=_name(game, "2-4"))
    if kind == ROUND:
        return _round_explanation(puzzle)
    if kind == TRICK:
        return _trick_explanation(puzzle)
    return _settlement_explanation(puzzle)


def _beat_explanation(puzzle: Puzzle, answer: Answer, verdict: Verdict) -> str:
    game, code = puzzle.game, verdict.code
    current = puzzle.current
    if code == "no-tiles":
        if game == CHUO_PAI:
            return pgettext("puzzle feedback", "Select the cards of your play first.")
        return pgettext("puzzle feedback", "Select the tiles of your play first.")
    if verdict.correct and answer.choice == PASS:
        if code == "early-death":
            return reasons.explain(game, "early-death", current, None)
        if code == "cannot-beat":
            if current and tg.classify(parse_tiles(current)).kind == "supreme":  # type: ignore[union-attr]
                return reasons.explain(game, "supreme-unbeatable", current, None)
            return pgettext("puzzle feedback",
                            "None of your sets can go face up over the high set, so you discard "
                            "face down.")
        return pgettext("puzzle feedback",
                        "Nothing in your hand beats the current highest play, so you pass.")
    if verdict.correct:
        return reasons.explain(game, "ok", current, answer.notation)
    if code == "must-beat":
        return reasons.explain(game, "must-beat", current, None)
    if code == "could-beat":
        return pgettext("puzzle feedback",
                        "Discarding face down is always allowed, but this puzzle asks for a set that "
                        "can go face up, and your hand has one.")
    return reasons.explain(game, code, current, answer.notation)


def _round_explanation(puzzle: Puzzle) -> str:
    game = puzzle.game
    d = puzzle.solution.details
    q = puzzle.question
    if q == "next-to-act":
        return pgettext("puzzle feedback",
                        "Play goes clockwise and skips players with no cards, so %(seat)s acts next.",
                        seat=seat_name(game, puzzle.solution.answers[0]))
    winner = d["winner"]
    beaten = winner != puzzle.leader
    if q == "winner":
        if not beaten:
            return pgettext("puzzle feedback",
                            "Nobody beat the lead, so the leader, %(seat)s, wins the round.",
                            seat=seat_name(game, winner))
        return pgettext("puzzle feedback",
                        "%(seat)s made the current highest play, so %(seat)s wins the round.",
                        seat=seat_name(game, winner))
    if q == "next-leader":
        nxt = d["next_leader"]
        if nxt is None:
            holders = [s for s, h in enumerate(_hands_after(puzzle)) if h]
            if holders:
                return pgettext("puzzle feedback",
                                "%(winner)s wins the round. Now only %(seat)s holds cards, so the "
                                "deal is over.", winner=seat_name(game, winner),
                                seat=seat_name(game, holders[0]))
            return pgettext("puzzle feedback",
                            "%(winner)s wins the round. Now nobody holds cards, so the deal is over.",
                            winner=seat_name(game, winner))
        if nxt == winner:
            return pgettext("puzzle feedback",
                            "%(seat)s wins the round and still holds cards, so %(seat)s leads next.",
                            seat=seat_name(game, winner))
        return pgettext("puzzle feedback",
                        "%(winner)s wins the round with the last card of their hand, so the next "
                        "player clockwise who holds cards leads: %(seat)s.",
                        winner=seat_name(game, winner), seat=seat_name(game, nxt))
    size = d["winning_play"].size if d["winning_play"] is not None else 0
    if q == "scored":
        return npgettext("puzzle feedback",
                         "Only the winning play scores: %(count)s card goes to the scoring pile of "
                         "%(seat)s.",
                         "Only the winning play scores: %(count)s cards go to the scoring pile of "
                         "%(seat)s.", size, count=_n(size), seat=seat_name(game, winner))
    removed = d["removed"]
    return npgettext("puzzle feedback",
                     "Every beaten play leaves the game and scores for nobody: %(count)s card in "
                     "this round.",
                     "Every beaten play leaves the game and scores for nobody: %(count)s cards in "
                     "this round.", removed, count=_n(removed))


def _hands_after(puzzle: Puzzle) -> list[int]:
    sizes = [len(parse_tiles(h, allow_empty=True)) for h in puzzle.hands]
    for seat, action in puzzle.solution.details["played"]:
        if action != PASS:
            sizes[seat] -= len(parse_tiles(action))
    return sizes


def _trick_explanation(puzzle: Puzzle) -> str:
    game = puzzle.game
    d = puzzle.solution.details
    winner = d["winner"]
    if puzzle.question == "winner":
        if winner == puzzle.leader:
            return pgettext("puzzle feedback",
                            "Nobody played face up over the lead, so the leader, %(seat)s, wins the "
                            "trick.", seat=seat_name(game, winner))
        return pgettext("puzzle feedback",
                        "%(seat)s played the last set that went face up, so %(seat)s wins the trick.",
                        seat=seat_name(game, winner))
    size = len(d["high"].split())
    return npgettext("puzzle feedback",
                     "The winning set has %(count)s tile, so %(seat)s takes %(count)s pillar.",
                     "The winning set has %(count)s tiles, so %(seat)s takes %(count)s pillars.",
                     size, count=_n(size), seat=seat_name(game, winner))


def _settlement_explanation(puzzle: Puzzle) -> str:
    if puzzle.solution.details["capture"]:
        return pgettext("puzzle feedback",
                        "%(bigsix)s won the last trick over a led %(littlethree)s, so %(leader)s, "
                        "who led it, pays what the other two losers owe.",
                        bigsix=_name(TIEN_GOW, "2-4"), littlethree=_name(TIEN_GOW, "1-2"),
                        leader=seat_name(TIEN_GOW, puzzle.leader))
    return pgettext("puzzle feedback", "Each line of the table shows how the amount is made.")


@dataclass(frozen=True)
class SettlementRow:
    seat: str
    pillars: int
    base: int  # TG-13: positive, the opponent owes; negative, the winner owes
    banker: int  # ×1 or ×2 (TG-14)
    multiplier: int  # F (TG-15)
    amount: int  # what the seat pays the winner in the end (after TG-17)
    is_banker: bool


def settlement_rows(puzzle: Puzzle) -> list[SettlementRow]:
    """One row per opponent of the winner: the parts of TG-13 … TG-17."""
    d = puzzle.solution.details
    rows = []
    for seat in tgsettle_others(puzzle.winner):
        p = puzzle.pillars[seat]
        rows.append(SettlementRow(
            seat=seat_name(TIEN_GOW, seat), pillars=p, base=tgsettle.base_amount(p),
            banker=tgsettle.banker_factor(puzzle.banker, seat, puzzle.winner),
            multiplier=d["multiplier"], amount=d["owed"][seat], is_banker=seat == puzzle.banker))
    return rows


def tgsettle_others(winner: int) -> tuple[int, ...]:
    return tuple((winner + k) % tg.SEATS for k in range(1, tg.SEATS))


# -- every play that would beat this -----------------------------------------------------------

def beaters(puzzle: Puzzle) -> list[str] | None:
    """Judge: every play of the game that beats the current one; beat-or-pass: every play from
    the hand that beats it (empty: none, you must pass). None when the question has no current."""
    if puzzle.current is None or puzzle.kind not in (JUDGE, BEAT_OR_PASS):
        return None
    if puzzle.kind == BEAT_OR_PASS:
        answers = puzzle.solution.answers
        return [] if answers == (PASS,) else list(answers)
    current = parse_tiles(puzzle.current)
    if puzzle.game == CHUO_PAI:
        play = cp.classify(current)
        return [p.notation for p in play.beaten_by] if play is not None else []
    high = tg.classify(current)
    return [s.notation for s in BEATEN_BY[high.id]] if high is not None else []


def early_death(puzzle: Puzzle) -> bool:
    return puzzle.kind == BEAT_OR_PASS and puzzle.solution.reason == "early-death"

