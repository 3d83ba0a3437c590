"""The table page's model, game-blind: the seats, hand and choices come from the game's ``Table``
(``paiyou.tables.presenter``), the log and the reveal order from the engine's events.

Everything comes from the human seat's view: no other hand and no other seat's face-down tile
can reach the page.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NotRequired, TypedDict

from flask import url_for
from flask_babel import pgettext

from engine.games import game as game_rules
from engine.spec import AnySeatView as SeatView
from engine.tiles import Tile
from paiyou.content.sources import has_sources
from paiyou.deals.game import Game, Match, match_of
from paiyou.deals.log import Event, events
from paiyou.jsontypes import JsonObject
from paiyou.live import PAGE_REFRESH_SECONDS, present_seats, watchers
from paiyou.registry import room
from paiyou.seats.access import stored_hashes
from paiyou.seats.friends import deadline
from paiyou.tables.presenter import (
    Choices,
    Current,
    HandGroup,
    HandTile,
    LastRound,
    Result,
    Reveals,
    Seat,
    table_of,
)

MAX_REVEAL = 12  # the CSS classes reveal-1 .. reveal-12 (moves that land together, in order)

# -- the models this module builds: what the table template reads (``TableModel``) and the API
# writes (``PlayerJson``, ``TableJson``), key by key. The game's own parts are ``presenter``'s.


class LoggedEvent(TypedDict):
    event: Event
    reveal: int | None  # 1: new to the page (it lands with an animation)


class LogModel(TypedDict):
    earlier: list[Event]  # collapsed
    recent: list[LoggedEvent]


class PlayerJson(TypedDict):
    """A seat of a table with friends (``players_json``)."""

    seat: int
    agent: str  # ``human`` or the computer's level
    human: bool
    name: str | None
    empty: bool
    away: bool
    connected: bool
    label: NotRequired[str]  # the name the page shows (``friends_model``)


class TableJson(TypedDict):
    """A table with friends (``table_json``)."""

    creator: int
    timer: int
    deadline: int | None
    invite_open: bool
    next: str | None
    watchers: int


class FriendsModel(TableJson):
    """What a table with friends adds to the page (``friends_model``)."""

    players: list[PlayerJson]
    you_created: bool
    you_sit: bool
    you_left: bool
    your_name: str | None
    take_back: bool
    now: int
    refresh: int
    drives: bool


class TableModel(TypedDict):
    """Everything the table template draws (``table_model``)."""

    game: str
    id: str
    version: int
    view: SeatView
    level: str
    seat: int | None
    names: list[str]
    seats: list[Seat]
    by_position: dict[str, Seat]
    my_turn: bool
    to_act: int | None
    is_over: bool
    hand: list[HandGroup]
    hand_size: int
    choices: Choices
    current: Current | None
    log: LogModel
    new_events: list[Event]
    event_count: int
    result: Result | None
    round_number: int
    last_round: LastRound | None
    match: Match
    commitment: str | None
    seed_chosen: bool | None
    options_on: list[str]  # the words of the table options the deal is played under (none: default rules)
    watching: bool
    friends: FriendsModel | None


def option_words(game: str, variant: Sequence[str]) -> list[str]:
    """The words of the table options ``variant`` (keys of ``GameSpec.variant_options``), as the
    game's room declares them (``Room.options``)."""
    words = room(game).options
    return [str(words[key]) if key in words else key for key in variant]


def option_choices(game: str, checked: Sequence[str] = ()) -> list[dict[str, object]]:
    """The start forms' checkboxes: each table option of the game (none for a game without any),
    its words, whether it is ticked, and its entry on the game's "Sources and variants" page
    (``sources``: "" for a game without that page)."""
    words = room(game).options
    page = url_for("rules.sources", game=game) if has_sources(game) else ""
    return [{"key": o.key, "label": str(words[o.key]) if o.key in words else o.meaning, "checked": o.key in checked,
             "sources": f"{page}#option-{o.key}" if page else ""}
            for o in game_rules(game).variant_options]


def keys(tiles: Sequence[Tile]) -> list[str]:
    return [t.key for t in tiles]


def playable_keys(view: SeatView) -> set[str]:
    """The keys of tiles that belong to some legal face-up play."""
    return {t.key for a in view.legal_actions() if a.face_up for t in a.tiles}


def checkable(playable: set[str], selected: Sequence[str]) -> Callable[[Tile], HandTile]:
    """A hand tile as a checkbox (value = tile key), each copy its own; ``selected`` keys (a
    refused selection) come back checked."""
    still = Counter(selected)

    def item(t: Tile) -> HandTile:
        checked = still[t.key] > 0
        still[t.key] -= 1
        return {"key": t.key, "playable": t.key in playable, "checked": checked}

    return item


