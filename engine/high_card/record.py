"""High Card's deal record (docs/records.md): the one-tile trick games' record
(``engine.trick_record``) of its deck and deal."""
from __future__ import annotations

from collections.abc import Sequence

from engine.high_card.actions import action_from_tiles
from engine.high_card.deal import Deal, next_deal
from engine.high_card.table import DECK, HAND, KEY, SEATS
from engine.tiles import Tile
from engine.trick_record import TrickRecords


def _move(deal: Deal, tiles: Sequence[Tile], player: int) -> Deal:
    return deal.apply(action_from_tiles(tiles), player=player)


RECORDS = TrickRecords(KEY, SEATS, DECK, HAND, Deal, next_deal, _move)
to_record, replay, replay_steps = RECORDS.to_record, RECORDS.replay, RECORDS.replay_steps
