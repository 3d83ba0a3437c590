"""``python -m engine analyse --seat N --level L [--draw K]`` (issue 48): one JSON line per record
with the accuracy and the graded decisions; ``--draw`` varies the estimate's draws alone; errors
are codes (the engine writes no English sentences)."""
from __future__ import annotations

import io
import json

from engine.analysis import analyse
from engine.cli import main, play_deal

RECORDS = [play_deal("tien-gow", 7, ["standard"] * 4), play_deal("chuo-pai", 7, ["standard"] * 3)]


def run(argv: list[str], text: str) -> tuple[int, list[dict[str, object]]]:
    out = io.StringIO()
    status = main(["analyse", *argv], stdin=io.StringIO(text), stdout=out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_each_record_gets_its_accuracy_and_graded_decisions_as_the_site_grades_them():
    text = "".join(json.dumps(r) + "\n" for r in RECORDS)
    status, lines = run(["--seat", "1", "--level", "standard"], text)
    assert status == 0 and len(lines) == 2
    for record, line in zip(RECORDS, lines, strict=True):
        expected = analyse(record, 1, level="standard")  # draw 0: what the site shows
        assert line["accuracy"] == expected.accuracy
        graded = [d for d in expected.decisions if not d.forced]
        assert [(d["step"], d["played"], d["best"], d["grade"], d["cost"]) for d in line["decisions"]] == [
            (d.step, d.played.as_dict(), d.best.as_dict() if d.best else None, d.grade, d.cost) for d in graded]


def test_the_draw_varies_the_estimates_draws_and_nothing_else():
    text = json.dumps(RECORDS[0]) + "\n"
    _, (zero,) = run(["--seat", "1", "--level", "standard"], text)
    _, (again,) = run(["--seat", "1", "--level", "standard", "--draw", "0"], text)
    _, (other,) = run(["--seat", "1", "--level", "standard", "--draw", "5"], text)
    assert zero == again
    assert [d["step"] for d in other["decisions"]] == [d["step"] for d in zero["decisions"]]
    assert [d["played"] for d in other["decisions"]] == [d["played"] for d in zero["decisions"]]
    assert other != zero  # other draws, other figures
    assert other["accuracy"] == analyse(RECORDS[0], 1, level="standard", draw=5).accuracy


def test_errors_are_codes_one_line_per_record_and_the_status_says_so():
    good = json.dumps(RECORDS[0])
    unfinished = dict(RECORDS[0], tricks=[])
    text = "\n".join([good, "not json", "[1]", json.dumps({"game": "bridge"}), json.dumps(unfinished), ""])
    status, lines = run(["--seat", "1", "--level", "standard"], text)
    assert status == 1 and "accuracy" in lines[0]
    assert [line.get("error") for line in lines[1:4]] == ["bad-record", "not-an-object", "unknown-game"]
    assert isinstance(lines[4].get("error"), str)
    assert run(["--seat", "1", "--level", "greedy"], good)[1] == [{"error": "level-cannot-estimate"}]
    assert run(["--seat", "9", "--level", "standard"], good)[1] == [{"error": "not-a-seat"}]
    assert run(["--seat", "1", "--level", "standard", "--draw", "-1"], good)[1] == [{"error": "bad-draw"}]
