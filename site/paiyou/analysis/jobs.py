"""The analysis of a finished deal, computed once in the background and kept with the game.

When a deal ends (the request whose move finishes it: ``paiyou.deals.service.act``, or a deal that ends
before the human's first move), the service sends ``paiyou.deals.signals.deal_over``, which
``create_app`` connects to ``deal_over``: it queues a job in the games database
(``paiyou_analyses``, ``paiyou.store.games``) and hands its id to this process's worker. The
worker is a few daemon threads per process (``PAIYOU_ANALYSIS_WORKERS``, default 1: at most that
many jobs at once), started on first use, fed by a bounded in-process queue
(``PAIYOU_ANALYSIS_QUEUE``); the database is the real queue, so a job that finds the in-process
queue full, or whose process died, is picked up by the next sweep of any process (an idle thread
looks every ``SWEEP_SECONDS``). A job is run only by the process that claims it (one
conditional UPDATE: ``GameStore.claim_analysis``); its lease (``PAIYOU_ANALYSIS_LEASE`` seconds)
is renewed at each decision analysed, and a lease that expires lets another process take over.

A job runs ``engine.analysis.analyse`` (``PAIYOU_ANALYSIS_LEVEL``, default ``strong``) for the
human's seat, writing progress after each decision, then ``engine.analysis.duplicate`` (the same
deal, the same computer players, the level in the human's seat), and stores ``result_json``: the
API's shape (docs/api.md, "GET /api/v1/games/<id>/analysis").

Bounded twice. Per deal: at a table with friends only the seats whose person made at least one
move themselves (``paiyou.deals.seating.played_seats``) get an analysis; a seat the computer
played all along is kept ``unplayed``. Per store: a job that would find
``PAIYOU_ANALYSIS_BACKLOG`` jobs (default 100) queued or running is kept ``deferred`` instead,
never claimed; the player's "Try again" (``retry``, under the analysis-retry limit) queues it once
there is room.

Tests set ``PAIYOU_ANALYSIS_WORKERS = 0`` and drive the jobs with ``run_pending`` (no thread, no
sleep).
"""
from __future__ import annotations

import logging
import os
import queue
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.analysis import Analysis, Decision, DuplicateResult, analyse, duplicate
from engine.games import GAMES
from engine.spec import Action
from paiyou.deals.game import Game
from paiyou.deals.seating import HUMAN, Seating, played_seats
from paiyou.jsontypes import JsonObject
from paiyou.store.databases import store_for
from paiyou.store.games import GameStore, StoreUnavailable
from paiyou.store.schema import (
    ANALYSIS_ATTEMPTS,
    DONE,
    FAILED,
    QUEUED,
    RUNNING,
    StoredAnalysis,
    analysis_key,
    split_analysis_key,
)

if TYPE_CHECKING:
    from flask import Flask

log = logging.getLogger(__name__)

DEFAULT_BACKLOG = 100  # jobs queued or running in the store, beyond which a deal's is deferred
SWEEP_SECONDS = 30.0  # an idle worker thread looks for queued jobs and expired leases this often
EXTENSION_KEY = "paiyou.analysis"
_app_lock = threading.Lock()


# -- the stored result ------------------------------------------------------------------------------

def _figures(decision: Decision, action: Action) -> dict[str, float | None] | None:
    """The estimate's two figures of ``action`` (named as the hint names them) with their 95%
    margins, None when the search did not weigh it."""
    key = repr(action.as_dict())
    for candidate, figures in decision.figures:
        if repr(candidate.as_dict()) == key:
            return {"chance": round(figures.first, 4),
                    "expected": None if figures.score is None else round(figures.score, 2),
                    "chance_margin": round(figures.first_margin, 4),
                    "expected_margin": None if figures.score_margin is None else round(figures.score_margin, 2)}
    return None


def result_json(analysis: Analysis, dup: DuplicateResult) -> JsonObject:
    """What the API serves once the analysis is done: the accuracy, the counts per grade, every
    graded decision (forced ones have no grade and are left out) and the duplicate."""
    decisions = []
    for d in analysis.decisions:
        if d.forced or d.best is None:
            continue
        decisions.append({
            "step": d.step, "played": d.played.as_dict(), "best": d.best.as_dict(), "grade": d.grade,
            "cost": None if d.cost is None else round(d.cost, 4),
            "margin": None if d.margin is None else round(d.margin, 4), "close": d.close, "basis": d.basis,
            "figures": {"played": _figures(d, d.played), "best": _figures(d, d.best)},
        })
    return {
        "level": analysis.level, "seat": analysis.seat,
        "accuracy": None if analysis.accuracy is None else round(analysis.accuracy, 1),
        "counts": dict(analysis.counts), "decisions": decisions,
        "duplicate": {"level": dup.level, "score": dup.score, "played_score": dup.played_score,
                      "difference": dup.difference, "first": dup.first, "record": dup.record},
    }


# -- one job ------------------------------------------------------------------------------------------

