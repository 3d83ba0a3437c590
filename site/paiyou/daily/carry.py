"""What a progress key carries besides the daily history: the browser's statistics
(``paiyou.seats.stats``) and its mistakes decks (``paiyou.puzzles.mistakes``).

Both live in cookies of their own, so the pages that write them stay as they are; this module
links them to the player identity instead:

- **kept**: whenever a response writes one of those cookies (a deal finished, a mistake added or
  answered, the statistics cleared) in a browser that holds a progress key, the player's copy in
  the store is updated with it (``after_request``: one lookup and one upsert, only on those
  responses); showing a key (issuing or replacing one) keeps the browser's current values too;
- **adopted**: entering the key in another browser makes that browser the key's player: its
  cookies become the player's copy (``adopt``), and a value the player has none of is cleared.

Nothing read from a cookie is trusted more than before: the pages parse and bound them as always,
the store bounds each value's length.
"""
from __future__ import annotations

from flask import Flask, g, request
from werkzeug.http import parse_cookie
from werkzeug.wrappers import Response

from paiyou.daily.pages import progress_key
from paiyou.puzzles.mistakes import COOKIE_PREFIX
from paiyou.puzzles.mistakes import MAX_AGE as DECK_MAX_AGE
from paiyou.registry import GAME_KEYS
from paiyou.seats import stats
from paiyou.store.daily import MAX_CARRIED_CHARS, DailyStore
from paiyou.store.databases import current_store


def carried_cookies() -> dict[str, int]:
    """The cookies a progress key carries, with their lifetimes (seconds)."""
    return {stats.COOKIE: stats.MAX_AGE, **{COOKIE_PREFIX + game: DECK_MAX_AGE for game in GAME_KEYS}}


def written(response: Response) -> dict[str, str]:
    """The carried cookies ``response`` sets, with their new values ("" for a deleted one)."""
    names = carried_cookies()
    found: dict[str, str] = {}
    for header in response.headers.getlist("Set-Cookie"):
        # werkzeug quotes a value's ";" (as \\073): the pair ends at the first one
        pair = parse_cookie(header.split(";", 1)[0])
        for name, value in pair.items():
            if name in names:
                expired = "max-age=0" in header.lower() or "expires=thu, 01 jan 1970" in header.lower()
                found[name] = "" if expired else value
    return found


def browser_values() -> dict[str, str]:
    """This request's carried cookies (a value too long to keep is left out)."""
    return {name: value for name in carried_cookies()
            if (value := request.cookies.get(name)) is not None and len(value) <= MAX_CARRIED_CHARS}


def keep(player: str, values: dict[str, str]) -> None:
    """The player's copy updated with ``values`` (the longest are left out: no cookie is longer)."""
    kept = {name: value for name, value in values.items() if len(value) <= MAX_CARRIED_CHARS}
    if kept:
        DailyStore(current_store()).keep_carried(player, kept)


def keep_written(response: Response) -> Response:
    """``after_request``: a carried cookie written in a browser with a progress key updates its
    player's copy."""
    key = progress_key()
    if key is None or "Set-Cookie" not in response.headers or g.get("paiyou_carry_adopted"):
        return response
    values = written(response)
    if values:
        player = DailyStore(current_store()).player_for_key(key)
        if player is not None:
            keep(player, values)
    return response


def adopt(response: Response, player: str) -> None:
    """This browser's carried cookies become the player's copy (cleared where it has none)."""
    g.paiyou_carry_adopted = True  # these cookies are the copy: nothing to keep back (``keep_written``)
    values = DailyStore(current_store()).carried(player)
    for name, max_age in carried_cookies().items():
        value = values.get(name, "")
        if value:
            response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="Lax",
                                secure=request.is_secure, path="/")
        elif name in request.cookies:
            response.delete_cookie(name, path="/")


def init_app(app: Flask) -> None:
    app.after_request(keep_written)


__all__ = ["carried_cookies", "written", "browser_values", "keep", "keep_written", "adopt", "init_app"]
