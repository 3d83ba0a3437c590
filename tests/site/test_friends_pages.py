"""A table with friends in the browser, without JavaScript (plain forms; htmx and the event
stream only make it faster): the start form, the creator's table with its invite, the join page
(a GET changes nothing), each seat's own table, a watcher's, and the creator's and each seat's
forms — names, leaving and coming back, the invite renewed or withdrawn, a seat given to the
computer. Every page shows its viewer's tiles only; the others' stay hidden."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from engine.games import game as game_rules
from paiyou import create_app, live
from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.deals import computer, service
from paiyou.live.brokers import MemoryBroker
from paiyou.registry import GAME_KEYS
from paiyou.seats import friends
from paiyou.store.databases import store_for
from tests.site.play_helpers import found_keys
from tests.site.test_friends_api import seat_hidden, watcher_hidden


@pytest.fixture
def friends_app(translations_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                      "PAIYOU_ANALYSIS_WORKERS": 0})
    yield app
    store_for(app).close()


def set_up(app: Flask, game: str = "tien-gow", **form: str) -> tuple[FlaskClient, str, str]:
    """A creator's browser, its table's page path and the invite's path."""
    creator = app.test_client()
    fields = {"level": "random", "timer": "0", **form}
    response = creator.post(f"/en/{game}/friends", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    table = response.headers["Location"]
    page = creator.get(table).get_data(as_text=True)
    found = re.search(r'id="invite-link"[^>]*value="([^"]+)"', page)
    assert found, "the creator's table shows the invite's link"
    return creator, table, found.group(1).replace("http://localhost", "")


def game_id(path: str) -> str:
    return path.rstrip("/").split("/")[-1] if "/join/" not in path else path.split("/games/")[1].split("/")[0]


def version(app: Flask, path: str) -> int:
    stored = store_for(app).get(game_id(path))
    assert stored is not None
    return stored.version


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_the_start_page_offers_a_table_with_friends(friends_app: Flask, lang: str) -> None:
    page = friends_app.test_client().get(f"/{lang}/chuo-pai/play").get_data(as_text=True)
    assert 'id="friends-form"' in page and 'name="seat-1"' in page and 'name="seat-2"' in page
    assert 'name="seat-3"' not in page  # three seats: yours and two others
    assert 'name="timer"' in page and 'value="120"' in page


def test_a_friend_joins_by_the_link_and_each_sees_only_their_own_tiles(friends_app: Flask) -> None:
    creator, table, invite = set_up(friends_app, **{"seat-1": "friend", "seat-2": "computer", "seat-3": "friend",
                                                   "name": "Ana"})
    before = version(friends_app, table)
    friend = friends_app.test_client()
    page = friend.get(invite)
    assert page.status_code == 200 and 'id="take-seat"' in page.get_data(as_text=True)
    assert version(friends_app, table) == before  # a GET changes nothing
    joined = friend.post(invite, data={"name": "Bo"})
    assert joined.status_code == 303 and joined.headers["Location"] == table
    truth = service.load(store_for(friends_app), game_id(table))
    seen = friend.get(table).get_data(as_text=True)
    assert "Ana" in seen and 'id="watching-note"' not in seen
    assert not found_keys(seen, seat_hidden(truth.deal, 1))
    assert {t.key for t in truth.deal.view(1).hand} <= found_keys(seen, {t.key for t in truth.deal.view(1).hand})
    mine = creator.get(table).get_data(as_text=True)
    assert "Bo" in mine and not found_keys(mine, seat_hidden(truth.deal, 0))
    watched = friends_app.test_client().get(table).get_data(as_text=True)
    assert 'id="watching-note"' in watched and 'id="play-form"' not in watched
    assert not found_keys(watched, watcher_hidden(truth.deal))
    assert '<meta http-equiv="refresh"' in watched  # without JavaScript it reloads itself


def test_a_full_table_and_a_wrong_invite_are_pages_that_say_so(friends_app: Flask) -> None:
    _, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    assert friends_app.test_client().post(invite).status_code == 303
    full = friends_app.test_client().post(invite, headers={"Accept-Language": "ar"})
    assert full.status_code == 409 and 'id="watch-table"' in full.get_data(as_text=True)
    wrong = invite.rsplit("/", 1)[0] + "/" + "x" * 32
    assert friends_app.test_client().get(wrong).status_code == 404
    assert friends_app.test_client().post(wrong).status_code == 404


def test_the_creator_renews_or_withdraws_the_link_and_gives_a_seat_to_the_computer(friends_app: Flask) -> None:
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "friend"})
    stranger = friends_app.test_client()
    assert stranger.post(f"{table}/invite", data={"action": "revoke"}).status_code == 403
    renewed = creator.post(f"{table}/invite", data={"action": "renew"})
    assert renewed.status_code == 303
    assert friends_app.test_client().get(invite).status_code == 404  # the old link stops working
    page = creator.get(table).get_data(as_text=True)
    new_invite = re.search(r'id="invite-link"[^>]*value="([^"]+)"', page)
    assert new_invite and new_invite.group(1).replace("http://localhost", "") != invite
    friend = friends_app.test_client()
    assert friend.post(new_invite.group(1).replace("http://localhost", "")).status_code == 303
    assert friend.post(f"{table}/seats/2/computer").status_code == 403  # not the creator
    assert creator.post(f"{table}/seats/1/computer").status_code == 409  # taken
    assert creator.post(f"{table}/seats/2/computer").status_code == 303
    assert creator.post(f"{table}/invite", data={"action": "revoke"}).status_code == 303
    page = creator.get(table).get_data(as_text=True)
    assert 'id="invite-link"' not in page
    assert friends_app.test_client().get(new_invite.group(1).replace("http://localhost", "")).status_code == 404


