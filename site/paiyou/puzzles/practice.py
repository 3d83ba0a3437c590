"""Practice without end: puzzles made from seeded random deals, at three difficulties.

``generate(game, level, seed)`` is a pure function of its arguments: the same URL
(``/<lang>/<game>/practice/<level>/<seed>``) always shows the same puzzle. The position comes
from the engine's own deal (``new_deal(seed)``): the current play is something another seat
could really lead, the hand is (part of) your real hand. The answers are then solved by the
engine like any lesson puzzle. What a game adds (its hand sizes, its special positions, the rules
a puzzle teaches) is its ``PracticeRules`` (``paiyou.games.<game>.puzzles``).

- easy: single tiles; "does it beat?" and beat-or-pass with a short hand.
- medium: sets of one or two tiles, special combinations and mixed pairs, longer hands.
- hard: sets of up to four tiles, tiles that form no play at all, whole hands, and (Tien Gow)
  last tricks with and without a pillar (early death).
"""
from __future__ import annotations

import dataclasses
import random

from engine.rng import make_rng
from engine.tiles import Tile
from paiyou.puzzles.kinds import GamePuzzles, PlayLike, game_puzzles, tile_keys
from paiyou.puzzles.model import BEAT_OR_PASS, BEATS, DOES_NOT_BEAT, JUDGE, NOT_A_PLAY, Puzzle
from paiyou.registry import GAME_KEYS

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
MAX_SEED = 2**31 - 1
MAX_SIZE = {"easy": 1, "medium": 2, "hard": 4}


def _judge(game: GamePuzzles, level: str, rng: random.Random, hands: list[tuple[Tile, ...]]) -> Puzzle:
    rules = game.practice
    size = MAX_SIZE[level]
    currents = rules.leads(hands[1], size)
    mine = rules.leads(hands[0], size)
    targets = [BEATS, DOES_NOT_BEAT] + ([NOT_A_PLAY] if level != "easy" else [])
    target = rng.choice(targets)
    current = rng.choice(currents)
    play: str | None
    if target == NOT_A_PLAY:
        for _attempt in range(50):
            k = rng.randint(2, min(3, len(hands[0])))
            tiles = rng.sample(hands[0], k)
            if not rules.is_play(tuple(tiles)):
                play = tile_keys(game.sort(tiles))
                break
        else:
            play = rng.choice(mine).notation
    else:
        rng.shuffle(currents)
        play = None
        for current in currents:
            options = [p for p in mine if rules.beats(current, p) == (target == BEATS)]
            if target == DOES_NOT_BEAT and options:  # every kind of near miss, equally often
                groups: dict[str, list[PlayLike]] = {}
                for p in options:
                    groups.setdefault(rules.why_not(current, p), []).append(p)
                options = groups[rng.choice(sorted(groups))]
            if options:
                play = rng.choice(options).notation
                break
        if play is None:
            current = rng.choice(currents)
            play = rng.choice(mine).notation
    return game.kinds[JUDGE](game=game.key, id="", rules=(), current=current.notation,  # type: ignore[call-arg]
                             play=play)


def _beat_or_pass(game: GamePuzzles, level: str, rng: random.Random,
                  hands: list[tuple[Tile, ...]]) -> Puzzle:
    rules = game.practice
    currents = rules.leads(hands[1], MAX_SIZE[level])
    hand = list(hands[0])
    rng.shuffle(hand)
    hand = hand[:rules.hand_size(level)]
    want_beat = rng.random() < 0.6
    rng.shuffle(currents)
    special = rules.special_position(level, rng, currents, hand)
    if special is not None:
        return special
    current = currents[0]
    held = rules.leads(tuple(hand), 4)
    for candidate in currents:
        if any(rules.beats(candidate, p) for p in held) == want_beat:
            current = candidate
            break
    return rules.beat_or_pass(rng, current, hand)


def generate(game: str, level: str, seed: int) -> Puzzle:
    """The practice puzzle ``seed`` at ``level`` (KeyError / ValueError for bad arguments)."""
    if game not in GAME_KEYS or level not in LEVELS:
        raise KeyError((game, level))
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(seed)
    puzzles = game_puzzles(game)
    rng = make_rng(seed * 7 + LEVELS.index(level))
    hands = puzzles.practice.hands(seed)
    kind = rng.choice((JUDGE, BEAT_OR_PASS))
    made = (_judge if kind == JUDGE else _beat_or_pass)(puzzles, level, rng, hands)
    rules = puzzles.practice.rules(kind, made.solution.reason)
    return dataclasses.replace(made, id=f"{level}-{seed}", rules=rules, difficulty=level)


def new_seed() -> int:
    return random.SystemRandom().randrange(MAX_SEED)
