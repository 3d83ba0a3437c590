"""bench/fit_imitation.py: the model of Tien Gow ``standard`` it fits, and the figures it prints."""
import importlib.util

from bench import fit_imitation as fi
from engine.ai import make_agent
from engine.games import game
from engine.rng import make_rng
from engine.tien_gow import SETS, make_action
from engine.tien_gow.hands import code_of
from engine.tien_gow.kernel import DOWN, to_id


def test_the_first_option_of_a_decision_is_greedys_choice():
    """Lead options come in greedy's lead order and beats in its beat order, so the "greedy's
    choice" figure (option 0 of a lead, 1 of a follow) is what ``greedy`` plays, here over every
    decision of three greedy deals."""
    greedy = make_agent("greedy", "tien-gow")
    checked = 0
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
            deal = deal.apply(action, player=deal.to_act)
    assert checked > 30


def test_fitting_raises_the_likelihood_and_writes_a_module(tmp_path, capsys):
    data = [d for kind, d in fi.decisions(300000, 2) if kind == "follow"]
    uniform = fi.evaluate({}, data, 1)
    fitted = fi.evaluate(fi.fit(data, 30), data, 1)
    assert fitted[0] > uniform[0] + 0.05  # mean log-likelihood, on the fitted decisions
    out = tmp_path / "model.py"
    assert fi.main(["--deals", "2", "--steps", "3", "--write", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "lead" in printed and "follow" in printed and "greedy's choice" in printed
    spec = importlib.util.spec_from_file_location("model", out)
    assert spec is not None and spec.loader is not None
    model = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(model)
    assert len(model.PHASE) == 9 and len(model.LEAD_SET) == 4 and len(model.LEAD_SET[0]) == len(SETS)
    assert len(model.DOWN) == len(model.BEAT_RANK) == 9 and len(model.BEAT) == len(SETS)
    assert all(w > 0 for w in model.BEAT)