def reveal_map(round_seats: Sequence[int], recent: Sequence[Event]) -> Reveals:
    """("play", seat, index in the round) -> reveal step (1, 2, …) for the plays of the round
    under way that the computer made since the human's last action. The step is the move's
    place in the recent log, so a play lands on the table as its log line appears."""
    tail = 0
    for e in reversed(recent):
        if not e.move:
            break
        tail += 1
    tail = min(tail, len(round_seats))  # a finished round's moves are followed by its result
    start = len(round_seats) - tail
    first_step = len(recent) - tail + 1
    return {("play", round_seats[i], i): min(first_step + i - start, MAX_REVEAL)
            for i in range(start, len(round_seats))}


def log_model(all_events: Sequence[Event], recent: Sequence[Event], fresh: int = 0) -> LogModel:
    """The log: earlier events (collapsed) and the recent ones; the last ``fresh`` of them are new
    to the page (they land with an animation)."""
    earlier = list(all_events[:len(all_events) - len(recent)])
    first_new = len(recent) - fresh
    return {"earlier": earlier, "recent": [{"event": e, "reveal": 1 if i >= first_new else None}
                                           for i, e in enumerate(recent)]}


def creator_seat_name() -> str:
    """The name of a table with friends' creator's seat on the other seats' pages (any game)."""
    return pgettext("play seat", "South")


def seat_names(game: Game, watching: bool = False) -> list[str]:
    """Each seat's name on the page of the person at ``game.seat``: the room's names go round from
    "You". At a table with friends every page names the seats alike — the names they have for the
    table's creator, a person's chosen name instead — and the viewer's own seat is "You" (a
    watcher's view has no "You": the creator's seat is "South" until named)."""
    base = table_of(game.game).seat_names()
    seating = game.seating
    me, count = game.seat, len(base)
    anchor = me if seating is None else seating.creator
    names = [base[(s - anchor) % count] for s in range(count)]
    if seating is not None:
        names[anchor] = creator_seat_name()
        names = [seating.names.get(s, name) for s, name in enumerate(names)]
        if not watching:
            names[me] = base[0]
    return names


def table_model(game: Game, selected: Sequence[str] = (), seen: int | None = None,
                watching: bool = False) -> TableModel:
    """Everything the table template draws, from one seat's view only (with ``watching``, a
    watcher's: no hand, no face-down tile). ``seen``: how many log events the page asking showed;
    what came since is announced and lands with an animation (the events since your last action
    when not given)."""
    table = table_of(game.game)
    view = game.deal.watch(game.seat) if watching else game.view()
    names = seat_names(game, watching)
    all_events = events(view, game.game, game.auto_passes, game.timed_out)
    recent = recent_events(all_events)
    new = all_events[seen:] if seen is not None and seen <= len(all_events) else recent
    order = reveal_map(table.round_seats(view), new)
    seats = table.seats_model(view, names, game.players, order)
    last_round = table.last_round(view, names)
    # a watcher holds no seat: no seat is "you" (the bottom one is only drawn there)
    result = table.result(view, names, None if watching else view.seat)
    if watching and last_round is not None:
        last_round["you_won"] = False
    return {
        "game": game.game, "id": game.id, "version": game.version, "view": view, "level": game.level,
        # the viewer's seat (None for a watcher: the log and the seats speak to no one as "you")
        "seat": None if watching else view.seat, "names": names, "seats": seats,
        "by_position": {s["position"]: s for s in seats},
        "my_turn": view.to_act == view.seat and not watching, "to_act": view.to_act, "is_over": view.is_over,
        "hand": table.hand_groups(view, selected), "hand_size": len(view.hand),
        "choices": table.legal_choices(view), "current": table.current(view),
        "log": log_model(all_events, recent, len(new)), "new_events": list(new), "event_count": len(all_events),
        "result": result,
        "round_number": table.round_number(view), "last_round": last_round,
        "match": match_of(game), "commitment": game.commitment, "seed_chosen": game.seed_chosen,
        "options_on": option_words(game.game, game_rules(game.game).variant_of(game.deal)),
        "watching": watching, "friends": friends_model(game, names, watching) if game.seating else None,
    }


