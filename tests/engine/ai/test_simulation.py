"""The standard agents' inner workings: guesses at hidden hands fit what the view shows, and the
fast play-outs play exactly like greedy agents through the engine."""
from engine import chuo_pai, tien_gow
from engine.ai import chuo_pai as cp_ai
from engine.ai import tien_gow as tg_ai
from engine.games import make_agent
from engine.rng import make_rng


def test_chuo_pai_play_out_matches_greedy_through_the_engine():
    greedy = make_agent("greedy", "chuo-pai")
    for seed in range(20):
        deal = chuo_pai.new_deal(seed)
        hands, sizes, piles = [list(h) for h in deal.hands], list(deal.sizes), list(deal.piles)
        cp_ai.rollout(hands, sizes, piles, None, -1, [], deal.to_act)
        while not deal.is_over:
            deal = deal.apply(greedy.choose(deal.view(deal.to_act), make_rng(0)))
        assert tuple(piles) == deal.piles and tuple(sizes) == deal.sizes


def test_tien_gow_play_out_matches_greedy_through_the_engine():
    greedy = make_agent("greedy", "tien-gow")
    for seed in range(40):
        deal = tien_gow.new_deal(seed)
        codes, pillars, net = list(deal.codes), [0] * 4, [0] * 4
        winner = tg_ai.rollout(codes, pillars, net, deal.banker, 8, deal.leader, None, -1, 0, None)
        while not deal.is_over:
            deal = deal.apply(greedy.choose(deal.view(deal.to_act), make_rng(0)))
        assert (tuple(pillars), tuple(net), winner) == (deal.pillars, deal.net, deal.winner)


def test_chuo_pai_guesses_fit_sizes_seen_cards_and_passes():
    greedy = make_agent("greedy", "chuo-pai")
    rng = make_rng(1)
    for seed in range(6):
        deal = chuo_pai.new_deal(seed)
        step = 0
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            if step % 5 == 0:
                unseen = cp_ai.unseen_counts(view)
                truth = [sum(deal.hands[s][i] for s in range(3) if s != seat) for i in range(21)]
                assert unseen == truth
                caps, specials = cp_ai.pass_limits(view)
                for s in range(3):  # what the passes prove holds for the real hands
                    assert all(deal.hands[s][i] <= caps[s][i] for i in range(21))
                    assert not any(cp_ai._holds(list(deal.hands[s]), p) for c in specials[s] for p in c.beaten_by)
                hands = cp_ai.sample_hands(view, unseen, caps, specials, rng)
                assert [sum(h) for h in hands] == list(deal.sizes)
                assert hands[seat] == list(deal.hands[seat])
                assert [sum(hands[s][i] for s in range(3) if s != seat) for i in range(21)] == unseen
            deal = deal.apply(greedy.choose(view, rng))
            step += 1


def test_tien_gow_guesses_fit_sizes_and_seen_tiles():
    greedy = make_agent("greedy", "tien-gow")
    rng = make_rng(2)
    for seed in range(6):
        deal = tien_gow.new_deal(seed)
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            unseen = tg_ai.unseen_tiles(view)
            held = sorted(t.key for s in range(4) if s != seat for t in deal.hands[s])
            assert set(held) <= {t.key for t in unseen}
            assert len(unseen) >= len(held)
            codes = tg_ai.sample_codes(view, unseen, rng)
            assert codes[seat] == deal.codes[seat]
            for s in range(4):
                assert sum((codes[s] >> (3 * i)) & 3 for i in range(21)) == len(deal.hands[s])
            deal = deal.apply(greedy.choose(view, rng))
