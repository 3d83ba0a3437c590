"""research/sight.py's seeing player: its guesses are the true deal, and nothing else changes."""
from engine.ai import strong_tien_gow as tgs
from engine.games import game
from engine.rng import make_rng
from engine.tien_gow.kernel import POSITION
from research.sight import SeeingStrong


def _first_lead_spied(monkeypatch):
    """The first lead of deal 100000, the hands it is played from as packed codes, and a list that
    collects the codes of every play-out ``strong`` starts from then on."""
    deal = game("tien-gow").new_deal(100000)
    true_codes = [sum(1 << (3 * POSITION[t]) for t in hand) for hand in deal.hands]
    seen = []
    real_playout = tgs.playout

    def spy(codes, *args, **kwargs):
        seen.append(list(codes))
        return real_playout(codes, *args, **kwargs)

    monkeypatch.setattr(tgs, "playout", spy)
    return deal, deal.to_act, true_codes, seen


def test_seeing_strong_plays_out_the_true_hands_and_puts_the_guesser_back(monkeypatch):
    deal, seat, true_codes, seen = _first_lead_spied(monkeypatch)
    guesser = tgs.sample_codes
    action = SeeingStrong().choose_seeing(deal, seat, make_rng(1))
    assert action in deal.legal_actions()
    assert tgs.sample_codes is guesser
    assert seen  # the first lead is searched (eight tiles, many leads)
    for codes in seen:  # the searching seat's candidate is already out of its hand
        assert [c for s, c in enumerate(codes) if s != seat] == [c for s, c in enumerate(true_codes) if s != seat]


def test_seeing_from_fewer_tiles_is_an_ordinary_search_until_then(monkeypatch):
    """With ``from_tiles`` 4, the first lead (eight tiles) is ``strong``'s own: the same action
    from the same generator, its play-outs on guesses rather than the true deal."""
    deal, seat, true_codes, seen = _first_lead_spied(monkeypatch)
    action = SeeingStrong(from_tiles=4).choose_seeing(deal, seat, make_rng(1))
    assert action == tgs.StrongTienGow().choose(deal.view(seat), make_rng(1))
    others = [c for s, c in enumerate(true_codes) if s != seat]
    assert seen and any([c for s, c in enumerate(codes) if s != seat] != others for codes in seen)


def test_pooled_sight_knows_the_other_hands_tiles_but_not_who_holds_which(monkeypatch):
    """With ``pooled``, every play-out deals the other seats exactly the tiles their true hands
    hold together, in their true sizes, and not always each to its true holder."""
    deal, seat, true_codes, seen = _first_lead_spied(monkeypatch)
    guesser = tgs.sample_codes
    action = SeeingStrong(pooled=True).choose_seeing(deal, seat, make_rng(1))
    assert action in deal.legal_actions()
    assert tgs.sample_codes is guesser
    others = [c for s, c in enumerate(true_codes) if s != seat]
    assert seen
    for codes in seen:
        guessed = [c for s, c in enumerate(codes) if s != seat]
        assert sum(guessed) == sum(others)  # the same tiles (codes add up field by field)...
        assert [_size(c) for c in guessed] == [_size(c) for c in others]  # ...in the same hand sizes
    assert any([c for s, c in enumerate(codes) if s != seat] != others for codes in seen)


def _size(code):
    """The number of tiles in a packed hand code (3 bits per identity)."""
    return sum((code >> (3 * i)) & 7 for i in range(len(POSITION)))
