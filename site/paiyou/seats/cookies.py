"""What the play pages keep in this browser's cookies: the seat keys of its recent games
(``paiyou.seats.access``; they also offer "Continue your deal"), the automatic-pass and speed
settings, the level chosen last and the statistics. Every cookie is HttpOnly and SameSite=Lax
(Secure on https); nothing read from one is trusted (a game id is looked up in the store, a key
checked against its stored hash, the statistics are parsed and bounded by ``paiyou.seats.stats``)."""
from __future__ import annotations

from dataclasses import dataclass

from flask import g, request
from werkzeug.wrappers import Response

from paiyou.deals.computer import levels
from paiyou.deals.game import Game
from paiyou.deals.keys import MAX_KEY_LENGTH
from paiyou.registry import GAME_KEYS
from paiyou.seats import stats
from paiyou.store.schema import is_valid_id

# This browser's seat keys, ``id:key`` pairs joined by ".", newest first: the key of each deal it
# started (paiyou.seats.access), which also offers "Continue your deal". Nothing read from it is
# trusted: an id is looked up in the store and a key only matches its stored hash.
SEATS_COOKIE = "paiyou_seats"
RECENT_KEEP = 12
RECENT_MAX_AGE = 90 * 24 * 3600
# Before seat keys: the ids of this browser's games (read once, to claim them: paiyou.seats.access).
LEGACY_COOKIE = "paiyou_games"

# The invites of the tables with friends this browser set up, ``id:token`` pairs joined by ".",
# newest first: the table page shows its creator the link to send (only the token's hash is
# stored). Nothing read from it is trusted: a token only opens a table if its hash matches.
INVITES_COOKIE = "paiyou_invites"

AUTO_PASS_COOKIE = "paiyou_auto_pass"  # "off" turns the automatic forced pass off (on by default)
LEVEL_COOKIE = "paiyou_level"  # the computer players' level this browser chose last (both games)

# How fast the table shows the computer's moves: the pause (ms) before it asks for the next one.
# Fast by default: a move can be followed, yet the table is never held long (issue 30).
SPEED_COOKIE = "paiyou_speed"
SPEEDS: dict[str, int] = {"instant": 0, "fast": 350, "relaxed": 1000}
DEFAULT_SPEED = "fast"


