"""A golden of everything ingest stores as events, to prove a speed-up changed none of them.

usage: python bench/events_golden.py --write [--out FILE]
       python bench/events_golden.py --check [--out FILE] [--show 20]

Ingests ``../shared/corpora/org``, ``sample_org/`` and a generated corpus of 3,000 headings
(``gen_corpus``, seed 1) into fresh stores at a fixed time, and dumps every stored event (org
and text, every column) with its object's id, in a stable order (object id, then the order the
events were written), together with the objects and timestamps rows, one JSON line each.
``--write`` keeps the dump (outside the repository by default, it is large); ``--check``
compares a new run to it line by line and exits 1 on any difference, printing the first few.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from _util import CORPUS, REPO, remove_store, scratch_dir

from prme_cli.events import COLUMNS
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DEFAULT_OUT = Path(tempfile.gettempdir()) / "prme-events-golden.jsonl"


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--show", type=int, default=20, help="differences to print")
    args = parser.parse_args(argv)
    with scratch_dir("prme-golden-") as work:
        lines = dump(work)
    events = sum(1 for line in lines if '"event"' in line[:60])
    if args.write:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {len(lines):,} lines ({events:,} events) to {args.out}")
        return 0
    golden = args.out.read_text(encoding="utf-8").splitlines()
    if golden == lines:
        print(f"golden OK: {len(lines):,} lines ({events:,} events) identical to {args.out}")
        return 0
    import difflib

    diff = list(difflib.unified_diff(golden, lines, "golden", "now", n=0, lineterm=""))
    changed = sum(1 for d in diff if d[:1] in "+-" and not d.startswith(("+++", "---")))
    print(f"golden DIFFERS: {len(golden):,} lines before, {len(lines):,} now, {changed} changed")
    for line in diff[2 : 2 + args.show]:
        print("  " + line[:400])
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
