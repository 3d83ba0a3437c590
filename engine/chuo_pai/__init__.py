"""Chuo Pai (戳牌): 84 Sichuan narrow cards, three players, beat or pass.

The rules are ../shared/rules/chuo-pai.md, CP-1 … CP-20; each module names the rules it
implements. In short: 28 cards each; a Nail + Two Red hand banks them at once (CP-4); a round is
one lead and one action by each other player still holding cards (CP-5); a follower must beat the
current highest play with the same class, the same number of cards and a strictly higher rank, and
may pass only when unable (CP-12, CP-14); the round's winner banks exactly the winning cards
(CP-16); the deal ends when at most one player holds cards, and the biggest pile wins (CP-17, CP-19).
"""
from engine.chuo_pai.deal import (
    PASS,
    SEATS,
    Action,
    Deal,
    Pass,
    Round,
    deal_from_hands,
    legal_follows,
    legal_leads,
    new_deal,
    parse_action,
)
from engine.chuo_pai.judging import judge
from engine.chuo_pai.plays import ALL_PLAYS, Play, beats, classify, why_not_beating
from engine.chuo_pai.record import replay, to_record
from engine.chuo_pai.view import SeatView

GAME = "chuo-pai"

__all__ = [
    "GAME", "SEATS", "PASS", "Pass", "Action", "Play", "Round", "Deal", "SeatView", "ALL_PLAYS",
    "new_deal", "deal_from_hands", "parse_action", "legal_leads", "legal_follows", "classify",
    "beats", "why_not_beating", "judge", "to_record", "replay",
]
