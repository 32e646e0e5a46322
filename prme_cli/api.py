"""The public library API: what a program needs from prme without its command line.

Each call takes an open :class:`~prme_cli.store.Store` and, where time matters, the reference
time and zone as arguments (``now=None`` is the real clock, ``tz=None`` the system zone, a zone
may be given by name). They return the same objects the CLI renders: :class:`Row` for query
results (``row.to_json(tz)`` is the ``--format json`` row), :class:`Window` for a resolved
expression, :class:`Bundle` for a packed context, and the ``relate --format json`` document.
Nothing here prints, reads the user's configuration file or environment, or imports typer.

``since`` and ``range`` are named as the commands are (inside this module the builtin
``range`` is not used). The ``ingest``, ``query`` and ``relate`` commands are
:func:`ingest_paths`, :func:`search` and :func:`relate_question`, because ``prme_cli.ingest``,
``prme_cli.query`` and ``prme_cli.relate`` are the modules that implement them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prme_cli.context import Bundle
    from prme_cli.ingest import IngestReport
    from prme_cli.log import Log
    from prme_cli.query import Filters, Row
    from prme_cli.store import Store
    from prme_cli.timeexpr import Found, Window


def _zone(tz: tzinfo | str | None) -> tzinfo:
    from prme_cli.timeexpr import zone

    return tz if isinstance(tz, tzinfo) else zone(tz)


def _now(now: datetime | str | None, tz: tzinfo, dayfirst: bool = False) -> datetime:
    from prme_cli.timeexpr import parse_now

    if isinstance(now, datetime):
        return now if now.tzinfo is not None else now.replace(tzinfo=tz)
    return parse_now(now, tz, dayfirst=dayfirst)


def _filters(filters: Filters | None) -> Filters:
    from prme_cli.query import Filters

    return filters if filters is not None else Filters()


def ingest_paths(
    store: Store,
    paths: Sequence[str | Path],
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    glob: str = "*.org",
    exclude: Sequence[str] = (),
    include_archived: bool = False,
    todo_keywords: Sequence[str] = ("TODO", "|", "DONE"),
    dayfirst: bool = False,
) -> IngestReport:
    """Read org files and directories into ``store``; ``now`` is the ingest (version) time.

    Each path is recorded as a root, so a later call with the same paths re-ingests them and
    tombstones what vanished. Unreadable files are listed in the report's ``errors``.
    """
    from prme_cli import ingest

    zone = _zone(tz)
    return ingest.ingest_paths(
        store,
        list(paths),
        now=_now(now, zone, dayfirst),
        glob=glob,
        exclude=exclude,
        include_archived=include_archived,
        todo_keywords=todo_keywords,
        dayfirst=dayfirst,
    )


def since(
    store: Store,
    when: str,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    filters: Filters | None = None,
    reverse: bool = False,
    limit: int | None = None,
    week_start: int = 0,
    dayfirst: bool = False,
) -> list[Row]:
    """``prme since WHEN``: objects whose time falls in ``[start(WHEN), now]``, oldest first."""
    from prme_cli.query import select
    from prme_cli.timeexpr import since_window

    zone = _zone(tz)
    window = since_window(
        when, _now(now, zone, dayfirst), zone, dayfirst=dayfirst, week_start=week_start
    )
    return select(store, window=window, filters=_filters(filters), reverse=reverse, limit=limit)


def range(
    store: Store,
    since: str,
    until: str,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    filters: Filters | None = None,
    reverse: bool = False,
    limit: int | None = None,
    week_start: int = 0,
    dayfirst: bool = False,
) -> list[Row]:
    """``prme range SINCE UNTIL``: objects in ``[start(SINCE), end(UNTIL))`` (UNTIL inclusive)."""
    from prme_cli.query import select
    from prme_cli.timeexpr import range_window

    zone = _zone(tz)
    window = range_window(
        since, until, _now(now, zone, dayfirst), zone, dayfirst=dayfirst, week_start=week_start
    )
    return select(store, window=window, filters=_filters(filters), reverse=reverse, limit=limit)


def daily_log(
    store: Store,
    when: str = "today",
    until: str | None = None,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    filters: Filters | None = None,
    reverse: bool = False,
    week_start: int = 0,
    dayfirst: bool = False,
) -> Log:
    """``prme log [WHEN [UNTIL]]``: CLOSED stamps, state changes, notes and CLOCK time in the
    period WHEN names (``[start(WHEN), end(UNTIL))`` with UNTIL), grouped by day, with the time
    clocked per task and per day (``log.days``, ``log.tasks``, ``log.seconds``;
    ``log.to_json(tz)`` is the ``--format json`` document without its ``query``). The
    module ``prme_cli.log`` implements it, hence the name."""
    from prme_cli.log import build_log
    from prme_cli.timeexpr import range_window

    zone = _zone(tz)
    reference = _now(now, zone, dayfirst)
    window = range_window(
        when,
        until if until is not None else when,
        reference,
        zone,
        dayfirst=dayfirst,
        week_start=week_start,
    )
    return build_log(store, window, now=reference, filters=_filters(filters), reverse=reverse)


def _window(
    since: str | None,
    until: str | None,
    now: datetime,
    tz: tzinfo,
    week_start: int,
    dayfirst: bool = False,
) -> tuple[datetime, datetime] | None:
    from prme_cli.options import query_window

    window, _ = query_window(
        since, until, now, tz, week_start=week_start, dayfirst=dayfirst, flag=str
    )
    return window


def search(
    store: Store,
    text: str | None = None,
    *,
    since: str | None = None,
    until: str | None = None,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    filters: Filters | None = None,
    fts: bool = False,
    reverse: bool = False,
    limit: int | None = 20,
    week_start: int = 0,
    dayfirst: bool = False,
) -> list[Row]:
    """``prme query``: words (each quoted, ANDed) ranked by BM25, optionally within a window."""
    from prme_cli.query import select

    zone = _zone(tz)
    window = _window(since, until, _now(now, zone, dayfirst), zone, week_start, dayfirst)
    return select(
        store,
        window=window,
        text=text,
        fts=fts,
        filters=_filters(filters),
        reverse=reverse,
        limit=limit,
    )


def pack_context(
    store: Store,
    text: str | None = None,
    *,
    since: str | None = None,
    until: str | None = None,
    budget: int = 4096,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    filters: Filters | None = None,
    config: Mapping[str, Any] | None = None,
    week_start: int = 0,
    reverse: bool = False,
    dayfirst: bool = False,
) -> Bundle:
    """``prme query … --context``: the matching notes packed into ``budget`` cl100k tokens.

    ``bundle.context`` is the text for the prompt; ``tokens_used``, ``excluded_ids`` and
    ``saving`` are its accounting. Without text, what happened in the window is packed
    first, newest first (``reverse``: oldest first). With ``config`` enabling
    ``temporal_relation`` a temporal question also runs the relate stage, as the CLI does.
    """
    from prme_cli import config as config_module
    from prme_cli.service import context_for_query

    zone = _zone(tz)
    reference = _now(now, zone, dayfirst)
    outcome = context_for_query(
        store,
        config if config is not None else config_module.defaults(),
        text=text,
        window=_window(since, until, reference, zone, week_start, dayfirst),
        filters=_filters(filters),
        fts=False,
        budget=budget,
        limit=None,
        now=reference,
        tz=zone,
        reverse=reverse,
    )
    return outcome.bundle


def relate_question(
    store: Store,
    question: str,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    budget: int = 4096,
    config: Mapping[str, Any] | None = None,
    save_receipt: bool = False,
) -> dict[str, Any]:
    """``prme relate``: the ``--format json`` document for a temporal question.

    ``document["status"] == "accepted"`` means ``document["value"]`` was computed in code from
    the cited ``evidence_ids``; any other status is a refusal (its reason is in ``metadata``).
    The default configuration is the offline symbolic resolver and gate. Receipts are kept
    only when ``save_receipt`` is true.
    """
    from prme_cli import config as config_module
    from prme_cli.service import relate as run_relate

    zone = _zone(tz)
    result = run_relate(
        store,
        config if config is not None else config_module.defaults(),
        question,
        now=_now(now, zone),
        tz=zone,
        budget=budget,
        save_receipt=save_receipt,
    )
    return result.document


def resolve_time(
    expression: str,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    dayfirst: bool = False,
    week_start: int = 0,
) -> Window:
    """``prme when EXPR``: one expression as a half-open window with its grain.

    Raises :class:`~prme_cli.errors.TimeExpressionError` for text it cannot read.
    """
    from prme_cli.timeexpr import resolve

    zone = _zone(tz)
    return resolve(
        expression, _now(now, zone, dayfirst), zone, dayfirst=dayfirst, week_start=week_start
    )


def find_times(
    text: str,
    *,
    now: datetime | str | None = None,
    tz: tzinfo | str | None = None,
    dayfirst: bool = False,
    week_start: int = 0,
) -> list[Found]:
    """``prme when --find``: every time expression in ``text``, left to right, resolved."""
    from prme_cli.timeexpr import find

    zone = _zone(tz)
    return find(text, _now(now, zone, dayfirst), zone, dayfirst=dayfirst, week_start=week_start)
