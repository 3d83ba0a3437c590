"""``python -m engine``: a command-line referee (judge), self-play, record replay, the check of a
revealed daily deal (``daily-verify``) and the analysis of finished records (``analyse``:
docs/analysis.md)."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from engine.analysis import AnalysisError, analyse
from engine.daily import verify_revealed
from engine.errors import EngineError, RecordError, VariantError
from engine.games import GAME_KEYS, game
from engine.rng import BitSources, make_rng


def judge_lines(game_key: str, lines: Iterable[str], out: TextIO, variant: tuple[str, ...] = ()) -> int:
    """One JSON answer per input line, in order, under the table options ``variant``; 1 if any line
    was malformed, else 0."""
    rules = game(game_key)
    status = 0
    for line in lines:
        try:
            query = json.loads(line)
            if not isinstance(query, dict) or "play" not in query:
                raise ValueError("expected an object with 'play' and 'current'")
            current, play = query.get("current"), query["play"]
            if not isinstance(play, str) or not (current is None or isinstance(current, str)):
                raise ValueError("'play' must be a string and 'current' a string or null")
            answer = rules.judge_under(current, play, variant).as_dict()
        except (ValueError, EngineError) as error:
            answer, status = {"error": str(error)}, 1
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return status


def play_deal(game_key: str, seed: int, agent_names: Sequence[str],
              variant: tuple[str, ...] = ()) -> dict[str, object]:
    """Play one complete deal with the named agents through the engine, under the table options
    ``variant`` (checked: ``GameSpec.check_variant``); return its record."""
    rules = game(game_key)
    agents = [rules.make_agent(name) for name in agent_names]
    rngs = [make_rng(s) for s in agent_seeds(seed, rules.seats)]
    deal = rules.under(rules.new_deal(seed), variant)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal = deal.apply(agents[seat].choose(deal.view(seat), rngs[seat]), player=seat)
    return rules.to_record(deal)


def agent_seeds(seed: int, seats: int) -> range:
    """The seeds of the seats' generators in deal ``seed``: ``seed * 16 + seat + 1``."""
    return range(seed * 16 + 1, seed * 16 + seats + 1)


def record_lines(game_key: str, agent_names: Sequence[str], seeds: Iterable[int],
                 variant: tuple[str, ...] = ()) -> Iterator[str]:
    """The JSON lines ``selfplay`` writes for the deals ``seeds``, each ending in a newline. With
    every seat random, the game's ``GameSpec.random_record_line`` (where it has one) writes the
    same line from its kernel: a random player needs only the legal actions, not an immutable
    state and a full seat view per action. Its generators are made once and reseeded for every
    deal. The kernel's line is of the default rules: a deal under table options (``variant``)
    is played through the engine."""
    seats = len(agent_names)
    fast = game(game_key).random_record_line
    if fast is not None and not variant and all(name == "random" for name in agent_names):
        bits = BitSources(1 + seats)
        deal_bits, *seat_bits = bits.streams  # the same after every reseed
        for seed in seeds:
            bits.reseed((seed, *agent_seeds(seed, seats)))
            yield fast(seed, deal_bits, seat_bits)
        return
    for seed in seeds:
        yield json.dumps(play_deal(game_key, seed, agent_names, variant), separators=(",", ":")) + "\n"


def replay_lines(lines: Iterable[str], out: TextIO) -> int:
    """Check every record; print a verdict per deal; stop with 1 at the first bad one."""
    for number, line in enumerate((ln for ln in lines if ln.strip()), start=1):
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise RecordError((), "not-an-object")
            key = record.get("game")
            if key not in GAME_KEYS:
                raise RecordError(("game",), "wrong-game", {"game": key})
            deal = game(key).replay(record)
        except (ValueError, RecordError) as error:
            out.write(f"deal {number}: REJECTED: {error}\n")
            return 1
        state = "finished" if deal.is_over else "unfinished, legal so far"
        out.write(f"deal {number}: ok ({key}, seed {record.get('seed')}, {state})\n")
    return 0


