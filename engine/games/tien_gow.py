"""Tien Gow as the engine lists it: its rules (``engine.tien_gow``), its computer players by level
(``engine.ai.tien_gow``, ``engine.ai.strong_tien_gow``) and its fast self-play, in one ``GameSpec``."""
from __future__ import annotations

from engine import tien_gow
from engine.ai.agents import RandomAgent
from engine.ai.strong_tien_gow import StrongTienGow
from engine.ai.tien_gow import GreedyTienGow, StandardTienGow
from engine.spec import GameSpec, Level, Variants
from engine.tien_gow import selfplay

ORDER = 2  # its place in engine.games.GAME_KEYS

LEVELS: tuple[Level[tien_gow.SeatView, tien_gow.Action], ...] = (
    Level("random", RandomAgent), Level("greedy", GreedyTienGow),
    Level.estimating("standard", StandardTienGow), Level.estimating("strong", StrongTienGow),
)
SPEC: GameSpec[tien_gow.Action, tien_gow.SeatView, tien_gow.Deal] = GameSpec.of(
    tien_gow, LEVELS, selfplay.random_record_line,
    Variants(tien_gow.OPTIONS, tien_gow.with_rules, tien_gow.judge_variant, tien_gow.variant_of))
