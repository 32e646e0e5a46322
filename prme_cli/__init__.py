"""prme: evidence-bound temporal memory over org-mode notes.

The package is a library first; :mod:`prme_cli.cli` is a thin Typer layer over it. The public
API is what ``__all__`` lists (see :mod:`prme_cli.api` for each call)::

    from prme_cli import Store, ingest_paths, since

    with Store.open("notes.sqlite3") as store:
        ingest_paths(store, ["~/org"])
        for row in since(store, "yesterday"):
            print(row.title)

Names are imported on first use, not here, so that ``prme since today`` starts fast.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # loaded at start-up (signal is not)
import sys
from os import _exit

#: Ctrl-Cs that came while the ``prme`` command was still loading (see prme_cli.interrupts).
_CTRL_C_WHILE_LOADING: list[int] = []


def _ctrl_c_while_loading(signum: int, frame: object) -> None:
    """Record a Ctrl-C for the error boundary to answer; a second one stops at once."""
    if _CTRL_C_WHILE_LOADING:
        sys.stderr.write("prme: interrupted\n")
        _exit(130)
    _CTRL_C_WHILE_LOADING.append(signum)


def _guard_loading() -> None:
    """From here on a Ctrl-C is recorded, not raised as a traceback, until the command line's
    error boundary takes SIGINT over (``prme_cli.interrupts.begin``) and answers it."""
    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _ctrl_c_while_loading)


# The first thing the `prme` console script runs (`python -m prme_cli` guards in __main__.py).
# A library user's program, whatever else it is called, keeps Python's own handler.
if getattr(sys, "argv", None) and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] in (
    "prme",
    "prme.exe",
    "prme-script.py",
):
    _guard_loading()

from typing import TYPE_CHECKING, Any  # after the Ctrl-C guard, on purpose

__version__ = "0.1.0"

__all__ = [
    "Filters",
    "Found",
    "Log",
    "PrmeError",
    "Row",
    "Store",
    "TimeExpressionError",
    "Window",
    "daily_log",
    "find_times",
    "ingest_paths",
    "pack_context",
    "range",
    "relate_question",
    "resolve_time",
    "search",
    "since",
]

#: Where each public name lives (imported lazily by :func:`__getattr__`).
_HOMES = {
    "Store": "prme_cli.store",
    "Filters": "prme_cli.query",
    "Row": "prme_cli.query",
    "Window": "prme_cli.timeexpr",
    "PrmeError": "prme_cli.errors",
    "TimeExpressionError": "prme_cli.errors",
    "Found": "prme_cli.timeexpr",
    "Log": "prme_cli.log",
    "daily_log": "prme_cli.api",
    "find_times": "prme_cli.api",
    "ingest_paths": "prme_cli.api",
    "pack_context": "prme_cli.api",
    "search": "prme_cli.api",
    "range": "prme_cli.api",
    "relate_question": "prme_cli.api",
    "resolve_time": "prme_cli.api",
    "since": "prme_cli.api",
}

if TYPE_CHECKING:
    from prme_cli.api import (
        daily_log,
        find_times,
        ingest_paths,
        pack_context,
        range,
        relate_question,
        resolve_time,
        search,
        since,
    )
    from prme_cli.errors import PrmeError, TimeExpressionError
    from prme_cli.log import Log
    from prme_cli.query import Filters, Row
    from prme_cli.store import Store
    from prme_cli.timeexpr import Found, Window


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'prme_cli' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
