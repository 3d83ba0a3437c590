"""Arabic and Persian sentences as their writers would put them (issue 50): a name carries its own
verb, and a count reads as a number word where the language writes one.

- Persian: a comparison is «X Y را می‌برد», the object marked by «را» alone, never «X، Y را می‌برد»
  (the comma the old catalog put between a name and its object).
- Arabic: the seat or the tile is the subject and its verb agrees with it («الشرق يمرّر», «آنا
  تمرّر», «زوج التسعات يغلب زوج الثمانيات»: ``%(seat@يمرّر|تمرّر)s``, paiyou.i18n.declension),
  never wrapped in «حركة …», «تمرير من …», «من نصيب …».
- Arabic: «يوم واحد», «يومان» — one and two are said in words, never «١ يوم», «٢ يومان»; 11 to 99
  take the accusative singular («١١ لاعبًا») and 100 to 102 the genitive («١٠٠ لاعب»): Babel's
  rule puts 100–102 in msgstr[4] and 11–99 in msgstr[5], not the GNU order.
- Persian: one is said in a word, «یک مهره», never «۱ مهره»: its catalogs declare two plural forms
  (``Language.plural_forms``, CLDR's one and other) and every count's msgstr[0] writes «یک».
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from flask import Flask, render_template
from flask_babel import force_locale

from paiyou.config import DEFAULT_LANGUAGE, LANGUAGE_CODES
from paiyou.i18n import catalogs

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
DOMAINS = tuple(catalogs.domains(TRANSLATIONS))


def catalog_messages(lang: str) -> Iterator[tuple[str, Message]]:
    for domain in DOMAINS:
        with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            yield from ((domain, m) for m in read_po(f) if m.id)


def strings(msg: Message) -> tuple[str, ...]:
    return (msg.string,) if isinstance(msg.string, str) else tuple(msg.string)


# -- Persian: no comma between a subject and its object ----------------------------------------

# a placeholder (a name, a seat, a play), perhaps with its notation and a closing quote, then a
# comma, then a clause whose object takes «را» before any other punctuation
_COMMA_BEFORE_OBJECT = re.compile(
    r"%\((\w+)\)s(?:\s+%\(\w+_tiles\)s)?[»”]?،\s+\S[^،.:؛!?؟\"]*?\sرا(?=\s)")


def slips_in(lang: str, domain: str, find: Callable[[str], list[str]]) -> list[str]:
    """Every text of ``lang``'s ``domain`` catalog in which ``find`` finds something, with what."""
    return [f"{msg.context!r} {msg.id!r}: {slip} | {text}"
            for d, msg in catalog_messages(lang) if d == domain
            for text in strings(msg) for slip in find(text)]


def comma_before_object(text: str) -> list[str]:
    """The placeholders of ``text`` that a comma parts from the object («…را») of their verb."""
    return _COMMA_BEFORE_OBJECT.findall(text)


def test_the_checker_finds_a_comma_between_a_name_and_its_object() -> None:
    # the old catalog's sentences
    assert comma_before_object("%(play)s، %(current)s را می‌برد: همان رده") == ["play"]
    assert comma_before_object("یک جفت %(longthree)s، یک جفت %(plum)s را می‌برد.") == ["longthree"]
    # the sentences a Persian writer puts
    assert comma_before_object("%(play)s %(current)s را می‌برد: همان رده") == []
    assert comma_before_object("کارت‌ها چهار خانواده می‌سازند: %(long)s، %(yao)s و %(red)s.") == []
    assert comma_before_object("بازی‌های کلاسیک چینی، %(games)s، را یاد بگیرید") == []
    assert comma_before_object("%(player)s، %(tiles)s") == []


def test_no_persian_comma_parts_a_name_from_its_object() -> None:
    found = [f"{domain} {msg.context!r}: {text}"
             for domain, msg in catalog_messages("fa") for text in strings(msg) if comma_before_object(text)]
    assert not found, f"{len(found)} places:\n" + "\n".join(found)


# -- Arabic: one, two and the hundreds -------------------------------------------------------

NUMBER = re.compile(r"%\((?:num|count)\)s")
ONE = re.compile(r"واحد")  # «يوم واحد», «قطعة واحدة», or «+١ (نقطة واحدة)»
TWO = re.compile(r"\w(?:ان|ين|تان|تين|تا)(?![\w])")  # a dual: «يومان», «ورقتين», «قطعتا دومينو»
ACCUSATIVE = "\u064b"  # the tanween of «لاعبًا», «ورقةً»


# A signed score («−1», «+2») is a figure with its sign, not a count: no language picks a plural
# form for it (issue 50, N26: Arabic said «−1 (نقطة واحدة)»), so its message has none, and
# Persian keeps the figure before its noun («−۱ امتیاز», as the Persian reader asked).
SIGNED_SCORE = ("play", "Your net result in points: %(num)s.")
RETIRED_SIGNED_SCORE = "Your net result: %(num)s point."


def counted(lang: str) -> Iterator[tuple[str, Message]]:
    """The plural messages whose English writes the number."""
    for domain, msg in catalog_messages(lang):
        if msg.pluralizable and NUMBER.search(msg.id[1]):
            yield domain, msg


