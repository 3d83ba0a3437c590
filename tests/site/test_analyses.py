"""The analysis of a finished deal, computed once in the background (paiyou.analysis.jobs) and
served by ``GET /api/v1/games/<id>/analysis``.

- The move that ends a deal queues one job; the API answers 409 before the end, 202 with the
  progress while queued or running, 200 with the contract's fields when done.
- Determinism: the same deal analysed twice gets the same grades.
- Progress is written as decisions are analysed, and the lease is renewed with it.
- No double work: of two (or many racing) claimers exactly one wins; an expired lease is taken
  over, after which the old holder writes nothing; a deal that fails every time stops being tried.
- The worker thread runs a submitted job (waited on with an event, never a sleep).

The store half runs on SQLite and on a real PostgreSQL server (the fixtures of test_store.py).
"""
from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_babel import force_locale, pgettext
from markupsafe import escape

from engine.analysis import GRADES
from engine.games import GAMES
from paiyou.analysis import jobs as analyses
from paiyou.analysis.review import review_model
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.deals import service
from paiyou.deals.game import Game
from paiyou.registry import GAME_KEYS
from paiyou.store.databases import open_store, store_for
from paiyou.store.games import GameStore
from paiyou.store.schema import ANALYSIS_ATTEMPTS
from paiyou.tables.template_globals import GLOBALS
from scripts.patience import PATIENT
from tests.site.test_store import database_url, postgres_database, postgres_server, store  # noqa: F401

LEVEL = "standard"  # cheap: the analysis of a deal in a few hundredths of a second
TRANSLATED = [code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE]
# Every game the engine has (each is analysed, listed on the shared pages or not), each reviewed in
# a translated language: the languages taken in turn.
REVIEWED = [(game, TRANSLATED[i % len(TRANSLATED)]) for i, game in enumerate(GAME_KEYS)]


def opponents(game: str) -> str:
    """The computer players of a deal analysed here: the game's second weakest level (greedy in
    the classic games), quick and not random."""
    levels = GAMES[game].agent_levels
    return levels[min(1, len(levels) - 1)]


def finished_game(games: GameStore, game: str = "tien-gow", seed: int = 4) -> Game:
    """A deal against greedy players, the human always playing its first legal action."""
    found = service.start(games, game, seed, level="greedy")
    while not found.is_over:
        action = found.view().legal_actions()[0].as_dict()
        found = service.act(games, found, found.version, action["tiles"], action.get("face_up"))
    return found


# -- the API -------------------------------------------------------------------------------------------

def start_api(client: Any, game: str, seed: int) -> dict[str, Any]:
    response = client.post(f"/api/v1/{game}/games", json={"seed": seed, "level": opponents(game)})
    assert response.status_code == 201
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {response.get_json()['key']}"  # its player
    return dict(response.get_json())


def finish_api(client: Any, data: dict[str, Any]) -> dict[str, Any]:
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        response = client.post(f"/api/v1/games/{data['id']}/actions", json=body)
        assert response.status_code == 200, response.get_json()
        data = response.get_json()
    return data


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_api_contract(app: Flask, client: Any, game: str) -> None:
    data = start_api(client, game, 11)
    early = client.get(f"/api/v1/games/{data['id']}/analysis")
    assert early.status_code == 409 and early.get_json()["error"] == "deal-not-over"
    assert early.get_json()["message"]
    data = finish_api(client, data)
    queued = client.get(f"/api/v1/games/{data['id']}/analysis")
    assert queued.status_code == 202 and queued.headers["Cache-Control"] == "no-store"
    assert queued.get_json() == {"state": "queued", "progress": {"done": 0, "total": 0}}
    assert queued.headers["Retry-After"]
    assert client.get(f"/api/v1/games/{data['id']}/analysis").status_code == 202  # a GET runs nothing
    assert analyses.run_pending(app) >= 1
    ready = client.get(f"/api/v1/games/{data['id']}/analysis")
    assert ready.status_code == 200
    body = ready.get_json()
    assert body["state"] == "done" and body["level"] == analyses.analysis_level(game, LEVEL)
    assert body["accuracy"] is None or 0 <= body["accuracy"] <= 100
    assert set(body["counts"]) == set(GRADES)
    assert sum(body["counts"].values()) == len(body["decisions"])
    legal_keys = {"tiles", "face_up"}
    for d in body["decisions"]:
        assert {"step", "played", "best", "grade", "figures"} <= set(d)
        assert d["grade"] in GRADES and isinstance(d["step"], int)
        assert set(d["played"]) <= legal_keys and set(d["best"]) <= legal_keys
        assert d["figures"]["best"] is not None and 0 <= d["figures"]["best"]["chance"] <= 1
        assert d["margin"] >= 0 and isinstance(d["close"], bool)
        if d["figures"]["played"] is not None:
            assert set(d["figures"]["played"]) == {"chance", "expected", "chance_margin", "expected_margin"}
    dup = body["duplicate"]
    assert isinstance(dup["score"], int) and isinstance(dup["played_score"], int)
    assert dup["record"]["game"] == game
    record = client.get(f"/api/v1/games/{data['id']}/record").get_json()
    assert dup["played_score"] == _score(game, record)