class LeaseLost(Exception):
    """Another process took the job over (this one was too slow): stop without writing."""


def analysis_level(game: str, configured: object) -> str:
    """``configured`` (``PAIYOU_ANALYSIS_LEVEL``) when the engine lists it among ``game``'s
    estimating levels, else the strongest of them (the analysis needs an estimating level: the
    engine says which; ``check_analysis_level`` refuses any other at start-up)."""
    levels = GAMES[game].estimating_levels
    return configured if isinstance(configured, str) and configured in levels else levels[-1]


def check_analysis_level(configured: object) -> None:
    """Stop the start when ``PAIYOU_ANALYSIS_LEVEL`` is no game's estimating level (``greedy``
    and ``random`` only play: every analysis and mistake puzzle would fail with them). A game
    without that level analyses with its strongest estimating one (``analysis_level``)."""
    levels = sorted({level for spec in GAMES.values() for level in spec.estimating_levels})
    if not (isinstance(configured, str) and configured in levels):
        raise RuntimeError(f"PAIYOU_ANALYSIS_LEVEL must be a level that estimates "
                           f"({', '.join(levels)}): {configured!r}")


def compute(store: GameStore, game_id: str, claimer: str, level: str) -> JsonObject | None:
    """The analysis of a claimed job, writing progress as decisions are analysed (each write
    renews the lease). None when the game is gone (pruned)."""
    parts = split_analysis_key(game_id)
    stored = store.get(parts[0]) if parts is not None else None
    if stored is None or parts is None:
        return None
    seat = stored.seat if parts[1] is None else parts[1]
    level = analysis_level(stored.game, level)

    def progress(done: int, total: int) -> None:
        if not store.analysis_progress(game_id, claimer, done, total):
            raise LeaseLost(game_id)

    found = analyse(stored.record, seat, level=level, progress=progress)
    # The same computer players as the deal (the stored per-seat levels; the seat's own entry is
    # ignored), with the analysing level in the analysed seat. At a table with friends the other
    # people's seats are played by the table's computer level: their choices cannot be replayed
    # once the deal goes another way.
    stand_in = Seating.from_meta(stored.meta)
    opponents = [stand_in.level if stand_in is not None and a == HUMAN else a for a in stored.agents]
    dup = duplicate(stored.record, seat, level=level, opponents=opponents)
    return result_json(found, dup)


def job_id(game: Game) -> str:
    """The analysis of ``game`` for the seat it is loaded for (``Game.seated``): each person at a
    table with friends has their own."""
    return analysis_key(game.id, game.seat, game.stored.seat)


def run_job(store: GameStore, game_id: str, claimer: str, *, level: str, lease: int) -> bool:
    """Claim the job and run it to the end; False when another process holds it (or it is done).
    A job that raises is marked failed (logged); a lost lease writes nothing more."""
    if not store.claim_analysis(game_id, claimer, lease):
        return False
    try:
        result = compute(store, game_id, claimer, level)
    except LeaseLost:
        log.warning("analysis of %s: lease lost, another process took it over", game_id)
        return True
    except Exception:  # AnalysisError, RecordError or a bug: a job must never kill its thread
        log.exception("analysis of %s failed", game_id)
        store.finish_analysis(game_id, claimer, None)
        return True
    store.finish_analysis(game_id, claimer, result)
    return True


def new_claimer() -> str:
    """Who holds a lease: host, process and a random part (a restarted process is another)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


# -- the worker --------------------------------------------------------------------------------------

class Worker:
    """One process's analysis worker: ``threads`` daemon threads (started on first use), a queue
    of at most ``queue_size`` job ids. ``threads == 0``: no thread; ``run_pending`` runs jobs in
    the caller's thread (tests, the command line)."""

    def __init__(self, store: GameStore, *, level: str, threads: int, queue_size: int, lease: int,
                 backlog: int = DEFAULT_BACKLOG) -> None:
        self.store = store
        self.level = level
        self.backlog = max(1, backlog)
        self.threads = max(0, threads)
        self.lease = max(1, lease)
        self.claimer = new_claimer()
        self._queue: queue.Queue[str] = queue.Queue(maxsize=max(1, queue_size))
        self._lock = threading.Lock()
        self._started = False

    def start(self) -> None:
        """Start the threads once (lazily: a process forked after ``create_app`` starts its own)."""
        if self._started or not self.threads:
            return
        with self._lock:
            if self._started:
                return
            for n in range(self.threads):
                threading.Thread(target=self._loop, name=f"paiyou-analysis-{n}", daemon=True).start()
            self._started = True

    def submit(self, game_id: str) -> bool:
        """Hand a queued job to this process; False when the queue is full (the job stays queued
        in the database for a later sweep) or there is no thread."""
        if not self.threads:
            return False
        self.start()
        try:
            self._queue.put_nowait(game_id)
        except queue.Full:
            return False
        return True

    def run(self, game_id: str) -> bool:
        return run_job(self.store, game_id, self.claimer, level=self.level, lease=self.lease)

    def run_pending(self, limit: int = 100) -> int:
        """Run every claimable job (queued, or under an expired lease) here; how many ran."""
        ran = 0
        for game_id in self.store.claimable_analyses(self.lease, limit):
            ran += self.run(game_id)
        return ran

    def _loop(self) -> None:
        while True:
            try:
                game_id = self._queue.get(timeout=SWEEP_SECONDS)
            except queue.Empty:
                try:
                    self.run_pending(limit=self.threads)
                except Exception:  # an outage: try again at the next sweep
                    log.exception("analysis sweep failed")
                continue
            try:
                self.run(game_id)
            except Exception:
                log.exception("analysis of %s could not run", game_id)


