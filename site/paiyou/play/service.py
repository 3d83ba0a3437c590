"""The game service: a deal against the computer, kept in the store.

``start`` deals (a seed reproduces a deal), ``load`` rebuilds a saved game, ``act`` applies the
human's action made against a given version and then lets the computer seats move until it is the
human's turn again or the deal is over. Every state comes from the engine (``replay`` of the
stored record); everything shown to the player comes from the human seat's ``SeatView`` — the
log (``events``) and the pages and JSON of ``paiyou.play.table`` read nothing else.

Errors: ``GameNotFound`` (404), ``BadInput`` (400, malformed request), ``StaleVersion`` (409,
the action was made against an older state: nothing changed) and the engine's ``IllegalAction``
(422, with the engine's reason code).
"""
from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.errors import IllegalAction, NotationError
from engine.games import GAMES
from engine.games import game as game_rules
from engine.outcome import MOVES
from engine.rng import make_rng
from engine.seating import agent_rng
from engine.spec import AnyDeal as Deal
from engine.spec import AnySeatView as SeatView
from engine.tiles import Tile, parse_tiles
from paiyou.i18n.numerals import parse_whole_number
from paiyou.play.analyses import deal_over
from paiyou.play.store import GameStore, StoredGame

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
    deal: Deal

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
    def level(self) -> str:
        """The computer players' level (every computer seat plays at the one chosen level)."""
        return next((a for a in self.agents if a != HUMAN), HUMAN)

    @property
    def is_over(self) -> bool:
        return bool(self.deal.is_over)

    def view(self) -> SeatView:
        """The human seat's view: the only thing a page or a response is built from."""
        return self.deal.view(self.seat)

    @property
    def auto_passes(self) -> list[int]:
        """The numbers of the actions that were the human's automatic forced passes."""
        found = self.stored.meta.get("auto_passes", [])
        return [n for n in found if isinstance(n, int)] if isinstance(found, list) else []

    def events(self) -> list[Event]:
        """The whole public history, in order, from the human seat's view."""
        return events(self.view(), self.auto_passes)

    def record(self) -> dict[str, Any]:
        """The deal record (shows every hand): only once the deal is over. It holds the seed, the
        shuffle's salt and the commitment shown during the deal, so anyone can check that
        sha256("<game>:<seed>:<salt>") is that commitment."""
        record = game_rules(self.game).to_record(self.deal)
        salt = self.stored.meta.get("shuffle", {}).get("salt")
        if salt is not None:
            record["salt"] = salt
        if self.commitment is not None:  # what the table showed during the deal, to check against
            record["commitment"] = self.commitment
        return record

    @property
    def commitment(self) -> str | None:
        """The hex SHA-256 of "<game>:<seed>:<salt>", fixed (and shown) before the first move."""
        found = self.stored.meta.get("shuffle", {}).get("commitment")
        return str(found) if found is not None else None


# -- the computer players ----------------------------------------------------------------------

def levels(game: str) -> tuple[str, ...]:
    """The computer players' levels the engine lists for ``game``, weakest first."""
    return game_rules(game).agent_levels


def default_level(game: str, configured: str | None = None) -> str:
    """The level preselected for a new deal: ``configured`` (the operator's
    ``PAIYOU_OPPONENT_LEVEL``) when the engine lists it, else the strongest level the engine lists
    (the last one), so a stronger agent becomes the default as soon as the engine has it."""
    listed = levels(game)
    return configured if configured in listed else listed[-1]


def parse_level(game: str, value: object, configured: str | None = None) -> str:
    """The level a request asks for: the default when absent; BadInput("unknown-level") when it
    is not one of the engine's levels for ``game``."""
    if value is None or value == "":
        return default_level(game, configured)
    if not isinstance(value, str) or value not in levels(game):
        raise BadInput("unknown-level")
    return value


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


def _agent_rng(deal: Deal, seat: int) -> random.Random:
    # A seeded stream per move: the same deal and the same human actions give the same game,
    # in any process, after any restart; the engine's duplicate replays the same streams.
    return agent_rng(deal, seat)