@pytest.mark.parametrize("lang", [code for code in LANGUAGE_CODES if code != DEFAULT_LANGUAGE])
def test_a_signed_score_is_one_sentence_not_a_count(lang: str) -> None:
    found = {(msg.context, msg.id if isinstance(msg.id, str) else msg.id[0]): msg
             for _, msg in catalog_messages(lang)}
    assert (SIGNED_SCORE[0], RETIRED_SIGNED_SCORE) not in found
    score = found[SIGNED_SCORE]
    assert not score.pluralizable and score.string
    if lang == "fa":
        assert score.string == "نتیجهٔ خالص شما: %(num)s امتیاز."


def test_the_arabic_net_result_shows_the_signed_figure_alone(app: Flask) -> None:
    """The Tien Gow result's own line in Arabic: the sign and the figure, no «نقطة واحدة» or
    «نقطتان» picked by the figure; zero says it broke even."""
    def result_line(net: int) -> str:
        table = SimpleNamespace(seat=0, names=["الشرق"])
        result = SimpleNamespace(next_banker=None, net=net, rows=[], immediate=[], final=[], working=[])
        with app.test_request_context("/?lang=ar"), force_locale("ar"):
            page = render_template("games/tien-gow/play_result.html", t=table, r=result)
        line = re.search(r'<p class="result__lead">(.*?)</p>', page)
        assert line, page
        return line.group(1)

    assert result_line(-1) == "نتيجتك الصافية بالنقاط: \u2066\u22121\u2069."
    assert result_line(2) == "نتيجتك الصافية بالنقاط: \u2066+2\u2069."
    assert result_line(0) == "خرجت بلا ربح ولا خسارة."


# the number written before its noun («١ يوم»)
DIGITS_BEFORE_NOUN = re.compile(NUMBER.pattern + r"\s+[\u0621-\u064a]")


def arabic_count_problems(forms: tuple[str, ...]) -> list[str]:
    problems = []
    if not ONE.search(forms[1]) or DIGITS_BEFORE_NOUN.search(forms[1]):
        problems.append("one is not said in words")
    if not TWO.search(forms[2]) or DIGITS_BEFORE_NOUN.search(forms[2]):
        problems.append("two is not a dual")
    if ACCUSATIVE in forms[4] and ACCUSATIVE not in forms[5]:
        problems.append("11-99 (msgstr[5]) and 100-102 (msgstr[4]) swapped")
    return problems


def test_the_checker_reads_arabic_counts() -> None:
    old = ("%(num)s يوم", "%(num)s يوم", "%(num)s يومان", "%(num)s أيام", "%(num)s يومًا", "%(num)s يوم")
    assert arabic_count_problems(old) == ["one is not said in words", "two is not a dual",
                                          "11-99 (msgstr[5]) and 100-102 (msgstr[4]) swapped"]
    assert arabic_count_problems(("%(num)s يوم", "يوم واحد", "يومان", "%(num)s أيام", "%(num)s يوم",
                                  "%(num)s يومًا")) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_arabic_counts_say_one_and_two_in_words_and_keep_their_forms_apart(domain: str) -> None:
    found = [f"{msg.context!r} {msg.id[0]!r}: {problem}"
             for d, msg in counted("ar") if d == domain for problem in arabic_count_problems(strings(msg))]
    assert not found, "\n".join(found)


# -- Persian: one in a word ----------------------------------------------------------------------

PERSIAN_LETTER = "\u0600-\u06ff\u200c"  # Arabic-script letters and the zero-width non-joiner
# «یک» as a word: not «یکی», «یکراست» or «یک‌کارتی»
PERSIAN_ONE = re.compile(f"(?<![{PERSIAN_LETTER}])یک(?![{PERSIAN_LETTER}])")
# a count's digits right before a noun: «%(num)s مهره» in a catalog, «۱ مهره» on a page
PERSIAN_DIGITS_BEFORE_NOUN = re.compile(f"(?:{NUMBER.pattern}|[۰-۹]+)\\s+[\u0621-\u06cc]")


def persian_one_problems(one: str) -> list[str]:
    """What keeps ``one`` (a count's msgstr[0], or its n=1 rendering) from saying one in a word."""
    problems = []
    if not PERSIAN_ONE.search(one):
        problems.append("one is not said in a word")
    if PERSIAN_DIGITS_BEFORE_NOUN.search(one):
        problems.append("a digit before its noun")
    return problems


def test_the_checker_reads_persian_ones() -> None:
    assert persian_one_problems("%(num)s مهره") == ["one is not said in a word", "a digit before its noun"]
    assert persian_one_problems("۱ مهره") == ["one is not said in a word", "a digit before its noun"]
    assert persian_one_problems("میخ و دو قرمز: %(num)s کارت یکراست رفت.") == [
        "one is not said in a word", "a digit before its noun"]
    assert persian_one_problems("یک مهره") == []


