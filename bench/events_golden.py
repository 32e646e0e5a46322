"""A golden of everything ingest stores as events, to prove a speed-up changed none of them.

usage: python bench/events_golden.py [--golden FILE] [--show 20]     # compare (the default)
       python bench/events_golden.py --write [--golden FILE]         # refresh it, deliberately

Ingests ``../shared/corpora/org``, ``sample_org/`` and a generated corpus of 3,000 headings
(``gen_corpus``, seed 1) into fresh stores at a fixed time, and dumps every stored event (org
and text, every column) with its object's id, in a stable order (object id, then the order the
events were written), together with the objects and timestamps rows, one JSON line each.

The golden is kept in the repository, ``bench/golden/events.jsonl.xz`` (xz-compressed: the
dump is 12 MB of JSON lines, 1.3 MB compressed, written byte for byte the same for the same
lines). A run without ``--write`` compares a new dump with it line by line and exits 1 on any
difference, printing the first few (2 when the golden is missing or unreadable). ``--write``
replaces it: commit that only for a change of the stored events that was meant, and say so.
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from _util import CORPUS, REPO, remove_store, scratch_dir

from prme_cli.events import COLUMNS
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
GOLDEN = REPO / "bench" / "golden" / "events.jsonl.xz"


def _rows(store: Store, label: str) -> Iterator[str]:
    conn = store.conn
    columns = ", ".join(f"e.{c}" for c in COLUMNS)
    sql = (
        f"SELECT o.id, {columns} FROM events e JOIN objects o ON o.pk = e.obj "
        "ORDER BY o.id, e.event_id"
    )
    for row in conn.execute(sql):
        yield json.dumps([label, "event", *row], ensure_ascii=False, default=str)
    object_columns = [
        r[1] for r in conn.execute("PRAGMA table_info(objects)") if r[1] not in ("pk",)
    ]
    sql = f"SELECT {', '.join(object_columns)} FROM objects ORDER BY id"
    for row in conn.execute(sql):
        yield json.dumps([label, "object", *row], ensure_ascii=False, default=str)
    stamp_columns = [r[1] for r in conn.execute("PRAGMA table_info(timestamps)") if r[1] != "obj"]
    sql = (
        f"SELECT o.id, {', '.join('t.' + c for c in stamp_columns)} FROM timestamps t "
        f"JOIN objects o ON o.pk = t.obj ORDER BY o.id, {', '.join('t.' + c for c in stamp_columns)}"
    )
    for row in conn.execute(sql):
        yield json.dumps([label, "timestamp", *row], ensure_ascii=False, default=str)


def dump(work: Path) -> list[str]:
    """Every line of the golden, for the three corpora."""
    import gen_corpus

    generated = work / "generated"
    gen_corpus.generate(generated, 3000, 3, seed=1)
    lines: list[str] = []
    for label, root in (
        ("shared org corpus", CORPUS),
        ("sample_org", REPO / "sample_org"),
        ("generated 3,000", generated),
    ):
        path = work / "golden.sqlite3"
        remove_store(path)
        store = Store.open(path)
        try:
            ingest_paths(store, [root], now=NOW)
            # ids of generated/relative roots differ by directory: key them by the root
            lines.extend(line.replace(str(root), "<root>") for line in _rows(store, label))
        finally:
            store.close()
        remove_store(path)
    return lines


def read_golden(path: Path) -> list[str]:
    """The golden's lines (an ``.xz`` file is decompressed; any other is read as text)."""
    data = path.read_bytes()
    if path.suffix == ".xz":
        data = lzma.decompress(data)
    return data.decode("utf-8").splitlines()


def write_golden(path: Path, lines: Sequence[str]) -> None:
    """Write the lines (``.xz``: compressed the same way every time, so the same lines give
    the same bytes and an unchanged golden is no change to commit)."""
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if path.suffix == ".xz":
        data = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, preset=9)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def compare(golden: Sequence[str], lines: Sequence[str], show: int) -> tuple[bool, list[str]]:
    """Whether the new dump equals the golden, and what to print: a summary, then the first
    ``show`` lines of a unified diff (golden ``-``, now ``+``)."""
    events = sum(1 for line in lines if '"event"' in line[:60])
    if list(golden) == list(lines):
        return True, [f"golden OK: {len(lines):,} lines ({events:,} events) identical"]
    import difflib

    diff = list(difflib.unified_diff(golden, lines, "golden", "now", n=0, lineterm=""))
    changed = sum(1 for d in diff if d[:1] in "+-" and not d.startswith(("+++", "---")))
    out = [f"golden DIFFERS: {len(golden):,} lines before, {len(lines):,} now, {changed} changed"]
    return False, out + ["  " + line[:400] for line in diff[2 : 2 + show]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write", action="store_true", help="replace the golden with this run's dump"
    )
    parser.add_argument(
        "--check", action="store_true", help="compare with the golden (what a run does anyway)"
    )
    parser.add_argument("--golden", "--out", dest="golden", type=Path, default=GOLDEN)
    parser.add_argument("--show", type=int, default=20, help="differences to print")
    args = parser.parse_args(argv)
    if args.write and args.check:
        parser.error("--write and --check exclude each other")
    golden: list[str] | None = None
    if not args.write:
        try:
            golden = read_golden(args.golden)
        except (OSError, lzma.LZMAError, UnicodeDecodeError) as exc:
            print(f"cannot read the golden {args.golden}: {exc}", file=sys.stderr)
            print("(refresh it deliberately with --write)", file=sys.stderr)
            return 2
    with scratch_dir("prme-golden-") as work:
        lines = dump(work)
    if golden is None:
        write_golden(args.golden, lines)
        events = sum(1 for line in lines if '"event"' in line[:60])
        print(f"wrote {len(lines):,} lines ({events:,} events) to {args.golden}")
        return 0
    same, report = compare(golden, lines, args.show)
    report[0] += f" ({args.golden})" if same else ""
    print("\n".join(report))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
