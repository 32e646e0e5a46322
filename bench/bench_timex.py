"""The time-expression engine against the timex corpus, our own unseen set, and the clock.

Prints, side by side in one run:

1. the corpus figures of ``score.py phrases`` and ``score.py find`` (the scorer the corpus
   ships, run against this checkout's ``prme``) on the development part and the held-out part
   of ``recognizers_en.json``. The split is by a stable hash of each sentence (sha256 of the
   text, first 8 hex digits mod 100: below 70 is development), so it never changes and
   nobody tuning on the development part reads the held-out misses;
2. the figures of our own sets in ``tests/fixtures/timex/`` (``own_unseen.json``, and
   ``own_everyday.json`` in other people's styles — emails, chat, journal, meeting notes, US/UK
   forms; each written by hand before the engine ran on it): expressions read and agreeing,
   refusals, and the spans of its find sentences;
3. time per expression (every corpus phrase through :func:`resolve`), time per
   1,000-character note through :func:`find` (the corpus's sentences run together, dense
   in time, and the shared corpora's real org notes), and what importing the engine and resolving a
   first expression adds to a fresh ``prme since today`` process — as CPU time
   (``time.process_time``: on a shared machine, wall time measures the neighbours), side by
   side with another checkout when ``--baseline PATH`` names one, in alternating
   processes.

Each corpus part also prints its differences sorted by ``bench/timex_classes.py``: those a
README convention explains ("differences by convention") and the rest ("errors").

usage: python bench/bench_timex.py [--split dev|held|both|whole] [--quick] [--verbose] [--probes]
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import hashlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS_DIR = Path("/work/shared/corpora/timex")
CORPUS = CORPUS_DIR / "recognizers_en.json"
SCORE = CORPUS_DIR / "score.py"
OWN_SETS = (
    REPO / "tests" / "fixtures" / "timex" / "own_unseen.json",
    REPO / "tests" / "fixtures" / "timex" / "own_everyday.json",
    REPO / "tests" / "fixtures" / "timex" / "own_round4.json",
    REPO / "tests" / "fixtures" / "timex" / "own_round5.json",
    REPO / "tests" / "fixtures" / "timex" / "own_round6_probe.json",
    REPO / "tests" / "fixtures" / "timex" / "own_round7.json",
    REPO / "tests" / "fixtures" / "timex" / "own_round7b.json",
    REPO / "tests" / "fixtures" / "timex" / "own_find.json",
    REPO / "tests" / "fixtures" / "timex" / "own_find_round2.json",
)


def part_of(sentence: str) -> str:
    """``dev`` or ``held``: a stable 70/30 split by the hash of the sentence."""
    bucket = int(hashlib.sha256(sentence.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "dev" if bucket < 70 else "held"


def split_corpus(out_dir: Path) -> dict[str, Path]:
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    paths = {}
    for name in ("dev", "held"):
        cases = [c for c in data["cases"] if part_of(c["input"]) == name]
        path = out_dir / f"recognizers_en.{name}.json"
        path.write_text(
            json.dumps({"source": data.get("source"), "cases": cases}), encoding="utf-8"
        )
        paths[name] = path
    return paths


def prme_executable() -> str:
    candidate = Path(sys.executable).with_name("prme")
    return str(candidate) if candidate.exists() else "prme"


def run_score(mode: str, corpus: Path, verbose: bool) -> str:
    cmd = [sys.executable, str(SCORE), mode, str(corpus), prme_executable()]
    if verbose:
        cmd.append("--verbose")
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return out.stdout.strip()


# ------------------------------------------------------------- conventions versus errors


def _scorer() -> Any:
    """The corpus's own ``score.py`` as a module: its pick and agreement rules, not a copy."""
    spec = importlib.util.spec_from_file_location("timex_score", SCORE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def differences(corpus: Path, verbose: bool, breakdown: bool = True) -> list[str]:
    """Every phrase the scorer does not count as a past-leaning agreement, sorted into the
    README's conventions (``bench/timex_classes.py``) or ``other`` (an error: a missing rule or
    a wrong value). Read in process with the same reference time and zone as the scorer."""
    sys.path.insert(0, str(REPO / "bench"))
    from timex_classes import CLASSES, classify

    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, parse_now, resolve, zone

    score = _scorer()
    tz = zone("UTC")
    tally: collections.Counter[str] = collections.Counter()
    listed: list[str] = []
    cases = json.loads(corpus.read_text(encoding="utf-8"))["cases"]
    total = 0
    for case in cases:
        ref = case["ref"]
        now = parse_now(ref, tz)
        for span in case["spans"]:
            if span["type"] == "duration":
                continue
            total += 1
            gs = ge = None
            with contextlib.suppress(TimeExpressionError):
                window = resolve(span["text"], now, tz)
                gs = None if window.open_start else _iso(window.start)[:19]
                ge = None if window.open_end else _iso(window.end)[:19]
            want = score.past_pick(span["values"], ref)
            if gs and want is not None and score.agrees(span["type"], gs, ge or "", want):
                continue
            label = classify(span["type"], span["text"], gs, ge, span["values"], ref)
            tally[label] += 1
            if verbose:
                listed.append(f"  [{label}] {span['text']!r} (ref {ref}): got {gs} .. {ge}")
    # find mode: the matched spans whose value disagrees, matched as the scorer matches them
    found_tally: collections.Counter[str] = collections.Counter()
    matched = 0
    for case in cases:
        ref = case["ref"]
        now = parse_now(ref, tz)
        text = case["input"].replace("\n", " ")
        got = find(text, now, tz)
        used: set[int] = set()
        for span in case["spans"]:
            lo, hi = span["offset"], span["offset"] + span["length"]
            hit = next(
                (
                    k
                    for k, f in enumerate(got)
                    if k not in used and f.offset < hi and lo < f.offset + f.length
                ),
                None,
            )
            if hit is None:
                continue
            used.add(hit)
            if span["type"] == "duration":
                continue
            matched += 1
            f = got[hit]
            gs = _iso(f.start)[:19] if f.start is not None else ""
            ge = _iso(f.end)[:19] if f.end is not None else ""
            if any(
                v.get("start") and score.agrees(span["type"], gs, ge, v) for v in span["values"]
            ):
                continue
            label = classify(
                span["type"], span["text"], gs or None, ge or None, span["values"], ref, f.text
            )
            found_tally[label] += 1
            if verbose:
                listed.append(f"  find [{label}] {span['text']!r} (ref {ref}): got {gs} .. {ge}")
    lines = []
    for what, counts, of in (("phrases", tally, total), ("find values", found_tally, matched)):
        errors = counts.get("other", 0)
        convention = sum(counts.values()) - errors
        lines.append(f"{what}: differences by convention: {convention}; errors: {errors} (of {of})")
        if breakdown:
            lines.append(
                "  " + ", ".join(f"{name} {counts[name]}" for name in CLASSES if counts.get(name))
            )
    return lines + sorted(listed)


# ------------------------------------------------------------------------- our own unseen set


def _iso(value: datetime) -> str:
    return value.replace(tzinfo=None).isoformat()


def _value_agrees(found: object, value: object) -> bool:
    """A find value: a start prefix (str), a duration in seconds (number) or the window's
    ``{"start", "end"}`` prefixes (an open side is ``null``)."""
    start = getattr(found, "start", None)
    end = getattr(found, "end", None)
    seconds = getattr(found, "seconds", None)
    if isinstance(value, str):
        return start is not None and _iso(start).startswith(value)
    if isinstance(value, dict):
        ok = True
        for key, got in (("start", start), ("end", end)):
            if key in value:
                want = value[key]
                ok &= (
                    (got is None)
                    if want is None
                    else (got is not None and _iso(got).startswith(want))
                )
        return ok
    return seconds is not None and float(seconds) == value


def overlapping(got: list[Any], used: set[int], sentence: str, text: str) -> int | None:
    """The first find of ``got`` not yet ``used`` that overlaps ``text`` in ``sentence``."""
    lo = sentence.index(text)
    hi = lo + len(text)
    return next(
        (
            k
            for k, f in enumerate(got)
            if k not in used and f.offset < hi and lo < f.offset + f.length
        ),
        None,
    )


def score_own(path: Path, verbose: bool) -> list[str]:
    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, parse_now, resolve, zone

    data = json.loads(path.read_text(encoding="utf-8"))
    tz = zone(data["tz"])
    now = parse_now(data["now"], tz)
    read = agree = total = refused_ok = refusals = 0
    misses: list[str] = []
    for case in data["expressions"]:
        text = case["text"]
        if "error" in case:
            refusals += 1
            try:
                window = resolve(text, now, tz)
            except TimeExpressionError as exc:
                refused_ok += case["error"] in str(exc)
                if case["error"] not in str(exc):
                    misses.append(f"refused without {case['error']!r}: {text!r}: {exc}")
                continue
            misses.append(f"read a refusal case {text!r}: {_iso(window.start)}")
            continue
        total += 1
        try:
            window = resolve(text, now, tz)
        except TimeExpressionError as exc:
            misses.append(f"unread  {text!r}: {exc}")
            continue
        read += 1
        ok = True
        start = None if window.open_start else _iso(window.start)[:19]
        end = None if window.open_end else _iso(window.end)[:19]
        if "start" in case:
            ok &= start is not None and start.startswith(case["start"])
        if "end" in case:
            ok &= end is not None and end.startswith(case["end"])
        if "contains" in case:
            instant = parse_now(case["contains"], tz)
            ok &= window.start <= instant < window.end
        if "approximate" in case:
            ok &= window.approximate == case["approximate"]
        agree += ok
        if not ok:
            misses.append(
                f"differs {text!r}: got {start} .. {end} approx={window.approximate}; want {case}"
            )
    found_ok = found_total = extra = value_ok = 0
    for case in data["find"]:
        got = find(case["text"], now, tz)
        wanted = case["found"]
        found_total += len(wanted)
        used: set[int] = set()
        for text, value in wanted:
            hit = overlapping(got, used, case["text"], text)
            if hit is None:
                misses.append(f"missed  {text!r} in {case['text']!r}")
                continue
            used.add(hit)
            found_ok += 1
            f = got[hit]
            good = _value_agrees(f, value)
            value_ok += good
            if not good:
                misses.append(f"value   {text!r} in {case['text']!r}: got {f.start} {f.seconds}")
        for k, f in enumerate(got):
            if k not in used:
                extra += 1
                misses.append(f"extra   {f.text!r} in {case['text']!r}")
    negatives = sum(1 for case in data["find"] if not case["found"])
    lines = [
        (
            f"expressions: read {read}/{total} ({read / total:.1%}); agree "
            f"{agree}/{total} ({agree / total:.1%}); refusals right {refused_ok}/{refusals}"
        )
        if total
        else "expressions: none (a find-only set)",
        (
            f"find: found {found_ok}/{found_total}; values agree "
            f"{value_ok}/{found_ok}; false finds {extra} ({negatives} sentences with none)"
        ),
    ]
    if verbose:
        lines += misses
    return lines


# ---------------------------------------------------------------------------------- speed


#: org lines that are structure, not prose: keywords, drawers, planning and clock lines
_ORG_STRUCTURE = ("#+", ":", "CLOCK", "SCHEDULED", "DEADLINE", "CLOSED")


def speed(quick: bool) -> list[str]:
    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import find, parse_now, resolve, zone

    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    tz = zone("UTC")
    phrases = [(s["text"], c["ref"]) for c in data["cases"] for s in c["spans"]]
    nows = {ref: parse_now(ref, tz) for _, ref in phrases}
    rounds = 2 if quick else 5

    def one_pass() -> float:
        start = time.process_time()
        for text, ref in phrases:
            with contextlib.suppress(TimeExpressionError):  # refusing costs time too
                resolve(text, nows[ref], tz)
        return (time.process_time() - start) / len(phrases)

    per_expression = min(one_pass() for _ in range(rounds))
    text = " ".join(c["input"].replace("\n", " ") for c in data["cases"])
    notes = [text[i : i + 1000] for i in range(0, len(text) - 1000, 1000)]
    now = parse_now("2026-06-17T09:40", tz)

    def note_pass() -> float:
        start = time.process_time()
        for note in notes:
            find(note, now, tz)
        return (time.process_time() - start) / len(notes)

    per_note = min(note_pass() for _ in range(rounds))
    # the same on real notes: the org files of the shared corpora, their text lines only
    # (drawers, keywords and planning lines are org structure, not read by the finder), cut
    # into 1,000-character notes — far sparser in time than the corpus's sentences
    org_text = " ".join(
        line
        for path in sorted(CORPUS_DIR.parent.glob("**/*.org"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
        if line.strip() and not line.lstrip().startswith(_ORG_STRUCTURE)
    )
    org_notes = [org_text[i : i + 1000] for i in range(0, min(len(org_text) - 1000, 300_000), 1000)]

    def org_pass() -> float:
        start = time.process_time()
        for note in org_notes:
            find(note, now, tz)
        return (time.process_time() - start) / max(len(org_notes), 1)

    per_org_note = min(org_pass() for _ in range(max(rounds - 2, 1)))
    # what the engine adds to a fresh `prme since today`: the command line's modules are
    # imported first (they are paid for anyway), then the engine and one resolve are timed
    probe = (
        "import prme_cli.cli.app, time; t = time.process_time(); "
        "from prme_cli.timeexpr import since_window, zone; "
        "from datetime import datetime, timezone; "
        "since_window('today', datetime(2026, 6, 17, 9, 40, tzinfo=timezone.utc), zone('UTC')); "
        "print(time.process_time() - t)"
    )
    baseline = (
        "import time; t = time.process_time(); import prme_cli.cli.app; "
        "print(time.process_time() - t)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # `python -c` puts its working directory first on the path: run it in the checkout this
    # process imports, or a run from another checkout's root would time that one instead
    import prme_cli

    here = str(Path(prme_cli.__file__).resolve().parents[1])
    subprocess.run(
        [sys.executable, "-c", probe], check=False, capture_output=True, env=env, cwd=here
    )
    engine, cli = [], []
    for _ in range(3 if quick else 10):  # interleaved, best kept
        cli.append(
            float(
                subprocess.run(
                    [sys.executable, "-c", baseline],
                    check=False,
                    capture_output=True,
                    text=True,
                    env=env,
                    cwd=here,
                ).stdout
            )
        )
        engine.append(
            float(
                subprocess.run(
                    [sys.executable, "-c", probe],
                    check=False,
                    capture_output=True,
                    text=True,
                    env=env,
                    cwd=here,
                ).stdout
            )
        )
    return [
        f"time per expression: {per_expression * 1000:.3f} ms ({len(phrases)} corpus phrases, best of {rounds})",
        f"time per 1,000-character note (find): {per_note * 1000:.2f} ms ({len(notes)} notes)",
        (
            f"time per 1,000-character real org note (find): {per_org_note * 1000:.2f} ms "
            f"({len(org_notes)} notes of the shared org corpora)"
        ),
        (
            f"engine import + first resolve added to a fresh CLI process: best {min(engine) * 1000:.1f} ms, "
            f"median {statistics.median(engine) * 1000:.1f} ms (CLI module import alone: best "
            f"{min(cli) * 1000:.1f} ms)"
        ),
    ]


def speed_json(quick: bool) -> dict[str, float]:
    """The three speed figures of the checkout this process imports, as numbers."""
    lines = speed(quick)
    numbers = [
        float(next(w for w in line.split(": ", 1)[1].split() if w[:1].isdigit())) for line in lines
    ]
    return {
        "expression": numbers[0],
        "note": numbers[1],
        "org_note": numbers[2],
        "import": numbers[3],
    }


def speed_side_by_side(baseline: Path, quick: bool) -> list[str]:
    """This checkout's speed against ``baseline``'s (another checkout, e.g. ``main``), each
    measured in its own process, alternating, best of each kept: the machine's noise falls
    on both alike."""
    mine: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for _ in range(2 if quick else 3):
        for tree, into in ((REPO, mine), (baseline, theirs)):
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPATH"] = str(tree)
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--speed-json"]
                + (["--quick"] if quick else []),
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            into.append(json.loads(out.stdout.strip().splitlines()[-1]))
    lines = []
    for key, label, unit in (
        ("expression", "time per expression", "ms"),
        ("note", "time per 1,000-character note (find)", "ms"),
        ("org_note", "time per 1,000-character real org note (find)", "ms"),
        ("import", "engine import + first resolve added to `prme since today`", "ms"),
    ):
        a = min(m[key] for m in mine)
        b = min(t[key] for t in theirs)
        lines.append(
            f"{label}: this checkout {a:.3f} {unit}, baseline {b:.3f} {unit} (ratio {a / b:.2f})"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--split",
        choices=("dev", "held", "both", "whole", "all"),
        default="all",
        help="both = dev and held; all = dev, held and the whole corpus",
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another checkout (e.g. a worktree of main) to time side by side",
    )
    parser.add_argument("--speed-json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--verbose", action="store_true", help="list misses (never for held)")
    parser.add_argument(
        "--probes",
        action="store_true",
        help="only the hand-written probe set (bench/timex_probes.py), then stop",
    )
    args = parser.parse_args(argv)
    if args.speed_json:
        print(json.dumps(speed_json(args.quick)))
        return 0
    if args.probes:
        import timex_probes

        counts, misses = timex_probes.score()
        print("\n".join(timex_probes.report(counts) + (misses if args.verbose else [])))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        paths = split_corpus(Path(tmp))
        names = {
            "both": ("dev", "held"),
            "all": ("dev", "held", "whole"),
        }.get(args.split, (args.split,))
        paths["whole"] = CORPUS
        for name in names:
            label = {
                "dev": "development part (70%)",
                "held": "held-out part (30%)",
                "whole": "whole corpus (dev + held)",
            }[name]
            print(f"== corpus {label}: {paths[name].name}")
            verbose = args.verbose and name == "dev"  # held-out misses are never listed
            print(run_score("phrases", paths[name], verbose))
            print(run_score("find", paths[name], verbose))
            # the held-out part shows its totals only: which conventions it meets is not read
            for line in differences(paths[name], verbose, breakdown=name != "held"):
                print(line)
    for own in OWN_SETS:
        print("== own set:", own.relative_to(REPO))
        for line in score_own(own, args.verbose):
            print(line)
    print("== speed")
    if args.baseline is not None and (args.baseline / "prme_cli").is_dir():
        for line in speed_side_by_side(args.baseline, args.quick):
            print(line)
    else:
        for line in speed(args.quick):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
