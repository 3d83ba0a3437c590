"""High Card's table (``paiyou.tables.presenter.Table``): its seats (as many as the engine's
``SEATS``), the hand by rank, tricks won."""
from __future__ import annotations

from collections.abc import Sequence

from flask_babel import pgettext

from engine.high_card import SEATS, SeatView, trick_winner
from paiyou.i18n.numerals import num
from paiyou.tables import presenter
from paiyou.tables.presenter import Reveals, Table
from paiyou.tables.table import checkable, keys, playable_keys


class HighCardViewJson(presenter.ViewJson):
    trick: list[tuple[int, str]]  # the trick so far: (seat, tile)
    tricks_won: list[int]         # by seat


class HighCardResult(presenter.Result):
    winner_names: list[str]


# Where each seat sits, clockwise (HC-1) from the viewer at the bottom, by the number of seats.
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


class HighCardTable:
    positions: tuple[str, ...] = POSITIONS[SEATS]

    def seat_names(self) -> tuple[str, ...]:
        names = {"bottom": pgettext("play seat", "You"), "top": pgettext("play seat", "North"),
                 "left": pgettext("play seat", "West"), "right": pgettext("play seat", "East")}
        return tuple(names[p] for p in self.positions)

    def view_json(self, view: SeatView) -> HighCardViewJson:
        return {"seat": view.seat, "to_act": view.to_act, "hand": keys(view.hand),
                "hand_sizes": list(view.hand_sizes), "your_turn": view.to_act == view.seat,
                "is_over": view.is_over, "leader": view.leader,
                "legal_actions": [a.as_dict() for a in view.legal_actions()],
                "trick": [(s, a.notation) for s, a in view.trick], "tricks_won": list(view.won)}

    def hand_groups(self, view: SeatView, selected: Sequence[str]) -> list[presenter.HandGroup]:
        item = checkable(playable_keys(view), selected)
        return [{"family": None, "tiles": [item(t) for t in view.hand]}]

    def legal_choices(self, view: SeatView) -> presenter.Choices:
        plays = [a.notation for a in view.legal_actions()]
        return {"plays": [{"class": None, "plays": plays}] if plays else [], "count": len(plays),
                "can_pass": False, "discard": 0}

    def seats_model(self, view: SeatView, names: Sequence[str], agents: Sequence[str],
                    order: Reveals) -> list[presenter.Seat]:
        plays: dict[int, list[presenter.SeatPlay]] = {}
        for i, (seat, action) in enumerate(view.trick):
            plays.setdefault(seat, []).append({
                "tiles": keys(action.tiles), "pass": False, "lead": i == 0, "high": False,
                "face_up": True, "count": 1, "reveal": order.get(("play", seat, i))})
        outcome = view.outcome()
        return [{"seat": s, "name": names[s], "position": presenter.place(self.positions, s, view.seat),
                 "agent": agents[s], "human": s == view.seat, "left": view.hand_sizes[s], "score": view.won[s],
                 "to_act": view.to_act == s, "leader": view.leader == s, "banker": False,
                 "plays": plays.get(s, []), "winner": outcome is not None and s in outcome.first}
                for s in range(len(view.hand_sizes))]

    def round_seats(self, view: SeatView) -> list[int]:
        return [seat for seat, _ in view.trick]

    def current(self, view: SeatView) -> presenter.Current | None:
        if not view.trick:
            return None
        seat, action = view.trick[0]
        return {"seat": seat, "tiles": keys(action.tiles)}

    def current_notation(self, view: SeatView) -> str | None:
        return view.trick[0][1].notation if view.trick else None

    def result(self, view: SeatView, names: Sequence[str], viewer: int | None) -> HighCardResult | None:
        outcome = view.outcome()
        if outcome is None:
            return None
        return {"winners": list(outcome.first), "winner_names": [names[s] for s in outcome.first],
                "human_won": viewer in outcome.first,
                "rows": [{"seat": s, "name": names[s], "score": score, "winner": s in outcome.first}
                         for s, score in enumerate(outcome.scores)]}

    def round_plays(self, view: SeatView, names: Sequence[str]) -> list[presenter.RoundPlay]:
        return [{"seat": s, "name": names[s], "tiles": keys(act.tiles), "pass": False, "face_up": True,
                 "count": 1} for s, act in view.trick]

    def last_round(self, view: SeatView, names: Sequence[str]) -> presenter.LastRound | None:
        if not view.tricks:
            return None
        winner = trick_winner(*view.tricks[-1])  # HC-2, the engine's decision
        return {"winner": names[winner], "you_won": winner == view.seat, "plays": [
            {"name": names[s], "tiles": keys(act.tiles), "pass": False, "face_up": True, "count": 1}
            for s, act in view.tricks[-1]]}

    def round_number(self, view: SeatView) -> int:
        return len(view.tricks) + (0 if view.is_over else 1)

    def class_name(self, cls: str) -> str:
        return cls

    def payment_reason(self, why: str) -> str:
        return why

    def choose_first(self) -> str:
        return pgettext("play", "Choose a tile from your hand first.")

    def record_place(self, number: int, action: int | None) -> str:
        if action is None:
            return str(pgettext("play", "trick %(num)s", num=num(number)))
        return str(pgettext("play", "trick %(trick)s, action %(action)s", trick=num(number), action=num(action)))


TABLE: Table[SeatView] = HighCardTable()
