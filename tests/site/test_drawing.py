"""Tiles drawn from their pips (paiyou.web.drawing and templates/_macros/tiles.html)."""
from __future__ import annotations

import math
import re
from html.parser import HTMLParser

import pytest
from flask import render_template_string
from flask_babel import force_locale

from engine.tiles import ALL_TILES, RED_FACES
from paiyou.web.drawing import GAMES, drawing


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("t", ALL_TILES, ids=lambda t: t.key)
def test_pips_follow_the_dice(game: str, t) -> None:
    d = drawing(t.key, game)
    assert len(d.pips) == t.low + t.high
    top, bottom = d.pips[: t.low], d.pips[t.low:]
    for face, value, box in ((top, t.low, d.faces[0]), (bottom, t.high, d.faces[1])):
        assert all(p.red == (value in RED_FACES) for p in face)
        for p in face:  # inside its face, inside the tile
            assert box.x <= p.x - p.r and p.x + p.r <= box.x + box.width
            assert box.y <= p.y - p.r and p.y + p.r <= box.y + box.height
    for a in d.pips:  # no two pips touch
        for b in d.pips:
            if a is not b:
                assert math.dist((a.x, a.y), (b.x, b.y)) > a.r + b.r + 1


def test_shapes_are_a_narrow_card_and_a_domino() -> None:
    card, domino = drawing("6-6", "chuo-pai"), drawing("6-6", "tien-gow")
    assert card.height / card.width >= 3          # Sichuan narrow card
    assert domino.height / domino.width == 2      # two square halves
    assert drawing("2-1", "chuo-pai") is drawing("1-2", "chuo-pai")


class Svgs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.svgs: list[dict[str, str | None]] = []
        self.rows: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.svgs.append(dict(attrs))
        if tag in ("span", "ol") and "dir" in dict(attrs):
            self.rows.append(dict(attrs))


def render(app, lang: str, source: str) -> str:
    with app.test_request_context(), force_locale(lang):
        imports = '{% from "_macros/tiles.html" import tile, tile_row, tile_ladder, notation %}'
        return render_template_string(imports + source)


def test_tile_macro(app) -> None:
    html = render(app, "ar", '{{ tile("2-1", "chuo-pai") }}{{ tile("1-2", "tien-gow", "lg") }}')
    parser = Svgs()
    parser.feed(html)
    card, domino = parser.svgs
    assert card["role"] == "img" and card["data-tile"] == "1-2"
    assert card["aria-label"] == "المسمار، 1-2"
    assert domino["aria-label"] == "الثلاثة الصغيرة، 1-2"
    assert "tile--chuo-pai" in card["class"] and "tile--lg" in domino["class"]
    assert html.count('class="pip pip--red"') == 2  # the 1 face on each


def test_persian_label_uses_persian_digits(app) -> None:
    html = render(app, "fa", '{{ tile("6-6", "tien-gow") }}')
    assert 'aria-label="آسمان، ۶-۶"' in html and 'data-tile="6-6"' in html


def test_rows_and_ladders_read_left_to_right(app) -> None:
    html = render(app, "fa", '{{ tile_row("6-6 4-5", "chuo-pai") }}'
                             '{{ tile_ladder([["3-6"], ["2-6", "3-5"]], "chuo-pai", ladder="black") }}'
                             '{{ notation(["6-6", "4-5"]) }}')
    parser = Svgs()
    parser.feed(html)
    assert [svg["data-tile"] for svg in parser.svgs] == ["6-6", "4-5", "3-6", "2-6", "3-5"]
    assert all(row["dir"] == "ltr" for row in parser.rows) and len(parser.rows) == 2
    assert 'data-ladder="black"' in html and "ladder__rank--tie" in html
    assert re.search(r'<bdi class="notation" dir="ltr">۶-۶ ۴-۵</bdi>', html)


def test_tile_macros_are_globals_too(app) -> None:
    with app.test_request_context(), force_locale("en"):
        html = render_template_string('{{ tile("4-4", "tien-gow") }}')
    assert 'aria-label="Man, 4-4"' in html