def friends_model(game: Game, names: Sequence[str], watching: bool) -> FriendsModel:
    """What a table with friends adds to the page: ``table_json`` (the creator's seat, the timer,
    the deadline, the invite, the next deal), each seat (``players_json`` and the name shown),
    and whether the viewer holds a seat, set the table up, left it, and the name they chose."""
    seating = game.seating
    assert seating is not None
    players = players_json(game)
    for player in players:
        player["label"] = names[player["seat"]]
    return {**table_json(game), "players": players,
            "you_created": seating.creator == game.seat and not watching,
            "you_sit": game.sitting is not None and not watching,  # this browser holds a seat's key
            "you_left": game.seat in seating.away and not watching, "your_name": seating.names.get(game.seat),
            # away by the timer, not by Leave: this seat's page takes the seat back as it comes back
            "take_back": game.seat in seating.away and game.seat not in seating.left and not watching,
            "now": int(time.time()),  # the server's clock, for the timer's countdown
            "refresh": PAGE_REFRESH_SECONDS,  # how often the page reloads itself without JavaScript
            "drives": drives_the_computer(game, players)}


# Every seated page asks for the computer's next move, and each ask that carries the version now
# computes the move before its write can lose the race: the pages of a table would each pay for
# one search. One page asks after its chosen pause; the others wait this much longer, by which
# time the move has reached them (live updates take well under a second) and their ask, for an
# older version, costs nothing; if that page has gone, the table still moves on.
STANDBY_MS = 2000


def drives_the_computer(game: Game, players: Sequence[PlayerJson]) -> bool:
    """Whether this seat's page is the one that asks for the computer's moves at once: the first
    seat, in seat order, whose person has the table open, or any seat when none is known to."""
    open_seats = [p["seat"] for p in players if p["human"] and p["connected"]]
    return not open_seats or open_seats[0] == game.seat


def recent_events(all_events: Sequence[Event]) -> list[Event]:
    """What happened since the human's last action (the computer's moves to show one by one)."""
    last = max((i for i, e in enumerate(all_events) if e.mine and not e.auto), default=-1)
    return list(all_events[last + 1:])


def view_json(game: Game, watching: bool = False) -> JsonObject:
    """A seat's view as the API's JSON: the game, its players, the game's own view and its table
    options (``variant``, only when some are on: the engine's ``GameSpec.variant_of``). With
    ``watching`` (a table with friends, no key, before the end) a watcher's: drawn from the
    creator's place with no hand, no face-down tile and no legal action."""
    view = game.deal.watch(game.seat) if watching else game.view()
    match = match_of(game)
    own: JsonObject = dict(table_of(game.game).view_json(view))
    if watching:
        own.update(seat=None, hand=[], legal_actions=[], your_turn=False)
    seating = game.seating
    variant = game_rules(game.game).variant_of(game.deal)
    return {"game": game.game, "players": players_json(game) if seating else
            [{"seat": s, "agent": a} for s, a in enumerate(game.agents)],
            **own,
            **({"variant": list(variant)} if variant else {}),
            "match": {"id": match["id"], "deal": match["deal"], "totals": match["totals"]},
            "commitment": game.commitment,
            # whether the player chose the seed (then they could know every hand), or it was random
            "seed_chosen": game.seed_chosen,
            **({"table": table_json(game)} if seating else {})}


def players_json(game: Game) -> list[PlayerJson]:
    """Each seat of a table with friends: who plays it now (``agent``: ``human`` or a level), a
    person's ``name`` (null: the seat's own name is shown), whether the seat waits for a friend
    (``empty``), is left to the computer (``away``), and whether its player has the table open
    (``connected``)."""
    seating = game.seating
    assert seating is not None
    keyed = stored_hashes(game.stored.meta)
    present = present_seats(game.id)
    players = game.players
    return [{"seat": s, "agent": players[s], "human": s in seating.humans,
             "name": seating.names.get(s), "empty": s in seating.humans and s not in keyed,
             "away": s in seating.away, "connected": s in present}
            for s in range(len(game.agents))]


def table_json(game: Game) -> TableJson:
    """A table with friends: its creator's seat, the turn timer (seconds, 0 for none), the
    deadline of the person to act (Unix seconds, or null), whether its invite still works, the
    deal that follows this one (once dealt) and how many watch it (open streams with no key)."""
    seating = game.seating
    assert seating is not None
    following = game.stored.meta.get("next")
    return {"creator": seating.creator, "timer": seating.timer, "deadline": deadline(game),
            "invite_open": seating.invite is not None,
            "next": following if isinstance(following, str) else None, "watchers": watchers(game.id)}


def game_json(game: Game, watching: bool = False) -> JsonObject:
    return {"id": game.id, "version": game.version, "game": game.game, "view": view_json(game, watching)}