def test_names_leaving_and_coming_back(friends_app: Flask) -> None:
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    friend = friends_app.test_client()
    friend.post(invite)
    before = version(friends_app, table)
    bad = friend.post(f"{table}/name", data={"name": "x" * 40})
    assert bad.status_code == 400 and version(friends_app, table) == before
    assert friend.post(f"{table}/name", data={"name": "<i>Cy</i>"}).status_code == 303
    page = creator.get(table).get_data(as_text=True)
    assert "&lt;i&gt;Cy&lt;/i&gt;" in page and "<i>Cy</i>" not in page
    assert friend.post(f"{table}/leave").status_code == 303
    left = friend.get(table).get_data(as_text=True)
    assert 'id="return-seat"' in left
    assert friend.post(f"{table}/return").status_code == 303
    assert 'id="leave-table"' in friend.get(table).get_data(as_text=True)
    assert friends_app.test_client().post(f"{table}/leave").status_code == 403  # a stranger


def first_legal_move(truth: Any) -> dict[str, Any]:
    """The table form's fields of the first legal action of the seat to act."""
    action = truth.deal.legal_actions()[0]
    return {"version": str(truth.version), "tile": [t.key for t in action.tiles],
            "move": "play" if action.tiles else "pass"}


def test_each_seat_moves_by_the_plain_form(friends_app: Flask) -> None:
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "friend"})
    browsers = {0: creator}
    for _ in range(2):
        browser = friends_app.test_client()
        browser.post(invite)
        truth = service.load(store_for(friends_app), game_id(table))
        browsers[max(int(s) for s in truth.stored.meta["seat_keys"])] = browser
    for _ in range(12):
        truth = service.load(store_for(friends_app), game_id(table))
        if truth.is_over:
            break
        seat = truth.deal.to_act
        fields = first_legal_move(truth)
        others = [b for s, b in browsers.items() if s != seat]
        assert others[0].post(table, data=fields).status_code in (303, 422)  # not their turn
        assert version(friends_app, table) == truth.version
        moved = browsers[seat].post(table, data=fields)
        assert moved.status_code == 303, moved.get_data(as_text=True)[:300]
        assert version(friends_app, table) == truth.version + 1
    assert json.loads(json.dumps(store_for(friends_app).get(game_id(table)).meta["seating"]))["humans"] == [0, 1, 2]


def away_by_the_timer(app: Flask) -> tuple[str, str] | None:
    """A Chuo Pai table (you, a friend, the computer; dealt at random, as every table with friends
    is) whose people let the clock run out until the friend's seat is away: its id and the
    friend's key; None when the deal ends first."""
    api = app.test_client()
    table = api.post("/api/v1/chuo-pai/games", json={"seats": ["you", "friend", "random"], "timer": 30,
                                                     "level": "random"}).get_json()
    joined = app.test_client().post(f"/api/v1/games/{table['id']}/seats", json={"invite": table["invite"]})
    key = joined.get_json()["key"]
    store = store_for(app)
    with app.test_request_context():
        for _ in range(40):
            game = service.load(store, table["id"])
            assert game.seating is not None
            if game.is_over:
                return None
            if 1 in game.seating.away:
                return table["id"], key
            when = friends.deadline(game)
            if when is None:  # a computer seat to act: the pages' advance moves it, one move
                service.advance(store, game, game.version)
                continue
            friends.timeout(store, game, now=when)
    return None


