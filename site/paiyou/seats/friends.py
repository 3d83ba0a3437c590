"""A table with friends, start to end: dealt with chosen seats, joined by invite, names, leaving
and coming back, the invite renewed or revoked, an empty seat handed to the computer, and the
turn timer's computer move. The moves themselves go through ``paiyou.deals.service`` like any
deal's.

No change here makes more than one computer move: a new table, a seat left or handed to the
computer wait for the seated pages' (or an API client's) ``service.advance``, one move a request,
and the timer's stand-in makes the one move that ran out of time.

Every change is one conditional update of the stored game against the version it was made on
(``GameStore.update``), then announced to every seat's page (``paiyou.deals.signals.deal_changed``, after the
commit). A change that loses the race to another reloads the game and tries again, so a claim
never hands a seat to two people and a name never overwrites a move.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.games import game as game_rules
from paiyou.deals import signals
from paiyou.deals.computer import computer_step
from paiyou.deals.game import Game, GameNotFound
from paiyou.deals.seating import (
    HUMAN,
    META,
    TIMEOUTS_TO_AWAY,
    InviteUnknown,
    NotAllowed,
    Seating,
    TableFull,
    empty_seats,
    invite_hash,
    invite_matches,
    new_invite,
    new_seating,
    stored_agents,
    turn_started,
)
from paiyou.deals.service import MAX_SEED, check_game, load, shuffle_meta
from paiyou.seats.access import key_hash, stored_hashes
from paiyou.store.games import GameStore

ATTEMPTS = 50  # a change that keeps losing races to other writers gives up (409 table-full)


def start_table(store: GameStore, game: str, creator: int, kinds: Sequence[str], level: str, key: str,
                timer: int = 0, name: str | None = None,
                variant: tuple[str, ...] = ()) -> tuple[Game, str | None]:
    """Deal a table whose seats are ``kinds`` (``YOU`` at ``creator``, ``FRIEND`` or a computer
    level each), the creator holding ``key``, under the table options ``variant`` (checked:
    ``service.parse_variant``; a match keeps them). A computer seat to act first waits for
    ``service.advance``. Returns the game (for the creator) and the invite token (None without a
    friend seat). Always from a random seed: whoever chose it could know every friend's hand."""
    check_game(game)
    rules = game_rules(game)
    seating, token = new_seating(creator, kinds, level, timer)
    if name is not None:
        seating = replace(seating, names={creator: name})
    seed = secrets.randbelow(MAX_SEED)
    agents = stored_agents(kinds)
    deal = rules.under(rules.new_deal(seed), variant)
    stored = store.create(game, creator, agents, rules.to_record(deal), finished=deal.is_over,
                          meta={"shuffle": shuffle_meta(game, seed, False), "auto_passes": [],
                                "seat_keys": {str(creator): key_hash(key)}, META: seating.as_meta()})
    return Game(stored, deal).seated(creator), token


def _change(store: GameStore, current: Game,
            edit: Callable[[Game, Seating], tuple[Seating, dict[str, str] | None]]) -> Game:
    """Write ``edit``'s new seating (and seat keys, when it gives them) against the loaded
    version, reloading and editing again when another writer got there first. No move is made:
    a seat the change gives to the computer plays through ``service.advance``. Announced after
    the commit."""
    for _ in range(ATTEMPTS):
        seating = current.seating
        if seating is None:
            raise NotAllowed("not-a-table")
        changed, keys = edit(current, seating)
        meta = {**current.stored.meta, META: changed.as_meta(), **({"seat_keys": keys} if keys else {})}
        if keys:  # a claim: the seat's person gets the turn now
            meta = turn_started(meta)
        stored = store.update(current.id, current.version, current.stored.record,
                              finished=current.is_over, meta=meta)
        if stored is not None:
            signals.deal_changed.send(stored.id, stored.version)
            return Game(stored, current.deal, current.sitting)
        current = load(store, current.id, current.game).seated(current.seat)
    raise TableFull(current.id)


def claim(store: GameStore, current: Game, token: object, key: str, name: str | None = None) -> Game:
    """The next empty seat for whoever holds ``key``, by the table's invite ``token``. Raises
    InviteUnknown (unknown or revoked invite, not a table with friends) or TableFull (no empty
    seat, or the deal is over). One conditional update: of two people claiming the last seat
    at once, exactly one wins; the other is told the table is full."""
    chosen: list[int] = []

    def edit(game: Game, seating: Seating) -> tuple[Seating, dict[str, str] | None]:
        if not invite_matches(seating, token):
            raise InviteUnknown(game.id)
        keyed = stored_hashes(game.stored.meta)
        empty = empty_seats(seating, keyed)
        if not empty or game.is_over:
            raise TableFull(game.id)
        seat = empty[0]
        chosen[:] = [seat]
        names = {**seating.names, **({seat: name} if name else {})}
        return replace(seating, names=names), {**{str(s): h for s, h in keyed.items()}, str(seat): key_hash(key)}

    if current.seating is None:
        raise InviteUnknown(current.id)
    current = latest(store, current)
    claimed = _change(store, current, edit)
    return claimed.seated(chosen[0])


