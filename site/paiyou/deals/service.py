"""The deal service: a deal against the computer or with friends, kept in the store.

``start`` deals (a seed reproduces a deal; the deal's meta records that its player chose it),
``load`` rebuilds a saved game (the one replay of its record a request makes: every other
function takes the loaded ``Game``), ``act`` applies the human's action made against a given
version and then lets the computer seats move (``paiyou.deals.computer``) until it is the human's
turn again or the deal is over, ``advance`` makes one computer move, ``next_deal`` deals a match's
next deal (always from a random seed). Every state comes from the engine (``replay`` of the
stored record); the shuffle is committed to before the first move. After each store write the
service sends ``signals.deal_changed`` and, when the deal ended, ``signals.deal_over``: it never
calls the live updates or the analysis itself.

At a table with friends no request makes more than one computer move: a person's move, a next
deal (and in ``paiyou.seats.friends`` a new table, a seat left or handed to the computer) make
none, and ``advance`` makes exactly one, against the version it is asked on. The seated pages
(their advance form, after the chosen pause) and API clients (``POST …/advance``) drive the
computer seats, so an away seat or a whole table left to the computer costs one move's search
per request, never a whole deal's.

Errors (``paiyou.deals.game``): ``GameNotFound``, ``BadInput``, ``StaleVersion``, and the
engine's ``IllegalAction``.
"""
from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import NamedTuple

from engine.commitment import SALT_BYTES, commit
from engine.errors import IllegalAction, NotationError, VariantError
from engine.games import GAMES
from engine.games import game as game_rules
from engine.tiles import Tile, parse_tiles
from paiyou.deals import signals
from paiyou.deals.computer import computer_step, forced_pass, parse_level, run_until_choice
from paiyou.deals.game import HUMAN, HUMAN_SEAT, BadInput, Game, GameNotFound, SeatKeyRequired, StaleVersion, match_of
from paiyou.deals.keys import seat_for_key, stored_hashes
from paiyou.deals.seating import META as SEATING
from paiyou.deals.seating import dealt_again, played_by, turn_started
from paiyou.i18n.numerals import parse_whole_number
from paiyou.jsontypes import JsonObject
from paiyou.store.games import GameStore

MAX_SEED = 2**53  # seeds stay exact in JavaScript numbers
MAX_TILES_TEXT = 200  # no legal action comes near this


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


def parse_variant(game: str, value: object) -> tuple[str, ...]:
    """The table options a request names (``"variant"``: a list of option keys; absent or null:
    the default rules), sorted; BadInput("unknown-variant") for an unknown option, a malformed
    list or any option of a game that has none."""
    if value is None:
        return ()
    try:
        return game_rules(game).check_variant(value)
    except VariantError:
        raise BadInput("unknown-variant") from None


def start(store: GameStore, game: str, seed: int | None = None, level: str | None = None,
          auto_pass: bool = False, seat_keys: Mapping[str, str] | None = None,
          variant: tuple[str, ...] = ()) -> Game:
    """Deal a new game (a random seed unless one is given) under the table options ``variant``
    (checked: ``parse_variant``), let the computer seats (``level``, one of
    ``computer.levels(game)``; default: ``computer.default_level``) play up to the human's
    first turn, and store it with ``seat_keys`` (the hashes of its seat keys:
    ``paiyou.seats.access``). An unknown level is BadInput("unknown-level")."""
    check_game(game)
    rules = game_rules(game)
    level = parse_level(game, level)
    chosen = seed is not None
    if seed is None:
        seed = secrets.randbelow(MAX_SEED)
    deal = rules.under(rules.new_deal(seed), variant)
    agents = tuple(HUMAN if s == HUMAN_SEAT else level for s in range(rules.seats))
    deal, passed = run_until_choice(game, deal, HUMAN_SEAT, agents, auto_pass)
    stored = store.create(game, HUMAN_SEAT, agents, rules.to_record(deal), finished=deal.is_over,
                          meta={"shuffle": shuffle_meta(game, seed, chosen), "auto_passes": passed,
                                **({"seat_keys": dict(seat_keys)} if seat_keys else {})})
    if deal.is_over:  # every move was forced: the deal ended before the human's first choice
        signals.deal_over.send(store, stored.id)
    return Game(stored, deal)


# -- trusting the shuffle -----------------------------------------------------------------------

# The commitment (``commit``, ``SALT_BYTES``) is the engine's, shared with the daily deal.


def shuffle_meta(game: str, seed: int, chosen: bool) -> dict[str, str | bool]:
    """A fresh salt (kept server-side until the end, also for a chosen seed), its commitment, and
    whether the player chose the seed (``chosen``: then they could know every hand; the table says
    so, ``Game.seed_chosen``)."""
    salt = secrets.token_hex(SALT_BYTES)
    return {"salt": salt, "commitment": commit(game, seed, salt), "chosen": chosen}


# -- a saved game --------------------------------------------------------------------------------

