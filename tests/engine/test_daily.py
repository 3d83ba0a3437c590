"""The daily deal's day, seed, commitment and reveal (engine/daily.py, engine/commitment.py) and
``python -m engine daily-verify``.

- A day's seed and salt are the same in every process (a fresh interpreter with another hash seed
  computes the same), differ between games, days and secrets, and never exist for a day not begun.
- The commitment is every deal's: ``sha256("<game>:<seed>:<salt>")``, the one function the table
  service uses too; a revealed day verifies, a changed seed or salt does not.
- The seed is revealed only once the grace after the close has ended; a deal counts only if it was
  started while its day was open and finished within the grace.
- The secrets: production refuses a missing, short, malformed or development secret; a rotation
  keeps the past days' seeds.
- The score is ``Outcome.scores`` of the seat; ``decisions`` lists the seat's real choices.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from engine import cli, commitment, daily
from engine.daily import (
    FIRST_DAY,
    GRACE,
    DailyError,
    closes_at,
    counts,
    daily_deal,
    decisions,
    keyring,
    opens_at,
    parse_day,
    revealed,
    reveals_at,
    today,
)
from engine.games import GAME_KEYS, game

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s" * 40
RING = keyring(SECRET, production=True)
DAY = date(2026, 12, 9)
NOON = opens_at(DAY).timestamp() + 12 * 3600  # 2026-12-09 12:00 UTC


def code_of(call: object) -> str:
    assert callable(call)
    with pytest.raises(DailyError) as raised:
        call()
    return raised.value.code


def test_the_day_is_the_utc_day_and_closes_at_the_next_midnight() -> None:
    assert today(opens_at(DAY).timestamp()) == DAY
    assert today(closes_at(DAY).timestamp() - 0.001) == DAY
    assert today(closes_at(DAY).timestamp()) == DAY + timedelta(days=1)
    assert closes_at(DAY).isoformat() == "2026-12-10T00:00:00+00:00"
    assert reveals_at(DAY) == closes_at(DAY) + GRACE


def test_the_seed_and_salt_are_the_same_in_another_process() -> None:
    deal = daily_deal(RING, "tien-gow", DAY, NOON)
    code = ("import json, sys; from datetime import date; from engine.daily import keyring, daily_deal; "
            f"d = daily_deal(keyring({SECRET!r}, production=True), 'tien-gow', date(2026, 12, 9), {NOON}); "
            "print(json.dumps([d.seed, d.salt, d.commitment]))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert json.loads(out) == [deal.seed, deal.salt, deal.commitment]


def test_days_games_and_secrets_give_different_seeds_and_salts() -> None:
    later = NOON + 5 * 86400
    seen = {(d.seed, d.salt) for d in (daily_deal(RING, key, DAY + timedelta(days=n), later)
                                       for key in GAME_KEYS for n in range(5))}
    assert len(seen) == 5 * len(GAME_KEYS)
    other = keyring("t" * 40, production=True)
    assert daily_deal(other, "chuo-pai", DAY, NOON).seed != daily_deal(RING, "chuo-pai", DAY, NOON).seed
    deal = daily_deal(RING, "chuo-pai", DAY, NOON)
    assert 0 <= deal.seed < 2**53 and len(deal.salt) == 32 and int(deal.salt, 16) >= 0


def test_the_commitment_is_the_deal_commitment() -> None:
    deal = daily_deal(RING, "chuo-pai", DAY, NOON)
    text = f"chuo-pai:{deal.seed}:{deal.salt}".encode()
    assert deal.commitment == hashlib.sha256(text).hexdigest() == commitment.commit("chuo-pai", deal.seed, deal.salt)


def test_a_future_day_has_no_seed_nor_commitment() -> None:
    assert code_of(lambda: daily_deal(RING, "chuo-pai", DAY + timedelta(days=1), NOON)) == "daily-unknown"
    last_second = closes_at(DAY).timestamp() - 1
    assert code_of(lambda: daily_deal(RING, "chuo-pai", DAY + timedelta(days=1), last_second)) == "daily-unknown"
    assert daily_deal(RING, "chuo-pai", DAY + timedelta(days=1), closes_at(DAY).timestamp()).day == DAY + timedelta(1)


def test_unknown_days_and_games_are_refused_with_codes() -> None:
    for text in ("2026-12-10", "2026-12-06", "2026-13-01", "2026-12-9", "٢٠٢٦-١٢-٠٩", "", None, 20261209,
                 "2026-12-09T00:00", " 2026-12-09"):
        assert code_of(lambda text=text: parse_day(text, NOON)) == "daily-unknown", text
    assert parse_day("2026-12-09", NOON) == DAY
    assert code_of(lambda: daily_deal(RING, "chuo-pai", FIRST_DAY - timedelta(days=1), NOON)) == "daily-unknown"
    moment = datetime(2026, 12, 9, 1, 0)
    assert code_of(lambda: daily.check_day(moment, NOON)) == "daily-unknown"
    assert code_of(lambda: daily_deal(RING, "go", DAY, NOON)) == "unknown-game"


def test_the_seed_is_revealed_only_when_the_grace_has_ended() -> None:
    during_grace = closes_at(DAY).timestamp() + GRACE.total_seconds() - 1
    assert code_of(lambda: revealed(RING, "tien-gow", DAY, during_grace)) == "daily-not-revealed"
    shown = revealed(RING, "tien-gow", DAY, reveals_at(DAY).timestamp())
    assert daily.verify_revealed("tien-gow", shown.seed, shown.salt, shown.commitment)
    assert not daily.verify_revealed("tien-gow", shown.seed + 1, shown.salt, shown.commitment)
    assert not daily.verify_revealed("chuo-pai", shown.seed, shown.salt, shown.commitment)
    assert not daily.verify_revealed("tien-gow", shown.seed, shown.salt, shown.commitment.upper())
    public = shown.public()
    assert set(public) == {"game", "date", "commitment", "closes_at", "reveals_at"}
    assert str(shown.seed) not in repr(shown) and shown.salt not in repr(shown)


def test_a_deal_counts_if_started_while_open_and_finished_within_the_grace() -> None:
    opened, closed, grace_end = (t.timestamp() for t in (opens_at(DAY), closes_at(DAY), reveals_at(DAY)))
    assert counts(DAY, opened, opened + 60)
    assert counts(DAY, closed - 1, grace_end - 1)
    assert not counts(DAY, closed - 1, grace_end)
    assert not counts(DAY, closed, closed + 1)
    assert not counts(DAY, opened - 1, opened + 60)


def test_production_refuses_missing_short_malformed_and_development_secrets() -> None:
    assert code_of(lambda: keyring(None, production=True)) == "daily-secret-missing"
    assert code_of(lambda: keyring("  ", production=True)) == "daily-secret-missing"
    assert code_of(lambda: keyring("short", production=True)) == "daily-secret-too-short"
    assert code_of(lambda: keyring("é" * 40, production=True)) == "daily-secret-bad"
    assert code_of(lambda: keyring(daily.DEVELOPMENT_SECRET, production=True)) == "daily-secret-development"
    assert code_of(lambda: keyring(f"{SECRET} {'t' * 40}", production=True)) == "daily-secret-bad"
    assert code_of(lambda: keyring(f"{SECRET} 2026-12-07:{'t' * 40}", production=True)) == "daily-secret-bad"
    assert code_of(lambda: keyring(f"{SECRET} 2027-02-30:{'t' * 40}", production=True)) == "daily-secret-bad"
    development = keyring(None, production=False)
    assert development.is_development and SECRET not in repr(RING)


def test_a_new_secret_serves_from_its_day_and_keeps_the_past_days() -> None:
    rotated = keyring(f"{SECRET},2026-12-10:{'t' * 40}", production=True)
    later = NOON + 3 * 86400
    assert daily_deal(rotated, "chuo-pai", DAY, later) == daily_deal(RING, "chuo-pai", DAY, later)
    new_day = DAY + timedelta(days=1)
    assert daily_deal(rotated, "chuo-pai", new_day, later) == \
        daily_deal(keyring("t" * 40, production=True), "chuo-pai", new_day, later)


def test_the_score_is_the_seats_outcome_score_and_decisions_are_real_choices() -> None:
    for key in GAME_KEYS:
        rules = game(key)
        deal = rules.new_deal(7)
        while not deal.is_over:
            deal = deal.apply(deal.legal_actions()[0], player=deal.to_act)
        outcome = deal.outcome()
        assert outcome is not None
        assert [daily.score(key, deal, s) for s in range(rules.seats)] == list(outcome.scores)
        found = decisions(rules.to_record(deal), 0)
        steps = rules.replay_steps(rules.to_record(deal))
        expected = [i for i, state in enumerate(steps[:-1])
                    if state.to_act == 0 and len(state.legal_actions()) > 1]
        assert [d.step for d in found] == expected and found
        assert all(len(d.position) == 32 for d in found)
        assert len({d.position for d in found}) == len(found)
        assert found[0].action == json.dumps(steps[found[0].step].legal_actions()[0].as_dict(),
                                             sort_keys=True, separators=(",", ":"))
    unfinished = game("chuo-pai").new_deal(7)
    assert code_of(lambda: daily.score("chuo-pai", unfinished, 0)) == "deal-not-over"
    assert code_of(lambda: daily.score("chuo-pai", deal, 5)) == "not-a-seat"
    assert code_of(lambda: decisions(game("chuo-pai").to_record(unfinished), 0)) == "deal-not-over"


def test_daily_verify_on_the_command_line() -> None:
    shown = revealed(RING, "chuo-pai", DAY, reveals_at(DAY).timestamp())
    out = io.StringIO()
    args = ["daily-verify", "--game", "chuo-pai", "--seed", str(shown.seed), "--salt", shown.salt]
    assert cli.main([*args, "--commitment", shown.commitment], stdout=out) == 0
    assert out.getvalue().startswith("ok:")
    out = io.StringIO()
    assert cli.main([*args, "--commitment", "0" * 64], stdout=out) == 1
    assert out.getvalue().startswith("MISMATCH")
