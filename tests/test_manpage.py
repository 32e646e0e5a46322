"""The manual page is generated from the help and kept up to date (issue 11, point 8)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import typer

from prme_cli.cli import app
from prme_cli.cli.manpage import render

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "man" / "prme.1"


def test_the_committed_manual_page_is_the_generated_one() -> None:
    assert PAGE.read_text(encoding="utf-8") == render(), (
        "man/prme.1 is out of date: python -m prme_cli.cli.manpage --write man/prme.1"
    )


def test_every_command_and_option_is_in_the_manual() -> None:
    text = render()
    group = typer.main.get_command(app)
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        for full, cmd in [(f"{name} {s}", c) for s, c in sub.items()] if sub else [(name, command)]:
            assert f'.SS "prme {full}"' in text, full
            for param in cmd.params:
                for opt in param.opts:
                    if opt.startswith("--") and "completion" not in opt:
                        assert opt.replace("-", "\\-") in text, (full, opt)
    for section in ("NAME", "SYNOPSIS", "GLOBAL OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT"):
        assert f".SH {section}" in text


def test_the_manual_renders_without_warnings() -> None:
    groff = shutil.which("groff")
    if groff is None:
        pytest.skip("groff is not installed")
    done = subprocess.run(
        [groff, "-man", "-Tutf8", "-ww", "-z", str(PAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
