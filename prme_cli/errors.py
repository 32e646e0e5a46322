"""Exit statuses and the exceptions that map onto them.

One place decides how a failure becomes an exit code and a one-line message (the CLI's error
boundary catches :class:`PrmeError`); library code raises these instead of printing.
"""

from __future__ import annotations

import enum


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
