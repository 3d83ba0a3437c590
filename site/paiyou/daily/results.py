"""The counted result of a daily deal, recorded by the request whose move ends it.

``deal_over`` is the one hook, a receiver of ``paiyou.deals.signals.deal_over`` (``create_app``
connects it before the analysis's): for a daily deal it records the human seat's score
(``engine.daily.score``, from the server's own replay), its decisions for the field's counts
(``engine.daily.decisions``), its rounds won and lost (the day's page shows them without a replay)
and whether it counts (the attempt's own deal, never archive practice,
started while the day was open and finished before its grace ended: ``engine.daily.counts``) in
``DailyStore``. Recording
again changes nothing (a retried request), so it is safe wherever the deal-over point moves.
"""
from __future__ import annotations

import logging
import time

from engine.daily import counts, decisions, score
from engine.games import game as game_rules
from paiyou.daily.archive import is_practice
from paiyou.daily.service import rounds_text, rounds_won
from paiyou.deals.daily_mark import mark
from paiyou.store.daily import DailyStore, Recorded
from paiyou.store.games import GameStore, StoreUnavailable
from paiyou.store.schema import StoredGame

log = logging.getLogger(__name__)


def record(store: GameStore, stored: StoredGame, now: float | None = None) -> Recorded | None:
    """Record a finished daily deal's result (None for any other deal, or one not over)."""
    daily = mark(stored.meta)
    if daily is None:
        return None
    rules = game_rules(stored.game)
    deal = rules.replay(stored.record)
    if not deal.is_over:
        return None
    finished = time.time() if now is None else now
    days = DailyStore(store)
    attempt = days.attempt(daily.game, daily.day.isoformat(), daily.player)
    countable = (not is_practice(stored.meta) and attempt is not None and attempt[0] == stored.id
                 and counts(daily.day, attempt[1], finished))
    chosen = [(d.position, d.action) for d in decisions(stored.record, stored.seat)]
    return days.record_result(daily.game, daily.day.isoformat(), daily.player, stored.id,
                              score(stored.game, deal, stored.seat), countable=countable,
                              decisions=chosen, finished_at=finished,
                              rounds=rounds_text(rounds_won(deal.view(stored.seat))))


def deal_over(store: GameStore, game_id: str) -> None:
    """A deal just ended: a daily's result is recorded (a store out of reach is logged, never
    failing the move that is already stored)."""
    try:
        stored = store.get(game_id)
        if stored is not None and mark(stored.meta) is not None:
            record(store, stored)
    except StoreUnavailable:
        log.warning("daily result of %s not recorded: the database is out of reach", game_id)


__all__ = ["record", "deal_over"]
