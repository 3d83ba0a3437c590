"""research/who_holds.py: the cases read off real deals, and the two readers' views of them."""
from engine.ai.tien_gow import unseen_tiles
from engine.games import game, make_agent
from engine.rng import make_rng
from engine.tien_gow.kernel import POSITION
from research.who_holds import cases, sizes_only, with_plays
from scripts.fit_imitation import evaluate, fit


def test_each_case_names_the_one_seat_that_holds_an_unseen_identity():
    """Replaying deal 400000 as ``cases`` plays it: at every decision with 3-4 tiles, the cases
    are exactly the identities the deciding seat cannot see that one other seat alone holds, each
    with the seats' hand sizes and whether each has played that identity face up."""
    found = list(cases(400000, 1))
    rules = game("tien-gow")
    deal = rules.new_deal(400000)
    rngs = [make_rng(400000 * 16 + seat + 1) for seat in range(4)]
    agents = [make_agent("standard", "tien-gow") for _ in range(4)]
    expected = []
    while not deal.is_over:
        seat = deal.to_act
        view = deal.view(seat)
        if len(view.hand) in (3, 4):
            others = [(seat + k) % 4 for k in (1, 2, 3)]
            for identity in {POSITION[t] for t in unseen_tiles(view)}:
                holding = [place for place, s in enumerate(others)
                           if identity in {POSITION[t] for t in deal.hands[s]}]
                if len(holding) == 1:
                    shown = [int(any(p.player == s and p.face_up and identity in {POSITION[t] for t in p.tiles}
                                     for trick in (*view.tricks, view.trick) for p in trick.plays))
                             for s in others]
                    expected.append((identity, holding[0], [len(deal.hands[s]) for s in others], shown))
        deal = deal.apply(agents[seat].choose(view, rngs[seat]), player=seat)
    got = [(identity, holder, [dict((f[0], f[2]) for f in o)["size"] for o in options],
            [dict((f[0], f[2]) for f in o)["shown"] for o in options])
           for identity, options, holder in found]
    assert sorted(got) == sorted(expected) and got


def test_the_hand_sizes_reader_sees_only_the_sizes_and_the_plays_reader_sees_more():
    data = list(cases(400000, 2))
    assert all(f[0] == "size" for options, _ in sizes_only(data) for option in options for f in option)
    assert all(len(option) > 1 for options, _ in with_plays(data) for option in options)


def test_a_telling_record_is_read():
    """Where the holder alone shows a feature, the fitted reader names every holder; where no
    seat differs, it names none better than a third."""
    telling = [([[("shown", 0, int(seat == holder))] for seat in range(3)], holder)
               for holder in (0, 1, 2) for _ in range(40)]
    loglik, named, _ = evaluate(fit(telling, 60), telling, 0)
    assert named == 1.0 and loglik > -0.5
    silent = [([[("shown", 0, 0)] for _ in range(3)], holder) for holder in (0, 1, 2) for _ in range(40)]
    loglik, named, _ = evaluate(fit(silent, 60), silent, 0)
    assert abs(named - 1 / 3) < 1e-9
