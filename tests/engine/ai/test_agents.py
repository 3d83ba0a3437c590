"""The AI players of both games: legality, determinism, view-only play, the registry and the CLI.

(Playing strength and speed are measured in bench/arena.py, never here.)
"""
import gc
import io
import json

import pytest

from engine import chuo_pai, tien_gow
from engine.ai import AGENT_NAMES
from engine.cli import main
from engine.games import GAME_KEYS, game, make_agent
from engine.rng import make_rng

# The games whose computer players are engine.ai's four levels, each game's spec by its key.
GAMES = {key: game(key) for key in GAME_KEYS if set(AGENT_NAMES) <= set(game(key).agent_levels)}


def lineups(game_key):
    """Line-ups that seat every agent name, each in a different seat from one line-up to the next
    (with more names than seats, the names wrap round)."""
    seats = GAMES[game_key].seats
    names = list(AGENT_NAMES) + ["standard"] * (seats - len(AGENT_NAMES))
    return [[names[(seat + r) % len(names)] for seat in range(seats)] for r in range(len(names))]


def play_out(game_key, seed, names, check=None):
    rules = GAMES[game_key]
    agents = [make_agent(name, game_key) for name in names]
    rngs = [make_rng(seed * 16 + seat + 1) for seat in range(rules.seats)]
    deal = rules.new_deal(seed)
    actions = []
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        action = agents[seat].choose(view, rngs[seat])
        if check:
            check(deal, view, action)
        actions.append(action)
        deal = deal.apply(action, player=seat)
    return deal, actions


def test_registry_names_every_level_for_both_games():
    assert AGENT_NAMES == ("random", "greedy", "standard", "strong")
    for game_key in GAMES:
        for name in AGENT_NAMES:
            agent = make_agent(name, game_key)
            assert agent.name == name and callable(agent.choose)
    with pytest.raises(KeyError):
        make_agent("perfect", "chuo-pai")
    with pytest.raises(KeyError):
        make_agent("greedy", "bridge")


@pytest.mark.parametrize("game_key", GAMES)
def test_agents_only_return_legal_actions(game_key):
    def check(deal, view, action):
        legal = deal.legal_actions()
        assert action in legal, (view.seat, action)
        assert set(view.legal_actions()) == set(legal)

    for r, names in enumerate(lineups(game_key)):
        for seed in (11 + r, 500 + r):
            deal, _ = play_out(game_key, seed, names, check)
            assert deal.is_over


@pytest.mark.parametrize("game_key", GAMES)
def test_agents_are_deterministic_given_their_generator(game_key):
    names = lineups(game_key)[0]
    first = play_out(game_key, 7, names)[1]
    again = play_out(game_key, 7, names)[1]
    assert first == again
    # The same view and two generators in the same state: the same action.
    rules = GAMES[game_key]
    deal = rules.new_deal(3)
    for _ in range(5):
        seat = deal.to_act
        view = deal.view(seat)
        for name in AGENT_NAMES:
            a = make_agent(name, game_key).choose(view, make_rng(99))
            b = make_agent(name, game_key).choose(view, make_rng(99))
            assert a == b
        deal = deal.apply(make_agent("greedy", game_key).choose(view, make_rng(0)))


def reachable(root):
    """Every object reachable from ``root`` through containers and game values (not through
    classes, modules or functions)."""
    seen, stack, found = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, type(gc), type(reachable))):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


@pytest.mark.parametrize("game_key", GAMES)
def test_a_view_leads_nowhere_near_the_deal(game_key):
    rules = GAMES[game_key]
    deal = rules.new_deal(21)
    for step in range(40):
        if deal.is_over:
            break
        seat = deal.to_act
        view = deal.view(seat)
        objects = reachable(view)
        assert not any(isinstance(o, type(deal)) for o in objects)
        hidden = [deal.hands[s] for s in range(rules.seats) if s != seat]
        assert not any(o is h for o in objects for h in hidden if len(h) > 0)
        deal = deal.apply(make_agent("greedy", game_key).choose(view, make_rng(step)))


def swapped_chuo_pai_deals():
    """Two Chuo Pai deals alike for seat 0 (same hand, same public table) but not for the others:
    one 6-6 and one 5-5 change hands between seats 1 and 2."""
    deal = chuo_pai.new_deal(5)
    hands = [list(deal.dealt[s]) for s in range(3)]
    six, five = chuo_pai.parse_action("6-6").tiles[0], chuo_pai.parse_action("5-5").tiles[0]
    while not (six in hands[1] and five in hands[2]):
        deal = chuo_pai.new_deal(deal.seed + 1)
        hands = [list(deal.dealt[s]) for s in range(3)]
    other = [list(h) for h in hands]
    other[1].remove(six)
    other[1].append(five)
    other[2].remove(five)
    other[2].append(six)
    return (chuo_pai.deal_from_hands(hands, 0), chuo_pai.deal_from_hands(other, 0))


def swapped_tien_gow_deals():
    deal = tien_gow.new_deal(5, banker=0)
    hands = [list(h) for h in deal.dealt]
    other = [list(h) for h in hands]
    other[1][0], other[2][0] = hands[2][0], hands[1][0]
    return (tien_gow.deal_from_hands(hands, 0), tien_gow.deal_from_hands(other, 0))


@pytest.mark.parametrize("make", [swapped_chuo_pai_deals, swapped_tien_gow_deals])
def test_hidden_hands_do_not_change_a_choice(make):
    one, two = make()
    assert one.hands[1] != two.hands[1]
    assert one.view(0) == two.view(0)
    game_key = "chuo-pai" if isinstance(one, chuo_pai.Deal) else "tien-gow"
    for name in AGENT_NAMES:
        a = make_agent(name, game_key).choose(one.view(0), make_rng(4))
        b = make_agent(name, game_key).choose(two.view(0), make_rng(4))
        assert a == b


@pytest.mark.parametrize("game_key", GAMES)
def test_selfplay_cli_takes_every_agent_name(game_key):
    for names in lineups(game_key):
        out = io.StringIO()
        status = main(["selfplay", "--game", game_key, "--deals", "1", "--seed", "4",
                       "--agents", ",".join(names)], stdin=io.StringIO(""), stdout=out)
        assert status == 0
        record = json.loads(out.getvalue())
        assert record["game"] == game_key
        verdicts = io.StringIO()
        assert main(["replay"], stdin=io.StringIO(out.getvalue()), stdout=verdicts) == 0
        assert "finished" in verdicts.getvalue()
    for name in AGENT_NAMES:
        seats = GAMES[game_key].seats
        out = io.StringIO()
        assert main(["selfplay", "--game", game_key, "--agents", ",".join([name] * seats)],
                    stdin=io.StringIO(""), stdout=out) == 0
    with pytest.raises(SystemExit):
        main(["selfplay", "--game", game_key, "--agents", ",".join(["nobody"] * GAMES[game_key].seats)],
             stdin=io.StringIO(""), stdout=io.StringIO())
