"""The Tien Gow table: four seats, counter-clockwise (TG-2); pillars, the banker, face-down
discards shown to others as a count only (TG-6), and the settlement (TG-13 … TG-18)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from flask_babel import pgettext

from engine.tien_gow import Payment, SeatView, classify, is_immediate, settlement_working
from engine.tien_gow.ladders import CIVIL, MILITARY, SUIT
from engine.tien_gow.view import SeenTrick
from paiyou.i18n.numerals import num
from paiyou.tables import presenter
from paiyou.tables.table import checkable, keys, playable_keys


def hand_group_label(suit: str) -> str:
    """The heading over one suit's tiles in the hand: the tiles, not the suit's name (Polish
    «Cywilne» over the civil tiles, where the suit's name «Cywilny» agrees with «kolor»)."""
    if suit == CIVIL:
        # TRANSLATORS: The heading over the civil tiles of a Tien Gow hand: it names the tiles.
        return pgettext("hand group", "Civil")
    # TRANSLATORS: The heading over the military tiles of a Tien Gow hand: it names the tiles.
    return pgettext("hand group", "Military")


class TienGowViewJson(presenter.ViewJson):
    banker: int
    pillars: list[int]
    trick: dict[str, object]
    tricks: list[dict[str, object]]
    payments: list[dict[str, object]]
    high: HighJson | None
    winner: int | None
    net: list[int] | None
    banker_run: NotRequired[int]  # rising-banker: the banker's deals in a row (absent for 1)


class HighJson(TypedDict):
    player: int
    tiles: list[str]


class TienGowRow(presenter.ResultRow):
    net: int
    banker: bool


class WorkingLine(TypedDict):
    """One line of the final settlement (``settlement_working``)."""

    name: str
    pillars: int
    base: int
    banker: int  # the banker's factor: 2 when the banker pays or is paid, else 1
    multiplier: int
    amount: int


class TienGowResult(presenter.Result):
    immediate: list[Payment]
    final: list[Payment]
    net: int | None  # the viewer's net points (None for a watcher: the rows give every seat's)
    next_banker: int | None
    working: list[WorkingLine]
    last: SeenTrick


class TienGowTable:
    # TG-2 counter-clockwise: bottom -> right -> top -> left.
    positions: tuple[str, ...] = ("bottom", "right", "top", "left")

    def seat_names(self) -> tuple[str, ...]:
        return (pgettext("play seat", "You"), pgettext("play seat", "East"),
                pgettext("play seat", "North"), pgettext("play seat", "West"))

    def view_json(self, view: SeatView) -> TienGowViewJson:
        """The engine's view (``SeatView.as_dict``, its keys first) and what the table adds."""
        high = view.high
        outcome = view.outcome()
        found: TienGowViewJson = {
            "seat": view.seat, "banker": view.banker, "to_act": view.to_act, "hand": keys(view.hand),
            "hand_sizes": list(view.hand_sizes), "pillars": list(view.pillars),
            "trick": view.trick.as_dict(), "tricks": [t.as_dict() for t in view.tricks],
            "payments": [p.as_dict() for p in view.payments],
            "your_turn": view.my_turn, "is_over": view.is_over, "leader": view.trick.leader,
            "legal_actions": [a.as_dict() for a in view.legal_actions()],
            "high": None if high is None else {"player": high.player, "tiles": keys(high.tiles)},
            "winner": view.winner,
            "net": list(outcome.scores) if outcome is not None else None,
        }
        if view.rules.banker_run != 1:
            found["banker_run"] = view.rules.banker_run
        return found

    def hand_groups(self, view: SeatView, selected: Sequence[str]) -> list[presenter.HandGroup]:
        """Civil tiles, then military ones (TG-1, the engine's ladders), each in canonical order."""
        item = checkable(playable_keys(view), selected)
        groups: list[presenter.HandGroup] = []
        for suit in (CIVIL, MILITARY):
            tiles = [item(t) for t in view.hand if SUIT[t] == suit]
            if tiles:
                groups.append({"family": None, "label": hand_group_label(suit), "tiles": tiles})
        return groups

    def legal_choices(self, view: SeatView) -> presenter.Choices:
        legal = view.legal_actions()
        ups = [a for a in legal if a.face_up]
        downs = [a for a in legal if not a.face_up]
        discard = len(downs[0].tiles) if downs else 0
        return {"plays": [{"class": None, "plays": [a.notation for a in ups]}] if ups else [],
                "count": len(ups), "can_pass": False, "discard": discard}

    def seats_model(self, view: SeatView, names: Sequence[str], agents: Sequence[str],
                    order: presenter.Reveals) -> list[presenter.Seat]:
        high = view.high
        plays: dict[int, list[presenter.SeatPlay]] = {}
        for i, play in enumerate(view.trick.plays):
            plays.setdefault(play.player, []).append({
                "tiles": keys(play.tiles),  # empty for another seat's face-down play
                "pass": False, "lead": i == 0,
                "high": high is not None and high.player == play.player and play.face_up,
                "face_up": play.face_up, "count": play.count,
                "reveal": order.get(("play", play.player, i)),
            })
        return [{
            "seat": s, "name": names[s], "position": presenter.place(self.positions, s, view.seat), "agent": agents[s],
            "human": s == view.seat, "left": view.hand_sizes[s], "score": view.pillars[s],
            "to_act": view.to_act == s, "leader": view.trick.leader == s and not view.is_over,
            "banker": view.banker == s, "plays": plays.get(s, []), "winner": view.winner == s,
        } for s in range(len(view.hand_sizes))]

    def round_plays(self, view: SeatView, names: Sequence[str]) -> list[presenter.RoundPlay]:
        return [{"seat": play.player, "name": names[play.player],
                 "tiles": keys(play.tiles),  # empty for another seat's face-down play
                 "pass": False, "face_up": play.face_up, "count": play.count} for play in view.trick.plays]

    def last_round(self, view: SeatView, names: Sequence[str]) -> presenter.LastRound | None:
        if not view.tricks:
            return None
        finished = view.tricks[-1]
        return {"winner": names[finished.winner] if finished.winner is not None else "",
                "you_won": finished.winner == view.seat, "plays": [
            {"name": names[play.player], "tiles": keys(play.tiles), "pass": False,
             "face_up": play.face_up, "count": play.count} for play in finished.plays]}

    def round_seats(self, view: SeatView) -> list[int]:
        return [p.player for p in view.trick.plays]

    def current(self, view: SeatView) -> presenter.Current | None:
        high = view.high
        return None if high is None else {"seat": high.player, "tiles": keys(high.tiles)}

    def current_notation(self, view: SeatView) -> str | None:
        high = view.high
        return " ".join(keys(high.tiles)) if high is not None else None

    def result(self, view: SeatView, names: Sequence[str], viewer: int | None) -> TienGowResult | None:
        outcome = view.outcome()
        if outcome is None:
            return None
        winner = outcome.first[0]
        totals = outcome.scores
        rows: list[TienGowRow] = [{"seat": s, "name": names[s], "score": view.pillars[s], "net": totals[s],
                 "banker": view.banker == s, "winner": winner == s} for s in range(len(totals))]
        return {"winners": [winner], "rows": rows,
                "immediate": [p for p in outcome.ledger if is_immediate(p)],
                "final": [p for p in outcome.ledger if not is_immediate(p)],
                "human_won": winner == viewer, "net": None if viewer is None else totals[viewer],
                "next_banker": outcome.next_first,
                "working": self._working(view, winner, names),
                "last": view.tricks[-1]}

    def _working(self, view: SeatView, winner: int, names: Sequence[str]) -> list[WorkingLine]:
        """The final settlement line by line (the engine's ``settlement_working``), from the
        last trick's winning set, which lies face up."""
        last = view.tricks[-1] if view.tricks else None
        won = next((p for p in reversed(last.plays) if p.player == winner and p.face_up), None) \
            if last is not None else None
        won_with = classify(tuple(won.tiles)) if won is not None else None
        if won_with is None:
            return []
        return [{"name": names[line.seat], "pillars": line.pillars, "base": line.base,
                 "banker": line.banker, "multiplier": line.multiplier, "amount": line.amount}
                for line in settlement_working(view.pillars, view.banker, winner, won_with,
                                                       view.rules)]

    def round_number(self, view: SeatView) -> int:
        return len(view.tricks) + (0 if view.is_over else 1)

    def class_name(self, cls: str) -> str:
        return cls  # the hand's groups carry their own heading (hand_group_label)

    def payment_reason(self, why: str) -> str:
        return {
            "supreme": pgettext("play", "Won with the Supreme"),
            "quartet": pgettext("play", "Won with a quartet"),
            "settlement": pgettext("play", "Pillar settlement"),
            "capture": pgettext("play", "Little Three capture: paid for another player"),
        }.get(why, why)

    def choose_first(self) -> str:
        return pgettext("play", "Choose tiles from your hand first.")


    def record_place(self, number: int, action: int | None) -> str:
        if action is None:
            return str(pgettext("play", "trick %(num)s", num=num(number)))
        return str(pgettext("play", "trick %(trick)s, action %(action)s", trick=num(number),
                            action=num(action)))

TABLE: presenter.Table[SeatView] = TienGowTable()
