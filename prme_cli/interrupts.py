"""Ctrl-C for the ``prme`` command: ``prme: interrupted`` and exit 130, whenever it lands.

Python's own answer to SIGINT is a :class:`KeyboardInterrupt` raised wherever the program
happens to be. Inside a command that is what we want (the ingest rolls back the file it was
writing and says what was committed; the error boundary turns it into exit 130). Anywhere
else it is a traceback: while the modules load, while the boundary is itself printing, in an
``atexit`` callback, or during interpreter shutdown (where Python also ends the process with
the signal, status -2, having printed nothing of ours). So the console script replaces the
handler, in three phases:

* **loading** (from the first line of ``prme_cli/__init__.py`` until the boundary starts): a
  Ctrl-C is only recorded; the boundary raises it as soon as it can catch it.
* **running** (the command): the first Ctrl-C raises :class:`KeyboardInterrupt`, as Python
  would.
* **exiting** (the boundary has its answer): a Ctrl-C is only recorded, and turns the answer
  into ``prme: interrupted`` and 130. After the last ``atexit`` callback SIGINT is ignored, so
  nothing after it (module teardown, SQLite's close) can be interrupted at all.

In every phase a *second* Ctrl-C while the first is still being handled stops the process at
once (``prme: interrupted``, 130): the store is then as after a crash, which SQLite keeps
consistent, and a user is never left unable to stop prme. Only one interrupt is ever raised,
so the code that handles it cannot itself be interrupted.

Library use is untouched: nothing here is installed unless the ``prme`` command runs
(:func:`arm`), and a SIGINT the shell made the process ignore (a background job) stays ignored.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
from types import FrameType

from prme_cli.errors import INTERRUPTED_MESSAGE as MESSAGE
from prme_cli.errors import INTERRUPTED_STATUS as STATUS


class _State:
    installed = False  # this process is the prme command and the handler below is in place
    armed = False  # the command runs: a first Ctrl-C raises KeyboardInterrupt
    exiting = False  # the boundary has its answer: a Ctrl-C is only recorded
    pressed = False  # a Ctrl-C came and is being answered (a second one stops at once)
    seen = False  # a Ctrl-C came at some point of the run
    announced = False  # "prme: interrupted" has been written
    answer: int | None = None  # the status the boundary settled on


def _write_stderr(text: str) -> None:
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr closed or gone: nowhere to say it
        pass


def announce() -> None:
    """Write ``prme: interrupted`` (once per run)."""
    if _State.announced:
        return
    _State.announced = True
    _write_stderr(MESSAGE + "\n")


def _stop_now() -> None:
    """A second Ctrl-C: end the process here, as a crash would (SQLite keeps the store whole)."""
    announce()
    os._exit(STATUS)


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    if _State.pressed:
        _stop_now()
    _State.pressed = _State.seen = True
    if _State.armed and not _State.exiting:
        raise KeyboardInterrupt


def begin(*, real: bool) -> None:
    """Start one run of the boundary. ``real``: this is the ``prme`` process itself (not a
    test calling the boundary in process), so SIGINT is taken over; a Ctrl-C recorded while
    the command line loaded is raised here, where the boundary catches it."""
    if not _State.installed:
        _State.armed = _State.exiting = _State.pressed = _State.seen = False
        _State.announced = False
        _State.answer = None
    if not real:
        return
    if not _State.installed:
        package = sys.modules.get("prme_cli")
        current = signal.getsignal(signal.SIGINT)
        early = getattr(package, "_ctrl_c_while_loading", None)
        if current is not signal.default_int_handler and current is not early:
            return  # ignored (a background job) or an embedding program's own handler
        _State.pressed = _State.seen = bool(getattr(package, "_CTRL_C_WHILE_LOADING", ()))
        signal.signal(signal.SIGINT, _on_sigint)
        atexit.register(_at_the_very_end)
        _State.installed = True
    _State.armed = True
    if _State.pressed:
        raise KeyboardInterrupt


def exiting() -> None:
    """The boundary has its answer: from now on a Ctrl-C is only recorded."""
    _State.exiting = True


def finish(status: int) -> int:
    """The status to exit with, once the boundary has answered: a Ctrl-C that came at any
    point makes it 130, said once."""
    _State.exiting = True
    if _State.seen:
        status = STATUS
    if status == STATUS:
        announce()
    _State.answer = status
    if _State.installed:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
    return status


def _at_the_very_end() -> None:
    """An ``atexit`` callback registered as the boundary starts, so it runs after every one
    registered during the command (those registered while loading run after it, with SIGINT
    ignored): from here on SIGINT is ignored, so module teardown and SQLite's close cannot be
    interrupted; a Ctrl-C that came after :func:`finish` still ends the run as interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _State.seen and _State.answer != STATUS:
        announce()
        try:
            sys.stdout.flush()
        except (OSError, ValueError, AttributeError):
            pass
        os._exit(STATUS)


def swallowed(exc: BaseException | None) -> bool:
    """Whether ``exc``, an exception Python could only ignore (raised in a ``__del__`` or a
    callback), was our Ctrl-C; if so the next Ctrl-C raises again (this one is still
    answered with 130 at the end)."""
    if isinstance(exc, KeyboardInterrupt) and _State.installed:
        _State.pressed = False
        return True
    return False