def test_a_seat_the_timer_gave_away_is_taken_back_by_its_page_one_left_waits(friends_app: Flask) -> None:
    found = next(filter(None, (away_by_the_timer(friends_app) for _ in range(20))))
    table = f"/en/chuo-pai/games/{found[0]}"
    friend = friends_app.test_client()
    friend.set_cookie("paiyou_seats", f"{found[0]}:{found[1]}")
    page = friend.get(table).get_data(as_text=True)
    assert 'id="return-form"' in page and 'data-auto="yes"' in page
    assert friend.post(f"{table}/return").status_code == 303
    assert friend.post(f"{table}/leave").status_code == 303
    page = friend.get(table).get_data(as_text=True)
    assert 'id="return-form"' in page and 'data-auto="yes"' not in page  # Leave: the player decides


def test_every_seat_follows_to_the_next_deal_in_its_own_seat(friends_app: Flask) -> None:
    """Once one seat has dealt the next deal, each other seat's page offers "Go to the next deal":
    the same POST, which answers that deal and gives this browser its key for it (a plain link
    left the others watching their own next deal)."""
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    friend = friends_app.test_client()
    friend.post(invite)
    browsers = {0: creator, 1: friend}
    for _ in range(200):
        truth = service.load(store_for(friends_app), game_id(table))
        if truth.is_over:
            break
        seat = truth.deal.to_act
        if seat not in browsers:  # the computer's seat: either page's button moves it
            assert browsers[truth.version % 2].post(f"{table}/advance", data={"version": str(truth.version)}
                                                    ).status_code == 303
            continue
        fields = first_legal_move(truth)
        assert browsers[seat].post(table, data=fields).status_code == 303
    dealt = creator.post(f"{table}/next")
    assert dealt.status_code == 303
    following = dealt.headers["Location"]
    page = friend.get(table).get_data(as_text=True)
    assert "Go to the next deal" in page
    assert re.search(rf'<form method="post" action="{re.escape(table)}/next"', page)
    followed = friend.post(f"{table}/next")
    assert followed.status_code == 303 and followed.headers["Location"] == following
    seated = friend.get(following).get_data(as_text=True)
    assert 'id="play-form"' in seated and 'id="watching-note"' not in seated
    watcher = friends_app.test_client().get(table).get_data(as_text=True)
    assert f'href="{following}"' in watcher and "Go to the next deal" in watcher


# -- what a watcher, a full table's invite and an off-turn seat are shown -------------------------

WATCHING_NOTE = "You are watching this table: you see what every player sees, but no one's hand."


def page_text(page: str) -> str:
    """A page's main part's words as read: no script, no tag; the watcher's own note (it speaks
    to the watcher, not to a seat) left out."""
    page = page.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    return words.replace(WATCHING_NOTE.replace("'", "&#39;"), " ").replace(WATCHING_NOTE, " ")


def legal_move(truth: Any) -> dict[str, Any]:
    """The table form's fields of the first legal action of the seat to act, a face-down discard
    sent by its own button."""
    action = truth.deal.legal_actions()[0]
    move = "pass" if not action.tiles else "play" if action.face_up else "down"
    return {"version": str(truth.version), "tile": [t.key for t in action.tiles], "move": move}


def moved(app: Flask, table: str, browser: FlaskClient, truth: Any) -> None:
    """The seat to act makes its first legal move by the plain form, and it is made."""
    assert browser.post(table, data=legal_move(truth)).status_code == 303
    assert version(app, table) == truth.version + 1


def everyone_seated(app: Flask, game: str) -> tuple[str, dict[int, FlaskClient]]:
    """A table of ``game`` where every seat but the creator's is a friend, each seat's browser."""
    seats = game_rules(game).seats
    creator, table, invite = set_up(app, game=game, **{f"seat-{s}": "friend" for s in range(1, seats)})
    browsers = {0: creator}
    for seat in range(1, seats):
        browser = app.test_client()
        assert browser.post(invite).status_code == 303
        browsers[seat] = browser
    return table, browsers


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_watcher_is_never_spoken_to_as_a_seat(friends_app: Flask, game: str) -> None:
    """A watcher holds no seat: every seat is named by its own name, no "Your turn" badge, no
    "you" in the log, whoever is to play."""
    table, browsers = everyone_seated(friends_app, game)
    watcher = friends_app.test_client()
    bottom_to_act = bottom_moved = False
    for _ in range(10):
        truth = service.load(store_for(friends_app), game_id(table))
        if truth.is_over:
            break
        bottom_to_act |= truth.deal.to_act == 0
        page = watcher.get(table).get_data(as_text=True)
        assert 'id="watching-note"' in page
        assert "badge--turn" in page and "Your turn" not in page and "seat--you" not in page
        said = page_text(page)
        assert not re.search(r"\b(you|your)\b", said, re.I), re.findall(r"[^.]*\b[Yy]ou(?:r)?\b[^.]*", said)
        seat = truth.deal.to_act
        bottom_moved |= seat == 0
        moved(friends_app, table, browsers[seat], truth)
    assert bottom_to_act and bottom_moved


