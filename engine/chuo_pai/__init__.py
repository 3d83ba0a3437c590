"""Chuo Pai (戳牌): 84 Sichuan narrow cards, three players, beat or pass.

The rules are ../shared/rules/chuo-pai.md, CP-1 … CP-20; each module names the rules it
implements. In short: 28 cards each; a Nail + Two Red hand banks them at once (CP-4); a round is
one lead and one action by each other player still holding cards (CP-5); a follower must beat the
current highest play with the same class, the same number of cards and a strictly higher rank, and
may pass only when unable (CP-12, CP-14); the round's winner banks exactly the winning cards
(CP-16); the deal ends when at most one player holds cards, and the biggest pile wins (CP-17, CP-19).

Modules, the same as Tien Gow's for the same jobs: ``families`` (CP-7 … CP-11 ladders), ``table``
(CP-2 seats), ``hands`` (counts), ``plays`` (classification and the beat tables), ``actions``
(a play or a pass), ``moves`` (legal actions), ``history`` (turns and rounds), ``deal`` (the
immutable Deal), ``scoring`` (CP-19), ``view`` (per-seat views), ``judging``, ``record``.
"""
from engine.chuo_pai.actions import PASS, Action, Pass, action_from_tiles, parse_action
from engine.chuo_pai.deal import Deal, deal_from_hands, new_deal, next_deal, position
from engine.chuo_pai.hands import counts, counts_to_tiles
from engine.chuo_pai.history import Round, Turn
from engine.chuo_pai.judging import judge
from engine.chuo_pai.moves import legal_actions, legal_follows, legal_leads
from engine.chuo_pai.plays import ALL_PLAYS, Play, beats, classify, why_not_beating
from engine.chuo_pai.record import replay, replay_steps, to_record
from engine.chuo_pai.table import HAS_FACE_DOWN, KEY, SEAT_ORDER, SEATS
from engine.chuo_pai.view import EVENT_KINDS, MOVE_KINDS, SeatView
from engine.spec import Deal as GameDeal

__all__ = [
    "KEY", "EVENT_KINDS", "MOVE_KINDS",
    "SEATS", "SEAT_ORDER", "HAS_FACE_DOWN", "PASS", "Pass", "Action", "Play", "Turn", "Round", "Deal",
    "SeatView", "ALL_PLAYS", "new_deal", "next_deal", "deal_from_hands", "position", "parse_action",
    "action_from_tiles", "legal_actions", "legal_leads", "legal_follows", "counts", "counts_to_tiles",
    "classify", "beats", "why_not_beating", "judge", "to_record", "replay", "replay_steps",
]

# This game's deal is the contract's Deal of its actions and views: mypy proves it here.
_DEAL: type[GameDeal[Action, SeatView]] = Deal
