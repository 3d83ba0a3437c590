"""The daily deal: one deal per game and UTC day, the same for everyone, committed to before its
first minute and revealed once nobody can still play it for the field (docs/daily.md).

- **The day** is a UTC calendar day (``today``). It opens at 00:00 UTC (``opens_at``) and closes at
  the next 00:00 UTC (``closes_at``): a deal started before the close still counts if it is
  finished before the grace ends (``GRACE`` after the close, ``counts``); its seed and salt are
  revealed then (``reveals_at``), never earlier, since a revealed seed would show every hand to a
  player still finishing the day's deal.
- **The seed and the salt** are HMAC-SHA256 of a server secret over ``seed|<game>|<date>`` and
  ``salt|<game>|<date>`` (``daily_deal``): identical in every process, unpredictable without the
  secret, and no revealed day tells anything of another day (HMAC is a pseudo-random function).
  The secrets are a ``Keyring`` (``keyring``: ``PAIYOU_DAILY_SECRET``), so a secret can be
  replaced from a day not yet begun while the past days keep theirs.
- **The commitment** is every deal's (``engine.commitment.commit``): SHA-256 of
  ``"<game>:<seed>:<salt>"``; ``python -m engine daily-verify`` checks a revealed day.
- **The computer seats** play at ``LEVEL``; their draws are ``engine.seating.agent_rng``'s, from
  the deal's seed, the actions so far and the seat, so two players who make the same choices meet
  the same moves (true duplicate).
- **A result** is the human seat's score in the game's own terms (``score``: ``Outcome.scores``,
  higher is better in every game), and what the field played is counted per position
  (``decisions``: the position's key and the action chosen, at each of the seat's decisions).

Every function a request reaches validates its input and raises ``DailyError`` with a code:
``daily-unknown`` (a malformed date, a day before ``FIRST_DAY`` or after today — nothing about a
future day can be computed before it begins), ``daily-not-revealed`` (a seed asked for before
``reveals_at``), ``unknown-game``, ``not-a-seat``, ``deal-not-over``; and for the secrets
``daily-secret-missing``, ``daily-secret-too-short``, ``daily-secret-bad``,
``daily-secret-development`` (the development secret in production).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from engine.commitment import SALT_BYTES, commit, verify
from engine.errors import EngineError
from engine.games import GAMES
from engine.spec import AnyDeal, AnyGameSpec

FIRST_DAY = date(2026, 12, 7)  # the first daily deal: no earlier day exists (daily-unknown)
GRACE = timedelta(hours=1)  # a deal started before the close may be finished this long after it
LEVEL = "strong"  # the computer seats' level (docs/daily.md: why)
SEED_BITS = 53  # seeds stay exact in JavaScript numbers, as every table's (service.MAX_SEED)
MIN_SECRET_CHARS = 32
# The secret of a process started without PAIYOU_DAILY_SECRET outside production: anyone can
# compute every day's seed from it, so ``keyring(..., production=True)`` refuses it.
DEVELOPMENT_SECRET = "paiyou-development-daily-secret-NOT-FOR-PRODUCTION"
DAY_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DATED_SECRET = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2}):(.*)")
_SECRET_PATTERN = re.compile(r"[!-~]+")  # printable ASCII, no spaces (the keyring's separator)


class DailyError(EngineError, ValueError):
    """A daily deal that cannot be given. ``code``: a stable code (module docstring)."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)


# -- the day --------------------------------------------------------------------------------------------

def _now(now: float | None) -> float:
    return time.time() if now is None else now


def today(now: float | None = None) -> date:
    """The UTC day at Unix time ``now`` (default: the clock)."""
    return datetime.fromtimestamp(_now(now), UTC).date()


