"""``python -m engine selfplay`` with every seat random writes its records from the game's kernel
(``engine/*/selfplay.py``): the lines must be byte for byte those of the generic path (the
engine's deal, a seat view and ``Random.choice`` per action, ``to_record``, ``json.dumps``), and
``replay`` must accept them."""
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import main, play_deal, record_writer, replay_lines
from engine.games import game

GAMES = ("chuo-pai", "tien-gow")


def generic_line(game_key: str, seed: int) -> str:
    """The line through the engine: ``play_deal`` never takes the kernel."""
    names = ["random"] * game(game_key).seats
    return json.dumps(play_deal(game_key, seed, names), separators=(",", ":"))


@pytest.mark.parametrize("game_key", GAMES)
def test_the_fast_lines_are_the_generic_lines_for_300_seeds(game_key):
    fast = record_writer(game_key, ["random"] * game(game_key).seats)
    for seed in range(300):
        assert fast(seed) == generic_line(game_key, seed), seed


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(GAMES), st.integers(min_value=0, max_value=2**40))
def test_the_fast_lines_are_the_generic_lines_for_any_seed(game_key, seed):
    assert record_writer(game_key, ["random"] * game(game_key).seats)(seed) == generic_line(game_key, seed)


@pytest.mark.parametrize("game_key", GAMES)
def test_selfplay_writes_the_fast_lines_and_replay_accepts_them(game_key):
    out = io.StringIO()
    assert main(["selfplay", "--game", game_key, "--deals", "200", "--seed", "7000"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines == [generic_line(game_key, seed) for seed in range(7000, 7200)]
    verdicts = io.StringIO()
    assert replay_lines(lines, verdicts) == 0
    assert verdicts.getvalue().count(": ok") == 200 and "REJECTED" not in verdicts.getvalue()
