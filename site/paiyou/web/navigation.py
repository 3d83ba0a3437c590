"""Links that appear only once their page exists.

Header links and the home page's "what you can do" links are written as path templates
(``/{lang}/{game}/rules``). A link is shown when the URL map routes that path (GET), so an area
appears in the navigation as soon as its blueprint is registered — no template edits needed.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from flask import current_app, request, url_for
from flask_babel import get_locale, lazy_pgettext
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from paiyou.i18n.names import vocabularies
from paiyou.registry import GAME_KEYS, listed_games


@dataclass(frozen=True, slots=True)
class Link:
    paths: tuple[str, ...]  # candidates, first routed one wins; {lang} and {game} are filled in
    label: object           # lazy string


# Home, each listed game's rules (paiyou.registry.listed_games), then the areas covering every
# game (or, before those exist, the first game's page of that area), then the glossary.
@cache
def nav_links(listed: tuple[str, ...]) -> tuple[Link, ...]:
    return (
        Link(("/{lang}/",), lazy_pgettext("navigation", "Home")),
        *(Link((f"/{{lang}}/{words.game}/rules",), words.rules_link) for words in vocabularies()
          if words.game in listed),
        Link(("/{lang}/puzzles", f"/{{lang}}/{GAME_KEYS[0]}/puzzles"), lazy_pgettext("navigation", "Puzzles")),
        Link(("/{lang}/play", f"/{{lang}}/{GAME_KEYS[0]}/play"), lazy_pgettext("navigation", "Play")),
        Link(("/{lang}/daily",), lazy_pgettext("navigation", "Daily")),
        Link(("/{lang}/glossary",), lazy_pgettext("navigation", "Glossary")),
    )

# What you can do with each game (home page), in this order.
GAME_ACTIONS: tuple[str, ...] = ("rules", "puzzles", "play")
GAME_ACTION_PATH = "/{lang}/{game}/{action}"


def routed_url(path: str) -> str | None:
    """``url_for`` of the view that serves ``path`` with GET, or None if no route does."""
    adapter = current_app.url_map.bind("localhost", script_name=request.script_root or "/")
    try:
        endpoint, args = adapter.match(path, method="GET")
    except RequestRedirect:
        return None
    except HTTPException:
        return None
    return url_for(endpoint, **args)


def nav_items() -> list[dict[str, object]]:
    lang = str(get_locale())
    items = []
    for link in nav_links(listed_games()):
        for path in link.paths:
            url = routed_url(path.format(lang=lang))
            if url is not None:
                items.append({"url": url, "label": link.label, "current": url == request.path})
                break
    return items


def game_action_url(game: str, action: str) -> str | None:
    if game not in GAME_KEYS or action not in GAME_ACTIONS:
        raise ValueError((game, action))
    return routed_url(GAME_ACTION_PATH.format(lang=str(get_locale()), game=game, action=action))