def played_to_the_end(app: Flask, table: str, browsers: dict[int, FlaskClient]) -> None:
    """Each seat to act makes its first legal move by the plain form until the deal is over."""
    for _ in range(400):
        truth = service.load(store_for(app), game_id(table))
        if truth.is_over:
            return
        moved(app, table, browsers[truth.deal.to_act], truth)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_watcher_is_not_given_a_seat_once_the_deal_is_over(friends_app: Flask, game: str) -> None:
    """At the end the hands are public, but a watcher still holds no seat: no seat is "You", and
    no line of the result is the creator's own read to the watcher ("Your net result: −2"); each
    seat still reads its own."""
    table, browsers = everyone_seated(friends_app, game)
    played_to_the_end(friends_app, table, browsers)
    page = friends_app.test_client().get(table).get_data(as_text=True)
    assert 'id="result-title"' in page and "seat--you" not in page
    said = page_text(page)
    assert not re.search(r"\b(you|your)\b", said, re.I), re.findall(r"[^.]*\b[Yy]ou(?:r)?\b[^.]*", said)
    for seat, browser in browsers.items():
        own = browser.get(table).get_data(as_text=True)
        assert re.search(rf'class="seat [^"]*seat--you[^"]*"[^>]*data-seat="{seat}"', own), seat
    shown = friends_app.test_client().get(f"/api/v1/games/{game_id(table)}").get_json()
    assert shown["view"]["hand"] == [] and not shown["view"]["your_turn"], shown["view"]


def test_each_tien_gow_seat_reads_its_own_net_result_at_the_end(friends_app: Flask) -> None:
    """Tien Gow's result is the one that speaks to its viewer of their points ("Your net result in
    points: −2"): each seat reads its own, a watcher none (above)."""
    table, browsers = everyone_seated(friends_app, "tien-gow")
    played_to_the_end(friends_app, table, browsers)
    finished = service.load(store_for(friends_app), game_id(table))
    for seat, browser in browsers.items():
        net = finished.deal.outcome().scores[seat]
        own = browser.get(table).get_data(as_text=True)
        sign = "+" if net > 0 else "\u2212"  # the page's signed number, isolated left-to-right
        said = f"Your net result in points: \u2066{sign}{abs(net)}\u2069"
        assert ("You break even." if net == 0 else said) in own, seat


YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.I)
# Sentences that speak to whoever reads the page, a watcher too, not to a seat.
TO_THE_READER = frozenset({
    WATCHING_NOTE, "Check it yourself: this command prints the %(hash)s of the game, the seed and the secret."})