def analyse_lines(lines: Iterable[str], out: TextIO, seat: int, level: str, draw: int) -> int:
    """One JSON line per record: ``seat``'s analysis by ``level`` with the estimate's draws
    ``draw`` (``engine.analysis.analyse``), its accuracy and graded decisions (actions as the
    engine writes them); ``{"error": code}`` for a record that cannot be analysed (1 then)."""
    status = 0
    for line in (ln for ln in lines if ln.strip()):
        answer: dict[str, object]
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise RecordError((), "not-an-object")
            found = analyse(record, seat, level=level, draw=draw)
            answer = {"accuracy": found.accuracy, "decisions": [
                {"step": d.step, "played": d.played.as_dict(),
                 "best": d.best.as_dict() if d.best is not None else None,
                 "grade": d.grade, "cost": d.cost, "margin": d.margin, "close": d.close}
                for d in found.decisions if not d.forced]}
        except (AnalysisError, RecordError) as error:
            answer, status = {"error": error.code}, 1
        except ValueError:
            answer, status = {"error": "bad-record"}, 1
        out.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
    return status


_VARIANT_HELP = "comma-separated table options of the game (none: its default rules)"


def variant_of(game_key: str, text: str) -> tuple[str, ...]:
    """The option keys of ``--variant a,b`` for ``game_key``, sorted; VariantError (code
    ``unknown-variant``) for an unknown or repeated one, or an empty entry."""
    return game(game_key).check_variant(text.split(",") if text else [])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    judge = commands.add_parser("judge", help="judge JSON lines {current, play} from standard input")
    judge.add_argument("--game", choices=GAME_KEYS, required=True)
    judge.add_argument("--variant", default="", help=_VARIANT_HELP)
    selfplay = commands.add_parser("selfplay", help="play complete deals, write records as JSON lines")
    selfplay.add_argument("--game", choices=GAME_KEYS, required=True)
    selfplay.add_argument("--deals", type=int, default=1)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--agents", default=None, help="comma-separated agent names, one per seat")
    selfplay.add_argument("--variant", default="", help=_VARIANT_HELP)
    replay = commands.add_parser("replay", help="check records (JSON lines) from FILE or standard input")
    replay.add_argument("file", nargs="?", type=argparse.FileType("r", encoding="utf-8"), default=sys.stdin)
    verify = commands.add_parser("daily-verify", help="check a revealed daily deal's seed and salt "
                                 "against the commitment shown from its first minute")
    verify.add_argument("--game", choices=GAME_KEYS, required=True)
    verify.add_argument("--seed", type=int, required=True)
    verify.add_argument("--salt", required=True)
    verify.add_argument("--commitment", required=True)
    analyse = commands.add_parser("analyse", help="analyse finished records (JSON lines) from standard input")
    analyse.add_argument("--seat", type=int, required=True)
    analyse.add_argument("--level", default="strong", help="an estimating level (standard, strong)")
    analyse.add_argument("--draw", type=int, default=0, help="the estimate's draws (0: what the site shows)")
    return parser


def daily_verify(game_key: str, seed: int, salt: str, commitment: str, out: TextIO) -> int:
    """0 and "ok" when sha256("<game>:<seed>:<salt>") is ``commitment``; 1 and "MISMATCH" otherwise."""
    if verify_revealed(game_key, seed, salt, commitment):
        out.write(f"ok: sha256({game_key}:{seed}:{salt}) is the commitment\n")
        return 0
    out.write(f"MISMATCH: sha256({game_key}:{seed}:{salt}) is not {commitment}\n")
    return 1


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    args = _parser().parse_args(argv)
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    variant: tuple[str, ...] = ()
    if args.command in ("judge", "selfplay"):
        try:
            variant = variant_of(args.game, args.variant)
        except VariantError as error:
            sys.stderr.write(f"{error}\n")
            return 2
    if args.command == "judge":
        return judge_lines(args.game, stdin, stdout, variant)
    if args.command == "daily-verify":
        return daily_verify(args.game, args.seed, args.salt, args.commitment, stdout)
    if args.command == "selfplay":
        rules = game(args.game)
        names = (args.agents or ",".join(["random"] * rules.seats)).split(",")
        if len(names) != rules.seats:
            raise SystemExit(f"--agents needs {rules.seats} names for {args.game}")
        for name in names:
            if name not in rules.agent_levels:
                raise SystemExit(f"unknown agent {name!r}")
        # each line ends in its newline already: not copied again to add one
        stdout.writelines(record_lines(args.game, names, range(args.seed, args.seed + args.deals), variant))
        return 0
    if args.command == "analyse":
        return analyse_lines(stdin, stdout, args.seat, args.level, args.draw)
    source = args.file if args.file is not sys.stdin else stdin
    return replay_lines(source, stdout)