def computer_step(game: str, deal: Deal, human_seat: int, agents: Sequence[str]) -> Deal:
    """One computer seat's move (the seat to act), or the deal unchanged when it is
    ``human_seat``'s turn or the deal is over: the step a table page shows as soon as it is
    chosen (``advance``)."""
    if deal.is_over or deal.to_act == human_seat:
        return deal
    seat = deal.to_act
    assert seat is not None
    legal = deal.legal_actions()
    try:
        action = _agent(agents[seat], game).choose(deal.view(seat), _agent_rng(deal, seat))
        return deal.apply(action, player=seat)
    except Exception:  # an agent must never break a game: fall back to a legal action
        log.exception("agent %s failed in %s; playing a random legal action", agents[seat], game)
        return deal.apply(_agent_rng(deal, seat).choice(legal), player=seat)


def forced_pass(deal: Deal, human_seat: int) -> Any | None:
    """The human's only legal action when it is a pass (nothing beats), else None."""
    if deal.is_over or deal.to_act != human_seat:
        return None
    legal = deal.legal_actions()
    return legal[0] if len(legal) == 1 and not legal[0].tiles else None


def run_computer(game: str, deal: Deal, human_seat: int, agents: Sequence[str]) -> Deal:
    """Let the computer seats act until it is ``human_seat``'s turn or the deal is over."""
    while not deal.is_over and deal.to_act != human_seat:
        deal = computer_step(game, deal, human_seat, agents)
    return deal


def run_until_choice(game: str, deal: Deal, human_seat: int, agents: Sequence[str],
                     auto_pass: bool) -> tuple[Deal, list[int]]:
    """``run_computer``, and with ``auto_pass`` also the human's forced passes (the only legal
    action is a pass: nothing beats). Returns the deal and the action numbers of those passes."""
    deal = run_computer(game, deal, human_seat, agents)
    passed: list[int] = []
    while auto_pass and (only := forced_pass(deal, human_seat)) is not None:
        passed.append(deal.action_count)
        deal = deal.apply(only, player=human_seat)
        deal = run_computer(game, deal, human_seat, agents)
    return deal, passed


# -- the service -------------------------------------------------------------------------------

def check_game(game: str) -> None:
    if game not in GAMES:
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


def start(store: GameStore, game: str, seed: int | None = None, level: str | None = None,
          auto_pass: bool = False, seat_keys: Mapping[str, str] | None = None) -> Game:
    """Deal a new game (a random seed unless one is given), let the computer seats (``level``,
    one of ``levels(game)``; default: ``default_level``) play up to the human's first turn, and
    store it with ``seat_keys`` (the hashes of its seat keys: ``paiyou.play.access``). An unknown
    level is BadInput("unknown-level")."""
    check_game(game)
    rules = game_rules(game)
    level = parse_level(game, level)
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    deal = rules.new_deal(seed)
    agents = tuple(HUMAN if s == HUMAN_SEAT else level for s in range(rules.seats))
    deal, passed = run_until_choice(game, deal, HUMAN_SEAT, agents, auto_pass)
    stored = store.create(game, HUMAN_SEAT, agents, rules.to_record(deal), finished=deal.is_over,
                          meta={"shuffle": shuffle_meta(game, seed), "auto_passes": passed,
                                **({"seat_keys": dict(seat_keys)} if seat_keys else {})})
    if deal.is_over:  # every move was forced: the deal ended before the human's first choice
        deal_over(store, stored.id)
    return Game(stored, deal)


# -- trusting the shuffle -----------------------------------------------------------------------

SALT_BYTES = 16  # 128 bits: the seed cannot be guessed from the commitment


def commit(game: str, seed: int, salt: str) -> str:
    """The commitment to a shuffle: hex SHA-256 of the UTF-8 string "<game>:<seed>:<salt>"."""
    return hashlib.sha256(f"{game}:{seed}:{salt}".encode()).hexdigest()