def load(store: GameStore, game_id: str, game: str | None = None) -> Game:
    """A saved game, rebuilt from its record (the engine's ``replay``, which re-checks every
    action: the one replay a request makes). ``game`` (when given) must match."""
    stored = store.get(game_id) if isinstance(game_id, str) else None
    if stored is None or (game is not None and stored.game != game):
        raise GameNotFound(game_id)
    return Game(stored, game_rules(stored.game).replay(stored.record))


def next_deal(store: GameStore, current: Game, auto_pass: bool = False, now: float | None = None) -> Game:
    """"Next deal" of a finished deal: a new deal of the same match (its ``next_first`` leads or
    banks it: TG-19; Chuo Pai draws again, CP-3), the same computer players and table options
    (a rising banker counting on from this deal), the totals carried, always from a random seed.
    At a table with friends its turn clock starts ``now`` (default: the time of the call;
    ``seating.dealt_again``). IllegalAction("deal-not-over") before the end."""
    outcome = current.deal.outcome()
    if not current.is_over or outcome is None:
        raise IllegalAction("deal-not-over")
    following = current.stored.meta.get("next")
    if isinstance(following, str):  # asked again (a double click, a retry): the same next deal
        try:
            return load(store, following, current.game).seated(current.seat)
        except GameNotFound:
            pass  # pruned: deal another
    rules = game_rules(current.game)
    match = match_of(current)
    deals = [*match["deals"], list(outcome.scores)]
    totals = [sum(scores) for scores in zip(*deals, strict=True)]
    meta: JsonObject = {"match": {"id": match["id"], "deal": int(match["deal"]) + 1, "totals": totals,
                                  "deals": deals}}
    if "seat_keys" in current.stored.meta:  # the same players: the same keys and seats
        meta["seat_keys"] = current.stored.meta["seat_keys"]
    meta.update(dealt_again(current.stored.meta, now))  # a fresh turn clock (a table with friends)
    seed = secrets.randbelow(MAX_SEED)
    deal = rules.under(rules.next_deal(seed, outcome.next_first), rules.variant_of(current.deal), current.deal)
    passed: list[int] = []
    if current.seating is None:  # at a table with friends the first moves are advance's, one a request
        deal, passed = run_until_choice(current.game, deal, current.seat, current.players, auto_pass)
    stored = store.create(current.game, current.stored.seat, current.agents, rules.to_record(deal),
                          finished=deal.is_over, meta={**meta, "shuffle": shuffle_meta(current.game, seed, False),
                                                       "auto_passes": passed})
    if deal.is_over:
        signals.deal_over.send(store, stored.id)
    # Remember it on the finished deal, so asking again gives this one (a racing request that
    # lost the write keeps the deal it made).
    marked = store.update(current.id, current.version, current.stored.record, finished=True,
                          meta={**current.stored.meta, "next": stored.id})
    if marked is not None:  # every seat's page of the finished deal follows to the next one
        signals.deal_changed.send(marked.id, marked.version)
    return Game(stored, deal, current.sitting)


# -- the human's move and the computer's ---------------------------------------------------------

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


def _check_version(version: object) -> int:
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadInput("bad-version")
    return version


def act(store: GameStore, current: Game, version: object, tiles: object, face_up: object = None,
        auto_pass: bool = False, computer: bool = True, action_id: str | None = None) -> Game:
    """Apply the action of the person at ``current.seat``, made against ``version``, to the loaded
    ``current``, then (unless ``computer`` is False: the table page asks for them one by one,
    ``advance``) the computer's moves up to the next person's turn or the end; store the result
    as ``version + 1``. At a table with friends the computer never moves here (``advance`` makes
    its moves, one a request), and an ``action_id`` this seat sent before is answered with the
    game as it stands (a retried request changes nothing).

    Raises BadInput, StaleVersion (nothing changed) or IllegalAction (nothing changed; ``reason``
    is the engine's code)."""
    version = _check_version(version)
    submitted = parse_submission(current.game, tiles, face_up)
    seating = current.seating
    if seating is not None and action_id is not None and seating.answered.get(action_id) == current.seat:
        return current
    if version != current.version:
        raise StaleVersion(current)
    deal = current.deal
    if deal.is_over:
        raise IllegalAction("deal-over")
    if deal.to_act != current.seat:
        raise IllegalAction("not-your-turn")
    rules = game_rules(current.game)
    deal = deal.apply(rules.action(submitted.tiles, submitted.face_up), player=current.seat)
    passed: list[int] = []
    if computer and seating is None:
        deal, passed = run_until_choice(current.game, deal, current.seat, current.players, auto_pass)
    meta = None
    if seating is not None:  # the person played this seat themselves: it earns its analysis
        answered = {**current.stored.meta, SEATING: seating.answering(action_id, current.seat).as_meta()}
        meta = turn_started(played_by(answered, current.seat))
    if passed:
        meta = {**(meta or current.stored.meta), "auto_passes": [*current.auto_passes, *passed]}
    stored = store.update(current.id, version, rules.to_record(deal), finished=deal.is_over, meta=meta)
    if stored is None:  # another request won the race for this version
        raise StaleVersion(load(store, current.id).seated(current.seat))
    signals.deal_changed.send(stored.id, stored.version)
    if deal.is_over:  # the move that ended the deal queues its analysis (once: the winner only)
        signals.deal_over.send(store, stored.id)
    return Game(stored, deal, current.sitting)


