"""Lessons and puzzles as values, the lesson file format, and the engine's solution of every puzzle.

A lesson is one TOML file, ``content/puzzles/<game>/NN-<id>.toml`` (English source; the format is
described in ``content/puzzles/README.md``). Loading is strict: anything malformed raises
``ContentError`` naming the file and the step, so a broken lesson fails the tests, never a page.

Answers are never stored: a puzzle states a position and ``Puzzle.solution`` asks the engine
(``engine.chuo_pai`` / ``engine.tien_gow``) which answers are right. The author's ``answer`` in the
file is only a claim, which the content test compares with the engine.

This module imports no Flask; the views and the Babel extractor both use it.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.chuo_pai import families as cpf
from engine.errors import EngineError
from engine.tien_gow import ladders as tgl
from engine.tien_gow import settlement as tgsettle
from engine.tien_gow.actions import make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.moves import legal_actions as tg_legal_actions
from engine.tien_gow.sets import MIXED_TYPES
from engine.tiles import TILE_BY_KEY, Tile, parse_tiles

CHUO_PAI, TIEN_GOW = "chuo-pai", "tien-gow"
GAMES: tuple[str, ...] = (CHUO_PAI, TIEN_GOW)
RULE_PREFIX = {CHUO_PAI: "CP", TIEN_GOW: "TG"}
RULE_COUNT = {CHUO_PAI: 20, TIEN_GOW: 20}
SEAT_COUNT = {CHUO_PAI: cp.SEATS, TIEN_GOW: tg.SEATS}

JUDGE, BEAT_OR_PASS, BONUS, ROUND, TRICK, SETTLEMENT = (
    "judge", "beat-or-pass", "bonus", "round", "trick", "settlement")
KINDS: dict[str, tuple[str, ...]] = {
    CHUO_PAI: (JUDGE, BEAT_OR_PASS, BONUS, ROUND),
    TIEN_GOW: (JUDGE, BEAT_OR_PASS, TRICK, SETTLEMENT),
}
# judge answers (the API's words)
BEATS, DOES_NOT_BEAT, NOT_A_PLAY = "beats", "does-not-beat", "not-a-play"
JUDGE_ANSWERS = (BEATS, DOES_NOT_BEAT, NOT_A_PLAY)
PASS, NONE = "pass", "none"
# round (Chuo Pai) and trick (Tien Gow) questions: a seat (or "none") or a number
ROUND_QUESTIONS = ("next-to-act", "winner", "next-leader", "scored", "removed")
TRICK_QUESTIONS = ("winner", "pillars")
NUMBER_QUESTIONS = ("scored", "removed", "pillars")

LADDER_NAMES = {CHUO_PAI: tuple(cpf.FAMILIES), TIEN_GOW: ("civil", "military")}
VALUE_KINDS: dict[str, frozenset[str] | None] = {
    "n": None,
    "cp": frozenset(TILE_BY_KEY),
    "tg": frozenset(TILE_BY_KEY),
    "rule": None,
    "family": frozenset((*cpf.FAMILIES, cpf.SPECIAL)),
    "special": frozenset(cpf.SPECIAL_TYPES),
    "mixed": frozenset(name for name, _head, _total in MIXED_TYPES),
    "set": frozenset(("single", "civil-pair", "military-pair", "supreme", "mixed-pair",
                      "mixed-triple", "quartet")),
    "suit": frozenset(("civil", "military")),
    "seat": frozenset(("0", "1", "2", "3")),
}
PLACEHOLDER_RE = re.compile(r"\{([a-z][a-z0-9_]*)=([a-z]+):([^}\s]+)\}")
RULE_RE = re.compile(r"^(CP|TG)-([1-9][0-9]?)$")
ID_RE = re.compile(r"^[a-z][a-z0-9-]*$")
FILE_RE = re.compile(r"^([0-9]{2})-([a-z][a-z0-9-]*)\.toml$")


class ContentError(ValueError):
    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where, self.problem = where, problem


# -- texts -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Value:
    """A placeholder's value, inserted untranslated: a number, a glossary name, a rule link."""

    name: str
    kind: str
    arg: str

    def describe(self) -> str:
        """What the placeholder stands for, for translators."""
        what = {
            "n": f"the number {self.arg}",
            "cp": f"the glossary's Chuo Pai name of the card {self.arg}",
            "tg": f"the glossary's Tien Gow name of the tile {self.arg}",
            "rule": f"a link to rule {self.arg}",
            "family": f"the glossary's name of the Chuo Pai family {self.arg}",
            "special": f"the glossary's name of the special combination {self.arg}",
            "mixed": f"the glossary's name of the mixed set {self.arg}",
            "set": f"the glossary's name of the set kind {self.arg}",
            "suit": f"the glossary's name of the suit {self.arg}",
            "seat": f"a player's name (seat {self.arg})",
        }[self.kind]
        return f"%({self.name})s = {what}"


