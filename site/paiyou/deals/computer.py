"""The computer players at a table: their levels (the engine's, from the game's ``GameSpec``),
one computer seat's move, and the moves up to the human's turn (with the human's forced passes
when the auto-pass setting is on)."""
from __future__ import annotations

import logging
from collections.abc import Sequence

from engine.games import game as game_rules
from engine.seating import agent_rng
from engine.spec import Action
from engine.spec import AnyAgent as Agent
from engine.spec import AnyDeal as Deal
from paiyou.deals.game import HUMAN, BadInput

log = logging.getLogger(__name__)

# The level a seat falls back to when its stored level is one the engine no longer lists: the
# first of these the engine has.
FALLBACK_LEVELS = ("standard", "greedy", "random")


def levels(game: str) -> tuple[str, ...]:
    """The computer players' levels the engine lists for ``game``, weakest first."""
    return game_rules(game).agent_levels


def default_level(game: str, configured: str | None = None) -> str:
    """The level preselected for a new deal: ``configured`` (the operator's
    ``PAIYOU_OPPONENT_LEVEL``) when the engine lists it, else the strongest level the engine lists
    (the last one), so a stronger agent becomes the default as soon as the engine has it."""
    listed = levels(game)
    return configured if configured in listed else listed[-1]


def parse_level(game: str, value: object, configured: str | None = None) -> str:
    """The level a request asks for: the default when absent; BadInput("unknown-level") when it
    is not one of the engine's levels for ``game``."""
    if value is None or value == "":
        return default_level(game, configured)
    if not isinstance(value, str) or value not in levels(game):
        raise BadInput("unknown-level")
    return value


def agent(game: str, level: str) -> Agent:
    """The agent of a stored seat's ``level``, or of the first ``FALLBACK_LEVELS`` the engine
    lists when it no longer lists that one."""
    listed = levels(game)
    found = next((name for name in (level, *FALLBACK_LEVELS) if name in listed), None)
    if found is None:  # pragma: no cover - every game has a random level
        raise RuntimeError(f"no agent for {game}")
    return game_rules(game).make_agent(found)


def computer_step(game: str, deal: Deal, agents: Sequence[str]) -> Deal:
    """One computer seat's move (the seat to act), or the deal unchanged when a person is to act
    (``agents`` holds ``HUMAN`` for their seats) or the deal is over: the step a table page shows
    as soon as it is chosen (``paiyou.deals.service.advance``). Each move draws from a seeded
    stream of its own (``engine.seating.agent_rng``): the same deal and the same human actions
    give the same game, in any process, after any restart."""
    seat = deal.to_act
    if seat is None or agents[seat] == HUMAN:
        return deal
    legal = deal.legal_actions()
    try:
        action = agent(game, agents[seat]).choose(deal.view(seat), agent_rng(deal, seat))
        return deal.apply(action, player=seat)
    except Exception:  # an agent must never break a game: fall back to a legal action
        log.exception("agent %s failed in %s; playing a random legal action", agents[seat], game)
        return deal.apply(agent_rng(deal, seat).choice(legal), player=seat)


def forced_pass(deal: Deal, human_seat: int) -> Action | None:
    """The human's only legal action when it is a pass (nothing beats), else None."""
    if deal.is_over or deal.to_act != human_seat:
        return None
    legal = deal.legal_actions()
    return legal[0] if len(legal) == 1 and not legal[0].tiles else None


def run_computer(game: str, deal: Deal, agents: Sequence[str]) -> Deal:
    """Let the computer seats act until a person is to act or the deal is over."""
    while (seat := deal.to_act) is not None and agents[seat] != HUMAN:
        deal = computer_step(game, deal, agents)
    return deal


def run_until_choice(game: str, deal: Deal, human_seat: int, agents: Sequence[str],
                     auto_pass: bool) -> tuple[Deal, list[int]]:
    """``run_computer``, and with ``auto_pass`` also ``human_seat``'s forced passes (the only
    legal action is a pass: nothing beats). Returns the deal and the action numbers of those
    passes. A deal against the computer's only: at a table with friends the computer makes one
    move a request (``paiyou.deals.service.advance``)."""
    deal = run_computer(game, deal, agents)
    passed: list[int] = []
    while auto_pass and (only := forced_pass(deal, human_seat)) is not None:
        passed.append(deal.action_count)
        deal = deal.apply(only, player=human_seat)
        deal = run_computer(game, deal, agents)
    return deal, passed
