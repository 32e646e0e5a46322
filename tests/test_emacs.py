"""``emacs/prme.el`` against the real parts: Emacs in batch mode runs the ERT suite
(``emacs/prme-test.el``) with the installed ``prme`` on its PATH and a store holding a copy
of ``sample_org/``; the package must also byte-compile without a warning and pass checkdoc.

Skipped, with the reason, only when no ``emacs`` is installed (``.ci/run`` installs
``emacs-nox`` when it is missing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LISP = ROOT / "emacs"
EMACS = shutil.which("emacs")
NOW = "2026-11-27T20:00"
TZ = "Europe/London"

pytestmark = pytest.mark.skipif(
    EMACS is None, reason="no emacs on PATH (apt-get install emacs-nox; .ci/run does)"
)


def _env(home: Path, **extra: str) -> dict[str, str]:
    bindir = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
        LC_ALL="C.UTF-8",
        **extra,
    )
    return env


def _emacs(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert EMACS is not None
    return subprocess.run(
        [EMACS, "-Q", "--batch", "-L", str(LISP), *args],
        capture_output=True, text=True, env=env, cwd=cwd, check=False, timeout=600,
    )  # fmt: skip


def test_ert_suite_passes_against_the_installed_prme(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(ROOT / "sample_org", notes)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    store = tmp_path / "memory.sqlite3"
    env = _env(tmp_path, PRME_EL_STORE=str(store), PRME_EL_NOTES=str(notes),
               PRME_EL_SCRATCH=str(scratch))  # fmt: skip
    prme = shutil.which("prme", path=env["PATH"])
    assert prme, "the installed prme is needed"
    ingest = subprocess.run(
        [prme, "--store", str(store), "--now", NOW, "--tz", TZ, "ingest", str(notes)],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert ingest.returncode == 0, ingest.stderr
    done = _emacs(
        env, "-l", str(LISP / "prme-test.el"), "-f", "ert-run-tests-batch-and-exit", cwd=tmp_path
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report[-6000:]
    assert "unexpected" not in report.split("Ran ", 1)[-1] or " 0 unexpected" in report
    assert "Ran 12 tests" in report, report[-3000:]


def test_prme_el_byte_compiles_without_warnings(tmp_path: Path) -> None:
    source = tmp_path / "prme.el"
    shutil.copy(LISP / "prme.el", source)
    done = _emacs(
        _env(tmp_path),
        "--eval", "(setq byte-compile-error-on-warn t)",
        "-f", "batch-byte-compile", str(source),
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr
    assert (tmp_path / "prme.elc").exists()


def test_prme_el_is_checkdoc_clean(tmp_path: Path) -> None:
    done = _emacs(
        _env(tmp_path),
        "--eval",
        "(progn (require 'checkdoc) (setq checkdoc-spellcheck-documentation-flag nil) "
        f'(checkdoc-file "{LISP / "prme.el"}"))',
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr


def test_prme_el_has_the_package_headers() -> None:
    text = (LISP / "prme.el").read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith(";;; prme.el --- ") and "lexical-binding: t" in first
    for header in (";; Version:", ";; Package-Requires:", ";;; Commentary:", ";;; Code:"):
        assert header in text, header
    assert text.rstrip().endswith(";;; prme.el ends here")
    for custom in ("prme-executable", "prme-store", "prme-time-zone"):
        assert f"(defcustom {custom}" in text, custom


def test_the_readme_documents_every_command_and_customisation() -> None:
    import re

    text = (LISP / "prme.el").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Emacs: prme.el", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r";;;###autoload\n\(defun (prme-[a-z-]+)", text)
    assert {"prme-since", "prme-range", "prme-query", "prme-relate"} <= set(commands)
    for command in commands:
        assert f"`M-x {command}`" in section, command
    assert "`prme-ingest-mode`" in section
    for custom in re.findall(r"\(defcustom (prme-[a-z-]+)", text):
        assert f"`{custom}`" in section, custom
    assert "(use-package prme" in section and "load-path" in section
