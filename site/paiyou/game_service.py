"""The game service: a deal against the computer, kept in the store.

``start`` deals (a seed reproduces a deal), ``load`` rebuilds a saved game, ``act`` applies the
human's action made against a given version and then lets the computer seats move until it is the
human's turn again or the deal is over. Every state comes from the engine (``replay`` of the
stored record); everything shown to the player comes from the human seat's ``SeatView`` — the
helpers at the end (``view_json``, ``events``, ``recent_events``) read nothing else.

Errors: ``GameNotFound`` (404), ``BadInput`` (400, malformed request), ``StaleVersion`` (409,
the action was made against an older state: nothing changed) and the engine's ``IllegalAction``
(422, with the engine's reason code).
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.errors import IllegalAction, NotationError
from engine.games import GAME_KEYS, game as game_rules
from engine.rng import make_rng
from engine.tiles import Tile, parse_tiles
from paiyou.numerals import parse_whole_number
from paiyou.store import GameStore, StoredGame

log = logging.getLogger(__name__)

HUMAN = "human"
HUMAN_SEAT = 0  # the human sits at the bottom of the table drawing
OPPONENT_LEVELS = ("standard", "greedy", "random")  # first one the engine has wins
MAX_SEED = 2**53  # seeds stay exact in JavaScript numbers
MAX_TILES_TEXT = 200  # no legal action comes near this


class GameNotFound(Exception):
    code = "unknown-game"


class BadInput(Exception):
    """A malformed request (status 400); ``code`` names what is wrong."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class StaleVersion(Exception):
    """The action was made against an older version (status 409); nothing changed."""

    code = "stale-version"

    def __init__(self, game: Game) -> None:
        super().__init__(game.version)
        self.game = game


@dataclass(frozen=True, slots=True)
class Game:
    stored: StoredGame
    deal: Any  # engine.chuo_pai.Deal or engine.tien_gow.Deal

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def game(self) -> str:
        return self.stored.game

    @property
    def version(self) -> int:
        return self.stored.version

    @property
    def seat(self) -> int:
        return self.stored.seat

    @property
    def agents(self) -> tuple[str, ...]:
        return self.stored.agents

    @property
    def is_over(self) -> bool:
        return bool(self.deal.is_over)

    def view(self) -> Any:
        """The human seat's view: the only thing a page or a response is built from."""
        return self.deal.view(self.seat)

    def record(self) -> dict[str, Any]:
        """The deal record (shows every hand): only once the deal is over."""
        return game_rules(self.game).to_record(self.deal)


# -- the computer players ----------------------------------------------------------------------

def opponent_level(game: str, wanted: str | None = None) -> str:
    """``wanted`` if the engine has it for ``game``, else the strongest level it offers
    (standard, else greedy, else random)."""
    from engine.ai import make_agent

    for level in ((wanted,) if wanted else ()) + OPPONENT_LEVELS:
        try:
            make_agent(level, game)
        except (KeyError, ImportError, AttributeError):
            continue
        return level
    raise RuntimeError(f"no agent for {game}")  # pragma: no cover - random always exists


def _agent(name: str, game: str) -> Any:
    from engine.ai import make_agent

    for level in (name, *OPPONENT_LEVELS):
        try:
            return make_agent(level, game)
        except (KeyError, ImportError, AttributeError):
            continue
    raise RuntimeError(f"no agent for {game}")  # pragma: no cover


def action_count(game: str, deal: Any) -> int:
    """How many actions the deal has seen (every seat's)."""
    if game == "chuo-pai":
        done = sum(len(r.actions) for r in deal.rounds)
        return done + (len(deal.round.actions) if deal.round is not None else 0)
    return sum(len(t.plays) for t in deal.tricks) + len(deal.plays)


def _agent_rng(deal: Any, game: str, seat: int) -> Any:
    # A seeded stream per move: the same deal and the same human actions give the same game,
    # in any process, after any restart.
    return make_rng(((deal.seed or 0) * 64 + action_count(game, deal)) * 8 + seat)


def run_computer(game: str, deal: Any, human_seat: int, agents: Sequence[str]) -> Any:
    """Let the computer seats act until it is ``human_seat``'s turn or the deal is over."""
    while not deal.is_over and deal.to_act != human_seat:
        seat = deal.to_act
        view = deal.view(seat)
        legal = deal.legal_actions()
        try:
            action = _agent(agents[seat], game).choose(view, _agent_rng(deal, game, seat))
            deal = deal.apply(action, player=seat)
        except Exception:  # an agent must never break a game: fall back to a legal action
            log.exception("agent %s failed in %s; playing a random legal action", agents[seat], game)
            deal = deal.apply(_agent_rng(deal, game, seat).choice(legal), player=seat)
    return deal


# -- the service -------------------------------------------------------------------------------

def check_game(game: str) -> None:
    if game not in GAME_KEYS:
        raise GameNotFound(game)


