"""The daily deal's service: the day's public facts, a start, and your result against the field.

- ``facts(ring, store, game, day)``: what anyone may know of a day (its commitment, close, reveal,
  how many finished it) and, once revealed, its seed and salt; nothing about a day not begun
  (``engine.daily.check_day``: ``daily-unknown``).
- ``start``: today's deal for a player, a normal stored deal (the same table, seat keys and
  moves) dealt from the day's seed, its computer seats at ``engine.daily.LEVEL``, its shuffle
  committed to with the day's salt and marked as the player's daily (``paiyou.deals.daily_mark``).
  The player's one attempt is claimed first (``DailyStore.begin_attempt``): a second start of the
  day raises ``AlreadyPlayed`` with the first deal's id.
- ``standing_of``: a finished daily deal's result against the field: score, matchpoints,
  percentile, rank, players, the distribution, the par and the share text's marks.

The par is the strong player's duplicate result from the human seat against the same computers
(``engine.analysis.duplicate``): it depends only on the day's deal, so it is computed once per
game and day from the first finished record asked about and kept in a small per-process cache.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from engine.analysis import duplicate
from engine.daily import LEVEL, DailyDeal, Keyring, check_day, daily_deal, is_revealed, opens_at, today
from engine.field import Bin, standing
from engine.games import game as game_rules
from engine.outcome import BEAT, LEAD
from engine.spec import AnySeatView
from paiyou.deals import signals
from paiyou.deals.computer import run_until_choice
from paiyou.deals.daily_mark import Mark, mark
from paiyou.deals.game import HUMAN, HUMAN_SEAT, Game
from paiyou.deals.keys import seat_keys_meta
from paiyou.store.daily import DailyResult, DailyStore
from paiyou.store.games import GameStore
from paiyou.store.schema import new_id

PAR_CACHE_SIZE = 16  # (game, day) pairs: today's and yesterday's of each game, with room to spare


class AlreadyPlayed(Exception):
    """The player has started this game's deal of the day already: ``deal_id`` is that deal."""

    code = "daily-already-played"

    def __init__(self, deal_id: str) -> None:
        super().__init__(deal_id)
        self.deal_id = deal_id


def players(store: GameStore, game: str, day: date) -> int:
    """How many counted results the day has (from the per-score counts: a few rows)."""
    return sum(n for _, n in DailyStore(store).score_counts(game, day.isoformat()))


def facts(ring: Keyring, store: GameStore, game: str, day: date, now: float | None = None) -> dict[str, object]:
    """A day's public facts (``daily-unknown`` for a day not begun or before the first); its seed
    and salt only once ``engine.daily.reveals_at`` has passed."""
    deal = daily_deal(ring, game, check_day(day, now), now)
    found: dict[str, object] = {**deal.public(), "players": players(store, game, day),
                                "revealed": is_revealed(day, now), "level": LEVEL}
    if is_revealed(day, now):
        found.update(seed=deal.seed, salt=deal.salt)
    return found


def todays_deal(ring: Keyring, game: str, now: float | None = None) -> DailyDeal:
    return _deal_of(ring, game, today(now))


@lru_cache(maxsize=64)
def _deal_of(ring: Keyring, game: str, day: date) -> DailyDeal:
    """A begun day's deal, once per process: two HMACs and the commitment's hash were a fiftieth
    of the day's page. Asked at the day's opening, which has begun whatever the clock says."""
    return daily_deal(ring, game, day, opens_at(day).timestamp())


def start(ring: Keyring, store: GameStore, game: str, player: str, key: str,
          now: float | None = None) -> Game:
    """Today's deal of ``game`` for ``player``, stored with the seat ``key``'s hash; AlreadyPlayed
    when the player's attempt of the day exists. The computer seats play up to the first choice."""
    started = time.time() if now is None else now
    deal = todays_deal(ring, game, started)
    deal_id = new_id()
    claimed, won = DailyStore(store).begin_attempt(game, deal.day.isoformat(), player, deal_id, started)
    if not won:
        raise AlreadyPlayed(claimed)
    rules = game_rules(game)
    agents = tuple(HUMAN if s == HUMAN_SEAT else LEVEL for s in range(rules.seats))
    dealt, passed = run_until_choice(game, rules.new_deal(deal.seed), HUMAN_SEAT, agents, False)
    stored = store.create(game, HUMAN_SEAT, agents, rules.to_record(dealt), game_id=deal_id,
                          finished=dealt.is_over,
                          meta={"shuffle": {"salt": deal.salt, "commitment": deal.commitment, "chosen": False},
                                "auto_passes": passed, "seat_keys": seat_keys_meta(HUMAN_SEAT, key),
                                "daily": Mark(game, deal.day, player).as_meta()})
    if dealt.is_over:  # every move was forced (never seen, but a deal may end so): record it now
        signals.deal_over.send(store, stored.id)
    return Game(stored, dealt)