def test_persian_catalogs_declare_one_and_other() -> None:
    for domain in DOMAINS:
        with (TRANSLATIONS / "fa" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            cat = read_po(f)
        assert (cat.num_plurals, cat.plural_expr) == (2, "(n != 1)"), domain


@pytest.mark.parametrize("domain", DOMAINS)
def test_persian_counts_say_one_in_a_word(domain: str) -> None:
    found = [f"{msg.context!r} {msg.id[0]!r}: {problem}"
             for d, msg in counted("fa") if d == domain for problem in persian_one_problems(strings(msg)[0])]
    assert not found, "\n".join(found)


def test_persian_pages_render_one_as_a_word(app: Flask) -> None:
    """Through the compiled catalog, n = 1 takes «یک» and n = 2 the digits, in every count."""
    messages = [msg for _, msg in counted("fa")]
    assert len(messages) > 40
    # as the templates call it: the count and its digits as the page writes them (``|num``)
    template = app.jinja_env.from_string(
        "{% if context %}{{ npgettext(context, singular, plural, n, **variables) }}"
        "{% else %}{{ ngettext(singular, plural, n, **variables) }}{% endif %}")
    for msg in messages:
        singular, plural = msg.id
        for n, digits in ((1, "۱"), (2, "۲")):
            # the count in digits; any other value a name («Ana»), so that only the count is digits
            variables = {name: digits if name in ("num", "count") else "Ana"
                         for name in re.findall(r"%\((\w+)\)s", plural)}
            with app.test_request_context(), force_locale("fa"):
                text = template.render(context=msg.context, singular=singular, plural=plural, n=n,
                                       variables=variables)
            if n == 1:
                assert persian_one_problems(text) == [], (singular, text)
            else:
                assert "۲" in text, (singular, text)  # «یک» may stay: «به یک ترکیب ویژهٔ ۲ کارتی»


# Counts a page shows for zero too (a day nobody has finished yet, a position nobody reached, a last
# trick before any pillar is won): «۰ بازیکن … کرده‌اند» reads as zero people having done it, so the
# other form names the figure as a label («شمار بازیکنانی که …: ۰») — the fa read of issue 50, E2.
PERSIAN_ZERO_COUNTS = [
    ("daily", "%(num)s player has finished it so far."),
    ("daily", "%(num)s player reached this position."),
    ("daily", "%(num)s player finished this deal."),
    ("puzzle situation", "This is the last trick of the deal. You have won %(count)s pillar so far."),
]


def test_persian_zero_is_not_a_number_of_things(app: Flask) -> None:
    by_id = {(msg.context, msg.id[0]): msg for _, msg in counted("fa")}
    template = app.jinja_env.from_string("{{ npgettext(context, singular, plural, 0, **variables) }}")
    for context, singular in PERSIAN_ZERO_COUNTS:
        plural = by_id[(context, singular)].id[1]
        variables = {name: "۰" for name in re.findall(r"%\((\w+)\)s", plural)}
        with app.test_request_context(), force_locale("fa"):
            text = template.render(context=context, singular=singular, plural=plural, variables=variables)
        assert "۰" in text and not PERSIAN_DIGITS_BEFORE_NOUN.search(text), (singular, text)


# -- Arabic: the seat or the tile is the subject -----------------------------------------------

# Placeholders that hold one of the site's own names (a tile, a play's name, a lesson's seat). The
# log's ``%(player)s`` may be a friend's own name, of no gender the site knows: its lines have two
# messages, a seat's with its verb and a friend's with none (tests/site/test_play_log_names.py).
ARABIC_NAMES = r"(?:play|current|seat|winner|leader)"
_WRAPS = (
    # «حركة %(play)s تغلب حركة %(current)s»: the name wrapped in "the play of"/"the set of"
    re.compile(r"(?<![\u0621-\u064a])(?:حركة|مجموعة)\s+%\(" + ARABIC_NAMES + r"\)s"),
    # «تمرير من %(seat)s», «رمي مقلوب من %(seat)s»: an action "from" the seat, not the seat acting
    re.compile(r"(?<![\u0621-\u064a])(?:ال)?(?:تمرير|افتتاح|رمي|لعب)(?:\s+\w+)?\s+من\s+%\(" + ARABIC_NAMES
               + r"\)s"),
    # «الجولة من نصيب %(seat)s»: "the round falls to the share of", where the seat wins it
    re.compile(r"من نصيب %\(" + ARABIC_NAMES + r"\)s"),
    # a lesson's or a rule's tile in "the card …" / "the tile …" as the subject of its verb:
    # «ورقة %(longthree)s تغلب», «وربحتها قطعة %(bigsix)s», «لا تكوّن ورقة %(head)s»
    re.compile(r"(?<![\u0621-\u064a])(?:ورقة|قطعة)\s+%\((?!player\b)\w+\)s\s+(?:تغلب|يغلب)"),
    re.compile(r"(?:ربحت|ربح|فازت|فاز|تكوّن|يكوّن)(?:ها|\s+بها)?\s+(?:ورقة|قطعة)\s+%\((?!player\b)\w+\)s"),
)


def wrapped_names(text: str) -> list[str]:
    """The places of ``text`` where a name that could carry the verb is wrapped instead."""
    return [m.group(0) for pattern in _WRAPS for m in pattern.finditer(text)]


def test_the_checker_finds_a_wrapped_arabic_name() -> None:
    # the old catalog's sentences
    assert wrapped_names("حركة %(play)s تغلب حركة %(current)s: الفئة نفسها") == [
        "حركة %(play)s", "حركة %(current)s"]
    assert wrapped_names("تمرير من %(seat)s") == ["تمرير من %(seat)s"]
    assert wrapped_names("رمي مقلوب من %(seat)s:") == ["رمي مقلوب من %(seat)s"]
    assert wrapped_names("الجولة من نصيب %(seat)s، ويد %(seat)s لم تفرغ بعد") == ["من نصيب %(seat)s"]
    assert wrapped_names("ورقة %(longthree)s تغلب ورقة %(plum)s.") == ["ورقة %(longthree)s تغلب"]
    assert wrapped_names("إذا كانت الأكلة الأخيرة مفردة وربحتها قطعة %(bigsix)s") == ["ربحتها قطعة %(bigsix)s"]
    assert wrapped_names("لا تكوّن ورقة %(head)s تركيبة") == ["تكوّن ورقة %(head)s"]
    # the sentences an Arabic writer puts
    assert wrapped_names("%(seat)s %(seat@يمرّر|تمرّر)s") == []
    assert wrapped_names("%(play)s %(play@يغلب|تغلب)s %(current)s: الفئة نفسها") == []
    assert wrapped_names("الجولة %(round)s، الحركة %(action)s") == []
    assert wrapped_names("تمرير من %(player)s.") == []  # a friend's name: no gender to agree with
    assert wrapped_names("فإذا كانت فيها ورقة %(nail)s واحدة") == []  # a card counted, not acting


def test_no_arabic_message_wraps_a_name_that_could_carry_the_verb() -> None:
    found = [f"{domain} {msg.context!r}: {text}"
             for domain, msg in catalog_messages("ar") for text in strings(msg) if wrapped_names(text)]
    assert not found, f"{len(found)} places:\n" + "\n".join(found)


# -- Arabic: the reader's certain errors and calques (issue 50, /work/reads/ar.md) -----------------

# «بـ» is drawn out only before a digit or Latin script: before a (bold) Arabic word the
# preposition is joined to it, inside the bold («**بالأكلة الأخيرة**»), never «بـ**الأكلة**».
_TATWEEL_BEFORE_ARABIC = re.compile(r"بـ(?:\*\*)?[\u0621-\u064a]")
# words no Arabic player writes, each with the word the site uses: the impersonal «يُتغلَّب»
# and «يتغلب» (the game's verb is «يغلب»), «الكمبيوتر» (the site says «الحاسوب»), «الغلب» as a
# noun (players write «أن تغلب»), a puzzle's «عنوان» (its «رابط»), «رزمة» (a pack of cards, for
# the deck of saved puzzles), «مجاني» (free of charge, for practice without stakes), a suit quoted
# or bare after «صنف» («قطع الصنف «مدني»», «من صنف **مدني**»: «الصنف المدني»)
_CALQUES = ("يُتغلَّب", "يتغلب", "الكمبيوتر", "الغلب", "عنوانه", "رزمت", "مجاني", "الصنف «", "من صنف **")


def arabic_slips(text: str) -> list[str]:
    return _TATWEEL_BEFORE_ARABIC.findall(text) + [w for w in _CALQUES if w in text]


def test_the_checker_finds_arabic_slips() -> None:
    assert arabic_slips("هدفك أن تفوز بـ**الأكلة الأخيرة**.") == ["بـ**ا"]
    assert arabic_slips("تُقارَن حركتك دائمًا بـأعلى حركة") == ["بـأ"]
    assert not arabic_slips("افتُتح بـ%(num)s قطع، ويفوز **بالأكلة الأخيرة**.")
    assert arabic_slips("لا إلزام بالغلب") == ["الغلب"]
    assert not arabic_slips("لا يلزمك أن تغلب، ولعب الحاسوب.")
    assert arabic_slips("قطع الصنف «%(civil)s».") == ["الصنف «"]
    assert arabic_slips("قطعة مختلفة من صنف **%(civil)s**") == ["من صنف **"]
    assert not arabic_slips("قطعة مختلفة من الصنف **ال%(civil)s**")


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_arabic_tatweel_before_a_word_nor_a_calque(domain: str) -> None:
    problems = slips_in("ar", domain, arabic_slips)
    assert not problems, "\n".join(problems)


# -- Arabic: what the third independent read found (issue 50, /work/reads3/ar.md) ----------------

# Each pattern with the sentence the read quoted (it must be found there) and the one now written:
# an option does not "play" a reading, it lets one play it («ويتيح خيارٌ اللعب بـ…»); scoring is
# «احتساب النقاط», never «التسجيل» (registration); the deck is «الرزمة», never the set word
# «المجموعة»; «إنها …» / «: إنه …» copies English "It is"; "You led" is «افتتحتَ», not "you opened the
# game"; «جِد» is a rare imperative («ابحث عن»); "checked against" is «قوبلت بـ», not «رُوجعت على»;
# figures do not "follow" the field; a CLDR duration is nominative («ساعتان»), so it cannot follow
# «بعد» (genitive «ساعتين»): it follows a label's colon («الوقت المتبقي حتى الإغلاق: %(time)s»); and after «ف» the verb
# comes first («فيأخذ تشين»), never the name («فتشين يأخذ»).
THIRD_READ = [
    (r"الخيار يلعب|خيار يلعب|تلعب القراءات", "الموت المبكر مطبّق، كما في البطاقة؛ والخيار يلعب بدونه.",
     "الموت المبكر مطبّق، كما في البطاقة؛ ويتيح خيارٌ اللعب بدونه."),
    (r"التسجيل", "بقي قسم التسجيل فيها بالإنجليزية.", "بقي قسم احتساب النقاط فيها بالإنجليزية."),
    (r"وصف للمجموعة|المجموعة هي الأوراق", "كما تقول البطاقات الأخرى؛ والمجموعة هي الأوراق المرقّمة.",
     "كما تقول البطاقات الأخرى؛ فرزمة اللعب هي الأوراق المرقّمة."),
    (r"(?:^|[:؛]\s)إنّ?(?:ه|ها) ", "إنها حركة مسموحة", "حركة مسموحة"),
    (r"افتتحت اللعب", "افتتحت اللعب.", "افتتحتَ."),
    (r"(?:^|\s)جِد ", "جِد حركة أفضل", "ابحث عن حركة أفضل"),
    (r"رُوجعت على", "بطاقة قواعد واحدة، رُوجعت على الأوصاف العامة.", "بطاقة قواعد واحدة، ثم قوبلت بالأوصاف العامة."),
    (r"الأرقام تتبعه", "يزداد عدد اللاعبين كلما أنهى آخرون: وهذه الأرقام تتبعه.",
     "يزداد عدد اللاعبين كلما أنهى غيرك التوزيعة، وتتجدّد هذه الأرقام معه."),
    (r"بعد %\(time\)s", "يُغلق بعد %(time)s", "الوقت المتبقي حتى الإغلاق: %(time)s"),
    (r"ف%\((\w+)\)s %\(\1@", "في المجموعة الفائزة قطعتان، ف%(seat)s %(seat@يأخذ|تأخذ)s عمودين.",
     "في المجموعة الفائزة قطعتان، ف%(seat@يأخذ|تأخذ)s %(seat)s عمودين."),
]


# -- Arabic: what the fourth independent read found (issue 50, /work/reads4/ar.md) ---------------

# Each pattern with the sentence the read quoted and the one now written: the daily deal
# («التوزيعة») is feminine, never «أنهاه / أنهوه / العبه», and «إحدى» (not «أحد») of its plural;
# «حاسوبي» is a calque («لاعبو الحاسوب», «يديره الحاسوب»); «يبقى على …» for a time left is
# translated English (a label takes the duration after a colon); a bare «ليس» has no predicate;
# 听用 is «تينغ يونغ», not "Listening–Using"; "more with each bank kept", "a collecting game",
# «لُعبت» after a definite tile, «ثلاث أوراق تسعة», "immediate … at once", two "last"s in a row,
# «المستفيد» (a beneficiary) for the payee, "50% of the matchpoints", «المستحقة» (owed) for
# puzzles due, and «تقدّمك على متصفح» (on a browser) for the key page's link.
_AR = "\u0621-\u064a"
FOURTH_READ = [
    (f"(?:أنهاه|يُنهِه|أنهوه|العبه)(?![{_AR}])", "لم يُنهِه أي لاعب حتى الآن.", "لم يُنهِها أي لاعب حتى الآن."),
    (r"(?<![\u0621-\u064a])أحد (?:ال)?توزيعات", "العب أحد توزيعات اليوم لتستمر سلسلتك.",
     "العب إحدى توزيعات اليوم لتستمر سلسلتك."),
    (r"حاسوبي", "أمام أقوى اللاعبين الحاسوبيين.", "أمام لاعبي الحاسوب في أقوى مستوياتهم."),
    (r"يبقى على", "يبقى على الإغلاق %(time)s", "الوقت المتبقي حتى الإغلاق: %(time)s"),
    (r"^ليس (?:هذه المرة|تمامًا)\.$", "ليس هذه المرة.", "لم تُصب هذه المرة."),
    (r"الاستماع–الاستخدام", "(الاستماع–الاستخدام 听用 وإله الثروة 财神)", "(أوراق «تينغ يونغ» 听用، أي الجوكر)"),
    (r"أكثر مع كل بنك", "أكثر مع كل بنك يحتفظ به: الضعف", "يزداد المضاعِف كلما احتفظ صاحب البنك بالبنك: الضعف"),
    (f"لعبة جمع(?![{_AR}])", "كما في لعبة جمع.", "كما في ألعاب تجميع المجموعات."),
    (r"%\(\w+\)s لُعبت مفردةً", "بقطعة %(heaven)s لُعبت مفردةً،", "بقطعة %(heaven)s مفردةً،"),
    (f"أوراق (?:تسعة|ثمانية|سبعة|خمسة)(?![{_AR}])", "مع ثلاث أوراق تسعة مقبول", "مع ثلاث من أوراق التسعة مقبول"),
    (f"فورية[^.]*في الحال(?![{_AR}])", "دفعة فورية من الجميع في الحال.", "دفعة فورية من كل لاعب آخر."),
    (r"تفصيل أخير[^.]*\..*وأخيرًا", "وتفصيل أخير: إذا كانت … التالي. وأخيرًا، يصبح",
     "وتفصيل آخر: إذا كانت … وأخيرًا، يصبح"),
    (r"خصم[^·.]*من الحاسوب", "أنت ضد خصم واحد من الحاسوب", "أنت ضد خصم واحد يديره الحاسوب"),
    (r"المستفيد", "المستفيد", "القابض"),
    (r"%\(matchpoints\)s من نقاط", "%(matchpoints)s من نقاط المقارنة", "نقاط المقارنة %(matchpoints)s"),
    (r"المستحقة الآن|لا شيء مستحق", "المستحقة الآن: %(num)s", "الجاهزة للحل الآن: %(num)s"),
    (r"تقدّمك على متصفح", "تقدّمك على متصفح آخر", "انقل تقدّمك إلى متصفح آخر"),
]


def test_the_arabic_daily_deal_is_feminine_where_the_english_says_it() -> None:
    """The read's certain error: "it" in these messages is the day's deal, «التوزيعة»."""
    found = {(msg.context, msg.id if isinstance(msg.id, str) else msg.id[0]): strings(msg)
             for _, msg in catalog_messages("ar")}
    for msgid in ("%(num)s player has finished it so far.", "Players who finished it", "Play it again as practice"):
        forms = found[("daily", msgid)]
        assert all(re.search(f"ها(?![{_AR}])", form) for form in forms), forms


def test_a_friends_log_line_keeps_the_past_tense_of_its_neighbours() -> None:
    """A friend's own name has no gender, so its lines agree with the cards, in the past tense
    like the seats' lines around them («ذهبت ورقتان»), never the present «تذهب»."""
    lines = [form for _, msg in catalog_messages("ar") if msg.context == "play log, a player's own name"
             and "banked" in str(msg.id) for form in strings(msg)]
    assert len(lines) == 12
    assert not [line for line in lines if "تذهب" in line and "لم تذهب" not in line], lines


# Labels of a count (a hand, a pile, a timer, a chip, a star count) are written in pause form, as
# interfaces write them («يدك: 26 ورقة», «30 ثانية»): the accusative «ةً» stays in sentences only.
ARABIC_COUNT_LABELS = [
    ("play", "Your hand: %(num)s card"), ("play", "Your hand: %(num)s tile"),
    ("play", "%(num)s card in the pile"), ("play", "%(num)s second"), ("play", "%(num)s trick"),
    ("play", "%(num)s face down"), ("play", "Each move: at most %(num)s second, then the computer plays it."),
    ("play", "%(num)s second left for your move, then the computer plays it."),
    ("puzzles", "%(count)s star of %(total)s"),
]


def test_arabic_count_labels_are_in_pause_form() -> None:
    found = {(msg.context, msg.id[0]): strings(msg) for _, msg in counted("ar")}
    for key in ARABIC_COUNT_LABELS:
        forms = found[key]
        assert not [form for form in forms if "ة" + ACCUSATIVE in form], (key, forms)


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_a_figures_caption_names_a_side_only_where_the_english_does(lang: str) -> None:
    """A figure's tile groups follow the page's direction (rules/_blocks.html), so on a
    right-to-left page a caption that says "from left to right" or "on the left" of groups the
    English lists in order would point the reader at the wrong end; a rank ladder's caption
    keeps its side, because its English names it ("from its strongest, on the left")."""
    sides = re.compile(r"چپ|راست|اليسار|اليمين")
    wrong = [(m.context, m.id) for _, m in catalog_messages(lang)
             if "caption of a picture" in " ".join(m.auto_comments)
             and "left" not in str(m.id) and "right" not in str(m.id)
             and any(sides.search(text) for text in strings(m) if text)]
    assert not wrong


def test_arabic_round_line_keeps_one_tense_and_the_headline_names_no_verb() -> None:
    """confirm-ar.md §2: the seat's round line says what happened in the past, both halves («فاز
    الشمال بالجولة، وأضاف ورقة واحدة إلى كومته», not «… وتذهب ورقة»), and the deal's headline,
    whose name may be a friend's, takes the gender-free «من نصيب» of its neighbour, not the noun
    «فوز الشمال بأكلات أكثر»."""
    found = {(msg.context, msg.id if isinstance(msg.id, str) else msg.id[0]): strings(msg)
             for _, msg in catalog_messages("ar")}
    round_line = found[("play log", "%(player)s won the round and banked %(num)s card.")]
    assert all("%(player@فاز|فازت)s" in form and "تذهب" not in form for form in round_line), round_line
    assert all("%(player@وأضاف|وأضافت)s" in form for form in round_line[1:]), round_line
    headline = found[("play", "%(player)s won more tricks and the deal.")]
    assert headline == (found[("play", "%(player)s won the last trick and the deal.")][0].replace(
        "الأكلة الأخيرة", "أكثر الأكلات"),), headline


# -- Persian: slips the second check of issue 50 found ------------------------------------------

# «؛ و»: an editor ends the clause at the semicolon or joins with «، و», never both (N6);
# «پایینِ میز»: the player sits at the bottom of the page, the drawing, not under the table (U19);
# «%(count)s مهرهٔ یکسان», «%(count)s جفت وجه تاسِ یکسان»: after a count of tiles or faces,
# "identical" reads as tiles equal to each other or as doubles, where the English means the set
# every game shares (U2); «کارتِ یکسان» stays: there the English says "copies of one card"
_PERSIAN_SLIPS = re.compile(r"؛\s*و\s|پایینِ?\s*میز|%\(count\)s\s+(?:مهرهٔ|[^.:؛،]*تاسِ?)\s+یکسان")


def persian_slips(text: str) -> list[str]:
    return _PERSIAN_SLIPS.findall(text)


def test_the_checker_finds_persian_slips() -> None:
    assert persian_slips("یک جفت کشوری؛ و جفت لشکریِ نُه‌ها.") == ["؛ و "]
    assert not persian_slips("یک جفت کشوری، و جفت لشکریِ نُه‌ها.")
    assert persian_slips("شما در پایینِ میز نشان داده می‌شوید.") == ["پایینِ میز"]
    assert not persian_slips("جای شما پایینِ صفحه است.")
    assert persian_slips("همهٔ بازی‌ها %(count)s مهرهٔ یکسان دارند.")
    assert not persian_slips("مهره‌های همهٔ بازی‌ها یکی‌اند: %(count)s مهره.")
    assert persian_slips("از %(count)s جفت وجه تاسِ یکسان استفاده می‌کنند.")
    assert not persian_slips("به %(count)s کارتِ یکسان از خانوادهٔ بلند نیاز دارید.")


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_persian_semicolon_and_nor_table_bottom_nor_counted_identical(domain: str) -> None:
    problems = slips_in("fa", domain, persian_slips)
    assert not problems, "\n".join(problems)


# -- Persian: what the third independent read found (issue 50, /work/reads3/fa.md) ---------------

# Each pattern with the sentence the read quoted (it must be found there) and the one now written:
# a bare «نه» before other numbers reads as "no" (nine is «نُه»); a player "acts" is a turn
# («نوبت دارد»), not office-register «عمل می‌کند»; a modal cannot take «یعنی»; «بازسازی خوانده»
# lacks its passive; «حدس‌ها را حدس می‌نامد», «چگونه بوده‌اید», «تمام کردن بازیکنان» (finishing the
# players off), «آنچه این تعداد ستون … بدهکار است» (pillars do not owe), a stack of ezafes on the
# banker's pillars, a streak defined as a subject that counts, «به نسبتِ» for "as a share of", and
# «امتیاز مقایسه» beside the results page's «امتیاز مقایسه‌ای»; and Han names parted by an Arabic
# comma alone run together left to right, so each comma carries a right-to-left mark.
PERSIAN_THIRD_READ = [
    (r"(?<![\u0600-\u06ff\u200c])نه،\s*(?:هشت|هفت|شش|پنج)", "مجموع خال‌هایشان نه، هشت، هفت و پنج است.",
     "مجموع خال‌هایشان نُه، هشت، هفت و پنج است."),
    (r"(?<![\u0600-\u06ff\u200c])عمل (?:ن?می\u200cکند|کرد)", "شروع‌کننده دوباره عمل نمی‌کند.",
     "شروع‌کننده دیگر نوبتی ندارد."),
    (r"می\u200cتواند یعنی", "می‌تواند یعنی تعداد سرها برابر باشد", "ممکن است این معنا را بدهد که تعداد سرها برابر باشد"),
    (r"بازسازی خوانده و", "صفحه‌ای که بازسازی خوانده و «تأییدشده» برچسب خورده است",
     "صفحه‌ای که خودش را «بازسازی» می‌نامد و برچسب «تأییدشده» دارد"),
    (r"را حدس می\u200cنامد", "حدس‌هایش را حدس می‌نامد.", "هر جا حدس زده، صریحاً می‌گوید که حدس است."),
    (r"چگونه بوده\u200cاید", "ببینید در برابر دیگران چگونه بوده‌اید.", "ببینید در مقایسه با دیگران چطور بازی کرده‌اید."),
    (r"تمام کردن بازیکنان", "با تمام کردن بازیکنان دیگر، شمار بازیکنان بیشتر می‌شود",
     "هرچه بازیکنان بیشتری این بازی را تمام کنند"),
    (r"آنچه این تعداد ستون", "پایه: آنچه این تعداد ستون به برنده بدهکار است.",
     "پایه: مبلغی که بازیکنی با این تعداد ستون به برنده بدهکار است."),
    (r"ستون\u200cهای (?:بیش از|بالای) چهارِ", "ستون‌های بیش از چهارِ بانکدارِ بازنده دوبرابر نمی‌شود.",
     "اگر بانکدار ببازد، مازادِ ستون‌هایش بر چهار دوبرابر حساب نمی‌شود."),
    (r"روزهای پیاپی، روزهای", "روزهای پیاپی، روزهای پشت سر همی را می‌شمارد که",
     "«روزهای پیاپی» یعنی شمار روزهای پشت سر همی که"),
    (r"به نسبتِ? بقیهٔ", "نیم امتیاز، به نسبتِ بقیهٔ بازیکنان.", "نیم امتیاز، به‌صورت درصدی از تعداد بقیهٔ بازیکنان."),
    (r"امتیاز مقایسه(?!\u200cای)", "%(matchpoints)s امتیاز مقایسه، امتیاز %(score)s",
     "امتیاز مقایسه‌ای %(matchpoints)s، امتیاز %(score)s"),
    (r"[\u4e00-\u9fff]،(?!\u200f)\s*[\u4e00-\u9fff]", "نام‌های چینی‌شان: 雜九، 雜八، 雜七 و 雜五.",
     "نام‌های چینی‌شان: 雜九،\u200f 雜八،\u200f 雜七 و 雜五."),
]


# -- Persian: what the fourth read found ---------------------------------------------------------

# The fourth fa read of issue 50: a set «رو به بالا می‌رود» ("goes upward") where a player says it
# is played face up; "the option plays X" and "this reading is played" said word for word; a word
# that dropped out of a rules card «گم شده» like a lost key; the Academy's «پادساعت‌گرد» and
# «جهتی می‌گویند»; «سه کارت دیگر» read as playing cards where the rules cards are meant;
# «هر کدام را با هم ترکیب کرد»; «دو برابر» beside «دوبرابر»; «بی حساب»; two bare tile names
# side by side («هشت هفت را می‌برد»); infinitive buttons among imperative ones; «آنها» without
# its joiner. (The skip link «رفتن به محتوای اصلی» is a label, not a button among others.)
_FA = "\u0600-\u06ff\u200c"
PERSIAN_FOURTH_READ = [
    (r"رو به بالا\s+(?:ن?می\u200c)?(?:ب|ن)?(?:رو[دنم]|رفت)", "دسته‌ای که بتواند رو به بالا برود",
     "دسته‌ای که بتوان آن را رو به بالا بازی کرد"),
    (r"گزینه[^.؛]*بازی می\u200cکن", "این گزینه قانون هنگ‌کنگ را بازی می‌کند.",
     "این گزینه قانون هنگ‌کنگ را اعمال می‌کند."),
    (r"این سایت[^.؛،]*بازی می\u200cکند|خوانش[^.؛]*بازی می\u200cشود", "آنچه این سایت بازی می‌کند، و چرا",
     "خوانشی که این سایت برگزیده، و چرا"),
    (r"»\s*گم شده", "واژهٔ «سیاه» گم شده است.", "واژهٔ «سیاه» از قلم افتاده است."),
    (r"پادساعت\u200cگرد|جهتی ن?می\u200cگوی", "کارت جهتی نمی‌گوید؛ منابع عمومی همه پادساعت‌گرد بازی می‌کنند.",
     "کارت جهتی را ذکر نمی‌کند؛ همهٔ منابع عمومی خلاف جهت عقربه‌های ساعت بازی می‌کنند."),
    (r"سه کارت(?: آن)? دیگر|کارت\u200cهای دیگر می\u200cگویند", "ترتیب سه کارت دیگر",
     "ترتیبی که سه کارتِ قوانینِ دیگر می‌دهند"),
    (r"هر کدام را با هم", "می‌توان هر کدام را با هم ترکیب کرد.",
     "می‌توان هر تعداد از آن‌ها را که بخواهید با هم روشن کرد."),
    (r"(?<![\u0600-\u06ff\u200c])دو برابر", "همیشه دو برابر، چنان که روی کارت آمده",
     "همیشه دوبرابر، چنان که روی کارت آمده"),
    (f"(?<![{_FA}])بی (?:حساب|گذرواژه)", "بی حساب کاربری و بی گذرواژه", "بدون حساب کاربری و بدون گذرواژه"),
    (r"%\(play\)s %\(current\)s", "%(play)s %(current)s را می‌برد", "«%(play)s» «%(current)s» را می‌برد"),
    (r"^(?:باز کردن|رفتن به (?!محتوای اصلی)) ", "باز کردن واژه‌نامه", "واژه‌نامه را باز کنید"),
    (f"(?<![{_FA}])آنها", "به هر یک از آنها", "به هر یک از آن‌ها"),
    (r"بازی\u200cهای جمع\u200cکردنی|دوبرابر شدن با|اشتباه\u200cها و اشتباه\u200cهای", "دوبرابر شدن با بانکدار",
     "دوبرابر شدنِ مبلغ‌های بانکدار"),
]


def test_the_garbled_early_death_word_is_the_verb_to_win() -> None:
    """The fourth read's certain error: the card's garbled word was «بردن», never «برنده»."""
    found = {(msg.context, msg.id): msg.string for _, msg in catalog_messages("fa")}
    text = found[("tien-gow/sources#correction-g6", 'On a last trick of one tile, a player who has won no pillar '
                  'yet must discard face down: the garbled word most likely stood for "winning".')]
    assert "«بردن»" in text and "«برنده»" not in text


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_a_daily_deal_nobody_finished_says_so_in_a_sentence(app: Flask, lang: str) -> None:
    """No «…: ۰» label: a day's deal with no player yet reads «هنوز کسی آن را تمام نکرده است.»."""
    card = SimpleNamespace(game="chuo-pai", time_left="1", players=0)
    template = app.jinja_env.from_string(
        '{% from "daily/_cards.html" import day_cards %}{{ day_cards(cards) }}')
    with app.test_request_context(), force_locale(lang):
        html = template.render(cards=[card])
    found = {} if lang == DEFAULT_LANGUAGE else {
        (msg.context, msg.id): msg.string for _, msg in catalog_messages(lang)}
    expected = found.get(("daily", "Nobody has finished it yet.")) or "Nobody has finished it yet."
    assert expected in html and "finished it so far" not in html
    assert lang == DEFAULT_LANGUAGE or expected != "Nobody has finished it yet."
    if lang == "fa":
        assert "هنوز کسی" in html and "۰" not in html


# What each independent read quoted, as patterns: each finds the quoted text and not the rewrite,
# and no message of the read's language holds one.
READS = [("ar", THIRD_READ), ("ar", FOURTH_READ), ("fa", PERSIAN_THIRD_READ), ("fa", PERSIAN_FOURTH_READ)]
QUOTED = [pytest.param(pattern, quoted, written, id=f"{lang}-{pattern}")
          for lang, found in READS for pattern, quoted, written in found]


@pytest.mark.parametrize(("pattern", "quoted", "written"), QUOTED)
def test_the_checker_finds_what_a_read_quoted(pattern: str, quoted: str, written: str) -> None:
    assert re.search(pattern, quoted)
    assert not re.search(pattern, written)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize(("lang", "found"), READS, ids=["ar-third", "ar-fourth", "fa-third", "fa-fourth"])
def test_no_message_repeats_what_a_read_found(lang: str, found: list[tuple[str, str, str]], domain: str) -> None:
    problems = slips_in(lang, domain, lambda text: [p for p, _, _ in found if re.search(p, text)])
    assert not problems, "\n".join(problems)