def _set(response: Response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")


def keys_in_cookie(text: str, keep: int) -> dict[str, str]:
    """The ``id → key`` pairs of a seats cookie (``id:key`` joined by "."), newest first, at most
    ``keep``; malformed entries are left out (nothing read from a cookie is trusted)."""
    pairs: dict[str, str] = {}
    for entry in text.split(".")[:keep]:
        game_id, _, key = entry.partition(":")
        if is_valid_id(game_id) and 0 < len(key) <= MAX_KEY_LENGTH and game_id not in pairs:
            pairs[game_id] = key
    return pairs


def seat_keys() -> dict[str, str]:
    """This browser's ``id → key`` pairs, newest first (at most ``RECENT_KEEP``), with the ones
    this request has just added (``remember``) in front."""
    pairs: dict[str, str] = dict(getattr(g, "paiyou_new_seat_keys", {}))
    for game_id, key in keys_in_cookie(request.cookies.get(SEATS_COOKIE, ""), RECENT_KEEP).items():
        pairs.setdefault(game_id, key)
    return dict(list(pairs.items())[:RECENT_KEEP])


def recent_ids() -> list[str]:
    return list(seat_keys())


def legacy_ids() -> list[str]:
    text = request.cookies.get(LEGACY_COOKIE, "")
    return [i for i in text.split(".") if is_valid_id(i)][:RECENT_KEEP]


def remember(response: Response, game_id: str, key: str) -> None:
    """Keep ``game_id``'s key first in this browser's seats cookie (``add_seat_key``, then
    ``write_seat_keys``)."""
    add_seat_key(game_id, key)
    write_seat_keys(response)


def add_seat_key(game_id: str, key: str) -> None:
    """``game_id``'s key, first in ``seat_keys`` from now on in this request."""
    added: dict[str, str] = getattr(g, "paiyou_new_seat_keys", {})
    g.paiyou_new_seat_keys = {game_id: key, **{i: k for i, k in added.items() if i != game_id}}


def write_seat_keys(response: Response) -> None:
    """The seats cookie with every key this request added (written once, however many were
    added), and the old cookie without the ids it now holds keys of."""
    pairs = seat_keys()
    _drop_set_cookie(response, SEATS_COOKIE)
    _set(response, SEATS_COOKIE, ".".join(f"{i}:{k}" for i, k in pairs.items()), RECENT_MAX_AGE)
    old = [i for i in legacy_ids() if i not in pairs]
    if LEGACY_COOKIE in request.cookies:
        _drop_set_cookie(response, LEGACY_COOKIE)
        if old:
            _set(response, LEGACY_COOKIE, ".".join(old), RECENT_MAX_AGE)
        else:
            response.delete_cookie(LEGACY_COOKIE, path="/")


def invites() -> dict[str, str]:
    """This browser's ``id → invite token`` pairs (at most ``RECENT_KEEP``)."""
    return keys_in_cookie(request.cookies.get(INVITES_COOKIE, ""), RECENT_KEEP)


def remember_invite(response: Response, game_id: str, token: str | None) -> None:
    """Keep ``game_id``'s invite token first in this browser's invites (None: forget it)."""
    pairs = {i: t for i, t in invites().items() if i != game_id}
    if token is not None:
        pairs = {game_id: token, **pairs}
    _set(response, INVITES_COOKIE, ".".join(f"{i}:{t}" for i, t in list(pairs.items())[:RECENT_KEEP]),
         RECENT_MAX_AGE)


def _drop_set_cookie(response: Response, name: str) -> None:
    kept = [v for v in response.headers.getlist("Set-Cookie") if not v.startswith(f"{name}=")]
    if len(kept) != len(response.headers.getlist("Set-Cookie")):
        del response.headers["Set-Cookie"]
        for value in kept:
            response.headers.add("Set-Cookie", value)


def auto_pass() -> bool:
    return request.cookies.get(AUTO_PASS_COOKIE) != "off"


def set_auto_pass(response: Response, on: bool) -> None:
    _set(response, AUTO_PASS_COOKIE, "on" if on else "off", stats.MAX_AGE)


def last_level(game: str) -> str | None:
    """The level this browser chose last, when ``game`` has it (never trusted beyond that)."""
    found = request.cookies.get(LEVEL_COOKIE, "")
    return found if found in levels(game) else None


def set_level(response: Response, level: str) -> None:
    _set(response, LEVEL_COOKIE, level, stats.MAX_AGE)


def speed() -> str:
    found = request.cookies.get(SPEED_COOKIE, "")
    return found if found in SPEEDS else DEFAULT_SPEED


def set_speed(response: Response, value: str) -> None:
    _set(response, SPEED_COOKIE, value, stats.MAX_AGE)


def read_stats() -> stats.Stats:
    return stats.read(request.cookies.get(stats.COOKIE), GAME_KEYS, levels)


def count_finished(response: Response, before: Game, after: Game) -> None:
    """The POST that finishes a deal adds it to this browser's statistics."""
    outcome = after.deal.outcome()
    if before.is_over or not after.is_over or outcome is None:
        return
    updated = stats.add(read_stats(), after.game, after.level, after.seat in outcome.first,
                        outcome.scores[after.seat])
    _set(response, stats.COOKIE, stats.dump(updated), stats.MAX_AGE)


def forget_stats(response: Response) -> None:
    response.delete_cookie(stats.COOKIE, path="/")


@dataclass(frozen=True, slots=True)
class MoveCookies:
    """What a move needs of this browser's cookies, read once at its start and handed down: the
    key it holds for the deal and its automatic-pass setting. Its ``count_finished`` travels with
    it, so the answer adds a deal it ended to the statistics without a second trip to the seats."""

    key: str | None
    auto_pass: bool

    def count_finished(self, response: Response, before: Game, after: Game) -> None:
        count_finished(response, before, after)


def for_move(game_id: str) -> MoveCookies:
    return MoveCookies(seat_keys().get(game_id), auto_pass())
