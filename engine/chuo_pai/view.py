"""What one seat may know (CP-2 … CP-19 are public except the other hands).

A view holds the seat's own hand, the table, every played card (all plays are face up), piles,
the bonus cards, and only the *number* of cards in the other hands. The AI and the browser only
ever get a view.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.chuo_pai.actions import Action
from engine.chuo_pai.history import Round
from engine.chuo_pai.moves import legal_actions
from engine.chuo_pai.plays import Play
from engine.chuo_pai.scoring import outcome
from engine.outcome import BEAT, LEAD, OVER, PASS, Event, Outcome
from engine.tiles import Tile

# The kinds of event Chuo Pai adds to the log: the Nail and Two Red bonus (CP-4), and the round's
# winner banking its cards (CP-15/16).
BONUS = "bonus"
ROUND = "round"
EVENT_KINDS: frozenset[str] = frozenset({BONUS, ROUND})
MOVE_KINDS: frozenset[str] = frozenset()  # neither is a seat's action


def _keys(tiles: tuple[Tile, ...]) -> list[str]:
    return [t.key for t in tiles]


def round_dict(rnd: Round) -> dict[str, object]:
    """A round as JSON (the view's and the record's)."""
    out: dict[str, object] = {"leader": rnd.leader,
                           "actions": [{"player": s, "tiles": _keys(p.tiles)} for s, p in rnd.actions]}
    if rnd.winner is not None:
        out["winner"] = rnd.winner
    return out


class SeatView(NamedTuple):
    seat: int
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]  # own copies per tile index
    hand_sizes: tuple[int, ...]  # every seat's number of cards
    piles: tuple[int, ...]
    bonus: tuple[tuple[Tile, ...], ...]
    first_leader: int
    to_act: int | None
    current: Play | None
    owner: int | None
    round: Round | None
    rounds: tuple[Round, ...]
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def leader(self) -> int | None:
        """The leader of the round under way, else the seat to lead the next one."""
        return self.round.leader if self.round is not None else self.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions, computed from the view alone (empty when not its turn, and in
        a watcher's view, which has no hand)."""
        if not self.my_turn or not self.hand:
            return ()
        return legal_actions(self.hand_counts, self.current)

    def played(self) -> tuple[int, ...]:
        """Copies of each identity seen on the table so far, for counting cards."""
        seen = [0] * len(self.hand_counts)
        rounds = self.rounds + ((self.round,) if self.round else ())
        for rnd in rounds:
            for _seat, play in rnd.actions:
                for t in play.tiles:
                    seen[t.index] += 1
        return tuple(seen)

    def outcome(self) -> Outcome | None:
        return outcome(self.piles) if self.is_over else None

    def events(self) -> tuple[Event, ...]:
        """The public history in order: the CP-4 bonuses, every lead, beat and pass, each round's
        winner with the cards it banks (CP-16), and the end."""
        out: list[Event] = []
        for seat, bonus in enumerate(self.bonus):
            if bonus:
                out.append(Event(BONUS, seat, bonus, len(bonus)))
        for rnd in self.rounds + ((self.round,) if self.round is not None else ()):
            winning: tuple[Tile, ...] = ()
            for i, (seat, play) in enumerate(rnd.actions):
                kind = LEAD if i == 0 else (BEAT if play.tiles else PASS)
                if play.tiles:
                    winning = play.tiles
                out.append(Event(kind, seat, play.tiles, len(play.tiles)))
            if rnd.winner is not None:
                out.append(Event(ROUND, rnd.winner, winning, len(winning)))
        if self.is_over:
            out.append(Event(OVER, -1))
        return tuple(out)

    def as_dict(self) -> dict[str, object]:
        """The view as JSON: exactly what the seat may see."""
        return {
            "seat": self.seat, "hand": _keys(self.hand), "hand_sizes": list(self.hand_sizes),
            "piles": list(self.piles), "bonus": [_keys(b) for b in self.bonus],
            "first_leader": self.first_leader, "to_act": self.to_act,
            "current": _keys(self.current.tiles) if self.current is not None else None,
            "owner": self.owner,
            "round": round_dict(self.round) if self.round is not None else None,
            "rounds": [round_dict(r) for r in self.rounds],
            "winners": list(self.winners),
        }
