"""Lists in the page's language (paiyou.i18n.phrases): CLDR's patterns, without the comma before
the last item where our native readers found it foreign (Hindi, Persian), and the conjunction
typeset as the language's catalogs are (Polish «i» bound to the next item: paiyou.i18n.typesetting)."""
from __future__ import annotations

import pytest
from flask_babel import force_locale

from paiyou.i18n.phrases import and_list, or_list


@pytest.mark.parametrize(("lang", "three", "two", "four"), [
    ("en", "a, b, and c", "a and b", "a, b, c, and d"),
    ("pl", "a, b i\u00a0c", "a i\u00a0b", "a, b, c i\u00a0d"),
    ("ar", "a وb وc", "a وb", "a وb وc وd"),
    ("hi", "a, b और c", "a और b", "a, b, c और d"),
    ("fa", "a،\u200f b و c", "a و b", "a،\u200f b،\u200f c و d"),
])
def test_and_lists(app, lang: str, three: str, two: str, four: str) -> None:
    with app.test_request_context(), force_locale(lang):
        assert and_list(["a", "b", "c"]) == three
        assert and_list(["a", "b"]) == two
        assert and_list(["a", "b", "c", "d"]) == four
        assert and_list(["a"]) == "a"


def test_or_lists_drop_the_comma_before_the_last_item_in_hindi_and_persian(app) -> None:
    with app.test_request_context():
        with force_locale("hi"):
            assert or_list(["a", "b", "c"]) == "a, b या c"
        with force_locale("fa"):
            assert or_list(["a", "b", "c"]).endswith("b یا c")
        with force_locale("en"):
            assert or_list(["a", "b", "c"]) == "a, b, or c"
