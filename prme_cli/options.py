"""The rules of the read commands' options, shared by every front end (CLI, MCP server).

An option means the same thing wherever it is given: ``--max-results 0`` on the command line
and ``"max_results": 0`` in an MCP tool call are both "no limit", and a bad value is the same
:class:`~prme_cli.errors.UsageError`. Only the name in the message differs: each helper takes
``flag``, which spells an option name the way the caller's user wrote it (``--max-results``
for the CLI, ``max_results`` for a tool call).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

from prme_cli.errors import UsageError
from prme_cli.model import TIMESTAMP_KINDS

if TYPE_CHECKING:
    from prme_cli.query import Filters

#: Values of ``--by``: the three bases, then every timestamp kind (SPEC §4.3) but ``diary``
#: (a diary sexp is kept raw and never matches a window).
BY_CHOICES: tuple[str, ...] = (
    "event",
    "changed",
    "any",
    *(kind for kind in TIMESTAMP_KINDS if kind != "diary"),
)
TYPE_CHOICES: tuple[str, ...] = ("heading", "file")

Flag = Callable[[str], str]


def cli_flag(name: str) -> str:
    """``max_results`` → ``--max-results``: how the command line spells an option."""
    return "--" + name.replace("_", "-")


def make_filters(
    by: str | Sequence[str] | None = "event",
    types: Sequence[str] | None = None,
    todos: Sequence[str] | None = None,
    tags: Sequence[str] | None = None,
    files: Sequence[str] | None = None,
    include_deleted: bool = False,
    include_archived: bool = False,
    inherit: bool = False,
    *,
    flag: Flag = cli_flag,
) -> Filters:
    """The filters shared by ``since``, ``range`` and ``query``, checked. ``by`` is one time
    basis or several (their union; none is ``event``)."""
    from prme_cli.query import Filters

    bases = tuple(dict.fromkeys([by] if isinstance(by, str) else (by or ()))) or ("event",)
    for basis in bases:
        if basis not in BY_CHOICES:
            raise UsageError(
                f"unknown {flag('by')} {basis!r} (choose from {', '.join(BY_CHOICES)})"
            )
    for t in types or ():
        if t not in TYPE_CHOICES:
            raise UsageError(f"unknown {flag('type')} {t!r} (choose heading or file)")
    return Filters(
        by=bases[0] if len(bases) == 1 else bases,
        types=tuple(types or ()),
        todos=tuple(todos or ()),
        tags=tuple(tags or ()),
        files=tuple(files or ()),
        include_deleted=include_deleted,
        include_archived=include_archived,
        inherit=inherit,
    )


def result_limit(
    max_results: int | None, default: int | None, *, flag: Flag = cli_flag
) -> int | None:
    """``--max-results``: unset is the command's default, 0 is no limit, negative is an error."""
    if max_results is None:
        return default
    if max_results < 0:
        raise UsageError(f"{flag('max_results')} must be ≥ 0 (0 means no limit)")
    return None if max_results == 0 else max_results


def budget_tokens(budget: int | None, default: int, *, flag: Flag = cli_flag) -> int:
    """``--budget``: unset is the configured ``context.budget``; negative is an error."""
    value = default if budget is None else budget
    if value < 0:
        raise UsageError(f"{flag('budget')} must be ≥ 0")
    return value


def query_window(
    since: str | None,
    until: str | None,
    now: datetime,
    tz: tzinfo,
    *,
    week_start: int = 0,
    dayfirst: bool = False,
    flag: Flag = cli_flag,
) -> tuple[tuple[datetime, datetime] | None, dict[str, str]]:
    """``query --since A [--until B]``: the window and the expressions that made it.

    ``--since A --until B`` is ``range A B``, ``--since A`` alone is ``since A``; ``--until``
    alone is an error (a closed window has both ends).
    """
    from prme_cli.timeexpr import range_window, since_window

    if until is not None and since is None:
        raise UsageError(
            f"{flag('until')} needs {flag('since')} (use `prme range` for a closed window)"
        )
    if since is not None and until is not None:
        window = range_window(since, until, now, tz, dayfirst=dayfirst, week_start=week_start)
        return window, {"since": since, "until": until}
    if since is not None:
        window = since_window(since, now, tz, dayfirst=dayfirst, week_start=week_start)
        return window, {"since": since}
    return None, {}


def check_text(text: str | None, fts: bool, *, flag: Flag = cli_flag) -> None:
    """``--fts`` reads TEXT as a raw FTS5 expression, so it needs one."""
    if fts and not text:
        raise UsageError(f"{flag('fts')} needs a TEXT expression")