# -- the par --------------------------------------------------------------------------------------

_par_cache: OrderedDict[tuple[str, str], int] = OrderedDict()
_par_lock = threading.Lock()


def kept_par(game: str, day: str) -> int | None:
    """The day's par when this process has computed it, else None (``par`` computes it)."""
    with _par_lock:
        found = _par_cache.get((game, day))
        if found is not None:
            _par_cache.move_to_end((game, day))
        return found


def par(game: Game) -> int:
    """The strong player's duplicate score from the human seat of the day's deal (any finished
    record of the day gives the same: it is played again from the dealt state)."""
    daily = mark(game.stored.meta)
    assert daily is not None
    key = (daily.game, daily.day.isoformat())
    with _par_lock:
        if key in _par_cache:
            _par_cache.move_to_end(key)
            return _par_cache[key]
    found = duplicate(game.stored.record, game.stored.seat, level=LEVEL, opponents=LEVEL).score
    with _par_lock:
        _par_cache[key] = found
        while len(_par_cache) > PAR_CACHE_SIZE:
            _par_cache.popitem(last=False)
    return found


# -- the result against the field -----------------------------------------------------------------

def rounds_text(won: tuple[bool, ...]) -> str:
    """Rounds won and lost as the store keeps them with a result: "1" and "0" in order."""
    return "".join("1" if w else "0" for w in won)


def rounds_of(text: str) -> tuple[bool, ...]:
    return tuple(mark == "1" for mark in text)


def rounds_won(view: AnySeatView) -> tuple[bool, ...]:
    """For each round (trick) of the deal in order, whether the seat won it: the last seat to lead
    or beat before the next lead. Read from the shared events only: no tile, no game's own kind."""
    won: list[bool] = []
    holder: int | None = None
    for event in view.events():
        if event.kind == LEAD:
            if holder is not None:
                won.append(holder == view.seat)
            holder = event.player
        elif event.kind == BEAT:
            holder = event.player
    if holder is not None:
        won.append(holder == view.seat)
    return tuple(won)


@dataclass(frozen=True, slots=True)
class Result:
    """A finished daily deal against the field (``standing_of``)."""

    day: date
    game: str
    score: int
    counted: bool
    matchpoints: float
    percentile: float
    rank: int
    players: int
    par: int
    distribution: tuple[Bin, ...]
    rounds: tuple[bool, ...]

    def as_json(self) -> dict[str, object]:
        return {"date": self.day.isoformat(), "game": self.game, "score": self.score, "counted": self.counted,
                "matchpoints": round(self.matchpoints, 2), "percentile": round(self.percentile, 2),
                "rank": self.rank, "players": self.players, "par": self.par,
                "distribution": [{"low": b.low, "high": b.high, "players": b.players, "yours": b.yours}
                                 for b in self.distribution]}


def recorded(store: GameStore, game: Game) -> DailyResult | None:
    return DailyStore(store).result(game.id)


def standing_of(store: GameStore, game: Game, result: DailyResult,
                scores: Sequence[tuple[int, int]] | None = None) -> Result:
    """``result`` (a finished daily deal's, recorded) against the field as it stands: a counted
    result among everyone counted; an uncounted one placed among them (alone: the average).
    ``scores``: the day's ``score_counts`` when the caller has read them."""
    read = DailyStore(store).score_counts(result.game, result.day) if scores is None else scores
    return against(result, read, par(game), rounds_won(game.view()))


def against(result: DailyResult, scores: Sequence[tuple[int, int]], par_score: int,
            rounds: tuple[bool, ...]) -> Result:
    """``standing_of`` from what is read and kept already: the day's score counts, its par and the
    result's rounds won (no deal replayed)."""
    counts: Mapping[int, int] = dict(scores)
    if result.counted or counts:
        found = standing(counts, result.score, in_field=result.counted)
        figures = (found.matchpoints, found.percentile, found.rank, found.players, found.distribution)
    else:
        figures = (50.0, 50.0, 1, 0, ())
    matchpoints, percentile, rank, field, bins = figures
    return Result(date.fromisoformat(result.day), result.game, result.score, result.counted, matchpoints,
                  percentile, rank, field, par_score, bins, rounds)


__all__ = ["AlreadyPlayed", "players", "facts", "todays_deal", "start", "par", "kept_par", "rounds_won",
           "rounds_text", "rounds_of", "Result", "recorded", "standing_of", "against", "PAR_CACHE_SIZE"]
