"""The Chuo Pai table: three seats, clockwise (CP-2); the hand grouped by family; piles."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from flask_babel import pgettext

from engine.chuo_pai import SeatView
from engine.chuo_pai.families import FAMILIES, FAMILY_OF, SPECIAL, display_key
from engine.chuo_pai.view import round_dict
from paiyou.games.chuo_pai.vocabulary import FAMILY_NAMES
from paiyou.i18n.numerals import num
from paiyou.tables import presenter
from paiyou.tables.table import checkable, keys, playable_keys


class ChuoPaiViewJson(presenter.ViewJson):
    first_leader: int
    current: CurrentJson | None
    round: dict[str, object] | None
    rounds: list[dict[str, object]]
    bonus: list[list[str]]
    piles: list[int]
    winners: list[int] | None


CurrentJson = TypedDict("CurrentJson", {"player": int | None, "tiles": list[str], "class": str,
                                        "kind": str})


class ChuoPaiRow(presenter.ResultRow):
    left: int
    bonus: int


class ChuoPaiResult(presenter.Result):
    top: int
    winner_names: list[str]


class ChuoPaiTable:
    # CP-2 clockwise: bottom -> left -> right along the top.
    positions: tuple[str, ...] = ("bottom", "left", "right")

    def seat_names(self) -> tuple[str, ...]:
        return (pgettext("play seat", "You"), pgettext("play seat", "West"),
                pgettext("play seat", "East"))

    def view_json(self, view: SeatView) -> ChuoPaiViewJson:
        return {
            "seat": view.seat, "hand": keys(view.hand), "hand_sizes": list(view.hand_sizes),
            "to_act": view.to_act, "your_turn": view.my_turn, "is_over": view.is_over,
            "leader": view.leader, "first_leader": view.first_leader,
            "legal_actions": [a.as_dict() for a in view.legal_actions()],
            "current": self._current_json(view),
            "round": round_dict(view.round) if view.round is not None else None,
            "rounds": [round_dict(r) for r in view.rounds],
            "bonus": [keys(b) for b in view.bonus],
            "piles": list(view.piles),
            "winners": list(view.winners) if view.is_over else None,
        }

    @staticmethod
    def _current_json(view: SeatView) -> CurrentJson | None:
        if view.current is None:
            return None
        return {"player": view.owner, "tiles": keys(view.current.tiles), "class": view.current.cls,
                "kind": view.current.kind}

    def hand_groups(self, view: SeatView, selected: Sequence[str]) -> list[presenter.HandGroup]:
        """Grouped by family, strongest first (CP-7)."""
        item = checkable(playable_keys(view), selected)
        groups: list[presenter.HandGroup] = []
        for family in FAMILIES:
            members = sorted((t for t in view.hand if FAMILY_OF[t] == family), key=display_key)
            if members:
                groups.append({"family": family, "tiles": [item(t) for t in members]})
        return groups

    def legal_choices(self, view: SeatView) -> presenter.Choices:
        legal = view.legal_actions()
        plays = [a for a in legal if a.tiles]
        can_pass = any(not a.tiles for a in legal)
        groups: dict[str, list[str]] = {}
        for a in plays:
            groups.setdefault(a.cls, []).append(a.notation)  # type: ignore[union-attr]
        order = [*FAMILIES, SPECIAL]
        return {
            "plays": [{"class": cls, "plays": groups[cls]} for cls in order if cls in groups],
            "count": len(plays), "can_pass": can_pass, "discard": 0,
        }

    def seats_model(self, view: SeatView, names: Sequence[str], agents: Sequence[str],
                    order: presenter.Reveals) -> list[presenter.Seat]:
        plays: dict[int, list[presenter.SeatPlay]] = {}
        if view.round is not None:
            for i, (seat, play) in enumerate(view.round.actions):
                tiles = keys(play.tiles)
                is_high = view.owner == seat and bool(tiles) and view.current is not None \
                    and list(view.current.tiles) == list(play.tiles)
                plays.setdefault(seat, []).append({
                    "tiles": tiles, "pass": not tiles, "lead": i == 0, "high": is_high,
                    "face_up": True, "count": len(tiles),
                    "reveal": order.get(("play", seat, i)),
                })
        return [{
            "seat": s, "name": names[s], "position": presenter.place(self.positions, s, view.seat), "agent": agents[s],
            "human": s == view.seat, "left": view.hand_sizes[s], "score": view.piles[s],
            "to_act": view.to_act == s, "leader": view.leader == s, "banker": False,
            "plays": plays.get(s, []),
            "winner": view.is_over and s in view.winners,
        } for s in range(len(view.hand_sizes))]

    def round_plays(self, view: SeatView, names: Sequence[str]) -> list[presenter.RoundPlay]:
        if view.round is None:
            return []
        return [{"seat": seat, "name": names[seat], "tiles": keys(play.tiles), "pass": not play.tiles,
                 "face_up": True, "count": len(play.tiles)} for seat, play in view.round.actions]

    def last_round(self, view: SeatView, names: Sequence[str]) -> presenter.LastRound | None:
        if not view.rounds:
            return None
        finished = view.rounds[-1]
        return {"winner": names[finished.winner] if finished.winner is not None else "",
                "you_won": finished.winner == view.seat, "plays": [
            {"name": names[seat], "tiles": keys(play.tiles), "pass": not play.tiles, "face_up": True,
             "count": len(play.tiles)} for seat, play in finished.actions]}

    def round_seats(self, view: SeatView) -> list[int]:
        return [seat for seat, _ in view.round.actions] if view.round is not None else []

    def current(self, view: SeatView) -> presenter.Current | None:
        if view.current is None:
            return None
        return {"seat": view.owner, "tiles": keys(view.current.tiles), "class": view.current.cls,
                "kind": view.current.kind}

    def current_notation(self, view: SeatView) -> str | None:
        return view.current.notation if view.current is not None else None

    def result(self, view: SeatView, names: Sequence[str], viewer: int | None) -> ChuoPaiResult | None:
        outcome = view.outcome()
        if outcome is None:
            return None
        first = list(outcome.first)
        rows: list[ChuoPaiRow] = [{"seat": s, "name": names[s], "score": score, "left": view.hand_sizes[s],
                 "bonus": len(view.bonus[s]), "winner": s in first}
                for s, score in enumerate(outcome.scores)]
        return {"winners": first, "top": max(outcome.scores), "rows": rows,
                "winner_names": [names[s] for s in first], "human_won": viewer in first}

    def round_number(self, view: SeatView) -> int:
        return len(view.rounds) + (1 if view.round is not None or not view.is_over else 0)

    def class_name(self, cls: str) -> str:
        """A family (or the Special class) by its engine key."""
        if cls == SPECIAL:
            return pgettext("play", "Special combinations")
        return str(FAMILY_NAMES[cls])

    def payment_reason(self, why: str) -> str:
        return why  # no payments (CP-19: piles only)

    def choose_first(self) -> str:
        return pgettext("play", "Choose cards from your hand first.")


    def record_place(self, number: int, action: int | None) -> str:
        if action is None:
            return str(pgettext("play", "round %(num)s", num=num(number)))
        return str(pgettext("play", "round %(round)s, action %(action)s", round=num(number),
                            action=num(action)))

TABLE: presenter.Table[SeatView] = ChuoPaiTable()
