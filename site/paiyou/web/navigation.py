"""Links that appear only once their page exists.

Header links and the home page's "what you can do" links are written as path templates
(``/{lang}/{game}/rules``). A link is shown when the URL map routes that path (GET), so an area
appears in the navigation as soon as its blueprint is registered — no template edits needed.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, request, url_for
from flask_babel import get_locale, lazy_pgettext
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from paiyou.config import GAMES


@dataclass(frozen=True, slots=True)
class Link:
    paths: tuple[str, ...]  # candidates, first routed one wins; {lang} and {game} are filled in
    label: object           # lazy string


NAV_LINKS: tuple[Link, ...] = (
    Link(("/{lang}/",), lazy_pgettext("navigation", "Home")),
    Link(("/{lang}/chuo-pai/rules",), lazy_pgettext("navigation", "Chuo Pai rules")),
    Link(("/{lang}/tien-gow/rules",), lazy_pgettext("navigation", "Tien Gow rules")),
    Link(("/{lang}/puzzles", "/{lang}/chuo-pai/puzzles"), lazy_pgettext("navigation", "Puzzles")),
    Link(("/{lang}/play", "/{lang}/chuo-pai/play"), lazy_pgettext("navigation", "Play")),
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
    for link in NAV_LINKS:
        for path in link.paths:
            url = routed_url(path.format(lang=lang))
            if url is not None:
                items.append({"url": url, "label": link.label, "current": url == request.path})
                break
    return items


def game_action_url(game: str, action: str) -> str | None:
    if game not in GAMES or action not in GAME_ACTIONS:
        raise ValueError((game, action))
    return routed_url(GAME_ACTION_PATH.format(lang=str(get_locale()), game=game, action=action))
