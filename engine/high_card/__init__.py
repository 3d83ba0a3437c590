"""High Card: the smallest game of the engine, the example of docs/adding-a-game.md.

The rules are content/rules/high-card.md, HC-1 and HC-2. Two players (``SEATS``: every module
reads the count from there), six tiles (``DECK``), three each (HC-1). The leader plays one tile;
each other player in turn plays one tile: a higher total than the trick's highest beats it (event
``beat``), a lower one goes under (event ``under``, this game's own kind). The highest tile wins
the trick and leads the next (HC-2). After three tricks the player with more tricks wins; the
winner of the last trick leads the next deal.

Modules, the same as the other games' for the same jobs (each tiny): ``table`` (the seats),
``actions`` (a play of one tile), ``view`` (per-seat views and the log), ``deal`` (the immutable
Deal), ``judging``, ``record``.
"""
from engine.high_card.actions import Action, action_from_tiles, parse_action, rank
from engine.high_card.deal import Deal, new_deal, next_deal, position, trick_winner
from engine.high_card.judging import judge
from engine.high_card.record import replay, replay_steps, to_record
from engine.high_card.table import DECK, HAND, HAS_FACE_DOWN, KEY, SEAT_ORDER, SEATS
from engine.high_card.view import EVENT_KINDS, MOVE_KINDS, UNDER, SeatView
from engine.spec import Deal as GameDeal

__all__ = [
    "KEY", "EVENT_KINDS", "MOVE_KINDS",
    "SEATS", "SEAT_ORDER", "HAS_FACE_DOWN", "DECK", "HAND", "UNDER", "Action", "Deal", "SeatView",
    "rank", "trick_winner", "new_deal", "next_deal", "position", "action_from_tiles", "parse_action", "judge",
    "to_record", "replay", "replay_steps",
]

# This game's deal is the contract's Deal of its actions and views: mypy proves it here.
_DEAL: type[GameDeal[Action, SeatView]] = Deal
