"""The puzzle pages: every lesson step in every language, answering every puzzle (right and wrong),
htmx fragments into the aria-live region, POST/redirect/GET without JavaScript, progress in a
cookie (stars, reset), practice URLs that reproduce their puzzle, and the reason sentences.
"""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale

from paiyou import reasons
from paiyou.puzzles import practice
from paiyou.puzzles.kinds import game_puzzles
from paiyou.puzzles.loading import load_course
from paiyou.puzzles.model import GAMES, NONE, PASS, Explanation, Puzzle
from paiyou.puzzles.progress import cookie_name
from paiyou.registry import game_module
from tests.e2e.pages import LANGUAGES
from tests.game_policy import load_policy

COURSES = {game: load_course("content", game) for game in GAMES}
ALL_PUZZLES = [p for game in GAMES for p in COURSES[game].puzzles]
HX = {"HX-Request": "true"}


def step_url(p: Puzzle, lang: str = "en") -> str:
    return f"/{lang}/{p.game}/puzzles/{p.lesson}/{p.number}"


def right_answer(p: Puzzle) -> dict[str, object]:
    """Form fields for the first answer the engine accepts."""
    answer = p.solution.answers[0]
    if p.kind == "judge":
        return {"answer": answer}
    if p.kind in ("beat-or-pass", "bonus"):
        if answer in (PASS, NONE):
            return {"answer": answer}
        hand = [t.key for t in p.hand_tiles()]
        indices = []
        for key in answer.split():
            i = next(i for i, k in enumerate(hand) if k == key and i not in indices)
            indices.append(i)
        return {"answer": "play", "tile": [str(i) for i in indices]}
    if p.kind in ("round", "trick"):
        if p.question in game_module(p.game, "puzzles").NUMBER_QUESTIONS:
            return {"answer": "check", "number": str(answer)}
        return {"answer": "check", "seat": answer}
    fields: dict[str, object] = {"answer": "check"}
    for seat, amount in answer.items():
        fields[f"dir-{seat}"] = "pays" if amount >= 0 else "receives"
        fields[f"pay-{seat}"] = str(abs(amount))
    return fields


def wrong_answer(p: Puzzle) -> dict[str, object]:
    fields = right_answer(p)
    if p.kind == "judge":
        fields["answer"] = next(a for a in ("beats", "does-not-beat", "not-a-play")
                                if a not in p.solution.answers)
    elif p.kind in ("beat-or-pass", "bonus"):
        if fields["answer"] in (PASS, NONE):
            fields = {"answer": "play", "tile": ["0"]}
        else:
            fields = {"answer": PASS if p.kind == "beat-or-pass" else NONE}
    elif "number" in fields:
        fields["number"] = str(int(fields["number"]) + 1)
    elif "seat" in fields:
        fields["seat"] = "1" if fields["seat"] != "1" else "0"
    else:
        key = next(k for k in fields if k.startswith("pay-"))
        fields[key] = str(int(fields[key]) + 1)
    return fields


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


# -- every step, every language ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_every_lesson_renders(client: FlaskClient, game: str, lang: str) -> None:
    english = {}
    for lesson in COURSES[game].lessons:
        for number in range(1, len(lesson.steps) + 1):
            response = client.get(f"/{lang}/{game}/puzzles/{lesson.id}/{number}")
            assert response.status_code == 200
            html = response.get_data(as_text=True)
            assert f'<html lang="{lang}"' in html
            assert 'aria-live="polite"' in html or lesson.steps[number - 1].kind == "explain"
            title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
            english.setdefault(number, title)
        response = client.get(f"/{lang}/{game}/puzzles/{lesson.id}/1")
        if lang != "en":
            en_title = re.search(r"<title>(.*?)</title>",
                                 client.get(f"/en/{game}/puzzles/{lesson.id}/1").get_data(as_text=True),
                                 re.S).group(1)
            assert re.search(r"<title>(.*?)</title>", response.get_data(as_text=True), re.S).group(1) != en_title