def opens_at(day: date) -> datetime:
    """00:00 UTC of ``day``: its commitment is shown from then on."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def closes_at(day: date) -> datetime:
    """The next 00:00 UTC: no deal started later counts for ``day``."""
    return opens_at(day) + timedelta(days=1)


def reveals_at(day: date) -> datetime:
    """When the grace after the close ends: the day's results are final and its seed and salt are
    revealed (before, a player still finishing the deal could read every hand from them)."""
    return closes_at(day) + GRACE


def is_revealed(day: date, now: float | None = None) -> bool:
    return _now(now) >= reveals_at(day).timestamp()


def counts(day: date, started_at: float, finished_at: float) -> bool:
    """Whether a deal of ``day`` started at ``started_at`` and finished at ``finished_at`` (Unix
    times) counts for the day: started while the day was open, finished before the grace ended."""
    return (opens_at(day).timestamp() <= started_at < closes_at(day).timestamp()
            and started_at <= finished_at < reveals_at(day).timestamp())


def check_day(day: object, now: float | None = None) -> date:
    """``day`` when it is a daily's day: a ``date`` from ``FIRST_DAY`` to today (UTC at ``now``);
    otherwise DailyError("daily-unknown")."""
    if type(day) is not date or not FIRST_DAY <= day <= today(now):  # a datetime is no day
        raise DailyError("daily-unknown", repr(day))
    return day


def parse_day(text: object, now: float | None = None) -> date:
    """The day a URL or a request names, ``YYYY-MM-DD`` (ASCII digits), checked by ``check_day``;
    DailyError("daily-unknown") for anything else."""
    if not isinstance(text, str) or not DAY_PATTERN.fullmatch(text):
        raise DailyError("daily-unknown", repr(text)[:40])
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise DailyError("daily-unknown", text) from None
    return check_day(day, now)


# -- the secrets ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Keyring:
    """The daily secrets: ``entries``, each (the first day it serves, the secret), the first one
    serving every day from ``FIRST_DAY``, the days strictly increasing. A day takes the secret of
    the last entry that starts on or before it."""

    entries: tuple[tuple[date, bytes], ...]

    def secret_for(self, day: date) -> bytes:
        found = self.entries[0][1]
        for first, secret in self.entries:
            if first <= day:
                found = secret
        return found

    @property
    def is_development(self) -> bool:
        return any(secret == DEVELOPMENT_SECRET.encode() for _, secret in self.entries)

    def __repr__(self) -> str:  # never the secrets themselves, in a log or a traceback
        return f"Keyring({[first.isoformat() for first, _ in self.entries]})"


def _secret(text: str) -> bytes:
    if not _SECRET_PATTERN.fullmatch(text):
        raise DailyError("daily-secret-bad", "printable ASCII without spaces")
    if len(text) < MIN_SECRET_CHARS:
        raise DailyError("daily-secret-too-short", f"at least {MIN_SECRET_CHARS} characters")
    return text.encode()


def keyring(text: str | None, *, production: bool) -> Keyring:
    """The keyring of ``PAIYOU_DAILY_SECRET``: a secret (``python -c "import secrets;
    print(secrets.token_urlsafe(32))"``), then, space- or comma-separated, ``YYYY-MM-DD:<secret>``
    for each later secret and the first day it serves. Replacing a secret appends an entry whose
    day has not begun yet (tomorrow or later) and keeps the old ones: the past days' seeds, revealed
    in the archive, stay what they were.

    The start-up check: without a value, production raises DailyError("daily-secret-missing") and
    development gets ``DEVELOPMENT_SECRET`` (public); a secret shorter than ``MIN_SECRET_CHARS``
    raises "daily-secret-too-short", a malformed list "daily-secret-bad", and the development
    secret in production "daily-secret-development"."""
    pieces = (text or "").replace(",", " ").split()
    if not pieces:
        if production:
            raise DailyError("daily-secret-missing", "set PAIYOU_DAILY_SECRET")
        return Keyring(((FIRST_DAY, DEVELOPMENT_SECRET.encode()),))
    entries: list[tuple[date, bytes]] = [(FIRST_DAY, _secret(pieces[0]))]
    for piece in pieces[1:]:
        dated = _DATED_SECRET.fullmatch(piece)
        if dated is None:
            raise DailyError("daily-secret-bad", "a later secret is YYYY-MM-DD:<secret>")
        try:
            first = date.fromisoformat(dated.group(1))
        except ValueError:
            raise DailyError("daily-secret-bad", dated.group(1)) from None
        if first <= entries[-1][0]:
            raise DailyError("daily-secret-bad", "the days must increase, after the first daily")
        entries.append((first, _secret(dated.group(2))))
    found = Keyring(tuple(entries))
    if production and found.is_development:
        raise DailyError("daily-secret-development", "the development secret is public")
    return found


# -- the day's deal -------------------------------------------------------------------------------------

def _spec(game: object) -> AnyGameSpec:
    if not isinstance(game, str) or game not in GAMES:
        raise DailyError("unknown-game", repr(game)[:40])
    return GAMES[game]


def _mac(ring: Keyring, purpose: str, game: str, day: date) -> bytes:
    message = f"paiyou-daily|{purpose}|{game}|{day.isoformat()}".encode()
    return hmac.new(ring.secret_for(day), message, hashlib.sha256).digest()


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """A day's deal of one game. ``seed`` and ``salt`` are secret until ``reveals_at(day)``: only
    ``public`` may leave the server before then."""

    game: str
    day: date
    seed: int
    salt: str
    commitment: str

    def public(self) -> dict[str, str]:
        """What anyone may know from the day's first minute: the game, the day, the commitment, the
        close and the reveal (ISO 8601, UTC)."""
        return {"game": self.game, "date": self.day.isoformat(), "commitment": self.commitment,
                "closes_at": closes_at(self.day).isoformat(), "reveals_at": reveals_at(self.day).isoformat()}

    def __repr__(self) -> str:  # a log line or a traceback must not reveal an open day
        return f"DailyDeal({self.game!r}, {self.day.isoformat()}, commitment={self.commitment!r})"


def daily_deal(ring: Keyring, game: str, day: date, now: float | None = None) -> DailyDeal:
    """The deal of ``game`` on ``day`` (``check_day``: never a day not begun at ``now``). Seed:
    the first 53 bits of HMAC-SHA256(secret, ``paiyou-daily|seed|<game>|<date>``); salt: the first
    ``SALT_BYTES`` of HMAC-SHA256(secret, ``paiyou-daily|salt|<game>|<date>``) in hex."""
    _spec(game)
    check_day(day, now)
    seed = int.from_bytes(_mac(ring, "seed", game, day)[:8], "big") >> (64 - SEED_BITS)
    salt = _mac(ring, "salt", game, day)[:SALT_BYTES].hex()
    return DailyDeal(game, day, seed, salt, commit(game, seed, salt))


def revealed(ring: Keyring, game: str, day: date, now: float | None = None) -> DailyDeal:
    """``daily_deal`` once its seed may be shown (``reveals_at``); before, DailyError
    ("daily-not-revealed")."""
    deal = daily_deal(ring, game, day, now)
    if not is_revealed(day, now):
        raise DailyError("daily-not-revealed", day.isoformat())
    return deal


def verify_revealed(game: str, seed: int, salt: str, commitment: str) -> bool:
    """Whether a revealed day's seed and salt are what its commitment promised (``engine.
    commitment.verify``; ``python -m engine daily-verify``)."""
    return verify(game, seed, salt, commitment)


# -- a result -------------------------------------------------------------------------------------------

def _check_seat(spec: AnyGameSpec, seat: object) -> int:
    if type(seat) is not int or seat not in range(spec.seats):
        raise DailyError("not-a-seat", repr(seat)[:20])
    return seat


def score(game: str, deal: AnyDeal, seat: int) -> int:
    """``seat``'s score in ``game``'s own terms, higher is better: ``Outcome.scores[seat]`` (Chuo
    Pai the seat's pile, CP-19; Tien Gow its net points, TG-13 … TG-18). DailyError
    ("deal-not-over") before the end."""
    seat = _check_seat(_spec(game), seat)
    outcome = deal.outcome()
    if not deal.is_over or outcome is None:
        raise DailyError("deal-not-over")
    return outcome.scores[seat]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def action_key(action_dict: Mapping[str, object]) -> str:
    """An action as the field's counts keep it: its ``as_dict()`` as canonical JSON (the tiles
    and, in a game with face-down moves, the face)."""
    return _canonical(dict(action_dict))


def position_key(game: str, view_dict: Mapping[str, object]) -> str:
    """The key of a position of the day's deal, as the field's counts keep it: 32 hex digits of the
    SHA-256 of the seat's view (``SeatView.as_dict()``). The deal is the same for everyone and the
    computer seats' moves follow from the history, so within a day and a seat two players see the
    same view exactly when they made the same choices: it stands for the history so far, without
    hashing every action again."""
    return hashlib.sha256(_canonical(["paiyou-daily-position", game, dict(view_dict)]).encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the seat's decisions (more than one legal action): ``step``, the index of its state in
    ``replay_steps``; ``position``, its ``position_key``; ``action``, the ``action_key`` chosen."""

    step: int
    position: str
    action: str


