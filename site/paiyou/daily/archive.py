"""The archive: every revealed day's deal, played again as practice (docs/daily.md, "The archive").

A practice deal is a normal stored deal dealt from the day's revealed seed, its computer seats at
``engine.daily.LEVEL`` and its shuffle committed to with the day's salt (so its commitment is the
day's and the review's shuffle check verifies it), marked as the day's daily with ``"practice":
true`` in its mark. It claims no attempt and is never countable (``results.record`` asks
``is_practice``; besides, only the attempt's own deal may count): its result is kept uncounted, so
it never enters the field's counts, a player's calendar or their streak, and it is placed among the
day's counted results (``engine.field.standing(..., in_field=False)``).

Only a revealed day opens: before ``engine.daily.reveals_at`` the seed would show every hand to
someone still playing the day, so a day not revealed, not begun or unknown is the same
``daily-unknown`` as any other (``practice_deal``: ``DailyError``, nothing said about the day).
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import date

from engine.daily import LEVEL, DailyDeal, DailyError, Keyring, daily_deal, is_revealed
from engine.games import game as game_rules
from paiyou.deals import signals
from paiyou.deals.computer import run_until_choice
from paiyou.deals.daily_mark import META, Mark
from paiyou.deals.game import HUMAN, HUMAN_SEAT, Game
from paiyou.deals.keys import seat_keys_meta
from paiyou.store.games import GameStore
from paiyou.store.schema import new_id

PRACTICE = "practice"


def revealed_day(ring: Keyring, game: str, day: date, now: float | None = None) -> DailyDeal:
    """The day's deal once it is revealed; ``DailyError("daily-unknown")`` for any day that is not
    (not begun, before the first, or still secret): a request learns nothing about it."""
    deal = daily_deal(ring, game, day, now)
    if not is_revealed(day, now):
        raise DailyError("daily-unknown", day.isoformat())
    return deal


def is_practice(meta: Mapping[str, object]) -> bool:
    """Whether a stored deal is archive practice (never counted)."""
    found = meta.get(META)
    return isinstance(found, dict) and found.get(PRACTICE) is True


def start_practice(ring: Keyring, store: GameStore, game: str, day: date, player: str, key: str,
                   now: float | None = None) -> Game:
    """A practice deal of a revealed day for ``player`` (the browser's or a throwaway id: it is
    never counted), stored with the seat ``key``'s hash; the computer seats play up to the first
    choice. DailyError("daily-unknown") for a day not revealed."""
    deal = revealed_day(ring, game, day, time.time() if now is None else now)
    rules = game_rules(game)
    agents = tuple(HUMAN if s == HUMAN_SEAT else LEVEL for s in range(rules.seats))
    dealt, passed = run_until_choice(game, rules.new_deal(deal.seed), HUMAN_SEAT, agents, False)
    stored = store.create(game, HUMAN_SEAT, agents, rules.to_record(dealt), game_id=new_id(),
                          finished=dealt.is_over,
                          meta={"shuffle": {"salt": deal.salt, "commitment": deal.commitment, "chosen": False},
                                "auto_passes": passed, "seat_keys": seat_keys_meta(HUMAN_SEAT, key),
                                META: {**Mark(game, deal.day, player).as_meta(), PRACTICE: True}})
    if dealt.is_over:  # every move was forced: its (uncounted) result is recorded now
        signals.deal_over.send(store, stored.id)
    return Game(stored, dealt)


__all__ = ["PRACTICE", "revealed_day", "is_practice", "start_practice"]