@dataclass(frozen=True, slots=True)
class Text:
    """One translatable message of a lesson: gettext context ``ctx``, English ``msgid``."""

    ctx: str
    msgid: str
    values: tuple[Value, ...]
    note: str = ""

    def comments(self) -> list[str]:
        return ([self.note] if self.note else []) + [v.describe() for v in self.values]


def make_text(source: object, ctx: str, note: str, where: str) -> Text:
    """Parse one English message: ``{name=kind:arg}`` placeholders, ``**bold**``, `` `1-2` ``."""
    if not isinstance(source, str) or not source.strip():
        raise ContentError(where, f"{note}: expected text")
    values: dict[str, Value] = {}

    def replace(match: re.Match[str]) -> str:
        name, kind, arg = match.groups()
        if kind not in VALUE_KINDS:
            raise ContentError(where, f"unknown placeholder kind {kind!r}")
        allowed = VALUE_KINDS[kind]
        if kind == "n" and not arg.isdigit():
            raise ContentError(where, f"not a number: {arg!r}")
        if kind == "rule" and not RULE_RE.match(arg):
            raise ContentError(where, f"not a rule: {arg!r}")
        if allowed is not None and arg not in allowed:
            raise ContentError(where, f"unknown {kind} {arg!r}")
        value = Value(name, kind, arg)
        if values.setdefault(name, value) != value:
            raise ContentError(where, f"placeholder {name!r} used with two values")
        return f"%({name})s"

    msgid = PLACEHOLDER_RE.sub(replace, " ".join(source.split()))
    if "{" in msgid or "}" in msgid:
        raise ContentError(where, f"malformed placeholder in {source!r}")
    if re.search(r"%(?!\([a-z][a-z0-9_]*\)s)", msgid):
        raise ContentError(where, "a bare % sign")
    if re.search(r"[0-9]", re.sub(r"`[^`]*`|%\([a-z0-9_]+\)s", "", msgid)):
        raise ContentError(where, f"digits in prose must be placeholders {{x=n:…}}: {source!r}")
    if msgid.count("**") % 2 or msgid.count("`") % 2:
        raise ContentError(where, "unbalanced ** or `")
    for notation in re.findall(r"`([^`]*)`", msgid):
        _tiles(notation, where)
    return Text(ctx, msgid, tuple(values.values()), note)


# -- values ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Figure:
    """Drawn tiles: groups of keys (``wrong`` marks them as no legal play), or a ladder."""

    groups: tuple[tuple[str, ...], ...]
    ladder: str | None
    caption: Text | None
    wrong: bool = False


@dataclass(frozen=True, slots=True)
class Explanation:
    """A step that teaches: paragraphs, pictures, and the rules it states."""

    number: int
    paragraphs: tuple[Text, ...]
    figures: tuple[Figure, ...]
    rules: tuple[str, ...]
    kind: str = "explain"