def decisions(record: Mapping[str, object], seat: int) -> tuple[Decision, ...]:
    """``seat``'s decisions in a finished deal's record, in order: what the field's counts add up
    when a result is recorded, and what the review looks up. A forced move (one legal action) is
    no decision. RecordError for a bad record; DailyError("deal-not-over") for an unfinished one."""
    spec = _spec(record.get("game") if isinstance(record, Mapping) else None)
    seat = _check_seat(spec, seat)
    steps = spec.replay_steps(record)
    if not steps[-1].is_over:
        raise DailyError("deal-not-over")
    found: list[Decision] = []
    for step, (before, after) in enumerate(zip(steps, steps[1:], strict=False)):
        if before.to_act != seat:
            continue
        legal = before.legal_actions()
        if len(legal) < 2:
            continue
        chosen = next(a for a in legal if before.apply(a, player=seat) == after)
        found.append(Decision(step, position_key(spec.key, before.view(seat).as_dict()),
                              action_key(chosen.as_dict())))
    return tuple(found)


__all__ = ["FIRST_DAY", "GRACE", "LEVEL", "DailyError", "today", "opens_at", "closes_at", "reveals_at",
           "is_revealed", "counts", "check_day", "parse_day", "Keyring", "keyring", "DailyDeal",
           "daily_deal", "revealed", "verify_revealed", "score", "action_key", "position_key", "Decision",
           "decisions"]
