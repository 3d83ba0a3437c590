"""Who sits where at a table with friends: the creator, friends (each seat empty until someone
joins by the invite), computers, names, seats left to the computer, the turn timer and the
action ids already answered.

A table with friends is a stored game whose ``meta`` holds ``"seating"`` (``Seating.as_meta``);
a deal against the computer has none and behaves as before. Every change here is written by the
store's one conditional update (``GameStore.update`` against the loaded version, which bumps the
version): of two people claiming the last seat at once exactly one wins, and every seat's page
learns of the change through the version (``paiyou.live``).

Human seats hold ``HUMAN`` in the game's ``agents``; a seat is **empty** while no key hash is
stored for it (``meta["seat_keys"]``, ``paiyou.seats.access``). A seat that left, or let the timer
run out twice in a row, is **away**: the computer plays it at the table's ``level`` until its key
comes back (``return_seat``); the seat and its key stay its player's.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from paiyou.deals.errors import BadInput
from paiyou.jsontypes import JsonObject

HUMAN = "human"  # the agent of a person's seat

META = "seating"
YOU, FRIEND = "you", "friend"
TIMERS = (0, 30, 60, 120)  # seconds a human seat has for a move; 0: no timer (the default)
TIMEOUTS_TO_AWAY = 2  # the computer's moves in a row for a seat whose timer ran out
NAME_MAX = 24  # characters of a display name
JOINERS = frozenset("\u200c\u200d")  # format characters that spell words, never reorder them
MARKS_PER_LETTER = 3  # combining marks on one letter: Hindi, Arabic and Persian need up to 3
# Letters and symbols drawn with no visible glyph that Unicode does not class as control or format
# characters (the Hangul fillers, the braille blank, the grapheme joiner, Khmer's inherent vowels):
# a name of them looks blank, and beside a letter they make one name look like another.
BLANKS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
# Variation selectors choose the form of the character before them (an emoji's, a Mongolian
# letter's): allowed after a visible character, never counted as marks, never alone.
SELECTORS = frozenset([*map(chr, range(0xFE00, 0xFE10)), "\u180b", "\u180c", "\u180d", "\u180f",
                       *map(chr, range(0xE0100, 0xE01F0))])
INVITE_BYTES = 24
INVITE_PATTERN = re.compile(r"[A-Za-z0-9_-]{32}")
ACTION_ID_MAX = 64  # characters of an action id
ACTION_ID_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{1,{ACTION_ID_MAX}}}")
ACTION_IDS_KEPT = 64  # the newest action ids answered, per table


class TableFull(Exception):
    """No empty seat is left (409 ``table-full``); nothing changed."""

    code = "table-full"


class InviteUnknown(Exception):
    """The invite is unknown, revoked, or the table is not one with friends (404)."""

    code = "invite-unknown"


class NotAllowed(Exception):
    """Refused, nothing changed; ``code`` says why: ``not-the-creator`` (403), ``seat-not-empty``
    or ``not-a-table`` (409)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Seating:
    creator: int
    humans: tuple[int, ...]  # the human seats, the creator's included
    level: str  # the computer's level for a seat that is away
    invite: str | None = None  # sha256 of the invite token; None once revoked
    names: Mapping[int, str] = field(default_factory=dict)
    away: tuple[int, ...] = ()
    left: tuple[int, ...] = ()  # the seats away because their player pressed Leave (not the timer)
    timer: int = 0
    timeouts: Mapping[int, int] = field(default_factory=dict)  # the timer's moves in a row
    answered: Mapping[str, int] = field(default_factory=dict)  # action id -> the seat that sent it
    # When the person to act got the turn (Unix seconds): the last move, or a claim. The turn
    # timer counts from here, so a name changed or a link renewed gives no one more time.
    turn_since: int = 0

    def as_meta(self) -> JsonObject:
        return {"creator": self.creator, "humans": list(self.humans), "level": self.level,
                "invite": self.invite, "names": {str(s): n for s, n in self.names.items()},
                "away": list(self.away), "left": list(self.left), "timer": self.timer,
                "timeouts": {str(s): n for s, n in self.timeouts.items() if n},
                "answered": dict(self.answered), "turn_since": self.turn_since}

    @classmethod
    def from_meta(cls, meta: Mapping[str, object]) -> Seating | None:
        found = meta.get(META)
        if not isinstance(found, dict):
            return None
        return cls(creator=int(found["creator"]), humans=tuple(int(s) for s in found["humans"]),
                   level=str(found["level"]), invite=found.get("invite"),
                   names={int(s): str(n) for s, n in found.get("names", {}).items()},
                   away=tuple(int(s) for s in found.get("away", [])),
                   left=tuple(int(s) for s in found.get("left", [])), timer=int(found.get("timer", 0)),
                   timeouts={int(s): int(n) for s, n in found.get("timeouts", {}).items()},
                   answered={str(k): int(v) for k, v in found.get("answered", {}).items()},
                   turn_since=int(found.get("turn_since", 0)))

    def agents(self, stored: Sequence[str]) -> tuple[str, ...]:
        """Who plays each seat now: a person's seat that is away, or that the creator handed to
        the computer (no longer in ``humans``), is played by the computer at ``level``."""
        return tuple(self.level if a == HUMAN and (s in self.away or s not in self.humans) else a
                     for s, a in enumerate(stored))

    def answering(self, action_id: str | None, seat: int) -> Seating:
        """Remember ``action_id`` as answered for ``seat`` (the newest ``ACTION_IDS_KEPT``), and
        reset the seat's timer count: it moved itself."""
        timeouts = {s: n for s, n in self.timeouts.items() if s != seat}
        if action_id is None:
            return replace(self, timeouts=timeouts)
        kept = dict(list({k: v for k, v in self.answered.items() if k != action_id}.items())
                    [-(ACTION_IDS_KEPT - 1):])
        return replace(self, timeouts=timeouts, answered={**kept, action_id: seat})


