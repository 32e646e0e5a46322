"""Fixtures shared by every test: nothing may touch the user's real home or store."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from types import ModuleType
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
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
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


@pytest.fixture(scope="session")
def orgsets() -> ModuleType:
    """``bench/orgsets.py`` loaded as a module: the question sets' runner and their judge."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "bench" / "orgsets.py"
    spec = importlib.util.spec_from_file_location("bench_orgsets", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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


class OtherUser:
    """Runs the installed ``prme`` as a user without root's powers, in a folder that user owns.

    Permission tests need this: root reads a ``chmod 000`` folder and writes a read-only one.
    As root the commands run as ``nobody`` through ``setpriv``; as any other user they run as
    that user, whom ``chmod`` restricts already.
    """

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.is_root = os.geteuid() == 0

    def run(self, *args: str, stdin: str | None = None, timeout: float = 60) -> Any:
        import subprocess
        import sys

        prme = Path(sys.executable).with_name("prme")
        prefix = (
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if self.is_root else []
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
        env.update(HOME=str(self.workdir), XDG_DATA_HOME=str(self.workdir / "data"))
        env["XDG_CONFIG_HOME"] = str(self.workdir / "config")
        return subprocess.run(
            [*prefix, str(prme), "--now", "2026-11-27T20:00", "--tz", "UTC", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            cwd=self.workdir,
            check=False,
        )

    def own(self, path: Path) -> None:
        """Give ``path`` (and what is under it) to the other user."""
        if self.is_root:
            for sub in [path, *path.rglob("*")]:
                os.chown(sub, 65534, 65534, follow_symlinks=False)


@pytest.fixture
def other_user() -> Any:
    import shutil
    import tempfile

    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: cannot drop privileges for this test")
    workdir = Path(tempfile.mkdtemp(prefix="prme-other-user-"))
    workdir.chmod(0o755)
    user = OtherUser(workdir)
    user.own(workdir)
    yield user
    for sub in [workdir, *workdir.rglob("*")]:
        if sub.is_dir() and not sub.is_symlink():
            sub.chmod(0o755)
    shutil.rmtree(workdir, ignore_errors=True)
