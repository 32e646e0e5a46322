"""Ctrl-C wherever it lands: ``prme: interrupted``, exit 130, no traceback, a whole store.

The sweep sends SIGINT to the installed ``prme`` script at chosen points of its run, counted
in Python calls and returns from prme's first line to its end (``bench/torture.py`` holds the
harness; its full run takes more points). Before :mod:`prme_cli.interrupts`, a Ctrl-C while
``prme_cli`` imported ``typing`` was a traceback, and one during the exit was swallowed as
"ignored KeyboardInterrupt" with exit 0 (or, from Python itself, status -2 and a traceback).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import torture

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX signals")


def test_a_ctrl_c_at_any_point_of_a_run_ends_as_interrupted(tmp_path: Path) -> None:
    small = [ROOT / "sample_org" / "projects.org", ROOT / "sample_org" / "journal.org"]
    found = torture.sigint_sweep(tmp_path, 10, 2, ingest_points=4, notes_from=small)
    assert found["failures"] == [], found["failures"]
    assert found["trials"] == 14 and found["after_the_end"] == 0, found
    # The guard is put in place by prme's first statement, not somewhere later.
    assert 0 < found["guard_at_event"] <= torture.FIRST_STATEMENT_EVENTS, found


def test_the_sweep_lands_while_loading_inside_the_command_and_at_the_end() -> None:
    points = torture.sweep_points(100_000, 12)
    assert points[0] == torture.FIRST_STATEMENT_EVENTS + 1
    assert any(p < 2_000 for p in points[1:])  # while modules load
    assert any(20_000 < p < 80_000 for p in points)  # inside the command
    assert points[-1] == 100_000 and sum(p > 95_000 for p in points) >= 5  # answer and exit


def _prme(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    kwargs.setdefault("preexec_fn", torture.default_sigint)
    return subprocess.Popen(
        [str(torture.prme_script()), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


def _notes(tmp_path: Path, files: int) -> Path:
    notes = tmp_path / "notes"
    notes.mkdir()
    for i in range(files):
        body = "".join(
            f"* TODO Task {i}-{j} :work:\nSCHEDULED: <2026-11-{j % 28 + 1:02d}>\nText {j}.\n"
            for j in range(200)
        )
        (notes / f"f{i}.org").write_text(body, encoding="utf-8")
    return notes


def test_a_second_ctrl_c_stops_at_once_and_leaves_a_whole_store(tmp_path: Path) -> None:
    notes = _notes(tmp_path, 40)
    store = tmp_path / "s.sqlite3"
    proc = _prme("--store", str(store), "ingest", str(notes))
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.splitlines().count("prme: interrupted") == 1, err
    again = subprocess.run(
        [str(torture.prme_script()), "--store", str(store), "ingest", str(notes)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    doctor = subprocess.run(
        [str(torture.prme_script()), "--store", str(store), "doctor"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert doctor.returncode == 0, doctor.stdout


def test_a_ctrl_c_the_shell_told_prme_to_ignore_stays_ignored(tmp_path: Path) -> None:
    # A background job (`prme ingest … &`) ignores SIGINT; prme must not take it back.
    notes = _notes(tmp_path, 10)
    proc = _prme(
        "--store",
        str(tmp_path / "s.sqlite3"),
        "ingest",
        str(notes),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "interrupted" not in err


def test_a_program_using_the_library_keeps_pythons_ctrl_c() -> None:
    code = (
        "import signal, prme_cli, prme_cli.cli\n"
        "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler\n"
    )
    # A program started in the background inherits an ignored SIGINT, and Python then leaves
    # it ignored: give the child the disposition a terminal gives.
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=torture.default_sigint,
    )
    assert done.returncode == 0, done.stderr


def test_python_dash_m_prme_cli_answers_ctrl_c_too(tmp_path: Path) -> None:
    notes = _notes(tmp_path, 40)
    proc = subprocess.Popen(
        [sys.executable, "-m", "prme_cli", "--store", str(tmp_path / "s.sqlite3"), "ingest"]
        + [str(notes)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=torture.default_sigint,  # noqa: PLW1509 - one call before exec
    )
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode in (0, 130), err
    assert "Traceback" not in err
    if proc.returncode == 130:
        assert err.splitlines().count("prme: interrupted") == 1, err
