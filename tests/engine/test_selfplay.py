"""``python -m engine selfplay`` with every seat random writes its records from the game's kernel
(``engine/*/selfplay.py``): the lines must be byte for byte those of the generic path (the
engine's deal, a seat view and ``Random.choice`` per action, ``to_record``, ``json.dumps``), and
``replay`` must accept them."""
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import main, play_deal, record_lines, replay_lines
from engine.games import GAME_KEYS, game
from engine.rng import BitSources, make_bits, make_rng, shuffle, skip_shuffle

# The games with a kernel of their own for all-random self-play (GameSpec.random_record_line).
GAMES = tuple(key for key in GAME_KEYS if game(key).random_record_line is not None)


def generic_line(game_key: str, seed: int) -> str:
    """The line through the engine: ``play_deal`` never takes the kernel."""
    names = ["random"] * game(game_key).seats
    return json.dumps(play_deal(game_key, seed, names), separators=(",", ":")) + "\n"


def fast_lines(game_key: str, seeds):
    return list(record_lines(game_key, ["random"] * game(game_key).seats, seeds))


@pytest.mark.parametrize("game_key", GAMES)
def test_the_fast_lines_are_the_generic_lines_for_300_seeds(game_key):
    lines = fast_lines(game_key, range(300))
    assert len(lines) == 300
    for seed, line in enumerate(lines):
        assert line == generic_line(game_key, seed), seed


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(GAMES), st.integers(min_value=0, max_value=2**40))
def test_the_fast_lines_are_the_generic_lines_for_any_seed(game_key, seed):
    assert fast_lines(game_key, [seed]) == [generic_line(game_key, seed)]


@pytest.mark.parametrize("game_key", GAMES)
def test_selfplay_writes_the_fast_lines_and_replay_accepts_them(game_key):
    out = io.StringIO()
    assert main(["selfplay", "--game", game_key, "--deals", "200", "--seed", "7000"], stdout=out) == 0
    lines = out.getvalue().splitlines(keepends=True)
    assert lines == [generic_line(game_key, seed) for seed in range(7000, 7200)]
    verdicts = io.StringIO()
    assert replay_lines(lines, verdicts) == 0
    assert verdicts.getvalue().count(": ok") == 200 and "REJECTED" not in verdicts.getvalue()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(st.integers(min_value=0, max_value=2**70), min_size=3, max_size=3), min_size=1,
                max_size=4))
def test_reseeded_bit_sources_draw_what_new_generators_draw(seed_lists):
    """``BitSources`` reuses its generators from deal to deal: after each reseed, every stream is
    the one ``make_bits`` (and so ``make_rng``) gives that seed."""
    sources = BitSources(3)
    for seeds in seed_lists:
        for bits, seed in zip(sources.reseed(seeds), seeds, strict=True):
            fresh, rng = make_bits(seed), make_rng(seed)
            draws = [bits(k) for k in (1, 5, 32, 64, 3)]
            assert draws == [fresh(k) for k in (1, 5, 32, 64, 3)] == [rng.getrandbits(k) for k in (1, 5, 32, 64, 3)]


def test_bit_sources_take_one_int_seed_per_generator():
    sources = BitSources(2)
    with pytest.raises(TypeError):
        sources.reseed([1, True])
    with pytest.raises(TypeError):
        sources.reseed([1, "2"])
    with pytest.raises(ValueError):
        sources.reseed([1, 2, 3])


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=2, max_value=90), st.data())
def test_a_shuffle_settled_above_a_head_is_random_shuffle_there_and_skip_shuffle_makes_the_rest(seed, size, data):
    """``shuffle(items, draw, settled)`` leaves ``items[settled:]`` as ``Random.shuffle`` does and
    the rest as a multiset; with ``skip_shuffle(settled, draw)`` after it, the generator has
    drawn exactly what ``Random.shuffle`` draws."""
    settled = data.draw(st.integers(min_value=1, max_value=size))
    items = [i % 7 for i in range(size)]
    expected, rng = list(items), make_rng(seed)
    rng.shuffle(expected)
    draw = make_bits(seed)
    shuffle(items, draw, settled)
    assert items[settled:] == expected[settled:] and sorted(items[:settled]) == sorted(expected[:settled])
    skip_shuffle(settled, draw)
    assert [draw(32) for _ in range(3)] == [rng.getrandbits(32) for _ in range(3)]


def test_bit_sources_streams_are_what_every_reseed_returns():
    sources = BitSources(3)
    for seeds in ([1, 2, 3], [7, 8, 2**70]):
        assert tuple(sources.reseed(seeds)) == sources.streams
