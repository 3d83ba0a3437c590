"""The termbase's decisions of issue 38 (translations/terms.toml), each checked on the sentences the
review found: the replaced form is refused, the chosen one accepted. ``test_terms.py`` then holds
every catalog message to them."""
from __future__ import annotations

import pytest
from babel.messages.catalog import Message

from tests.site.test_terms import TERMBASE, load_termbase, term_problems

CONCEPTS = ("die_face", "total", "deal", "random", "single", "face_up", "copy", "supreme",
            "highest_play", "your_turn", "your_move", "you_played", "family", "winning_play",
            "beating_play", "tien_gow", "early_death", "reveal", "streak", "seed", "secret",
            "opponent", "double", "set", "sweep", "copy_text", "share", "tile", "tien_gow_head",
            "par", "daily_deal", "ladder", "disputed_point")

# (concept, language, English, refused translation, accepted translation)
CASES = [
    ("die_face", "hi", "A card is written by its two dice faces.",
     "पत्ते को उसके पासे के दो चेहरों से लिखा जाता है।", "पत्ते को उसके पासे के दो फलकों से लिखा जाता है।"),
    ("total", "hi", "The pillars always add up to eight.",
     "खंभों का जोड़ हमेशा आठ होता है।", "खंभों का योग हमेशा आठ होता है।"),
    ("deal", "hi", "The deal and the starting bonus", "बँटाई और शुरुआती बोनस", "पत्ते बाँटना और शुरुआती बोनस"),
    ("random", "hi", "The first leader is chosen at random.",
     "पहला अगुआ यादृच्छिक रूप से चुना जाता है।", "पहला अगुआ संयोग से चुना जाता है।"),
    ("single", "hi", "A single tile beats a single tile of the same suit.",
     "अकेली टाइल उसी वर्ग की अकेली टाइल को हराती है।", "एकल टाइल उसी वर्ग की एकल टाइल को हराती है।"),
    ("face_up", "pl", "That set cannot go face up over the current high set.",
     "Ten zestaw nie może pójść odkryty na aktualnie najwyższy zestaw.",
     "Tego zestawu nie można zagrać odkrytego na aktualnie najwyższy zestaw."),
    ("copy", "pl", "Your lead: play one to four copies of a card.",
     "Wychodzisz: zagraj od jednej do czterech kopii jednej karty.",
     "Wychodzisz: zagraj od jednego do czterech egzemplarzy jednej karty."),
    ("supreme", "pl", "When the Supreme is led, nothing can beat it.",
     "Gdy ktoś wyjdzie Najwyższą parą, nic jej nie przebije.", "Gdy ktoś wyjdzie Parą Cesarską, nic jej nie przebije."),
    ("your_turn", "pl", "Your turn", "Twój ruch", "Twoja kolej"),
    ("you_played", "pl", "You played", "Twój ruch", "Twój wybór"),
    ("family", "pl", "Earth is second in the Long family.",
     "Ziemia zajmuje drugie miejsce w rodzinie Długiej.", "Ziemia zajmuje drugie miejsce w rodzinie „Długa”."),
    # a play that beats (CP-14) is not the winning play (CP-15), which takes the round
    ("beating_play", "fa", "If you have a play that beats it, you must play one; if several, you choose which.",
     "اگر حرکتی دارید که آن را ببرد، باید بازی‌اش کنید؛ اگر چند حرکت برنده دارید، انتخاب با خودتان است.",
     "اگر حرکتی دارید که آن را ببرد، باید بازی‌اش کنید؛ اگر چند حرکت دارید که آن را می‌برند، انتخاب با خودتان است."),
    ("beating_play", "fa", "Select the cards of a beating play.",
     "کارت‌های یک حرکتِ برنده را انتخاب کنید.", "کارت‌های حرکتی را انتخاب کنید که بالاترین حرکت فعلی را ببرد."),
    ("tien_gow", "fa", "Tien Gow rules", "قوانین تین گاو", "قوانین تین گائو"),
    ("winning_play", "fa", "Only the winning play scores.",
     "فقط حرکتی که ببرد امتیاز می‌گیرد.", "فقط حرکت برنده امتیاز می‌گیرد."),
    # issue 50, the independent Hindi read: one name for each, the sentences it quoted
    ("early_death", "hi", "Early death applies, as on the card; the option plays without it.",
     "जल्दी मौत लागू होती है, जैसा कार्ड पर है; विकल्प इसके बिना खेलता है।",
     "अकाल मृत्यु लागू होती है, जैसा कार्ड पर है; विकल्प चुनने पर यह नियम हट जाता है।"),
    ("reveal", "hi", "The %(hint_button)s button returns when the day is revealed.",
     "‘%(hint_button)s’ बटन दिन खुलने पर लौट आता है।",
     "‘%(hint_button)s’ बटन बाज़ी का खुलासा होने पर लौटेगा।"),
    # the third Hindi read: «दिन का खुलासा» ('the day's exposé') is a calque; the deal is revealed
    ("reveal", "hi", "The review of a daily deal opens when its day is revealed, in %(time)s.",
     "दैनिक बाज़ी की समीक्षा दिन का खुलासा होने पर, %(time)s में, खुलेगी।",
     "दैनिक बाज़ी की समीक्षा %(time)s में खुलेगी, जब बाज़ी का खुलासा होगा।"),
    # par is not «मानक», the Standard computer level's name: «मानक 15» read as that level's score
    ("par", "hi", "Matchpoints: %(matchpoints)s%% · score %(score)s · par %(par)s",
     "तुलना अंक: %(matchpoints)s%% · स्कोर %(score)s · मानक %(par)s",
     "तुलना अंक: %(matchpoints)s%% · स्कोर %(score)s · लक्ष्य %(par)s"),
    # «पाठ» is the lesson: «पाठ कॉपी करें» read as 'copy the lesson'
    ("copy_text", "hi", "Copy the text", "पाठ कॉपी करें", "टेक्स्ट कॉपी करें"),
    # bare «सर्वोच्च» is only the adjective 'highest': the tile pair's name is «सर्वोच्च जोड़ी»
    ("supreme", "hi", "What the Supreme is worth when it is not led.",
     "अगुआई न करने पर सर्वोच्च का क्या मूल्य है?",
     "जब सर्वोच्च जोड़ी से अगुआई न हो, तब उसका क्या मूल्य है?"),
    ("streak", "hi", "Longest streak", "सबसे लंबे लगातार दिन", "सबसे लंबा सिलसिला"),
    ("seed", "hi", "Seed", "बीज", "सीड"),
    ("secret", "hi", "Secret (salt)", "रहस्य (सॉल्ट)", "गुप्त कुंजी (सॉल्ट)"),
    ("opponent", "hi", "Your opponents", "आपके प्रतिद्वंद्वी", "आपके विरोधी"),
    ("double", "hi", "Always double, as on the card.", "हमेशा दोगुना, जैसा कार्ड पर है।",
     "हमेशा दुगुना, जैसा कार्ड पर है।"),
    ("set", "hi", "The highest pair when led, otherwise the lowest pair.",
     "अगुआई में सबसे ऊँचा जोड़ा, नहीं तो सबसे नीचा जोड़ा।",
     "अगुआई में सबसे ऊँची जोड़ी, नहीं तो सबसे नीची जोड़ी।"),
    ("set", "hi", "Historically only the pure pairs were played.",
     "ऐतिहासिक रूप से केवल शुद्ध जोड़े खेले जाते थे।", "पुराने समय में केवल शुद्ध जोड़ियाँ खेली जाती थीं।"),
    ("set", "hi", "Pairs, triples and fours", "जोड़ियाँ, तिकड़ियाँ और चौके", "जोड़ियाँ, तिकड़ियाँ और चौकड़ियाँ"),
    # the fourth Hindi read: «अंधाधुंध» is 'reckless' (अंधाधुंध गोलीबारी), an insult more than a level's
    # name; a rank order is not a staircase; on this site «बिंदु» is a pip, not a disputed point
    ("random", "hi", "Random", "अंधाधुंध", "मनमौजी"),
    ("ladder", "hi", "Find both cards on the ladder of the %(family)s family.",
     "दोनों पत्ते %(family_obl)s परिवार की सीढ़ी पर खोजें।", "दोनों पत्ते %(family_obl)s परिवार के क्रम में खोजें।"),
    ("disputed_point", "hi", "Point", "बिंदु", "मुद्दा"),
    ("disputed_point", "hi", "Each option plays the other side of one disputed point.",
     "हर विकल्प किसी एक विवादित बिंदु पर दूसरे पक्ष का नियम लागू करता है।",
     "हर विकल्प किसी एक विवादित मुद्दे पर दूसरे पक्ष का नियम लागू करता है।"),
    # issue 50, the independent Persian read: the sentences it quoted
    ("supreme", "fa", "What the Supreme is worth when it is not led.",
     "ارزش برترین وقتی با آن شروع نشود چیست.", "ارزش برترین جفت وقتی با آن شروع نشود."),
    ("sweep", "fa", "Double for a last trick won with a quartet, and double again for a sweep.",
     "دو برابر برای دور آخری که با چهارتایی برده شود، و باز دو برابر برای جاروکردن.",
     "دو برابر برای دور آخری که با چهارتایی برده شود، و باز دو برابر برای کُت."),
    ("streak", "fa", "Longest streak", "بلندترین روزهای پیاپی", "طولانی‌ترین رشتهٔ روزهای پیاپی"),
    ("copy_text", "fa", "Copy the key", "کلید را رونوشت کنید", "کلید را کپی کنید"),
    ("copy_text", "fa", "Copied", "رونوشت برداشته شد", "کپی شد"),
    ("share", "fa", "Share", "هم‌رسانی", "به اشتراک بگذارید"),
    # issue 50, the independent Polish read: a Tien Gow tile is «kość», its head «kość główna», and
    # a daily deal is revealed («ujawnienie»), not its day «odsłonięty»
    ("tile", "pl", "The military tiles rank, strongest first, like the civil ones.",
     "Kamienie wojskowe mają rangi od najsilniejszego, tak jak cywilne.",
     "Kości wojskowe mają rangi od najsilniejszej, tak jak cywilne."),
    ("tile", "pl", "Yes: a civil lead must be followed with civil tiles, or else a military tile is discarded.",
     "Tak: do wyjścia cywilnego trzeba dokładać kamienie cywilne, a inaczej zrzuca się kamień wojskowy.",
     "Tak: do wyjścia cywilnego trzeba dokładać kości cywilne, a inaczej zrzuca się kość wojskową."),
    ("tien_gow_head", "pl",
     "In Tien Gow, the mixed pairs of the same four names pair each head only with military tiles "
     "of the matching total.",
     "W Tien Gow mieszane pary o tych samych czterech nazwach łączą każdą kartę główną wyłącznie z "
     "kośćmi wojskowymi o pasującej sumie.",
     "W Tien Gow mieszane pary o tych samych czterech nazwach łączą każdą kość główną wyłącznie z "
     "kośćmi wojskowymi o pasującej sumie."),
    ("reveal", "pl", "The review of a daily deal opens when its day is revealed, in %(time)s.",
     "Przegląd rozdania dnia otworzy się, gdy jego dzień zostanie odsłonięty, za %(time)s.",
     "Przegląd rozdania dnia otworzy się po jego ujawnieniu, za %(time)s."),
    # issue 50, the third independent Arabic read: a quartet is the feminine «رباعية» everywhere, a
    # military pair is named by its plural (the glossary's «زوج التسعات»), and the daily deal is a
    # «توزيعة» as at the table, not «التوزيع» (the act of dealing)
    ("set", "ar", "Winning with a quartet collects four points.",
     "الفوز برباعي يجمع أربع نقاط.", "الفوز برباعية يجمع أربع نقاط."),
    ("set", "ar", "The four military pairs, strongest first: Nines, Eights, Sevens, Fives.",
     "الأزواج العسكرية الأربعة، الأقوى أولًا: زوج التسعة، وزوج الثمانية، وزوج السبعة، وزوج الخمسة.",
     "الأزواج العسكرية الأربعة، الأقوى أولًا: زوج التسعات، ثم زوج الثمانيات، ثم زوج السبعات، ثم زوج الخمسات."),
    ("daily_deal", "ar", "Play today's deal", "العب توزيع اليوم", "العب توزيعة اليوم"),
    ("daily_deal", "ar", "Play a daily deal first.", "العب توزيعًا يوميًا أولًا.", "العب توزيعة يومية أولًا."),
]


