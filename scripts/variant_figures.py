"""Copy the measured effect of Tien Gow's table options from the benchmark into the content:
``bench/results/variants.json`` (``python bench/variants.py``) -> ``content/sources/tien-gow.measured.json``,
the figures the "Sources and variants" page shows (``paiyou.content.sources.measured``).

The site never reads bench/ (it is not shipped): this copies the figures the page shows, and how
they were measured (the command; the matches, deals a match and the seats' level read from it).
``tests/site/test_sources_pages.py`` checks that the copy equals the benchmark's file. Run it after
re-running the benchmark: ``python scripts/variant_figures.py``.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "results" / "variants.json"
CONTENT = ROOT / "content" / "sources" / "tien-gow.measured.json"
FIELDS = ("deals", "banker_keeps", "mean_abs_net", "net_spread", "early_death", "mixed_deals")
# the benchmark's command line ends its description: its arguments say how it measured
ARGUMENTS = re.compile(r"\((python bench/variants\.py [^)]*)\)\s*$")


def figures(bench: dict[str, object]) -> dict[str, object]:
    """The content's figures of the benchmark's results ``bench``."""
    match = ARGUMENTS.search(str(bench["command"]))
    if match is None:
        raise ValueError(f"no command line in {bench['command']!r}")
    command = match.group(1)
    args = dict(re.findall(r"--([a-z-]+) (\S+)", command))
    rows = bench["rows"]
    assert isinstance(rows, list)
    return {"command": command, "matches": int(args["matches"]), "match_deals": int(args["match"]),
            "level": args["level"],
            "rows": [{"variant": row["variant"], **{f: row[f] for f in FIELDS}} for row in rows]}


def main() -> int:
    data = figures(json.loads(BENCH.read_text(encoding="utf-8")))
    CONTENT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {CONTENT.relative_to(ROOT)}: {len(data['rows'])} rule sets")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
