"""Your mistakes become your puzzles (paiyou.puzzles.mistakes, views/mistakes.py).

- The deck (a cookie): round trip, malformed cards dropped, no card twice, at most MAX_CARDS.
- Leitner scheduling: solved, a card moves up a box and comes back after that box's interval;
  missed, it goes back to box 1 and comes back in ten minutes; the top box stays the top.
- The flow: a finished deal's analysis → "practise your mistakes" (POST) adds its mistakes and
  blunders → the deck lists them due → a puzzle shows the position as the player saw it → the
  move played is judged wrong (box 1), the best move right (box 2), by engine.analysis.assess.
- The position shows the plays of the round (Chuo Pai) or trick (Tien Gow) so far, passes and
  other seats' face-down tiles as the table marks them, and never a hidden tile.
- Hostile input: a bad choice is a 422, a step that is no decision or an unfinished deal a 404.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from engine.games import GAMES
from paiyou.analysis import jobs as analyses
from paiyou.puzzles.mistakes import BOXES, INTERVALS, MAX_CARDS, Deck, cookie_name

ID = "A" * 32


def test_the_deck_round_trips_and_drops_what_is_malformed() -> None:
    deck = Deck.parse(f"{ID}~3~2~100.bad.{ID}~3~1~5.{'B' * 32}~7~9~1.{'C' * 32}~4~1~50")
    assert [(c.game_id, c.step, c.box, c.due) for c in deck.cards] == [(ID, 3, 2, 100), ("C" * 32, 4, 1, 50)]
    assert Deck.parse(deck.dump()) == deck
    assert not deck.add(ID, 3, 0)  # already there
    assert deck.add(ID, 5, 60) and deck.find(ID, 5) is not None
    many = Deck([])
    for n in range(MAX_CARDS + 5):
        many.add(ID, n, n)
    assert len(many.cards) == MAX_CARDS and many.cards[0].step == 5  # the oldest went
    assert Deck.parse("x" * 5000).cards == []


def test_leitner_boxes() -> None:
    deck = Deck([])
    deck.add(ID, 1, 1000)
    assert [c.step for c in deck.due(1000)] == [1]
    card = deck.answer(ID, 1, True, 1000)
    assert card is not None and card.box == 2 and card.due == 1000 + INTERVALS[2]
    assert deck.due(1000 + INTERVALS[2] - 1) == []  # solved: comes back later
    for _ in range(BOXES + 2):
        card = deck.answer(ID, 1, True, 2000)
    assert card is not None and card.box == BOXES and card.due == 2000 + INTERVALS[BOXES]
    card = deck.answer(ID, 1, False, 3000)
    assert card is not None and card.box == 1 and card.due == 3000 + INTERVALS[1]  # missed: soon
    assert INTERVALS[1] < INTERVALS[2] < INTERVALS[BOXES]
    assert deck.answer(ID, 99, True, 0) is None


def _finished_with_mistakes(app: Flask, client: Any) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A Chuo Pai deal against greedy players, the human always playing its last legal move (it
    makes mistakes), analysed; (id, record, analysis)."""
    # seed 8: three of its moves are graded mistake or blunder even by standard's wide intervals
    data = client.post("/api/v1/chuo-pai/games", json={"seed": 8, "level": "greedy"}).get_json()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {data['key']}"  # the deal's player
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][-1]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body).get_json()
    analyses.run_pending(app)
    record = client.get(f"/api/v1/games/{data['id']}/record").get_json()
    return data["id"], record, client.get(f"/api/v1/games/{data['id']}/analysis").get_json()


def test_mistakes_become_puzzles_judged_and_scheduled(app: Flask, client: Any) -> None:
    game_id, record, result = _finished_with_mistakes(app, client)
    wrong = [d for d in result["decisions"] if d["grade"] in ("mistake", "blunder")]
    assert wrong, "this deal should hold a mistake"
    review = client.get(f"/en/chuo-pai/games/{game_id}/review").get_data(as_text=True)
    assert f'action="/en/chuo-pai/games/{game_id}/mistakes"' in review
    added = client.post(f"/en/chuo-pai/games/{game_id}/mistakes")
    assert added.status_code == 303 and added.headers["Location"].endswith("/en/chuo-pai/mistakes")
    cookie = client.get_cookie(cookie_name("chuo-pai"))
    assert cookie is not None
    deck = Deck.parse(cookie.value)
    assert sorted(c.step for c in deck.cards) == sorted(d["step"] for d in wrong)
    listing = client.get("/en/chuo-pai/mistakes").get_data(as_text=True)
    for d in wrong:
        assert f'/en/chuo-pai/mistakes/{game_id}/{d["step"]}"' in listing

    d = wrong[0]
    url = f"/en/chuo-pai/mistakes/{game_id}/{d['step']}"
    page = client.get(url)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    view = GAMES["chuo-pai"].replay_steps(record)[d["step"]].view(0)
    legal = [a.as_dict() for a in view.legal_actions()]
    assert page.get_data(as_text=True).count('name="choice"') == len(legal)
    # only the seat's own hand and what lies on the table: no other hand of that moment
    shown = set(re.findall(r'data-tile="([0-9]-[0-9])"', page.get_data(as_text=True)))
    assert shown <= visible(view)

    missed = client.post(url, data={"choice": str(legal.index(d["played"]))})
    assert missed.status_code == 200 and "Not yet" in missed.get_data(as_text=True)
    card = Deck.parse(client.get_cookie(cookie_name("chuo-pai")).value).find(game_id, d["step"])  # type: ignore[union-attr]
    assert card is not None and card.box == 1 and card.due > 0
    solved = client.post(url, data={"choice": str(legal.index(d["best"]))})
    assert "Right:" in solved.get_data(as_text=True)
    card = Deck.parse(client.get_cookie(cookie_name("chuo-pai")).value).find(game_id, d["step"])  # type: ignore[union-attr]
    assert card is not None and card.box == 2


