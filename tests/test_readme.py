"""The README documents every command and opens with the two commands CI relies on."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from prme_cli.cli import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")


def _commands() -> list[str]:
    group = typer.main.get_command(app)
    names = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        names.extend(f"{name} {s}" for s in sub) if sub else names.append(name)
    return names


def test_every_command_is_in_the_readme() -> None:
    missing = [name for name in _commands() if f"prme {name}" not in README]
    assert not missing, f"commands missing from README.md: {missing}"


def test_readme_opens_with_install_and_test_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, flags=re.DOTALL)
    assert len(blocks) >= 2
    first, second = blocks[0], blocks[1]
    assert "pip install" in first and "ingest sample_org" in first and "--now" in first
    assert "pytest" in second
    # .ci/run runs exactly the README's test command
    assert second.strip() in CI
