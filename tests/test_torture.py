"""The short version of ``bench/torture.py``: every kind of fault, load and fuzzing it runs,
at sizes the suite can afford (the full run is the benchmark; see bench/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_torture_harness_finds_no_failure(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    args = [
        "--kill-trials",
        "3",
        "--sigint-trials",
        "1",
        "--sigint-points",
        "2",
        "--load-seconds",
        "1",
        "--readers",
        "3",
        "--concurrent-trials",
        "1",
        "--fuzz-org",
        "150",
        "--fuzz-time",
        "150",
        "--fuzz-cli",
        "80",
        "--deep-levels",
        "600",
        "--wide-headings",
        "600",
        "--corpus-headings",
        "100",
        "--jobs",
        "2",
        "--json",
        str(out),
    ]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "torture.py"), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(out.read_text(encoding="utf-8"))
    rows = figures["rows"]
    assert len(rows) == 12, done.stdout
    for check, _runs, failures, measured, _target, verdict in rows:
        assert failures == 0 and verdict in ("met", "skipped"), (check, measured, done.stdout)
    kills = (
        figures["SIGKILL during first ingest"]["runs"]
        + figures["SIGKILL during re-ingest after edits"]["runs"]
    )
    assert kills == 3
