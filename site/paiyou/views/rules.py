"""Blueprint ``rules``: the rules reference of each game, ``/<lang>/<game>/rules``
(``/en/chuo-pai/rules``).

The text is ``content/rules/<game>.md`` (English source, ``paiyou.content.rules``), translated
message by message from the ``rules`` domain; the ladders are drawn from the engine's tables
(each game's ``Vocabulary.ladders``: CP-7, TG-1), so the pictures cannot disagree with the rules
the games are played by. Routes only: the page's pieces are ``paiyou.content.rules_page``.
"""
from __future__ import annotations

from flask import Blueprint, current_app

from paiyou.content import rules as rules_content
from paiyou.content.rules_page import ladders, text_renderer
from paiyou.i18n import names
from paiyou.registry import url_converter
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("rules", __name__, url_prefix="/<lang_code>")


@bp.get(f"/{url_converter()}/rules")
@cacheable()
def show(game: str) -> str:
    document = rules_content.load(current_app.config["PAIYOU_CONTENT_DIR"], game)
    return render(
        "rules/show.html",
        game=game,
        doc=document,
        ladders=ladders(),
        example_rule=names.vocabulary(game).example_rule,
        rt=text_renderer(game),
    )
