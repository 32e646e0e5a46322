"""prme's MCP tools: each one's JSON schema and what a call does, without the SDK.

A tool call is a command run: the same library calls as the CLI's, the same option rules
(:mod:`prme_cli.options`, with option names spelt as the tool's arguments) and the same
``--format json`` documents (:mod:`prme_cli.documents`). Keeping this module free of the
SDK keeps :mod:`prme_cli.mcp.server` a thin transport and lets the rules be tested directly.

The server opens the store once (:class:`Session`) and answers every call from it. Reads run
in one read transaction each (:meth:`~prme_cli.store.Store.snapshot`), so a ``prme ingest``
committing file after file in another process is seen whole or not at all within one answer,
and fully by the next call. If the store file is replaced (removed and ingested anew), the
session notices and opens the new one.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from prme_cli.errors import ExitStatus, PrmeError, UsageError
from prme_cli.log import LOG_KINDS
from prme_cli.options import BY_CHOICES, TYPE_CHOICES

if TYPE_CHECKING:
    from prme_cli.query import Filters
    from prme_cli.store import Store

Arguments = Mapping[str, Any]


class NoResult(PrmeError):
    """What the CLI answers with exit 1 and a message (``show`` of an unknown id)."""

    exit_status = ExitStatus.NO_RESULTS


class Session:
    """What every call shares: the effective configuration, the zone, the open store."""

    def __init__(
        self,
        cfg: Mapping[str, Any],
        *,
        note: Callable[[str], None] | None = None,
        now_flag: str | None = None,
    ):
        from prme_cli.config import store_path, week_start_index
        from prme_cli.timeexpr import zone

        self.cfg = cfg
        self.tz = zone(cfg.get("tz"))
        self.path = store_path(cfg)
        self.week_start = week_start_index(cfg)
        #: The dayfirst setting, honoured by every tool (a call's own argument wins).
        self.dayfirst = bool(cfg.get("dayfirst", False))
        self.note = note or _note
        #: ``--now`` as given to ``prme mcp`` (not PRME_NOW): the only fixed ingest time.
        self.now_flag = now_flag
        self._store: Store | None = None
        self._identity: tuple[int, int] | None = None

    def now(self, given: str | None) -> datetime:
        """The call's reference time: its ``now`` argument, else ``--now``, else the clock.

        Read per call: a server that runs for days must not answer "today" with its start day.
        """
        from prme_cli.timeexpr import parse_now

        given = given if given is not None else self.cfg.get("now")
        return parse_now(given, self.tz, dayfirst=self.dayfirst)

    def ingest_now(self) -> datetime:
        """The ingest (version) time: the server's explicit ``--now``, else the clock at the
        call — never ``PRME_NOW``, as for ``prme ingest``."""
        from prme_cli.timeexpr import parse_now

        return parse_now(self.now_flag, self.tz, dayfirst=self.dayfirst)

    def store(self) -> Store:
        """The store, opened on first use and kept; reopened if its file was replaced."""
        from prme_cli.store import Store

        identity = _file_identity(self.path)
        if self._store is not None and identity == self._identity:
            return self._store
        if self._store is not None:
            self._store.close()
            self._store = None
        self._store = Store.open(self.path, create=False)
        self._identity = _file_identity(self.path)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


def _note(line: str) -> None:
    """What leaves the machine, said where the CLI says it: stderr (the client's log)."""
    sys.stderr.write(f"prme: note: {line}\n")


def _file_identity(path: Any) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


@dataclass(frozen=True, eq=False)
class Tool:
    """One MCP tool: its name, what it is for, its argument schema and its handler."""

    name: str
    title: str
    description: str
    properties: Mapping[str, Any]
    required: tuple[str, ...]
    handler: Callable[[Session, Arguments], dict[str, Any]]
    read_only: bool = True
    #: May take long for reasons other than the store's size — a provider's answer, the
    #: tokenizer's first load, parsing files — so the server runs it on a worker thread and
    #: keeps answering pings meanwhile; the other tools read the store and run in line.
    slow: bool = False

    @property
    def input_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": dict(self.properties),
            "required": list(self.required),
            "additionalProperties": False,
        }


