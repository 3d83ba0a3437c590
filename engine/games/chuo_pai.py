"""Chuo Pai as the engine lists it: its rules (``engine.chuo_pai``), its computer players by level
(``engine.ai.chuo_pai``, ``engine.ai.strong_chuo_pai``) and its fast self-play, in one ``GameSpec``."""
from __future__ import annotations

from engine import chuo_pai
from engine.ai.agents import RandomAgent
from engine.ai.chuo_pai import GreedyChuoPai, StandardChuoPai
from engine.ai.strong_chuo_pai import StrongChuoPai
from engine.chuo_pai import selfplay
from engine.spec import GameSpec, Level

ORDER = 1  # its place in engine.games.GAME_KEYS: the first game

LEVELS: tuple[Level[chuo_pai.SeatView, chuo_pai.Action], ...] = (
    Level("random", RandomAgent), Level("greedy", GreedyChuoPai),
    Level.estimating("standard", StandardChuoPai), Level.estimating("strong", StrongChuoPai),
)
SPEC: GameSpec[chuo_pai.Action, chuo_pai.SeatView, chuo_pai.Deal] = GameSpec.of(
    chuo_pai, LEVELS, selfplay.random_record_line)
