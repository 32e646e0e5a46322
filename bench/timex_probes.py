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

``--set probes2`` scores the second probe set instead (``tests/fixtures/timex_probes2/``;
``--set probes3`` the third, in the same format, ``tests/fixtures/timex_probes3/``):
sentences as people write them, each with the spans ``find`` must report and their values,
and sentences where nothing may be found. It prints, per category and in total, the spans read
alone (``prme when`` of the span: read, start, interval, contains) and find's recall, precision,
values and false finds in the negative sentences. ``--check`` verifies the set's own values
with python-dateutil (no engine runs).

``--set probes4`` scores the fourth set (``tests/fixtures/timex_probes4/``) the same way, at
its own reference time and zone.

usage: python bench/timex_probes.py [--set probes|probes2|probes3|probes4] [--check] [--verbose]
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


PROBES2 = REPO / "tests" / "fixtures" / "timex_probes2" / "probes.txt"
PROBES2_NOW = "2027-03-11T14:20"
PROBES2_TZ = "Europe/Berlin"
# The fourth set, written unseen like the second and scored by the same parser and scorer.
PROBES4 = REPO / "tests" / "fixtures" / "timex_probes4" / "probes.txt"
PROBES4_NOW = "2027-10-24T16:40"
PROBES4_TZ = "America/Chicago"
SETS = {
    "probes2": (PROBES2, PROBES2_NOW, PROBES2_TZ),
    "probes3": (
        REPO / "tests" / "fixtures" / "timex_probes3" / "probes.txt",
        "2027-09-22T16:05",
        "America/New_York",
    ),
    "probes4": (PROBES4, PROBES4_NOW, PROBES4_TZ),
}


def load2(path: Path = PROBES2) -> list[dict[str, Any]]:
    """The second set's sentences: ``text``, ``category`` and ``spans``; each span a dict of
    ``text``, ``value`` (an ISO start, ``~ISO``, ``Ns``, ``?`` or ``-``), ``end``, ``ctx``
    and ``check`` (a dateutil expression of the start)."""
    cases: list[dict[str, Any]] = []
    category = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            category = line[3:].strip()
        elif line.startswith("= "):
            fields = [f.strip() for f in line[2:].split("|")]
            span: dict[str, Any] = {"text": fields[0], "value": fields[1], "end": ""}
            span["ctx"] = "ctx" in fields[2:]
            span["check"] = next((f[1:] for f in fields[2:] if f.startswith("@")), "")
            if len(fields) > 2 and fields[2] != "ctx" and not fields[2].startswith("@"):
                span["end"] = fields[2]
            cases[-1]["spans"].append(span)
        elif line.strip() and not line.startswith("#"):
            cases.append({"text": line.strip(), "category": category, "spans": []})
    return cases


def _iso(value: str) -> str:
    """A value of the set as a full local ISO timestamp (a date is its midnight)."""
    return value + "T00:00:00" if "T" not in value else value + ":00" * (2 - value.count(":"))


def check2(path: Path = PROBES2, reference: str = PROBES2_NOW) -> list[str]:
    """The set's own consistency, by python-dateutil: every ``@`` expression gives the span's
    start, every span occurs in its sentence, every end follows its start."""
    from datetime import datetime as dt
    from datetime import time as clock

    from dateutil.easter import easter
    from dateutil.relativedelta import FR, MO, SA, SU, TH, TU, WE, relativedelta

    now = datetime.fromisoformat(reference)
    names = {
        "N": now,
        "D": now.replace(hour=0, minute=0),
        "rd": relativedelta,
        "dt": dt,
        "easter": easter,
        "E": lambda year: dt.combine(easter(year), clock()),
        **{d.__repr__(): d for d in (MO, TU, WE, TH, FR, SA, SU)},
    }
    names.update({"MO": MO, "TU": TU, "WE": WE, "TH": TH, "FR": FR, "SA": SA, "SU": SU})
    problems: list[str] = []
    for case in load2(path):
        for span in case["spans"]:
            if span["text"] not in case["text"]:
                problems.append(f"span {span['text']!r} not in {case['text']!r}")
            value = span["value"]
            exact = value[:1].isdigit() and not value.endswith("s")
            if span["check"]:
                got = eval(span["check"], names)  # our own fixture's dateutil arithmetic
                if not exact or got.isoformat() != _iso(value):
                    problems.append(f"check {span['text']!r}: {got.isoformat()} vs {value}")
            if exact and span["end"] not in ("", "-") and _iso(span["end"]) <= _iso(value):
                problems.append(f"end before start {span['text']!r}")
    return problems


