"""The probe set of time expressions written by hand before the engine ran on it.

``tests/fixtures/timex_probes/probes.jsonl`` holds phrases people write, by SPEC §4.2 category
and in several surface variants each, with the window a journal keeper means at a fixed
reference time (``reference.json``), and a few sentences for find mode (durations, anchors,
look-alikes). This script prints, per category and in total:

- read: phrases that resolve at all (of those that are not refusal cases);
- start: the start agrees exactly (of the phrases that give one);
- interval: start and end both agree (of the phrases that give both);
- grain, approximate, kind, contains: agreement where the probe gives them;
- refusals right, and for the sentences: spans found, values agreeing, false finds.

It is the generalization check beside the corpus's held split: nobody tuned on it before its
first run, recorded in the fixture's README. ``--verbose`` lists the differences (the set is
ours, so reading them is allowed; the corpus's held misses are never listed).

usage: python bench/timex_probes.py [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PROBES = REPO / "tests" / "fixtures" / "timex_probes" / "probes.jsonl"
REFERENCE = REPO / "tests" / "fixtures" / "timex_probes" / "reference.json"


def _local(value: datetime) -> str:
    return value.replace(tzinfo=None).isoformat()


def load() -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The reference time and zone, and the probe cases in file order."""
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    lines = PROBES.read_text(encoding="utf-8").splitlines()
    return reference, [json.loads(line) for line in lines if line.strip()]


def score(verbose: bool = False) -> tuple[dict[str, collections.Counter[str]], list[str]]:
    """Counts per category (key ``total`` for all) and the list of differences."""
    from bench_timex import overlapping

    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, parse_now, resolve, zone

    reference, cases = load()
    tz = zone(reference["tz"])
    now = parse_now(reference["now"], tz)
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    misses: list[str] = []

    def add(category: str, key: str, value: int = 1) -> None:
        counts[category][key] += value
        counts["total"][key] += value

    for case in cases:
        category = case["category"]
        if "find" in case:
            got = find(case["find"], now, tz)
            used: set[int] = set()
            add(category, "sentences")
            for text, value in case["found"]:
                add(category, "spans")
                hit = overlapping(got, used, case["find"], text)
                if hit is None:
                    misses.append(f"missed  {text!r} in {case['find']!r}")
                    continue
                used.add(hit)
                add(category, "found")
                f = got[hit]
                if value is None:
                    good = True
                elif isinstance(value, str):
                    good = f.start is not None and _local(f.start).startswith(value)
                elif isinstance(value, dict):
                    good = f.start is not None and _local(f.start).startswith(value["start"])
                else:
                    good = f.seconds is not None and float(f.seconds) == value
                add(category, "values", good)
                if not good:
                    misses.append(
                        f"value   {text!r} in {case['find']!r}: got {f.start} {f.seconds}"
                    )
            for k, f in enumerate(got):
                if k not in used:
                    add(category, "false finds")
                    misses.append(f"extra   {f.text!r} in {case['find']!r}")
            continue
        text = case["text"]
        if case.get("error"):
            add(category, "refusals")
            try:
                window = resolve(text, now, tz)
            except TimeExpressionError:
                add(category, "refused right")
                continue
            misses.append(f"read a refusal {text!r}: {_local(window.start)}")
            continue
        add(category, "phrases")
        try:
            window = resolve(text, now, tz)
        except TimeExpressionError as exc:
            misses.append(f"unread  {text!r}: {exc}")
            continue
        add(category, "read")
        start = None if window.open_start else _local(window.start)
        end = None if window.open_end else _local(window.end)
        why: list[str] = []
        if "start" in case:
            add(category, "with start")
            ok = start == case["start"]
            add(category, "start", ok)
            if not ok:
                why.append("start")
            if "end" in case:
                add(category, "with interval")
                both = ok and end == case["end"]
                add(category, "interval", both)
                if ok and not both:
                    why.append("end")
        for key, got_value in (
            ("grain", window.grain),
            ("approximate", window.approximate),
            ("kind", window.kind),
        ):
            if key in case:
                add(category, f"with {key}")
                add(category, key, got_value == case[key])
                if got_value != case[key]:
                    why.append(key)
        if "contains" in case:
            add(category, "with contains")
            instant = parse_now(case["contains"], tz)
            inside = window.start <= instant < window.end
            add(category, "contains", inside)
            if not inside:
                why.append("contains")
        if why:
            misses.append(
                f"differs {text!r} ({', '.join(why)}): got {start} .. {end} "
                f"{window.grain} approx={window.approximate} kind={window.kind}; want "
                + json.dumps({k: v for k, v in case.items() if k not in ("text", "category")})
            )
    return counts, misses


def _ratio(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.1%})" if whole else "-"


def report(counts: dict[str, collections.Counter[str]]) -> list[str]:
    """The figure lines: the total first, then one line per category."""
    lines = []
    for category in ["total", *sorted(k for k in counts if k != "total")]:
        c = counts[category]
        parts = []
        if c["phrases"]:
            parts += [
                f"read {_ratio(c['read'], c['phrases'])}",
                f"start {_ratio(c['start'], c['with start'])}",
                f"interval {_ratio(c['interval'], c['with interval'])}",
            ]
            for key in ("grain", "approximate", "kind", "contains"):
                if c[f"with {key}"]:
                    parts.append(f"{key} {_ratio(c[key], c[f'with {key}'])}")
        if c["refusals"]:
            parts.append(f"refusals right {_ratio(c['refused right'], c['refusals'])}")
        if c["sentences"]:
            parts += [
                f"find: found {_ratio(c['found'], c['spans'])}",
                f"values {_ratio(c['values'], c['found'])}",
                f"false finds {c['false finds']}",
            ]
        lines.append(f"{category}: " + "; ".join(parts))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="list the differences")
    args = parser.parse_args(argv)
    counts, misses = score()
    print("\n".join(report(counts)))
    if args.verbose:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