def latest(store: GameStore, current: Game) -> Game:
    """The table's deal under way: ``current``, or the deal that followed it once it ended (an
    invite sent before a "Next deal" still seats a friend)."""
    for _ in range(ATTEMPTS):
        following = current.stored.meta.get("next")
        if not current.is_over or not isinstance(following, str):
            return current
        try:
            current = load(store, following, current.game)
        except GameNotFound:
            return current
    return current


def _creator_only(game: Game, seating: Seating) -> None:
    if game.seat != seating.creator:
        raise NotAllowed("not-the-creator")


def renew_invite(store: GameStore, current: Game) -> tuple[Game, str]:
    """A new invite token (the old one stops working); the creator only."""
    token = new_invite()

    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        _creator_only(game, seating)
        return replace(seating, invite=invite_hash(token)), None

    return _change(store, current, edit), token


def revoke_invite(store: GameStore, current: Game) -> Game:
    """The invite stops working; the creator only."""
    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        _creator_only(game, seating)
        return replace(seating, invite=None), None

    return _change(store, current, edit)


def hand_to_computer(store: GameStore, current: Game, seat: int) -> Game:
    """The creator gives an empty friend's seat to the computer (at the table's level); it plays
    from its next turn, through ``service.advance``."""
    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        _creator_only(game, seating)
        if seat not in empty_seats(seating, stored_hashes(game.stored.meta)):
            raise NotAllowed("seat-not-empty")
        return replace(seating, humans=tuple(s for s in seating.humans if s != seat)), None

    return _change(store, current, edit)


def rename(store: GameStore, current: Game, name: str | None) -> Game:
    """This seat's display name (None: back to the seat's own name)."""
    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        names = {s: n for s, n in seating.names.items() if s != game.seat}
        return replace(seating, names={**names, **({game.seat: name} if name else {})}), None

    return _change(store, current, edit)


def leave(store: GameStore, current: Game) -> Game:
    """This seat's player leaves: the computer plays the seat ("computer, was <name>") until its
    key comes back (``return_seat``), from its next turn, through ``service.advance``."""
    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        away = tuple(sorted({*seating.away, game.seat}))
        return replace(seating, away=away, left=tuple(sorted({*seating.left, game.seat}))), None

    return _change(store, current, edit)


def return_seat(store: GameStore, current: Game) -> Game:
    """This seat's player takes the seat back from the computer; nothing when it is theirs."""
    seating = current.seating
    if seating is None or current.seat not in seating.away:
        return current

    def edit(game: Game, seating: Seating) -> tuple[Seating, None]:
        timeouts = {s: n for s, n in seating.timeouts.items() if s != game.seat}
        return replace(seating, away=tuple(s for s in seating.away if s != game.seat),
                       left=tuple(s for s in seating.left if s != game.seat), timeouts=timeouts), None

    return _change(store, current, edit)


# -- the turn timer -------------------------------------------------------------------------------

def deadline(game: Game) -> int | None:
    """When the person to act runs out of time (Unix seconds), or None: no timer, the deal over,
    or the computer to act. The clock starts when the person got the turn (the last move or
    claim: ``Seating.turn_since``)."""
    seating = game.seating
    seat = game.deal.to_act
    if seating is None or not seating.timer or seat is None or game.players[seat] != HUMAN:
        return None
    if seat not in stored_hashes(game.stored.meta):
        return None  # an empty friend's seat waits for its friend, not for the clock
    return (seating.turn_since or game.stored.created_at) + seating.timer


def timeout(store: GameStore, current: Game, now: float | None = None) -> Game:
    """When the person to act is past the deadline: the computer makes that one move for them
    (the seat stays theirs); after ``TIMEOUTS_TO_AWAY`` such moves in a row the seat is left to
    the computer until its key comes back. That one move only: a computer seat to act next plays
    through ``service.advance``. Nothing when the deadline has not passed (a second request finds
    it moved on)."""
    when = deadline(current)
    if when is None or (time.time() if now is None else now) < when:
        return current
    seat = current.deal.to_act
    assert seat is not None
    seating = current.seating
    assert seating is not None
    count = seating.timeouts.get(seat, 0) + 1
    changed = replace(seating, timeouts={**seating.timeouts, seat: count},
                      away=tuple(sorted({*seating.away, seat})) if count >= TIMEOUTS_TO_AWAY else seating.away)
    stand_in = tuple(seating.level if s == seat else a for s, a in enumerate(current.players))
    deal = computer_step(current.game, current.deal, stand_in)
    # the action's number, kept beside the record (which holds actions only), so the log says so
    timed_out = [*current.timed_out, current.deal.action_count]
    meta = turn_started({**current.stored.meta, META: changed.as_meta(), "timed_out": timed_out}, now)
    stored = store.update(current.id, current.version, game_rules(current.game).to_record(deal),
                          finished=deal.is_over, meta=meta)
    if stored is None:  # another change came first: the table as it stands, for the same seat
        return load(store, current.id, current.game).seated(current.seat)
    signals.deal_changed.send(stored.id, stored.version)
    if deal.is_over:
        signals.deal_over.send(store, stored.id)
    return Game(stored, deal, current.sitting)

