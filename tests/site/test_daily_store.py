"""The daily deal's store (paiyou.store.daily), on SQLite and on a real PostgreSQL server through
the same code (the PostgreSQL half starts its own server, tests/site/pg_cluster.py, as
tests/site/test_store.py does).

- One attempt per person, game and day: the first start wins, also when starts race.
- Every result is kept; the first countable one of a person, game and day is counted and later
  ones are not; recording a deal again changes nothing. Under 200 concurrent finishes from
  several processes' stores (PostgreSQL), exactly one result is counted per person.
- The score counts and the per-position action counts add up the counted results only, and give
  the same standing as the results themselves.
- The leaderboard: best first, ties sharing a rank, pages in range, bad pages refused.
- Progress keys: shown once, stored hashed, replaced (the old key stops working), forged keys find
  nobody.
- Hostile input changes nothing and raises DailyStoreError with a code.
- Generations: every counted result bumps its day's, every name set or removed the names', in
  the same transaction (under 200 concurrent finishes, the day's generation is the count of
  counted results); ``reader_state`` reads a reader's own state and both generations at once; a
  database made before them gains the results' ``rounds`` column and the generations' table.
"""
from __future__ import annotations

import os
import random
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.field import standing
from paiyou.store.daily import DailyStore, DailyStoreError, key_hash
from paiyou.store.databases import open_store
from paiyou.store.games import GameStore
from paiyou.store.schema import DAILY_ACTIONS, DAILY_DAYS, DAILY_PLAYERS, DAILY_RESULTS, DAILY_SCORES, new_id
from tests.site import pg_cluster

GAME, DAY = "chuo-pai", "2026-12-07"
POSITION_A, POSITION_B = "a" * 32, "b" * 32


@pytest.fixture(scope="module")
def postgres_server(pytestconfig: pytest.Config) -> str:
    url = pg_cluster.server_url(pytestconfig)
    if url is None:
        if os.environ.get("CI"):  # CI must test the real server, never quietly skip it
            pytest.fail("PostgreSQL is not installed; scripts/test.sh installs it")
        pytest.skip("PostgreSQL is not installed (scripts/test.sh installs it)")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/games.sqlite3"
    return pg_cluster.new_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def games(database_url: str) -> Iterator[GameStore]:
    found = open_store(database_url)
    yield found
    found.close()


@pytest.fixture
def daily(games: GameStore) -> DailyStore:
    return DailyStore(games)


def finish(daily: DailyStore, player: str, score: int, *, countable: bool = True, deal_id: str | None = None,
           decisions: tuple[tuple[str, str], ...] = ((POSITION_A, "x"),), day: str = DAY):
    return daily.record_result(GAME, day, player, deal_id or new_id(), score, countable=countable,
                               decisions=decisions, finished_at=1000)


def table_rows(daily: DailyStore, table: str) -> int:
    _, rows = daily.store._run(f"SELECT COUNT(*) FROM {table}", (), fetch=True)
    return int(rows[0][0])


def test_the_first_countable_result_counts_and_later_ones_are_kept_uncounted(daily: DailyStore) -> None:
    player = new_id()
    practice = finish(daily, player, 30, countable=False)
    first = finish(daily, player, 10)
    second = finish(daily, player, 25)
    assert (practice.result.counted, first.result.counted, second.result.counted) == (False, True, False)
    assert all(r.new for r in (practice, first, second))
    assert daily.counted_result(GAME, DAY, player) == first.result
    assert daily.result(second.result.deal_id) == second.result
    assert daily.score_counts(GAME, DAY) == [(10, 1)]  # the uncounted ones are no part of the field
    assert daily.action_counts(GAME, DAY, POSITION_A) == {"x": 1}
    assert table_rows(daily, DAILY_RESULTS) == 3
    assert daily.counted_result("tien-gow", DAY, player) is None
    assert daily.counted_result(GAME, "2026-12-08", player) is None


def test_one_attempt_per_person_game_and_day_the_first_start_wins(daily: DailyStore) -> None:
    player, first, second = new_id(), new_id(), new_id()
    assert daily.attempt(GAME, DAY, player) is None
    assert daily.begin_attempt(GAME, DAY, player, first, started_at=100) == (first, True)
    assert daily.begin_attempt(GAME, DAY, player, second, started_at=200) == (first, False)
    assert daily.attempt(GAME, DAY, player) == (first, 100)
    assert daily.begin_attempt("tien-gow", DAY, player, second) == (second, True)
    assert daily.begin_attempt(GAME, "2026-12-08", player, second) == (second, True)
    with pytest.raises(DailyStoreError) as raised:
        daily.begin_attempt(GAME, DAY, "someone", new_id())
    assert raised.value.code == "bad-player"


