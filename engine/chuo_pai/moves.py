"""The legal actions of one hand (CP-6, CP-12, CP-14), from what its owner can see.

``Deal.legal_actions`` and ``SeatView.legal_actions`` both call these, so an AI holding only a
view gets exactly the engine's list.
"""
from __future__ import annotations

from engine.chuo_pai.actions import PASS, Action
from engine.chuo_pai.hands import Counts
from engine.chuo_pai.plays import Play, beaters_held, leads


def legal_leads(hand: Counts) -> tuple[Play, ...]:
    """CP-6: every legal play the hand holds; the leader may not pass."""
    return tuple(leads(hand))


def legal_follows(hand: Counts, current: Play) -> tuple[Action, ...]:
    """CP-14: the beating plays the hand holds, or only PASS when there are none (a forced pass)."""
    beats = beaters_held(hand, current)
    return tuple(beats) if beats else (PASS,)


def legal_actions(hand: Counts, current: Play | None) -> tuple[Action, ...]:
    """A leader's plays when ``current`` is None, else a follower's answers to it."""
    return legal_leads(hand) if current is None else legal_follows(hand, current)
