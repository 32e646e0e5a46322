"""Generate a synthetic org corpus of N headings for the benchmarks.

The mix imitates real notes: datetree journals with capture stamps, GTD files with planning
lines, CLOCK and LOGBOOK entries, repeaters, tags, property drawers, and plain body text. The
generator is deterministic for a given seed so that runs compare like with like.

usage: python bench/gen_corpus.py OUTDIR HEADINGS [--files N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, timedelta
from pathlib import Path

WORDS = [
    "review",
    "draft",
    "notes",
    "meeting",
    "call",
    "garden",
    "frame",
    "oak",
    "plane",
    "sanding",
    "course",
    "pottery",
    "glaze",
    "kiln",
    "trip",
    "flights",
    "passport",
    "hotel",
    "invoice",
    "budget",
    "report",
    "release",
    "deploy",
    "bug",
    "fix",
    "test",
    "refactor",
    "parser",
    "store",
    "query",
    "index",
    "backup",
    "server",
    "laptop",
    "bike",
    "repair",
    "groceries",
    "dentist",
    "library",
    "book",
    "chapter",
    "essay",
    "letter",
    "family",
    "dinner",
    "walk",
    "run",
    "swim",
    "yoga",
]
TAGS = ("work", "home", "health", "reading", "woodworking", "travel", "admin", "pottery")


def _stamp(d: datetime, *, active: bool, with_time: bool) -> str:
    text = d.strftime("%Y-%m-%d %a") + (d.strftime(" %H:%M") if with_time else "")
    return f"<{text}>" if active else f"[{text}]"


def _sentence(rng: random.Random, n: int = 12) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _task(rng: random.Random, when: datetime, level: int) -> list[str]:
    state = rng.choice(("TODO", "NEXT", "DONE", "DONE", "WAITING"))
    tags = ":".join(rng.sample(TAGS, rng.randint(0, 2)))
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
    head = f"{'*' * level} {state} {title}" + (f" :{tags}:" if tags else "")
    lines = [head]
    planning = []
    if state == "DONE":
        planning.append(f"CLOSED: {_stamp(when, active=False, with_time=True)}")
    if rng.random() < 0.5:
        rep = rng.choice(("", "", " +1w", " .+1d", " ++1m"))
        planning.append(f"SCHEDULED: <{when.strftime('%Y-%m-%d %a')}{rep}>")
    if rng.random() < 0.2:
        planning.append(f"DEADLINE: <{(when + timedelta(days=3)).strftime('%Y-%m-%d %a')} -2d>")
    if planning:
        lines.append(" ".join(planning))
    lines += [
        ":PROPERTIES:",
        f":CREATED: {_stamp(when - timedelta(days=2), active=False, with_time=True)}",
        ":END:",
    ]
    if rng.random() < 0.4:
        start = when - timedelta(hours=2)
        lines += [
            ":LOGBOOK:",
            f'- State "{state}"       from "TODO"       {_stamp(when, active=False, with_time=True)}',
            (
                f"CLOCK: {_stamp(start, active=False, with_time=True)}--"
                f"{_stamp(when, active=False, with_time=True)} =>  2:00"
            ),
            ":END:",
        ]
    lines.append(_sentence(rng))
    return lines


def _journal_entry(rng: random.Random, when: datetime) -> list[str]:
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))).capitalize()
    return [
        f"**** {title}",
        _stamp(when, active=False, with_time=True),
        _sentence(rng, rng.randint(6, 30)),
        _sentence(rng, rng.randint(6, 20)),
    ]


def generate(out: Path, headings: int, files: int, seed: int = 1) -> int:
    """Write ``files`` org files holding about ``headings`` headings in total; returns the count."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    per_file = max(1, headings // files)
    written = 0
    day0 = date(2024, 1, 1)
    for n in range(files):
        budget = per_file if n < files - 1 else headings - written
        if budget <= 0:
            break
        lines: list[str] = [
            "#+TITLE: generated notes",
            "#+TODO: TODO NEXT WAITING | DONE",
            "#+FILETAGS: :bench:",
            "",
        ]
        count = 0
        if n % 2 == 0:  # a datetree journal
            day = day0 + timedelta(days=rng.randint(0, 700))
            lines.append(f"* {day.year}")
            lines.append(f"** {day:%Y-%m} {day:%B}")
            count += 2
            while count < budget:
                lines.append(f"*** {day:%Y-%m-%d %A}")
                count += 1
                for _ in range(min(rng.randint(1, 4), budget - count)):
                    when = datetime(
                        day.year, day.month, day.day, rng.randint(6, 22), rng.randint(0, 59)
                    )
                    lines += _journal_entry(rng, when)
                    count += 1
                day += timedelta(days=1)
        else:  # a GTD file
            project = 0
            while count < budget:
                project += 1
                lines.append(f"* Project {project} :{rng.choice(TAGS)}:")
                count += 1
                for _ in range(min(rng.randint(2, 8), budget - count)):
                    when = datetime.combine(
                        day0 + timedelta(days=rng.randint(0, 700)), datetime.min.time()
                    )
                    when = when.replace(hour=rng.randint(7, 20), minute=rng.randint(0, 59))
                    lines += _task(rng, when, 2)
                    count += 1
        (out / f"notes-{n:05d}.org").write_text("\n".join(lines) + "\n", encoding="utf-8")
        written += count
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("headings", type=int)
    parser.add_argument("--files", type=int, default=0, help="default: one file per 1000 headings")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    files = args.files or max(1, args.headings // 1000)
    print(generate(args.outdir, args.headings, files, args.seed))


if __name__ == "__main__":
    main()
