"""Shared helpers for the Tien Gow tests: rigged deals and seeded random play-outs."""
import random
from collections import Counter
from dataclasses import dataclass

import pytest

from engine import tien_gow as tg
from engine.tien_gow.ladders import PACK, sort_tiles
from engine.tiles import parse_tiles


@dataclass
class Rigged:
    """A deal built from hands that make a script playable, and the script's actions."""

    start: tg.Deal
    actions: list  # (player, Action) in play order

    def play(self, upto=None):
        """The deal after the first ``upto`` actions (all by default)."""
        deal = self.start
        for player, action in self.actions[:upto]:
            deal = deal.apply(action, player)
        return deal


def rig(banker, script):
    """Build a deal from a script: a list of tricks ``(leader, [play, …])`` in play order.

    A play is face-up notation (``"6-6 3-6"``), ``"down 6-6"`` (those tiles face down) or
    ``"down 2"`` (any two tiles face down: filled from the tiles the script does not name, in
    canonical order). Seats left short of 8 tiles are filled the same way.
    """
    hands = [[] for _ in range(tg.SEATS)]
    entries = []
    for leader, plays in script:
        for k, text in enumerate(plays):
            seat = (leader + k) % tg.SEATS
            face_up = not text.startswith("down ")
            rest = text if face_up else text[len("down "):]
            if rest.isdigit():
                entries.append([seat, int(rest), False])
            else:
                tiles = parse_tiles(rest)
                hands[seat].extend(tiles)
                entries.append([seat, tiles, face_up])
    pool = sort_tiles((Counter(PACK) - Counter(t for h in hands for t in h)).elements())
    pool = list(pool)
    for entry in entries:
        if isinstance(entry[1], int):
            entry[1], pool = tuple(pool[:entry[1]]), pool[entry[1]:]
            hands[entry[0]].extend(entry[1])
    for hand in hands:
        missing = 8 - len(hand)
        hand.extend(pool[:missing])
        pool = pool[missing:]
    start = tg.deal_from_hands(hands, banker)
    return Rigged(start, [(s, tg.make_action(tiles, up)) for s, tiles, up in entries])


@pytest.fixture
def rigged():
    return rig


def play_random(seed, agent_seed=None):
    """A complete deal: ``new_deal(seed)`` played by a random agent seeded with ``agent_seed``."""
    rng = random.Random(seed if agent_seed is None else agent_seed)
    deal = tg.new_deal(seed)
    while not deal.is_over:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.fixture
def random_deal():
    return play_random
