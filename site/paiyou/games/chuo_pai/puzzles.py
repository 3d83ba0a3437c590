"""Chuo Pai's puzzles: its kinds (judge, beat-or-pass, bonus, round), their words, and practice.

Every answer comes from ``engine.chuo_pai``; the words are the puzzles domain's.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Unpack

from engine import chuo_pai as cp
from engine.chuo_pai import families as cpf
from engine.tiles import TILE_BY_KEY, Tile, parse_tiles
from paiyou import reasons
from paiyou.games.chuo_pai.vocabulary import FAMILY_NAMES, SPECIAL_TYPE_NAMES
from paiyou.i18n import names, numerals
from paiyou.i18n.controls import control
from paiyou.puzzles.checking import read_choice, read_tiles
from paiyou.puzzles.gettext import lazy_pgettext, npgettext, pgettext
from paiyou.puzzles.kinds import (
    BeatOrPassPuzzle,
    JudgePuzzle,
    PlayLike,
    PlayQuestion,
    RoomPuzzles,
    SimplePractice,
    expected_plays,
    named_placeholder,
    seat_name,
    tile_keys,
    tile_placeholder,
)
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    JUDGE,
    NONE,
    PASS,
    Answer,
    AnswerValue,
    CommonFields,
    ContentError,
    FormLike,
    Puzzle,
    Solution,
    Verdict,
    lesson_tiles,
)

KEY = cp.KEY
SEAT_NAMES = (lazy_pgettext("seat", "Ana"), lazy_pgettext("seat", "Bo"), lazy_pgettext("seat", "Cy"))
ROUND_QUESTIONS = ("next-to-act", "winner", "next-leader", "scored", "removed")

# This game's own puzzle kinds (besides judge and beat-or-pass), as the lessons name them.
BONUS, ROUND = "bonus", "round"
# questions about a position whose answer is a number (the others are a seat or "none")
NUMBER_QUESTIONS = ("scored", "removed")


def sort(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Display order: by family, strongest first."""
    return tuple(sorted(tiles, key=cpf.display_key))


def canonical(notation: str) -> str:
    """A play's notation as the engine writes it; other tiles in display order."""
    tiles = parse_tiles(notation, allow_empty=True)
    play = cp.classify(tiles)
    return play.notation if play else tile_keys(sort(tiles))


def _n(number: int) -> str:
    return numerals.format_number(number)


def _name(key: str | Tile) -> str:
    return str(names.tile_name(key, KEY))


def _family(tile: Tile) -> str:
    return str(FAMILY_NAMES[cpf.FAMILY_OF[tile]])


def _hand(data: Mapping[str, object], where: str) -> str:
    if not lesson_tiles(data.get("hand"), where):
        raise ContentError(where, "an empty hand")
    return tile_keys(sort(lesson_tiles(data["hand"], where)))


# -- judge -------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Judge(JudgePuzzle):
    def ask(self) -> str:
        if self.current is None:
            return pgettext("puzzle prompt", "Is this a legal play in Chuo Pai?")
        return pgettext("puzzle prompt", "Does the proposed play beat the current highest play?")

    def nudge(self) -> str:
        reason = self.solution.reason
        if self.current is None:
            return pgettext("puzzle hint",
                            "A play is one to four copies of one card, or a head card with cards of "
                            "its matching total.")
        if reason == "not-a-play":
            return pgettext("puzzle hint", "Look at the proposed cards first: do they form a play at all?")
        if reason == "different-family":
            return pgettext("puzzle hint", "Which family or class is each play in?")
        if reason == "different-count":
            return pgettext("puzzle hint", "Count the cards on each side.")
        current = parse_tiles(self.current)
        play = cp.classify(current)
        if play is not None and play.cls == cpf.SPECIAL:
            return pgettext("puzzle hint", "Recall the order of the special combinations.")
        return pgettext("puzzle hint", "Find both cards on the ladder of the %(family)s family.",
                        family=_family(current[0]))

    def beaters(self) -> list[str] | None:
        if self.current is None:
            return None
        play = cp.classify(parse_tiles(self.current))
        return [p.notation for p in play.beaten_by] if play is not None else []


