"""Re-ingest of one big org file after a one-sentence edit, against its first ingest.

usage: python bench/reingest_edit.py [FILE]   (default: the org manual of the shared corpus)

A re-ingest keeps an unchanged heading's text events only when the discourse before it (the
people and thing the headings above named) is the one they were read with, so an edit re-reads
the headings after it until the discourse is the same again. This prints, in CPU time, a first
ingest, a re-ingest of the unchanged file, and a re-ingest after an edit near the start, in
the middle and near the end (each edit names a person, which changes the discourse).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from _util import CORPUS, scratch_dir

from prme_cli.ingest import ingest_paths
from prme_cli.store import Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
_NOT_PROSE = ("*", ":", "#", "|", "CLOSED", "SCHEDULED", "DEADLINE", "CLOCK")


def _cpu(run: Callable[[], None]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", type=Path, default=CORPUS / "org-mode/doc_org-manual.org"
    )
    args = parser.parse_args()
    lines = args.file.read_text(encoding="utf-8").split("\n")
    with scratch_dir("prme-reingest-edit") as tmp:
        notes = tmp / "notes"
        notes.mkdir()
        target = notes / args.file.name
        target.write_text("\n".join(lines), encoding="utf-8")
        with Store.open(tmp / "s.sqlite3") as store:

            def ingest() -> None:
                ingest_paths(store, [notes], now=NOW)

            first = _cpu(ingest)
            same = _cpu(ingest)
            print(f"first ingest {first:.2f} s CPU")
            print(f"re-ingest, unchanged   {same * 1000:7.1f} ms = {same / first:6.2%} of first")
            for where in (0.02, 0.5, 0.98):
                at = next(
                    k
                    for k in range(int(len(lines) * where), len(lines))
                    if lines[k].strip() and not lines[k].lstrip().startswith(_NOT_PROSE)
                )
                lines[at] += " Marta Kowalski came round."
                target.write_text("\n".join(lines), encoding="utf-8")
                took = _cpu(ingest)
                print(
                    f"re-ingest, edit at {where:4.0%} {took * 1000:7.1f} ms = {took / first:6.2%}"
                    " of first"
                )


if __name__ == "__main__":
    main()
