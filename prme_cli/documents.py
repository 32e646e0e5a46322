"""The JSON documents of ``--format json``, built once for every front end.

The command line prints these and the MCP server returns them as tool results, so a script
running ``prme since today --format json`` and an agent calling the ``since`` tool read the
same object, field for field. The shapes are the README's documented schemas (SPEC §5, §6):
rows are ``Row.to_json``, a context is ``Bundle.to_json``, a relation is
:func:`prme_cli.service.relate_json`, one object is :func:`prme_cli.query.get_object`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prme_cli.ingest import IngestReport
    from prme_cli.log import Log
    from prme_cli.query import Filters, Row
    from prme_cli.service import ContextOutcome
    from prme_cli.timeexpr import Found


def _zone_name(tz: tzinfo) -> str:
    from prme_cli.timeexpr import zone_name

    return zone_name(tz)


def query_document(
    command: str,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    *,
    now: datetime,
    tz: tzinfo,
    expressions: Mapping[str, str] | None = None,
    text: str | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """The ``query`` part of a results document: the resolved window and the filters."""
    doc: dict[str, Any] = {
        "command": command,
        "now": now.isoformat(),
        "tz": _zone_name(tz),
        "window": None,
        "text": text,
        "by": ",".join(filters.bases),
        "bases": list(filters.bases),
        "filters": {
            "type": list(filters.types),
            "todo": list(filters.todos),
            "tag": list(filters.tags),
            "file": list(filters.files),
            "include_deleted": filters.include_deleted,
            "include_archived": filters.include_archived,
            "inherit": filters.inherit,
        },
        "max_results": limit,
    }
    if window is not None:
        # `since` runs up to now inclusive (its end is now plus one microsecond internally);
        # `range` is half-open at the end of UNTIL. Say which, rather than print the epsilon.
        inclusive = window[1].microsecond == 1 and command != "range"
        end = window[1] - timedelta(microseconds=1) if inclusive else window[1]
        doc["window"] = {
            "start": window[0].isoformat(),
            "end": end.isoformat(),
            "end_inclusive": inclusive,
        }
        doc["window"].update(expressions or {})
    return doc


def results_document(
    query: Mapping[str, Any], results: Sequence[Mapping[str, Any]], total: int | None = None
) -> dict[str, Any]:
    """``since``/``range``/``query`` rows: ``{"query", "count", "total", "truncated",
    "results"}``; ``total`` is how many matched before a limit cut them (default: all)."""
    total = len(results) if total is None else total
    return {
        "query": query,
        "count": len(results),
        "total": total,
        "truncated": total > len(results),
        "results": list(results),
    }


def rows_json(rows: Sequence[Row], tz: tzinfo) -> list[dict[str, Any]]:
    """Each row's documented JSON shape, times in ``tz``."""
    return [row.to_json(tz) for row in rows]


def context_document(outcome: ContextOutcome) -> dict[str, Any]:
    """``query --context``: the packed bundle, and the relation when the stage ran."""
    doc = outcome.bundle.to_json()
    if outcome.relation is not None:
        doc["temporal_relation"] = outcome.relation
    return doc


def when_document(
    expression: str,
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
) -> dict[str, Any]:
    """One ``prme when`` object; an expression that cannot be read carries ``"error"``."""
    from prme_cli.errors import TimeExpressionError
    from prme_cli.timeexpr import resolve

    name = _zone_name(tz)
    try:
        window = resolve(expression, now, tz, dayfirst=dayfirst, week_start=week_start)
    except TimeExpressionError as exc:
        return {"expression": expression, "now": now.isoformat(), "tz": name, "error": str(exc)}
    return window.to_json(now, name)


def when_batch_document(
    docs: Sequence[Mapping[str, Any]], now: datetime, tz: tzinfo
) -> dict[str, Any]:
    """Several ``prme when`` objects in one object (``prme when A B --format json`` prints
    them as an array; a tool's structured result must be an object, as for ``find``)."""
    return {"now": now.isoformat(), "tz": _zone_name(tz), "count": len(docs), "results": list(docs)}


def found_json(found: Found, line: int = 1) -> dict[str, Any]:
    """One time expression found in text (SPEC §4.4): where it is and what it resolves to."""
    doc: dict[str, Any] = {
        "line": line,
        "offset": found.offset,
        "length": found.length,
        "text": found.text,
        "kind": found.kind,
    }
    if found.seconds is not None:
        # a duration has a length, not a place in time: a number (whole when it is whole)
        seconds = found.seconds
        doc["seconds"] = int(seconds) if seconds == seconds.to_integral_value() else float(seconds)
    else:
        doc["start"] = found.start.isoformat() if found.start else None
        doc["end"] = found.end.isoformat() if found.end else None
    doc["grain"] = found.grain
    doc["approximate"] = found.approximate
    return doc


def find_document(
    texts: Sequence[str],
    now: datetime,
    tz: tzinfo,
    *,
    dayfirst: bool = False,
    week_start: int = 0,
) -> dict[str, Any]:
    """Every time expression in each text (``line`` is the 1-based text number)."""
    from prme_cli.timeexpr import find

    results = [
        found_json(found, line)
        for line, text in enumerate(texts, start=1)
        for found in find(text, now, tz, dayfirst=dayfirst, week_start=week_start)
    ]
    return {"now": now.isoformat(), "tz": _zone_name(tz), "count": len(results), "results": results}


def log_document(
    query: Mapping[str, Any], log: Log, tz: tzinfo, *, by_task: bool = False
) -> dict[str, Any]:
    """``prme log``: the query (with ``by_task``), then the log's count, total, days, tasks."""
    return {"query": {**query, "by_task": by_task}, **log.to_json(tz)}


def ingest_document(report: IngestReport) -> dict[str, Any]:
    """What one ingest run did: its counters, error lines and warnings."""
    from dataclasses import asdict

    return asdict(report)
