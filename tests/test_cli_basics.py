"""The command surface: version, help for every command, global options anywhere."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from prme_cli import __version__
from prme_cli.cli.app import _hoist_globals, app


def _command_names() -> list[str]:
    group = typer.main.get_command(app)
    names = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        if sub:
            names.extend(f"{name} {s}" for s in sub)
        else:
            names.append(name)
    return sorted(names)


def test_version_from_python_m() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "prme_cli", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"prme {__version__}"


@pytest.mark.parametrize("name", _command_names())
def test_every_command_has_help(name: str) -> None:
    group = typer.main.get_command(app)
    command = group
    for part in name.split():
        command = command.commands[part]  # type: ignore[attr-defined]
    assert (command.help or "").strip(), f"{name} has no help text"
    out = subprocess.run(
        [sys.executable, "-m", "prme_cli", *name.split(), "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0
    assert "Usage:" in out.stdout


def test_global_options_after_the_subcommand_are_moved_in_front() -> None:
    argv = ["since", "today", "--format", "json", "--tz=UTC", "--no-color", "--todo", "DONE"]
    assert _hoist_globals(argv) == [
        "--format",
        "json",
        "--tz=UTC",
        "--no-color",
        "since",
        "today",
        "--todo",
        "DONE",
    ]
    # after "--" everything is positional
    assert _hoist_globals(["when", "--", "--now"]) == ["when", "--", "--now"]


def test_unknown_format_is_a_usage_error() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "prme_cli", "--format", "yaml", "stats"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 2
    assert "yaml" in out.stderr


def test_shell_completion_offers_subcommands() -> None:
    import os
    import shutil

    exe = shutil.which("prme") or str(__import__("pathlib").Path(sys.executable).parent / "prme")
    env = dict(os.environ, _PRME_COMPLETE="complete_bash", COMP_WORDS="prme ra", COMP_CWORD="1")
    out = subprocess.run([exe], capture_output=True, text=True, env=env, check=False)
    assert "range" in out.stdout.split()
    # (`--show-completion` detects the calling shell, so it is not exercised here: under a
    # plain `sh`, as in CI, typer answers "Shell sh not supported".)