def parse_seed(value: object) -> int | None:
    """A seed from a query string or JSON: None when absent; BadInput("bad-seed") when not a
    whole number in 0 .. 2**53 - 1."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BadInput("bad-seed")
    if isinstance(value, str):
        value = parse_whole_number(value, max_digits=16)  # ASCII, Persian or Arabic-Indic digits
        if value is None:
            raise BadInput("bad-seed")
    if not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise BadInput("bad-seed")
    return value


def start(store: GameStore, game: str, seed: int | None = None, level: str | None = None) -> Game:
    """Deal a new game (a random seed unless one is given), let the computer seats (``level``,
    default the strongest the engine has) play up to the human's first turn, and store it."""
    check_game(game)
    rules = game_rules(game)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    deal = rules.new_deal(seed)
    level = opponent_level(game, level)
    agents = tuple(HUMAN if s == HUMAN_SEAT else level for s in range(rules.SEATS))
    deal = run_computer(game, deal, HUMAN_SEAT, agents)
    stored = store.create(game, HUMAN_SEAT, agents, rules.to_record(deal))
    return Game(stored, deal)


def _rebuild(stored: StoredGame) -> Game:
    return Game(stored, game_rules(stored.game).replay(stored.record))


def load(store: GameStore, game_id: str, game: str | None = None) -> Game:
    """A saved game, rebuilt from its record. ``game`` (when given) must match."""
    stored = store.get(game_id) if isinstance(game_id, str) else None
    if stored is None or (game is not None and stored.game != game):
        raise GameNotFound(game_id)
    return _rebuild(stored)


class Submitted(NamedTuple):
    tiles: tuple[Tile, ...]
    face_up: bool


def parse_submission(game: str, tiles: object, face_up: object = None) -> Submitted:
    """The human's action from request data: ``tiles`` is notation ("6-6 6-6", "" for a pass)
    or a list of tile keys; ``face_up`` (Tien Gow) a bool, True when absent."""
    if isinstance(tiles, list):
        if not all(isinstance(t, str) for t in tiles):
            raise BadInput("bad-tiles")
        tiles = " ".join(tiles)
    if tiles is None:
        tiles = ""
    if not isinstance(tiles, str) or len(tiles) > MAX_TILES_TEXT:
        raise BadInput("bad-tiles")
    try:
        parsed = parse_tiles(tiles, allow_empty=True)
    except NotationError:
        raise BadInput("bad-tiles") from None
    if face_up is None:
        face_up = True
    if not isinstance(face_up, bool):
        raise BadInput("bad-face-up")
    if game == "chuo-pai" and not face_up:
        raise BadInput("bad-face-up")  # every Chuo Pai play is face up
    return Submitted(parsed, face_up)


def _engine_action(game: str, submitted: Submitted) -> Any:
    if game == "chuo-pai":
        return submitted.tiles  # Deal.apply classifies tiles (an empty tuple is a pass)
    from engine.tien_gow import make_action

    return make_action(submitted.tiles, submitted.face_up)


def act(store: GameStore, game_id: str, version: object, tiles: object, face_up: object = None,
        game: str | None = None) -> Game:
    """Apply the human's action made against ``version``, then the computer's moves up to the
    human's next turn or the end; store the result as ``version + 1``.

    Raises GameNotFound, BadInput, StaleVersion (nothing changed) or IllegalAction (nothing
    changed; ``reason`` is the engine's code)."""
    current = load(store, game_id, game)
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadInput("bad-version")
    submitted = parse_submission(current.game, tiles, face_up)
    if version != current.version:
        raise StaleVersion(current)
    deal = current.deal
    if deal.is_over:
        raise IllegalAction("deal-over")
    if deal.to_act != current.seat:  # cannot happen between requests; kept as a guard
        raise IllegalAction("not-your-turn")
    deal = deal.apply(_engine_action(current.game, submitted), player=current.seat)
    deal = run_computer(current.game, deal, current.seat, current.agents)
    rules = game_rules(current.game)
    stored = store.update(current.id, version, rules.to_record(deal))
    if stored is None:  # another request won the race for this version
        raise StaleVersion(load(store, game_id))
    return Game(stored, deal)


# -- what the human seat may see ---------------------------------------------------------------

def _keys(tiles: Sequence[Tile]) -> list[str]:
    return [t.key for t in tiles]


def _notation(tiles: Sequence[Tile]) -> str:
    return " ".join(t.key for t in tiles)


def legal_actions_json(game: str, view: Any) -> list[dict[str, Any]]:
    if game == "chuo-pai":
        return [{"tiles": _notation(a.tiles)} for a in view.legal_actions()]
    return [{"tiles": _notation(a.tiles), "face_up": a.face_up} for a in view.legal_actions()]


def _cp_round(rnd: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"leader": rnd.leader,
                           "actions": [{"player": s, "tiles": _keys(p.tiles)} for s, p in rnd.actions]}
    if rnd.winner is not None:
        out["winner"] = rnd.winner
    return out