@pytest.mark.parametrize("choice", ["", "x", "-1", "999", "٣", "1" * 10])
def test_a_bad_choice_is_a_422(app: Flask, client: Any, choice: str) -> None:
    game_id, _, result = _finished_with_mistakes(app, client)
    step = result["decisions"][0]["step"]
    response = client.post(f"/en/chuo-pai/mistakes/{game_id}/{step}", data={"choice": choice})
    assert response.status_code == 422


def test_only_decisions_of_finished_deals_are_puzzles(app: Flask, client: Any) -> None:
    game_id, record, result = _finished_with_mistakes(app, client)
    steps = {d["step"] for d in result["decisions"]}
    other = next(n for n in range(len(GAMES["chuo-pai"].replay_steps(record)) - 1) if n not in steps
                 and GAMES["chuo-pai"].replay_steps(record)[n].to_act != 0)
    assert client.get(f"/en/chuo-pai/mistakes/{game_id}/{other}").status_code == 404
    assert client.get(f"/en/chuo-pai/mistakes/{game_id}/99999").status_code == 404
    assert client.get(f"/en/tien-gow/mistakes/{game_id}/1").status_code == 404
    fresh = client.post("/api/v1/chuo-pai/games", json={"seed": 6, "level": "greedy"}).get_json()
    assert client.get(f"/en/chuo-pai/mistakes/{fresh['id']}/0").status_code == 404  # not over: nothing shown
    assert client.get("/en/chuo-pai/mistakes/" + "Z" * 32 + "/1").status_code == 404


# -- first tries and a streak (paiyou.puzzles.progress.Streak) ------------------------------------------

def test_the_streak_counts_first_tries_and_ends_on_a_miss() -> None:
    from paiyou.puzzles.progress import Streak

    run = Streak()
    run.record("practice:easy-1", True, True)
    run.record("practice:easy-2", True, True)
    run.record("practice:easy-2", True, True)  # sent again: a retry, not counted
    assert (run.first, run.current, run.best) == (2, 2, 2)
    run.record("practice:easy-3", False, True)
    run.record("practice:easy-3", True, True)  # right on the second try: not a first try
    assert (run.first, run.current, run.best) == (2, 0, 2)
    run.record("lesson:cards-1", True, False)  # the lesson's own progress says it was tried before
    run.record("lesson:cards-2", True, True)
    assert (run.first, run.current, run.best) == (3, 1, 2)
    assert Streak.parse(run.dump()) == run
    assert Streak.parse("9.99.3.x") == Streak(9, 3, 3, "x")  # a run never exceeds the best
    assert Streak.parse("<script>") == Streak()


def test_lesson_and_practice_answers_keep_the_streak(client: Any) -> None:
    from paiyou.puzzles.progress import Streak, streak_cookie_name

    page = client.get("/en/chuo-pai/practice/easy/12").get_data(as_text=True)
    answers = re.findall(r'name="answer" value="([^"]+)"', page)
    assert answers
    for value in answers:  # one of them is right; the first answer decides the first try
        client.post("/en/chuo-pai/practice/easy/12", data={"answer": value})
    run = Streak.parse(client.get_cookie(streak_cookie_name("chuo-pai")).value)  # type: ignore[union-attr]
    assert run.last == "practice:easy-12" and run.first in (0, 1)
    shown = client.get("/en/chuo-pai/practice").get_data(as_text=True)
    assert "Solved at the first try:" in shown and "Best streak:" in shown


