"""Fixtures shared by every test: nothing may touch the user's real home or store."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _isolated_environment(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point XDG dirs at a throwaway folder and drop any PRME_* / provider key variables."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    for name in list(os.environ):
        if name.startswith("PRME_") or name in (
            "JEV_API_KEY",
            "TYPESAFE_API_KEY",
            "OPENAI_API_KEY",
            "NO_COLOR",
        ):
            monkeypatch.delenv(name, raising=False)


class CliResult:
    """What one in-process ``prme`` run gave: exit code, stdout, stderr."""

    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    """``cli("since", "today", now=…, env={…})`` runs ``prme`` in-process on a store in
    ``tmp_path`` (``cli.store``) with ``--tz Europe/London``; ``now=None`` gives no ``--now``."""
    store = tmp_path / "memory.sqlite3"

    def run(
        *args: str,
        now: str | None = "2026-11-27T20:00",
        tz: str = "Europe/London",
        env: dict[str, str] | None = None,
        stdin: str | None = None,
    ) -> CliResult:
        from prme_cli.cli import main

        argv = ["--store", str(store), "--tz", tz, *(["--now", now] if now else []), *args]
        saved = {k: os.environ.get(k) for k in env or {}}
        os.environ.update(env or {})
        old_stdin = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            main(argv)
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            sys.stdin = old_stdin
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    run.store = store  # type: ignore[attr-defined]
    return run
