"""The content pages a crawler is given (``paiyou.views.crawlers``' sitemap): home, glossary,
every listed game's rules, sources and lessons, each as every language has it."""
from __future__ import annotations

from paiyou.content.sources import has_sources
from paiyou.puzzles.pages import course
from paiyou.registry import listed_games


def content_pages() -> list[tuple[str, dict[str, str]]]:
    """(endpoint, arguments) of every content page, as each language has it."""
    pages: list[tuple[str, dict[str, str]]] = [("pages.home", {}), ("pages.glossary", {}),
                                               ("puzzles.overview", {})]
    for game in listed_games():
        pages += [("rules.show", {"game": game}), ("puzzles.index", {"game": game})]
        if has_sources(game):
            pages.append(("rules.sources", {"game": game}))
        for lesson in course(game).lessons:
            pages += [("puzzles.step", {"game": game, "lesson_id": lesson.id, "step": str(n)})
                      for n in range(1, len(lesson.steps) + 1)]
    return pages