def _score(game: str, record: dict[str, Any]) -> int:
    outcome = GAMES[game].replay(record).outcome()
    assert outcome is not None
    return int(outcome.scores[0])


def test_errors_are_json_and_localized(client: Any) -> None:
    missing = client.get("/api/v1/games/" + "A" * 32 + "/analysis?lang=pl")
    assert missing.status_code == 404 and missing.get_json()["error"] == "unknown-game"
    data = start_api(client, "chuo-pai", 12)
    english = client.get(f"/api/v1/games/{data['id']}/analysis?lang=en").get_json()["message"]
    arabic = client.get(f"/api/v1/games/{data['id']}/analysis?lang=ar").get_json()["message"]
    assert english != arabic
    early = client.post(f"/api/v1/games/{data['id']}/analysis", json={"lang": "pl"})  # asking again: not yet
    assert early.status_code == 409 and early.get_json()["error"] == "deal-not-over"
    assert client.put(f"/api/v1/games/{data['id']}/analysis", json={}).status_code == 405
    bad = client.get(f"/api/v1/games/{data['id']}/analysis?lang=xx")
    assert bad.status_code == 400 and bad.get_json()["error"] == "unknown-language"


def test_a_deal_without_an_analysis_is_a_404(app: Flask, client: Any) -> None:
    with app.app_context():
        games = store_for(app)
        found = finished_game(games, "chuo-pai", 13)
        games._run("DELETE FROM paiyou_analyses WHERE game_id = ?", (found.id,))
    response = client.get(f"/api/v1/games/{found.id}/analysis")
    assert response.status_code == 404 and response.get_json()["error"] == "no-analysis"


# -- jobs in the store (SQLite and PostgreSQL) ----------------------------------------------------------

def test_the_end_of_a_deal_queues_one_job(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store)
    job = store.analysis(found.id)
    assert job is not None and job.state == "queued" and job.attempts == 0
    assert not store.queue_analysis(found.id)  # once per deal
    assert store.claimable_analyses(120, 10) == [found.id]


def test_the_same_deal_analysed_twice_gets_the_same_grades(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "chuo-pai", 21)
    twin = store.create(found.game, found.seat, found.agents, found.stored.record, finished=True)
    store.queue_analysis(twin.id)
    for game_id in (found.id, twin.id):
        assert analyses.run_job(store, game_id, "me", level=LEVEL, lease=120)
    first, second = store.analysis(found.id), store.analysis(twin.id)
    assert first is not None and second is not None and first.result is not None
    assert first.result == second.result
    assert [d["grade"] for d in first.result["decisions"]]


