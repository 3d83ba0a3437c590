"""Chuo Pai pool members (bench/pool/__init__.py): written apart from engine/ai, from the rules
(CP-6 … CP-19) and the view alone — except ``cheat``, which reads every hand."""
from __future__ import annotations

import random
from typing import Any

from engine.chuo_pai import ALL_PLAYS, PASS, Play, SeatView

N_IDS = 21
GROUPS = {(p.group_index, p.size): p for p in ALL_PLAYS if p.group_index >= 0}


def unseen(view: SeatView) -> list[int]:
    """Copies of each identity not in my hand, not played and not in a bonus pile."""
    left = [4 - n for n in view.hand_counts]
    for i, n in enumerate(view.played()):
        left[i] -= n
    for cards in view.bonus:
        for t in cards:
            left[t.index] -= 1
    return left


def beatable(play: Play, out: list[int]) -> bool:
    """Could cards nobody has shown form a play beating ``play``?"""
    return any(all(out[i] >= n for i, n in b.need) for b in play.beaten_by)


def weakest_first(play: Play) -> tuple[int, int, tuple[int, ...]]:
    return (play.strength, play.size, tuple(t.index for t in play.tiles))


def seats_after(view: SeatView) -> list[int]:
    """The seats still to act in this round after me."""
    leader = view.round.leader if view.round else view.seat
    found, s = [], (view.seat + 1) % 3
    while s != leader:
        if view.hand_sizes[s]:
            found.append(s)
        s = (s + 1) % 3
    return found


class Careful:
    """A careful heuristic player: counts cards; leads its weakest beatable group and keeps its
    sure winners to win back the lead, cashing them only when they are all it has left or few
    cards are out; as a follower with someone still to act, beats with the cheapest play nobody
    can answer."""

    name = "careful"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        out = unseen(view)
        if view.current is None:
            hand = view.hand_counts
            groups = [GROUPS[i, n] for i, n in enumerate(hand) if n]
            specials = [p for p in legal if p.is_special and not beatable(p, out)]  # type: ignore[union-attr]
            safe = [g for g in groups if not beatable(g, out)] + specials
            weak = [g for g in groups if beatable(g, out)]
            if safe and (not weak or sum(out) <= 6):
                return max(safe, key=lambda p: (p.size, p.strength))
            return min(weak, key=weakest_first)
        beats = sorted((p for p in legal if p is not PASS), key=weakest_first)  # type: ignore[arg-type]
        if seats_after(view):
            for p in beats:
                if not beatable(p, out):
                    return p
        return beats[0]


class Cashier:
    """Takes what it can now: leads its sure winners first (largest first), then its biggest
    group; follows with the strongest beat."""

    name = "cashier"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        out = unseen(view)
        if view.current is None:
            safe = [p for p in legal if not beatable(p, out)]  # type: ignore[arg-type]
            if safe:
                return max(safe, key=lambda p: (p.size, p.strength))  # type: ignore[union-attr]
            return max(legal, key=lambda p: (p.size, -p.strength))  # type: ignore[union-attr]
        return max(legal, key=lambda p: (p.strength, -sum(t.index for t in p.tiles)))  # type: ignore[union-attr]


class Bulk:
    """Leads the largest play it holds (specials included), weakest among equals; follows with
    the cheapest beat."""

    name = "bulk"

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if view.current is None:
            return max(legal, key=lambda p: (p.size, -p.strength, [-t.index for t in p.tiles]))  # type: ignore[union-attr]
        return min(legal, key=weakest_first)  # type: ignore[arg-type]


class Cheat:
    """Reads every hand: tries each legal action on the true hands and plays the deal out with
    everybody greedy (``engine.ai.chuo_pai.rollout``, which plays exactly like the greedy agent),
    keeping the best first-place share, then margin, for itself. An upper bound on sight without
    search, not a fair player."""

    name = "cheat"
    sees_all = True

    def choose_seeing(self, deal: Any, seat: int, rng: random.Random) -> Any:
        from engine.ai.chuo_pai import rollout

        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_value = legal[0], (-1.0, 0)
        for action in legal:
            hands = [list(h) for h in deal.hands]
            sizes, piles = list(deal.sizes), list(deal.piles)
            current, owner = deal.current, deal.owner
            if action is not PASS:
                for i, n in action.need:
                    hands[seat][i] -= n
                sizes[seat] -= action.size
                current, owner = action, seat
            leader = deal.leader if deal.current is not None else seat
            pending = [s for s in deal.pending if sizes[s]] if deal.current is not None else \
                [s for s in ((seat + 1) % 3, (seat + 2) % 3) if sizes[s]]
            rollout(hands, sizes, piles, current, owner, pending, leader)
            top, mine = max(piles), piles[seat]
            value = ((1.0 / piles.count(top)) if mine == top else 0.0,
                     mine - max(p for s, p in enumerate(piles) if s != seat))
            if value > best_value:
                best, best_value = action, value
        return best

    def choose(self, view: SeatView, rng: random.Random) -> Any:
        raise TypeError("cheat needs the deal: choose_seeing")


POOL: dict[str, Any] = {"careful": Careful, "cashier": Cashier, "bulk": Bulk, "cheat": Cheat}
