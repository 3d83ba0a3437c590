"""The deal service tells the layers above it what changed through ``paiyou.deals.signals``
instead of calling up into them: each stored version (live updates announce it) and a deal's end
(its analysis is queued), each sent after the store write, the end after the change that made it.
Every app process connects the same receivers (``paiyou.connect_deal_signals``)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paiyou import connect_deal_signals, create_app, live
from paiyou.analysis import jobs as analyses
from paiyou.daily import results as daily_results
from paiyou.deals import service, signals
from paiyou.deals.signals import Signal
from paiyou.store.databases import open_store
from paiyou.store.games import GameStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    found = open_store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    yield found
    found.close()


@pytest.fixture
def heard(store: GameStore) -> Iterator[list[tuple[str, str, int | None]]]:
    """What the signals sent, each with the version the store held when it was sent."""
    found: list[tuple[str, str, int | None]] = []

    def changed(game_id: str, version: int) -> None:
        head = store.head(game_id)
        assert head is not None and head.version == version  # sent after the write
        found.append(("changed", game_id, version))

    def over(over_store: GameStore, game_id: str) -> None:
        assert over_store is store
        head = store.head(game_id)
        found.append(("over", game_id, head.version if head else None))

    signals.deal_changed.connect(changed)
    signals.deal_over.connect(over)
    yield found
    signals.deal_changed.disconnect(changed)
    signals.deal_over.disconnect(over)


def test_each_move_is_sent_after_its_write_and_the_end_after_the_last_change(
        store: GameStore, heard: list[tuple[str, str, int | None]]) -> None:
    game = service.start(store, "chuo-pai", 7, level="greedy")
    assert heard == []  # a new deal has no page to tell yet
    while not game.is_over:
        action = game.view().legal_actions()[0].as_dict()
        game = service.act(store, game, game.version, action["tiles"])
        assert heard[-1 if not game.is_over else -2] == ("changed", game.id, game.version)
    assert heard[-1] == ("over", game.id, game.version)
    assert [kind for kind, *_ in heard].count("over") == 1


def test_a_next_deal_tells_the_finished_deals_pages(store: GameStore,
                                                    heard: list[tuple[str, str, int | None]]) -> None:
    game = service.start(store, "tien-gow", 4, level="greedy")
    while not game.is_over:
        action = game.view().legal_actions()[0].as_dict()
        game = service.act(store, game, game.version, action["tiles"], action.get("face_up"))
    heard.clear()
    following = service.next_deal(store, game)
    marked = store.head(game.id)
    assert marked is not None
    assert ("changed", game.id, marked.version) in heard and following.id != game.id


def test_every_app_connects_live_updates_and_the_analysis(translations_dir: Path, tmp_path: Path) -> None:
    signals.deal_changed.disconnect(live.announce)  # as in a process no app was made in yet
    signals.deal_over.disconnect(daily_results.deal_over)
    signals.deal_over.disconnect(analyses.deal_over)
    try:
        create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                    "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                    "PAIYOU_ANALYSIS_WORKERS": 0})
        assert signals.deal_changed.receivers == (live.announce,)
        assert signals.deal_over.receivers == (daily_results.deal_over, analyses.deal_over)
    finally:
        connect_deal_signals()


def test_a_signal_calls_each_receiver_once_in_the_order_connected() -> None:
    signal: Signal[[str]] = Signal("test")
    calls: list[str] = []

    def first(text: str) -> None:
        calls.append(f"first {text}")

    def second(text: str) -> None:
        calls.append(f"second {text}")

    signal.connect(first)
    signal.connect(second)
    signal.connect(first)  # again: still once
    signal.send("a")
    signal.disconnect(first)
    signal.send("b")
    assert calls == ["first a", "second a", "second b"]
