"""A result against the field from per-score counts (engine/field.py): matchpoints, percentile,
rank and distribution equal a brute-force computation over the list of every player's score, for
random fields with ties; the single-player field; bad input refused with codes."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.field import MAX_BINS, FieldError, distribution, standing

scores = st.integers(min_value=-60, max_value=60)
# Few distinct values among many players: ties are the rule, as in a real field.
fields = st.lists(st.integers(min_value=-6, max_value=6) | scores, min_size=1, max_size=300)


def brute_force(everyone: list[int], mine: int) -> tuple[float, float, int]:
    """Matchpoints, percentile and rank of one player scoring ``mine`` among ``everyone`` (mine
    included once), by comparing with each other player."""
    others = list(everyone)
    others.remove(mine)
    points = sum(1.0 if other < mine else 0.5 if other == mine else 0.0 for other in others)
    matchpoints = points / len(others) * 100 if others else 50.0
    percentile = sum(1.0 if s < mine else 0.5 if s == mine else 0.0 for s in everyone) / len(everyone) * 100
    rank = 1 + sum(1 for s in everyone if s > mine)
    return matchpoints, percentile, rank


@settings(max_examples=300, deadline=None)
@given(fields, st.data())
def test_standing_equals_brute_force_over_every_player(everyone: list[int], data: st.DataObject) -> None:
    mine = data.draw(st.sampled_from(everyone))
    found = standing(Counter(everyone), mine)
    matchpoints, percentile, rank = brute_force(everyone, mine)
    assert found.matchpoints == pytest.approx(matchpoints)
    assert found.percentile == pytest.approx(percentile)
    assert found.rank == rank
    assert found.players == len(everyone)
    assert found.beaten == sum(1 for s in everyone if s < mine)
    assert found.tied == everyone.count(mine) - 1
    assert 0 <= found.matchpoints <= 100 and 0 < found.percentile < 100


@settings(max_examples=200, deadline=None)
@given(fields, scores)
def test_a_score_from_outside_the_field_is_placed_among_everyone(everyone: list[int], mine: int) -> None:
    found = standing(list(Counter(everyone).items()), mine, in_field=False)
    matchpoints, percentile, rank = brute_force([*everyone, mine], mine)
    assert (found.matchpoints, found.percentile, found.rank) == (pytest.approx(matchpoints),
                                                                 pytest.approx(percentile), rank)
    assert found.players == len(everyone)


@settings(max_examples=200, deadline=None)
@given(fields, st.integers(min_value=1, max_value=30), st.data())
def test_the_distribution_bins_every_player_once_and_marks_yours(everyone: list[int], max_bins: int,
                                                                  data: st.DataObject) -> None:
    mine = data.draw(st.sampled_from(everyone))
    bins = distribution(Counter(everyone), mine, max_bins)
    assert 1 <= len(bins) <= max_bins
    assert bins[0].low == min(everyone) and bins[-1].high == max(everyone)
    assert all(b.low <= b.high and nxt.low == b.high + 1 for b, nxt in zip(bins, bins[1:], strict=False))
    assert len({b.high - b.low for b in bins[:-1]}) <= 1  # equal widths (the last may be narrower)
    for b in bins:
        assert b.players == sum(1 for s in everyone if b.low <= s <= b.high)
        assert b.yours == (b.low <= mine <= b.high)


def test_alone_in_the_field_is_the_average() -> None:
    alone = standing({12: 1}, 12)
    assert (alone.players, alone.matchpoints, alone.percentile, alone.rank) == (1, 50.0, 50.0, 1)
    assert alone.distribution[0].players == 1 and alone.distribution[0].yours


def test_ties_share_their_rank() -> None:
    field = {10: 2, 7: 3, 3: 1}
    assert [standing(field, s).rank for s in (10, 7, 3)] == [1, 3, 6]
    assert standing(field, 10).matchpoints == pytest.approx((4 + 0.5) / 5 * 100)


def test_bad_fields_and_scores_are_refused_with_codes() -> None:
    def code(*args: object, **kwargs: object) -> str:
        with pytest.raises(FieldError) as raised:
            standing(*args, **kwargs)  # type: ignore[arg-type]
        return raised.value.code

    assert code({1: 0}, 1) == "bad-counts"
    assert code({1: -2}, 1) == "bad-counts"
    assert code({True: 2}, 1) == "bad-counts"
    assert code({1.5: 2}, 1) == "bad-counts"
    assert code([(1, 2), (1, 3)], 1) == "bad-counts"
    assert code([(1, 2, 3)], 1) == "bad-counts"
    assert code({1: 2}, "1") == "bad-score"
    assert code({1: 2}, True) == "bad-score"
    assert code({1: 2}, 5) == "score-not-in-field"
    assert code({}, 5, in_field=False) == "empty-field"
    assert MAX_BINS >= 10