def test_judging_an_answer_is_under_the_hint_limit(tmp_path: Any, translations_dir: Any) -> None:
    from paiyou import create_app

    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3", "PAIYOU_HINT_LIMIT": "1 per minute",
                      "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": "standard"})
    client = app.test_client()
    game_id, _, result = _finished_with_mistakes(app, client)
    url = f"/en/chuo-pai/mistakes/{game_id}/{result['decisions'][0]['step']}"
    assert client.get(url).status_code == 200 and client.get(url).status_code == 200  # looking is free
    assert client.post(url, data={"choice": "0"}).status_code == 200
    assert client.post(url, data={"choice": "0"}).status_code == 429


# -- the position as the player saw it: the round or trick so far -----------------------------------

def visible(view: Any) -> set[str]:
    """Every tile key ``view``'s seat may see: its hand and the plays shown in it (the round or
    trick under way and the one before; another seat's face-down play shows no tile)."""
    keys = {t.key for t in view.hand}
    if hasattr(view, "trick"):  # Tien Gow
        for trick in (view.trick, *view.tricks[-1:]):
            keys |= {t.key for p in trick.plays for t in p.tiles}
    else:  # Chuo Pai
        for rnd in ([view.round] if view.round is not None else []) + list(view.rounds[-1:]):
            keys |= {t.key for _, play in rnd.actions for t in play.tiles}
    return keys


def _played_out(client: Any, game: str, seed: int) -> tuple[str, dict[str, Any]]:
    data = client.post(f"/api/v1/{game}/games", json={"seed": seed, "level": "greedy"}).get_json()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {data['key']}"
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body).get_json()
    return data["id"], client.get(f"/api/v1/games/{data['id']}/record").get_json()


def _items(html: str) -> list[str]:
    """The plays of the round so far, as the page lists them (one <li> each)."""
    start = html.index('class="mistake__plays"')
    return re.findall(r"<li>(.*?)</li>", html[start:html.index("</ol>", start)], re.S)


def _position_where(client: Any, game: str, wanted: Callable[[Any], bool]) -> tuple[str, Any, int, Any] | None:
    """The first position of the first deal (seeds 1–39) where seat 0 chooses between moves and
    ``wanted(view)`` holds: (game id, the deal's states, the step, the seat's view)."""
    for seed in range(1, 40):
        game_id, record = _played_out(client, game, seed)
        states = GAMES[game].replay_steps(record)
        for n, s in enumerate(states[:-1]):
            if s.to_act == 0 and len(s.view(0).legal_actions()) > 1 and wanted(s.view(0)):
                return game_id, states, n, s.view(0)
    return None


def test_a_chuo_pai_puzzle_shows_the_round_so_far(client: Any) -> None:
    found = _position_where(client, "chuo-pai", lambda view: view.round is not None
                            and any(not p.tiles for _, p in view.round.actions))  # a pass before you
    assert found, "no position with a pass before yours"
    game_id, states, step, view = found
    html = client.get(f"/en/chuo-pai/mistakes/{game_id}/{step}").get_data(as_text=True)
    items = _items(html)
    names = ["You", "West", "East"]
    assert len(items) == len(view.round.actions)
    for item, (seat, play) in zip(items, view.round.actions, strict=True):
        assert f'<span class="felt__last-name">{names[seat]}</span>' in item  # who, in order
        if play.tiles:
            assert re.findall(r'data-tile="([^"]+)"', item) == [t.key for t in play.tiles]
        else:
            assert "chip--pass" in item and "data-tile" not in item
    assert f"Round {len(view.rounds) + 1}" in html
    assert set(re.findall(r'data-tile="([^"]+)"', html)) <= visible(view)
    others = {t.key for s in (1, 2) for t in states[step].view(s).hand} - visible(view)
    assert others and not others & set(re.findall(r'data-tile="([^"]+)"', html))  # no hidden tile


def test_a_tien_gow_puzzle_shows_the_trick_so_far_and_no_face_down_tile(client: Any) -> None:
    found = _position_where(client, "tien-gow",
                            lambda view: any(not p.face_up and p.player != 0 for p in view.trick.plays))
    assert found, "no position with another seat's face-down play before yours"
    game_id, states, step, view = found
    html = client.get(f"/pl/tien-gow/mistakes/{game_id}/{step}").get_data(as_text=True)
    items = _items(html)
    assert len(items) == len(view.trick.plays)
    for item, play in zip(items, view.trick.plays, strict=True):
        if not play.face_up and play.player != 0:  # a count, never the tiles
            assert "chip--down" in item and "data-tile" not in item
        else:
            assert re.findall(r'data-tile="([^"]+)"', item) == [t.key for t in play.tiles]
    hidden = {t.key for p in states[step].view(0).trick.plays if not p.face_up and p.player != 0
              for t in states[step].view(p.player).trick.plays[view.trick.plays.index(p)].tiles}
    hidden |= {t.key for s in (1, 2, 3) for t in states[step].view(s).hand}
    hidden -= visible(view)
    shown = set(re.findall(r'data-tile="([^"]+)"', html))
    assert hidden and not hidden & shown and shown <= visible(view)
