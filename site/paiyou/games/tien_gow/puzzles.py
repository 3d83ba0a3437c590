"""Tien Gow's puzzles: its kinds (judge, beat-or-pass, trick, settlement), their words, and practice.

Every answer comes from ``engine.tien_gow``; the words are the puzzles domain's.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Unpack

from engine import tien_gow as tg
from engine.tien_gow import ladders as tgl
from engine.tien_gow import settlement as tgsettle
from engine.tien_gow.actions import make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.moves import legal_leads as tg_legal_leads
from engine.tien_gow.sets import BEATEN_BY, MIXED_TYPES
from engine.tien_gow.sets import why_not_beating as tg_why_not_beating
from engine.tien_gow.table import others
from engine.tiles import TILE_BY_KEY, Tile, parse_tiles
from paiyou import reasons
from paiyou.games.tien_gow.reasons import set_kind_phrase
from paiyou.games.tien_gow.vocabulary import MIXED_TYPE_NAMES, SET_KIND_NAMES, SUIT_NAMES
from paiyou.i18n import names, numerals
from paiyou.puzzles.checking import read_choice, read_payments
from paiyou.puzzles.gettext import lazy_pgettext, npgettext, pgettext
from paiyou.puzzles.kinds import (
    BeatOrPassPuzzle,
    JudgePuzzle,
    PlayLike,
    PlayQuestion,
    RoomPuzzles,
    named_placeholder,
    seat_name,
    tile_keys,
    tile_placeholder,
)
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    JUDGE,
    PASS,
    Answer,
    AnswerValue,
    CommonFields,
    ContentError,
    FormLike,
    Puzzle,
    Solution,
    Verdict,
    lesson_int,
    lesson_notation,
)

KEY = tg.KEY
SEAT_NAMES = (lazy_pgettext("seat", "Ana"), lazy_pgettext("seat", "Bo"), lazy_pgettext("seat", "Chen"),
              lazy_pgettext("seat", "Dev"))
TRICK_QUESTIONS = ("winner", "pillars")

# This game's own puzzle kinds (besides judge and beat-or-pass), as the lessons name them.
SETTLEMENT, TRICK = "settlement", "trick"
# questions about a position whose answer is a number (the others are a seat or "none")
NUMBER_QUESTIONS = ("pillars",)


def sort(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Display order: the canonical order."""
    return tgl.sort_tiles(tiles)


def canonical(notation: str) -> str:
    return tile_keys(tgl.sort_tiles(parse_tiles(notation, allow_empty=True)))


def _n(number: int) -> str:
    return numerals.format_number(number)


def _name(key: str | Tile) -> str:
    return str(names.tile_name(key, KEY))


def _set(notation: str) -> tg.TileSet | None:
    return tg.classify(parse_tiles(notation))


def _canonical_tiles(data: Mapping[str, object], key: str, where: str) -> str:
    return canonical(lesson_notation(data.get(key), where))


# -- judge -------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Judge(JudgePuzzle):
    def ask(self) -> str:
        if self.current is None:
            return pgettext("puzzle prompt", "Is this a legal set in Tien Gow?")
        return pgettext("puzzle prompt", "May this set go face up over the current high set?")

    def nudge(self) -> str:
        reason = self.solution.reason
        if self.current is None:
            return pgettext("puzzle hint",
                            "Is it a single tile, a pair, the %(supreme)s or a mixed set?",
                            supreme=str(SET_KIND_NAMES[tg.SUPREME]))
        if reason == "not-a-set":
            return pgettext("puzzle hint", "Look at the proposed tiles first: do they form a set at all?")
        if reason == "different-kind":
            return pgettext("puzzle hint", "What kind of set is each one, and how many civil and "
                                           "military tiles does it have?")
        if reason == "wrong-count":
            return pgettext("puzzle hint", "Count the tiles on each side.")
        return pgettext("puzzle hint", "Same kind and make-up: now compare the ranks. Is one strictly "
                                       "higher?")

    def beaters(self) -> list[str] | None:
        if self.current is None:
            return None
        high = _set(self.current)
        return [s.notation for s in BEATEN_BY[high.id]] if high is not None else []


