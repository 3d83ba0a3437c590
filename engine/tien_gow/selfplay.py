"""Random self-play, fast: the JSON line of a deal played by four ``random`` seats, made on the
kernel's integers for ``python -m engine selfplay``.

The line is byte for byte what the generic path writes (``new_deal``, a seat view and
``Random.choice`` per action, ``to_record``, compact ``json.dumps``; tests/engine/test_selfplay.py),
because every random draw is the same ``getrandbits`` call on the same generator in the same
order: the deal's as ``new_deal`` makes them (``randrange`` for the banker, then
``Random.shuffle`` of the pack), each seat's as ``kernel.random_deal`` makes them. The JSON is
joined from fragments written once per tile, set, discard and seat in ``json.dumps``'s compact
form.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from operator import itemgetter

from engine.rng import randbelow, shuffle
from engine.tien_gow import kernel
from engine.tien_gow.ladders import PACK as TILE_PACK
from engine.tien_gow.ladders import POSITION
from engine.tien_gow.record import FORMAT
from engine.tien_gow.table import HAND_SIZE, KEY, SEATS

assert all(kernel.POSITION[t] == i for t, i in POSITION.items())  # one canonical order
# The pack in new_deal's order before the shuffle, each tile as its field in a packed code (the
# unit of its canonical position): a hand's code is the sum of its ints, and its ints sorted are
# the hand as deal_from_hands sorts it.
PACK: tuple[int, ...] = tuple(1 << (3 * POSITION[t]) for t in TILE_PACK)
_UNIT = tuple(1 << (3 * i) for i in range(kernel.N_IDS))  # position -> its field in a code
_QUOTED = {1 << (3 * i): json.dumps(t.key) for i, t in enumerate(kernel.ORDER)}  # unit -> JSON
_HANDS = tuple(slice(s * HAND_SIZE, (s + 1) * HAND_SIZE) for s in range(SEATS))  # in the pack


_FACE_UP = (json.dumps(False), json.dumps(True))


def _tiles(code: int) -> str:
    """The tiles of a code as a JSON list, in canonical order (lowest field first)."""
    tiles = []
    held = (code | code >> 1 | code >> 2) & kernel.LOW  # the unit of every nonzero field
    while held:
        unit = held & -held
        tiles += [_QUOTED[unit]] * ((code // unit) & 7)
        held ^= unit
    return "[" + ",".join(tiles) + "]"


def _action(seat: int, action: int) -> str:
    face_up = _FACE_UP[action < kernel.DOWN]
    return f'{{"player":{seat},"tiles":{_tiles(kernel.action_code(action))},"face_up":{face_up}}}'


class _FollowLabels(dict[int, str]):
    """A follower's actions as ``,`` + the action's JSON: every face-up set and every discard of
    one or two tiles written at once, larger discards (any of thousands of tile choices, rarely
    met) the first time each is met."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        pairs = {a + b for a in _UNIT for b in _UNIT}
        for action in (*range(len(kernel.SET_CODE)), *(kernel.DOWN + code for code in {*_UNIT, *pairs})):
            self[action] = "," + _action(seat, action)

    def __missing__(self, action: int) -> str:
        label = self[action] = "," + _action(self.seat, action)
        return label


class _PaymentLabels(dict[tuple[int, int, int, str], str]):
    """A payment's JSON by its ledger entry, written the first time each is met."""

    def __missing__(self, entry: tuple[int, int, int, str]) -> str:
        payer, payee, amount, why = entry
        label = self[entry] = json.dumps({"from": payer, "to": payee, "amount": amount, "why": why},
                                         separators=(",", ":"))
        return label


_PAYMENTS = _PaymentLabels()
# The record's tricks, as kernel.random_deal's trace writes them (a trick ends with a comma).
_TRACE_LEADS = tuple(tuple(f'{{"leader":{seat},"actions":[' + _action(seat, s)
                           for s in range(len(kernel.SET_CODE))) for seat in range(SEATS))
_TRACE_FOLLOWS = tuple(_FollowLabels(seat) for seat in range(SEATS))
_TRACE_DISCARDS = tuple(tuple(_TRACE_FOLLOWS[seat][kernel.DOWN + unit] for unit in _UNIT) for seat in range(SEATS))
_TRACE_ENDS = tuple(f'],"winner":{seat}}},' for seat in range(SEATS))
_HEAD = f'{{"format":{FORMAT},"game":{json.dumps(KEY)},"seed":'


def deal_hands(draw: Callable[[int], int]) -> tuple[list[list[int]], int]:
    """The four hands of ``new_deal(seed)`` as dealt (each a sorted list of its tiles' units) and
    its banker, from the same draws (``draw``: ``make_bits(seed)``)."""
    banker = randbelow(draw, SEATS)
    pack = list(PACK)
    # the first hand's order is left unsettled (it is sorted) and nothing draws afterwards
    shuffle(pack, draw, settled=HAND_SIZE)
    return list(map(sorted, map(pack.__getitem__, _HANDS))), banker  # map: no comprehension's frame


def random_record_line(seed: int, deal_bits: Callable[[int], int],
                       seat_bits: Sequence[Callable[[int], int]]) -> str:
    """Tien Gow's ``GameSpec.random_record_line`` (engine/spec.py): the banker and the hands as
    ``new_deal`` draws them, every trick as ``kernel.random_deal`` plays it (its trace written into
    the line itself), then the pillars, the ledger of payments, the net and the next banker."""
    dealt, banker = deal_hands(deal_bits)
    codes = list(map(sum, dealt))
    # itemgetter: a hand's tiles as JSON in one call (a tuple: a hand holds more than one tile)
    line = [_HEAD, str(seed), ',"banker":', str(banker), ',"hands":[[',
            "],[".join([",".join(itemgetter(*hand)(_QUOTED)) for hand in dealt]), ']],"tricks":[']
    pillars, ledger, winner = kernel.random_deal(
        codes, banker, seat_bits, (line, _TRACE_LEADS, _TRACE_FOLLOWS, _TRACE_DISCARDS, _TRACE_ENDS))
    line[-1] = line[-1][:-1]  # the last trick's end, without the comma between tricks
    net = [0] * SEATS
    kernel.add_payments(net, ledger)
    line += ('],"pillars":[', ",".join(map(str, pillars)),
             '],"payments":[', ",".join(map(_PAYMENTS.__getitem__, ledger)),
             '],"net":[', ",".join(map(str, net)),
             '],"next_banker":', str(winner), "}\n")
    return "".join(line)
