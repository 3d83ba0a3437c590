"""Chuo Pai's two-seat endgame, solved exactly (docs/ai.md).

Once a seat is out of cards, each of the two others knows the other's hand exactly: the unseen
cards are that hand. What is left is a game of perfect information, small enough late in a deal
to search to the end. Each seat plays to maximize its own result (the first-place share, 1/k for
a joint first among k, plus ``weight`` × its margin over the best other pile — the play-outs'
score); between equal results a seat takes the one worse for the other (so the searching seat
never counts on a gift). Rounds are the engine's (CP-5, CP-12 … CP-18), on the kernel's
integers. The search counts the rounds it opens and gives up past ``limit`` — a count, never the
clock, so the same position always gives the same answer.
"""
from __future__ import annotations

from engine.chuo_pai.deal import next_leader
from engine.chuo_pai.kernel import NEED, PASS_ID, SIZE, legal_ids

SEATS = 3
Hands = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# Per seat: the result searched on (first share + weight × margin), then the first-place share
# alone (for estimates).
Values = tuple[tuple[float, float, float], tuple[float, float, float]]


class TooLarge(Exception):
    """The endgame needs more than the search's limit of rounds."""


def _take(hands: Hands, seat: int, play: int) -> Hands:
    hand = list(hands[seat])
    for i, n in NEED[play]:
        hand[i] -= n
    changed = list(hands)
    changed[seat] = tuple(hand)
    return changed[0], changed[1], changed[2]


class Endgame:
    """Exact values of a two-seat endgame (one seat out of cards)."""

    def __init__(self, weight: float, limit: int) -> None:
        self.weight = weight
        self.limit = limit
        self.rounds = 0
        self.memo: dict[tuple[Hands, tuple[int, int, int], int], Values] = {}

    def final(self, piles: tuple[int, int, int]) -> Values:
        top = max(piles)
        joint = piles.count(top)
        firsts = tuple(1.0 / joint if piles[s] == top else 0.0 for s in range(SEATS))
        scores = tuple(firsts[s] + self.weight * (piles[s] - max(piles[(s + 1) % SEATS], piles[(s + 2) % SEATS]))
                       for s in range(SEATS))
        return (scores[0], scores[1], scores[2]), (firsts[0], firsts[1], firsts[2])

    def after_round(self, hands: Hands, piles: tuple[int, int, int], winner: int, play: int) -> Values:
        """The round is over: ``winner`` scores ``play`` (CP-16), then the end check (CP-17) and
        the next leader (CP-18)."""
        grown = list(piles)
        grown[winner] += SIZE[play]
        done = grown[0], grown[1], grown[2]
        leader = next_leader([sum(hand) for hand in hands], winner)
        if leader < 0:
            return self.final(done)
        return self.round(hands, done, leader)

    def rest(self, hands: Hands, piles: tuple[int, int, int], current: int, owner: int,
             pending: tuple[int, ...]) -> Values:
        """The round under way: the ``pending`` seats act in turn on ``current`` (CP-13, CP-14)."""
        if not pending:
            return self.after_round(hands, piles, owner, current)
        seat, later = pending[0], pending[1:]
        return self.best(seat, self.follows(hands, piles, current, owner, seat, later))[1]

    def follows(self, hands: Hands, piles: tuple[int, int, int], current: int, owner: int,
                seat: int, later: tuple[int, ...]) -> list[tuple[int, Values]]:
        found = []
        for play in legal_ids(list(hands[seat]), current):
            if play == PASS_ID:
                found.append((play, self.rest(hands, piles, current, owner, later)))
            else:
                found.append((play, self.rest(_take(hands, seat, play), piles, play, seat, later)))
        return found

    def leads(self, hands: Hands, piles: tuple[int, int, int], leader: int) -> list[tuple[int, Values]]:
        found = []
        for play in legal_ids(list(hands[leader]), PASS_ID):
            after = _take(hands, leader, play)
            pending = tuple(s for s in ((leader + 1) % SEATS, (leader + 2) % SEATS) if any(after[s]))
            found.append((play, self.rest(after, piles, play, leader, pending)))
        return found

    def round(self, hands: Hands, piles: tuple[int, int, int], leader: int) -> Values:
        key = (hands, piles, leader)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.rounds += 1
        if self.rounds > self.limit:
            raise TooLarge
        value = self.best(leader, self.leads(hands, piles, leader))[1]
        self.memo[key] = value
        return value

    @staticmethod
    def best(seat: int, options: list[tuple[int, Values]]) -> tuple[int, Values]:
        """The option best for ``seat``; between equals the one worst for the others, then the
        first in the engine's order."""
        return max(options, key=lambda o: (o[1][0][seat], o[1][0][seat] - sum(o[1][0])))


def solve(hands: list[list[int]], piles: list[int], current: int, owner: int, seat: int,
          pending: list[int], weight: float, limit: int) -> list[tuple[int, float, float]]:
    """Every legal action of ``seat`` (to act) with its exact result and first-place share, best
    first as ``Endgame.best`` ranks them (ties in the engine's order). ``current`` is ``PASS_ID``
    when ``seat`` leads; otherwise ``owner`` holds ``current`` and ``pending`` act after ``seat``
    in this round. Raises ``TooLarge`` past ``limit`` rounds."""
    game = Endgame(weight, limit)
    state: Hands = (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]))
    pile_tuple = (piles[0], piles[1], piles[2])
    if current == PASS_ID:
        options = game.leads(state, pile_tuple, seat)
    else:
        options = game.follows(state, pile_tuple, current, owner, seat, tuple(pending))
    ranked = sorted(options, key=lambda o: (-o[1][0][seat], sum(o[1][0]) - o[1][0][seat]))
    return [(play, scores[seat], firsts[seat]) for play, (scores, firsts) in ranked]
