"""bench/variants.py measures what each table option changes (a tiny run: greedy seats)."""
from __future__ import annotations

from bench import variants as bench_variants
from engine import tien_gow as tg


def test_each_rule_set_is_measured_and_the_options_show_where_they_should():
    rows = {tuple(r["variant"]): r for r in  # type: ignore[arg-type]
            (bench_variants.summary(v, bench_variants.play_match(v, 3, 6, "greedy"))
             for v in bench_variants.RULE_SETS)}
    assert len(rows) == 6 and all(r["deals"] == 6 for r in rows.values())
    assert rows[("pure-pairs",)]["mixed_deals"] == 0.0  # no mixed set under pure-pairs
    assert rows[()]["pillarless_beat"] == 0.0  # early death forbids it by default
    text = bench_variants.table(list(rows.values()), "header")
    assert "default" in text and "all four" in text and "no-early-death" in text


def test_a_pillarless_beat_on_the_last_single_counts_only_without_early_death():
    def last_single(rules):
        deal = tg.position(["1-5", "6-6", "2-2", "3-3"], banker=0, leader=0, pillars=(4, 0, 2, 1),
                           plays=[tg.parse_action("1-5")], rules=rules)
        up = tg.parse_action("6-6") in deal.legal_actions()
        for action in (tg.parse_action("6-6", face_up=up), tg.parse_action("2-2", face_up=False),
                       tg.parse_action("3-3", face_up=False)):
            deal = deal.apply(action)
        return bench_variants.facts(deal)

    default = last_single(tg.DEFAULT)
    assert default.early_death and not default.pillarless_beat
    without = last_single(tg.rules_of(["no-early-death"]))
    assert without.early_death and without.pillarless_beat and not without.banker_kept
