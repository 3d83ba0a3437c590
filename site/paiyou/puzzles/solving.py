"""The engine decides: every puzzle's right answers, from ``engine.chuo_pai`` / ``engine.tien_gow``.

``solve`` is what ``Puzzle.solution`` returns; ``expected_answers`` puts the author's claim in
the same form, so the content test can compare the two.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import chuo_pai as cp
from engine import tien_gow as tg
from engine.errors import EngineError
from engine.tien_gow import ladders as tgl
from engine.tien_gow import settlement as tgsettle
from engine.tien_gow.actions import make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.moves import legal_actions as tg_legal_actions
from engine.tiles import Tile, parse_tiles
from paiyou.puzzles.model import (
    BEAT_OR_PASS,
    BEATS,
    BONUS,
    CHUO_PAI,
    DOES_NOT_BEAT,
    JUDGE,
    NONE,
    NOT_A_PLAY,
    NUMBER_QUESTIONS,
    PASS,
    ROUND,
    SETTLEMENT,
    TIEN_GOW,
    TRICK,
    ContentError,
    Puzzle,
    Solution,
    canonical,
    counts,
    is_last_trick,
    sort_for,
)


def _payments_by_seat(ledger: Sequence[tgsettle.Payment], winner: int) -> list[int]:
    """What each seat pays the winner in the final settlement (negative: the winner pays them)."""
    owed = [0] * tg.SEATS
    for p in ledger:
        if p.payee == winner:
            owed[p.payer] += p.amount
        elif p.payer == winner:
            owed[p.payee] -= p.amount
    return owed


def solve(puzzle: Puzzle) -> Solution:
    """The engine's answers to ``puzzle``. Raises ContentError for a position the rules forbid."""
    where = puzzle.key
    try:
        return _SOLVERS[(puzzle.game, puzzle.kind)](puzzle)
    except EngineError as error:
        raise ContentError(where, f"the engine rejects this position: {error}") from None


def _solve_judge(p: Puzzle) -> Solution:
    judgement = _game(p.game).judge(p.current, p.play or "")
    if not judgement.valid:
        answer = NOT_A_PLAY
    else:
        answer = BEATS if judgement.beats else DOES_NOT_BEAT
    return Solution((answer,), judgement.reason, {"play": judgement.play})


def _solve_cp_beat_or_pass(p: Puzzle) -> Solution:
    current = cp.classify(parse_tiles(p.current or ""))
    if current is None:
        raise ContentError(p.key, "the current play is no legal play")
    follows = cp.legal_follows(counts(p.hand_tiles()), current)
    if follows[0] is cp.PASS:
        return Solution((PASS,), "must-pass")
    return Solution(tuple(f.notation for f in follows), "must-beat")


def _solve_tg_beat_or_pass(p: Puzzle) -> Solution:
    high = tg.classify(parse_tiles(p.current or ""))
    if high is None:
        raise ContentError(p.key, "the current high set is no legal set")
    hand = p.hand_tiles()
    if len(hand) < high.size:
        raise ContentError(p.key, "the hand holds fewer tiles than were led")
    pillars = p.pillars_held if p.pillars_held is not None else 0
    actions = tg_legal_actions(hand, code_of(hand), high, high.size, pillars)
    ups = tuple(a.notation for a in actions if a.face_up)
    if ups:
        return Solution(ups, "can-beat")
    if is_last_trick(p) and high.size == 1 and pillars == 0:
        return Solution((PASS,), "early-death")
    return Solution((PASS,), "cannot-beat")


def _solve_bonus(p: Puzzle) -> Solution:
    deal = cp.deal_from_hands([p.hand_tiles(), (), ()], 0)
    moved = deal.bonus[0]
    if not moved:
        return Solution((NONE,))
    return Solution((" ".join(t.key for t in sort_for(CHUO_PAI, moved)),))


def _cp_action(text: str) -> str:
    return "" if text == PASS else text


def _solve_round(p: Puzzle) -> Solution:
    hands = [parse_tiles(h, allow_empty=True) for h in p.hands]
    deal = cp.deal_from_hands(hands, p.leader)
    if any(deal.bonus):
        raise ContentError(p.key, "a hand would get the starting bonus; keep rounds simple")
    start_piles = deal.piles
    played = []
    for action in p.actions:
        seat = deal.to_act
        deal = deal.apply(_cp_action(action))
        played.append((seat, action))
    details: dict[str, Any] = {"played": played, "piles": deal.piles, "removed": deal.removed}
    finished = deal.round is None and bool(deal.rounds)
    q = p.question
    if q == "next-to-act":
        if finished or deal.to_act is None:
            raise ContentError(p.key, "next-to-act needs a round under way")
        answer: Any = str(deal.to_act)
        details["owner"] = deal.owner
    else:
        if not finished:
            raise ContentError(p.key, f"{q} needs a finished round")
        last = deal.rounds[-1]
        details["winner"] = last.winner
        details["winning_play"] = next(
            (a for s, a in reversed(last.actions) if s == last.winner and a is not cp.PASS), None)
        if q == "winner":
            answer = str(last.winner)
        elif q == "next-leader":
            answer = NONE if deal.to_act is None else str(deal.to_act)
        elif q == "scored":
            answer = deal.piles[last.winner] - start_piles[last.winner]  # type: ignore[index]
        else:  # removed
            answer = deal.removed
        details["next_leader"] = deal.to_act
    return Solution((answer,), q, details)


