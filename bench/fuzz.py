"""Hostile inputs for ``bench/torture.py``: org snippets, time expressions, command lines.

Each generator is a pure function of a seeded ``random.Random``, so a failing input is
reproduced from the seed and its index alone. The inputs mix what people really type with
what they should not: truncated and malformed org, numbers that overflow, nesting that
recurses, control characters, huge repeats, options in the wrong place, empty strings.

The loops run each input through the real code and count what must never happen:

- the org reader (``parse_org``) raising anything at all (it promises never to raise);
- the time engine (``resolve``, ``find``) raising anything but ``TimeExpressionError``;
- the command line (``prme_cli.cli.main``, in process) letting an exception escape, printing a
  traceback, or exiting with a status outside SPEC §5 (0–4; 130 is Ctrl-C only).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# -- org --------------------------------------------------------------------------------------

_WORDS = [
    "oak",
    "frame",
    "glue",
    "plane",
    "chisel",
    "meeting",
    "call",
    "review",
    "draft",
    "kiln",
    "glaze",
    "trip",
    "Priya",
    "Tom",
    "café",
    "周一",
    "naïve",
    "ünïcödé",
    "—",
    "…",
    "emoji🙂",
    "C++",
    "e-mail",
    "don't",
]
_KEYWORDS = ("TODO", "DONE", "NEXT", "WAIT", "CANCELLED", "COMMENT", "todo", "")
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "周一", "lun.", "")


def _number(rng: random.Random) -> str:
    return rng.choice(
        [
            str(rng.randint(0, 60)),
            str(rng.randint(0, 10**6)),
            "106751991167301",
            "9" * rng.randint(10, 40),
            "-1",
            "0",
            "00",
            "1e9",
        ]
    )


def _date(rng: random.Random) -> str:
    year = rng.choice(["2026", "1970", "0001", "9999", "10000", "0000", "26", "2026"])
    month = rng.choice(["01", "11", "12", "13", "00", "2", "99"])
    day = rng.choice(["01", "29", "31", "32", "00", "30", "7"])
    return f"{year}-{month}-{day}"


def org_timestamp(rng: random.Random) -> str:
    """A timestamp, valid or broken, with the forms SPEC §4.1 lists."""
    open_, close = rng.choice([("<", ">"), ("[", "]"), ("<", "]"), ("<", ""), ("[", "")])
    text = f"{_date(rng)} {rng.choice(_DAYS)}"
    if rng.random() < 0.6:
        text += f" {rng.randint(0, 30):02d}:{rng.randint(0, 70):02d}"
        if rng.random() < 0.3:
            text += f"-{rng.randint(0, 30):02d}:{rng.randint(0, 70):02d}"
    if rng.random() < 0.4:
        text += f" {rng.choice(['+', '++', '.+'])}{_number(rng)}{rng.choice('hdwmyx')}"
        if rng.random() < 0.2:
            text += f"/{_number(rng)}d"
    if rng.random() < 0.2:
        text += f" {rng.choice(['-', '--'])}{_number(rng)}{rng.choice('hdwmy')}"
    stamp = f"{open_}{text}{close}"
    if rng.random() < 0.15:
        stamp += "--" + org_timestamp(rng)
    if rng.random() < 0.05:
        stamp = f"<%%(diary-float t {rng.randint(0, 9)} {rng.randint(-3, 9)})>"
    return stamp


def _line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.15:
        return f"{rng.choice(['SCHEDULED', 'DEADLINE', 'CLOSED'])}: {org_timestamp(rng)}"
    if kind < 0.25:
        end = org_timestamp(rng)
        return f"CLOCK: {org_timestamp(rng)}--{end} => {_number(rng)}:{rng.randint(0, 99):02d}"
    if kind < 0.32:
        return rng.choice(
            [
                f'- State "DONE"       from "TODO"       {org_timestamp(rng)}',
                f"- Note taken on {org_timestamp(rng)} \\\\",
                f'- Rescheduled from "{org_timestamp(rng)}" on {org_timestamp(rng)}',
                f"- Refiled on {org_timestamp(rng)}",
                "CLOSING NOTE " + org_timestamp(rng),
            ]
        )
    if kind < 0.42:
        return rng.choice([":PROPERTIES:", ":LOGBOOK:", ":END:", ":DRAWER:", ":end:"])
    if kind < 0.48:
        key = rng.choice(["ID", "CUSTOM_ID", "CREATED", "LAST_REPEAT", "X+", "", "ID+"])
        return f":{key}: {rng.choice([org_timestamp(rng), 'same-id', _word(rng), ''])}"
    if kind < 0.55:
        return rng.choice(
            [
                "#+begin_src python",
                "#+end_src",
                "#+BEGIN: clocktable",
                "#+END:",
                "#+begin_example",
                f"#+TODO: {' '.join(rng.sample(_KEYWORDS[:6], 3))} | DONE",
                f"#+FILETAGS: :{_word(rng)}:",
                f"#+DATE: {rng.choice([org_timestamp(rng), _date(rng), 'soon'])}",
                f"#+TITLE: {_word(rng)}",
            ]
        )
    if kind < 0.6:
        return rng.choice(["", " ", "\t", "\x00", "\x0c", "\u2028", "\ufeff", "\r", "\\"])
    words = " ".join(_word(rng) for _ in range(rng.randint(0, 12)))
    if rng.random() < 0.3:
        words += " " + org_timestamp(rng)
    return words


def _word(rng: random.Random) -> str:
    return rng.choice(_WORDS)


def org_snippet(rng: random.Random) -> str:
    """A few headings and body lines; sometimes pathological (deep, long, repeated)."""
    lines: list[str] = []
    for _ in range(rng.randint(0, 14)):
        if rng.random() < 0.35:
            stars = "*" * rng.choice([1, 1, 2, 3, 4, rng.randint(1, 60)])
            parts = [stars]
            if rng.random() < 0.4:
                parts.append(rng.choice(_KEYWORDS))
            if rng.random() < 0.2:
                parts.append(f"[#{rng.choice('ABCZ1')}]")
            parts.append(" ".join(_word(rng) for _ in range(rng.randint(0, 5))))
            if rng.random() < 0.3:
                parts.append(org_timestamp(rng))
            if rng.random() < 0.3:
                parts.append(f":{_word(rng)}:{rng.choice(['ARCHIVE', 'work', '@home'])}:")
            lines.append(rng.choice([" ", "\t", "  "]).join(parts))
        else:
            lines.append(_line(rng))
    text = "\n".join(lines)
    roll = rng.random()
    if roll < 0.02:
        text += "".join("*" * d + f" deep {d}\n" for d in range(1, rng.randint(50, 400)))
    elif roll < 0.04:
        text += "* " + "x" * rng.randint(10_000, 200_000) + "\n"
    elif roll < 0.06:
        text = text.replace("\n", rng.choice(["\r\n", "\r"]))
    return text + rng.choice(["", "\n", "\n\n"])


# -- time expressions -------------------------------------------------------------------------

_TIME_WORDS = [
    "today",
    "yesterday",
    "tomorrow",
    "now",
    "noon",
    "midnight",
    "tonight",
    "morning",
    "evening",
    "week",
    "month",
    "year",
    "quarter",
    "weekend",
    "monday",
    "friday",
    "sunday",
    "march",
    "november",
    "christmas",
    "easter",
    "thanksgiving",
    "last",
    "next",
    "this",
    "past",
    "coming",
    "previous",
    "following",
    "ago",
    "from",
    "hence",
    "later",
    "before",
    "after",
    "in",
    "at",
    "on",
    "of",
    "the",
    "a",
    "an",
    "and",
    "but",
    "between",
    "until",
    "to",
    "-",
    "--",
    "/",
    ":",
    ".",
    ",",
    "start",
    "end",
    "beginning",
    "middle",
    "of",
    "rest",
    "all",
    "days",
    "weeks",
    "months",
    "hours",
    "minutes",
    "seconds",
    "years",
    "fortnight",
    "couple",
    "few",
    "half",
    "quarter",
    "ish",
    "around",
    "about",
    "sod",
    "eod",
    "eom",
    "soy",
    "eoy",
    "bom",
    "3rd",
    "20th",
    "first",
    "second",
    "third",
    "@",
]


def time_expression(rng: random.Random) -> str:
    """Word salad from the engine's own vocabulary, numbers, dates and hostile shapes."""
    roll = rng.random()
    if roll < 0.03:
        return "start of " * rng.randint(50, 3000) + "today"
    if roll < 0.05:
        return "(" * rng.randint(10, 2000) + "today" + ")" * rng.randint(0, 2000)
    if roll < 0.07:
        return f"in {'9' * rng.randint(5, 60)} {rng.choice(['days', 'years', 'seconds'])}"
    if roll < 0.09:
        return rng.choice(["@", "@-", "@9999999999999999", "@" + _number(rng), "-" + _number(rng)])
    if roll < 0.11:
        return "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(0, 30)))
    parts = []
    for _ in range(rng.randint(1, 7)):
        r = rng.random()
        if r < 0.55:
            parts.append(rng.choice(_TIME_WORDS))
        elif r < 0.75:
            parts.append(_number(rng))
        elif r < 0.85:
            parts.append(_date(rng))
        elif r < 0.92:
            parts.append(
                f"{rng.randint(0, 30)}:{rng.randint(0, 70):02d}{rng.choice(['', 'am', 'pm'])}"
            )
        else:
            parts.append(rng.choice(["+2w", "-7d", "now-3d", "today+2d", "-fri", "+1m", "-0"]))
    return " ".join(parts)


