"""``parse_org`` of one 3,000-heading file dated by ``#+DATE``, side by side with another
checkout (default ``/work/main``): what reading day headings ("Friday 9th" inside a week
file) costs the org reader.

usage: python bench/bench_parse.py [--against /work/main] [--rounds 5] [--headings 3000]

Two files: the GTD file of ``gen_corpus`` (seed 1: tasks with planning stamps, projects,
drawers) and a file of headings with plain four-word titles and a sentence each, both with
``#+DATE: 2026-03-02`` on top (so every heading without its own time is asked whether it names
a day), and the same file without ``#+DATE`` as the floor. Each parse runs in a new process
(caches empty, as in ``prme ingest``), timed inside it without imports; the checkouts are
interleaved round by round and the best CPU time of the rounds kept.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from _util import REPO, run_in_checkout, scratch_dir, table

_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from prme_cli.org import parse_org
text = open(sys.argv[2], encoding="utf-8").read()
c0 = time.process_time()
parsed = parse_org(text, "notes.org")
print(json.dumps({"cpu": time.process_time() - c0, "nodes": len(parsed.nodes),
                  "checkout": sys.modules["prme_cli"].__file__}))
"""


def _parse(checkout: Path, path: Path) -> dict[str, Any]:
    result = run_in_checkout(_CHILD, checkout, str(path))
    if not str(result["checkout"]).startswith(str(checkout)):
        raise SystemExit(f"imported {result['checkout']}, not {checkout}")
    return result


def _files(work: Path, headings: int) -> dict[str, Path]:
    import gen_corpus

    gen_corpus.generate(work / "gen", 2 * headings, 2, seed=1)
    gtd = (work / "gen" / "notes-00001.org").read_text(encoding="utf-8")
    rng = random.Random(1)
    words = gen_corpus.WORDS
    plain = "".join(
        f"* {' '.join(rng.choice(words) for _ in range(4)).capitalize()}\n"
        f"Some notes on the {rng.choice(words)} and the {rng.choice(words)}.\n"
        for _ in range(headings)
    )
    out = {}
    for name, text in (
        ("GTD file, #+DATE", "#+DATE: 2026-03-02\n" + gtd),
        ("plain titles, #+DATE", "#+DATE: 2026-03-02\n" + plain),
        ("plain titles, no #+DATE", plain),
    ):
        path = work / f"{len(out)}.org"
        path.write_text(text, encoding="utf-8")
        out[name] = path
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, default=Path("/work/main"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--headings", type=int, default=3000)
    args = parser.parse_args(argv)
    checkouts = {"this": REPO, "other": args.against.resolve()}
    with scratch_dir("prme-bench-parse-") as work:
        files = _files(work, args.headings)
        best: dict[tuple[str, str], float] = {}
        for _ in range(args.rounds):
            for label, path in files.items():
                for name, checkout in checkouts.items():
                    cpu = _parse(checkout, path)["cpu"]
                    key = (label, name)
                    best[key] = min(best.get(key, cpu), cpu)
    print(
        f"parse_org, best CPU of {args.rounds} rounds, a new process each "
        f"(this = {REPO}, other = {checkouts['other']})"
    )
    rows = [
        [
            label,
            f"{best[(label, 'this')] * 1000:.0f}",
            f"{best[(label, 'other')] * 1000:.0f}",
            f"{best[(label, 'this')] / best[(label, 'other')]:.2f}x",
        ]
        for label in files
    ]
    header = f"file ({args.headings:,} headings)"
    print(table([header, "this ms", "other ms", "this/other"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