# -- beat or pass ------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class BeatOrPass(BeatOrPassPuzzle):
    keys = frozenset({"id", "kind", "rules", "current", "hand", "answer", "prompt", "hint"})

    def solve(self) -> Solution:
        current = cp.classify(parse_tiles(self.current))
        if current is None:
            raise ContentError(self.key, "the current play is no legal play")
        follows = cp.legal_follows(cp.counts(self.hand_tiles()), current)
        if follows[0] is cp.PASS:
            return Solution((PASS,), "must-pass")
        return Solution(tuple(f.notation for f in follows if f is not cp.PASS), "must-beat")

    def check(self, answer: Answer) -> Verdict:
        answers = self.solution.answers
        if answer.choice == PASS:
            if answers == (PASS,):
                return Verdict(True, self.solution.reason)
            return Verdict(False, "must-beat")
        if not answer.tiles:
            return Verdict(False, "no-tiles")
        play = cp.classify(answer.tiles)
        if play is not None and play.notation in answers:
            return Verdict(True, "ok")
        return Verdict(False, cp.judge(self.current, answer.notation).reason)

    def ask(self) -> str:
        return pgettext("puzzle prompt",
                        "Beat the current highest play with cards from your hand, or pass if you "
                        "cannot.")

    def nudge(self) -> str:
        current = parse_tiles(self.current)
        size = len(current)
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
                         size, count=_n(size), family=_family(current[0]), card=_name(current[0]))

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        code, current = verdict.code, self.current
        if code == "no-tiles":
            return pgettext("puzzle feedback", "Select the cards of your play first.")
        if verdict.correct and answer.choice == PASS:
            return pgettext("puzzle feedback",
                            "Nothing in your hand beats the current highest play, so you pass.")
        if verdict.correct:
            return reasons.explain(KEY, "ok", current, answer.notation)
        if code == "must-beat":
            return reasons.explain(KEY, "must-beat", current, None)
        return reasons.explain(KEY, code, current, answer.notation)


# -- the starting bonus (CP-4) -----------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Bonus(Puzzle):
    """Which of the dealt cards go straight to the scoring pile?"""

    kind = BONUS
    keys = frozenset({"id", "kind", "rules", "hand", "answer", "prompt", "hint"})
    picks_from_hand = True

    hand: str

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> Bonus:
        return cls(hand=_hand(data, where), **common)

    def hand_tiles(self) -> tuple[Tile, ...]:
        return sort(parse_tiles(self.hand, allow_empty=True))

    def solve(self) -> Solution:
        deal = cp.deal_from_hands([self.hand_tiles(), (), ()], 0)
        moved = deal.bonus[0]
        return Solution((tile_keys(sort(moved)),) if moved else (NONE,))

    def expected_answers(self) -> tuple[AnswerValue, ...]:
        return expected_plays(KEY, self.expect)

    def api_fields(self) -> dict[str, object]:
        return {"hand": self.hand}

    def read_answer(self, form: FormLike) -> Answer | None:
        choice = read_choice(form)
        return None if choice is None else read_tiles(form, choice, self.hand_tiles(), NONE, sort)

    def check(self, answer: Answer) -> Verdict:
        answers = self.solution.answers
        if answer.choice == NONE:
            right = answers == (NONE,)
            return Verdict(right, "right" if right else "bonus-missed")
        if not answer.tiles:
            return Verdict(False, "no-tiles")
        if answer.notation in answers:
            return Verdict(True, "right")
        return Verdict(False, "bonus-none" if answers == (NONE,) else "bonus-wrong")

    def _cards(self) -> dict[str, str]:
        return {"nail": _name(cpf.NAIL), "twored": _name(cpf.TWO_RED)}

    def ask(self) -> str:
        return pgettext("puzzle prompt",
                        "Which of these dealt cards go straight to your scoring pile? The other "
                        "cards of your hand are neither %(nail)s nor %(twored)s.", **self._cards())

    def nudge(self) -> str:
        return pgettext("puzzle hint", "Does the hand hold both %(nail)s and %(twored)s?", **self._cards())

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        if verdict.code == "no-tiles":
            return pgettext("puzzle feedback", "Select the cards first, or press \"%(nothing_moves_button)s\".",
                            nothing_moves_button=control("nothing_moves_button"))
        if self.solution.answers != (NONE,):
            return pgettext("puzzle feedback",
                            "The hand holds both %(nail)s and %(twored)s, so every %(nail)s and "
                            "every %(twored)s in it goes to the scoring pile, and nothing else.",
                            **self._cards())
        return pgettext("puzzle feedback",
                        "The hand does not hold both %(nail)s and %(twored)s, so nothing moves: it "
                        "keeps its cards.", **self._cards())