def score2(
    path: Path = PROBES2, reference: str = PROBES2_NOW, tz_name: str = PROBES2_TZ
) -> tuple[dict[str, collections.Counter[str]], list[str]]:
    """Counts per category (key ``total`` for all) and the differences, for the second set."""
    from bench_timex import overlapping

    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, parse_now, resolve, zone

    tz = zone(tz_name)
    now = parse_now(reference, tz)
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    misses: list[str] = []

    def add(category: str, key: str, value: int = 1) -> None:
        counts[category][key] += value
        counts["total"][key] += value

    def agrees(
        span: dict[str, Any], start: datetime | None, end: datetime | None, seconds: float | None
    ) -> tuple[bool, bool]:
        """(start agrees, end agrees too) for one reading of a span."""
        value = span["value"]
        if value == "?":
            return True, True
        if value.endswith("s") and value[:-1].isdigit():
            return seconds is not None and float(seconds) == float(value[:-1]), True
        if value.startswith("~"):
            instant = datetime.fromisoformat(_iso(value[1:]))
            inside = (start is None or _local(start) <= instant.isoformat()) and (
                end is None or instant.isoformat() < _local(end)
            )
            return inside, inside
        ok = start is None if value == "-" else start is not None and _local(start) == _iso(value)
        if not span["end"]:
            return ok, ok
        want_end = span["end"]
        both = ok and (
            end is None if want_end == "-" else end is not None and _local(end) == _iso(want_end)
        )
        return ok, both

    for case in load2(path):
        category, text = case["category"], case["text"]
        add(category, "sentences")
        got = find(text, now, tz)
        add(category, "finds", len(got))
        used: set[int] = set()
        for span in case["spans"]:
            add(category, "spans")
            hit = overlapping(got, used, text, span["text"])
            if hit is None:
                misses.append(f"missed  {span['text']!r} in {text!r}")
            else:
                used.add(hit)
                add(category, "found")
                f = got[hit]
                fs = None if f.start is None or f.start.year == 1 else f.start
                fe = None if f.end is None or f.end.year == 9999 else f.end
                good, _ = agrees(span, fs, fe, f.seconds)
                add(category, "values", good)
                if not good:
                    misses.append(
                        f"value   {span['text']!r} in {text!r}: got {f.text!r} "
                        f"{fs and _local(fs)} .. {fe and _local(fe)} {f.seconds}; "
                        f"want {span['value']} {span['end']}"
                    )
            duration = span["value"].endswith("s") and span["value"][:-1].isdigit()
            if span["ctx"] or duration:
                continue
            add(category, "alone")
            try:
                window = resolve(span["text"], now, tz)
            except TimeExpressionError as exc:
                misses.append(f"unread  {span['text']!r}: {exc}")
                continue
            add(category, "read")
            ws = None if window.open_start else window.start
            we = None if window.open_end else window.end
            ok, both = agrees(span, ws, we, None)
            if span["value"] != "?":
                add(category, "with start")
                add(category, "start", ok)
                if span["end"] or span["value"].startswith("~"):
                    add(category, "with interval")
                    add(category, "interval", both)
            if not (ok and both):
                misses.append(
                    f"differs {span['text']!r} alone: got {ws and _local(ws)} .. "
                    f"{we and _local(we)} {window.grain}; want {span['value']} {span['end']}"
                )
        extra = [k for k in range(len(got)) if k not in used]
        if not case["spans"]:
            add(category, "negative sentences")
            add(category, "false finds", len(extra))
        for k in extra:
            misses.append(f"extra   {got[k].text!r} in {text!r}")
    return counts, misses


def report2(counts: dict[str, collections.Counter[str]]) -> list[str]:
    """The second set's figure lines: the total first, then one per category."""
    lines = []
    for category in ["total", *sorted(k for k in counts if k != "total")]:
        c = counts[category]
        parts = [f"sentences {c['sentences']}"]
        if c["alone"]:
            parts += [
                f"alone: read {_ratio(c['read'], c['alone'])}",
                f"start {_ratio(c['start'], c['with start'])}",
                f"interval {_ratio(c['interval'], c['with interval'])}",
            ]
        if c["spans"]:
            parts += [
                f"find: recall {_ratio(c['found'], c['spans'])}",
                f"precision {_ratio(c['found'], c['finds'])}",
                f"values {_ratio(c['values'], c['found'])}",
            ]
        if c["negative sentences"]:
            parts.append(
                f"false finds {c['false finds']} in {c['negative sentences']} negative sentences"
            )
        lines.append(f"{category}: " + "; ".join(parts))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="list the differences")
    parser.add_argument("--set", choices=("probes", *SETS), default="probes")
    parser.add_argument("--check", action="store_true", help="check the set's own values")
    args = parser.parse_args(argv)
    if args.check:
        name = "probes2" if args.set == "probes" else args.set
        path, reference, _ = SETS[name]
        problems = check2(path, reference)
        print("\n".join(problems) or f"{name}: {len(load2(path))} sentences, values consistent")
        return 1 if problems else 0
    if args.set in SETS:
        counts, misses = score2(*SETS[args.set])
        print("\n".join(report2(counts)))
        if args.verbose:
            print("\n".join(misses))
        return 0
    counts, misses = score()
    print("\n".join(report(counts)))
    if args.verbose:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