@pytest.fixture(scope="module")
def termbase():
    return load_termbase(TERMBASE.read_text(encoding="utf-8"))


def test_the_decisions_are_in_the_termbase(termbase) -> None:
    concepts, _ = termbase
    assert set(CONCEPTS) <= {c.name for c in concepts}


@pytest.mark.parametrize(("concept", "lang", "english", "refused", "accepted"), CASES,
                         ids=[f"{c[1]}-{c[0]}" for c in CASES])
def test_a_decision_refuses_the_replaced_form(termbase, concept: str, lang: str, english: str,
                                               refused: str, accepted: str) -> None:
    concepts, exceptions = termbase
    chosen = [c for c in concepts if c.name == concept]
    assert term_problems(chosen, exceptions, lang, [Message(english, refused)]), refused
    assert not term_problems(chosen, exceptions, lang, [Message(english, accepted)]), accepted


# Words that only look like a decided term, each with why it passes (Hindi):
LOOK_ALIKES = [
    # «अकेला» stays the word for a player who plays alone; only a single card or tile is «एकल»
    pytest.param("single", "There are exactly three players, each playing alone.",
                 "ठीक तीन खिलाड़ी होते हैं, और हर कोई अकेला खेलता है।", id="alone-is-not-single"),
    # the puzzles' streak (answers right in a row, «लगातार सही») is not the daily deals' «सिलसिला»
    pytest.param("streak", "Solved at the first try: %(first)s · Streak: %(streak)s · Best streak: %(best)s",
                 "पहली कोशिश में हल: %(first)s · लगातार सही: %(streak)s · सबसे ज़्यादा लगातार सही: %(best)s",
                 id="the-puzzles-streak-is-not-the-daily-streak"),
    # «जोड़ा जाता है» (is joined) is the verb; only the masculine pair is refused
    pytest.param("set", "A set.", "हर मुख्य टाइल को केवल मेल खाते योग वाली सैन्य टाइलों के साथ जोड़ा जाता है।",
                 id="a-pair-joined-is-not-a-masculine-pair"),
    # a pip stays «बिंदु»: only a disputed point is «मुद्दा»
    pytest.param("disputed_point", "Rank comes from the ladder, never from the number of pips.",
                 "रैंक इसी क्रम से तय होती है, बिंदुओं की गिनती से कभी नहीं।", id="a-pip-is-not-a-disputed-point"),
]