@dataclass(frozen=True, slots=True)
class Solution:
    """What the engine says about a puzzle.

    ``answers``: every accepted answer (the API's form: judge words, canonical notations, "pass",
    "none", seat numbers as text, numbers, or payment dictionaries). ``reason``: the engine's
    reason code for judge puzzles ("ok", "different-family" …). ``details``: what the feedback
    needs to explain the answer (the plays of a round, the settlement's parts …).
    """

    answers: tuple[Any, ...]
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Puzzle:
    game: str
    id: str
    kind: str
    rules: tuple[str, ...]
    lesson: str | None = None  # None for a practice puzzle
    number: int = 0  # the step's number in its lesson
    # judge / beat-or-pass
    current: str | None = None
    play: str | None = None
    hand: str | None = None
    pillars_held: int | None = None  # Tien Gow beat-or-pass: the follower's pillars (TG-12)
    # round (Chuo Pai) / trick (Tien Gow)
    hands: tuple[str, ...] = ()
    leader: int = 0
    actions: tuple[str, ...] = ()  # round: plays and "pass"; trick: "up:…"/"down:…" after the lead
    question: str = ""
    # settlement (Tien Gow)
    banker: int = 0
    pillars: tuple[int, ...] = ()
    winner: int = 0
    lead: str | None = None
    won_with: str | None = None
    # the author's claim, checked against the engine by the content test
    expect: Any = None
    prompt: Text | None = None
    hint: Text | None = None
    difficulty: str = ""  # practice puzzles: easy, medium, hard

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"

    def hand_tiles(self) -> tuple[Tile, ...]:
        """The hand (beat-or-pass, bonus) in display order; form values are indices into it."""
        return sort_for(self.game, parse_tiles(self.hand or "", allow_empty=True))

    @cached_property
    def solution(self) -> Solution:
        return solve(self)

    def as_api(self) -> dict[str, Any]:
        """The puzzle for ``GET /api/v1/<game>/puzzles``."""
        data: dict[str, Any] = {"id": self.id, "lesson": self.lesson, "rules": list(self.rules),
                                "kind": self.kind}
        if self.kind == JUDGE:
            data.update(current=self.current, play=self.play)
        elif self.kind == BEAT_OR_PASS:
            data.update(current=self.current, hand=self.hand)
            if self.game == TIEN_GOW:
                data.update(pillars=self.pillars_held, last_trick=is_last_trick(self))
        elif self.kind == BONUS:
            data.update(hand=self.hand)
        elif self.kind == ROUND:
            data.update(hands=list(self.hands), leader=self.leader, actions=list(self.actions),
                        question=self.question)
        elif self.kind == TRICK:
            data.update(leader=self.leader, lead=self.lead, actions=list(self.actions),
                        question=self.question)
        elif self.kind == SETTLEMENT:
            data.update(banker=self.banker, pillars=list(self.pillars), winner=self.winner,
                        leader=self.leader, lead=self.lead, won_with=self.won_with)
        data["answers"] = list(self.solution.answers)
        return data


Step = Explanation | Puzzle


@dataclass(frozen=True, slots=True)
class Lesson:
    game: str
    id: str
    number: int
    title: Text
    summary: Text
    steps: tuple[Step, ...]

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(s for s in self.steps if isinstance(s, Puzzle))

    def rules(self) -> set[str]:
        return {r for s in self.steps for r in s.rules}

    def texts(self) -> Iterator[Text]:
        yield self.title
        yield self.summary
        for step in self.steps:
            if isinstance(step, Explanation):
                yield from step.paragraphs
                yield from (f.caption for f in step.figures if f.caption is not None)
            else:
                yield from (t for t in (step.prompt, step.hint) if t is not None)


# -- helpers -----------------------------------------------------------------------------------

def _tiles(notation: object, where: str) -> tuple[Tile, ...]:
    if not isinstance(notation, str):
        raise ContentError(where, f"expected tile notation, got {notation!r}")
    try:
        return parse_tiles(notation, allow_empty=True)
    except EngineError as error:
        raise ContentError(where, f"bad tiles {notation!r}: {error}") from None