# -- beat or pass ------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class BeatOrPass(BeatOrPassPuzzle):
    """Play face up over the high set, or discard face down; ``pillars_held``: the follower's
    pillars so far (TG-12)."""

    keys = frozenset({"id", "kind", "rules", "current", "hand", "pillars", "answer", "prompt", "hint"})

    pillars_held: int = 0

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> BeatOrPass:
        return cls(**cls.position(data, where, KEY),
                   pillars_held=lesson_int(data, "pillars", where, 0, 8, default=1), **common)

    @property
    def last_trick(self) -> bool:
        """Every hand holds as many tiles as a trick's lead at the last trick (TG-11)."""
        return len(parse_tiles(self.hand)) == len(parse_tiles(self.current))

    def _early_death(self) -> bool:
        return tg.early_death(len(self.hand_tiles()), len(parse_tiles(self.current)), self.pillars_held)

    def solve(self) -> Solution:
        high = _set(self.current)
        if high is None:
            raise ContentError(self.key, "the current high set is no legal set")
        hand = self.hand_tiles()
        if len(hand) < high.size:
            raise ContentError(self.key, "the hand holds fewer tiles than were led")
        actions = tg.legal_actions(hand, code_of(hand), high, high.size, self.pillars_held)
        ups = tuple(a.notation for a in actions if a.face_up)
        if ups:
            return Solution(ups, "can-beat")
        return Solution((PASS,), "early-death" if self._early_death() else "cannot-beat")

    def api_fields(self) -> dict[str, object]:
        return {**super().api_fields(), "pillars": self.pillars_held, "last_trick": self.last_trick}

    def check(self, answer: Answer) -> Verdict:
        answers = self.solution.answers
        if answer.choice == PASS:
            if answers == (PASS,):
                return Verdict(True, self.solution.reason)
            return Verdict(False, "could-beat")
        if not answer.tiles:
            return Verdict(False, "no-tiles")
        notation = answer.notation
        if notation in answers:
            return Verdict(True, "ok")
        if len(answer.tiles) != len(parse_tiles(self.current)):
            return Verdict(False, "wrong-count")
        if self._early_death() and tg.classify(answer.tiles) is not None:
            return Verdict(False, "early-death")
        return Verdict(False, tg.judge(self.current, notation).reason)

    def ask(self) -> str:
        return pgettext("puzzle prompt",
                        "Play a set from your hand face up over the high set, or discard face down if "
                        "none of your sets can go face up.")

    def situation(self) -> str:
        pillars = self.pillars_held
        if self.last_trick:
            if pillars == 0:  # "0 pillars" reads as a counter: say that none is won yet
                return pgettext("puzzle situation",
                                "This is the last trick of the deal. You have not won a pillar yet.")
            return npgettext("puzzle situation",
                             "This is the last trick of the deal. You have won %(count)s pillar so far.",
                             "This is the last trick of the deal. You have won %(count)s pillars so far.",
                             pillars, count=_n(pillars))
        return pgettext("puzzle situation", "This is not the last trick of the deal.")

    def nudge(self) -> str:
        if self.last_trick and len(parse_tiles(self.current)) == 1:
            return pgettext("puzzle hint", "This is the last trick, of a single tile. Have you won a "
                                           "pillar yet?")
        high = _set(self.current)
        if high is not None and high.kind == tg.SUPREME:  # nothing ranks above it (TG-9)
            return pgettext("puzzle hint", "The high set is the %(supreme)s. Can any set beat it?",
                            supreme=str(SET_KIND_NAMES[tg.SUPREME]))
        return pgettext("puzzle hint", "You need %(kind)s that ranks above the high set.",
                        kind=set_kind_phrase(high) if high is not None else "")

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        code, current = verdict.code, self.current
        if code == "no-tiles":
            return pgettext("puzzle feedback", "Select the tiles of your play first.")
        if verdict.correct and answer.choice == PASS:
            if code == "early-death":
                return reasons.explain(KEY, "early-death", current, None)
            high = _set(current)
            if high is not None and high.kind == tg.SUPREME:
                return reasons.explain(KEY, "supreme-unbeatable", current, None)
            return pgettext("puzzle feedback",
                            "None of your sets can go face up over the high set, so you discard "
                            "face down.")
        if verdict.correct:
            return reasons.explain(KEY, "ok", current, answer.notation)
        if code == "could-beat":
            return pgettext("puzzle feedback",
                            "Discarding face down is always allowed, but this puzzle asks for a set that "
                            "can go face up, and your hand has one.")
        return reasons.explain(KEY, code, current, answer.notation)