def test_progress_is_written_as_decisions_are_analysed(store: GameStore,  # noqa: F811
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    found = finished_game(store, "chuo-pai", 22)
    seen: list[tuple[str, int, int]] = []
    original = store.analysis_progress

    def watch(game_id: str, claimer: str, done: int, total: int, now: float | None = None) -> bool:
        written = original(game_id, claimer, done, total, now)
        job = store.analysis(game_id)
        assert job is not None
        seen.append((job.state, job.done, job.total))
        return written

    monkeypatch.setattr(store, "analysis_progress", watch)
    assert analyses.run_job(store, found.id, "me", level=LEVEL, lease=120)
    total = seen[0][2]
    assert total > 0 and seen == [("running", n, total) for n in range(total + 1)]
    job = store.analysis(found.id)
    assert job is not None and job.state == "done" and (job.done, job.total) == (total, total)


def test_two_claimers_one_wins_and_an_expired_lease_is_taken_over(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "tien-gow", 23)
    now = 1_000_000
    assert store.claim_analysis(found.id, "a", 60, now=now)
    assert not store.claim_analysis(found.id, "b", 60, now=now + 30)  # a's lease holds
    assert not store.analysis_progress(found.id, "b", 1, 5, now=now + 30)  # b holds nothing
    assert store.analysis_progress(found.id, "a", 1, 5, now=now + 50)  # renews a's lease
    assert not store.claim_analysis(found.id, "b", 60, now=now + 100)
    assert store.claim_analysis(found.id, "b", 60, now=now + 111)  # a went silent: b takes over
    assert not store.analysis_progress(found.id, "a", 2, 5, now=now + 112)  # a must stop
    assert not store.finish_analysis(found.id, "a", {"stale": True})
    assert store.finish_analysis(found.id, "b", {"fresh": True})
    job = store.analysis(found.id)
    assert job is not None and job.state == "done" and job.result == {"fresh": True}
    assert not store.claim_analysis(found.id, "c", 60, now=now + 10_000)  # done: never again


def test_racing_claimers_have_exactly_one_winner(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "tien-gow", 24)
    wins: list[str] = []
    barrier = threading.Barrier(6)

    def claim(name: str) -> None:
        barrier.wait()
        if store.claim_analysis(found.id, name, 120):
            wins.append(name)

    threads = [threading.Thread(target=claim, args=(f"w{n}",)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1


def test_a_holder_that_lost_its_lease_writes_nothing(store: GameStore,  # noqa: F811
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    found = finished_game(store, "chuo-pai", 25)
    original = store.analysis_progress

    def overtaken(game_id: str, claimer: str, done: int, total: int, now: float | None = None) -> bool:
        if done == 1:  # another process takes the job over mid-way
            store._run("UPDATE paiyou_analyses SET claimed_by = ? WHERE game_id = ?", ("other", game_id))
        return original(game_id, claimer, done, total, now)

    monkeypatch.setattr(store, "analysis_progress", overtaken)
    assert analyses.run_job(store, found.id, "me", level=LEVEL, lease=120)
    job = store.analysis(found.id)
    assert job is not None and job.state == "running" and job.claimed_by == "other" and job.result is None


def test_a_job_that_keeps_failing_stops_being_tried(store: GameStore,  # noqa: F811
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    found = finished_game(store, "tien-gow", 26)
    now = 2_000_000
    for n in range(ANALYSIS_ATTEMPTS):  # each holder dies: its lease expires
        assert store.claim_analysis(found.id, f"dead{n}", 60, now=now + 100 * n)
    assert not store.claim_analysis(found.id, "late", 60, now=now + 10_000)
    assert store.claimable_analyses(60, 10, now=now + 10_000) == []

    other = finished_game(store, "tien-gow", 27)

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(analyses, "analyse", broken)
    assert analyses.run_job(store, other.id, "me", level=LEVEL, lease=120)
    job = store.analysis(other.id)
    assert job is not None and job.state == "failed"


def test_pruning_a_game_prunes_its_analysis(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "tien-gow", 28)
    store._run("UPDATE paiyou_games SET updated_at = 0 WHERE id = ?", (found.id,))
    store.prune()
    assert store.get(found.id) is None and store.analysis(found.id) is None


# -- the worker thread ------------------------------------------------------------------------------------

class SignallingWorker(analyses.Worker):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ran = threading.Event()

    def run(self, game_id: str) -> bool:
        try:
            return super().run(game_id)
        finally:
            self.ran.set()


def test_the_worker_thread_runs_a_submitted_job(tmp_path: Path) -> None:
    db = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    found = finished_game(db, "tien-gow", 29)  # no app: queued, not submitted
    worker = SignallingWorker(db, level=LEVEL, threads=1, queue_size=4, lease=120)
    assert worker.submit(found.id)
    assert worker.ran.wait(timeout=PATIENT)
    job = db.analysis(found.id)
    assert job is not None and job.state == "done"
    db.close()


def test_a_full_queue_leaves_the_job_to_a_sweep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    worker = analyses.Worker(db, level=LEVEL, threads=1, queue_size=1, lease=120)
    monkeypatch.setattr(worker, "start", lambda: None)  # no thread takes from the queue
    assert worker.submit("x" * 32)
    assert not worker.submit("y" * 32)
    idle = analyses.Worker(db, level=LEVEL, threads=0, queue_size=1, lease=120)
    assert not idle.submit("x" * 32)
    found = finished_game(db, "tien-gow", 30)
    assert idle.run_pending() == 1  # the sweep: the database is the real queue
    job = db.analysis(found.id)
    assert job is not None and job.state == "done"
    db.close()


# -- the review ----------------------------------------------------------------------------------------

def _rows(app: Flask) -> list[tuple[Any, ...]]:
    _, rows = store_for(app)._run("SELECT * FROM paiyou_analyses ORDER BY game_id", (), fetch=True)
    return [tuple(r) for r in rows]


@pytest.mark.parametrize(("game", "lang"), REVIEWED)
def test_the_review_shows_the_progress_then_the_summary_and_the_marks(app: Flask, client: Any, game: str,
                                                                    lang: str) -> None:
    data = start_api(client, game, 31)
    review = f"/{lang}/{game}/games/{data['id']}/review"
    assert client.get(review + "/analysis", headers={"HX-Request": "true"}).status_code == 409
    data = finish_api(client, data)
    before = _rows(app)
    waiting = client.get(review).get_data(as_text=True)
    assert 'id="analysis"' in waiting and 'hx-trigger="every 2s"' in waiting and "<progress" in waiting
    assert '<meta http-equiv="refresh"' in waiting  # inside <noscript>: the page polls without JavaScript
    box = client.get(review + "/analysis", headers={"HX-Request": "true"})
    assert box.status_code == 200 and "HX-Refresh" not in box.headers and "<progress" in box.get_data(as_text=True)
    plain = client.get(review + "/analysis")
    assert plain.status_code == 303 and plain.headers["Location"].endswith(review)
    assert _rows(app) == before  # reading the review or its box changes nothing

    analyses.run_pending(app)
    assert client.get(review + "/analysis", headers={"HX-Request": "true"}).headers["HX-Refresh"] == "true"
    result = client.get(f"/api/v1/games/{data['id']}/analysis").get_json()
    text = client.get(review).get_data(as_text=True)
    assert "http-equiv" not in text and "hx-trigger" not in text and "analysis__accuracy" in text
    moves = text[text.index('class="review__move-list"'):text.index("</ol>", text.index('class="review__move-list"'))]
    assert moves.count('class="grade grade--') == len(result["decisions"])
    for d in result["decisions"]:  # each mark sits on the link of the move it grades
        link = f'?step={d["step"] + 1}#review-steps"'
        item = moves[moves.index(link):moves.index("</li>", moves.index(link))]
        assert f'grade--{d["grade"]}' in item and 'class="visually-hidden"' in item
    worst = max(result["decisions"], key=lambda d: d["cost"])
    at = client.get(f"{review}?step={worst['step'] + 1}").get_data(as_text=True)
    assert 'class="analysis__decision"' in at and f'grade--{worst["grade"]}' in at
    if worst["played"] != worst["best"]:
        assert "analysis__row--best" in at
    assert f'lang="{lang}"' in at
    # the judged move's step shows the hand it was chosen from (its tiles still in it), the
    # played and the best move's tiles marked; the step before points one step on
    record = client.get(f"/api/v1/games/{data['id']}/record").get_json()
    before = GAMES[game].replay_steps(record)[worst["step"]].view(0)
    position = at[at.index('class="analysis__position"'):at.index("</div>", at.index('class="analysis__position"'))]
    hand = position[position.index('class="analysis__hand"'):]
    assert re.findall(r'data-tile="([^"]+)"', hand) == [t.key for t in before.hand]
    assert hand.count("analysis__hand-tile--played") == len(worst["played"].get("tiles", "").split())
    assert hand.count("analysis__hand-tile--best") == len(worst["best"].get("tiles", "").split())
    ahead = client.get(f"{review}?step={worst['step']}").get_data(as_text=True)
    assert "analysis__decision" not in ahead or worst["step"] - 1 in {d["step"] for d in result["decisions"]}
    assert f'href="/{lang}/{game}/games/{data["id"]}/review?step={worst["step"] + 1}#review-steps">' in \
        ahead[ahead.index('class="analysis__ahead"'):]
    assert ahead.index('id="review-steps"') < ahead.index('id="happened-title"') < ahead.index('id="moves-title"')


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_review_shows_each_figure_with_its_margin_and_says_when_a_grade_is_close(
        app: Flask, client: Any, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    data = finish_api(client, start_api(client, "tien-gow", 31))
    analyses.run_pending(app)
    result = client.get(f"/api/v1/games/{data['id']}/analysis").get_json()
    d = next(d for d in result["decisions"] if d["played"] != d["best"] and d["figures"]["played"])
    review = f"/{lang}/tien-gow/games/{data['id']}/review?step={d['step'] + 1}"
    close = {**result, "decisions": [{**d, "close": True}]}
    monkeypatch.setattr(analyses, "status", lambda app, job: analyses.Status("done", 1, 1, close))
    text = client.get(review).get_data(as_text=True)
    decision = text[text.index('class="analysis__decision"'):]
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        percent = GLOBALS["play_percent"]
        for f in (d["figures"]["played"], d["figures"]["best"]):
            expected = pgettext("play", "%(percent)s chance of first place, give or take %(margin)s",
                                percent=percent(f["chance"]), margin=percent(f["chance_margin"]))
            assert str(escape(expected)) in decision
    assert 'id="decision-close"' in decision
    # An analysis stored before the margins were kept (no margin, no "close") still renders.
    old = {**result, "decisions": [{key: value for key, value in d.items() if key not in ("margin", "close")}
                                   | {"figures": {k: {"chance": f["chance"], "expected": f["expected"]}
                                                  for k, f in d["figures"].items()}}]}
    monkeypatch.setattr(analyses, "status", lambda app, job: analyses.Status("done", 1, 1, old))
    page = client.get(review)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    decision = text[text.index('class="analysis__decision"'):]
    assert 'id="decision-close"' not in decision and "analysis__figure" in decision


def test_a_replayed_record_has_no_analysis_box(client: Any) -> None:
    data = finish_api(client, start_api(client, "tien-gow", 32))
    record = client.get(f"/api/v1/games/{data['id']}/record").get_json()
    response = client.post("/en/tien-gow/replay", json=record)
    assert response.status_code == 303
    text = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'id="analysis"' not in text and "grade--" not in text


def test_the_analyse_command_queues_the_missing_and_runs_them(tmp_path: Path, translations_dir: Path) -> None:
    from paiyou import create_app

    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                      "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": LEVEL})
    games = store_for(app)
    found = finished_game(games, "tien-gow", 33)  # outside a request: queued, no worker
    games._run("DELETE FROM paiyou_analyses", ())
    runner = app.test_cli_runner()
    assert runner.invoke(args=["games", "analyse"]).output.split() == ["ran", "0", "analyses"]
    output = runner.invoke(args=["games", "analyse", "--missing"]).output
    assert output.split() == ["queued", "1", "analyses", "ran", "1", "analyses"]
    job = games.analysis(found.id)
    assert job is not None and job.state == "done"
    games.close()


def test_an_outage_never_fails_the_move_that_ended_the_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paiyou.store.games import StoreUnavailable

    db = open_store(f"sqlite:///{tmp_path}/games.sqlite3")

    def down(*_: Any, **__: Any) -> bool:
        raise StoreUnavailable("down")

    monkeypatch.setattr(db, "queue_analysis", down)
    found = finished_game(db, "tien-gow", 34)
    assert found.is_over and db.get(found.id) is not None and db.analysis(found.id) is None
    db.close()


def test_finished_deals_without_an_analysis_can_be_queued(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "tien-gow", 35)
    unfinished = service.start(store, "tien-gow", 36, level="greedy")
    store._run("DELETE FROM paiyou_analyses", ())
    assert store.queue_missing_analyses() == 1
    assert store.queue_missing_analyses() == 0
    assert store.claimable_analyses(120, 10) == [found.id] and store.analysis(unfinished.id) is None


# -- the review's model: mark, judgement and step agree ---------------------------------------------

def test_the_judgement_is_on_the_step_of_the_move_it_grades(app: Flask) -> None:
    """Step n of the review is the state after n actions; a decision taken at state k is action
    k + 1: its mark and its judgement are on step k + 1 (the judged move's entry, as chess sites
    do), with the position it was taken in (state k: the hand still holding the move's tiles, the
    play to beat then); step k points one step on."""
    with app.app_context():
        games = store_for(app)
        found = finished_game(games, "chuo-pai", 37)
        assert analyses.run_job(games, found.id, "me", level=LEVEL, lease=120)
        job = games.analysis(found.id)
        assert job is not None and job.result is not None
        states = GAMES["chuo-pai"].replay_steps(found.stored.record)
        status = analyses.Status("done", job.total, job.total, job.result)
        decisions = job.result["decisions"]
        assert decisions
        for d in decisions:
            k = int(d["step"])
            assert states[k].to_act == found.seat  # the decision's own state: the seat to play
            model = review_model(status, k + 1, "chuo-pai", states, found.seat)
            assert model["marks"][k + 1] == d["grade"] and k not in model["marks"] or \
                k in {int(e["step"]) + 1 for e in decisions}
            at = model["at"]
            assert at is not None and at["grade"] == d["grade"] and at["played"]["tiles"] == \
                d["played"].get("tiles", "").split()
            before = states[k].view(found.seat)
            hand = at["position"]["hand"]
            assert [h["key"] for h in hand] == [t.key for t in before.hand]  # before the move
            played = d["played"].get("tiles", "").split()
            assert sorted(h["key"] for h in hand if h["played"]) == sorted(played)
            assert sorted(h["key"] for h in hand if h["best"]) == sorted(d["best"].get("tiles", "").split())
            current = before.current
            assert at["position"]["current"] == (None if current is None else
                                                 {"seat": before.owner, "tiles": [t.key for t in current.tiles],
                                                  "class": current.cls, "kind": current.kind})
            here = review_model(status, k, "chuo-pai", states, found.seat)
            assert here["ahead"] == {"grade": d["grade"], "step": k + 1}
            assert here["at"] is None or int(here["at"]["grade"] is not None) and \
                k - 1 in {int(e["step"]) for e in decisions}
        waiting = review_model(analyses.Status("queued"), 3, "chuo-pai", states, found.seat)
        assert waiting["at"] is None and waiting["ahead"] is None and waiting["marks"] == {}


def test_a_move_with_one_of_two_like_tiles_marks_one_copy(app: Flask) -> None:
    """Of two copies of a tile in hand, a move that plays one marks one."""
    from engine.tiles import tile

    with app.app_context():
        games = store_for(app)
        found = finished_game(games, "chuo-pai", 38)
        states = GAMES["chuo-pai"].replay_steps(found.stored.record)
        k, key = next((n, t.key) for n, s in enumerate(states[:-1]) if s.to_act == found.seat
                      for t in s.view(found.seat).hand
                      if sum(u.key == t.key for u in s.view(found.seat).hand) == 2)
        result = {"decisions": [{"step": k, "grade": "mistake", "played": {"tiles": key}, "best": {"tiles": key},
                                 "figures": {"played": None, "best": None}}], "counts": {}}
        model = review_model(analyses.Status("done", 1, 1, result), k + 1, "chuo-pai", states, found.seat)
        hand = model["at"]["position"]["hand"]
        assert [h["key"] for h in hand].count(tile(key).key) == 2
        assert sum(h["played"] for h in hand) == 1 and sum(h["best"] for h in hand) == 1


# -- asking again for a failed analysis -------------------------------------------------------------

def test_only_a_failed_job_is_queued_again(store: GameStore) -> None:  # noqa: F811
    found = finished_game(store, "tien-gow", 39)
    assert not store.retry_analysis(found.id, 60)  # queued: nothing to do
    now = 3_000_000
    assert store.claim_analysis(found.id, "a", 60, now=now)
    assert not store.retry_analysis(found.id, 60, now=now + 10)  # running: never twice at once
    assert store.finish_analysis(found.id, "a", None, now=now + 20)  # it raised: failed
    assert store.retry_analysis(found.id, 60, now=now + 30)
    job = store.analysis(found.id)
    assert job is not None and (job.state, job.attempts, job.done, job.total, job.claimed_by) == \
        ("queued", ANALYSIS_ATTEMPTS - 1, 0, 0, None)
    assert not store.retry_analysis(found.id, 60, now=now + 31)  # queued again: a second retry is a no-op
    assert store.claimable_analyses(60, 10, now=now + 40) == [found.id]
    assert store.claim_analysis(found.id, "b", 60, now=now + 40)  # the one attempt left
    assert not store.retry_analysis(found.id, 60, now=now + 50)  # its lease holds
    assert store.retry_analysis(found.id, 60, now=now + 200)  # b died on its last attempt: failed
    assert store.claim_analysis(found.id, "c", 60, now=now + 210)
    assert store.finish_analysis(found.id, "c", {"fresh": True}, now=now + 220)
    assert not store.retry_analysis(found.id, 60, now=now + 10_000)  # done: never again
    assert not store.retry_analysis("Z" * 32, 60)  # no job


def _failed_deal(app: Flask, client: Any, monkeypatch: pytest.MonkeyPatch, game: str = "tien-gow",
                 seed: int = 40) -> dict[str, Any]:
    """A finished deal whose analysis failed, played by ``client`` (its key in the Bearer header
    and in the seats cookie)."""
    data = finish_api(client, start_api(client, game, seed))
    key = client.environ_base["HTTP_AUTHORIZATION"].split()[1]
    client.set_cookie("paiyou_seats", f"{data['id']}:{key}")

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug")

    with monkeypatch.context() as m:
        m.setattr(analyses, "analyse", broken)
        analyses.run_pending(app)
    job = store_for(app).analysis(data["id"])
    assert job is not None and job.state == "failed"
    return data


def _retry_app(translations_dir: Path, tmp_path: Path, **extra: Any) -> Flask:
    from paiyou import create_app

    return create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_ANALYSIS_LEVEL": LEVEL, **extra})


def _token(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def test_the_player_asks_again_for_a_failed_analysis_in_the_review(translations_dir: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = _retry_app(translations_dir, tmp_path, PAIYOU_ANALYSIS_RETRY_LIMIT="2 per minute")
    client = app.test_client()
    data = _failed_deal(app, client, monkeypatch)
    review = f"/pl/tien-gow/games/{data['id']}/review"
    box = f"{review}/analysis"
    page = client.get(review).get_data(as_text=True)
    start = page.rindex("<form", 0, page.index('class="analysis__retry"'))
    form = page[start:page.index("</form>", start)]
    assert f'action="{box}"' in form and f'hx-post="{box}"' in form and 'name="csrf_token"' in form
    with app.test_request_context(), force_locale("pl"):
        label = pgettext("play", "Try the analysis again")
    assert label != "Try the analysis again" and label in form  # the button, in the page's language
    stranger = app.test_client()  # the id alone: the review, but no button and no power
    seen = stranger.get(review).get_data(as_text=True)
    assert "analysis__retry" not in seen
    refused = stranger.post(box, data={"csrf_token": _token(page)})
    assert refused.status_code in (400, 403)  # another browser's token, or not the player
    assert client.post(box).status_code == 400  # no token: nothing changes
    job = store_for(app).analysis(data["id"])
    assert job is not None and job.state == "failed"
    asked = client.post(box, data={"csrf_token": _token(page)})
    assert asked.status_code == 303 and asked.headers["Location"].endswith(f"{review}#analysis")
    job = store_for(app).analysis(data["id"])
    assert job is not None and job.state == "queued" and job.attempts == ANALYSIS_ATTEMPTS - 1
    again = client.post(box, data={"csrf_token": _token(page)}, headers={"HX-Request": "true"})
    assert again.status_code == 200  # a no-op: the box, queued and polling
    assert 'hx-trigger="every 2s"' in again.get_data(as_text=True)
    assert store_for(app).analysis(data["id"]) == job
    over = client.post(box, data={"csrf_token": _token(page)})
    assert over.status_code == 429 and "Retry-After" in over.headers  # two a minute
    assert "Za dużo analiz" in over.get_data(as_text=True)  # its own page, in the page's language
    assert analyses.run_pending(app) == 1
    done = store_for(app).analysis(data["id"])
    assert done is not None and done.state == "done"


def test_asking_again_needs_the_seat_key_and_a_finished_deal(translations_dir: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app = _retry_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    data = _failed_deal(app, client, monkeypatch)
    stranger = app.test_client()
    refused = stranger.post(f"/ar/tien-gow/games/{data['id']}/review/analysis")
    assert refused.status_code == 403 and 'lang="ar"' in refused.get_data(as_text=True)
    job = store_for(app).analysis(data["id"])
    assert job is not None and job.state == "failed"
    playing = start_api(client, "tien-gow", 41)
    client.set_cookie("paiyou_seats", f"{playing['id']}:{client.environ_base['HTTP_AUTHORIZATION'].split()[1]}")
    assert client.post(f"/en/tien-gow/games/{playing['id']}/review/analysis").status_code == 409
    assert client.post("/en/tien-gow/games/" + "Z" * 32 + "/review/analysis").status_code == 404


def test_the_api_asks_again_for_a_failed_analysis(translations_dir: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = _retry_app(translations_dir, tmp_path, PAIYOU_ANALYSIS_RETRY_LIMIT="5 per minute")
    client = app.test_client()
    data = _failed_deal(app, client, monkeypatch, "chuo-pai", 42)
    path = f"/api/v1/games/{data['id']}/analysis"
    assert client.get(path).get_json()["error"] == "analysis-failed"
    stranger = app.test_client()
    refused = stranger.post(path, json={"lang": "fa"})
    assert refused.status_code == 401 and refused.get_json()["error"] == "seat-key-required"
    assert refused.headers["WWW-Authenticate"].startswith("Bearer")
    bad = client.post(path, data=b"[1]", content_type="application/json")
    assert bad.status_code == 400 and bad.get_json()["error"] == "bad-json"
    plain = client.post(path, data=b"{}", content_type="text/plain")
    assert plain.status_code == 415 and plain.get_json()["error"] == "unsupported-media-type"
    job = store_for(app).analysis(data["id"])
    assert job is not None and job.state == "failed"  # refused: nothing changed
    asked = client.post(path, json={})
    assert asked.status_code == 202 and asked.get_json() == {"state": "queued", "progress": {"done": 0, "total": 0}}
    assert asked.headers["Retry-After"] and asked.headers["Cache-Control"] == "no-store"
    assert analyses.run_pending(app) == 1
    done = client.post(path, json={"lang": "hi"})
    assert done.status_code == 409 and done.get_json()["error"] == "analysis-done"
    assert done.get_json()["message"] != client.post(path, json={}).get_json()["message"]  # Hindi, then English
    over = client.post(path, json={})
    assert over.status_code == 429 and over.get_json()["error"] == "too-many-retries"
    assert over.headers["Retry-After"]