def test_racing_starts_make_one_attempt(database_url: str) -> None:
    stores = [open_store(database_url) for _ in range(3)]
    try:
        player, deals = new_id(), [new_id() for _ in range(12)]
        start, answers = threading.Barrier(12), []

        def begin(n: int) -> None:
            start.wait()
            answers.append(DailyStore(stores[n % 3]).begin_attempt(GAME, DAY, player, deals[n]))

        threads = [threading.Thread(target=begin, args=(n,)) for n in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [deal for deal, won in answers if won]
        assert len(answers) == 12 and len(winners) == 1
        assert {deal for deal, _ in answers} == set(winners)
        assert DailyStore(stores[0]).attempt(GAME, DAY, player)[0] == winners[0]  # type: ignore[index]
    finally:
        for store in stores:
            store.close()


def test_recording_a_deal_again_changes_nothing(daily: DailyStore) -> None:
    player, deal_id = new_id(), new_id()
    first = finish(daily, player, 10, deal_id=deal_id)
    again = finish(daily, player, 99, deal_id=deal_id)
    assert again.result == first.result and not again.new
    assert daily.score_counts(GAME, DAY) == [(10, 1)]
    assert daily.action_counts(GAME, DAY, POSITION_A) == {"x": 1}


def test_the_counts_give_the_standing_the_results_give(daily: DailyStore) -> None:
    draw = random.Random(47)
    scores: dict[str, int] = {}
    actions: Counter[tuple[str, str]] = Counter()
    for _ in range(60):
        player, value = new_id(), draw.randint(-5, 5)
        chosen = ((POSITION_A, draw.choice("xyz")), (POSITION_B, draw.choice("uv")))
        scores[player] = value
        actions.update(chosen)
        finish(daily, player, value, decisions=chosen)
        finish(daily, player, value + 50, decisions=((POSITION_A, "late"),))  # kept, never counted
    counts = daily.score_counts(GAME, DAY)
    assert counts == sorted(Counter(scores.values()).items(), reverse=True)
    for value in set(scores.values()):
        assert standing(counts, value) == standing(Counter(scores.values()), value)
    assert daily.action_counts(GAME, DAY, POSITION_A) == {a: n for (p, a), n in actions.items() if p == POSITION_A}
    assert daily.action_counts(GAME, DAY, POSITION_B) == {a: n for (p, a), n in actions.items() if p == POSITION_B}
    assert daily.action_counts(GAME, DAY, "c" * 32) == {}


def test_the_leaderboard_is_best_first_with_shared_ranks(daily: DailyStore) -> None:
    players = [new_id() for _ in range(6)]
    for player, value, at in zip(players, (5, 9, 9, 3, 5, 9), (6, 5, 4, 3, 2, 1), strict=True):
        daily.record_result(GAME, DAY, player, new_id(), value, countable=True, finished_at=at)
    board = daily.leaderboard(GAME, DAY)
    assert [(e.rank, e.result.score, e.result.finished_at) for e in board] == \
        [(1, 9, 1), (1, 9, 4), (1, 9, 5), (4, 5, 2), (4, 5, 6), (6, 3, 3)]
    page = daily.leaderboard(GAME, DAY, limit=2, offset=3)
    assert [(e.rank, e.result.score) for e in page] == [(4, 5), (4, 5)]
    assert daily.leaderboard(GAME, DAY, limit=10, offset=6) == []
    for limit, offset in ((0, 0), (101, 0), (10, -1), (True, 0), ("5", 0)):
        with pytest.raises(DailyStoreError) as raised:
            daily.leaderboard(GAME, DAY, limit=limit, offset=offset)  # type: ignore[arg-type]
        assert raised.value.code == "bad-page"


def test_a_streak_reads_the_players_counted_days(daily: DailyStore) -> None:
    player = new_id()
    for day, value in (("2026-12-07", 3), ("2026-12-08", 4), ("2026-12-10", 5)):
        finish(daily, player, value, day=day)
    finish(daily, player, 9, day="2026-12-08", countable=False)
    assert [(r.day, r.score) for r in daily.player_results(player, "2026-12-08", "2026-12-31")] == \
        [("2026-12-08", 4), ("2026-12-10", 5)]


def test_a_progress_key_is_shown_once_stored_hashed_and_replaced(daily: DailyStore) -> None:
    player, key = daily.issue_key()
    assert daily.player_for_key(key) == player
    _, rows = daily.store._run(f"SELECT player, key_hash FROM {DAILY_PLAYERS}", (), fetch=True)
    assert [tuple(r) for r in rows] == [(player, key_hash(key))] and key not in str(rows)
    new_key = daily.replace_key(key)
    assert new_key is not None and new_key != key
    assert daily.player_for_key(key) is None and daily.player_for_key(new_key) == player
    assert daily.replace_key(key) is None  # a replaced key cannot be replayed
    forged = key[:-1] + ("A" if key[-1] != "A" else "B")
    for bad in (forged, "", None, 7, key + "x", "é" * 43, key_hash(new_key)):
        assert daily.player_for_key(bad) is None
        assert daily.replace_key(bad) is None
    assert daily.player_for_key(new_key) == player


def test_hostile_input_is_refused_and_changes_nothing(daily: DailyStore) -> None:
    player = new_id()
    cases = [
        ({"game": "CHUO"}, "bad-game"), ({"game": "x" * 40}, "bad-game"), ({"day": "2026-12-7"}, "bad-day"),
        ({"day": "today"}, "bad-day"), ({"player": "me"}, "bad-player"), ({"deal_id": "../etc"}, "bad-deal"),
        ({"score": 10**7}, "bad-score"), ({"score": 1.5}, "bad-score"), ({"score": True}, "bad-score"),
        ({"decisions": (("short", "x"),)}, "bad-deal"), ({"decisions": ((POSITION_A, ""),)}, "bad-deal"),
        ({"decisions": ((POSITION_A, "x" * 201),)}, "bad-deal"),
        ({"decisions": tuple((f"{n:032x}", "x") for n in range(201))}, "bad-deal"),
    ]
    for change, code in cases:
        fields = {"game": GAME, "day": DAY, "player": player, "deal_id": new_id(), "score": 3,
                  "decisions": ((POSITION_A, "x"),), **change}
        with pytest.raises(DailyStoreError) as raised:
            daily.record_result(fields["game"], fields["day"], fields["player"], fields["deal_id"],
                                fields["score"], countable=True, decisions=fields["decisions"])
        assert raised.value.code == code, change
    for table in (DAILY_RESULTS, DAILY_SCORES, DAILY_ACTIONS):
        assert table_rows(daily, table) == 0
    with pytest.raises(DailyStoreError):
        daily.action_counts(GAME, DAY, "' OR 1=1 --")
    with pytest.raises(DailyStoreError):
        daily.score_counts(GAME, "2026-12-07'; DROP TABLE x; --")


def test_the_tables_outlive_a_restart(database_url: str) -> None:
    first = open_store(database_url)
    player = new_id()
    recorded = finish(DailyStore(first), player, 4)
    first.close()
    second = open_store(database_url)
    try:
        again = DailyStore(second)
        assert again.counted_result(GAME, DAY, player) == recorded.result
        assert again.score_counts(GAME, DAY) == [(4, 1)]
    finally:
        second.close()


def test_200_concurrent_finishes_keep_every_result_and_count_one_per_person(postgres_server: str) -> None:
    """Four stores stand for four app processes (each its own pool of connections), 20 threads,
    200 finishes of 40 people (5 each, some countable, some not), all released at once."""
    url = pg_cluster.new_database(postgres_server)
    stores = [open_store(url) for _ in range(4)]
    try:
        people = [new_id() for _ in range(40)]
        draw = random.Random(200)
        finishes = [(people[n % 40], new_id(), draw.randint(0, 30), n % 7 != 3) for n in range(200)]
        start = threading.Barrier(20)
        errors: list[BaseException] = []

        def work(worker: int) -> None:
            daily = DailyStore(stores[worker % 4])
            start.wait()
            try:
                for player, deal_id, value, countable in finishes[worker::20]:
                    daily.record_result(GAME, DAY, player, deal_id, value, countable=countable,
                                        decisions=((POSITION_A, str(value % 3)), (POSITION_B, "y")))
            except BaseException as error:  # reported below: a thread's exception is otherwise lost
                errors.append(error)

        threads = [threading.Thread(target=work, args=(n,)) for n in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        daily = DailyStore(stores[0])
        _, rows = daily.store._run(f"SELECT player, deal_id, score, counted FROM {DAILY_RESULTS}", (), fetch=True)
        assert sorted((r[0], r[1], r[2]) for r in rows) == sorted((p, d, v) for p, d, v, _ in finishes)
        counted = Counter(r[0] for r in rows if r[3] == 1)
        countable_people = {p for p, _, _, countable in finishes if countable}
        assert counted == Counter(countable_people)  # exactly one each, for everyone who could count
        counted_scores = Counter(r[2] for r in rows if r[3] == 1)
        assert daily.score_counts(GAME, DAY) == sorted(counted_scores.items(), reverse=True)
        assert sum(daily.action_counts(GAME, DAY, POSITION_B).values()) == len(countable_people)
        assert daily.generations(GAME, DAY) == (len(countable_people), 0)  # one bump per counted result
    finally:
        for store in stores:
            store.close()


def test_each_counted_result_and_each_name_bumps_a_generation(daily: DailyStore) -> None:
    assert daily.generations(GAME, DAY) == (0, 0)
    player, deal_id = new_id(), new_id()
    finish(daily, player, 4, deal_id=deal_id)
    assert daily.generations(GAME, DAY) == (1, 0)
    finish(daily, player, 4, deal_id=deal_id)  # the same deal again: nothing written
    finish(daily, player, 9)  # kept uncounted: the field did not change
    finish(daily, new_id(), 3, countable=False)
    finish(daily, new_id(), 5, day="2026-12-08")  # another day's field
    assert daily.generations(GAME, DAY) == (1, 0)
    finish(daily, new_id(), 6)
    assert daily.generations(GAME, DAY) == (2, 0)
    daily.set_name(player, "Alice")
    daily.set_name(player, None)
    assert daily.generations(GAME, DAY) == (2, 2) and daily.generations(GAME, "2026-12-08") == (1, 2)
    with pytest.raises(DailyStoreError):
        daily.set_name(player, "x" * 65)
    assert daily.generations(GAME, DAY) == (2, 2) and daily.names([player]) == {}


def test_the_readers_state_is_one_read(daily: DailyStore) -> None:
    player, key = daily.issue_key()
    other, _ = daily.issue_key()
    visitor = daily.reader_state(GAME, DAY, None)
    assert (visitor.player, visitor.deal_id, visitor.result, visitor.name) == (None, None, None, None)
    for unknown in ("A" * 43, "not a key", key_hash(key)):
        assert daily.reader_state(GAME, DAY, unknown) == visitor
    assert daily.reader_state(GAME, DAY, key).player == player
    deal_id = new_id()
    daily.begin_attempt(GAME, DAY, player, deal_id)
    daily.begin_attempt(GAME, DAY, other, new_id())
    under_way = daily.reader_state(GAME, DAY, key)
    assert (under_way.deal_id, under_way.result, under_way.rounds) == (deal_id, None, None)
    recorded = daily.record_result(GAME, DAY, player, deal_id, 7, countable=True, finished_at=1000,
                                   rounds="1101")
    daily.record_result(GAME, DAY, other, new_id(), 9, countable=True, rounds="")
    daily.set_name(player, "Alice")
    state = daily.reader_state(GAME, DAY, key)
    assert state.result == recorded.result and state.rounds == "1101" and state.name == "Alice"
    assert state.generations == (2, 1) == daily.generations(GAME, DAY)
    assert daily.reader_state("tien-gow", DAY, key).deal_id is None  # the attempt is of one game
    for bad in ("10a", "2", 7):
        with pytest.raises(DailyStoreError):
            daily.record_result(GAME, DAY, new_id(), new_id(), 1, countable=True, rounds=bad)  # type: ignore[arg-type]
    assert daily.generations(GAME, DAY) == (2, 1)


def test_an_older_database_gains_the_rounds_and_the_generations(database_url: str) -> None:
    """The daily results' table as its first version made it, with a result in it: the store adds
    the ``rounds`` column (the old row's is NULL) and the generations' table on first use."""
    old = open_store(database_url)
    old._ensure_schema()
    for statement in (f"DROP TABLE {DAILY_RESULTS}", f"DROP TABLE {DAILY_DAYS}",
                      f"CREATE TABLE {DAILY_RESULTS} (deal_id TEXT PRIMARY KEY, game TEXT NOT NULL, day TEXT NOT NULL, "
                      "player TEXT NOT NULL, score INTEGER NOT NULL, finished_at BIGINT NOT NULL, "
                      "counted INTEGER NOT NULL)"):
        old._run(statement, ())
    player, key = DailyStore(old).issue_key()
    deal_id = new_id()
    old._run(f"INSERT INTO {DAILY_RESULTS} VALUES (?, ?, ?, ?, 3, 1000, 1)", (deal_id, GAME, DAY, player))
    old.close()
    upgraded = open_store(database_url)
    try:
        daily = DailyStore(upgraded)
        daily.begin_attempt(GAME, DAY, player, deal_id)
        state = daily.reader_state(GAME, DAY, key)
        assert state.result is not None and state.result.score == 3 and state.rounds is None
        finish_rounds = daily.record_result(GAME, DAY, new_id(), new_id(), 5, countable=True, rounds="01")
        assert finish_rounds.new and daily.generations(GAME, DAY) == (1, 0)
    finally:
        upgraded.close()
