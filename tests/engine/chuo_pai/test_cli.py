"""``python -m engine`` for Chuo Pai: judge, selfplay, replay."""
import io
import json
import subprocess
import sys
from pathlib import Path

from engine.cli import main

ROOT = Path(__file__).resolve().parents[3]


def run(argv, stdin=""):
    out = io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


def test_judge_answers_each_line_in_order():
    lines = [
        {"current": "6-6 6-6", "play": "1-1 1-1"},
        {"current": None, "play": "3-5 2-6"},
        {"current": "2-5", "play": "4-1"},
        {"current": "4-4 2-5", "play": "4-5 6-6"},
        {"current": None, "play": "4-5 6-6"},
    ]
    status, out = run(["judge", "--game", "chuo-pai"], "".join(json.dumps(x) + "\n" for x in lines))
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert answers == [
        {"valid": True, "beats": False, "reason": "not-higher", "play": "1-1 1-1"},
        {"valid": False, "beats": False, "reason": "not-a-play", "play": "2-6 3-5"},
        {"valid": True, "beats": False, "reason": "different-family", "play": "1-4"},
        {"valid": True, "beats": True, "reason": "ok", "play": "6-6 4-5"},
        {"valid": True, "beats": True, "reason": "ok", "play": "6-6 4-5"},
    ]


def test_judge_reports_malformed_lines_and_goes_on():
    stdin = "\n".join([
        '{"current": null, "play": "7-1"}', "not json", '{"current": null, "play": "6-6,"}',
        '{"current": null, "play": ""}', '{"current": "x", "play": "6-6"}', '{"current": null, "play": "6-6"}',
    ]) + "\n"
    status, out = run(["judge", "--game", "chuo-pai"], stdin)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and len(answers) == 6
    assert all("error" in a for a in answers[:5])
    assert "7-1" in answers[0]["error"] and "6-6," in answers[2]["error"]
    assert answers[5]["beats"] is True


def test_selfplay_is_deterministic_and_replay_accepts_it():
    status, first = run(["selfplay", "--game", "chuo-pai", "--deals", "3", "--seed", "5",
                         "--agents", "random,random,random"])
    _, second = run(["selfplay", "--game", "chuo-pai", "--deals", "3", "--seed", "5"])
    assert status == 0 and first == second and len(first.splitlines()) == 3
    status, verdicts = run(["replay"], first)
    assert status == 0 and verdicts.count(": ok") == 3


def test_replay_stops_at_the_first_bad_record_naming_it():
    _, records = run(["selfplay", "--game", "chuo-pai", "--deals", "3", "--seed", "1"])
    lines = records.splitlines()
    bad = json.loads(lines[1])
    bad["piles"] = [0, 0, 84]
    status, verdicts = run(["replay"], "\n".join([lines[0], json.dumps(bad), lines[2]]))
    assert status == 1
    assert verdicts.splitlines()[-1].startswith("deal 2: REJECTED: piles")
    assert "deal 3" not in verdicts


def test_module_entry_point_runs_as_a_process():
    done = subprocess.run([sys.executable, "-m", "engine", "judge", "--game", "chuo-pai"],
                          input='{"current": null, "play": "1-2 1-2"}\n', capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["valid"] is True