def shuffle_meta(game: str, seed: int) -> dict[str, str]:
    """A fresh salt (kept server-side until the end, also for a chosen seed) and its commitment."""
    salt = secrets.token_hex(SALT_BYTES)
    return {"salt": salt, "commitment": commit(game, seed, salt)}


# -- matches ------------------------------------------------------------------------------------

def match_of(game: Game) -> dict[str, Any]:
    """The match a deal belongs to: ``id`` (its first deal's id), ``deal`` (1-based), ``totals``
    (each seat's score summed over the match's finished deals before this one: Tien Gow's net
    points, Chuo Pai's piles) and ``deals`` (each of those deals' scores)."""
    found = game.stored.meta.get("match")
    if isinstance(found, dict):
        return found
    return {"id": game.id, "deal": 1, "totals": [0] * game_rules(game.game).seats, "deals": []}


def next_deal(store: GameStore, game_id: str, game: str | None = None,
              auto_pass: bool = False) -> Game:
    """"Next deal" of a finished deal: a new deal of the same match (its ``next_first`` leads or
    banks it: TG-19; Chuo Pai draws again, CP-3), the same computer players, the totals carried.
    IllegalAction("deal-not-over") before the end."""
    current = load(store, game_id, game)
    outcome = current.deal.outcome()
    if not current.is_over or outcome is None:
        raise IllegalAction("deal-not-over")
    following = current.stored.meta.get("next")
    if isinstance(following, str):  # asked again (a double click, a retry): the same next deal
        try:
            return load(store, following, current.game)
        except GameNotFound:
            pass  # pruned: deal another
    rules = game_rules(current.game)
    match = match_of(current)
    deals = [*match["deals"], list(outcome.scores)]
    totals = [sum(scores) for scores in zip(*deals, strict=True)]
    meta = {"match": {"id": match["id"], "deal": int(match["deal"]) + 1, "totals": totals,
                      "deals": deals}}
    if "seat_keys" in current.stored.meta:  # the same players: the same keys (paiyou.play.access)
        meta["seat_keys"] = current.stored.meta["seat_keys"]
    seed = secrets.randbelow(MAX_SEED)
    deal = rules.next_deal(seed, outcome.next_first)
    deal, passed = run_until_choice(current.game, deal, current.seat, current.agents, auto_pass)
    stored = store.create(current.game, current.seat, current.agents, rules.to_record(deal),
                          finished=deal.is_over, meta={**meta, "shuffle": shuffle_meta(current.game, seed),
                                                       "auto_passes": passed})
    if deal.is_over:
        deal_over(store, stored.id)
    # Remember it on the finished deal, so asking again gives this one (a racing request that
    # lost the write keeps the deal it made).
    store.update(current.id, current.version, current.stored.record, finished=True,
                 meta={**current.stored.meta, "next": stored.id})
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
    if not face_up and not game_rules(game).has_face_down:
        raise BadInput("bad-face-up")  # this game plays every move face up
    return Submitted(parsed, face_up)