def seat_steps(game: str) -> dict[tuple[str, int], set[int]]:
    """Each step of ``game``'s lessons that names players by seat ({ana=seat:0}), with the
    seats it names: its page is ``/<lang>/<game>/puzzles/<lesson>/<number>``."""
    found: dict[tuple[str, int], set[int]] = {}
    for lesson in COURSES[game].lessons:
        for step in lesson.steps:
            texts = step.paragraphs if isinstance(step, Explanation) else (step.prompt, step.hint)
            seats = {int(v.arg) for text in texts if text is not None for v in text.values if v.kind == "seat"}
            if seats:
                found[(lesson.id, step.number)] = seats
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lessons_players_are_its_own_games_seats(app: Flask, client: FlaskClient, lang: str) -> None:
    """A lesson names its players as its game's puzzles and rules do: Tien Gow's third player is
    Chen, not Chuo Pai's Cy (the Tien Gow lesson "tricks" said "Ana, Bo, Cy, Dev")."""
    with app.test_request_context(), force_locale(lang):
        names = {game: [str(n) for n in game_puzzles(game).seat_names] for game in GAMES}
    assert names["tien-gow"][2] != names["chuo-pai"][2]  # the case this test is for
    assert seat_steps("tien-gow") and seat_steps("chuo-pai")
    for game in GAMES:
        for (lesson, number), seats in seat_steps(game).items():
            said = text_of(client.get(f"/{lang}/{game}/puzzles/{lesson}/{number}").get_data(as_text=True))
            for seat in seats:
                own = names[game][seat]
                others = {n[seat] for g, n in names.items() if g != game and seat < len(n)} - {own}
                assert re.search(rf"(?<!\w){re.escape(own)}(?!\w)", said), (game, lesson, own)
                assert not [o for o in others if re.search(rf"(?<!\w){re.escape(o)}(?!\w)", said)], \
                    (game, lesson, seat, others)


def named_rules(game: str) -> set[str]:
    """Every rule (``CP-14``) ``game``'s lessons, their puzzles and its practice puzzles name: each
    step's ``rules`` and each ``{x=rule:…}`` link in a text."""
    course = COURSES[game]
    named = {rule for lesson in course.lessons for rule in lesson.rules()}
    named |= {v.arg for lesson in course.lessons for text in lesson.texts() for v in text.values
              if v.kind == "rule"}
    named |= {rule for level in practice.LEVELS for seed in range(20)
              for rule in practice.generate(game, level, seed).rules}
    return named


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_a_lesson_or_puzzle_names_is_on_its_games_rules_page(client: FlaskClient, lang: str) -> None:
    """Lessons linked "CP-20" and "TG-20", which no rules page has (the canonical rules' invariants
    for tests): every rule a lesson or puzzle names is an anchor of its game's rules page, and the
    rules the course counts (policy.toml's rule_sections, the room's rule_count) are that page's."""
    for game in GAMES:
        page = client.get(f"/{lang}/{game}/rules").get_data(as_text=True)
        prefix = game_puzzles(game).rule_prefix
        anchors = {a.upper() for a in re.findall(rf'id="({prefix.lower()}-[0-9]+)"', page)}
        assert anchors == {f"{prefix}-{n}" for n in range(1, len(anchors) + 1)}, (game, sorted(anchors))
        assert game_puzzles(game).rule_count == load_policy(game).rule_sections == len(anchors), game
        named = named_rules(game)
        assert named and not named - anchors, (game, sorted(named - anchors))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_index_pages(client: FlaskClient, lang: str) -> None:
    for url in (f"/{lang}/puzzles", f"/{lang}/chuo-pai/puzzles", f"/{lang}/tien-gow/puzzles",
                f"/{lang}/chuo-pai/practice", f"/{lang}/tien-gow/practice"):
        assert client.get(url).status_code == 200, url


def test_the_home_page_links_to_the_puzzles(client: FlaskClient) -> None:
    html = client.get("/en/").get_data(as_text=True)
    assert 'href="/en/chuo-pai/puzzles"' in html and 'href="/en/tien-gow/puzzles"' in html
    assert 'href="/en/puzzles"' in html  # the header's Puzzles link


@pytest.mark.parametrize("url", ["/en/chuo-pai/puzzles/no-such-lesson/1", "/en/chuo-pai/puzzles/cards/99",
                                 "/en/chess/puzzles", "/en/chuo-pai/puzzles/cards/0",
                                 "/en/chuo-pai/practice/insane/1", "/en/chuo-pai/practice/easy/99999999999"])
def test_not_found(client: FlaskClient, url: str) -> None:
    assert client.get(url).status_code == 404


