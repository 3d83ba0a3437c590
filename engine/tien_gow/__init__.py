"""Tien Gow (天九), following ../shared/rules/tien-gow.md (TG-1 … TG-20).

Modules: ``ladders`` (TG-1 tiles and ranks), ``table`` (TG-2 seats), ``hands`` (packed hand
codes), ``sets`` (TG-4 … TG-9 sets and the beat table), ``actions`` (the Action value),
``moves`` (legal actions, TG-12 early death), ``deal`` (the immutable Deal, TG-3, TG-6 … TG-11),
``settlement`` (TG-13 … TG-19), ``view`` (per-seat views), ``judging``, ``record`` (format 1).
"""
from __future__ import annotations

from engine.tien_gow.actions import Action, format_action, make_action, parse_action
from engine.tien_gow.deal import Deal, Play, Trick, deal_from_hands, new_deal
from engine.tien_gow.judging import judge
from engine.tien_gow.record import replay, to_record
from engine.tien_gow.sets import SETS, TileSet, beats, classify
from engine.tien_gow.settlement import Payment
from engine.tien_gow.table import SEATS
from engine.tien_gow.view import SeatView

__all__ = [
    "SEATS", "new_deal", "deal_from_hands", "Deal", "Play", "Trick", "Action", "Payment",
    "SeatView", "TileSet", "SETS", "judge", "parse_action", "make_action", "format_action",
    "to_record", "replay", "beats", "classify",
]