def _trick_deal(p: Puzzle) -> tg.Deal:
    """A whole deal whose first trick is the puzzle's trick: every seat holds the tiles it plays,
    topped up to 8 from the rest of the pack; the leader is the banker, so it leads (TG-3)."""
    plays: list[tuple[int, tuple[Tile, ...], bool]] = [
        (p.leader, parse_tiles(p.lead or ""), True)]
    for k, action in enumerate(p.actions, start=1):
        face, _sep, notation = action.partition(":")
        if face not in ("up", "down"):
            raise ContentError(p.key, f"a follower's play is 'up:…' or 'down:…', not {action!r}")
        plays.append(((p.leader + k) % tg.SEATS, parse_tiles(notation), face == "up"))
    hands: list[list[Tile]] = [[] for _seat in range(tg.SEATS)]
    for seat, tiles, _up in plays:
        hands[seat].extend(tiles)
    rest = list(tgl.PACK)
    for t in (t for h in hands for t in h):
        if t not in rest:
            raise ContentError(p.key, f"more copies of {t.key} than the pack holds")
        rest.remove(t)
    for h in hands:
        while len(h) < 8:
            h.append(rest.pop())
    deal = tg.deal_from_hands(hands, p.leader)
    for seat, tiles, up in plays:
        deal = deal.apply(make_action(tiles, up), player=seat)
    return deal


def _solve_trick(p: Puzzle) -> Solution:
    if len(p.actions) != tg.SEATS - 1:
        raise ContentError(p.key, "a trick has the lead and three more plays")
    deal = _trick_deal(p)
    trick = deal.tricks[0]
    winner = trick.winner
    assert winner is not None
    high = next(pl.action for pl in reversed(trick.plays) if pl.player == winner and pl.action.face_up)
    details = {"winner": winner, "pillars": deal.pillars[winner], "high": high.notation,
               "plays": [(pl.player, pl.action.notation, pl.action.face_up) for pl in trick.plays]}
    answer: Any = str(winner) if p.question == "winner" else deal.pillars[winner]
    return Solution((answer,), p.question, details)


def _solve_settlement(p: Puzzle) -> Solution:
    lead = tg.classify(parse_tiles(p.lead or ""))
    won = tg.classify(parse_tiles(p.won_with or ""))
    if lead is None or won is None:
        raise ContentError(p.key, "lead and won_with must be sets")
    if len(p.pillars) != tg.SEATS or sum(p.pillars) != 8 or max(p.pillars) > 8:
        raise ContentError(p.key, "four pillar counts adding up to 8 (TG-20)")
    if p.pillars[p.winner] < won.size or won.size != lead.size:
        raise ContentError(p.key, "the winner's pillars must include the last trick")
    if p.winner != p.leader and not tg.beats(lead, won):
        raise ContentError(p.key, "won_with must beat the lead when the winner did not lead")
    if p.winner == p.leader and won is not lead:
        raise ContentError(p.key, "a leader who wins the last trick wins it with the lead")
    if any(n > 6 for s, n in enumerate(p.pillars) if s != p.winner):
        raise ContentError(p.key, "no opponent holds more than 6 pillars (TG-20)")
    ledger = tgsettle.final_payments(tuple(p.pillars), p.banker, p.winner, p.leader, lead, won)
    owed = _payments_by_seat(ledger, p.winner)
    answer = {str(s): owed[s] for s in range(tg.SEATS) if s != p.winner}
    details = {
        "ledger": [pay.as_dict() for pay in ledger],
        "multiplier": tgsettle.final_multiplier(won, p.pillars[p.winner]),
        "capture": tgsettle.is_capture(lead, won),
        "owed": owed,
    }
    return Solution((answer,), "settlement", details)


def _game(key: str) -> Any:
    return cp if key == CHUO_PAI else tg


_SOLVERS = {
    (CHUO_PAI, JUDGE): _solve_judge,
    (TIEN_GOW, JUDGE): _solve_judge,
    (CHUO_PAI, BEAT_OR_PASS): _solve_cp_beat_or_pass,
    (TIEN_GOW, BEAT_OR_PASS): _solve_tg_beat_or_pass,
    (CHUO_PAI, BONUS): _solve_bonus,
    (CHUO_PAI, ROUND): _solve_round,
    (TIEN_GOW, TRICK): _solve_trick,
    (TIEN_GOW, SETTLEMENT): _solve_settlement,
}


def expected_answers(p: Puzzle) -> tuple[Any, ...]:
    """The author's claim, in the same form as ``Solution.answers`` (for the content test)."""
    e = p.expect
    if p.kind == JUDGE:
        return (e,)
    if p.kind in (BEAT_OR_PASS, BONUS):
        items = e if isinstance(e, list) else [e]
        return tuple(x if x in (PASS, NONE) else canonical(p.game, x) for x in items)
    if p.kind in (ROUND, TRICK):
        if p.question in NUMBER_QUESTIONS:
            return (e,)
        return (e if e == NONE else str(e),)
    if p.kind == SETTLEMENT:
        return ({str(s): e[s] for s in range(len(e)) if s != p.winner},)
    return (e,)
