"""Practice without end: puzzles made from seeded random deals, at three difficulties.

``generate(game, level, seed)`` is a pure function of its arguments: the same URL
(``/<lang>/<game>/practice/<level>/<seed>``) always shows the same puzzle. The position comes
from the engine's own deal (``new_deal(seed)``): the current play is something another seat
could really lead, the hand is (part of) your real hand. The answers are then solved by the
engine like any lesson puzzle.

- easy: single tiles; "does it beat?" and beat-or-pass with a short hand.
- medium: sets of one or two tiles, special combinations and mixed pairs, longer hands.
- hard: sets of up to four tiles, tiles that form no play at all, whole hands, and (Tien Gow)
  last tricks with and without a pillar (early death).
"""
from __future__ import annotations

import random
from typing import Any

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.chuo_pai.deal import counts_to_tiles
from engine.rng import make_rng
from engine.tien_gow.hands import code_of
from engine.tien_gow.moves import legal_leads as tg_legal_leads
from engine.tien_gow.sets import why_not_beating as tg_why_not_beating
from engine.tiles import Tile
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BEATS,
    CHUO_PAI,
    DOES_NOT_BEAT,
    JUDGE,
    NOT_A_PLAY,
    TIEN_GOW,
    Puzzle,
    counts,
    sort_for,
)

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
MAX_SEED = 2**31 - 1
_MAX_SIZE = {"easy": 1, "medium": 2, "hard": 4}
_HAND = {CHUO_PAI: {"easy": 5, "medium": 8, "hard": 12}, TIEN_GOW: {"easy": 4, "medium": 6, "hard": 8}}

# The rules a practice puzzle teaches, from the engine's reason code.
_RULES = {
    CHUO_PAI: {"ok": ("CP-12",), "not-a-play": ("CP-6", "CP-10"), "different-family": ("CP-9",),
               "different-count": ("CP-12",), "equal-rank": ("CP-8", "CP-12"),
               "not-higher": ("CP-7", "CP-11", "CP-12")},
    TIEN_GOW: {"ok": ("TG-7",), "not-a-set": ("TG-4", "TG-5"), "different-kind": ("TG-7",),
               "wrong-count": ("TG-6",), "equal-rank": ("TG-7",), "not-higher": ("TG-7",),
               "supreme-unbeatable": ("TG-9",)},
}


def _notation(tiles: Any) -> str:
    return " ".join(t.key for t in tiles)


def _hands(game: str, seed: int) -> list[tuple[Tile, ...]]:
    if game == CHUO_PAI:
        deal = cp.new_deal(seed)
        return [counts_to_tiles(h) for h in deal.hands]
    return [tuple(h) for h in tg.new_deal(seed).hands]


def _leads(game: str, hand: tuple[Tile, ...], max_size: int) -> list[Any]:
    """The sets ``hand`` could lead, up to ``max_size`` tiles (engine objects with .notation)."""
    if game == CHUO_PAI:
        return [p for p in cp.legal_leads(counts(hand)) if p.size <= max_size]
    return [tg.classify(a.tiles) for a in _tg_leads(hand) if len(a.tiles) <= max_size]


def _tg_leads(hand: tuple[Tile, ...]) -> tuple[Any, ...]:
    ordered = sort_for(TIEN_GOW, hand)
    return tg_legal_leads(ordered, code_of(ordered))


def _judge(game: str, level: str, rng: random.Random, hands: list[tuple[Tile, ...]]) -> Puzzle:
    size = _MAX_SIZE[level]
    currents = _leads(game, hands[1], size)
    mine = _leads(game, hands[0], size)
    rules_game = cp if game == CHUO_PAI else tg
    targets = [BEATS, DOES_NOT_BEAT] + ([NOT_A_PLAY] if level != "easy" else [])
    target = rng.choice(targets)
    current = rng.choice(currents)
    if target == NOT_A_PLAY:
        for _attempt in range(50):
            k = rng.randint(2, min(3, len(hands[0])))
            tiles = rng.sample(hands[0], k)
            if rules_game.classify(tuple(tiles)) is None:
                play = _notation(sort_for(game, tiles))
                break
        else:
            play = rng.choice(mine).notation
    else:
        rng.shuffle(currents)
        play = None
        for current in currents:
            options = [p for p in mine if _beats(game, current, p) == (target == BEATS)]
            if target == DOES_NOT_BEAT and options:  # every kind of near miss, equally often
                groups: dict[str, list[Any]] = {}
                for p in options:
                    groups.setdefault(_why_not(game, current, p), []).append(p)
                options = groups[rng.choice(sorted(groups))]
            if options:
                play = rng.choice(options).notation
                break
        if play is None:
            current = rng.choice(currents)
            play = rng.choice(mine).notation
    return Puzzle(game=game, id="", kind=JUDGE, rules=(), current=current.notation, play=play)


def _beats(game: str, current: Any, play: Any) -> bool:
    return cp.beats(current, play) if game == CHUO_PAI else tg.beats(current, play)


def _why_not(game: str, current: Any, play: Any) -> str:
    if game == CHUO_PAI:
        return cp.why_not_beating(current, play)
    return tg_why_not_beating(current, play)


def _beat_or_pass(game: str, level: str, rng: random.Random, hands: list[tuple[Tile, ...]]) -> Puzzle:
    size = _MAX_SIZE[level]
    currents = _leads(game, hands[1], size)
    hand = list(hands[0])
    rng.shuffle(hand)
    hand = hand[:_HAND[game][level]]
    want_beat = rng.random() < 0.6
    rng.shuffle(currents)
    pillars = None
    if game == TIEN_GOW and level == "hard" and rng.random() < 0.35:  # a last trick (TG-12)
        current = rng.choice([c for c in currents if c.size == 1] or currents)
        hand = hand[:current.size]
        pillars = rng.choice((0, 0, 1, 2))
    else:
        current = currents[0]
        held = _leads(game, tuple(hand), 4)
        for candidate in currents:
            if any(_beats(game, candidate, p) for p in held) == want_beat:
                current = candidate
                break
        if game == TIEN_GOW:
            pillars = rng.choice((0, 1, 2, 3))
    return Puzzle(game=game, id="", kind=BEAT_OR_PASS, rules=(), current=current.notation,
                  hand=_notation(sort_for(game, hand)), pillars_held=pillars)


def generate(game: str, level: str, seed: int) -> Puzzle:
    """The practice puzzle ``seed`` at ``level`` (KeyError / ValueError for bad arguments)."""
    if game not in (CHUO_PAI, TIEN_GOW) or level not in LEVELS:
        raise KeyError((game, level))
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(seed)
    rng = make_rng(seed * 7 + LEVELS.index(level))
    hands = _hands(game, seed)
    kind = rng.choice((JUDGE, BEAT_OR_PASS))
    made = (_judge if kind == JUDGE else _beat_or_pass)(game, level, rng, hands)
    reason = made.solution.reason
    if kind == JUDGE:
        rules = _RULES[game].get(reason, ("CP-12",) if game == CHUO_PAI else ("TG-7",))
    elif game == CHUO_PAI:
        rules = ("CP-12", "CP-14")
    else:
        rules = ("TG-6", "TG-12") if reason == "early-death" else ("TG-6", "TG-7")
    return Puzzle(game=game, id=f"{level}-{seed}", kind=kind, rules=tuple(rules),
                  current=made.current, play=made.play, hand=made.hand,
                  pillars_held=made.pillars_held, difficulty=level)


def new_seed() -> int:
    return random.SystemRandom().randrange(MAX_SEED)