def act(store: GameStore, game_id: str, version: object, tiles: object, face_up: object = None,
        game: str | None = None, auto_pass: bool = False, computer: bool = True) -> Game:
    """Apply the human's action made against ``version``, then (unless ``computer`` is False:
    the table page asks for them one by one, ``advance``) the computer's moves up to the human's
    next turn or the end; store the result as ``version + 1``.

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
    rules = game_rules(current.game)
    deal = deal.apply(rules.action(submitted.tiles, submitted.face_up), player=current.seat)
    passed: list[int] = []
    if computer:
        deal, passed = run_until_choice(current.game, deal, current.seat, current.agents, auto_pass)
    meta = None
    if passed:
        meta = {**current.stored.meta, "auto_passes": [*current.auto_passes, *passed]}
    stored = store.update(current.id, version, rules.to_record(deal), finished=deal.is_over, meta=meta)
    if stored is None:  # another request won the race for this version
        raise StaleVersion(load(store, game_id))
    if deal.is_over:  # the move that ended the deal queues its analysis (once: the winner only)
        deal_over(store, stored.id)
    return Game(stored, deal)


def advance(store: GameStore, game_id: str, version: object, game: str | None = None,
            auto_pass: bool = False, to_turn: bool = False) -> Game:
    """The next step of a table waiting for the computer, made against ``version``: one computer
    move, or with ``auto_pass`` the human's forced pass; with ``to_turn`` every step up to the
    human's next real choice (or the end). Stored as ``version + 1``.

    Idempotent: against an older version (a double click, a second tab, a retried request), or
    when nothing is waiting (the human's turn, the deal over), it changes nothing and returns the
    game as it stands, so a page that asks twice just catches up. ``to_turn`` goes from the
    stored version whatever the page's: it only ever makes the computer's moves (and forced
    passes), so a skip pressed while a single step was on its way still skips. Raises GameNotFound, or
    BadInput("bad-version") for a version that is not a whole number."""
    current = load(store, game_id, game)
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadInput("bad-version")
    deal = current.deal
    if version != current.version and not to_turn:
        return current
    passed: list[int] = []
    if to_turn:
        deal, passed = run_until_choice(current.game, deal, current.seat, current.agents, auto_pass)
    else:
        pass_now = forced_pass(deal, current.seat) if auto_pass else None
        if pass_now is not None:
            passed.append(deal.action_count)
            deal = deal.apply(pass_now, player=current.seat)
        else:
            deal = computer_step(current.game, deal, current.seat, current.agents)
    if deal.action_count == current.deal.action_count:
        return current  # nothing was waiting
    meta = {**current.stored.meta, "auto_passes": [*current.auto_passes, *passed]} if passed else None
    stored = store.update(current.id, current.version, game_rules(current.game).to_record(deal),
                          finished=deal.is_over, meta=meta)
    if stored is None:  # another request made this step first: the game as it stands
        return load(store, game_id)
    if deal.is_over:  # the computer's move that ended the deal queues its analysis (once)
        deal_over(store, stored.id)
    return Game(stored, deal)


def waiting(game: Game, auto_pass: bool) -> bool:
    """Whether the table waits for a step ``advance`` makes: a computer seat to act, or with
    ``auto_pass`` the human's forced pass."""
    deal = game.deal
    if deal.is_over:
        return False
    return deal.to_act != game.seat or (auto_pass and forced_pass(deal, game.seat) is not None)


# -- hints -------------------------------------------------------------------------------------

MAX_HINTS = 5
NEAR_ZERO = 0.01  # every chance below 1%: the ranking falls back to the expected score
HINT_CACHE_SIZE = 512  # hints kept per process, by (deal id, version, seat): a few KB in all
BY_CHANCE, BY_EXPECTED = "chance", "expected"


class Hint(NamedTuple):
    """A candidate move with the two figures it is ranked by, from the human seat's view."""

    action: Any  # an engine Action, one of the human's legal actions
    chance: float  # the estimated chance of first place after it (0..1, a tie among k: 1/k)
    expected: float  # the expected score at the end of the deal (Chuo Pai: cards in your pile;
    #                  Tien Gow: net points)


@dataclass(frozen=True, slots=True)
class Hints:
    """The answer to "what should I play?". ``forced``: only one move is legal (nothing was
    searched, ``candidates`` is empty). Otherwise ``candidates`` are sorted by ``ranked_by``:
    ``chance`` (then the expected score), or ``expected`` when every chance is near zero."""

    action: Any
    forced: bool
    ranked_by: str | None
    candidates: tuple[Hint, ...]


def hint_level(game: str) -> str | None:
    """The strongest level the engine lists whose agent gives both figures (``estimate_scores``)."""
    from engine.ai import make_agent

    for level in reversed(levels(game)):
        if callable(getattr(make_agent(level, game), "estimate_scores", None)):
            return level
    return None


def _hint_rng(view: SeatView) -> random.Random:
    """The hint's generator, seeded from the seat's view alone (never from the deal's secret seed):
    the same view gives the same hint, and nothing hidden can shape it."""
    text = json.dumps(view.as_dict(), sort_keys=True, separators=(",", ":"), default=str)
    return make_rng(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def rank_hints(found: Sequence[Hint], limit: int = MAX_HINTS) -> tuple[str, list[Hint]]:
    """Sort by the chance of first place (ties: the expected score), or, when every chance is
    below ``NEAR_ZERO``, by the expected score; the ranking's name and the first ``limit``."""
    if found and max(h.chance for h in found) >= NEAR_ZERO:
        return BY_CHANCE, sorted(found, key=lambda h: (-h.chance, -h.expected))[:limit]
    return BY_EXPECTED, sorted(found, key=lambda h: (-h.expected, -h.chance))[:limit]


_hint_cache: OrderedDict[tuple[str, int, int], Hints] = OrderedDict()
_hint_lock = threading.Lock()


def hints(game: Game, limit: int = MAX_HINTS) -> Hints:
    """The best actions for the human now, from the strongest level that gives both figures,
    reading the human seat's view only. A forced move is said to be forced (no search). Kept per
    (deal id, version, seat) in a bounded LRU (``HINT_CACHE_SIZE``): asking twice costs once.

    Raises IllegalAction("deal-over") / IllegalAction("not-your-turn")."""
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
    from engine.ai import make_agent

    view = game.deal.view(game.seat)
    legal = {repr(a.as_dict()): a for a in view.legal_actions()}
    if len(legal) == 1:
        return Hints(next(iter(legal.values())), True, None, ())
    level = hint_level(game.game)
    if level is None:  # pragma: no cover - the engine always has such a level
        raise RuntimeError(f"no estimating agent for {game.game}")
    estimating: Any = make_agent(level, game.game)  # an agent with ``estimate_scores``
    scored = estimating.estimate_scores(view, _hint_rng(view))
    # Always an entry of legal_actions (an agent's own action object becomes the engine's).
    found = [Hint(legal[repr(a.as_dict())], float(chance), float(expected))
             for a, chance, expected in scored
             if repr(a.as_dict()) in legal and not (math.isnan(chance) or math.isnan(expected))]
    ranked_by, best = rank_hints(found, limit)
    if not best:  # pragma: no cover - the search always figures at least one candidate
        return Hints(next(iter(legal.values())), False, None, ())
    return Hints(best[0].action, False, ranked_by, tuple(best))


# -- the public log ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Event:
    """One line of the public log: an engine event (``engine.outcome.Event``: its ``kind`` is one
    of the codes listed there) with tile keys. ``tiles`` are only ever tiles the human seat may
    see."""

    kind: str
    player: int
    tiles: tuple[str, ...] = ()
    count: int = 0
    mine: bool = False  # the human's own action (the "recent" log starts after the last one)
    auto: bool = False  # the human's forced pass, made automatically (the auto-pass setting)


def events(view: SeatView, auto_passes: Sequence[int] = ()) -> list[Event]:
    """The whole public history, in order, as ``view``'s seat may see it (engine events). Every
    action is one move event, so the n-th move event is action number n (``auto_passes``)."""
    me = view.seat
    automatic = set(auto_passes)
    found = []
    moves = 0
    for e in view.events():
        is_move = e.kind in MOVES
        found.append(Event(e.kind, e.player, tuple(t.key for t in e.tiles), e.count,
                           mine=is_move and e.player == me, auto=is_move and moves in automatic))
        moves += is_move
    return found


__all__ = ["Game", "GameNotFound", "BadInput", "StaleVersion", "IllegalAction", "start", "load",
           "act", "advance", "waiting", "events", "Event", "parse_seed", "parse_level", "levels",
           "default_level", "opponent_level", "hints", "Hint", "Hints", "match_of", "next_deal", "HUMAN",
           "HUMAN_SEAT"]