def worker_for(app: Flask) -> Worker:
    """The app's worker (one per process), made on first use from its config."""
    found = app.extensions.get(EXTENSION_KEY)
    if found is None:
        with _app_lock:
            found = app.extensions.get(EXTENSION_KEY)
            if found is None:
                found = Worker(store_for(app), level=str(app.config["PAIYOU_ANALYSIS_LEVEL"]),
                               threads=int(app.config["PAIYOU_ANALYSIS_WORKERS"]),
                               queue_size=int(app.config["PAIYOU_ANALYSIS_QUEUE"]),
                               lease=int(app.config["PAIYOU_ANALYSIS_LEASE"]),
                               backlog=int(app.config["PAIYOU_ANALYSIS_BACKLOG"]))
                app.extensions[EXTENSION_KEY] = found
    assert isinstance(found, Worker)
    return found


def deal_over(store: GameStore, game_id: str) -> None:
    """A deal just ended: queue its analysis (once; at a table with friends one per person who
    played their seat, the others' kept ``unplayed``) and hand it to this process's worker; beyond
    the backlog (``PAIYOU_ANALYSIS_BACKLOG``, with an app) it is kept ``deferred``. Connected to
    ``paiyou.deals.signals.deal_over``: called in the POST that finished the deal."""
    from flask import current_app, has_app_context

    backlog = worker_for(current_app).backlog if has_app_context() else None
    try:
        stored = store.get(game_id)
        if stored is None:
            return
        seating = Seating.from_meta(stored.meta)
        people = [game_id]
        if seating is not None:
            played = played_seats(stored.meta)
            for seat in seating.humans:
                if seat not in played:
                    store.note_unplayed(analysis_key(game_id, seat, stored.seat))
            people = [analysis_key(game_id, s, stored.seat) for s in seating.humans if s in played]
        queued = [key for key in people if store.queue_analysis(key, backlog=backlog)]
    except StoreUnavailable:  # the move itself is stored: never fail it for its analysis
        log.warning("analysis of %s not queued: the database is out of reach", game_id)
        return
    if has_app_context():
        for key in queued:
            worker_for(current_app).submit(key)


# -- reading -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Status:
    """What a reader is told: ``state`` (queued, running, done, failed, or ``missing``: no job,
    e.g. a deal finished before analyses were kept), ``done``/``total``, ``result`` when done."""

    state: str
    done: int = 0
    total: int = 0
    result: JsonObject | None = None  # the store's JSON: what ``result_json`` wrote

    @property
    def waiting(self) -> bool:
        return self.state in (QUEUED, RUNNING)


MISSING = "missing"


def status(app: Flask, game_id: str) -> Status:
    """The analysis of a finished game as readers see it (a pure read; it starts this process's
    worker threads if they are not running yet, so a job orphaned by a dead process is swept up
    even where no deal has ended since)."""
    worker = worker_for(app)
    worker.start()
    found: StoredAnalysis | None = worker.store.analysis(game_id)
    if found is None:
        return Status(MISSING)
    if found.state == DONE and found.result is not None:
        return Status(DONE, found.total, found.total, found.result)
    if found.state == FAILED or (found.state == RUNNING and found.attempts >= ANALYSIS_ATTEMPTS
                                 and (found.claimed_at or 0) < time.time() - worker.lease):
        return Status(FAILED)
    return Status(found.state, found.done, found.total)


def retry(app: Flask, game_id: str) -> bool:
    """Queue a failed analysis again (``GameStore.retry_analysis``: one more attempt), or a
    deferred one when the backlog has room, and hand it to this process's worker; False, changing
    nothing, when it is neither (or the backlog is still full). The caller checks the seat key and
    the client's budget (``paiyou.web.limits.analysis``)."""
    worker = worker_for(app)
    if not (worker.store.retry_analysis(game_id, worker.lease)
            or worker.store.queue_deferred(game_id, worker.backlog)):
        return False
    worker.submit(game_id)
    return True


def run_pending(app: Flask) -> int:
    """Run every claimable job now, in this thread (tests; ``flask games analyse``); how many ran."""
    return worker_for(app).run_pending()


__all__ = ["Worker", "worker_for", "deal_over", "job_id", "run_job", "compute", "result_json", "status", "Status",
           "run_pending", "retry", "analysis_level", "MISSING"]