class Moved(NamedTuple):
    before: Game  # as loaded, for the seat whose key made the move
    after: Game


class MoveRefused(Exception):
    """``act`` refused the move (nothing changed): ``error`` says why, ``game`` is the loaded game
    it was tried on, for the seat whose key made it."""

    def __init__(self, game: Game, error: StaleVersion | IllegalAction | BadInput) -> None:
        super().__init__(error)
        self.game = game
        self.error = error


class Unkeyed(Exception):
    """A game stored before seat keys: only the request may claim it (its old cookie,
    ``paiyou.seats.access``); nothing changed."""

    def __init__(self, game: Game) -> None:
        super().__init__(game.id)
        self.game = game


def move_by_key(store: GameStore, game_id: str, game: str, key: str | None, version: object, tiles: object,
                face_up: object = None, auto_pass: bool = False, computer: bool = True) -> Moved:
    """A person's move in one call, by the seat key they present (handed down: this floor reads
    no request): load the game (GameNotFound), find the seat ``key`` opens (SeatKeyRequired;
    Unkeyed for a game stored before seat keys), then ``act`` (MoveRefused)."""
    current = load(store, game_id, game)
    if not stored_hashes(current.stored.meta):
        raise Unkeyed(current)
    seat = seat_for_key(current.stored.meta, key)
    if seat is None:
        raise SeatKeyRequired(current.id)
    return seated_move(store, current.seated(seat), version, tiles, face_up, auto_pass, computer)


def seated_move(store: GameStore, current: Game, version: object, tiles: object, face_up: object = None,
                auto_pass: bool = False, computer: bool = True) -> Moved:
    """``act`` for the seated ``current``, its refusals raised as MoveRefused with the game."""
    try:
        return Moved(current, act(store, current, version, tiles, face_up, auto_pass=auto_pass, computer=computer))
    except (StaleVersion, IllegalAction, BadInput) as error:
        raise MoveRefused(current, error) from error


def advance(store: GameStore, current: Game, version: object, auto_pass: bool = False,
            to_turn: bool = False) -> Game:
    """The next step of a table waiting for the computer, made against ``version``: one computer
    move, or with ``auto_pass`` the human's forced pass; with ``to_turn`` every step up to the
    human's next real choice (or the end) — at a deal against the computer only: at a table with
    friends every request is one step (the pages and API clients ask again). Stored as
    ``version + 1``.

    Idempotent: against an older version (a double click, a second tab, another seat's page, a
    retried request), or when nothing is waiting (a person's turn, the deal over), it changes
    nothing and returns the game as it stands, so a page that asks twice just catches up.
    ``to_turn`` goes from the stored version whatever the page's: it only ever makes the
    computer's moves (and forced passes), so a skip pressed while a single step was on its way
    still skips. Raises BadInput("bad-version") for a version that is not a whole number."""
    version = _check_version(version)
    deal = current.deal
    to_turn = to_turn and current.seating is None
    if version != current.version and not to_turn:
        return current
    passed: list[int] = []
    if to_turn:
        deal, passed = run_until_choice(current.game, deal, current.seat, current.players, auto_pass)
    else:
        pass_now = forced_pass(deal, current.seat) if auto_pass else None
        if pass_now is not None:
            passed.append(deal.action_count)
            deal = deal.apply(pass_now, player=current.seat)
        else:
            deal = computer_step(current.game, deal, current.players)
    if deal.action_count == current.deal.action_count:
        return current  # nothing was waiting
    meta = {**current.stored.meta, "auto_passes": [*current.auto_passes, *passed]} if passed else None
    if current.seating is not None:
        meta = turn_started(meta or current.stored.meta)
    stored = store.update(current.id, current.version, game_rules(current.game).to_record(deal),
                          finished=deal.is_over, meta=meta)
    if stored is None:  # another request made this step first: the game as it stands
        return load(store, current.id).seated(current.seat)
    signals.deal_changed.send(stored.id, stored.version)
    if deal.is_over:  # the computer's move that ended the deal queues its analysis (once)
        signals.deal_over.send(store, stored.id)
    return Game(stored, deal, current.sitting)


def waiting(game: Game, auto_pass: bool) -> bool:
    """Whether the table waits for a step ``advance`` makes: a computer seat to act, or with
    ``auto_pass`` the human's forced pass."""
    deal = game.deal
    seat = deal.to_act
    if seat is None:
        return False
    return game.players[seat] != HUMAN or (auto_pass and forced_pass(deal, game.seat) is not None)