# -- a trick -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrickSolution(Solution):
    winner: int = 0
    pillars: int = 0  # the winner's pillars after the trick
    high: str = ""  # the set that won it
    plays: tuple[tuple[int, str, bool], ...] = ()  # (seat, tiles, face up), the lead first


@dataclass(frozen=True, kw_only=True)
class Trick(PlayQuestion):
    """One trick: the lead and three plays (``up:…`` / ``down:…``). Who wins it, and how many
    pillars does the winner take?"""

    kind = TRICK
    keys = frozenset({"id", "kind", "rules", "leader", "lead", "actions", "question", "answer", "prompt",
                      "hint"})
    questions = TRICK_QUESTIONS
    number_questions = NUMBER_QUESTIONS

    lead: str

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> Trick:
        return cls(**cls.lead_and_question(data, where, KEY), lead=_canonical_tiles(data, "lead", where), **common)

    def _deal(self) -> tg.Deal:
        """A whole deal whose first trick is this trick: every seat holds the tiles it plays,
        topped up to 8 from the rest of the pack; the leader is the banker, so it leads (TG-3)."""
        plays: list[tuple[int, tuple[Tile, ...], bool]] = [(self.leader, parse_tiles(self.lead), True)]
        for k, action in enumerate(self.actions, start=1):
            face, _sep, notation = action.partition(":")
            if face not in ("up", "down"):
                raise ContentError(self.key, f"a follower's play is 'up:…' or 'down:…', not {action!r}")
            plays.append(((self.leader + k) % tg.SEATS, parse_tiles(notation), face == "up"))
        hands: list[list[Tile]] = [[] for _seat in range(tg.SEATS)]
        for seat, tiles, _up in plays:
            hands[seat].extend(tiles)
        rest = list(tgl.PACK)
        for t in (t for h in hands for t in h):
            if t not in rest:
                raise ContentError(self.key, f"more copies of {t.key} than the pack holds")
            rest.remove(t)
        for h in hands:
            while len(h) < 8:
                h.append(rest.pop())
        return tg.position(hands, banker=self.leader, leader=self.leader,
                           plays=[make_action(tiles, up) for _seat, tiles, up in plays])

    def solve(self) -> TrickSolution:
        if len(self.actions) != tg.SEATS - 1:
            raise ContentError(self.key, "a trick has the lead and three more plays")
        deal = self._deal()
        trick = deal.tricks[0]
        winner = trick.winner
        assert winner is not None
        high = next(pl.action for pl in reversed(trick.plays) if pl.player == winner and pl.action.face_up)
        answer: AnswerValue = str(winner) if self.question == "winner" else deal.pillars[winner]
        return TrickSolution((answer,), self.question, winner=winner, pillars=deal.pillars[winner],
                             high=high.notation,
                             plays=tuple((pl.player, pl.action.notation, pl.action.face_up)
                                         for pl in trick.plays))

    @property
    def solved(self) -> TrickSolution:
        return self.solution_as(TrickSolution)

    def api_fields(self) -> dict[str, object]:
        return {"leader": self.leader, "lead": self.lead, "actions": list(self.actions),
                "question": self.question}

    def ask(self) -> str:
        if self.question == "winner":
            return pgettext("puzzle prompt", "Who wins this trick?")
        return pgettext("puzzle prompt", "How many pillars does the winner of this trick take?")

    def nudge(self) -> str:
        if self.question == "winner":
            return pgettext("puzzle hint", "Which set went face up last?")
        return pgettext("puzzle hint", "Count the tiles of the winning set.")

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        d = self.solved
        winner = d.winner
        if self.question == "winner":
            if winner == self.leader:
                return pgettext("puzzle feedback",
                                "Nobody played face up over the lead, so the leader, %(seat)s, wins the "
                                "trick.", seat=seat_name(KEY, winner))
            return pgettext("puzzle feedback",
                            "%(seat)s played the last set that went face up, so %(seat)s wins the trick.",
                            seat=seat_name(KEY, winner))
        size = len(d.high.split())
        return npgettext("puzzle feedback",
                         "The winning set has %(count)s tile, so %(seat)s takes %(count)s pillar.",
                         "The winning set has %(count)s tiles, so %(seat)s takes %(count)s pillars.",
                         size, count=_n(size), seat=seat_name(KEY, winner))


