"""The lessons and puzzles in content/puzzles/: every puzzle's author answer is what the engine
says, the path covers every rule, and the texts reach the puzzles catalog.

Answers are never stored: ``Puzzle.solution`` asks the engine. This test is what keeps the
author's claim (``answer = …`` in the file) and the engine in agreement.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.tien_gow.settlement import final_payments, net
from engine.tiles import parse_tiles
from paiyou.puzzles import practice
from paiyou.puzzles.extract import extract_lessons
from paiyou.puzzles.loading import load_course, parse_lesson
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    GAMES,
    JUDGE,
    ContentError,
    Puzzle,
)
from paiyou.puzzles.solving import expected_answers
from paiyou.registry import game_module
from tests.game_policy import load_policy

SETTLEMENT = game_module("tien-gow", "puzzles").SETTLEMENT

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
COURSES = {game: load_course(CONTENT, game) for game in GAMES}
POLICY = {game: load_policy(game) for game in GAMES}  # content/puzzles/<game>/policy.toml
ALL_PUZZLES = [p for game in GAMES for p in COURSES[game].puzzles]


@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda p: p.key)
def test_the_authors_answer_is_the_engines(puzzle: Puzzle) -> None:
    engine = puzzle.solution.answers
    author = expected_answers(puzzle)
    assert sorted(map(repr, engine)) == sorted(map(repr, author)), (puzzle.key, engine, author)


@pytest.mark.parametrize("game", GAMES)
def test_an_ordered_path_of_the_declared_lessons_and_puzzles(game: str) -> None:
    """Chuo Pai and Tien Gow: at least 6 lessons, 40 puzzles, 4 a lesson (their policy.toml)."""
    course, policy = COURSES[game], POLICY[game]
    assert len(course.lessons) >= policy.min_lessons
    assert [lesson.number for lesson in course.lessons] == list(range(1, len(course.lessons) + 1))
    assert len(course.puzzles) >= policy.min_puzzles
    for lesson in course.lessons:
        assert lesson.steps[0].kind == "explain", "a lesson starts by explaining"
        assert len(lesson.puzzles) >= policy.min_puzzles_per_lesson


@pytest.mark.parametrize("game", GAMES)
def test_the_path_covers_every_rule(game: str) -> None:
    policy = POLICY[game]
    named = set().union(*(lesson.rules() for lesson in COURSES[game].lessons))
    rules = {f"{policy.rule_prefix}-{n}" for n in range(1, policy.rule_sections + 1)}
    assert named == rules if policy.path_covers_every_rule else named and named <= rules


@pytest.mark.parametrize("game", GAMES)
def test_every_puzzle_names_its_rules_and_ids_are_unique(game: str) -> None:
    ids = [p.id for p in COURSES[game].puzzles]
    assert len(ids) == len(set(ids))
    for p in COURSES[game].puzzles:
        assert p.rules and all(r.startswith(POLICY[game].rule_prefix + "-") for r in p.rules)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_kinds_its_policy_declares(game: str) -> None:
    assert set(POLICY[game].puzzle_kinds) <= {p.kind for p in COURSES[game].puzzles}


def test_the_kinds_the_issue_asks_for_are_all_there() -> None:
    kinds = {(p.game, p.kind) for p in ALL_PUZZLES}
    assert {("chuo-pai", JUDGE), ("chuo-pai", BEAT_OR_PASS), ("tien-gow", JUDGE),
            ("tien-gow", BEAT_OR_PASS), ("tien-gow", SETTLEMENT)} <= kinds
    judge_answers = {p.solution.answers[0] for p in ALL_PUZZLES if p.kind == JUDGE}
    assert judge_answers == {"beats", "does-not-beat", "not-a-play"}
    bop = [p for p in ALL_PUZZLES if p.kind == BEAT_OR_PASS]
    assert any(p.solution.answers == ("pass",) for p in bop if p.game == "chuo-pai")
    assert any(len(p.solution.answers) > 1 for p in bop), "a position with several right answers"
    reasons = {p.solution.reason for p in bop if p.game == "tien-gow"}
    assert {"can-beat", "cannot-beat", "early-death"} <= reasons, "face up, face down, early death"


def test_chuo_pai_beat_or_pass_answers_are_what_a_deal_would_allow() -> None:
    """The same position through the engine's Deal: beat with each answer, or pass (CP-14)."""
    for p in (p for p in COURSES["chuo-pai"].puzzles if p.kind == BEAT_OR_PASS):
        hand = list(p.hand_tiles())
        current = list(parse_tiles(p.current))
        deal = cp.deal_from_hands([current, hand, []], 0).apply(p.current)
        legal = {a.notation if a is not cp.PASS else "pass" for a in deal.legal_actions()}
        assert legal == set(p.solution.answers), p.key


def test_settlement_answers_agree_with_the_engines_ledger() -> None:
    for p in (p for p in COURSES["tien-gow"].puzzles if p.kind == SETTLEMENT):
        lead, won = tg.classify(parse_tiles(p.lead)), tg.classify(parse_tiles(p.won_with))
        ledger = final_payments(p.pillars, p.banker, p.winner, p.leader, lead, won)
        totals = net(ledger)
        assert sum(totals) == 0
        answer = p.solution.answers[0]
        assert totals[p.winner] == sum(answer.values()), p.key