# ---------------------------------------------------------------------------------------------
# Argument schemas, defined once and shared as the CLI shares its options.


def _strings(description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}, "description": description}


_WHEN_HELP = (
    "A time expression, as on the command line: today, yesterday, 'last monday', "
    "'3 days ago', 'this month', 'christmas', 2026-11-01, -7d."
)
NOW_PROPERTY = {
    "now": {
        "type": "string",
        "description": (
            "Reference time (ISO date or datetime, or any absolute expression). Default: the "
            "server's --now, else the current time."
        ),
    }
}
FILTER_PROPERTIES: dict[str, Any] = {
    "by": {
        "anyOf": [
            {"type": "string", "enum": list(BY_CHOICES)},
            {
                "type": "array",
                "items": {"type": "string", "enum": list(BY_CHOICES)},
                "minItems": 1,
            },
        ],
        "default": "event",
        "description": (
            "What 'time' means: event (any timestamp of the note or its event time), changed "
            "(when the note was last edited, by ingest version), any, or one timestamp kind; "
            "a list is their union, like the CLI's repeated --by."
        ),
    },
    "type": {
        "type": "array",
        "items": {"type": "string", "enum": list(TYPE_CHOICES)},
        "description": "Object types to keep: heading, file (any of).",
    },
    "todo": _strings("TODO states to keep, e.g. DONE (any of)."),
    "tag": _strings("Tags every result must carry (all of)."),
    "file": _strings(
        "File patterns (any of): a glob with * ? [ matched against the path, else a substring."
    ),
    "include_deleted": {
        "type": "boolean",
        "default": False,
        "description": "Include tombstoned objects.",
    },
    "include_archived": {
        "type": "boolean",
        "default": False,
        "description": "Include archived and COMMENT subtrees.",
    },
    "inherit": {
        "type": "boolean",
        "default": False,
        "description": (
            "Let a heading match by an ordinary dated ancestor's time too (journal days and "
            "daily files always count)."
        ),
    },
    "reverse": {"type": "boolean", "default": False, "description": "Newest first."},
}


def _one_or_more(description: str) -> dict[str, Any]:
    """A string, or a non-empty list of them (the command line's ``EXPR…``)."""
    return {
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": "string"}, "minItems": 1},
        ],
        "description": description,
    }


def _max_results(default: str) -> dict[str, Any]:
    return {
        "max_results": {
            "type": "integer",
            "minimum": 0,
            "description": f"At most this many rows; 0 = no limit. Default: {default}.",
        }
    }


# ---------------------------------------------------------------------------------------------
# Handlers: the CLI's steps, in the CLI's order, returning the CLI's JSON documents.


def _filters(args: Arguments) -> Filters:
    from prme_cli.options import make_filters

    return make_filters(
        args.get("by", "event"),
        args.get("type"),
        args.get("todo"),
        args.get("tag"),
        args.get("file"),
        bool(args.get("include_deleted", False)),
        bool(args.get("include_archived", False)),
        bool(args.get("inherit", False)),
        flag=str,
    )


def _rows(
    session: Session,
    command: str,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    expressions: dict[str, str],
    now: datetime,
    args: Arguments,
    *,
    default_limit: int | None,
    text: str | None = None,
    fts: bool = False,
) -> dict[str, Any]:
    from prme_cli.documents import query_document, results_document, rows_json
    from prme_cli.options import result_limit
    from prme_cli.query import matched_total, select

    limit = result_limit(args.get("max_results"), default_limit, flag=str)
    store = session.store()
    with store.snapshot():
        rows = select(
            store,
            window=window,
            text=text,
            fts=fts,
            filters=filters,
            reverse=bool(args.get("reverse", False)),
            limit=limit,
        )
        total = matched_total(
            store, len(rows), limit, window=window, text=text, fts=fts, filters=filters
        )
    query = query_document(
        command,
        window,
        filters,
        now=now,
        tz=session.tz,
        expressions=expressions,
        text=text,
        limit=limit,
    )
    return results_document(query, rows_json(rows, session.tz), total)