# -- command lines ----------------------------------------------------------------------------

_FORMATS = ("table", "json", "jsonl", "tsv", "org", "ids", "xml", "")
_BY = ("event", "changed", "any", "closed", "scheduled", "clock", "state", "created", "bogus")


class Places:
    """The scratch paths a fuzzed command line may name: stores good and bad, notes."""

    def __init__(self, root: Path, notes: Path, good_store: Path) -> None:
        self.root = root
        self.notes = notes
        self.good_store = good_store
        foreign = root / "foreign.sqlite3"
        if not foreign.exists():
            import sqlite3

            conn = sqlite3.connect(foreign)
            conn.execute("CREATE TABLE t (x)")
            conn.commit()
            conn.close()
        (root / "text.sqlite3").write_text("not a database\n", encoding="utf-8")
        (root / "empty.sqlite3").write_bytes(b"")
        (root / "adir.sqlite3").mkdir(exist_ok=True)
        self.stores = [
            good_store,
            good_store,
            good_store,
            root / "scratch.sqlite3",
            foreign,
            root / "text.sqlite3",
            root / "empty.sqlite3",
            root / "adir.sqlite3",
            root / "missing" / "deeper" / "none.sqlite3",
        ]

    def store(self, rng: random.Random) -> str:
        return str(rng.choice(self.stores))

    def path(self, rng: random.Random) -> str:
        return rng.choice(
            [
                str(self.notes),
                str(self.notes / "sample"),
                str(self.root / "nowhere"),
                str(self.root / "text.sqlite3"),
                "-",
                "",
                str(self.root / "backup.sqlite3"),
                str(self.root),
            ]
        )