def view_json(game: str, view: Any, agents: Sequence[str]) -> dict[str, Any]:
    """The human seat's view as JSON: seat, hand, whose turn, legal actions, the table, the
    public history; built from the SeatView only."""
    players = [{"seat": s, "agent": a} for s, a in enumerate(agents)]
    if game == "chuo-pai":
        current = None
        if view.current is not None:
            current = {"player": view.owner, "tiles": _keys(view.current.tiles),
                       "class": view.current.cls, "kind": view.current.kind}
        return {
            "game": game, "seat": view.seat, "players": players,
            "hand": _keys(view.hand), "hand_sizes": list(view.hand_sizes),
            "to_act": view.to_act, "your_turn": view.my_turn, "is_over": view.is_over,
            "leader": view.round.leader if view.round is not None else view.to_act,
            "first_leader": view.first_leader,
            "legal_actions": legal_actions_json(game, view),
            "current": current,
            "round": _cp_round(view.round) if view.round is not None else None,
            "rounds": [_cp_round(r) for r in view.rounds],
            "bonus": [_keys(b) for b in view.bonus],
            "piles": list(view.piles),
            "winners": list(view.winners) if view.is_over else None,
        }
    data = view.as_dict()
    high = view.high
    winner = view.tricks[-1].winner if view.is_over and view.tricks else None
    data.update({
        "game": game, "players": players, "your_turn": view.to_act == view.seat,
        "is_over": view.is_over, "leader": view.trick.leader,
        "legal_actions": legal_actions_json(game, view),
        "high": None if high is None else {"player": high.player, "tiles": _keys(high.tiles)},
        "winner": winner,
        "net": _net(view) if view.is_over else None,
    })
    # as_dict() puts keys in a fixed order; keep the legal actions next to the hand for readers
    return data


def _net(view: Any) -> list[int]:
    totals = [0] * len(view.hand_sizes)
    for p in view.payments:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    return totals


def game_json(game: Game) -> dict[str, Any]:
    return {"id": game.id, "version": game.version, "game": game.game,
            "view": view_json(game.game, game.view(), game.agents)}


# -- the public log ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Event:
    """One line of the public log. ``kind``: Chuo Pai ``bonus``, ``lead``, ``beat``, ``pass``,
    ``round``; Tien Gow ``banker``, ``lead``, ``beat``, ``discard``, ``trick``, ``supreme``,
    ``quartet``; both ``over``. ``tiles`` are only ever tiles the human seat may see."""

    kind: str
    player: int
    tiles: tuple[str, ...] = ()
    count: int = 0
    mine: bool = False  # the human's own action (the "recent" log starts after the last one)


def events(game: str, view: Any) -> list[Event]:
    """The whole public history, in order, from the human seat's view."""
    out: list[Event] = []
    me = view.seat
    if game == "chuo-pai":
        for seat, bonus in enumerate(view.bonus):
            if bonus:
                out.append(Event("bonus", seat, tuple(t.key for t in bonus), len(bonus)))
        rounds = list(view.rounds) + ([view.round] if view.round is not None else [])
        for rnd in rounds:
            winning: tuple[str, ...] = ()
            for i, (seat, play) in enumerate(rnd.actions):
                keys = tuple(t.key for t in play.tiles)
                kind = "lead" if i == 0 else ("beat" if keys else "pass")
                if keys:
                    winning = keys
                out.append(Event(kind, seat, keys, len(keys), mine=seat == me))
            if rnd.winner is not None:
                out.append(Event("round", rnd.winner, winning, len(winning)))
        if view.is_over:
            out.append(Event("over", -1))
        return out
    out.append(Event("banker", view.banker))
    tricks = list(view.tricks) + ([view.trick] if view.trick.plays else [])
    for trick in tricks:
        high: tuple[str, ...] = ()
        for i, play in enumerate(trick.plays):
            keys = tuple(t.key for t in play.tiles)
            if i == 0:
                kind = "lead"
            elif play.face_up:
                kind = "beat"
            else:
                kind = "discard"
            if play.face_up:
                high = keys
            out.append(Event(kind, play.player, keys, play.count, mine=play.player == me))
        if trick.winner is not None:
            out.append(Event("trick", trick.winner, high, len(high)))
            if high and set(high) == {"2-4", "1-2"} and len(high) == 2:
                out.append(Event("supreme", trick.winner, high, 2))
            elif len(high) == 4:
                out.append(Event("quartet", trick.winner, high, 4))
    if view.is_over:
        out.append(Event("over", view.tricks[-1].winner if view.tricks else -1))
    return out


def recent_events(all_events: Sequence[Event]) -> list[Event]:
    """What happened since the human's last action (the computer's moves to show one by one)."""
    last = max((i for i, e in enumerate(all_events) if e.mine), default=-1)
    return list(all_events[last + 1:])


__all__ = ["Game", "GameNotFound", "BadInput", "StaleVersion", "IllegalAction", "start", "load",
           "act", "game_json", "view_json", "events", "recent_events", "Event", "parse_seed",
           "opponent_level", "HUMAN", "HUMAN_SEAT"]