def _since(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.timeexpr import since_window

    now = session.now(args.get("now"))
    filters = _filters(args)
    window = since_window(
        args["when"], now, session.tz, dayfirst=session.dayfirst, week_start=session.week_start
    )
    return _rows(
        session, "since", window, filters, {"since": args["when"]}, now, args, default_limit=None
    )


def _range(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.timeexpr import range_window

    now = session.now(args.get("now"))
    filters = _filters(args)
    since, until = args["since"], args["until"]
    window = range_window(
        since, until, now, session.tz, dayfirst=session.dayfirst, week_start=session.week_start
    )
    expressions = {"since": since, "until": until}
    return _rows(session, "range", window, filters, expressions, now, args, default_limit=None)


def _query(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.options import check_text, query_window

    now = session.now(args.get("now"))
    text = args.get("text")
    fts = bool(args.get("fts", False))
    filters = _filters(args)
    window, expressions = query_window(
        args.get("since"),
        args.get("until"),
        now,
        session.tz,
        week_start=session.week_start,
        dayfirst=session.dayfirst,
        flag=str,
    )
    check_text(text, fts, flag=str)
    if args.get("context", False):
        return _context(session, args, text, window, filters, fts, now)
    return _rows(
        session,
        "query",
        window,
        filters,
        expressions,
        now,
        args,
        default_limit=20,
        text=text,
        fts=fts,
    )


def _context(
    session: Session,
    args: Arguments,
    text: str | None,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    fts: bool,
    now: datetime,
) -> dict[str, Any]:
    from prme_cli.documents import context_document
    from prme_cli.options import budget_tokens, result_limit
    from prme_cli.service import context_for_query

    budget = budget_tokens(args.get("budget"), session.cfg["context"]["budget"], flag=str)
    # No read snapshot here: the full-dump count is cached in the store as it is computed.
    outcome = context_for_query(
        session.store(),
        session.cfg,
        text=text,
        window=window,
        filters=filters,
        fts=fts,
        budget=budget,
        limit=result_limit(args.get("max_results"), None, flag=str),
        now=now,
        tz=session.tz,
        on_egress=session.note,
    )
    return context_document(outcome)


def _relate(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.options import budget_tokens
    from prme_cli.service import relate

    now = session.now(args.get("now"))
    budget = budget_tokens(args.get("budget"), session.cfg["context"]["budget"], flag=str)
    result = relate(
        session.store(),
        session.cfg,
        args["question"],
        now=now,
        tz=session.tz,
        budget=budget,
        on_egress=session.note,
    )
    return result.document


def _log(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.documents import log_document, query_document
    from prme_cli.log import build_log
    from prme_cli.timeexpr import range_window

    now = session.now(args.get("now"))
    filters = _filters(args)
    when = args.get("when", "today")
    until = args.get("until", when)
    window = range_window(
        when, until, now, session.tz, dayfirst=session.dayfirst, week_start=session.week_start
    )
    query = query_document(
        "log", window, filters, now=now, tz=session.tz, expressions={"since": when, "until": until}
    )
    store = session.store()
    with store.snapshot():
        log = build_log(
            store, window, now=now, filters=filters, reverse=bool(args.get("reverse", False))
        )
    return log_document(query, log, session.tz, by_task=bool(args.get("by_task", False)))


class UnreadExpressions(UsageError):
    """The expressions of a ``when`` call that cannot be read: one message each, in order, as
    ``prme when A B`` prints them (and exits 2)."""

    def __init__(self, errors: Sequence[str] | str) -> None:
        first, *rest = [errors] if isinstance(errors, str) else errors
        super().__init__(first)
        self.details = rest


def _texts(given: str | Sequence[str]) -> list[str]:
    """One argument or several, as the command line's ``EXPR…``."""
    return [given] if isinstance(given, str) else list(given)


def _when(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.documents import when_batch_document, when_document

    now = session.now(args.get("now"))
    docs = [
        when_document(
            expression,
            now,
            session.tz,
            dayfirst=bool(args.get("dayfirst", session.dayfirst)),
            week_start=session.week_start,
        )
        for expression in _texts(args["expression"])
    ]
    errors = [doc["error"] for doc in docs if "error" in doc]
    if errors:
        raise UnreadExpressions(errors)
    if isinstance(args["expression"], str):
        return docs[0]
    return when_batch_document(docs, now, session.tz)


def _find(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.documents import find_document

    now = session.now(args.get("now"))
    return find_document(
        _texts(args["text"]),
        now,
        session.tz,
        dayfirst=bool(args.get("dayfirst", session.dayfirst)),
        week_start=session.week_start,
    )


def _show(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.query import get_object, resolve_id

    store = session.store()
    with store.snapshot():
        found = resolve_id(store, args["id"])
        obj = None if found is None else get_object(store, found, session.tz)
    if obj is None:
        raise NoResult(f"no object with id {args['id']!r}")
    # exactly what `prme show ID --format json` prints
    result: dict[str, Any] = json.loads(json.dumps(obj, ensure_ascii=False, default=str))
    return result


def _stats(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli.query import stats

    store = session.store()
    with store.snapshot():
        return stats(store, session.tz)


def _ingest(session: Session, args: Arguments) -> dict[str, Any]:
    from prme_cli import ingest
    from prme_cli.documents import ingest_document

    store = session.store()
    now = session.ingest_now()
    icfg = session.cfg["ingest"]
    common: dict[str, Any] = {
        "now": now,
        "glob": icfg["glob"],
        "exclude": list(icfg["exclude"]),
        "include_archived": bool(args.get("include_archived", False)) or icfg["include_archived"],
        "todo_keywords": list(session.cfg["org"]["todo_keywords"]),
        "dayfirst": session.dayfirst,
    }
    roots = ingest.known_roots(store)
    paths = list(args.get("paths") or [])
    if not paths:
        if not roots:
            raise UsageError("nothing to re-ingest: no root has been ingested yet")
        report = ingest.reingest_roots(store, **common)
    else:
        for path in paths:
            _check_under_roots(path, roots)
        report = ingest.ingest_paths(store, paths, **common)
    return ingest_document(report)


def _check_under_roots(path: str, roots: Sequence[str]) -> None:
    """An agent may refresh what the user ingested, never reach beyond it."""
    target = os.path.realpath(os.path.expanduser(path))
    for root in roots:
        real = os.path.realpath(root)
        if target == real or (os.path.isdir(real) and target.startswith(real + os.sep)):
            return
    raise UsageError(
        f"{path}: not under a root ingested before (the ingest tool only refreshes those: "
        f"{', '.join(roots) or 'none yet'})"
    )


# ---------------------------------------------------------------------------------------------
# The tool list.

_READ_TOOLS: tuple[Tool, ...] = (
    Tool(
        "since",
        "Notes since a time",
        "Org notes whose time falls in [start(when), now], oldest first: what happened or what "
        "was worked on since then. Same result as `prme since WHEN --format json`: "
        '{"query", "count", "results": [{id, title, path, file, line, todo, tags, matched, '
        "...}]}. Every match is returned unless max_results is given: pass one for a wide "
        "window, or use query with context=true to get a token-budgeted digest.",
        {
            "when": {"type": "string", "description": _WHEN_HELP},
            **FILTER_PROPERTIES,
            **_max_results("every match"),
            **NOW_PROPERTY,
        },
        ("when",),
        _since,
    ),
    Tool(
        "range",
        "Notes in a time window",
        "Org notes whose time falls in [start(since), end(until)) - until is inclusive: "
        "since=monday until=friday includes all of Friday. Same result as `prme range SINCE "
        "UNTIL --format json`. Every match is returned unless max_results is given.",
        {
            "since": {"type": "string", "description": "Start expression (its start)."},
            "until": {"type": "string", "description": "End expression (inclusive: its end)."},
            **FILTER_PROPERTIES,
            **_max_results("every match"),
            **NOW_PROPERTY,
        },
        ("since", "until"),
        _range,
    ),
    Tool(
        "query",
        "Search notes, or pack a context",
        "Words (each quoted and ANDed) ranked by BM25, optionally within a window (since alone "
        "is `since`, since and until is `range`). With context=true returns a token-budgeted "
        'context for a prompt instead of rows: {"context", "records", "excluded_ids", '
        '"tokens_used", "budget", "full_dump_tokens"} (cl100k tokens). Same result as '
        "`prme query ... --format json`.",
        {
            "text": {"type": "string", "description": "Words to search for (all must appear)."},
            "since": {"type": "string", "description": "Window start expression."},
            "until": {
                "type": "string",
                "description": "Window end expression (inclusive); needs since.",
            },
            "fts": {
                "type": "boolean",
                "default": False,
                "description": "text is a raw SQLite FTS5 expression.",
            },
            "context": {
                "type": "boolean",
                "default": False,
                "description": "Return a packed, token-counted context instead of rows.",
            },
            "budget": {
                "type": "integer",
                "minimum": 0,
                "description": "Context budget in cl100k tokens. Default: context.budget (4096).",
            },
            **FILTER_PROPERTIES,
            **_max_results("20 rows (with context: as many as fit)"),
            **NOW_PROPERTY,
        },
        (),
        _query,
        slow=True,  # `context` packs with the tokenizer, loaded on first use
    ),
    Tool(
        "log",
        "What happened, by day",
        "The log of a period, as org's agenda log mode and clocktable: CLOSED stamps, state "
        "changes, LOGBOOK notes and CLOCK time, grouped by day, with the time clocked per "
        "task, per day and in all. when alone is the whole period it names (today, "
        "yesterday, 'last week'); with until, the window runs from its start to the end of "
        'until. Same result as `prme log WHEN [UNTIL] --format json`: {"query", "count", '
        '"total", "days": [{date, clocked, entries, tasks}], "tasks"}.',
        {
            "when": {
                "type": "string",
                "default": "today",
                "description": "The period (default today); with until, the window's start.",
            },
            "until": {"type": "string", "description": "End of the window (inclusive)."},
            "by_task": {
                "type": "boolean",
                "default": False,
                "description": (
                    "The CLI's --by-task, recorded in the query: the document always holds "
                    "both the days and the per-task totals."
                ),
            },
            "by": {
                "type": "string",
                "enum": ["event", *LOG_KINDS],
                "default": "event",
                "description": "Which entries: event (all four kinds), or one kind.",
            },
            **{
                name: schema
                for name, schema in FILTER_PROPERTIES.items()
                if name not in ("by", "inherit")
            },
            **NOW_PROPERTY,
        },
        (),
        _log,
    ),
    Tool(
        "relate",
        "Answer a temporal question from cited notes",
        "A temporal question about the notes (how long between A and B, how long ago, which "
        "came first, when did ...) answered in code from cited evidence, or refused: status "
        "'accepted' means value was computed from evidence_ids; any other status is a refusal "
        "whose reason is in metadata. Never a guess. Same result as `prme relate QUESTION "
        '--format json`: {"question", "reference_time", "status", "operation", "value", '
        '"evidence_ids", "context", "tokens_used", "budget", "metadata"}. Keeps a receipt, '
        "as prme relate does.",
        {
            "question": {"type": "string", "description": "The question, in English."},
            "budget": {
                "type": "integer",
                "minimum": 0,
                "description": "Context budget in cl100k tokens. Default: context.budget (4096).",
            },
            **NOW_PROPERTY,
        },
        ("question",),
        _relate,
        slow=True,  # providers, the tokenizer and the dictionary
    ),
    Tool(
        "when",
        "Resolve a time expression",
        "How a time expression resolves: its half-open window [start, end) and grain. Same "
        'result as `prme when EXPR --format json`: {"expression", "now", "tz", "start", '
        '"end", "grain"}. A list of expressions resolves each, as `prme when A B`: {"now", '
        '"tz", "count", "results": [one object each]}. An expression prme cannot read is an '
        "error naming it.",
        {
            "expression": _one_or_more(
                _WHEN_HELP + " Or a list of them, resolved together against the same now."
            ),
            "dayfirst": {
                "type": "boolean",
                "default": False,
                "description": "Read 03/11/2026 as 3 November.",
            },
            **NOW_PROPERTY,
        },
        ("expression",),
        _when,
    ),
    Tool(
        "find",
        "Find time expressions in text",
        "Every time expression inside free text, resolved against now: "
        '{"now", "tz", "count", "results": [{line, offset, length, text, kind, start, end, '
        "grain, approximate}]} (a duration carries seconds instead of start and end). Several "
        "texts are searched together, line being the 1-based number of the text, as "
        "`prme when --find A B`.",
        {
            "text": _one_or_more("Free text, e.g. a sentence from a note; or a list of texts."),
            "dayfirst": {
                "type": "boolean",
                "default": False,
                "description": "Read 03/11/2026 as 3 November.",
            },
            **NOW_PROPERTY,
        },
        ("text",),
        _find,
    ),
    Tool(
        "show",
        "One note in full",
        "One object by id (from a result's id or a relate evidence id): every field, every "
        "timestamp, its version history, children and file. Same result as `prme show ID "
        "--format json`. An unknown id is an error.",
        {"id": {"type": "string", "description": "Object id."}},
        ("id",),
        _show,
    ),
    Tool(
        "stats",
        "Store statistics",
        "Counts of files, objects, headings, tombstones and timestamps by kind, the event-time "
        "range, the last ingest, the roots and store facts. Same result as `prme stats "
        "--format json`.",
        {},
        (),
        _stats,
    ),
)

INGEST_TOOL = Tool(
    "ingest",
    "Re-ingest org files",
    "Re-read org files into the store. Without paths, every root ingested before (as `prme "
    "ingest` from cron); with paths, only files or folders under those roots. Returns the "
    "run's counters, errors and warnings. Enabled by mcp.allow_ingest = true.",
    {
        "paths": _strings("Files or folders under roots ingested before. Default: every root."),
        "include_archived": {
            "type": "boolean",
            "default": False,
            "description": "Keep archived and COMMENT subtrees.",
        },
    },
    (),
    _ingest,
    read_only=False,
    slow=True,
)


def available_tools(cfg: Mapping[str, Any]) -> tuple[Tool, ...]:
    """The tools this configuration offers: read-only ones, and ``ingest`` when allowed."""
    if cfg["mcp"]["allow_ingest"]:
        return (*_READ_TOOLS, INGEST_TOOL)
    return _READ_TOOLS


@functools.cache
def _validator(tool: Tool) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(tool.input_schema)


def check_arguments(tool: Tool, args: Arguments) -> dict[str, Any]:
    """Arguments checked against the tool's schema, as the CLI's parser checks its options.

    A ``null`` is an argument not given (agents send them for optional ones); a whole number
    written as ``5.0`` is ``5``.
    """
    from jsonschema.exceptions import best_match

    given = {name: value for name, value in args.items() if value is not None}
    unknown = sorted(set(given) - set(tool.properties))
    if unknown:
        takes = ", ".join(tool.properties) or "no arguments"
        raise UsageError(
            f"{tool.name}: unknown argument {', '.join(map(repr, unknown))} ({tool.name} takes {takes})"
        )
    error = best_match(_validator(tool).iter_errors(given))
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path)
        prefix = f"{where}: " if where else ""
        raise UsageError(f"{tool.name}: invalid arguments: {prefix}{error.message}")
    for name, value in given.items():
        if tool.properties[name].get("type") == "integer":
            given[name] = int(value)
    return given


def call(session: Session, tool: Tool, args: Arguments) -> dict[str, Any]:
    """Run one tool call; a :class:`PrmeError` is the tool's error (its message says why)."""
    return tool.handler(session, check_arguments(tool, args))
