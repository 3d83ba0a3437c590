"""High Card, the example game of docs/adding-a-game.md, served by the product: its rules page, a
lesson, a whole deal at the HTML table and through the JSON API, the analysis of the finished deal
and a hint; and unlisted (``PAIYOU_LISTED_GAMES``): no shared page lists it unless the setting does."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask

from paiyou import create_app
from paiyou.analysis import jobs as analyses

KEY = "high-card"


def ok(response: Any, status: int = 200) -> str:
    text = response.get_data(as_text=True)
    assert response.status_code == status, (response.status_code, response.request.path, text[:3000])
    return str(text)


def test_the_rules_page_and_a_lesson(client: Any) -> None:
    rules = ok(client.get(f"/en/{KEY}/rules"))
    assert "High Card rules" in rules and "The higher total wins the trick" in rules
    assert "Zasady gry Wysoka kość" in ok(client.get(f"/pl/{KEY}/rules"))
    for path in (f"/en/{KEY}/play", f"/en/{KEY}/puzzles", f"/ar/{KEY}/puzzles/tiles/1"):
        ok(client.get(path))
    lesson = ok(client.get(f"/en/{KEY}/puzzles/tiles/2"))
    assert "Does the proposed play beat" in lesson
    answered = ok(client.post(f"/en/{KEY}/puzzles/tiles/2", data={"answer": "beats"}, follow_redirects=True))
    assert "feedback--right" in answered
    # HC-2 explained by both totals (5-5 against 3-3), not only "That play is allowed"
    assert "Total of pips: 10 for Tile 5-5, 6 for Tile 3-3. The higher total beats" in answered


def test_a_play_that_does_not_beat_is_explained_by_the_totals(app: Flask) -> None:
    from flask_babel import force_locale

    from paiyou import reasons

    with app.test_request_context(), force_locale("en"):
        assert reasons.explain(KEY, "not-higher", "5-5", "1-2") == (
            "Total of pips: 3 for Tile 1-2, 10 for Tile 5-5. Only a higher total beats, so this play does not.")
        assert reasons.explain(KEY, "ok", None, "1-2") == "That play is allowed."  # a lead: nothing to beat
    with app.test_request_context(), force_locale("hi"):
        assert reasons.explain(KEY, "not-higher", "5-5", "1-2").startswith("बिंदुओं का योग: टाइल 1-2 में 3,")
    with app.test_request_context(), force_locale("fa"):  # the tile's name in the page's digits
        assert "مهرهٔ ۱-۲" in reasons.explain(KEY, "not-higher", "5-5", "1-2")


def test_a_whole_deal_at_the_html_table_with_a_hint(client: Any) -> None:
    started = client.post(f"/en/{KEY}/play", data={"seed": "7", "level": "highest"})
    assert started.status_code == 303, started.get_data(as_text=True)
    path = started.headers["Location"]
    hinted = ok(client.get(path + "?hint=1"))
    assert "hint" in hinted
    for _ in range(10):
        text = ok(client.get(path))
        if 'name="version"' not in text:
            break
        version = re.search(r'name="version" value="(\d+)"', text).group(1)  # type: ignore[union-attr]
        tile = re.search(r'name="tile" value="([1-6]-[1-6])"', text).group(1)  # type: ignore[union-attr]
        moved = client.post(path, data={"version": version, "move": "play", "tile": tile})
        assert moved.status_code == 303, moved.get_data(as_text=True)[:3000]
    else:
        raise AssertionError("the deal never ended")
    assert "result-title" in text
    record = client.get(path + "/record")
    assert record.status_code == 200 and record.json["game"] == KEY and len(record.json["actions"]) == 6


def test_a_deal_through_the_api_its_hint_and_its_analysis(app: Flask) -> None:
    web = app.test_client()
    created = web.post(f"/api/v1/{KEY}/games", json={"seed": 3, "level": "random"})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.json
    assert game is not None
    key = {"Authorization": f"Bearer {game['key']}"}
    for _ in range(10):
        if game["view"]["is_over"]:
            break
        if game["view"]["to_act"] == game["view"]["seat"] and len(game["view"]["hand"]) > 1:
            hint = web.get(f"/api/v1/games/{game['id']}/hint", headers=key)
            assert hint.status_code == 200, hint.get_data(as_text=True)
            assert hint.json["candidates"] and 0 <= hint.json["candidates"][0]["chance"] <= 1
        answer = web.post(f"/api/v1/games/{game['id']}/actions",
                          json={"version": game["version"], "tiles": game["view"]["hand"][0]}, headers=key)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        game = answer.json
    assert game["view"]["is_over"]
    assert web.get(f"/api/v1/games/{game['id']}/record").json["game"] == KEY
    assert analyses.run_pending(app) >= 1
    ready = web.get(f"/api/v1/games/{game['id']}/analysis")
    assert ready.status_code == 200, ready.get_data(as_text=True)
    assert ready.json["state"] == "done" and ready.json["level"] == "exact"
    review = ok(web.get(f"/en/{KEY}/games/{game['id']}/review"))
    assert "analysis__accuracy" in review
    judged = web.post("/api/v1/judge", json={"game": KEY, "current": "3-3", "play": "5-5"})
    assert judged.status_code == 200 and judged.json["beats"] is True


def test_no_shared_page_lists_it_unless_the_setting_does(app: Flask, translations_dir: Path,
                                                         tmp_path: Path) -> None:
    shared = ("/en/", "/ar/glossary", "/en/play", "/en/puzzles", "/en/chuo-pai/rules", "/sitemap.xml",
              "/robots.txt")
    web = app.test_client()
    for path in shared:
        assert KEY not in ok(web.get(path)) and "High Card" not in ok(web.get(path)), path
    listed = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                         "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                         "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_LISTED_GAMES": "chuo-pai,tien-gow,high-card"})
    home = ok(listed.test_client().get("/en/"))
    assert f"/en/{KEY}/rules" in home
    assert f"/en/{KEY}/rules" in ok(listed.test_client().get("/sitemap.xml"))


def test_its_home_facts_take_the_seat_count_from_the_spec(translations_dir: Path, tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    """A copy of High Card with another table (the recipe's three-seat example) says its own seat
    count on the home page: the room's words read it from the spec, never write "2"."""
    import dataclasses

    import engine.games

    def facts() -> list[str]:
        listed = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                             "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                             "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_LISTED_GAMES": KEY})
        home = ok(listed.test_client().get("/en/"))
        return re.findall(r"<li>([^<]*(?:player|domino)[^<]*)</li>", home)

    assert facts() == ["2 players", "6 dominoes"]
    monkeypatch.setitem(engine.games.GAMES, KEY, dataclasses.replace(engine.games.GAMES[KEY], seats=3))
    assert facts() == ["3 players", "6 dominoes"]


def test_a_tiles_label_says_its_notation_once(client: Any) -> None:
    """High Card names a tile by its notation («Tile 6-6»): the label a screen reader says is that
    name alone, not «Tile 6-6, 6-6» (the fourth Persian read: «مهرهٔ ۶-۶، ۶-۶»)."""
    for lang, name in (("en", "Tile"), ("fa", "مهرهٔ")):
        page = ok(client.get(f"/{lang}/high-card/practice/hard", follow_redirects=True))
        labels = set(re.findall(r'aria-label="([^"]*)"', page))
        tiles = {label for label in labels if label.startswith(name)}
        assert tiles and all(re.fullmatch(rf"{name} [0-9۰-۹]-[0-9۰-۹]", label) for label in tiles), tiles
    assert 'aria-label="Heaven, 6-6"' in ok(client.get("/en/glossary"))  # a named tile keeps both
