"""Your mistakes become your puzzles: a deck per browser and game, scheduled by Leitner boxes.

Each decision of a finished deal that its analysis graded ``mistake`` or ``blunder`` can become a
card: the position as the player saw it (``replay_steps(record)[step].view(seat)``), "find a
better move", judged by ``engine.analysis.assess`` (a move graded ``best`` or ``good`` is right).

The deck is a cookie per game, ``paiyou_mistakes_<game>``: cards ``<game id>~<step>~<box>~<due>``
(due in Unix seconds) separated by dots, at most ``MAX_CARDS`` (the oldest go first). It holds
nothing hidden (the deal is over; the id only reads a finished deal). Scheduling (Leitner): a
new card is in box 1 and due at once; solved, it moves up a box and comes back after that box's
interval (``INTERVALS``: a day, three days, a week, a month); missed, it goes back to box 1 and
comes back in ten minutes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

COOKIE_PREFIX = "paiyou_mistakes_"
MAX_AGE = 365 * 24 * 3600
MAX_CARDS = 40  # about 50 bytes a card: well under a cookie's 4 KB
DAY = 24 * 3600
# Seconds until a card in that box comes back (box 1: missed, soon; the top box: a month).
INTERVALS = {1: 10 * 60, 2: DAY, 3: 3 * DAY, 4: 7 * DAY, 5: 30 * DAY}
BOXES = max(INTERVALS)
GRADES = ("mistake", "blunder")  # the decisions that become cards
_CARD = re.compile(r"^([A-Za-z0-9_-]{32})~(\d{1,4})~([1-9])~(\d{1,12})$")


def cookie_name(game: str) -> str:
    return COOKIE_PREFIX + game


@dataclass(frozen=True, slots=True)
class Card:
    game_id: str
    step: int  # the actions before the decision: its state in replay_steps
    box: int  # 1 .. BOXES
    due: int  # Unix seconds

    def dump(self) -> str:
        return f"{self.game_id}~{self.step}~{self.box}~{self.due}"


@dataclass
class Deck:
    """The cards in the order they were added."""

    cards: list[Card]

    @classmethod
    def parse(cls, value: str | None) -> Deck:
        """A deck from its cookie; malformed or repeated cards are dropped."""
        cards: dict[tuple[str, int], Card] = {}
        for item in (value or "").split(".")[:MAX_CARDS * 2]:
            m = _CARD.match(item)
            if m and 1 <= int(m.group(3)) <= BOXES:
                card = Card(m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)))
                cards.setdefault((card.game_id, card.step), card)
        return cls(list(cards.values())[-MAX_CARDS:])

    def dump(self) -> str:
        return ".".join(c.dump() for c in self.cards)

    def find(self, game_id: str, step: int) -> Card | None:
        return next((c for c in self.cards if (c.game_id, c.step) == (game_id, step)), None)

    def add(self, game_id: str, step: int, now: float) -> bool:
        """A new card in box 1, due now; False when it is already in the deck."""
        if self.find(game_id, step) is not None:
            return False
        self.cards.append(Card(game_id, step, 1, int(now)))
        del self.cards[:-MAX_CARDS]
        return True

    def answer(self, game_id: str, step: int, correct: bool, now: float) -> Card | None:
        """Leitner: solved, one box up (at most the last) and due after its interval; missed,
        back to box 1, due in ``INTERVALS[1]``. None when the card is not in the deck."""
        card = self.find(game_id, step)
        if card is None:
            return None
        box = min(card.box + 1, BOXES) if correct else 1
        moved = replace(card, box=box, due=int(now) + INTERVALS[box])
        self.cards[self.cards.index(card)] = moved
        return moved

    def due(self, now: float) -> list[Card]:
        """The cards due now, the longest waiting first."""
        return sorted((c for c in self.cards if c.due <= now), key=lambda c: c.due)

    def next_due(self) -> int | None:
        return min((c.due for c in self.cards), default=None)


__all__ = ["Deck", "Card", "cookie_name", "INTERVALS", "BOXES", "GRADES", "MAX_CARDS", "MAX_AGE"]