def words_to_you(translations: Path, lang: str) -> dict[str, str]:
    """The fixed words of every play message that speaks to a seat as "you" in ``lang``, each with
    its English: the longest stretch between placeholders, unless a message that speaks to no one
    has it too («tile face down»: "You discarded …" and "%(player)s discarded …")."""
    english = lang == DEFAULT_LANGUAGE
    with (translations / "play.pot" if english else translations / lang / "LC_MESSAGES" / "play.po").open("rb") as f:
        catalog = [m for m in read_po(f) if m.id]
    def texts(msg: Message) -> tuple[str, ...]:
        if english:
            return (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
        return (msg.string,) if isinstance(msg.string, str) else tuple(msg.string)

    def speaks_to_you(msg: Message) -> bool:
        ids = (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
        return any(YOU.search(i) for i in ids)

    others = [text for msg in catalog if not speaks_to_you(msg) for text in texts(msg)]
    found = {}
    for msg in catalog:
        english_id = msg.id if isinstance(msg.id, str) else msg.id[0]
        if not speaks_to_you(msg) or english_id in TO_THE_READER:
            continue
        for text in texts(msg):
            longest = max((piece.strip(" .,:;!?«»()\u060c\u061b") for piece in re.split(r"%\(\w+\)s", text)), key=len)
            if longest and not any(said_in(longest, other) for other in others):
                found[longest] = english_id
    return found


def said_in(words: str, text: str) -> bool:
    """Whether ``words`` stand in ``text`` as whole words ("yours" is not in "yourself")."""
    return words in text and re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_watcher_of_a_finished_deal_is_spoken_to_as_no_seat_in_any_language(
        friends_app: Flask, translations_dir: Path, game: str) -> None:
    """The finished table and its review, to someone without a seat, in every language: no line
    of the result (the creator's "Your net result: −2", read in Arabic and Persian), of the log
    or of the analysis speaks to "you"; every seat is named. Each seat's own review still reads
    its own result."""
    table, browsers = everyone_seated(friends_app, game)
    played_to_the_end(friends_app, table, browsers)
    watcher = friends_app.test_client()
    problems = []
    for lang in LANGUAGE_CODES:
        to_you = words_to_you(translations_dir, lang)
        assert len(to_you) > 20, (lang, to_you)
        for path in (table, f"{table}/review"):
            page = watcher.get(path.replace("/en/", f"/{lang}/", 1))
            assert page.status_code == 200, (lang, path)
            # the watcher's own note speaks to the watcher, in every language
            said = page_text(re.sub(r'<p [^>]*id="watching-note".*?</p>', " ", page.get_data(as_text=True)))
            problems += [f"{lang} {path.rsplit('/', 1)[-1]}: «{words}» ({english})"
                         for words, english in to_you.items() if said_in(words, said)]
    assert not problems, "\n".join(problems)
    if game == "tien-gow":  # the result that speaks to its viewer of their points
        finished = service.load(store_for(friends_app), game_id(table))
        for seat, browser in browsers.items():
            net = finished.deal.outcome().scores[seat]
            own = browser.get(f"{table}/review").get_data(as_text=True)
            sign = "+" if net > 0 else "\u2212"
            said = f"Your net result in points: \u2066{sign}{abs(net)}\u2069"
        assert ("You break even." if net == 0 else said) in own, seat


def test_a_full_tables_invite_offers_to_watch_not_a_seat(friends_app: Flask) -> None:
    _, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    open_page = friends_app.test_client().get(invite).get_data(as_text=True)
    assert 'id="take-seat"' in open_page and 'id="join-form"' in open_page
    assert friends_app.test_client().post(invite).status_code == 303
    before = version(friends_app, table)
    for lang in ("en", "ar"):
        full = friends_app.test_client().get(invite.replace("/en/", f"/{lang}/"))
        page = full.get_data(as_text=True)
        assert full.status_code == 200 and version(friends_app, table) == before
        assert 'id="join-form"' not in page and 'id="take-seat"' not in page
        assert 'id="table-full"' in page and f'id="watch-table" href="{table.replace("/en/", f"/{lang}/")}"' in page
    assert "Every seat at this table is taken" in friends_app.test_client().get(invite).get_data(as_text=True)


def test_no_reason_to_keep_pass_off_is_given_off_turn(friends_app: Flask) -> None:
    """Pass (or Face down) is off while it is not this seat's turn: no reason is given then, as
    at a table against the computer; at its own turn the seat is told why (in a game that has
    such a button: one whose every move is a play has nothing to keep off)."""
    for game in GAME_KEYS:
        table, browsers = everyone_seated(friends_app, game)
        told = kept_off = False
        for _ in range(8):
            truth = service.load(store_for(friends_app), game_id(table))
            if truth.is_over:
                break
            for seat, browser in browsers.items():
                page = browser.get(table).get_data(as_text=True)
                if seat != truth.deal.to_act:
                    assert 'class="controls__note"' not in page, (game, seat)
                else:
                    told |= 'class="controls__note"' in page
                    kept_off |= bool(re.search(r'id="(?:pass|down)-button"[^>]*disabled', page))
            moved(friends_app, table, browsers[truth.deal.to_act], truth)
        assert told == kept_off, game


# -- the dock on your own turn and once your hand is empty (no JavaScript, and htmx alike) --------

HTMX = {"HX-Request": "true"}


def test_skip_is_never_offered_on_your_own_turn(friends_app: Flask) -> None:
    """A seat whose only move is a pass (auto-pass on, the default) is to act: its page carries the
    auto-pass step for play.js, but "Skip to your turn" only stands while the computer is to play;
    Pass is the seat's to press without JavaScript."""
    table, browsers = everyone_seated(friends_app, "chuo-pai")
    for _ in range(200):
        truth = service.load(store_for(friends_app), game_id(table))
        assert not truth.is_over, "no forced pass came up"
        seat = truth.deal.to_act
        if computer.forced_pass(truth.deal, seat) is not None:
            break
        moved(friends_app, table, browsers[seat], truth)
    for headers in ({}, HTMX):
        page = browsers[seat].get(table, headers=headers).get_data(as_text=True)
        assert 'id="advance-form"' in page  # play.js passes for the seat, after the pause
        assert 'id="skip-button"' not in page and 'id="skip-keys"' not in page
        assert 'id="computer-move"' not in page  # nor any button that moves for the computer
        assert re.search(r'id="pass-button"(?![^>]*disabled)', page)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_an_empty_hand_says_so_and_offers_no_controls(friends_app: Flask, game: str) -> None:
    """A seat that has played its last tile while the others still play reads one sentence in its
    dock: no "Your hand: 0", no disabled buttons, no Hint."""
    table, browsers = everyone_seated(friends_app, game)
    for _ in range(400):
        truth = service.load(store_for(friends_app), game_id(table))
        assert not truth.is_over, "no seat ran out before the end"
        done = [s for s in browsers if not truth.deal.view(s).hand]
        if done:
            break
        moved(friends_app, table, browsers[truth.deal.to_act], truth)
    with friends_app.test_request_context("/en/"):  # the game's own sentence, from its room
        said = render_template_string('{% import "games/" ~ game ~ "/play.html" as words %}'
                                      "{{ words.hand_played_out() }}", game=game)
    assert said.startswith("You have played all your ")
    for headers in ({}, HTMX):
        page = browsers[done[0]].get(table, headers=headers).get_data(as_text=True)
        assert said in page
        assert 'id="hand-done"' in page
        for control in ('id="play-form"', 'id="hint-button"', "Your hand:", 'id="pass-button"', 'id="up-button"'):
            assert control not in page, control


# -- presence without JavaScript ---------------------------------------------------------------

def connected(app: Flask, table: str) -> list[bool]:
    """Each seat's "connected", as anyone reads it (the API's watcher view)."""
    view = app.test_client().get(f"/api/v1/games/{game_id(table)}").get_json()["view"]
    return [player["connected"] for player in view["players"]]


def seat_line(page: str, seat: int) -> str:
    found = re.search(rf'<li class="friends__seat" data-seat="{seat}">(.*?)</li>', page, re.S)
    assert found, seat
    return found.group(1)


def test_a_seat_without_javascript_is_connected_while_its_page_refreshes(friends_app: Flask) -> None:
    """A page without JavaScript opens no stream: each load of it (its own refresh, every
    ``PAGE_REFRESH_SECONDS``) counts its seat present for ``PAGE_PRESENCE_SECONDS`` (at its own
    turn, with no refresh, ``PAGE_PRESENCE_AT_TURN_SECONDS``), for itself and the others alike;
    htmx's refresh (a page with its stream) counts for nothing."""
    now = [1_000_000.0]
    with friends_app.app_context():
        found = live.live_of(friends_app)
        friends_app.extensions[live.EXTENSION_KEY] = dataclasses.replace(found, broker=MemoryBroker(lambda: now[0]))
    creator, table, invite = set_up(friends_app, game="chuo-pai", **{"seat-1": "friend", "seat-2": "computer"})
    friend = friends_app.test_client()
    assert friend.post(invite).status_code == 303
    assert connected(friends_app, table) == [True, False, False]  # the creator's page just loaded
    page = friend.get(table).get_data(as_text=True)
    assert "presence--on" in seat_line(page, 1) and "Not connected" not in seat_line(page, 1)  # to itself
    assert connected(friends_app, table) == [True, True, False]  # to everyone
    assert "presence--on" in seat_line(creator.get(table, headers=HTMX).get_data(as_text=True), 1)
    at_turn = service.load(store_for(friends_app), game_id(table)).deal.to_act == 1
    now[0] += (live.PAGE_PRESENCE_AT_TURN_SECONDS if at_turn else live.PAGE_PRESENCE_SECONDS) + 1
    friend.get(table, headers=HTMX)  # htmx's refresh: that page has a stream to say it is here
    assert connected(friends_app, table)[1] is False
    page = friend.get(table).get_data(as_text=True)  # its own refresh
    assert connected(friends_app, table)[1] is True
    assert f'<meta http-equiv="refresh" content="{live.PAGE_REFRESH_SECONDS}">' in page or at_turn