def test_worked_example_three_capture() -> None:
    """tien-gow.md 4.4, example 3: Chen leads the Little Three, Dev's Big Six captures: C -> D 11."""
    p = COURSES["tien-gow"].by_id["settle-7"]
    assert p.solution.answers[0] == {"0": 0, "1": 0, "2": 11}
    assert p.solution.details["capture"]


# -- the texts reach the catalog -----------------------------------------------------------------

def test_every_lesson_text_is_in_the_template() -> None:
    with (ROOT / "translations" / "puzzles.pot").open("rb") as f:
        pot = read_po(f)
    keys = {(m.context, m.id) for m in pot if m.id}
    for game in GAMES:
        for lesson in COURSES[game].lessons:
            for text in lesson.texts():
                assert (text.ctx, text.msgid) in keys, "run 'flask --app paiyou i18n extract'"


def test_the_extractor_yields_each_text_with_its_context_and_placeholder_notes() -> None:
    path = CONTENT / "puzzles" / "chuo-pai" / "01-cards.toml"
    fileobj = io.BytesIO(path.read_bytes())
    fileobj.name = str(path)
    found = list(extract_lessons(fileobj, {}, [], {}))
    lesson = COURSES["chuo-pai"].lessons[0]
    assert [(m[2][0], m[2][1]) for m in found] == [(t.ctx, t.msgid) for t in lesson.texts()]
    assert all(ctx == "chuo-pai/cards" for _, _, (ctx, _), _ in found)
    notes = [n for m in found for n in m[3]]
    assert "%(blackseven)s = the glossary's Chuo Pai name of the card 2-5" in notes


# -- strict loading ------------------------------------------------------------------------------

GOOD_STEP = 'rules = ["CP-7"]\ntext = "Ok."\n'


@pytest.mark.parametrize(("text", "problem"), [
    ('title = "T"\nsummary = "S"\n', "[[steps]]"),
    ('title = "T"\nsummary = "S"\n[[steps]]\nrules = ["TG-7"]\ntext = "x"\n', "not a CP rule"),
    ('title = "T"\nsummary = "S"\n[[steps]]\nrules = ["CP-7"]\ntext = "It has 3 cards."\n', "digits"),
    ('title = "T"\nsummary = "S"\n[[steps]]\nrules = ["CP-7"]\ntext = "{x=cp:7-7} beats."\n', "unknown cp"),
    ('title = "T"\nsummary = "S"\n[[steps]]\n' + GOOD_STEP + '[[steps]]\nid = "a-1"\nkind = "judge"\n'
     'rules = ["CP-7"]\ncurrent = "2-5"\nplay = "1-4"\n', "answer"),
    ('title = "T"\nsummary = "S"\n[[steps]]\n' + GOOD_STEP + '[[steps]]\nid = "a-1"\nkind = "settlement"\n'
     'rules = ["CP-7"]\n', "kind must be"),
    ('title = "T"\nsummary = "S"\n[[steps]]\n' + GOOD_STEP + '[[steps]]\nid = "a-1"\nkind = "judge"\n'
     'rules = ["CP-7"]\ncurrent = "9-9"\nplay = "1-4"\nanswer = "beats"\n', "bad tiles"),
    ('title = "T"\nsummary = "S"\nsurprise = 1\n', "unknown keys"),
    ('title = "T"\nsummary = "S"\n[[steps]]\nrules = ["CP-7"]\ntext = "{dev=seat:3} leads."\n', "no seat 3"),
])
def test_malformed_lessons_are_rejected(text: str, problem: str) -> None:
    with pytest.raises(ContentError) as error:
        parse_lesson(text, "chuo-pai", "01-test.toml")
    assert problem in str(error.value)


def test_a_position_the_rules_forbid_is_a_content_error() -> None:
    text = ('title = "T"\nsummary = "S"\n[[steps]]\n' + GOOD_STEP
            + '[[steps]]\nid = "r-1"\nkind = "round"\nrules = ["CP-14"]\n'
              'hands = ["5-5", "6-6", "2-2"]\nleader = 0\nactions = ["5-5", "pass"]\n'
              'question = "winner"\nanswer = 0\n')
    puzzle = parse_lesson(text, "chuo-pai", "01-test.toml").puzzles[0]
    with pytest.raises(ContentError, match="engine rejects"):
        _ = puzzle.solution  # Bo holds Heaven and must beat (CP-14): the engine refuses the pass


# -- practice ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", practice.LEVELS)
def test_practice_is_reproducible_and_solvable(game: str, level: str) -> None:
    seen_answers = set()
    for seed in range(40):
        puzzle = practice.generate(game, level, seed)
        assert puzzle == practice.generate(game, level, seed)
        assert puzzle.id == f"{level}-{seed}" and puzzle.rules and puzzle.difficulty == level
        answers = puzzle.solution.answers
        assert answers
        seen_answers.add(answers[0] if puzzle.kind == JUDGE else answers == ("pass",))
        size = 1 if level == "easy" else 2 if level == "medium" else 4
        assert len(parse_tiles(puzzle.current)) <= size
    assert len(seen_answers) >= 3, "practice mixes the answers"


def test_hard_tien_gow_practice_has_early_death() -> None:
    reasons = {practice.generate("tien-gow", "hard", s).solution.reason for s in range(150)}
    assert "early-death" in reasons


def test_practice_rejects_bad_arguments() -> None:
    with pytest.raises(KeyError):
        practice.generate("chess", "easy", 1)
    with pytest.raises(ValueError):
        practice.generate("chuo-pai", "easy", -1)
