"""Exit statuses and the exceptions that map onto them.

One place decides how a failure becomes an exit code and a one-line message (the CLI's error
boundary catches :class:`PrmeError`); library code raises these instead of printing.
"""

from __future__ import annotations

import enum
import sqlite3


class ExitStatus(enum.IntEnum):
    """Process exit codes, as SPEC §5 fixes them (grep-like: 1 means "nothing found")."""

    OK = 0
    NO_RESULTS = 1
    USAGE = 2
    STORE = 3
    PROVIDER = 4


class PrmeError(Exception):
    """Base class: ``str(err)`` is the one-line message shown to the user."""

    exit_status: ExitStatus = ExitStatus.USAGE


class UsageError(PrmeError):
    """Bad input from the user: an option value, a path, a setting."""

    exit_status = ExitStatus.USAGE


class TimeExpressionError(UsageError):
    """A time expression the resolver cannot read. Never guessed around."""

    def __init__(self, expression: str, reason: str = "") -> None:
        self.expression = expression
        self.reason = reason
        detail = f": {reason}" if reason else ""
        super().__init__(f"cannot understand time expression {expression!r}{detail}")


class EmptyWindowError(TimeExpressionError):
    """Two readable expressions that make a window ending before it starts."""

    def __init__(self, since: str, until: str, reason: str) -> None:
        self.expression = f"{since} … {until}"
        self.reason = reason
        UsageError.__init__(self, f"empty time window: {reason}")


class InputFileError(UsageError):
    """A file that cannot be read or decoded during ingest (the rest of the run goes on)."""


class StoreError(PrmeError):
    """The store is not a prme store, is corrupt, has a newer schema, or cannot be written."""

    exit_status = ExitStatus.STORE


class ProviderError(PrmeError):
    """A resolver or gate provider failed (network, protocol, model mismatch)."""

    exit_status = ExitStatus.PROVIDER


class Interrupted(Exception):
    """Ctrl-C, with lines saying what was done before it (the command line exits 130).

    Not a :class:`KeyboardInterrupt`, so that it reaches the error boundary as it is instead
    of being swallowed on the way by the argument parser's own Ctrl-C handling.
    """

    def __init__(self, details: list[str] | str | None = None) -> None:
        super().__init__("interrupted")
        self.details = [details] if isinstance(details, str) else list(details or [])


# ---------------------------------------------------------------------------------------------
# How any failure is told: one line and an exit status, for every front end (CLI, MCP server).

#: Exit status of an interrupted run (128 + SIGINT), as shells report it.
INTERRUPTED_STATUS = 130
#: What an interrupted run says (first, before what it had done).
INTERRUPTED_MESSAGE = "prme: interrupted"


def one_line(text: str) -> str:
    """A message fit for one stderr line: no newlines, no URL credentials."""
    from prme_cli.config import mask_url_userinfo

    return mask_url_userinfo(" ".join(text.split()))


def safe_str(exc: BaseException) -> str:
    """``str(exc)``, never raising: a broken ``__str__`` must not escape the boundary."""
    try:
        return str(exc)
    except Exception:  # noqa: BLE001 - the message of an exception can itself be broken
        return ""


def sqlite_problem(exc: sqlite3.Error) -> str:
    """What an SQLite error means for the user's store, said plainly."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    detail = safe_str(exc)
    if name.startswith("SQLITE_FULL") or "disk is full" in detail:
        return f"disk full: {detail} (nothing half-written was kept; free space and run again)"
    if name.startswith("SQLITE_READONLY") or "readonly database" in detail:
        return f"read-only location: {detail} (the store cannot be written there)"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"{detail} (another process kept the store locked; try again)"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return f"the store is damaged: {detail} (`prme doctor` checks it)"
    return detail or type(exc).__name__


def describe_failure(exc: BaseException) -> tuple[str, int]:
    """The one-line message and SPEC §5 exit status for anything a command raised.

    Every exception class has an answer here, so none can reach the user as a traceback:
    prme's own errors carry their status; SQLite errors are store errors (3); a full disk is a
    store error wherever it shows up; input the program cannot hold (nested too deeply, too
    large for memory) is bad input (2); any other error is a defect of prme, reported as an
    internal error with status 2 rather than blamed on the store.
    """
    import errno

    if isinstance(exc, PrmeError):
        return f"prme: error: {safe_str(exc)}", int(exc.exit_status)
    if isinstance(exc, KeyboardInterrupt | Interrupted):
        return INTERRUPTED_MESSAGE, INTERRUPTED_STATUS
    if isinstance(exc, sqlite3.Error):
        return f"prme: error: store: {sqlite_problem(exc)}", int(ExitStatus.STORE)
    if isinstance(exc, RecursionError):
        return (
            "prme: error: the input is nested too deeply to read (Python's recursion limit)",
            int(ExitStatus.USAGE),
        )
    if isinstance(exc, MemoryError):
        return "prme: error: out of memory: the input is too large", int(ExitStatus.USAGE)
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        reason = exc.strerror or safe_str(exc) or type(exc).__name__
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return f"prme: error: disk full: {where}{reason}", int(ExitStatus.STORE)
        return f"prme: error: {where}{reason}", int(ExitStatus.USAGE)
    detail = safe_str(exc)
    message = f"prme: internal error: {type(exc).__name__}{': ' + detail if detail else ''}"
    return (
        message + " (a defect of prme; please report it with the command that caused it)",
        int(ExitStatus.USAGE),
    )