# -- a round -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class RoundSolution(Solution):
    played: tuple[tuple[int, str], ...] = ()  # (seat, the action as written), the lead first
    sizes: tuple[int, ...] = ()  # each hand's size afterwards
    removed: int = 0  # cards that left the game (CP-16)
    winner: int | None = None  # of the finished round
    winning_size: int = 0  # the cards of the winning play
    next_leader: int | None = None


@dataclass(frozen=True, kw_only=True)
class Round(PlayQuestion):
    """A round from the lead (``actions``: plays and "pass", the lead first): who acts next, who
    wins, who leads next, what scores, what leaves."""

    kind = ROUND
    keys = frozenset({"id", "kind", "rules", "hands", "leader", "actions", "question", "answer",
                      "prompt", "hint"})
    questions = ROUND_QUESTIONS
    number_questions = NUMBER_QUESTIONS

    hands: tuple[str, ...]

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> Round:
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != cp.SEATS:
            raise ContentError(where, "hands: three hands")
        for h in hands:
            lesson_tiles(h, where)
        return cls(hands=tuple(hands), **cls.lead_and_question(data, where, KEY), **common)

    def solve(self) -> RoundSolution:
        deal = cp.position([parse_tiles(h, allow_empty=True) for h in self.hands], self.leader)
        start_piles = deal.piles
        played = []
        for action in self.actions:
            seat = deal.to_act
            assert seat is not None
            deal = deal.apply("" if action == PASS else action)
            played.append((seat, action))
        finished = deal.round is None and bool(deal.rounds)
        q = self.question
        if q == "next-to-act":
            if finished or deal.to_act is None:
                raise ContentError(self.key, "next-to-act needs a round under way")
            return RoundSolution((str(deal.to_act),), q, played=tuple(played), sizes=deal.sizes,
                                 removed=deal.removed)
        if not finished:
            raise ContentError(self.key, f"{q} needs a finished round")
        last = deal.rounds[-1]
        winner = last.winner
        assert winner is not None
        winning = next((a for s, a in reversed(last.actions) if s == winner and a is not cp.PASS), None)
        answer: AnswerValue
        if q == "winner":
            answer = str(winner)
        elif q == "next-leader":
            answer = NONE if deal.to_act is None else str(deal.to_act)
        elif q == "scored":
            answer = deal.piles[winner] - start_piles[winner]
        else:  # removed
            answer = deal.removed
        return RoundSolution((answer,), q, played=tuple(played), sizes=deal.sizes, removed=deal.removed,
                             winner=winner, winning_size=winning.size if isinstance(winning, cp.Play) else 0,
                             next_leader=deal.to_act)

    def api_fields(self) -> dict[str, object]:
        return {"hands": list(self.hands), "leader": self.leader, "actions": list(self.actions),
                "question": self.question}

    @property
    def solved(self) -> RoundSolution:
        return self.solution_as(RoundSolution)

    def ask(self) -> str:
        return {
            "next-to-act": pgettext("puzzle prompt", "Who acts next in this round?"),
            "winner": pgettext("puzzle prompt", "Who wins this round?"),
            "next-leader": pgettext("puzzle prompt", "Who leads the next round?"),
            "scored": pgettext("puzzle prompt", "How many cards go to the winner's scoring pile?"),
            "removed": pgettext("puzzle prompt", "How many cards leave the game in this round?"),
        }[self.question]

    def nudge(self) -> str:
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
        }[self.question]

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        d = self.solved
        q = self.question
        if q == "next-to-act":
            return pgettext("puzzle feedback",
                            "Play goes clockwise and skips players with no cards, so %(seat)s acts next.",
                            seat=seat_name(KEY, str(d.answers[0])))
        winner = d.winner
        assert winner is not None
        if q == "winner":
            if winner == self.leader:
                return pgettext("puzzle feedback",
                                "Nobody beat the lead, so the leader, %(seat)s, wins the round.",
                                seat=seat_name(KEY, winner))
            return pgettext("puzzle feedback",
                            "%(seat)s made the current highest play, so %(seat)s wins the round.",
                            seat=seat_name(KEY, winner))
        if q == "next-leader":
            return self._next_leader(winner, d.next_leader)
        size = d.winning_size
        if q == "scored":
            return npgettext("puzzle feedback",
                             "Only the winning play scores: %(count)s card goes to the scoring pile of "
                             "%(seat)s.",
                             "Only the winning play scores: %(count)s cards go to the scoring pile of "
                             "%(seat)s.", size, count=_n(size), seat=seat_name(KEY, winner))
        return npgettext("puzzle feedback",
                         "Every beaten play leaves the game and scores for nobody: %(count)s card in "
                         "this round.",
                         "Every beaten play leaves the game and scores for nobody: %(count)s cards in "
                         "this round.", d.removed, count=_n(d.removed))

    def _next_leader(self, winner: int, nxt: int | None) -> str:
        if nxt is None:
            holders = [s for s, n in enumerate(self.solved.sizes) if n]
            if holders:
                return pgettext("puzzle feedback",
                                "%(winner)s wins the round. Now only %(seat)s holds cards, so the "
                                "deal is over.", winner=seat_name(KEY, winner),
                                seat=seat_name(KEY, holders[0]))
            return pgettext("puzzle feedback",
                            "%(winner)s wins the round. Now nobody holds cards, so the deal is over.",
                            winner=seat_name(KEY, winner))
        if nxt == winner:
            return pgettext("puzzle feedback",
                            "%(seat)s wins the round and still holds cards, so %(seat)s leads next.",
                            seat=seat_name(KEY, winner))
        return pgettext("puzzle feedback",
                        "%(winner)s wins the round with the last card of their hand, so the next "
                        "player clockwise who holds cards leads: %(seat)s.",
                        winner=seat_name(KEY, winner), seat=seat_name(KEY, nxt))


