"""High Card, the tests' third game: the rules, written only against ``engine.spec``.

Two players, six tiles (``DECK``), three each. The leader plays one tile; the other player plays
one tile: higher total beats it (event ``beat``), a lower one goes under (event ``under``, this
game's own kind). The higher tile wins the trick and leads the next. After three tricks the player
with more tricks wins; the winner of the last trick leads the next deal.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.errors import IllegalAction, NotationError, RecordError
from engine.judging import OK, Judgement
from engine.outcome import BEAT, LEAD, OVER, Event, Outcome, event_kind
from engine.rng import make_rng
from engine.tiles import Tile, parse_tiles, tile

KEY = "high-card"
SEATS = 2
DECK: tuple[Tile, ...] = tuple(tile(k) for k in ("6-6", "5-5", "4-4", "3-3", "2-2", "1-1"))
HAND = 3
UNDER = event_kind("under", move=True)  # a follow that does not beat: this game's own kind


@dataclass(frozen=True, slots=True)
class Action:
    tile: Tile

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return (self.tile,)

    @property
    def face_up(self) -> bool:
        return True

    @property
    def notation(self) -> str:
        return self.tile.key

    def as_dict(self) -> dict[str, object]:
        return {"tiles": [self.tile.key]}


def rank(t: Tile) -> int:
    return t.total


class SeatView(NamedTuple):
    seat: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    leader: int
    trick: tuple[tuple[int, Action], ...]
    tricks: tuple[tuple[tuple[int, Action], ...], ...]
    won: tuple[int, ...]
    history: tuple[tuple[int, Action], ...]
    first: int
    final: Outcome | None

    @property
    def is_over(self) -> bool:
        return self.final is not None

    def legal_actions(self) -> list[Action]:
        if self.to_act != self.seat:
            return []
        return [Action(t) for t in self.hand]

    def events(self) -> tuple[Event, ...]:
        out: list[Event] = []
        for i, (seat, action) in enumerate(self.history):
            if i % 2 == 0:
                out.append(Event(LEAD, seat, action.tiles, 1))
            else:
                lead = self.history[i - 1][1]
                out.append(Event(BEAT if rank(action.tile) > rank(lead.tile) else UNDER, seat, action.tiles, 1))
        if self.final is not None:
            out.append(Event(OVER, -1))
        return tuple(out)

    def outcome(self) -> Outcome | None:
        return self.final

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": [t.key for t in self.hand], "hand_sizes": list(self.hand_sizes),
                "to_act": self.to_act, "trick": [[s, a.notation] for s, a in self.trick],
                "tricks_won": list(self.won), "is_over": self.is_over}


class Deal(NamedTuple):
    seed: int | None
    dealt: tuple[tuple[Tile, ...], ...]
    first: int
    history: tuple[tuple[int, Action], ...] = ()

    # -- derived state
    def _state(self) -> tuple[list[list[Tile]], int, list[int], list[tuple[tuple[int, Action], ...]]]:
        hands = [list(h) for h in self.dealt]
        leader, won, tricks = self.first, [0] * SEATS, []
        for i in range(0, len(self.history) - 1, 2):
            (a, x), (b, y) = self.history[i], self.history[i + 1]
            winner = a if rank(x.tile) > rank(y.tile) else b
            won[winner] += 1
            tricks.append((self.history[i], self.history[i + 1]))
            leader = winner
        for seat, action in self.history:
            hands[seat].remove(action.tile)
        return hands, leader, won, tricks

    @property
    def is_over(self) -> bool:
        return len(self.history) == SEATS * HAND

    @property
    def action_count(self) -> int:
        return len(self.history)

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        _hands, leader, _won, _tricks = self._state()
        return leader if len(self.history) % 2 == 0 else 1 - self.history[-1][0]

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        hands, *_ = self._state()
        return [Action(t) for t in sorted(hands[self.to_act or 0], key=rank, reverse=True)]

    def apply(self, action: Any, player: int | None = None) -> Deal:
        if self.is_over:
            raise IllegalAction("deal-over")
        if player is not None and player != self.to_act:
            raise IllegalAction("not-your-turn")
        if not isinstance(action, Action) or action not in self.legal_actions():
            raise IllegalAction("not-in-hand")
        return self._replace(history=(*self.history, (self.to_act or 0, action)))

    def view(self, seat: int) -> SeatView:
        hands, leader, won, tricks = self._state()
        open_trick = self.history[len(tricks) * 2:]
        return SeatView(seat, tuple(sorted(hands[seat], key=rank, reverse=True)),
                        tuple(len(h) for h in hands), self.to_act, leader, open_trick, tuple(tricks),
                        tuple(won), self.history, self.first, self.outcome())

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        _hands, leader, won, _tricks = self._state()
        best = max(won)
        return Outcome(tuple(s for s in range(SEATS) if won[s] == best), tuple(won), (), leader)


def next_deal(seed: int, first: int | None) -> Deal:
    rng = make_rng(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    return Deal(seed, (tuple(deck[:HAND]), tuple(deck[HAND:])), rng.randrange(SEATS) if first is None else first)


def new_deal(seed: int) -> Deal:
    return next_deal(seed, None)


def position(hands: Sequence[Sequence[Tile]], first: int = 0) -> Deal:
    return Deal(None, tuple(tuple(h) for h in hands), first)


def action_from_tiles(tiles: Sequence[Tile], face_up: bool = True) -> Action:
    if len(tiles) != 1 or not face_up:
        raise IllegalAction("not-a-play")
    return Action(tiles[0])


def parse_action(text: str) -> Action:
    return action_from_tiles(parse_tiles(text), True)


def to_record(deal: Deal) -> dict[str, Any]:
    outcome = deal.outcome()
    return {"format": 1, "game": KEY, "seed": deal.seed, "first": deal.first,
            "hands": [[t.key for t in h] for h in deal.dealt],
            "actions": [{"player": s, "tiles": [a.tile.key]} for s, a in deal.history],
            "winners": list(outcome.first) if outcome else None}


def replay_steps(record: Any) -> tuple[Deal, ...]:
    if not isinstance(record, dict) or record.get("game") != KEY:
        raise RecordError("record", "not-a-record")
    try:
        deal = Deal(record.get("seed"), tuple(tuple(tile(k) for k in h) for h in record["hands"]),
                    int(record["first"]))
        steps = [deal]
        for step in record["actions"]:
            deal = deal.apply(action_from_tiles([tile(k) for k in step["tiles"]]), player=step["player"])
            steps.append(deal)
    except (KeyError, TypeError, ValueError, NotationError, IllegalAction) as e:
        raise RecordError("actions", "bad-record") from e
    return tuple(steps)


def replay(record: Any) -> Deal:
    return replay_steps(record)[-1]


def judge(current: str | None, play: str) -> Judgement:
    try:
        tiles = parse_tiles(play)
    except NotationError:
        return Judgement(False, False, "not-a-play", play)
    if len(tiles) != 1:
        return Judgement(False, False, "not-a-play", play)
    if current is None:
        return Judgement(True, True, OK, play)
    beats = rank(tiles[0]) > rank(parse_tiles(current)[0])
    return Judgement(True, beats, OK if beats else "not-higher", play)


class HighestAgent:
    """The ``highest`` level: always plays its highest tile."""

    name = "highest"

    def choose(self, view: Any, rng: Any) -> Any:
        return max(view.legal_actions(), key=lambda a: rank(a.tile))
