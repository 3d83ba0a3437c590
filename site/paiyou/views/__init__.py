"""The site's areas, one blueprint each. To add an area, import its module here and list its
blueprint in ``BLUEPRINTS`` — ``create_app`` registers exactly these, in this order.

URL convention: every page lives under ``/<lang_code>/`` (give the blueprint
``url_prefix="/<lang_code>"``); ``paiyou.i18n.languages`` pulls ``lang_code`` out before the view runs and
fills it in for ``url_for``, so views neither take nor pass it. Error pages are app-wide
(``paiyou.web.errors``, registered by ``create_app``'s ``configure_errors``).
"""
from __future__ import annotations

from flask import Blueprint

from paiyou.views import (
    api_analysis,
    api_daily,
    api_events,
    api_games,
    api_judge,
    crawlers,
    daily,
    daily_board,
    daily_mine,
    friends,
    mistakes,
    pages,
    play,
    puzzles,
    review,
    rules,
)

BLUEPRINTS: tuple[Blueprint, ...] = (
    pages.bp,
    rules.bp,
    play.bp,
    friends.bp,
    review.bp,
    daily.bp,
    daily_mine.bp,
    daily_board.bp,
    api_games.bp,
    api_analysis.bp,
    api_daily.bp,
    api_events.bp,
    puzzles.bp,
    mistakes.bp,
    api_judge.bp,
    crawlers.bp,
)
