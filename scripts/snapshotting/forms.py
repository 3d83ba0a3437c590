"""A puzzle's answer form (``<form class="answer">``), read from its page, and the answers to
send to it: the right one, a wrong one, every option."""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from scripts.snapshotting.common import Fields


@dataclass
class AnswerForm:
    """The fields of a puzzle's answer form (``<form class="answer">``)."""

    buttons: list[tuple[str, str]] = field(default_factory=list)
    tiles: list[tuple[str, str]] = field(default_factory=list)  # (checkbox value, data-tile)
    radios: list[tuple[str, str]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    selects: list[tuple[str, list[str]]] = field(default_factory=list)


class AnswerFormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.form: AnswerForm | None = None
        self._inside = False
        self._pending_tile: str | None = None
        self._select: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "answer" in a.get("class", "").split():
            self._inside, self.form = True, AnswerForm()
            return
        if not self._inside or self.form is None:
            return
        form = self.form
        if tag == "button" and a.get("name"):
            form.buttons.append((a["name"], a.get("value", "")))
        elif tag == "input":
            kind = a.get("type", "text")
            if kind == "checkbox" and a.get("name") == "tile":
                self._pending_tile = a.get("value", "")
            elif kind == "radio":
                form.radios.append((a.get("name", ""), a.get("value", "")))
            elif kind == "text":
                form.texts.append(a.get("name", ""))
        elif tag == "svg" and "data-tile" in a and self._pending_tile is not None:
            form.tiles.append((self._pending_tile, a["data-tile"]))
            self._pending_tile = None
        elif tag == "select":
            self._select = (a.get("name", ""), [])
            form.selects.append(self._select)
        elif tag == "option" and self._select is not None:
            self._select[1].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._inside = False
        elif tag == "select":
            self._select = None


def answer_form(html: str) -> AnswerForm | None:
    parser = AnswerFormParser()
    parser.feed(html)
    return parser.form


def canonical(key: str) -> str:
    a, b = key.split("-")
    return f"{min(a, b)}-{max(a, b)}"


def tile_fields(form: AnswerForm, notation: str) -> Fields | None:
    """The checkboxes that select the tiles of ``notation`` (each copy once)."""
    used: set[str] = set()
    fields: Fields = []
    for key in notation.split():
        match = next((value for value, k in form.tiles
                      if value not in used and canonical(k) == canonical(key)), None)
        if match is None:
            return None
        used.add(match)
        fields.append(("tile", match))
    return fields


def right_and_wrong(puzzle: dict[str, Any], form: AnswerForm) -> tuple[Fields | None, Fields | None]:
    """The accepted answer (from ``GET /api/v1/<game>/puzzles``) and a wrong one, as form fields."""
    kind, answers = puzzle.get("kind"), puzzle.get("answers") or []
    if not answers:
        return None, None
    accepted = answers[0]
    buttons = [v for n, v in form.buttons if n == "answer"]
    if kind == "judge":
        wrong = next((v for v in buttons if v not in answers), None)
        return [("answer", accepted)], [("answer", wrong)] if wrong else None
    if kind in ("beat-or-pass", "bonus"):
        skip = "pass" if kind == "beat-or-pass" else "none"
        lone = [("tile", form.tiles[0][0]), ("answer", "play")] if form.tiles else None
        if accepted == skip:
            return [("answer", skip)], lone
        chosen = tile_fields(form, accepted)
        return (chosen + [("answer", "play")] if chosen is not None else None), [("answer", skip)]
    if kind in ("round", "trick"):
        if "number" in form.texts:
            number = int(accepted)
            return ([("number", str(number)), ("answer", "check")],
                    [("number", str(number + 1)), ("answer", "check")])
        wrong = next((v for _, v in form.radios if v != str(accepted)), None)
        return ([("seat", str(accepted)), ("answer", "check")],
                [("seat", wrong), ("answer", "check")] if wrong else None)
    if kind == "settlement" and isinstance(accepted, dict):
        right: Fields = []
        wrong_fields: Fields = []
        for i, (name, _) in enumerate(form.selects):
            seat = name.removeprefix("dir-")
            amount = int(accepted.get(seat, 0))
            direction = "pays" if amount >= 0 else "receives"
            right += [(name, direction), (f"pay-{seat}", str(abs(amount)))]
            wrong_fields += [(name, direction), (f"pay-{seat}", str(abs(amount) + (i == 0)))]
        return right + [("answer", "check")], wrong_fields + [("answer", "check")]
    return None, None


def options(form: AnswerForm) -> list[Fields]:
    """Every option of the form, one at a time: each tile alone, each other button, each seat,
    a number, a settlement of zeros; and an empty answer (incomplete)."""
    buttons = [(n, v) for n, v in form.buttons if n == "answer"]
    found: list[Fields] = []
    if form.tiles:
        found += [[("tile", value), ("answer", "play")] for value, _ in form.tiles]
        found += [[b] for b in buttons if b[1] != "play"]
        found.append([("answer", "play")])
    elif form.radios:
        found += [[r, ("answer", "check")] for r in form.radios]
    elif "number" in form.texts:
        found += [[("number", "0"), ("answer", "check")], [("answer", "check")]]
    elif form.selects:
        for direction in ("pays", "receives"):
            fields: Fields = []
            for name, _ in form.selects:
                fields += [(name, direction), (f"pay-{name.removeprefix('dir-')}", "1")]
            found.append(fields + [("answer", "check")])
    else:
        found += [[b] for b in buttons]
    found.append([("answer", "")])
    return found
