"""Every real org file of the shared corpus ingests, and every heading is stored (issue #2).

The corpus lives beside the repository (``../shared/corpora/org``), as in development and CI.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from prme_cli.ingest import ingest_paths, walk_root
from prme_cli.store import Store

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = [ROOT.parent / "shared" / "corpora" / "org", Path("/work/shared/corpora/org")]
CORPUS = next((p for p in CANDIDATES if p.is_dir()), None)
HEADING = re.compile(r"^\*+[ \t]")

pytestmark = pytest.mark.skipif(CORPUS is None, reason="shared org corpus not beside the repo")


def _heading_lines(path: str) -> int:
    text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return sum(1 for line in lines if HEADING.match(line))


def test_every_corpus_file_ingests_and_every_heading_is_stored(tmp_path: Path) -> None:
    assert CORPUS is not None
    files = [p for p, _ in walk_root(str(CORPUS), glob="*.org", exclude=(), include_archived=True)]
    assert len(files) >= 50
    with Store.open(tmp_path / "corpus.sqlite3") as store:
        report = ingest_paths(
            store, [CORPUS], now=datetime(2026, 11, 29, tzinfo=UTC), include_archived=True
        )
        assert report.errors == [] and report.files_failed == 0
        stored = dict(
            store.conn.execute(
                "SELECT f.path, count(o.pk) FROM files f JOIN objects o ON o.file_id = f.file_id "
                "AND o.type = 'heading' GROUP BY f.path"
            )
        )
    for path in files:
        assert stored.get(path, 0) == _heading_lines(path), path
    assert sum(stored.values()) == sum(_heading_lines(p) for p in files)
