"""The error boundary (``prme_cli.cli.main``): whatever a command raises, the user gets one
``prme: …`` line on stderr and a SPEC §5 exit status, never a traceback."""

from __future__ import annotations

import builtins
import errno
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.exceptions

from prme_cli.cli import main
from prme_cli.errors import describe_failure
from prme_cli.store import Store

#: SPEC §5 statuses, plus 130 for an interrupted run.
STATUSES = {0, 1, 2, 3, 4, 130}
#: Control flow, not failures: Typer/click use these to end a command on purpose.
CONTROL_FLOW = (SystemExit, typer.exceptions.Exit, typer.exceptions.Abort)


def _all_exception_classes() -> list[type[BaseException]]:
    """Every exception class loaded in this process (builtins, sqlite3, httpx, click, …)."""
    # Load more classes than this test file needs: providers raise httpx's, and urllib's
    # HTTPError is a hard case (its ``__getattr__`` raises on an instance built bare).
    import urllib.error  # noqa: F401

    import httpx  # noqa: F401

    seen: list[type[BaseException]] = []
    todo: list[type[BaseException]] = [BaseException]
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.append(cls)
        try:
            todo.extend(cls.__subclasses__())
        except TypeError:
            continue
    return [c for c in seen if not issubclass(c, CONTROL_FLOW)]


def _instance(cls: type[BaseException]) -> BaseException | None:
    """An instance of ``cls`` however its constructor wants to be called (None for a class
    that cannot be built without its library's own data, as pydantic's ValidationError,
    loaded when the MCP tests import the SDK)."""
    if issubclass(cls, UnicodeError):
        try:
            return cls("utf-8", b"\xff", 0, 1, "invalid start byte")
        except TypeError:
            pass
    attempts: list[tuple[Any, ...]] = [
        ("boom\nsecond line",),
        (),
        (errno.EIO, "I/O error"),
        ("msg", [ValueError("inner")]),
    ]
    for args in attempts:
        try:
            return cls(*args)
        except Exception:  # noqa: BLE001, S112 - try the next constructor shape
            continue
    try:
        return cls.__new__(cls)
    except TypeError:
        return None


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "memory.sqlite3"
    Store.open(path).close()
    return path


def _run_raising(
    exc: BaseException,
    store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str]:
    import prme_cli.timeexpr

    def raiser(*args: object, **kwargs: object) -> None:
        raise exc

    # `when` touches no store: the cheapest command to raise from, for a thousand classes.
    monkeypatch.setattr(prme_cli.timeexpr, "resolve", raiser)
    try:
        main(["--store", str(store), "--format", "json", "when", "today"])
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    return code, capsys.readouterr().err


def _outcome_ok(cls: type[BaseException], code: int, err: str) -> bool:
    click_error = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    lines = [line for line in err.splitlines() if line.strip()]
    if "Traceback" in err:
        return False
    if issubclass(cls, BrokenPipeError):
        # The reader of stdout went away (`prme … | head`): end quietly, like Unix tools.
        return code == 0 and not lines
    if issubclass(cls, click_error):
        # The argument parser's own errors keep click's "Usage: … Error: …" form.
        return code == 2 and (
            any(line.startswith("Error: ") for line in lines)
            or (len(lines) == 1 and lines[0].startswith("prme: "))
        )
    # One line, except that an interrupt may say what was committed before it.
    return (
        code in STATUSES - {0}
        and (len(lines) == 1 or (code == 130 and bool(lines)))
        and all(line.startswith("prme: ") for line in lines)
    )


def test_the_boundary_catches_every_exception_class(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every class loaded goes through the boundary's reporting; through the whole command
    line (Typer included) go every builtin class and one class of every other module."""
    from prme_cli.cli.app import _report

    classes = _all_exception_classes()
    assert len(classes) > 100  # builtins alone have ~70; a vacuous walk must fail here
    failures = []
    whole_way: set[str] = set()
    for cls in classes:
        exc = _instance(cls)
        if exc is None:
            continue
        if cls.__module__ == "builtins" or cls.__module__ not in whole_way:
            whole_way.add(cls.__module__)
            code, err = _run_raising(exc, store, monkeypatch, capsys)
        else:
            code = _report(exc)
            err = capsys.readouterr().err
            if isinstance(exc, BrokenPipeError):
                code, err = 0, ""  # main() answers these before reporting (checked above)
        if not _outcome_ok(cls, code, err):
            failures.append((cls.__qualname__, code, err))
    assert failures == [], "\n".join(map(repr, failures))
    assert len(whole_way) > 20


@pytest.mark.parametrize(
    ("exc", "status", "words"),
    [
        (RecursionError("maximum recursion depth exceeded"), 2, "nested too deeply"),
        (MemoryError(), 2, "out of memory"),
        (OSError(errno.ENOSPC, "No space left on device", "/x/memory.sqlite3"), 3, "disk full"),
        (sqlite3.OperationalError("attempt to write a readonly database"), 3, "read-only"),
        (PermissionError(errno.EACCES, "Permission denied", "/root/x"), 2, "/root/x"),
        (KeyboardInterrupt(), 130, "interrupted"),
        (ZeroDivisionError("division by zero"), 2, "internal error: ZeroDivisionError"),
    ],
)
def test_failures_are_named_with_their_status(exc: BaseException, status: int, words: str) -> None:
    message, code = describe_failure(exc)
    assert code == status and words in message


def test_an_exception_whose_message_is_broken_still_gets_one_line(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Broken(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no message for you")

    code, err = _run_raising(Broken(), store, monkeypatch, capsys)
    assert code == 2 and err.startswith("prme: internal error: Broken") and err.count("\n") == 1


@pytest.mark.parametrize("depth", [1000, 5000])
def test_a_deeply_nested_time_expression_is_exit_two(
    depth: int, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (["when", "start of " * depth + "today"], ["since", "start of " * depth + "today"]):
        with pytest.raises(SystemExit) as done:
            main(["--store", str(store), "--now", "2026-11-27T20:00", "--tz", "UTC", *args])
        err = capsys.readouterr().err
        assert done.value.code == 2, err
        assert "Traceback" not in err and err.startswith("prme: ")


def test_ctrl_c_in_a_command_says_interrupted_and_exits_130(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _run_raising(KeyboardInterrupt(), store, monkeypatch, capsys)
    assert (code, err) == (130, "prme: interrupted\n")


def default_sigint() -> None:
    """A test run in the background (``nohup``, ``&`` in a script) ignores SIGINT, and a child
    inherits that: give the child the default, as a terminal would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_real_sigint_prints_interrupted(tmp_path: Path) -> None:
    prme = Path(sys.executable).with_name("prme")
    proc = subprocess.Popen(
        [str(prme), "--store", str(tmp_path / "s.sqlite3"), "when", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,  # noqa: PLW1509 - one call before exec, no threads here
    )
    time.sleep(1.0)  # let it start and block reading stdin
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert err == "prme: interrupted\n"


def test_builtins_are_untouched_by_the_walk() -> None:
    # The walk above must not have replaced anything global while instantiating classes.
    assert builtins.ValueError is ValueError and os.name