def _value(rng: random.Random) -> str:
    return rng.choice(
        [
            time_expression(rng),
            _number(rng),
            "",
            "-",
            "--",
            "-n",
            " ",
            "\x00",
            "é" * rng.randint(1, 5),
            _word(rng),
        ]
    )


def command_line(rng: random.Random, places: Places) -> tuple[list[str], str | None]:
    """argv for ``prme`` (without the program name) and the stdin text, if any."""
    args: list[str] = []
    if rng.random() < 0.9:
        args += ["--store", places.store(rng)]
    if rng.random() < 0.7:
        args += ["--now", rng.choice(["2026-11-27T20:00", _value(rng), "2026-11-27T20:00+14:00"])]
    if rng.random() < 0.6:
        args += ["--tz", rng.choice(["UTC", "Europe/London", "America/St_Johns", _word(rng), ""])]
    if rng.random() < 0.4:
        args += ["--format", rng.choice(_FORMATS)]
    stdin: str | None = None
    command = rng.choice(
        [
            "since",
            "since",
            "range",
            "range",
            "query",
            "query",
            "when",
            "when",
            "show",
            "stats",
            "receipts",
            "doctor",
            "config",
            "forget",
            "purge",
            "ingest",
            "ingest",
            "backup",
            "relate",
            "log",
            "bogus",
            "",
        ]
    )
    if command:
        args.append(command)
    if command == "since":
        args.append(_value(rng))
    elif command == "range":
        args += [_value(rng), _value(rng)]
    elif command == "query":
        if rng.random() < 0.8:
            args.append(" ".join(_word(rng) for _ in range(rng.randint(0, 4))) or _value(rng))
        for option, value in (("--since", _value), ("--until", _value)):
            if rng.random() < 0.3:
                args += [option, value(rng)]
        if rng.random() < 0.2:
            args.append("--fts")
        if rng.random() < 0.2:
            args += ["--context", "--budget", rng.choice(["0", "50", "1500", "-3", "x"])]
    elif command == "when":
        if rng.random() < 0.15:
            args.append("-")
            stdin = "\n".join(time_expression(rng) for _ in range(rng.randint(0, 5)))
        else:
            args += [time_expression(rng) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.2:
            args.append("--dayfirst")
    elif command in ("show", "receipts"):
        if rng.random() < 0.8:
            args.append(rng.choice([_word(rng), _number(rng), "", "9bd4d05fd2c6f8fd2b65"]))
    elif command == "config":
        args.append(rng.choice(["show", "bogus", ""]))
    elif command == "forget":
        args.append(places.path(rng))
    elif command == "purge":
        if rng.random() < 0.7:
            args.append("--tombstones")
    elif command == "ingest":
        if rng.random() < 0.4:
            args.append("-")
            stdin = org_snippet(rng)
            if rng.random() < 0.5:
                args += ["--name", rng.choice(["stdin.org", "x.org", "", _word(rng)])]
        else:
            args += [places.path(rng) for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.2:
            args += ["--glob", rng.choice(["*.org", "[", "**", ""])]
        if rng.random() < 0.1:
            args += ["--exclude", rng.choice(["*", "sample", "["])]
    elif command == "backup":
        args.append(str(places.root / f"backup-{rng.randint(0, 3)}.sqlite3"))
        if rng.random() < 0.5:
            args.append("--force")
    elif command == "relate":
        args.append(
            rng.choice(
                [
                    "How long passed between finishing and hanging the frame?",
                    "How many days ago did I glaze the bowl?",
                    "Which did I do first, the kiln or the trip?",
                    " ".join(_word(rng) for _ in range(rng.randint(0, 8))),
                ]
            )
        )
        if rng.random() < 0.2:
            args += ["--budget", rng.choice(["0", "100", "-1", "x"])]
        if rng.random() < 0.1:
            args += ["--resolver", rng.choice(["symbolic", "bogus"])]
    if command in ("since", "range", "query", "log") and rng.random() < 0.7:
        for _ in range(rng.randint(1, 3)):
            option = rng.choice(
                ["--by", "--type", "--todo", "--tag", "--file", "-n", "--reverse", "--tz"]
            )
            if option == "--by":
                args += [option, rng.choice(_BY)]
            elif option == "--type":
                args += [option, rng.choice(["heading", "file", "x"])]
            elif option == "-n":
                args += [option, rng.choice(["0", "1", "3", "-1", "99999999999999999999", "x"])]
            elif option == "--reverse":
                args.append(option)
            else:
                args += [option, _value(rng)]
    if rng.random() < 0.05:
        rng.shuffle(args)
    if rng.random() < 0.03:
        args.insert(rng.randint(0, len(args)), rng.choice(["--", "-h", "--version", "--no-color"]))
    return args, stdin


# -- the loops --------------------------------------------------------------------------------


def fuzz_org(seed: int, count: int) -> tuple[int, list[str]]:
    """``parse_org`` on ``count`` snippets: (inputs, failures as 'index: error')."""
    from prme_cli.org import parse_org

    rng = random.Random(seed)
    failures: list[str] = []
    for index in range(count):
        text = org_snippet(rng)
        try:
            parse_org(text, rng.choice(["notes.org", "2026-11-29.org", "x.org_archive"]))
        except Exception as exc:  # noqa: BLE001 - counting is the point
            failures.append(f"org #{index} (seed {seed}): {type(exc).__name__}: {exc}")
    return count, failures


def fuzz_time(seed: int, count: int) -> tuple[int, list[str]]:
    """``resolve`` and ``find`` on ``count`` expressions: only TimeExpressionError may come."""
    from zoneinfo import ZoneInfo

    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, resolve

    rng = random.Random(seed)
    now = datetime(2026, 11, 29, 14, 30, tzinfo=UTC)
    zones = [ZoneInfo("UTC"), ZoneInfo("Europe/London"), ZoneInfo("Pacific/Kiritimati")]
    failures: list[str] = []
    for index in range(count):
        expression = time_expression(rng)
        tz = rng.choice(zones)
        try:
            resolve(expression, now.astimezone(tz), tz, dayfirst=rng.random() < 0.2)
        except TimeExpressionError:
            pass
        except Exception as exc:  # noqa: BLE001
            failures.append(
                f"time #{index} (seed {seed}) {expression[:80]!r}: {type(exc).__name__}"
            )
        if index % 4 == 0:
            try:
                find(f"On {expression} I met Tom, two days later we left.", now, tz)
            except Exception as exc:  # noqa: BLE001
                failures.append(
                    f"find #{index} (seed {seed}) {expression[:80]!r}: {type(exc).__name__}"
                )
    return count, failures


STATUSES = frozenset({0, 1, 2, 3, 4})


def run_cli(argv: list[str], stdin: str | None) -> tuple[int, str, str, BaseException | None]:
    """``prme_cli.cli.main`` in this process: (status, stdout, stderr, escaped exception)."""
    from prme_cli.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8", "surrogatepass")))
    escaped: BaseException | None = None
    status = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(argv)
            except SystemExit as done:
                status = (
                    done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
                )
    except BaseException as exc:  # noqa: BLE001 - an escape is what we count
        escaped = exc
        status = -1
        err.write("".join(traceback.format_exception(exc)))
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue(), escaped


def fuzz_cli(seed: int, count: int, places: Places) -> tuple[int, list[str], dict[int, int]]:
    """``count`` command lines through the error boundary: (inputs, failures, statuses).

    Runs in ``places.root``: a shuffled command line may name any word as a path."""
    os.chdir(places.root)
    rng = random.Random(seed)
    failures: list[str] = []
    statuses: dict[int, int] = {}
    env_keys = ("PRME_WEEK_START", "PRME_CONTEXT__BUDGET", "PRME_INGEST__MAX_FILE_MB")
    for index in range(count):
        argv, stdin = command_line(rng, places)
        env: dict[str, str] = {}
        if rng.random() < 0.05:
            env[rng.choice(env_keys)] = rng.choice(["x", "-1", "0", "", "sunday", "1"])
        for key, value in env.items():
            os.environ[key] = value
        try:
            status, _out, err, escaped = run_cli(argv, stdin)
        finally:
            for key in env:
                os.environ.pop(key, None)
        statuses[status] = statuses.get(status, 0) + 1
        bad = (
            escaped is not None
            or status not in STATUSES
            or "Traceback (most recent call last)" in err
        )
        if bad:
            first = err.strip().splitlines()[-1] if err.strip() else ""
            failures.append(f"cli #{index} (seed {seed}) status {status} {argv!r}: {first[:200]}")
    return count, failures, statuses


def spread(
    work: Callable[..., tuple[Any, ...]], seeds: list[int], counts: list[int], *extra: Any
) -> list[tuple[Any, ...]]:
    """Run ``work(seed, count, *extra)`` for each seed in its own process (in parallel)."""
    from concurrent.futures import ProcessPoolExecutor

    if len(seeds) == 1:
        return [work(seeds[0], counts[0], *extra)]
    with ProcessPoolExecutor(max_workers=len(seeds)) as pool:
        futures = [pool.submit(work, s, c, *extra) for s, c in zip(seeds, counts, strict=True)]
        return [f.result() for f in futures]
