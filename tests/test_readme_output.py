"""The outputs the README shows are what prme prints today (on the sample notes, 100 columns).

Each ``<!-- prme-output: ARGS -->`` marker is followed by a ``text`` block; the test runs the
README's first command's store and reference time with ARGS and compares, line by line
(trailing spaces aside). Regenerate a block by running the same command after a change.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWN = re.findall(r"<!-- prme-output: (.*?) -->\n```text\n(.*?)\n```", README, flags=re.DOTALL)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("readme") / "sample_org"
    shutil.copytree(ROOT / "sample_org", target)
    return target


def test_the_readme_shows_outputs() -> None:
    assert len(SHOWN) >= 3
    assert any(args.startswith("log ") for args, _ in SHOWN)


@pytest.mark.parametrize(("args", "shown"), SHOWN, ids=[a for a, _ in SHOWN])
def test_a_shown_output_is_what_prme_prints(cli: Any, sample: Path, args: str, shown: str) -> None:
    assert cli("ingest", str(sample)).code == 0
    done = cli(*args.split(), "--format", "table", env={"COLUMNS": "100"})
    assert done.code == 0, done.err

    def lines(text: str) -> list[str]:
        return [line.rstrip() for line in text.rstrip("\n").split("\n")]

    assert lines(done.out) == lines(shown)