# -- the final settlement ----------------------------------------------------------------------

@dataclass(frozen=True)
class SettlementSolution(Solution):
    ledger: tuple[dict[str, object], ...] = ()  # the engine's payments (TG-18)
    multiplier: int = 1  # F (TG-15)
    capture: bool = False  # TG-17
    owed: tuple[int, ...] = ()  # what each seat pays the winner (negative: the winner pays them)


@dataclass(frozen=True)
class SettlementRow:
    seat: str
    pillars: int
    base: int  # TG-13: positive, the opponent owes; negative, the winner owes
    banker: int  # ×1 or ×2 (TG-14)
    multiplier: int  # F (TG-15)
    amount: int  # what the seat pays the winner in the end (after TG-17)
    is_banker: bool


@dataclass(frozen=True, kw_only=True)
class Settlement(Puzzle):
    """The deal is over: what does each player pay the winner of the last trick?"""

    kind = SETTLEMENT
    keys = frozenset({"id", "kind", "rules", "banker", "pillars", "winner", "leader", "lead", "won_with",
                      "answer", "prompt", "hint"})

    banker: int
    pillars: tuple[int, ...]
    winner: int
    leader: int
    lead: str
    won_with: str

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str, **common: Unpack[CommonFields]) -> Settlement:
        lead = _canonical_tiles(data, "lead", where)
        banker = lesson_int(data, "banker", where, 0, 3)
        winner = lesson_int(data, "winner", where, 0, 3)
        leader = lesson_int(data, "leader", where, 0, 3)
        pillars = data.get("pillars")
        if not isinstance(pillars, list) or len(pillars) != 4 or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pillars):
            raise ContentError(where, "pillars: four whole numbers")
        return cls(lead=lead, banker=banker, winner=winner, leader=leader, pillars=tuple(pillars),
                   won_with=_canonical_tiles(data, "won_with", where), **common)

    def solve(self) -> SettlementSolution:
        lead, won = _set(self.lead), _set(self.won_with)
        if lead is None or won is None:
            raise ContentError(self.key, "lead and won_with must be sets")
        pillars, winner = self.pillars, self.winner
        if len(pillars) != tg.SEATS or sum(pillars) != 8 or max(pillars) > 8:
            raise ContentError(self.key, "four pillar counts adding up to 8 (TG-20)")
        if pillars[winner] < won.size or won.size != lead.size:
            raise ContentError(self.key, "the winner's pillars must include the last trick")
        if winner != self.leader and not tg.beats(lead, won):
            raise ContentError(self.key, "won_with must beat the lead when the winner did not lead")
        if winner == self.leader and won is not lead:
            raise ContentError(self.key, "a leader who wins the last trick wins it with the lead")
        if any(n > 6 for s, n in enumerate(pillars) if s != winner):
            raise ContentError(self.key, "no opponent holds more than 6 pillars (TG-20)")
        ledger = tg.final_payments(pillars, self.banker, winner, self.leader, lead, won)
        totals = tg.net(ledger)
        owed = tuple(0 if s == winner else -totals[s] for s in range(tg.SEATS))
        answer = {str(s): owed[s] for s in range(tg.SEATS) if s != winner}
        return SettlementSolution((answer,), "settlement", ledger=tuple(pay.as_dict() for pay in ledger),
                                  multiplier=tgsettle.final_multiplier(won, pillars[winner]),
                                  capture=tgsettle.is_capture(lead, won), owed=owed)

    @property
    def solved(self) -> SettlementSolution:
        return self.solution_as(SettlementSolution)

    def expected_answers(self) -> tuple[AnswerValue, ...]:
        e = self.expect
        assert isinstance(e, list)
        return ({str(s): e[s] for s in range(len(e)) if s != self.winner},)

    def api_fields(self) -> dict[str, object]:
        return {"banker": self.banker, "pillars": list(self.pillars), "winner": self.winner,
                "leader": self.leader, "lead": self.lead, "won_with": self.won_with}

    def read_answer(self, form: FormLike) -> Answer | None:
        choice = read_choice(form)
        if choice != "check":
            return None
        return read_payments(form, choice, [s for s in range(tg.SEATS) if s != self.winner])

    def check(self, answer: Answer) -> Verdict:
        right = answer.payments == self.solution.answers[0]
        return Verdict(right, "right" if right else "wrong")

    def ask(self) -> str:
        return pgettext("puzzle prompt",
                        "The deal is over. How much does each player pay the winner in the final "
                        "settlement?")

    def nudge(self) -> str:
        return pgettext("puzzle hint",
                        "Start from each player's pillars, then double what involves the banker, then "
                        "look at how the last trick was won.")

    def explanation(self, answer: Answer, verdict: Verdict) -> str:
        if self.solved.capture:
            return pgettext("puzzle feedback",
                            "%(bigsix)s won the last trick over a led %(littlethree)s, so %(leader)s, "
                            "who led it, pays what the other two losers owe.",
                            bigsix=_name(tgl.BIG_SIX), littlethree=_name(tgl.LITTLE_THREE),
                            leader=seat_name(KEY, self.leader))
        return pgettext("puzzle feedback", "Each line of the table shows how the amount is made.")

    def settlement_rows(self) -> list[SettlementRow]:
        """One row per opponent of the winner: the parts of TG-13 … TG-17."""
        d = self.solved
        rows = []
        for seat in others(self.winner):
            p = self.pillars[seat]
            rows.append(SettlementRow(
                seat=seat_name(KEY, seat), pillars=p, base=tgsettle.base_amount(p),
                banker=tgsettle.banker_factor(self.banker, seat, self.winner),
                multiplier=d.multiplier, amount=d.owed[seat], is_banker=seat == self.banker))
        return rows