# The seats of this deal whose person made at least one move themselves (not the computer standing
# in): only they get an analysis at the end (``paiyou.analysis.jobs.deal_over``). Kept beside the
# seating, not in it, so the match's next deal starts without it.
PLAYED = "played"


def played_seats(meta: Mapping[str, object]) -> frozenset[int]:
    found = meta.get(PLAYED)
    return frozenset(s for s in found if isinstance(s, int)) if isinstance(found, list) else frozenset()


def played_by(meta: Mapping[str, object], seat: int) -> JsonObject:
    """``meta`` after a move the person at ``seat`` made themselves."""
    return {**meta, PLAYED: sorted({*played_seats(meta), seat})}


def turn_started(meta: Mapping[str, object], now: float | None = None) -> JsonObject:
    """``meta`` after a move: at a table with friends the turn timer starts again now."""
    seating = Seating.from_meta(meta)
    if seating is None:
        return dict(meta)
    started = replace(seating, turn_since=int(time.time() if now is None else now))
    return {**meta, META: started.as_meta()}


def dealt_again(meta: Mapping[str, object], now: float | None = None) -> JsonObject:
    """The seating of a match's next deal (``{}`` for a deal against the computer): the same
    seats, names and invite, the turn clock started ``now`` and no timeout counted, so a pause
    between two deals is nobody's time and the first turn of the new deal is never overdue.

    A seat that is away stays away, whether its player pressed Leave or let the timer run out:
    away means the computer plays it until its key comes back, and nobody has seen that player
    since. Bringing a timed-out seat back would make every new deal wait ``TIMEOUTS_TO_AWAY``
    turn timers for someone who is not there; their page, once open again, takes the seat back
    by itself (``live.js``), as a seat left by Leave waits for its button."""
    seating = Seating.from_meta(meta)
    if seating is None:
        return {}
    fresh = replace(seating, timeouts={}, turn_since=int(time.time() if now is None else now))
    return {META: fresh.as_meta()}


# -- reading requests ----------------------------------------------------------------------------

