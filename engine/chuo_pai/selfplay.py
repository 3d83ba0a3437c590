"""Random self-play, fast: the JSON line of a deal played by three ``random`` seats, made on the
kernel's integers for ``python -m engine selfplay``.

The line is byte for byte what the generic path writes (``new_deal``, a seat view and
``Random.choice`` per action, ``to_record``, compact ``json.dumps``; tests/engine/test_selfplay.py),
because every random draw is the same ``getrandbits`` call on the same generator in the same
order: the deal's as ``new_deal`` makes them (``Random.shuffle`` of the pack, then ``randrange``
for the first leader), each seat's as ``kernel.random_deal`` makes them. The JSON is joined from
fragments written once per card, play and seat in ``json.dumps``'s compact form.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from operator import itemgetter

from engine.chuo_pai import kernel
from engine.chuo_pai.families import NAIL, TWO_RED, display_key
from engine.chuo_pai.record import FORMAT
from engine.chuo_pai.table import COPIES, HAND_SIZE, KEY, SEATS
from engine.rng import randbelow, shuffle, skip_shuffle
from engine.tiles import ALL_TILES

# The pack in new_deal's order before the shuffle, each card written as its place in display
# order: a hand's ints sorted are the hand as deal_from_hands sorts it.
_DISPLAY = sorted(ALL_TILES, key=display_key)
_RANK = {t: rank for rank, t in enumerate(_DISPLAY)}
PACK: tuple[int, ...] = tuple(_RANK[t] for t in ALL_TILES for _ in range(COPIES))
_INDEX = tuple(t.index for t in _DISPLAY)  # rank -> Tile.index (the kernel's hand position)
_QUOTED = tuple(json.dumps(t.key) for t in _DISPLAY)  # rank -> the card in a JSON list
_NAIL, _TWO_RED = NAIL.index, TWO_RED.index
_TILES = tuple("[" + ",".join(json.dumps(k) for k in keys) + "]" for keys in kernel.KEYS)
# The record's rounds, as kernel.random_deal's trace writes them (a round ends with a comma).
_ACTIONS = tuple(tuple(f'{{"player":{seat},"tiles":{tiles}}}' for tiles in (*_TILES, "[]"))
                 for seat in range(SEATS))  # by play id; the pass (-1) last
_TRACE_LEADS = tuple(tuple(f'{{"leader":{seat},"actions":[{action}' for action in _ACTIONS[seat])
                     for seat in range(SEATS))
_TRACE_FOLLOWS = tuple(tuple("," + action for action in _ACTIONS[seat]) for seat in range(SEATS))
_TRACE_ENDS = tuple(f'],"winner":{seat}}},' for seat in range(SEATS))
_HANDS = tuple(slice(s * HAND_SIZE, (s + 1) * HAND_SIZE) for s in range(SEATS))  # in the pack
# _BONUS[n][m]: the CP-4 bonus of n Nails (1-2) and m Two Reds (2-4), as JSON
_BONUS = tuple(tuple("[" + ",".join([json.dumps(NAIL.key)] * n + [json.dumps(TWO_RED.key)] * m) + "]"
                     for m in range(COPIES + 1)) for n in range(COPIES + 1))
_HEAD = f'{{"format":{FORMAT},"game":{json.dumps(KEY)},"seed":'


def deal_hands(draw: Callable[[int], int]) -> tuple[list[list[int]], int]:
    """The three hands of ``new_deal(seed)`` as dealt (each a sorted list of display ranks) and
    its first leader, from the same draws (``draw``: ``make_bits(seed)``)."""
    pack = list(PACK)
    # the first hand's order is left unsettled (it is sorted), its steps' draws still made
    shuffle(pack, draw, settled=HAND_SIZE)
    skip_shuffle(HAND_SIZE, draw)
    leader = randbelow(draw, SEATS)
    return list(map(sorted, map(pack.__getitem__, _HANDS))), leader  # map: no comprehension's frame


def random_record_line(seed: int, deal_bits: Callable[[int], int],
                       seat_bits: Sequence[Callable[[int], int]]) -> str:
    """Chuo Pai's ``GameSpec.random_record_line`` (engine/spec.py): the hands and the CP-4 bonus
    as ``new_deal`` deals them, then every round as ``kernel.random_deal`` plays it, its trace
    written into the line itself, then the piles and the winners (CP-19): one join."""
    dealt, first = deal_hands(deal_bits)
    hands, bonus, piles, sizes = [], [], [], []
    for ranks in dealt:
        hand = [0] * len(ALL_TILES)
        for rank in ranks:
            hand[_INDEX[rank]] += 1
        nails, two_reds = hand[_NAIL], hand[_TWO_RED]
        moved = nails + two_reds if nails and two_reds else 0  # CP-4: every 1-2 and 2-4 moves
        if moved:
            hand[_NAIL] = hand[_TWO_RED] = 0
        hands.append(hand)
        bonus.append(_BONUS[nails][two_reds] if moved else "[]")
        piles.append(moved)
        sizes.append(len(ranks) - moved)
    # itemgetter: a hand's cards as JSON in one call (a tuple: a hand holds more than one card)
    line = [_HEAD, str(seed),
            ',"hands":[[', "],[".join([",".join(itemgetter(*ranks)(_QUOTED)) for ranks in dealt]),
            ']],"bonus":[', ",".join(bonus),
            '],"first_leader":', str(first),
            ',"rounds":[']
    if len(sizes) - sizes.count(0) > 1 and sizes[first]:  # CP-17: two hands hold cards
        kernel.random_deal(hands, sizes, piles, first, seat_bits,
                           (line, _TRACE_LEADS, _TRACE_FOLLOWS, _TRACE_ENDS))
        line[-1] = line[-1][:-1]  # the last round's end, without the comma between rounds
    top = max(piles)
    line += ('],"piles":[', ",".join(map(str, piles)),
             '],"winners":[', ",".join([str(s) for s in range(SEATS) if piles[s] == top]), "]}\n")
    return "".join(line)
