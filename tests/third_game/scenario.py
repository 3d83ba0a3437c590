"""The third game on the site: run as a script (``python tests/third_game/scenario.py``), since the
game must be registered before the site is imported. Exits non-zero on the first failure."""
from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "site")]

from tests.third_game import register  # noqa: E402

register()

from paiyou import create_app  # noqa: E402
from paiyou.i18n import catalogs  # noqa: E402

KEY = "high-card"


def main() -> None:
    scratch = Path(tempfile.mkdtemp())
    try:
        shutil.copytree(ROOT / "translations", scratch / "translations", ignore=shutil.ignore_patterns("*.mo"))
        catalogs.compile_catalogs(scratch / "translations")
        app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                          "PAIYOU_TRANSLATIONS_DIR": str(scratch / "translations"),
                          "PAIYOU_DATABASE_URL": f"sqlite:///{scratch / 'games.sqlite3'}"})
        web = app.test_client()
        check_pages(web)
        check_lesson(web)
        check_table(web)
        check_api(web)
    finally:
        shutil.rmtree(scratch)
    print("third game: every check passed")


def ok(response, status: int = 200) -> str:  # type: ignore[no-untyped-def]
    text = response.get_data(as_text=True)
    assert response.status_code == status, (response.status_code, response.request.path, text[:3000])
    return text


def check_pages(web) -> None:  # type: ignore[no-untyped-def]
    rules = ok(web.get(f"/en/{KEY}/rules"))
    assert "High Card rules" in rules and "The higher total wins the trick" in rules
    for path in ("/en/", "/en/glossary", "/en/play", "/en/puzzles", f"/en/{KEY}/play", f"/en/{KEY}/puzzles",
                 "/sitemap.xml"):
        ok(web.get(path))


def check_lesson(web) -> None:  # type: ignore[no-untyped-def]
    lesson = ok(web.get(f"/en/{KEY}/puzzles/tiles/2"))
    assert "Does the proposed play beat" in lesson
    answered = ok(web.post(f"/en/{KEY}/puzzles/tiles/2", data={"answer": "beats"}, follow_redirects=True))
    assert "feedback--right" in answered, answered


def check_table(web) -> None:  # type: ignore[no-untyped-def]
    started = web.post(f"/en/{KEY}/play", data={"seed": "7", "level": "highest"})
    assert started.status_code == 303, started.get_data(as_text=True)
    path = started.headers["Location"]
    for _ in range(10):
        text = ok(web.get(path))
        if 'name="version"' not in text:
            break
        version = re.search(r'name="version" value="(\d+)"', text).group(1)  # type: ignore[union-attr]
        tile = re.search(r'name="tile" value="([1-6]-[1-6])"', text).group(1)  # type: ignore[union-attr]
        moved = web.post(path, data={"version": version, "move": "play", "tile": tile})
        assert moved.status_code == 303, moved.get_data(as_text=True)[:3000]
    else:
        raise AssertionError("the deal never ended")
    assert "result-title" in text and "The deal is over." in text
    record = web.get(path + "/record")
    assert record.status_code == 200 and record.json["game"] == KEY and len(record.json["actions"]) == 6


def check_api(web) -> None:  # type: ignore[no-untyped-def]
    created = web.post(f"/api/v1/{KEY}/games", json={"seed": 3, "level": "random"})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.json
    key = {"Authorization": f"Bearer {game['key']}"}  # the seat key: only the deal's player acts
    for _ in range(10):
        view = game["view"]
        if view["is_over"]:
            break
        tile = view["hand"][0]
        answer = web.post(f"/api/v1/games/{game['id']}/actions",
                          json={"version": game["version"], "tiles": tile}, headers=key)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        game = answer.json
    assert game["view"]["is_over"]
    assert web.get(f"/api/v1/games/{game['id']}/record").json["game"] == KEY
    judged = web.post("/api/v1/judge", json={"game": KEY, "current": "3-3", "play": "5-5"})
    assert judged.status_code == 200 and judged.json["beats"] is True, judged.get_data(as_text=True)
    lessons = web.get(f"/api/v1/{KEY}/puzzles")
    assert lessons.status_code == 200 and "tiles-1" in lessons.get_data(as_text=True)


if __name__ == "__main__":
    main()