def parse_seats(value: object, seats: int, levels: Sequence[str]) -> tuple[int, tuple[str, ...]] | None:
    """The ``"seats"`` of a new table: one entry per seat, ``"you"`` exactly once, ``"friend"``
    or a computer level. Returns (the creator's seat, each seat's kind: ``YOU``, ``FRIEND`` or a
    level); None when absent. BadInput("bad-seats") otherwise."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != seats:
        raise BadInput("bad-seats")
    if not all(isinstance(v, str) and (v in (YOU, FRIEND) or v in levels) for v in value):
        raise BadInput("bad-seats")
    if value.count(YOU) != 1:
        raise BadInput("bad-seats")
    return value.index(YOU), tuple(value)


def parse_timer(value: object) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value not in TIMERS:
        raise BadInput("bad-timer")
    return value


def parse_name(value: object, is_label: Callable[[str], bool]) -> str | None:
    """A display name: at most ``NAME_MAX`` characters once trimmed, each of them seen
    (``looks_written``); None when absent or empty. BadInput("bad-name") otherwise, and
    BadInput("reserved-name") for a copy of the page's own labels (``is_label``: a seat's or a
    computer player's, in any language: ``paiyou.tables.labels``). It is escaped wherever it is
    shown."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadInput("bad-name")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        return None
    if len(name) > NAME_MAX or not looks_written(name):
        raise BadInput("bad-name")
    if is_label(name):
        raise BadInput("reserved-name")
    return name


def looks_written(name: str) -> bool:
    """Whether every character of ``name`` (NFC, spaces collapsed) is seen as written: no
    control or format character (no bidi override) but the zero-width non-joiner and joiner,
    which Persian and Hindi names are spelt with (علی‌رضا); no blank-looking letter
    (``BLANKS``); a variation selector only after a visible character; at most
    ``MARKS_PER_LETTER`` combining marks on a letter (never on a space, nor alone); and at least
    one visible character."""
    marks: int | None = None  # marks on the letter before; None: no letter to carry them
    visible = False
    for c in name:
        kind = unicodedata.category(c)[0]
        if c in JOINERS:
            continue
        if c in SELECTORS:
            if marks is None:
                return False
        elif kind == "M":
            if marks is None or marks >= MARKS_PER_LETTER:
                return False
            marks += 1
        elif kind == "C" or c in BLANKS:
            return False
        elif c == " ":
            marks = None
        else:  # a letter, a digit, a punctuation mark or a symbol
            marks, visible = 0, True
    return visible


def parse_action_id(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not ACTION_ID_PATTERN.fullmatch(value):
        raise BadInput("bad-action-id")
    return value


# -- invites -------------------------------------------------------------------------------------

def new_invite() -> str:
    return secrets.token_urlsafe(INVITE_BYTES)


def invite_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def invite_matches(seating: Seating, token: object) -> bool:
    if seating.invite is None or not isinstance(token, str) or not INVITE_PATTERN.fullmatch(token):
        return False
    return hmac.compare_digest(seating.invite, invite_hash(token))


def new_seating(creator: int, kinds: Sequence[str], level: str, timer: int) -> tuple[Seating, str | None]:
    """The seating of a new table and its invite token (None when no seat waits for a friend)."""
    humans = tuple(s for s, kind in enumerate(kinds) if kind in (YOU, FRIEND))
    token = new_invite() if FRIEND in kinds else None
    return Seating(creator=creator, humans=humans, level=level,
                   invite=invite_hash(token) if token else None, timer=timer), token


def stored_agents(kinds: Sequence[str]) -> tuple[str, ...]:
    """The ``agents`` column of a new table: ``HUMAN`` for the creator's and the friends' seats."""
    return tuple(HUMAN if kind in (YOU, FRIEND) else kind for kind in kinds)


def empty_seats(seating: Seating, keyed: Mapping[int, str]) -> list[int]:
    """The human seats no one holds a key of yet, in seat order."""
    return [s for s in seating.humans if s not in keyed]
