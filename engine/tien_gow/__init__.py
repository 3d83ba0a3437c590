"""Tien Gow (天九), following ../shared/rules/tien-gow.md (TG-1 … TG-20).

Modules, the same as Chuo Pai's for the same jobs: ``ladders`` (TG-1 tiles and ranks), ``table``
(TG-2 seats), ``hands`` (packed hand codes), ``sets`` (TG-4 … TG-9 sets and the beat table),
``actions`` (the Action value), ``moves`` (legal actions, TG-12 early death), ``history`` (turns
and tricks), ``deal`` (the immutable Deal, TG-3, TG-6 … TG-11), ``settlement`` (TG-13 … TG-19),
``view`` (per-seat views), ``judging``, ``record`` (format 1), ``variants`` (the table options).
"""
from __future__ import annotations

from engine.outcome import Payment
from engine.spec import Deal as GameDeal
from engine.tien_gow.actions import Action, action_from_tiles, format_action, make_action, parse_action
from engine.tien_gow.deal import Deal, deal_from_hands, new_deal, next_deal, position, variant_of, with_rules
from engine.tien_gow.history import Trick, Turn
from engine.tien_gow.judging import judge, judge_variant
from engine.tien_gow.moves import early_death, legal_actions
from engine.tien_gow.record import replay, replay_steps, to_record
from engine.tien_gow.sets import SETS, SUPREME, TileSet, beats, classify
from engine.tien_gow.settlement import (
    SettlementLine,
    final_payments,
    immediate_payments,
    is_immediate,
    net,
    settlement_working,
)
from engine.tien_gow.table import HAS_FACE_DOWN, KEY, SEAT_ORDER, SEATS
from engine.tien_gow.variants import DEFAULT, OPTIONS, Rules, rules_of
from engine.tien_gow.view import EVENT_KINDS, MOVE_KINDS, SeatView

__all__ = [
    "KEY", "EVENT_KINDS", "MOVE_KINDS",
    "SEATS", "SEAT_ORDER", "HAS_FACE_DOWN", "new_deal", "next_deal", "deal_from_hands", "position",
    "Deal", "Turn", "Trick",
    "Action", "Payment", "SeatView", "TileSet", "SETS", "SUPREME", "judge", "parse_action",
    "make_action", "action_from_tiles", "format_action", "to_record", "replay", "replay_steps",
    "beats", "classify",
    "early_death", "legal_actions", "final_payments", "immediate_payments", "is_immediate", "net",
    "settlement_working", "SettlementLine",
    "OPTIONS", "Rules", "DEFAULT", "rules_of", "with_rules", "variant_of", "judge_variant",
]

# This game's deal is the contract's Deal of its actions and views: mypy proves it here.
_DEAL: type[GameDeal[Action, SeatView]] = Deal
