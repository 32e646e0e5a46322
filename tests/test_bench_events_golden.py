"""``bench/events_golden.py``: the golden kept in the repository, compared by default.

The dump itself (three corpora ingested) takes seconds and belongs to the benchmark; these
tests replace it with a few lines and check what a run does with them: equal is exit 0, any
difference exit 1 with the changed lines shown, a missing golden exit 2, and ``--write``
replaces the golden with bytes that do not change while the lines do not.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import events_golden

LINES = [
    '["sample_org", "event", "a1", "org", "start"]',
    '["sample_org", "event", "a1", "text", "finish"]',
    '["sample_org", "object", "a1", "heading"]',
]


@pytest.fixture
def dumped(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    lines = list(LINES)
    monkeypatch.setattr(events_golden, "dump", lambda work: list(lines))
    return lines


def test_the_golden_lives_in_the_repository() -> None:
    assert events_golden.GOLDEN.is_relative_to(ROOT)
    assert events_golden.GOLDEN.exists()
    lines = events_golden.read_golden(events_golden.GOLDEN)
    assert sum('"event"' in line[:60] for line in lines) > 20_000


def test_a_run_equal_to_the_golden_exits_0(tmp_path: Path, dumped: list[str], capsys: Any) -> None:
    golden = tmp_path / "events.jsonl.xz"
    events_golden.write_golden(golden, LINES)
    assert events_golden.main(["--golden", str(golden)]) == 0
    assert "golden OK: 3 lines (2 events) identical" in capsys.readouterr().out


def test_a_changed_event_exits_1_and_shows_it(
    tmp_path: Path, dumped: list[str], capsys: Any
) -> None:
    golden = tmp_path / "events.jsonl.xz"
    events_golden.write_golden(golden, LINES)
    dumped[1] = dumped[1].replace("finish", "finished")
    assert events_golden.main(["--golden", str(golden)]) == 1
    out = capsys.readouterr().out
    assert "golden DIFFERS: 3 lines before, 3 now, 2 changed" in out
    assert '-["sample_org", "event", "a1", "text", "finish"]' in out
    assert '+["sample_org", "event", "a1", "text", "finished"]' in out
    # --check says the same as no flag
    assert events_golden.main(["--check", "--golden", str(golden)]) == 1


def test_a_missing_golden_exits_2_without_writing_one(
    tmp_path: Path, dumped: list[str], capsys: Any
) -> None:
    golden = tmp_path / "missing.jsonl.xz"
    assert events_golden.main(["--golden", str(golden)]) == 2
    assert "--write" in capsys.readouterr().err
    assert not golden.exists()


def test_write_replaces_the_golden_with_the_same_bytes_for_the_same_lines(
    tmp_path: Path, dumped: list[str]
) -> None:
    golden = tmp_path / "golden" / "events.jsonl.xz"
    assert events_golden.main(["--write", "--golden", str(golden)]) == 0
    first = golden.read_bytes()
    assert events_golden.main(["--write", "--golden", str(golden)]) == 0
    assert golden.read_bytes() == first
    assert events_golden.read_golden(golden) == LINES
    plain = tmp_path / "events.jsonl"
    events_golden.write_golden(plain, LINES)
    assert plain.read_text(encoding="utf-8").splitlines() == LINES