def sort_for(game: str, tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Tiles in the game's display order (Chuo Pai: family, strongest first; Tien Gow: canonical)."""
    if game == CHUO_PAI:
        return tuple(sorted(tiles, key=cpf.display_key))
    return tgl.sort_tiles(tiles)


def canonical(game: str, notation: str) -> str:
    """Notation in the game's canonical order (classified plays keep the engine's order)."""
    tiles = parse_tiles(notation, allow_empty=True)
    if game == CHUO_PAI:
        play = cp.classify(tiles)
        return play.notation if play else " ".join(t.key for t in sort_for(game, tiles))
    return " ".join(t.key for t in tgl.sort_tiles(tiles))


def counts(tiles: Sequence[Tile]) -> tuple[int, ...]:
    found = [0] * len(TILE_BY_KEY)
    for t in tiles:
        found[t.index] += 1
    return tuple(found)


def is_last_trick(puzzle: Puzzle) -> bool:
    """Tien Gow: the follower's hand holds exactly as many tiles as were led (TG-11, TG-12)."""
    if puzzle.current is None or puzzle.hand is None:
        return False
    return len(parse_tiles(puzzle.hand)) == len(parse_tiles(puzzle.current))


def _payments_by_seat(ledger: Sequence[tgsettle.Payment], winner: int) -> list[int]:
    """What each seat pays the winner in the final settlement (negative: the winner pays them)."""
    owed = [0] * tg.SEATS
    for p in ledger:
        if p.payee == winner:
            owed[p.payer] += p.amount
        elif p.payer == winner:
            owed[p.payee] -= p.amount
    return owed


# -- solving: the engine decides ---------------------------------------------------------------

def solve(puzzle: Puzzle) -> Solution:
    """The engine's answers to ``puzzle``. Raises ContentError for a position the rules forbid."""
    where = puzzle.key
    try:
        return _SOLVERS[(puzzle.game, puzzle.kind)](puzzle)
    except EngineError as error:
        raise ContentError(where, f"the engine rejects this position: {error}") from None


def _solve_judge(p: Puzzle) -> Solution:
    judgement = _game(p.game).judge(p.current, p.play or "")
    if not judgement.valid:
        answer = NOT_A_PLAY
    else:
        answer = BEATS if judgement.beats else DOES_NOT_BEAT
    return Solution((answer,), judgement.reason, {"play": judgement.play})


def _solve_cp_beat_or_pass(p: Puzzle) -> Solution:
    current = cp.classify(parse_tiles(p.current or ""))
    if current is None:
        raise ContentError(p.key, "the current play is no legal play")
    follows = cp.legal_follows(counts(p.hand_tiles()), current)
    if follows[0] is cp.PASS:
        return Solution((PASS,), "must-pass")
    return Solution(tuple(f.notation for f in follows), "must-beat")


def _solve_tg_beat_or_pass(p: Puzzle) -> Solution:
    high = tg.classify(parse_tiles(p.current or ""))
    if high is None:
        raise ContentError(p.key, "the current high set is no legal set")
    hand = p.hand_tiles()
    if len(hand) < high.size:
        raise ContentError(p.key, "the hand holds fewer tiles than were led")
    pillars = p.pillars_held if p.pillars_held is not None else 0
    actions = tg_legal_actions(hand, code_of(hand), high, high.size, pillars)
    ups = tuple(a.notation for a in actions if a.face_up)
    if ups:
        return Solution(ups, "can-beat")
    if is_last_trick(p) and high.size == 1 and pillars == 0:
        return Solution((PASS,), "early-death")
    return Solution((PASS,), "cannot-beat")


def _solve_bonus(p: Puzzle) -> Solution:
    deal = cp.deal_from_hands([p.hand_tiles(), (), ()], 0)
    moved = deal.bonus[0]
    if not moved:
        return Solution((NONE,))
    return Solution((" ".join(t.key for t in sort_for(CHUO_PAI, moved)),))


def _cp_action(text: str) -> str:
    return "" if text == PASS else text


def _solve_round(p: Puzzle) -> Solution:
    hands = [parse_tiles(h, allow_empty=True) for h in p.hands]
    deal = cp.deal_from_hands(hands, p.leader)
    if any(deal.bonus):
        raise ContentError(p.key, "a hand would get the starting bonus; keep rounds simple")
    start_piles = deal.piles
    played = []
    for action in p.actions:
        seat = deal.to_act
        deal = deal.apply(_cp_action(action))
        played.append((seat, action))
    details: dict[str, Any] = {"played": played, "piles": deal.piles, "removed": deal.removed}
    finished = deal.round is None and bool(deal.rounds)
    q = p.question
    if q == "next-to-act":
        if finished or deal.to_act is None:
            raise ContentError(p.key, "next-to-act needs a round under way")
        answer: Any = str(deal.to_act)
        details["owner"] = deal.owner
    else:
        if not finished:
            raise ContentError(p.key, f"{q} needs a finished round")
        last = deal.rounds[-1]
        details["winner"] = last.winner
        details["winning_play"] = next(
            (a for s, a in reversed(last.actions) if s == last.winner and a is not cp.PASS), None)
        if q == "winner":
            answer = str(last.winner)
        elif q == "next-leader":
            answer = NONE if deal.to_act is None else str(deal.to_act)
        elif q == "scored":
            answer = deal.piles[last.winner] - start_piles[last.winner]  # type: ignore[index]
        else:  # removed
            answer = deal.removed
        details["next_leader"] = deal.to_act
    return Solution((answer,), q, details)


def _trick_deal(p: Puzzle) -> tg.Deal:
    """A whole deal whose first trick is the puzzle's trick: every seat holds the tiles it plays,
    topped up to 8 from the rest of the pack; the leader is the banker, so it leads (TG-3)."""
    plays: list[tuple[int, tuple[Tile, ...], bool]] = [
        (p.leader, parse_tiles(p.lead or ""), True)]
    for k, action in enumerate(p.actions, start=1):
        face, _sep, notation = action.partition(":")
        if face not in ("up", "down"):
            raise ContentError(p.key, f"a follower's play is 'up:…' or 'down:…', not {action!r}")
        plays.append(((p.leader + k) % tg.SEATS, parse_tiles(notation), face == "up"))
    hands: list[list[Tile]] = [[] for _seat in range(tg.SEATS)]
    for seat, tiles, _up in plays:
        hands[seat].extend(tiles)
    rest = list(tgl.PACK)
    for t in (t for h in hands for t in h):
        if t not in rest:
            raise ContentError(p.key, f"more copies of {t.key} than the pack holds")
        rest.remove(t)
    for h in hands:
        while len(h) < 8:
            h.append(rest.pop())
    deal = tg.deal_from_hands(hands, p.leader)
    for seat, tiles, up in plays:
        deal = deal.apply(make_action(tiles, up), player=seat)
    return deal


def _solve_trick(p: Puzzle) -> Solution:
    if len(p.actions) != tg.SEATS - 1:
        raise ContentError(p.key, "a trick has the lead and three more plays")
    deal = _trick_deal(p)
    trick = deal.tricks[0]
    winner = trick.winner
    assert winner is not None
    high = next(pl.action for pl in reversed(trick.plays) if pl.player == winner and pl.action.face_up)
    details = {"winner": winner, "pillars": deal.pillars[winner], "high": high.notation,
               "plays": [(pl.player, pl.action.notation, pl.action.face_up) for pl in trick.plays]}
    answer: Any = str(winner) if p.question == "winner" else deal.pillars[winner]
    return Solution((answer,), p.question, details)


def _solve_settlement(p: Puzzle) -> Solution:
    lead = tg.classify(parse_tiles(p.lead or ""))
    won = tg.classify(parse_tiles(p.won_with or ""))
    if lead is None or won is None:
        raise ContentError(p.key, "lead and won_with must be sets")
    if len(p.pillars) != tg.SEATS or sum(p.pillars) != 8 or max(p.pillars) > 8:
        raise ContentError(p.key, "four pillar counts adding up to 8 (TG-20)")
    if p.pillars[p.winner] < won.size or won.size != lead.size:
        raise ContentError(p.key, "the winner's pillars must include the last trick")
    if p.winner != p.leader and not tg.beats(lead, won):
        raise ContentError(p.key, "won_with must beat the lead when the winner did not lead")
    if p.winner == p.leader and won is not lead:
        raise ContentError(p.key, "a leader who wins the last trick wins it with the lead")
    if any(n > 6 for s, n in enumerate(p.pillars) if s != p.winner):
        raise ContentError(p.key, "no opponent holds more than 6 pillars (TG-20)")
    ledger = tgsettle.final_payments(tuple(p.pillars), p.banker, p.winner, p.leader, lead, won)
    owed = _payments_by_seat(ledger, p.winner)
    answer = {str(s): owed[s] for s in range(tg.SEATS) if s != p.winner}
    details = {
        "ledger": [pay.as_dict() for pay in ledger],
        "multiplier": tgsettle.final_multiplier(won, p.pillars[p.winner]),
        "capture": tgsettle.is_capture(lead, won),
        "owed": owed,
    }
    return Solution((answer,), "settlement", details)


def _game(key: str) -> Any:
    return cp if key == CHUO_PAI else tg


_SOLVERS = {
    (CHUO_PAI, JUDGE): _solve_judge,
    (TIEN_GOW, JUDGE): _solve_judge,
    (CHUO_PAI, BEAT_OR_PASS): _solve_cp_beat_or_pass,
    (TIEN_GOW, BEAT_OR_PASS): _solve_tg_beat_or_pass,
    (CHUO_PAI, BONUS): _solve_bonus,
    (CHUO_PAI, ROUND): _solve_round,
    (TIEN_GOW, TRICK): _solve_trick,
    (TIEN_GOW, SETTLEMENT): _solve_settlement,
}


def expected_answers(p: Puzzle) -> tuple[Any, ...]:
    """The author's claim, in the same form as ``Solution.answers`` (for the content test)."""
    e = p.expect
    if p.kind == JUDGE:
        return (e,)
    if p.kind in (BEAT_OR_PASS, BONUS):
        items = e if isinstance(e, list) else [e]
        return tuple(x if x in (PASS, NONE) else canonical(p.game, x) for x in items)
    if p.kind in (ROUND, TRICK):
        if p.question in NUMBER_QUESTIONS:
            return (e,)
        return (e if e == NONE else str(e),)
    if p.kind == SETTLEMENT:
        return ({str(s): e[s] for s in range(len(e)) if s != p.winner},)
    return (e,)


# -- loading -----------------------------------------------------------------------------------

_STEP_KEYS = {
    "explain": {"text", "tiles", "wrong", "ladder", "caption", "rules", "figures"},
    JUDGE: {"id", "kind", "rules", "current", "play", "answer", "prompt", "hint"},
    BEAT_OR_PASS: {"id", "kind", "rules", "current", "hand", "pillars", "answer", "prompt", "hint"},
    BONUS: {"id", "kind", "rules", "hand", "answer", "prompt", "hint"},
    ROUND: {"id", "kind", "rules", "hands", "leader", "actions", "question", "answer", "prompt",
            "hint"},
    TRICK: {"id", "kind", "rules", "leader", "lead", "actions", "question", "answer", "prompt",
            "hint"},
    SETTLEMENT: {"id", "kind", "rules", "banker", "pillars", "winner", "leader", "lead",
                 "won_with", "answer", "prompt", "hint"},
}


def _rules(game: str, data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not data:
        raise ContentError(where, "rules: a non-empty list such as ['CP-12']")
    for rule in data:
        m = RULE_RE.match(rule) if isinstance(rule, str) else None
        if not m or m.group(1) != RULE_PREFIX[game] or not 1 <= int(m.group(2)) <= RULE_COUNT[game]:
            raise ContentError(where, f"not a {RULE_PREFIX[game]} rule: {rule!r}")
    return tuple(data)


def _int(data: dict[str, Any], key: str, where: str, lo: int, hi: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ContentError(where, f"{key}: a whole number from {lo} to {hi}")
    return value


def _figure(game: str, data: dict[str, Any], ctx: str, where: str) -> Figure:
    caption = make_text(data["caption"], ctx, "caption of a picture", where) if "caption" in data else None
    if "ladder" in data:
        if data["ladder"] not in LADDER_NAMES[game]:
            raise ContentError(where, f"unknown ladder {data['ladder']!r}")
        return Figure((), data["ladder"], caption)
    key = "wrong" if "wrong" in data else "tiles"
    spec = data.get(key)
    if not isinstance(spec, str):
        raise ContentError(where, "a picture needs tiles, wrong or ladder")
    groups = tuple(tuple(t.key for t in _tiles(g, where)) for g in spec.split("/"))
    if not all(groups):
        raise ContentError(where, f"empty group in {spec!r}")
    return Figure(groups, None, caption, wrong=key == "wrong")


def _explanation(game: str, lesson: str, number: int, data: dict[str, Any], where: str) -> Explanation:
    ctx = f"{game}/{lesson}"
    texts = data.get("text")
    if isinstance(texts, str):
        texts = [texts]
    if not isinstance(texts, list) or not texts:
        raise ContentError(where, "an explanation needs text")
    paragraphs = tuple(make_text(t, ctx, "lesson paragraph", where) for t in texts)
    figures: list[Figure] = []
    if any(k in data for k in ("tiles", "wrong", "ladder")):
        figures.append(_figure(game, data, ctx, where))
    for fig in data.get("figures", []):
        if not isinstance(fig, dict) or set(fig) - {"tiles", "wrong", "ladder", "caption"}:
            raise ContentError(where, "figures: tables with tiles / wrong / ladder and caption")
        figures.append(_figure(game, fig, ctx, where))
    return Explanation(number, paragraphs, tuple(figures), _rules(game, data.get("rules"), where))


def _puzzle(game: str, lesson: str, number: int, data: dict[str, Any], where: str) -> Puzzle:
    kind = data.get("kind")
    if kind not in KINDS[game]:
        raise ContentError(where, f"kind must be one of {KINDS[game]}")
    pid = data.get("id")
    if not isinstance(pid, str) or not ID_RE.match(pid):
        raise ContentError(where, "id: lower-case letters, digits and hyphens")
    where = f"{where} ({pid})"
    ctx = f"{game}/{lesson}"
    kw: dict[str, Any] = {}
    if kind in (JUDGE, BEAT_OR_PASS):
        current = data.get("current")
        if current is not None:
            _tiles(current, where)
            kw["current"] = canonical(game, current)
        elif kind == BEAT_OR_PASS:
            raise ContentError(where, "beat-or-pass needs the current play")
    if kind == JUDGE:
        _tiles(data.get("play"), where)
        kw["play"] = data["play"]
    if kind in (BEAT_OR_PASS, BONUS):
        if not _tiles(data.get("hand"), where):
            raise ContentError(where, "an empty hand")
        kw["hand"] = " ".join(t.key for t in sort_for(game, _tiles(data["hand"], where)))
    if kind == BEAT_OR_PASS and game == TIEN_GOW:
        kw["pillars_held"] = _int(data, "pillars", where, 0, 8, default=1)
    if kind == ROUND:
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != cp.SEATS:
            raise ContentError(where, "hands: three hands")
        for h in hands:
            _tiles(h, where)
        kw["hands"] = tuple(hands)
    if kind in (ROUND, TRICK):
        kw["leader"] = _int(data, "leader", where, 0, SEAT_COUNT[game] - 1)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ContentError(where, "actions: a list of plays")
        kw["actions"] = tuple(actions)
        questions = ROUND_QUESTIONS if kind == ROUND else TRICK_QUESTIONS
        if data.get("question") not in questions:
            raise ContentError(where, f"question: one of {questions}")
        kw["question"] = data["question"]
    if kind in (TRICK, SETTLEMENT):
        _tiles(data.get("lead"), where)
        kw["lead"] = canonical(game, data["lead"])
    if kind == SETTLEMENT:
        kw["banker"] = _int(data, "banker", where, 0, 3)
        kw["winner"] = _int(data, "winner", where, 0, 3)
        kw["leader"] = _int(data, "leader", where, 0, 3)
        pillars = data.get("pillars")
        if not isinstance(pillars, list) or len(pillars) != 4 or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pillars):
            raise ContentError(where, "pillars: four whole numbers")
        kw["pillars"] = tuple(pillars)
        _tiles(data.get("won_with"), where)
        kw["won_with"] = canonical(game, data["won_with"])
    if "answer" not in data:
        raise ContentError(where, "answer: the author's intended answer (checked by the engine)")
    prompt = make_text(data["prompt"], ctx, "puzzle question", where) if "prompt" in data else None
    hint = make_text(data["hint"], ctx, "puzzle hint", where) if "hint" in data else None
    return Puzzle(game=game, id=pid, kind=kind, rules=_rules(game, data.get("rules"), where),
                  lesson=lesson, number=number, expect=data["answer"], prompt=prompt, hint=hint,
                  **kw)


def parse_lesson(text: str, game: str, filename: str) -> Lesson:
    m = FILE_RE.match(Path(filename).name)
    if not m:
        raise ContentError(filename, "lesson files are named NN-<id>.toml")
    number, lesson_id = int(m.group(1)), m.group(2)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(filename, f"not TOML: {error}") from None
    unknown = set(data) - {"title", "summary", "steps"}
    if unknown:
        raise ContentError(filename, f"unknown keys {sorted(unknown)}")
    ctx = f"{game}/{lesson_id}"
    title = make_text(data.get("title"), ctx, "lesson title", filename)
    summary = make_text(data.get("summary"), ctx, "lesson summary (lesson list)", filename)
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ContentError(filename, "a lesson needs [[steps]]")
    steps: list[Step] = []
    for i, raw in enumerate(raw_steps, start=1):
        where = f"{filename} step {i}"
        if not isinstance(raw, dict):
            raise ContentError(where, "a step is a table")
        kind = raw.get("kind", "explain")
        allowed = _STEP_KEYS.get(kind)
        if allowed is None:
            raise ContentError(where, f"unknown kind {kind!r}")
        extra = set(raw) - allowed - {"kind"}
        if extra:
            raise ContentError(where, f"unknown keys {sorted(extra)} for a {kind} step")
        if kind == "explain":
            steps.append(_explanation(game, lesson_id, i, raw, where))
        else:
            steps.append(_puzzle(game, lesson_id, i, raw, where))
    return Lesson(game, lesson_id, number, title, summary, tuple(steps))


@dataclass(frozen=True)
class Course:
    """Every lesson of one game, in order."""

    game: str
    lessons: tuple[Lesson, ...]

    @cached_property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(p for lesson in self.lessons for p in lesson.puzzles)

    @cached_property
    def by_id(self) -> dict[str, Puzzle]:
        return {p.id: p for p in self.puzzles}

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)


@cache
def _load(folder: str, game: str, stamp: tuple[tuple[str, float], ...]) -> Course:
    lessons = []
    for name, _mtime in stamp:
        path = Path(folder) / name
        lessons.append(parse_lesson(path.read_text(encoding="utf-8"), game, str(path)))
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise ContentError(folder, f"lessons must be numbered 01, 02, … without gaps: {numbers}")
    ids = [p.id for lesson in lessons for p in lesson.puzzles]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ContentError(folder, f"duplicate puzzle ids {sorted(duplicates)}")
    lesson_ids = [lesson.id for lesson in lessons]
    if len(set(lesson_ids)) != len(lesson_ids):
        raise ContentError(folder, "duplicate lesson ids")
    return Course(game, tuple(lessons))


def load_course(content_dir: str | Path, game: str) -> Course:
    """Every lesson of ``game`` from ``content_dir/puzzles/<game>/`` (cached until a file changes)."""
    if game not in GAMES:
        raise KeyError(game)
    folder = Path(content_dir) / "puzzles" / game
    files = sorted(p for p in folder.glob("*.toml"))
    stamp = tuple((p.name, p.stat().st_mtime) for p in files)
    return _load(str(folder), game, stamp)