# -- practice ----------------------------------------------------------------------------------

_HAND = {"easy": 4, "medium": 6, "hard": 8}
_JUDGE_RULES = {"ok": ("TG-7",), "not-a-set": ("TG-4", "TG-5"), "different-kind": ("TG-7",),
                "wrong-count": ("TG-6",), "equal-rank": ("TG-7",), "not-higher": ("TG-7",),
                "supreme-unbeatable": ("TG-9",)}


_LEVEL_DESCRIPTIONS = {
    "easy": lazy_pgettext("difficulty", "Single tiles: does this tile beat the highest set, and can you beat it?"),
    "medium": lazy_pgettext("difficulty", "Pairs and combinations of two, in longer hands."),
    "hard": lazy_pgettext("difficulty",
                          "Sets of up to four tiles, tiles that make no play at all, whole hands "
                          "and last tricks."),
}


class Practice:
    def hand_size(self, level: str) -> int:
        return _HAND[level]

    def level_description(self, level: str) -> str:
        return str(_LEVEL_DESCRIPTIONS[level])

    def hands(self, seed: int) -> list[tuple[Tile, ...]]:
        return [tuple(h) for h in tg.new_deal(seed).hands]

    def leads(self, hand: tuple[Tile, ...], max_size: int) -> list[PlayLike]:
        ordered = sort(hand)
        found: list[PlayLike] = []
        for action in tg_legal_leads(ordered, code_of(ordered)):
            s = tg.classify(action.tiles) if len(action.tiles) <= max_size else None
            if s is not None:
                found.append(s)
        return found

    def is_play(self, tiles: tuple[Tile, ...]) -> bool:
        return tg.classify(tiles) is not None

    def beats(self, current: PlayLike, play: PlayLike) -> bool:
        assert isinstance(current, tg.TileSet) and isinstance(play, tg.TileSet)
        return tg.beats(current, play)

    def why_not(self, current: PlayLike, play: PlayLike) -> str:
        assert isinstance(current, tg.TileSet) and isinstance(play, tg.TileSet)
        return tg_why_not_beating(current, play)

    def special_position(self, level: str, rng: random.Random, currents: list[PlayLike],
                         hand: list[Tile]) -> BeatOrPassPuzzle | None:
        """Hard: sometimes a last trick (TG-12), with or without a pillar."""
        if level != "hard" or rng.random() >= 0.35:
            return None
        sets = [c for c in currents if isinstance(c, tg.TileSet)]
        current = rng.choice([c for c in sets if c.size == 1] or sets)
        return BeatOrPass(game=KEY, id="", rules=(), current=current.notation,
                          hand=tile_keys(sort(hand[:current.size])), pillars_held=rng.choice((0, 0, 1, 2)))

    def beat_or_pass(self, rng: random.Random, current: PlayLike, hand: list[Tile]) -> BeatOrPassPuzzle:
        return BeatOrPass(game=KEY, id="", rules=(), current=current.notation, hand=tile_keys(sort(hand)),
                          pillars_held=rng.choice((0, 1, 2, 3)))

    def rules(self, kind: str, reason: str) -> tuple[str, ...]:
        if kind == JUDGE:
            return _JUDGE_RULES.get(reason, ("TG-7",))
        return ("TG-6", "TG-12") if reason == "early-death" else ("TG-6", "TG-7")


