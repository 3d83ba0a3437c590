"""scripts/fit_imitation.py: the model of Tien Gow ``standard`` it fits, and the figures it prints."""
import importlib.util

from engine.games import game, make_agent
from engine.rng import make_rng
from engine.tien_gow import SETS, make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.kernel import DOWN, to_id
from scripts import fit_imitation as fi


def test_the_first_option_of_a_decision_is_greedys_choice():
    """Lead options come in greedy's lead order and beats in its beat order, so the "greedy's
    choice" figure (option 0 of a lead, 1 of a follow) is what ``greedy`` plays, here over every
    decision of three greedy deals; and discard options come weakest first, as greedy gives them
    (option 0 of a discard)."""
    greedy = make_agent("greedy", "tien-gow")
    checked = discards = 0
    for seed in range(3):
        deal = game("tien-gow").new_deal(seed)
        while not deal.is_over:
            view = deal.view(deal.to_act)
            action = greedy.choose(view, make_rng(seed))
            hand, left = code_of(view.hand), len(view.hand)
            if not view.trick.plays:
                assert fi.lead_options(hand, left)[0][0] == to_id(action)
                checked += 1
            else:
                legal = {to_id(a) for a in view.legal_actions()}
                assert view.high is not None
                high = to_id(make_action(view.high.tiles, True))
                last, pillarless = len(view.trick.plays) == 3, view.pillars[deal.to_act] == 0
                options = fi.follow_options(hand, left, high, last, pillarless, legal)
                assert options[0][0] == DOWN
                if len(options) > 1:
                    assert options[1][0] == to_id(action)
                    checked += 1
                elif view.trick.plays[0].count == 1:  # greedy discards its weakest tile
                    assert DOWN + fi.discard_options(hand, left)[0][0] == to_id(action)
                    discards += 1
            deal = deal.apply(action, player=deal.to_act)
    assert checked > 30 and discards > 10


def test_discard_options_are_the_tiles_held_with_their_pair_features():
    """Every identity held is an option, in greedy's discard order; 6-6 held twice is a civil
    pair, 2-4 with 1-2 the Supreme, 1-3 alone in no pair."""
    single = {s.tiles[0].key: s.tiles[0] for s in SETS if len(s.tiles) == 1}
    hand = code_of(tuple(single[k] for k in ("2-4", "1-2", "6-6", "6-6", "1-3")))
    options = fi.discard_options(hand, 5)
    units = {t: 1 << (3 * i) for i, t in enumerate(s.tiles[0] for s in SETS if len(s.tiles) == 1)}
    assert sorted(u for u, _ in options) == sorted(units[single[k]] for k in ("2-4", "1-2", "6-6", "1-3"))
    features = {u: {f[0]: f[-1] for f in fs} for u, fs in options}
    six, lone = features[units[single["6-6"]]], features[units[single["1-3"]]]
    assert six["twice"] and six["in_pair"]
    assert features[units[single["2-4"]]]["in_pair"] and features[units[single["1-2"]]]["in_pair"]
    assert not lone["twice"] and not lone["in_pair"]
    assert [feats["tile_rank"] for feats in features.values()] == list(range(len(options)))


def test_fitting_raises_the_likelihood_and_writes_a_module(tmp_path, capsys):
    data = [d for kind, d in fi.decisions(300000, 2) if kind == "follow"]
    uniform = fi.evaluate({}, data, 1)
    fitted = fi.evaluate(fi.fit(data, 30), data, 1)
    assert fitted[0] > uniform[0] + 0.05  # mean log-likelihood, on the fitted decisions
    out = tmp_path / "model.py"
    assert fi.main(["--deals", "2", "--steps", "3", "--write", str(out), "--discards"]) == 0
    printed = capsys.readouterr().out
    assert "lead" in printed and "follow" in printed and "discard" in printed and "greedy's choice" in printed
    spec = importlib.util.spec_from_file_location("model", out)
    assert spec is not None and spec.loader is not None
    model = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(model)
    assert len(model.PHASE) == 9 and len(model.LEAD_SET) == 4 and len(model.LEAD_SET[0]) == len(SETS)
    assert len(model.DOWN) == len(model.BEAT_RANK) == 9 and len(model.BEAT) == len(SETS)
    assert all(w > 0 for w in model.BEAT)
