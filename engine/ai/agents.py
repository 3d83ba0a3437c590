"""The computer players of each game by level, declared once: ``CHUO_PAI``, ``TIEN_GOW`` and
``HIGH_CARD`` (each
game's ``GameSpec.levels``, ``engine.games``).

An agent has a ``name`` and ``choose(view, rng) -> action`` (``engine.spec.Agent``). It reads only
the seat's view (never the deal) and draws any randomness from ``rng``, so the same view and the
same generator state always give the same action. Levels, weakest first: ``random``, ``greedy``,
``standard``, ``strong`` (definitions in docs/ai.md); ``standard`` and ``strong`` also weigh their
candidates (``engine.spec.Estimator``: the analysis and the hints).
"""
from __future__ import annotations

import random

from engine.ai.chuo_pai import GreedyChuoPai, StandardChuoPai
from engine.ai.high_card import ExactHighCard, HighestAgent
from engine.ai.strong_chuo_pai import StrongChuoPai
from engine.ai.strong_tien_gow import StrongTienGow
from engine.ai.tien_gow import GreedyTienGow, StandardTienGow
from engine.chuo_pai.actions import Action as ChuoPaiAction
from engine.chuo_pai.view import SeatView as ChuoPaiView
from engine.high_card.actions import Action as HighCardAction
from engine.high_card.view import SeatView as HighCardView
from engine.spec import A, Level, SeatView
from engine.tien_gow.actions import Action as TienGowAction
from engine.tien_gow.view import SeatView as TienGowView


class RandomAgent:
    """A uniformly random legal action (the ``random`` level, every game)."""

    name = "random"

    def choose(self, view: SeatView[A], rng: random.Random) -> A:
        return rng.choice(view.legal_actions())


AGENT_NAMES: tuple[str, ...] = ("random", "greedy", "standard", "strong")
CHUO_PAI: tuple[Level[ChuoPaiView, ChuoPaiAction], ...] = (
    Level("random", RandomAgent), Level("greedy", GreedyChuoPai),
    Level.estimating("standard", StandardChuoPai), Level.estimating("strong", StrongChuoPai),
)
TIEN_GOW: tuple[Level[TienGowView, TienGowAction], ...] = (
    Level("random", RandomAgent), Level("greedy", GreedyTienGow),
    Level.estimating("standard", StandardTienGow), Level.estimating("strong", StrongTienGow),
)
HIGH_CARD: tuple[Level[HighCardView, HighCardAction], ...] = (
    Level("random", RandomAgent), Level("highest", HighestAgent), Level.estimating("exact", ExactHighCard),
)
