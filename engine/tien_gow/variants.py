"""Tien Gow's table options: the disputed rules of ../shared/rules/sources.md ("Where they
disagree") and tien-gow.md §4.3, each off by default and each played by a public source.

A deal's rules are the game plus a sorted tuple of option keys (``Rules.variant``); with a rising
banker, also how many deals in a row the banker has banked (``Rules.banker_run``). ``OPTIONS`` is
the one list of them (the site's pages and the API read it from ``GameSpec.variant_options``).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.spec import VariantOption, check_variant

NO_EARLY_DEATH = "no-early-death"
PURE_PAIRS = "pure-pairs"
RISING_BANKER = "rising-banker"
HK_BANKER_EXCESS = "hk-banker-excess"

OPTIONS: tuple[VariantOption, ...] = (
    VariantOption(
        HK_BANKER_EXCESS, "TG-14",
        "A losing banker's excess over four pillars is paid single, not doubled.",
        ("zh-Wikipedia (Hong Kong rule)",)),
    VariantOption(
        NO_EARLY_DEATH, "TG-12",
        "No early death: on a final single, a player without a pillar may still beat.",
        ("navpil.github.io/gupai (optional rule)", "Polovynka (optional rule)")),
    VariantOption(
        PURE_PAIRS, "TG-4",
        "Only the historical pairs: no mixed civil-military sets, so no triples or quartets.",
        ("navpil.github.io/gupai (historically only pure pairs)",
         "navpil/gupai RuleSet (no mixing)")),
    VariantOption(
        RISING_BANKER, "TG-14",
        "A banker who keeps the bank pays and is paid x2, then x3, x4 ... in a match.",
        ("zh-Wikipedia", "Polovynka (optional rule)", "navpil.github.io/gupai (optional rule)",
         "navpil/gupai RuleSet (bankersMultiplierIncreased)")),
)
assert [o.key for o in OPTIONS] == sorted(o.key for o in OPTIONS)


class Rules(NamedTuple):
    """A deal's rules: the option keys (sorted) and what they make of TG-4, TG-12 and TG-14."""

    variant: tuple[str, ...] = ()
    banker_run: int = 1  # deals in a row the banker has banked, this one included (rising banker)
    early_death: bool = True  # TG-12 applies (off: no-early-death)
    mixed_sets: bool = True  # TG-4 (e) mixed sets may be played (off: pure-pairs)
    banker_times: int = 2  # TG-14/TG-16: what the banker pays and is paid (rising: 1 + run)
    excess_doubled: bool = True  # TG-14 for a losing banker's excess (off: hk-banker-excess)


DEFAULT = Rules()


def rules_of(variant: object, banker_run: int = 1) -> Rules:
    """The rules of these option keys (``check_variant``: VariantError for an unknown option or a
    malformed list). ``banker_run`` counts only under a rising banker."""
    keys = check_variant(OPTIONS, variant)
    if not keys:
        return DEFAULT
    rising = RISING_BANKER in keys
    run = banker_run if rising else 1
    return Rules(keys, run, NO_EARLY_DEATH not in keys, PURE_PAIRS not in keys,
                 1 + run if rising else 2, HK_BANKER_EXCESS not in keys)