# -- the lessons' placeholders -----------------------------------------------------------------

PLACEHOLDERS = {
    "tg": tile_placeholder(KEY, "tg", TILE_BY_KEY, "the glossary's Tien Gow name of the tile {}"),
    "mixed": named_placeholder("mixed", MIXED_TYPE_NAMES, "the glossary's name of the mixed set {}",
                               allowed=[name for name, _head, _total in MIXED_TYPES]),
    "set": named_placeholder("set", SET_KIND_NAMES, "the glossary's name of the set kind {}"),
    "suit": named_placeholder("suit", SUIT_NAMES, "the glossary's name of the suit {}",
                              allowed=(tgl.CIVIL, tgl.MILITARY)),
}


PUZZLES = RoomPuzzles(
    key=KEY, seats=tg.SEATS, rule_prefix="TG", rule_count=19,
    kinds={JUDGE: Judge, BEAT_OR_PASS: BeatOrPass, TRICK: Trick, SETTLEMENT: Settlement},
    ladders={tgl.CIVIL: tuple((key,) for key in tgl.CIVIL_LADDER), tgl.MILITARY: tgl.MILITARY_LADDER},
    placeholders=PLACEHOLDERS, seat_names=SEAT_NAMES, practice=Practice(), order=sort, notation=canonical,
)