def test_a_lesson_starts_at_its_first_step_then_resumes(client: FlaskClient) -> None:
    response = client.get("/en/chuo-pai/puzzles/cards")
    assert urlsplit(response.headers["Location"]).path == "/en/chuo-pai/puzzles/cards/1"
    first = COURSES["chuo-pai"].lesson("cards").puzzles[0]
    client.post(step_url(first), data=right_answer(first))
    response = client.get("/en/chuo-pai/puzzles/cards")
    second = COURSES["chuo-pai"].lesson("cards").puzzles[1]
    assert urlsplit(response.headers["Location"]).path == step_url(second)


# -- answering every puzzle ----------------------------------------------------------------------

@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda p: p.key)
def test_the_engines_answer_is_right_and_another_is_wrong(app: Flask, puzzle: Puzzle) -> None:
    client = app.test_client()
    url = step_url(puzzle)
    right = client.post(url, data=right_answer(puzzle), headers=HX)
    assert right.status_code == 200
    assert "feedback--right" in right.get_data(as_text=True)
    wrong = client.post(url, data=wrong_answer(puzzle), headers=HX)
    html = wrong.get_data(as_text=True)
    assert "feedback--wrong" in html and "Try again" in html


def test_htmx_gets_the_fragment_and_the_step_list_out_of_band(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["cards-2"]
    response = client.post(step_url(p), data={"answer": "does-not-beat"}, headers=HX)
    html = response.get_data(as_text=True)
    assert "<html" not in html and "feedback--right" in html
    assert 'id="lesson-steps"' in html and 'hx-swap-oob="true"' in html
    assert "Red Five is in the Red family and Black Seven is in the Black family" in text_of(html)
    assert "HX-Request" in response.headers["Vary"]
    assert client.get_cookie(cookie_name("chuo-pai")).value == "cards-2"


def test_the_page_has_the_live_region_and_an_htmx_form_that_also_works_without_js(client: FlaskClient) -> None:
    p = COURSES["tien-gow"].by_id["face-up-4"]
    html = client.get(step_url(p)).get_data(as_text=True)
    assert re.search(r'<div id="feedback" class="feedback-region" aria-live="polite">\s*</div>', html)
    form = re.search(r"<form class=\"answer\"[^>]*>", html).group(0)
    assert f'method="post" action="{step_url(p)}"' in form and f'hx-post="{step_url(p)}"' in form
    assert 'hx-target="#feedback"' in form
    # accessible tile controls: a checkbox per tile, labelled by the drawn tile's name
    assert len(re.findall(r'<input class="pick__input" type="checkbox" name="tile"', html)) == 4
    assert re.search(r'<label class="pick__label" for="pick-0"><svg [^>]*aria-label="Heaven, 6-6"', html)


def test_the_hint_over_a_led_supreme_asks_whether_anything_beats_it(client: FlaskClient) -> None:
    """Nothing ranks above the Supreme (TG-9), so its hint cannot ask for a set that ranks above
    it (the fourth Arabic read: "You need the Supreme that ranks above the high set")."""
    def hint(step: str) -> str:
        html = client.get(step_url(COURSES["tien-gow"].by_id[step])).get_data(as_text=True)
        return " ".join(text_of(re.search(r'<details class="hint">(.*?)</details>', html, re.S).group(1)).split())

    supreme = hint("face-up-6")  # the lead is the Supreme; the answer is to discard
    assert "ranks above" not in supreme and supreme.endswith("The high set is the Supreme. Can any set beat it?")
    assert hint("face-up-4").endswith("You need a mixed pair (Goose–Five) that ranks above the high set.")


def test_without_javascript_post_redirects_to_the_same_result(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["must-beat-4"]
    fields = right_answer(p)
    response = client.post(step_url(p), data=fields)
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == step_url(p) and location.fragment == "feedback"
    assert sorted(parse_qsl(location.query)) == sorted(
        [("answer", "play")] + [("tile", t) for t in fields["tile"]])
    shown = client.get(f"{location.path}?{location.query}").get_data(as_text=True)
    fragment = client.post(step_url(p), data=fields, headers=HX).get_data(as_text=True)
    verdict = re.search(r'<p class="feedback__why">(.*?)</p>', fragment, re.S).group(1)
    assert verdict in shown and "feedback--right" in shown
    assert 'checked' in shown  # the selection is kept


def test_a_wrong_play_is_explained_by_the_engines_reason(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["must-beat-1"]  # current 5-5; hand has 2-5 (Black family)
    hand = [t.key for t in p.hand_tiles()]
    html = client.post(step_url(p), data={"answer": "play", "tile": str(hand.index("2-5"))},
                       headers=HX).get_data(as_text=True)
    assert "different families never beat each other" in text_of(html)
    html = client.post(step_url(p), data={"answer": "pass"}, headers=HX).get_data(as_text=True)
    assert "so you must play it" in text_of(html)


def test_every_play_that_would_beat_this(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["must-beat-3"]  # nothing beats: you must pass
    html = client.post(step_url(p), data={"answer": "pass"}, headers=HX).get_data(as_text=True)
    assert "Show every play that would beat this" in html and "None — you must pass." in html
    p = COURSES["chuo-pai"].by_id["cards-1"]  # Black Seven: Straight Eight, Crooked Eight, Black Nine
    html = client.post(step_url(p), data={"answer": "beats"}, headers=HX).get_data(as_text=True)
    assert "3 plays in the whole game beat the current one" in html
    assert len(re.findall(r'<li><span class="tile-row"', html)) == 3


@pytest.mark.parametrize("kind", ["judge", "beat-or-pass"])
def test_tien_gow_counts_the_sets_that_would_beat_this(client: FlaskClient, kind: str) -> None:
    """Tien Gow's list of beaters counts sets, in its own words from its room (issue 50, N24: the
    Arabic said «حركات», Chuo Pai's plays)."""
    for p in (p for p in COURSES["tien-gow"].puzzles if p.kind == kind):
        fields = {"answer": "pass"} if kind == "beat-or-pass" else {"answer": "beats"}
        intro = {lang: re.search(r'<p class="beaters__intro">(.*?)</p>',
                                 client.post(step_url(p, lang), data=fields, headers=HX).get_data(as_text=True))
                 for lang in ("en", "ar")}
        if intro["en"] and intro["ar"]:
            break
    else:
        pytest.fail(f"no Tien Gow {kind} puzzle lists what beats it")
    assert re.search(r"\bsets?\b", intro["en"].group(1)) and "play" not in intro["en"].group(1)
    assert "مجموع" in intro["ar"].group(1) and "حرك" not in intro["ar"].group(1)


def test_an_incomplete_answer_asks_for_one(client: FlaskClient) -> None:
    p = COURSES["tien-gow"].by_id["settle-1"]
    html = client.post(step_url(p), data={"answer": "check", "pay-0": "x"}, headers=HX).get_data(as_text=True)
    assert "Choose an answer first" in html
    response = client.post(step_url(p), data={"answer": "check"})
    assert response.status_code == 303 and "answer=incomplete" in response.headers["Location"]


def test_persian_and_arabic_feedback(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["cards-2"]
    fa = text_of(client.post(step_url(p, "fa"), data={"answer": "beats"}, headers=HX).get_data(as_text=True))
    assert "خانوادهٔ قرمز" in fa and "پنج قرمز" in fa  # glossary terms, inserted by placeholder
    ar = text_of(client.post(step_url(p, "ar"), data={"answer": "does-not-beat"}, headers=HX).get_data(as_text=True))
    assert "الخمسة الحمراء" in ar and "السبعة السوداء" in ar
    # a family named whole, never the bare noun before its adjective («عائلة الحمراء», issue 50)
    assert not re.search(r"(?<!ال)عائلة (?:الطويلة|السوداء|الحمراء)", ar), ar


def test_persian_numbers_are_persian_digits(client: FlaskClient) -> None:
    p = COURSES["tien-gow"].by_id["tricks-4"]  # pillars: 3
    html = client.post(step_url(p, "fa"), data={"answer": "check", "number": "۳"}, headers=HX).get_data(as_text=True)
    assert "feedback--right" in html and "۳" in html


# -- progress ------------------------------------------------------------------------------------

def test_progress_stars_and_reset(app: Flask) -> None:
    client = app.test_client()
    lesson = COURSES["tien-gow"].lesson("pairs")
    first, *rest = lesson.puzzles
    client.post(step_url(first), data=wrong_answer(first))
    client.post(step_url(first), data=right_answer(first))
    for p in rest:
        client.post(step_url(p), data=right_answer(p))
    value = client.get_cookie(cookie_name("tien-gow")).value
    assert value.split(".")[0] == f"{first.id}!" and all(p.id in value for p in rest)
    index = client.get("/en/tien-gow/puzzles").get_data(as_text=True)
    assert "2 stars of 3" in index  # one of ten needed a second try
    assert f"Solved: {len(lesson.puzzles)} of {len(COURSES['tien-gow'].puzzles)} puzzles" in index
    step = client.get(step_url(first)).get_data(as_text=True)
    assert "puzzle, solved" in step
    # reset one lesson, then everything
    other = COURSES["tien-gow"].lesson("tiles").puzzles[0]
    client.post(step_url(other), data=right_answer(other))
    response = client.post("/en/tien-gow/puzzles/reset", data={"lesson": "pairs"})
    assert response.status_code == 303
    assert client.get_cookie(cookie_name("tien-gow")).value == other.id
    assert "Your progress has been reset." in client.get(response.headers["Location"]).get_data(as_text=True)
    client.post("/en/tien-gow/puzzles/reset")
    assert client.get_cookie(cookie_name("tien-gow")).value == ""


def test_three_stars_for_a_clean_lesson_and_unknown_ids_are_dropped(app: Flask) -> None:
    client = app.test_client()
    client.set_cookie(cookie_name("chuo-pai"), "no-such-puzzle.cards-1?")
    lesson = COURSES["chuo-pai"].lesson("bonus")
    for p in lesson.puzzles:
        client.post(step_url(p), data=right_answer(p), headers=HX)
    value = client.get_cookie(cookie_name("chuo-pai")).value
    assert "no-such-puzzle" not in value and value.startswith("cards-1?.")
    html = client.get("/en/chuo-pai/puzzles").get_data(as_text=True)
    assert "3 stars of 3" in html


def test_posts_from_another_site_are_refused(client: FlaskClient) -> None:
    response = client.post("/en/chuo-pai/puzzles/reset", headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    p = COURSES["chuo-pai"].by_id["cards-1"]
    same = client.post(step_url(p), data={"answer": "beats"}, headers={"Origin": "http://localhost"})
    assert same.status_code == 303


def test_a_result_url_does_not_change_progress(client: FlaskClient) -> None:
    p = COURSES["chuo-pai"].by_id["cards-1"]
    client.get(step_url(p) + "?answer=beats")
    assert client.get_cookie(cookie_name("chuo-pai")) is None


# -- practice ------------------------------------------------------------------------------------

def test_practice_url_reproduces_its_puzzle(client: FlaskClient) -> None:
    first = client.get("/en/tien-gow/practice/hard/4242").get_data(as_text=True)
    again = client.get("/en/tien-gow/practice/hard/4242").get_data(as_text=True)
    position = r'<div class="position">.*?</form>'
    assert re.search(position, first, re.S).group(0) == re.search(position, again, re.S).group(0)
    redirect = client.get("/en/chuo-pai/practice/medium")
    assert re.fullmatch(r"/en/chuo-pai/practice/medium/\d+", urlsplit(redirect.headers["Location"]).path)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", practice.LEVELS)
def test_practice_answers_are_checked_and_never_recorded(app: Flask, game: str, level: str) -> None:
    client = app.test_client()
    for seed in (1, 2, 3):
        p = practice.generate(game, level, seed)
        url = f"/en/{game}/practice/{level}/{seed}"
        html = client.post(url, data=right_answer(p), headers=HX).get_data(as_text=True)
        assert "feedback--right" in html and "Next puzzle" in html
        assert client.post(url, data=right_answer(p)).status_code == 303
    assert client.get_cookie(cookie_name(game)) is None


# -- the reason sentences ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_code_has_a_sentence_in_every_language(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        for game, codes in reasons.CODES.items():
            for code in codes:
                message = reasons.reason_message(game, code)
                assert message and "%(" not in message
        assert reasons.reason_message("chuo-pai", "no-such-code")
        with pytest.raises(KeyError):
            reasons.reason_message("chess", "ok")


EXPLAIN_CASES = [
    ("chuo-pai", "2-5", "1-4", "Black Seven", "Red Five"),
    ("chuo-pai", "3-3", "5-5", "Plum Blossom", "Long Three"),
    ("chuo-pai", "2-6", "3-5", "Straight Eight", "Crooked Eight"),
    ("chuo-pai", "1-3 1-4", "4-4 2-5", "Ren Qi", "He Wu"),
    ("chuo-pai", "6-6 6-6", "6-6 4-5", "Tian Jiu", "Heaven"),
    ("chuo-pai", None, "4-4 2-6", "Man", "Straight Eight"),
    ("chuo-pai", None, "6-6 1-1", "Heaven", "Earth"),
    ("chuo-pai", "1-1", "1-1 1-1", "", ""),
    ("tien-gow", "5-5", "3-3", "Long Three", "Plum"),
    ("tien-gow", "6-6", "3-6", "civil single", "military single"),
    ("tien-gow", "1-2 2-4", "6-6 6-6", "Supreme", "Big Six"),
    ("tien-gow", None, "6-6 2-6", "Heaven", "Eight"),
    ("tien-gow", None, "2-6 2-5", "Eight", "Seven"),
    ("tien-gow", "1-1 1-1 2-6", "6-6 3-6 4-5", "Heaven–Nine", "Earth–Eight"),
    ("tien-gow", "3-6", "4-5", "same total", ""),
]


@pytest.mark.parametrize(("game", "current", "play", "word", "other"), EXPLAIN_CASES)
def test_explanations_name_the_tiles_and_are_translated(app: Flask, game: str, current: str | None,
                                                        play: str, word: str, other: str) -> None:
    from engine.games import game as engine_game

    reason = engine_game(game).judge(current, play).reason
    with app.test_request_context("/en/"), force_locale("en"):
        english = reasons.explain(game, reason, current, play)
    assert word in english and other in english
    for lang in LANGUAGES[1:]:
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            local = reasons.explain(game, reason, current, play)
        assert local and local != english and "%(" not in local


def test_explain_accepts_engine_values_and_unknown_codes(app: Flask) -> None:
    from engine import tien_gow as tg
    from engine.tiles import parse_tiles

    with app.test_request_context("/en/"), force_locale("en"):
        high = tg.classify(parse_tiles("5-5"))
        text = reasons.explain("tien-gow", "does-not-beat", high, parse_tiles("3-3"))
        assert "Long Three ranks below Plum" in text
        assert reasons.explain("tien-gow", "early-death", None, None).startswith("This is the last trick")
        assert reasons.explain("chuo-pai", "not-your-turn", "bad notation", 5) == "It is not your turn."
        # a set named for mid-sentence use opens the sentence with a capital
        assert reasons.explain("tien-gow", "ok", None, "4-5 3-6").startswith("The pair Nine and Nine is a legal set")


def test_a_settlement_puzzles_negative_amounts_take_a_true_minus(client: FlaskClient) -> None:
    """The settlement table writes −۲ (U+2212, isolated) like the rules' tables, never a hyphen,
    which a right-to-left line would also draw after the digits (the fa read of issue 50, L7)."""
    negatives = [p for p in COURSES["tien-gow"].puzzles
                 if p.kind == "settlement" and min(p.solution.answers[0].values()) < 0]
    assert negatives
    for p in negatives:
        html = client.post(step_url(p, "fa"), data=right_answer(p), headers=HX).get_data(as_text=True)
        table = html[html.index('class="settle-table"'):html.index("</table>")]
        assert "\u2066\u2212" in table and not re.search(r"-\s*[0-9۰-۹]", table), p.key


@pytest.mark.parametrize(("step", "lang", "said", "unsaid"), [
    ("tricks-5", "en", "You have not won a pillar yet.", "You have won 0 pillars"),
    ("tricks-5", "pl", "Nie masz jeszcze żadnego filaru.", "masz 0 filarów"),
    ("tricks-6", "en", "You have won 1 pillar so far.", "not won a pillar"),
])
def test_a_last_trick_without_a_pillar_says_none_is_won(client: FlaskClient, step: str, lang: str,
                                                         said: str, unsaid: str) -> None:
    """TG-12 (third Polish read): «Do tej pory masz 0 filarów» read as a counter, so a follower
    with no pillar is told none is won yet; with pillars the count stays."""
    p = COURSES["tien-gow"].by_id[step]
    page = text_of(client.get(step_url(p, lang)).get_data(as_text=True))
    assert said in page and unsaid not in page, page