# -- practice ----------------------------------------------------------------------------------

_HAND = {"easy": 5, "medium": 8, "hard": 12}
# The rules a practice puzzle teaches, from the engine's reason code.
_JUDGE_RULES = {"ok": ("CP-12",), "not-a-play": ("CP-6", "CP-10"), "different-family": ("CP-9",),
                "different-count": ("CP-12",), "equal-rank": ("CP-8", "CP-12"),
                "not-higher": ("CP-7", "CP-11", "CP-12")}


_LEVEL_DESCRIPTIONS = {
    "easy": lazy_pgettext("difficulty", "Single cards: does this card beat the highest play, and can you beat it?"),
    "medium": lazy_pgettext("difficulty", "Pairs and combinations of two cards, in longer hands."),
    "hard": lazy_pgettext("difficulty",
                          "Plays of up to four cards, cards that make no play at all, and whole hands."),
}


class Practice(SimplePractice):
    def hand_size(self, level: str) -> int:
        return _HAND[level]

    def level_description(self, level: str) -> str:
        return str(_LEVEL_DESCRIPTIONS[level])

    def hands(self, seed: int) -> list[tuple[Tile, ...]]:
        return [cp.counts_to_tiles(h) for h in cp.new_deal(seed).hands]

    def leads(self, hand: tuple[Tile, ...], max_size: int) -> list[PlayLike]:
        return [p for p in cp.legal_leads(cp.counts(hand)) if p.size <= max_size]

    def is_play(self, tiles: tuple[Tile, ...]) -> bool:
        return cp.classify(tiles) is not None

    def beats(self, current: PlayLike, play: PlayLike) -> bool:
        assert isinstance(current, cp.Play) and isinstance(play, cp.Play)
        return cp.beats(current, play)

    def why_not(self, current: PlayLike, play: PlayLike) -> str:
        assert isinstance(current, cp.Play) and isinstance(play, cp.Play)
        return cp.why_not_beating(current, play)

    def rules(self, kind: str, reason: str) -> tuple[str, ...]:
        if kind == JUDGE:
            return _JUDGE_RULES.get(reason, ("CP-12",))
        return ("CP-12", "CP-14")


# -- the lessons' placeholders -----------------------------------------------------------------

PLACEHOLDERS = {
    "cp": tile_placeholder(KEY, "cp", TILE_BY_KEY, "the glossary's Chuo Pai name of the card {}"),
    "family": named_placeholder("family", FAMILY_NAMES, "the glossary's name of the Chuo Pai family {}",
                                allowed=(*cpf.FAMILIES, cpf.SPECIAL)),
    "special": named_placeholder("special", SPECIAL_TYPE_NAMES,
                                 "the glossary's name of the special combination {}", allowed=cpf.SPECIAL_TYPES),
}


PUZZLES = RoomPuzzles(
    key=KEY, seats=cp.SEATS, rule_prefix="CP", rule_count=19,
    kinds={JUDGE: Judge, BEAT_OR_PASS: BeatOrPass, BONUS: Bonus, ROUND: Round},
    ladders=dict(cpf.LADDERS), placeholders=PLACEHOLDERS, seat_names=SEAT_NAMES, practice=Practice(KEY, BeatOrPass),
    order=sort, notation=canonical,
)
