"""The answer to "what should I play?": the human's best moves now, from the strongest level the
game declares estimating (``GameSpec.estimating_levels``), reading the human seat's view only, kept
in a bounded per-process cache. The figures are the view's shared estimate
(``engine.analysis.estimate``, draw 0): the same the analysis grades the move by at that level."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.analysis import estimate
from engine.errors import IllegalAction
from engine.estimate import CHANCE_SPREAD
from engine.games import game as game_rules
from engine.spec import Action
from paiyou.deals.daily_mark import allows_hints
from paiyou.deals.game import Game

MAX_HINTS = 5
HINT_CACHE_SIZE = 512  # hints kept per process, by (deal id, version, seat): a few KB in all
BY_CHANCE, BY_EXPECTED = "chance", "expected"
NO_HINTS_IN_DAILY = "no-hints-in-daily"  # the refusal's code (daily_mark.allows_hints)


class Hint(NamedTuple):
    """A candidate move with the two figures it is ranked by, from the human seat's view."""

    action: Action  # one of the human's legal actions
    chance: float  # the estimated chance of first place after it (0..1, a tie among k: 1/k)
    expected: float  # the expected score at the end of the deal (Chuo Pai: cards in your pile;
    #                  Tien Gow: net points)
    chance_margin: float = 0.0  # the half-widths of the figures' 95% intervals
    expected_margin: float = 0.0


@dataclass(frozen=True, slots=True)
class Hints:
    """The answer to "what should I play?". ``forced``: only one move is legal (nothing was
    searched, ``candidates`` is empty). Otherwise ``candidates`` are sorted by ``ranked_by``:
    ``chance`` (then the expected score), or ``expected`` when every chance is at most
    ``CHANCE_SPREAD`` (the estimate's order: its first is the analysis's best)."""

    action: Action
    forced: bool
    ranked_by: str | None
    candidates: tuple[Hint, ...]


def hint_level(game: str) -> str | None:
    """The strongest level whose agent gives both figures (the game's declared
    ``estimating_levels``), None when the game has none."""
    found = game_rules(game).estimating_levels
    return found[-1] if found else None


def rank_hints(found: Sequence[Hint], limit: int = MAX_HINTS) -> tuple[str, list[Hint]]:
    """Sort by the chance of first place (ties: the expected score), or, when every chance is at
    most ``CHANCE_SPREAD`` (the deal is lost whatever the move), by the expected score (the shared
    estimate's rule: ``engine.estimate``); the ranking's name and the first ``limit``."""
    if found and max(h.chance for h in found) > CHANCE_SPREAD:
        return BY_CHANCE, sorted(found, key=lambda h: (-h.chance, -h.expected))[:limit]
    return BY_EXPECTED, sorted(found, key=lambda h: (-h.expected, -h.chance))[:limit]


_hint_cache: OrderedDict[tuple[str, int, int], Hints] = OrderedDict()
_hint_lock = threading.Lock()


def hints(game: Game, limit: int = MAX_HINTS) -> Hints:
    """The best actions for the human now, from the strongest level that gives both figures,
    reading the human seat's view only. A forced move is said to be forced (no search). Kept per
    (deal id, version, seat) in a bounded LRU (``HINT_CACHE_SIZE``): asking twice costs once.

    Raises IllegalAction("no-hints-in-daily") (``daily_mark.allows_hints``) /
    IllegalAction("deal-over") / IllegalAction("not-your-turn")."""
    if not allows_hints(game.stored.meta):
        raise IllegalAction(NO_HINTS_IN_DAILY)
    deal = game.deal
    if deal.is_over:
        raise IllegalAction("deal-over")
    if deal.to_act != game.seat:
        raise IllegalAction("not-your-turn")
    key = (game.id, game.version, game.seat)
    with _hint_lock:
        if key in _hint_cache:
            _hint_cache.move_to_end(key)
            return _hint_cache[key]
    found = _search_hints(game, limit)
    with _hint_lock:
        _hint_cache[key] = found
        while len(_hint_cache) > HINT_CACHE_SIZE:
            _hint_cache.popitem(last=False)
    return found


def _search_hints(game: Game, limit: int) -> Hints:
    view = game.deal.view(game.seat)
    legal = {repr(a.as_dict()): a for a in view.legal_actions()}
    if len(legal) == 1:
        return Hints(next(iter(legal.values())), True, None, ())
    level = hint_level(game.game)
    if level is None:  # pragma: no cover - the engine always has such a level
        raise RuntimeError(f"no estimating agent for {game.game}")
    # Always an entry of legal_actions (the estimate gives the engine's own action objects).
    found = [Hint(legal[repr(c.action.as_dict())], c.first, c.score, c.first_margin, c.score_margin or 0.0)
             for c in estimate(game.game, view, level=level).candidates
             if repr(c.action.as_dict()) in legal and c.score is not None]
    ranked_by, best = rank_hints(found, limit)
    if not best:  # pragma: no cover - the search always figures at least one candidate
        return Hints(next(iter(legal.values())), False, None, ())
    return Hints(best[0].action, False, ranked_by, tuple(best))
