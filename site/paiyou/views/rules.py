"""Blueprint ``rules``: the rules reference of each game, ``/<lang>/<game>/rules``
(``/en/chuo-pai/rules``), and its "Sources and variants" page, ``/<lang>/<game>/sources``.

The text is ``content/rules/<game>.md`` (English source, ``paiyou.content.rules``), translated
message by message from the ``rules`` domain; the ladders are drawn from the engine's tables
(each game's ``Vocabulary.ladders``: CP-7, TG-1), so the pictures cannot disagree with the rules
the games are played by. A game whose room declares its sources (``Room.sources``) shows each
rule's receipt, and has the sources page; ``content/sources/<game>.toml``
(``paiyou.content.sources``): its table options are the engine's, and their measured effect is
``content/sources/<game>.measured.json``, when the content has it. Routes only: the pages'
pieces are ``paiyou.content.rules_page``.
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, url_for

from paiyou.content import rules as rules_content
from paiyou.content import sources as sources_content
from paiyou.content.rules_page import ladders, text_renderer
from paiyou.i18n import names
from paiyou.registry import url_converter
from paiyou.web.htmx import render
from paiyou.web.page_cache import cacheable

bp = Blueprint("rules", __name__, url_prefix="/<lang_code>")


@bp.get(f"/{url_converter()}/rules")
@cacheable()
def show(game: str) -> str:
    content_dir = current_app.config["PAIYOU_CONTENT_DIR"]
    document = rules_content.load(content_dir, game)
    return render(
        "rules/show.html",
        game=game,
        doc=document,
        receipts=sources_content.load(content_dir, game) if sources_content.has_sources(game) else None,
        ladders=ladders(),
        example_rule=names.vocabulary(game).example_rule,
        rt=text_renderer(game),
    )


@bp.get(f"/{url_converter()}/sources")
@cacheable()
def sources(game: str) -> str:
    if not sources_content.has_sources(game):
        abort(404)
    found = sources_content.load(current_app.config["PAIYOU_CONTENT_DIR"], game)
    options = sources_content.table_options(found)
    return render(
        "rules/sources.html",
        game=game,
        sources=found,
        options=options,
        option_names={option["key"]: option["name"] for option in options},  # the measured rows' names
        measured=sources_content.measured(current_app.config["PAIYOU_CONTENT_DIR"], game),
        rt=text_renderer(game, rule_page=url_for("rules.show", game=game)),
    )
