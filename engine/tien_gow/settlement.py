"""Payments: the immediate Supreme and quartet money (TG-16) and the final settlement
(TG-13 … TG-18), as a ledger of ``Payment`` entries that sums to zero; the next banker (TG-19).

Ledger order (records compare it exactly): immediate payments at the end of their trick, payers
in play order after the winner; then the final settlement, one entry per opponent in play order
after the winner. Zero amounts are not entered.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.outcome import Outcome, Payment
from engine.outcome import net as net_of
from engine.tien_gow.ladders import BIG_SIX, LITTLE_THREE
from engine.tien_gow.sets import SUPREME, TileSet
from engine.tien_gow.table import SEATS, others
from engine.tien_gow.variants import DEFAULT, Rules

SUPREME_WHY, QUARTET_WHY = "supreme", "quartet"
SETTLEMENT_WHY, CAPTURE_WHY = "settlement", "capture"
WHYS = (SUPREME_WHY, QUARTET_WHY, SETTLEMENT_WHY, CAPTURE_WHY)
SUPREME_MONEY = 2  # TG-16: from each other player
QUARTET_MONEY = 4  # TG-16: from each other player


def banker_factor(banker: int, a: int, b: int, times: int = 2) -> int:
    """TG-14 and TG-16: ×2 when the banker is payer or payee (``times``: ×3, ×4 … for a rising
    banker who keeps the bank)."""
    return times if banker == a or banker == b else 1


def immediate_payments(winner: int, won_with: TileSet, banker: int,
                       rules: Rules = DEFAULT) -> tuple[Payment, ...]:
    """TG-16: the Supreme collects 2, a 4-tile trick (a quartet) 4, from each other player, on
    any trick including the last; doubled with the banker (``rules.banker_times``); never
    multiplied by TG-15."""
    if won_with.kind == SUPREME:
        why, money = SUPREME_WHY, SUPREME_MONEY
    elif won_with.size == 4:
        why, money = QUARTET_WHY, QUARTET_MONEY
    else:
        return ()
    return tuple(Payment(o, winner, money * banker_factor(banker, o, winner, rules.banker_times), why)
                 for o in others(winner))


def base_amount(pillars: int) -> int:
    """TG-13: what an opponent with ``pillars`` owes the winner; negative when the winner owes.
    0 pillars: 5; 1-4 pillars: 4 - p; more than 4: the winner owes p - 4."""
    return 5 if pillars == 0 else 4 - pillars


def final_multiplier(won_with: TileSet, winner_pillars: int) -> int:
    """TG-15: ×2 for a last trick won with a quartet, the Supreme or a single Little Three;
    a further ×2 for a sweep of all 8 pillars. At most one of the first three can apply."""
    f = 1
    if won_with.size == 4 or won_with.kind == SUPREME or won_with.tiles == (LITTLE_THREE,):
        f *= 2
    if winner_pillars == 8:
        f *= 2
    return f


def is_capture(lead: TileSet, won_with: TileSet) -> bool:
    """TG-17: the last trick was a single led with the Little Three and won by the Big Six
    (directly, or over an intermediate Five)."""
    return lead.tiles == (LITTLE_THREE,) and won_with.tiles == (BIG_SIX,)


def settled_factor(rules: Rules, banker: int, o: int, winner: int, base: int) -> int:
    """TG-14's factor between the winner and opponent ``o`` owing ``base``: the banker's
    (``rules.banker_times``), except for a losing banker's excess under hk-banker-excess."""
    if base < 0 and o == banker and not rules.excess_doubled:
        return 1
    return banker_factor(banker, o, winner, rules.banker_times)


def final_payments(pillars: tuple[int, ...], banker: int, winner: int, leader: int,
                   lead: TileSet, won_with: TileSet, rules: Rules = DEFAULT) -> tuple[Payment, ...]:
    """TG-18, in order: base (TG-13), banker factor (TG-14, under ``rules``), multiplier F
    (TG-15), capture (TG-17). ``leader``/``lead`` and ``won_with`` describe the last trick."""
    f = final_multiplier(won_with, pillars[winner])
    capture = is_capture(lead, won_with)
    ledger = []
    for o in others(winner):
        base = base_amount(pillars[o])
        amount = base * settled_factor(rules, banker, o, winner, base) * f
        if amount > 0:
            if capture and o != leader:  # TG-17: the Little Three's leader pays X's and Y's debt
                ledger.append(Payment(leader, winner, amount, CAPTURE_WHY))
            else:
                ledger.append(Payment(o, winner, amount, SETTLEMENT_WHY))
        elif amount < 0:  # TG-13 / TG-17: the winner pays the excess; never moved by a capture
            ledger.append(Payment(winner, o, -amount, SETTLEMENT_WHY))
    return tuple(ledger)


class SettlementLine(NamedTuple):
    """How one opponent's final settlement with the winner is made (TG-13 … TG-15)."""

    seat: int
    pillars: int
    base: int  # TG-13: positive, the opponent owes the winner; negative, the winner owes
    banker: int  # TG-14: the banker's ×2 (×3, ×4 … rising) when the banker pays or is paid, else ×1
    multiplier: int  # TG-15: F, from how the last trick was won and a sweep
    amount: int  # base × banker × multiplier (before a TG-17 capture moves who pays it)


def settlement_working(pillars: tuple[int, ...], banker: int, winner: int,
                       won_with: TileSet, rules: Rules = DEFAULT) -> tuple[SettlementLine, ...]:
    """The working of ``final_payments``, one line per opponent of the winner, in play order."""
    f = final_multiplier(won_with, pillars[winner])
    lines = []
    for o in others(winner):
        base = base_amount(pillars[o])
        factor = settled_factor(rules, banker, o, winner, base)
        lines.append(SettlementLine(o, pillars[o], base, factor, f, base * factor * f))
    return tuple(lines)


def net(payments: Iterable[Payment]) -> tuple[int, ...]:
    """Each seat's total of all payments (received minus paid); the totals sum to zero."""
    return net_of(list(payments), SEATS)


def is_immediate(payment: Payment) -> bool:
    """TG-16 payments (Supreme, quartet), made at the end of their trick and never multiplied."""
    return payment.why in (SUPREME_WHY, QUARTET_WHY)


def outcome(winner: int, payments: tuple[Payment, ...]) -> Outcome:
    """TG-11: the winner of the last trick comes first; scores are the net points of the whole
    ledger; TG-19: the winner banks the next deal."""
    return Outcome(first=(winner,), scores=net(payments), ledger=payments, next_first=winner)