@pytest.mark.parametrize(("concept", "english", "hindi"), LOOK_ALIKES)
def test_a_word_that_only_looks_like_a_term_passes(termbase, concept: str, english: str, hindi: str) -> None:
    concepts, exceptions = termbase
    chosen = [c for c in concepts if c.name == concept]
    assert not term_problems(chosen, exceptions, "hi", [Message(english, hindi)])


def test_tile_names_stay_capitalised_in_polish(termbase) -> None:
    concepts, exceptions = termbase
    family = [c for c in concepts if c.name == "family"]
    message = Message("A family.", "Karty Długa Trójka i Czarna Dziewiątka; Rodzina Długa.")
    assert not term_problems(family, exceptions, "pl", [message])


def test_a_chuo_pai_head_stays_a_card_in_polish(termbase) -> None:
    """Only the Tien Gow head is a tile: the Chuo Pai head card keeps «karta główna»."""
    concepts, exceptions = termbase
    head = [c for c in concepts if c.name in ("head", "tien_gow_head", "tile")]
    message = Message("A special combination has from two to four cards: at least one head card and at least "
                      "one matching-total card.",
                      "Kombinacja specjalna ma od dwóch do czterech kart: co najmniej jedną kartę główną i co "
                      "najmniej jedną kartę o pasującej sumie.")
    assert not term_problems(head, exceptions, "pl", [message])
