"""A result against the field, from the count of results per distinct score (higher is better):
matchpoints, percentile, rank, the field's size and its distribution. Pure: no store, no clock;
every function reads each distinct score once (O(distinct scores), never O(players)), so a day
with 100,000 players costs what a day with its few dozen distinct scores costs.

- **Matchpoints**: 1 for each other player you beat, ½ for each other player you tie, as a
  percentage of the others (0–100). Alone in the field there is nobody to beat or lose to: 50,
  the average, as a board played once scores in duplicate bridge.
- **Percentile** (the percentile rank): the share of the whole field, you included, below your
  score, with the field at your score counted half: ``(below + ½ × equal) / players × 100``. Alone:
  50. (Matchpoints leave you out, so the two differ a little in a small field.)
- **Rank**: 1 + the players with a higher score; ties share their rank (1, 1, 3).
- **Distribution**: bins of equal width over the scores from the lowest to the highest, at most
  ``MAX_BINS`` of them, each with its count and whether it holds your score.

``standing(counts, score)`` counts your result as one of ``counts[score]`` (you are in the field);
with ``in_field=False`` your score is compared with the field from outside (a practice deal of a
past day). Bad input raises ``FieldError`` with a code: ``bad-counts``, ``bad-score``,
``score-not-in-field``, ``empty-field``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.errors import EngineError

MAX_BINS = 20  # a chart a phone shows whole; a game's scores rarely span more


class FieldError(EngineError, ValueError):
    """A field or a score that cannot be ranked. ``code``: a stable code (module docstring)."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


def _is_int(value: object) -> bool:
    return type(value) is int  # a bool is no score and no count


def field_counts(counts: Mapping[int, int] | Iterable[tuple[int, int]]) -> dict[int, int]:
    """``counts`` (a mapping or pairs of score and count, as a store returns them) checked: whole
    scores, positive whole counts, each score once; FieldError("bad-counts") otherwise."""
    pairs = counts.items() if isinstance(counts, Mapping) else counts
    found: dict[int, int] = {}
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise FieldError("bad-counts", "pairs of score and count")
        value, count = pair
        if not _is_int(value) or not _is_int(count) or count <= 0 or value in found:
            raise FieldError("bad-counts", repr(pair)[:40])
        found[value] = count
    return found


@dataclass(frozen=True, slots=True)
class Bin:
    """Scores ``low`` to ``high`` (both included): ``players`` results, ``yours`` if it holds the
    score ranked."""

    low: int
    high: int
    players: int
    yours: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """A score against the field (module docstring): ``players`` is the field's size, you
    included when you are in it; ``beaten`` and ``tied`` count the other players below and at
    your score."""

    score: int
    players: int
    beaten: int
    tied: int
    matchpoints: float
    percentile: float
    rank: int
    distribution: tuple[Bin, ...]


def distribution(counts: Mapping[int, int], mine: int | None = None, max_bins: int = MAX_BINS) -> tuple[Bin, ...]:
    """The field's scores as at most ``max_bins`` bins of equal width from the lowest score to the
    highest (every whole score in one bin, empty ones included, so the chart's axis is even);
    ``mine`` marks its bin. Empty for an empty field."""
    if max_bins < 1:
        raise FieldError("bad-counts", "at least one bin")
    scores = list(counts) + ([] if mine is None else [mine])
    if not scores:
        return ()
    low, high = min(scores), max(scores)
    width = -(-(high - low + 1) // max_bins)  # ceil: the span in at most max_bins bins
    players = [0] * (-(-(high - low + 1) // width))
    for value, count in counts.items():
        players[(value - low) // width] += count
    return tuple(Bin(low + i * width, min(high, low + i * width + width - 1), n,
                     mine is not None and (mine - low) // width == i) for i, n in enumerate(players))


def standing(counts: Mapping[int, int] | Iterable[tuple[int, int]], score: int, *,
             in_field: bool = True, max_bins: int = MAX_BINS) -> Standing:
    """``score`` against the field ``counts`` (score → number of results). ``in_field``: your
    result is one of ``counts[score]`` (FieldError("score-not-in-field") when the field holds no
    such score); otherwise you are compared with everyone in it (FieldError("empty-field") when
    there is nobody)."""
    field = field_counts(counts)
    if not _is_int(score):
        raise FieldError("bad-score", repr(score)[:20])
    below = equal = above = 0
    for value, count in field.items():
        if value < score:
            below += count
        elif value > score:
            above += count
        else:
            equal += count
    if in_field:
        if equal == 0:
            raise FieldError("score-not-in-field", str(score))
        tied = equal - 1
    else:
        if not field:
            raise FieldError("empty-field")
        tied, equal = equal, equal + 1  # you join the field to be placed in it
    others = below + tied + above
    players = others + 1
    matchpoints = 50.0 if others == 0 else (below + tied / 2) / others * 100
    percentile = (below + equal / 2) / players * 100
    return Standing(score, players if in_field else others, below, tied, matchpoints, percentile,
                    above + 1, distribution(field, score, max_bins))


__all__ = ["MAX_BINS", "FieldError", "field_counts", "Bin", "Standing", "distribution", "standing"]
