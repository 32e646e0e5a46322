"""The ``prme`` command: a thin Typer layer over the library.

It parses arguments, builds the effective configuration, calls the core and renders. Heavy
modules (rich tables, tiktoken, httpx, the org reader) are imported inside the commands that
need them, so ``prme since today --format json`` pays only for typer, sqlite3 and the query.
All failures pass through :func:`main`, the one place where exceptions become exit codes and
one-line messages.
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from prme_cli import __version__, interrupts, lazyre
from prme_cli.cli import completion
from prme_cli.errors import (
    INTERRUPTED_STATUS,
    ExitStatus,
    UsageError,
    describe_failure,
)
from prme_cli.errors import one_line as _one_line
from prme_cli.errors import safe_str as _safe_str

if TYPE_CHECKING:
    from prme_cli.query import Filters
    from prme_cli.store import Store

app = typer.Typer(
    name="prme",
    help=(
        "Evidence-bound temporal memory over org-mode notes.\n\n"
        "Global options (--store, --now, --tz, --format, --no-color, --dayfirst) may also be "
        "given after the subcommand."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
config_app = typer.Typer(
    help="Inspect the effective configuration.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(config_app, name="config")

FORMAT_NAMES = ("table", "json", "jsonl", "tsv", "org", "ids")

# Options that belong to the whole program; main() moves them in front of the subcommand so
# that `prme since today --format json` works as well as `prme --format json since today`.
_GLOBAL_WITH_VALUE = ("--store", "--now", "--tz", "--format", "-f")
_GLOBAL_FLAGS = ("--no-color", "--dayfirst")


@dataclass
class State:
    """What every command needs: the effective configuration and output settings."""

    cfg: dict[str, Any]
    fmt: str | None
    color: bool
    out_is_tty: bool
    _tz: Any = None
    _now: datetime | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: ``--now`` as given on the command line (not PRME_NOW): only it sets ingest versions.
    now_flag: str | None = None

    @property
    def tz(self) -> Any:
        if self._tz is None:
            from prme_cli.timeexpr import zone

            self._tz = zone(self.cfg.get("tz"))
        return self._tz

    @property
    def tz_name(self) -> str:
        return str(getattr(self.tz, "key", None) or self.tz)

    @property
    def now(self) -> datetime:
        if self._now is None:
            from prme_cli.timeexpr import parse_now

            self._now = parse_now(self.cfg.get("now"), self.tz, dayfirst=self.dayfirst)
        return self._now

    @property
    def dayfirst(self) -> bool:
        """Numeric dates day first (03/11/2026 is 3 November): the setting every command
        passes to the time engine, and ingest to ``#+DATE`` reading."""
        return bool(self.cfg.get("dayfirst"))

    @property
    def ingest_now(self) -> datetime:
        """The ingest (version) time: an explicit ``--now``, else the clock. ``PRME_NOW`` in
        the environment never sets it — left over in a shell, it would stamp every version
        with one fixed instant and make ``--by changed`` meaningless."""
        from prme_cli.timeexpr import parse_now

        return parse_now(self.now_flag, self.tz, dayfirst=self.dayfirst)

    @property
    def store_path(self) -> Path:
        from prme_cli.config import store_path

        return store_path(self.cfg)

    def output_format(self, allowed: tuple[str, ...] = FORMAT_NAMES) -> str:
        fmt = self.fmt or ("table" if self.out_is_tty else "tsv")
        if fmt not in allowed:
            raise UsageError(
                f"--format {fmt} is not available here (choose from {', '.join(allowed)})"
            )
        return fmt

    def open_store(self, *, create: bool = False) -> Store:
        from prme_cli.store import Store

        return Store.open(self.store_path, create=create)


def _state(ctx: typer.Context) -> State:
    obj = ctx.find_root().obj
    assert isinstance(obj, State)
    return obj


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"prme {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    store: Annotated[
        Path | None,
        typer.Option(
            "--store",
            metavar="PATH",
            help="SQLite store [env PRME_STORE; default $XDG_DATA_HOME/prme/memory.sqlite3].",
        ),
    ] = None,
    now: Annotated[
        str | None,
        typer.Option(
            "--now",
            metavar="TIME",
            help="Reference time (ISO or any absolute expression) [env PRME_NOW].",
        ),
    ] = None,
    tz: Annotated[
        str | None,
        typer.Option(
            "--tz", metavar="ZONE", help="Time zone name [env PRME_TZ; default the system zone]."
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT",
            help="table|json|jsonl|tsv|org|ids [default: table on a terminal, tsv when piped].",
            autocompletion=completion.hook(completion.complete_format),
        ),
    ] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="No colours (also NO_COLOR).")
    ] = False,
    dayfirst: Annotated[
        bool,
        typer.Option(
            "--dayfirst",
            help="Read 03/11/2026 as 3 November, in every command [env PRME_DAYFIRST; "
            "setting dayfirst].",
        ),
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    from prme_cli import config

    if fmt is not None and fmt not in FORMAT_NAMES:
        raise UsageError(f"unknown --format {fmt!r} (choose from {', '.join(FORMAT_NAMES)})")
    flags = {
        "store": str(store) if store else None,
        "now": now,
        "tz": tz,
        "dayfirst": True if dayfirst else None,
    }
    cfg = config.load(flags=flags)
    color = not no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()
    ctx.obj = State(cfg=cfg, fmt=fmt, color=color, out_is_tty=sys.stdout.isatty(), now_flag=now)


def _err(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
    except (OSError, ValueError):  # stderr closed: nowhere left to say it
        pass


# ---------------------------------------------------------------------------------------------
# Shared filter options, defined once (sqlite-utils style) and reused by since/range/query.

ByOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--by",
        metavar="BASIS",
        help="Time basis: event|changed|any or a timestamp kind (repeatable: any of them) "
        "[default: event].",
        autocompletion=completion.hook(completion.complete_by),
    ),
]
InheritOpt = Annotated[
    bool,
    typer.Option(
        "--inherit",
        help="Let a heading match by an ordinary dated ancestor's time too (journal days "
        "and daily files always count).",
    ),
]
TypeOpt = Annotated[
    list[str] | None, typer.Option("--type", metavar="TYPE", help="heading or file (repeatable).")
]
TodoOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--todo",
        metavar="STATE",
        help="TODO state, any case (repeatable: any).",
        autocompletion=completion.hook(completion.complete_todo),
    ),
]
TagOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--tag",
        metavar="TAG",
        help="Tag, any case (repeatable: all).",
        autocompletion=completion.hook(completion.complete_tag),
    ),
]
FileOpt = Annotated[
    list[str] | None,
    typer.Option("--file", metavar="PATTERN", help="File path, glob or substring (repeatable)."),
]
DeletedOpt = Annotated[bool, typer.Option("--include-deleted", help="Include tombstoned objects.")]
ArchivedOpt = Annotated[
    bool, typer.Option("--include-archived", help="Include archived/COMMENT subtrees.")
]
ReverseOpt = Annotated[bool, typer.Option("--reverse", help="Newest first.")]
MaxOpt = Annotated[
    int | None,
    typer.Option("--max-results", "-n", metavar="N", help="At most N rows (0 = no limit)."),
]


def _filters(
    by: list[str] | None,
    types: list[str] | None,
    todos: list[str] | None,
    tags: list[str] | None,
    files: list[str] | None,
    include_deleted: bool,
    include_archived: bool,
    inherit: bool = False,
) -> Filters:
    from prme_cli.options import make_filters

    return make_filters(by, types, todos, tags, files, include_deleted, include_archived, inherit)


def _limit(max_results: int | None, default: int | None) -> int | None:
    from prme_cli.options import result_limit

    return result_limit(max_results, default)


def _emit_rows(
    state: State,
    store: Store,
    rows: list[Any],
    query: dict[str, Any],
    *,
    title: str | None = None,
    limit: int | None = None,
    count_args: dict[str, Any] | None = None,
    filters: Filters | None = None,
) -> None:
    """Render rows; the total when a limit cut them; hints when filters found nothing.

    Runs with the store still open: the total (a count without the limit, only when the
    limit was reached), the table's short ids and the filter hints read it.
    """
    from prme_cli.cli import render
    from prme_cli.documents import rows_json

    fmt = state.output_format()
    from prme_cli.query import matched_total

    total = matched_total(store, len(rows), limit, **(count_args or {}))
    results = rows_json(rows, state.tz)
    short_ids = None
    if fmt == "table":
        from prme_cli.query import short_ids as shortest

        short_ids = shortest(store, results)
    render.write_results(
        sys.stdout,
        fmt,
        results,
        query,
        color=state.color,
        title=title,
        total=total,
        short_ids=short_ids,
    )
    if total > len(rows) and fmt != "json":
        _err(f"prme: note: {len(rows)} of {total} results (--max-results 0 shows all)")
    if not rows:
        if fmt == "table":
            _err("no results")
        if filters is not None:
            _say_unknown_values(store, filters)
        raise typer.Exit(ExitStatus.NO_RESULTS)


def _say_unknown_values(store: Store, filters: Filters) -> None:
    """Found nothing: name any --todo/--tag value no object has, with those that exist."""
    from prme_cli.query import unknown_filter_values

    for line in unknown_filter_values(store, filters):
        _err(f"prme: note: {line}")


def _query_doc(
    state: State,
    command: str,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    *,
    expressions: dict[str, str] | None = None,
    text: str | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    from prme_cli.documents import query_document

    return query_document(
        command,
        window,
        filters,
        now=state.now,
        tz=state.tz,
        expressions=expressions,
        text=text,
        limit=limit,
    )


def _since_window(state: State, expression: str) -> tuple[datetime, datetime]:
    from prme_cli.timeexpr import since_window

    return since_window(
        expression, state.now, state.tz, dayfirst=state.dayfirst, week_start=_week_start(state)
    )


def _range_window(state: State, since: str, until: str) -> tuple[datetime, datetime]:
    from prme_cli.timeexpr import range_window

    return range_window(
        since, until, state.now, state.tz, dayfirst=state.dayfirst, week_start=_week_start(state)
    )


def _week_start(state: State) -> int:
    from prme_cli.config import week_start_index

    return week_start_index(state.cfg)


# ---------------------------------------------------------------------------------------------
# Reading commands


@app.command()
def since(
    ctx: typer.Context,
    when: Annotated[
        str,
        typer.Argument(
            metavar="WHEN",
            help="Time expression, e.g. today, 'last monday', 2026-11-01.",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ],
    by: ByOpt = None,
    type_: TypeOpt = None,
    todo: TodoOpt = None,
    tag: TagOpt = None,
    file: FileOpt = None,
    include_deleted: DeletedOpt = False,
    include_archived: ArchivedOpt = False,
    inherit: InheritOpt = False,
    reverse: ReverseOpt = False,
    max_results: MaxOpt = None,
) -> None:
    """Objects whose time falls in [start(WHEN), now]."""
    state = _state(ctx)
    filters = _filters(by, type_, todo, tag, file, include_deleted, include_archived, inherit)
    window = _since_window(state, when)
    _window_rows(
        state,
        "since",
        window,
        filters,
        {"since": when},
        reverse,
        max_results,
        title=f"since {when}",
    )


@app.command("range")
def range_(
    ctx: typer.Context,
    since_: Annotated[
        str,
        typer.Argument(
            metavar="SINCE",
            help="Start expression (its start).",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ],
    until: Annotated[
        str,
        typer.Argument(
            metavar="UNTIL",
            help="End expression (inclusive: its end).",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ],
    by: ByOpt = None,
    type_: TypeOpt = None,
    todo: TodoOpt = None,
    tag: TagOpt = None,
    file: FileOpt = None,
    include_deleted: DeletedOpt = False,
    include_archived: ArchivedOpt = False,
    inherit: InheritOpt = False,
    reverse: ReverseOpt = False,
    max_results: MaxOpt = None,
) -> None:
    """Objects whose time falls in [start(SINCE), end(UNTIL)) — `range monday friday` includes Friday."""
    state = _state(ctx)
    filters = _filters(by, type_, todo, tag, file, include_deleted, include_archived, inherit)
    window = _range_window(state, since_, until)
    _window_rows(
        state,
        "range",
        window,
        filters,
        {"since": since_, "until": until},
        reverse,
        max_results,
        title=f"{since_} … {until}",
    )


def _window_rows(
    state: State,
    command: str,
    window: tuple[datetime, datetime],
    filters: Filters,
    expressions: dict[str, str],
    reverse: bool,
    max_results: int | None,
    *,
    title: str,
) -> None:
    """`since` and `range`: every match in the window unless --max-results is given."""
    from prme_cli.query import select

    limit = _limit(max_results, None)
    doc = _query_doc(state, command, window, filters, expressions=expressions, limit=limit)
    with state.open_store() as store:
        rows = select(store, window=window, filters=filters, reverse=reverse, limit=limit)
        _emit_rows(
            state,
            store,
            rows,
            doc,
            title=title,
            limit=limit,
            count_args={"window": window, "filters": filters},
            filters=filters,
        )


@app.command("log")
def log_(
    ctx: typer.Context,
    when: Annotated[
        str,
        typer.Argument(
            metavar="WHEN",
            help="The period to show (its whole extent: 'yesterday', 'last week'); with UNTIL "
            "its start.",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ] = "today",
    until: Annotated[
        str | None,
        typer.Argument(
            metavar="UNTIL",
            help="End of the window (inclusive: its end).",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ] = None,
    by_task: Annotated[
        bool, typer.Option("--by-task", help="Totals per task instead of the days.")
    ] = False,
    by: ByOpt = None,
    type_: TypeOpt = None,
    todo: TodoOpt = None,
    tag: TagOpt = None,
    file: FileOpt = None,
    include_deleted: DeletedOpt = False,
    include_archived: ArchivedOpt = False,
    reverse: ReverseOpt = False,
) -> None:
    """What happened, by day: CLOSED, state changes, notes and CLOCK time, with totals."""
    from prme_cli.cli import render
    from prme_cli.documents import log_document
    from prme_cli.log import build_log

    state = _state(ctx)
    filters = _filters(by, type_, todo, tag, file, include_deleted, include_archived)
    fmt = state.output_format(("table", "json", "jsonl", "tsv", "ids"))
    window = _range_window(state, when, until if until is not None else when)
    expressions = {"since": when, "until": until if until is not None else when}
    doc = _query_doc(state, "log", window, filters, expressions=expressions)
    with state.open_store() as store:
        log = build_log(store, window, now=state.now, filters=filters, reverse=reverse)
        body = log_document(doc, log, state.tz, by_task=by_task)
        title = f"log {when}" + (f" … {until}" if until is not None else "")
        render.write_log(sys.stdout, fmt, body, color=state.color, by_task=by_task, title=title)
        if not log.entries:
            if fmt == "table":
                _err("nothing logged in that window")
            _say_unknown_values(store, filters)
            raise typer.Exit(ExitStatus.NO_RESULTS)


@app.command()
def query(
    ctx: typer.Context,
    text: Annotated[
        str | None,
        typer.Argument(metavar="TEXT", help="Words (each quoted, ANDed), ranked by BM25."),
    ] = None,
    since_: Annotated[
        str | None,
        typer.Option(
            "--since",
            metavar="WHEN",
            help="Window start expression.",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            metavar="WHEN",
            help="Window end expression (inclusive).",
            autocompletion=completion.hook(completion.complete_when),
        ),
    ] = None,
    fts: Annotated[bool, typer.Option("--fts", help="TEXT is a raw FTS5 expression.")] = False,
    context: Annotated[
        bool, typer.Option("--context", help="Print a token-budgeted context instead of rows.")
    ] = False,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget", metavar="TOKENS", help="Context budget in cl100k tokens [default 4096]."
        ),
    ] = None,
    by: ByOpt = None,
    type_: TypeOpt = None,
    todo: TodoOpt = None,
    tag: TagOpt = None,
    file: FileOpt = None,
    include_deleted: DeletedOpt = False,
    include_archived: ArchivedOpt = False,
    inherit: InheritOpt = False,
    reverse: ReverseOpt = False,
    max_results: MaxOpt = None,
) -> None:
    """The context query: text and/or a window; 20 rows by default (--max-results 0 = all)."""
    from prme_cli.options import check_text, query_window
    from prme_cli.query import select

    state = _state(ctx)
    filters = _filters(by, type_, todo, tag, file, include_deleted, include_archived, inherit)
    window, expressions = query_window(
        since_, until, state.now, state.tz, dayfirst=state.dayfirst, week_start=_week_start(state)
    )
    check_text(text, fts)
    if context:
        _query_context(
            state,
            text,
            window,
            filters,
            fts=fts,
            budget=budget,
            max_results=max_results,
            reverse=reverse,
        )
        return
    limit = _limit(max_results, 20)
    doc = _query_doc(
        state, "query", window, filters, expressions=expressions, text=text, limit=limit
    )
    with state.open_store() as store:
        rows = select(
            store, window=window, text=text, fts=fts, filters=filters, reverse=reverse, limit=limit
        )
        _emit_rows(
            state,
            store,
            rows,
            doc,
            title=f"query {text or ''}".strip(),
            limit=limit,
            count_args={"window": window, "text": text, "fts": fts, "filters": filters},
            filters=filters,
        )


def _query_context(
    state: State,
    text: str | None,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    *,
    fts: bool,
    budget: int | None,
    max_results: int | None,
    reverse: bool = False,
) -> None:
    from prme_cli.options import budget_tokens
    from prme_cli.service import context_for_query

    budget = budget_tokens(budget, state.cfg["context"]["budget"])
    # The context is text for a reader: json wraps it with its accounting, ids lists what
    # was packed, and every other format prints the context itself (so a pipe gets it).
    fmt = state.output_format(("table", "json", "tsv", "org", "ids"))
    with state.open_store() as store:
        outcome = context_for_query(
            store,
            state.cfg,
            text=text,
            window=window,
            filters=filters,
            fts=fts,
            budget=budget,
            limit=_limit(max_results, None),
            now=state.now,
            tz=state.tz,
            on_egress=lambda line: _err(f"prme: note: {line}"),
            reverse=reverse,
        )
    _print_context(state, outcome, fmt)


def _print_context(state: State, outcome: Any, fmt: str) -> None:
    """Context on stdout, the token footer on stderr (so pipes get only the context)."""
    import json

    bundle = outcome.bundle
    if fmt == "ids":
        for record in bundle.records:
            sys.stdout.write(f"{record.id}\n")
    elif fmt == "json":
        from prme_cli.documents import context_document

        doc = context_document(outcome)
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(bundle.context)
        if bundle.context and not bundle.context.endswith("\n"):
            sys.stdout.write("\n")
    _err(outcome.footer())
    if not bundle.records:
        raise typer.Exit(ExitStatus.NO_RESULTS)


@app.command()
def show(
    ctx: typer.Context,
    object_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help="An id, a unique prefix of one (any case), an org link (id:… or "
            "[[id:…][…]]), #CUSTOM_ID, or a file's path.",
        ),
    ],
) -> None:
    """One object with all its timestamps and its version history."""
    import json

    from prme_cli.query import get_object, resolve_id

    state = _state(ctx)
    with state.open_store() as store:
        found = resolve_id(store, object_id)
        obj = None if found is None else get_object(store, found, state.tz)
    if obj is None:
        _err(f"no object with id {object_id!r}")
        raise typer.Exit(ExitStatus.NO_RESULTS)
    fmt = state.output_format(("table", "json", "jsonl", "org", "tsv", "ids"))
    if fmt in ("json", "jsonl"):
        sys.stdout.write(
            json.dumps(obj, ensure_ascii=False, indent=2 if fmt == "json" else None, default=str)
            + "\n"
        )
    elif fmt == "ids":
        sys.stdout.write(f"{obj['id']}\n")
    else:
        _show_text(obj, state, fmt)


def _show_text(obj: dict[str, Any], state: State, fmt: str) -> None:
    lines = []
    head = "*" * max(int(obj.get("level") or 1), 1)
    if obj.get("todo"):
        head += f" {obj['todo']}"
    head += f" {obj.get('title', '')}"
    if obj.get("tags"):
        head += f"    :{':'.join(obj['tags'])}:"
    lines.append(head)
    for key in (
        "id",
        "type",
        "file",
        "line",
        "path",
        "event_time",
        "version",
        "first_seen",
        "last_seen",
        "deleted_at",
    ):
        value = obj.get(key)
        if value in (None, "", []):
            continue
        if isinstance(value, list):
            value = " / ".join(str(v) for v in value)
        lines.append(f"  {key}: {value}")
    if obj.get("properties"):
        lines.append("  properties:")
        for k, v in obj["properties"].items():
            lines.append(f"    {k}: {v}")
    if obj.get("timestamps"):
        lines.append("  timestamps:")
        for ts in obj["timestamps"]:
            extra = " ".join(str(ts[k]) for k in ("repeater", "warning", "label") if ts.get(k))
            lines.append(
                f"    {ts.get('kind', ''):<9} {ts.get('start') or '-':<26} line {ts.get('line')}  "
                f"{ts.get('raw', '')} {extra}".rstrip()
            )
    if obj.get("history"):
        lines.append("  versions:")
        for h in obj["history"]:
            lines.append(f"    {h.get('version')}  {h.get('content_hash')}")
    if obj.get("body"):
        lines.append("")
        lines.append(obj["body"].rstrip("\n"))
    sys.stdout.write("\n".join(lines) + "\n")


@app.command()
def stats(ctx: typer.Context) -> None:
    """Counts: files, objects, headings, tombstones, timestamps by kind."""
    import json

    from prme_cli.query import stats as store_stats

    state = _state(ctx)
    with state.open_store() as store:
        data = store_stats(store, state.tz)
    fmt = state.output_format()
    if fmt in ("json", "jsonl"):
        sys.stdout.write(
            json.dumps(data, ensure_ascii=False, indent=2 if fmt == "json" else None) + "\n"
        )
        return
    for key, value in data.items():
        if isinstance(value, dict):
            sys.stdout.write(f"{key}:\n")
            for k, v in value.items():
                sys.stdout.write(f"  {k}\t{v}\n")
        elif isinstance(value, list):
            sys.stdout.write(f"{key}:\n")
            for v in value:
                sys.stdout.write(f"  {v}\n")
        else:
            sys.stdout.write(f"{key}\t{value}\n")


_WHEN_HELP = """Show how time expressions resolve: [start, end), grain, approximate.

With --find, find every time expression in free text instead (each argument, or each stdin
line with -, is one text) and resolve it; a relative one ("two days later") is anchored at
the expression before it.

\b
What is read (reference Sunday 2026-11-29 14:30):
  days          today, yesterday, the day after tomorrow, 3 days ago, in two weeks
  weekdays      monday, last friday, next tue, this past wednesday, friday after next,
                3 fridays from now, monday of last week, last week's sunday
  dates         2026-11-03, 11/03/2026, 3 Nov 2026, November 3rd, the 3rd, Oct/2, 2/2013
  months/years  march, last march, march 2025, 2026, the 1990s, 2014 AD, 21st century
  periods       this week, last month, next quarter, q3 2026, this winter, last weekend
  spans         last 3 days, past week, next 2 weeks, rest of the week, year to date
  offsets       2 hours ago, in 30 minutes, a week before black friday, -7d, today+2d
  clock times   9am, 14:30, 16h00, noon, half past seven, 20 minutes to 2pm
  parts of day  this morning, tonight, late last night, 9 tomorrow morning, tomorrow at lunch
  intervals     from 3 to 4pm, between 1 and 2:30, Feb 12-15, 1960 - 1961, next monday 6-8
  edges         beginning of next month, end of the week, mid may, eom, sow, BOM, EOY
  holidays      easter, thanksgiving, christmas eve, mother's day, labor day 2027
  vague         around 3pm, 11ish, a few days ago, recently, the other day (approximate)
  open          before 2018, after 6pm, since tomorrow, 2018 or later
  recurrences   every monday, daily, on fridays (kind "set")
  machine       <2026-11-29 Sun 09:30>, 2026-11-03T09:30:00Z, @1764412200
"""


@app.command(help=_WHEN_HELP)
def when(
    ctx: typer.Context,
    expressions: Annotated[
        list[str],
        typer.Argument(
            metavar="EXPR", help="Time expressions (or texts with --find), or - for stdin."
        ),
    ],
    dayfirst: Annotated[
        bool, typer.Option("--dayfirst", help="Read 03/11/2026 as 3 November.")
    ] = False,
    find: Annotated[
        bool, typer.Option("--find", help="Find the time expressions inside free text.")
    ] = False,
) -> None:
    from prme_cli.cli import render
    from prme_cli.documents import found_json, when_document
    from prme_cli.timeexpr import find as find_times

    state = _state(ctx)
    if dayfirst:  # `when --dayfirst` reads --now day first too
        state.cfg["dayfirst"] = True
    if expressions == ["-"]:
        expressions = [line.rstrip("\r\n") for line in sys.stdin]
        if not find:
            expressions = [line.strip() for line in expressions if line.strip()]
    fmt = state.output_format()
    if find:
        texts: list[tuple[str, list[dict[str, Any]]]] = []
        for number, text in enumerate(expressions, start=1):
            rows = [
                found_json(item, number)
                for item in find_times(
                    text,
                    state.now,
                    state.tz,
                    dayfirst=state.dayfirst,
                    week_start=_week_start(state),
                )
            ]
            texts.append((text, rows))
        render.write_found(sys.stdout, fmt, texts, color=state.color)
        if not any(rows for _, rows in texts):
            raise typer.Exit(ExitStatus.NO_RESULTS)
        return
    docs: list[dict[str, Any]] = []
    failed = False
    for expression in expressions:
        doc = when_document(
            expression,
            state.now,
            state.tz,
            dayfirst=state.dayfirst,
            week_start=_week_start(state),
        )
        docs.append(doc)
        if "error" in doc:
            failed = True
            _err(f"prme: error: {doc['error']}")
    render.write_windows(sys.stdout, fmt, docs, color=state.color)
    if failed:
        raise typer.Exit(ExitStatus.USAGE)


# ---------------------------------------------------------------------------------------------
# Relate


@app.command()
def relate(
    ctx: typer.Context,
    question: Annotated[
        str, typer.Argument(metavar="QUESTION", help="A temporal question about your notes.")
    ],
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget", metavar="TOKENS", help="Context budget in cl100k tokens [default 4096]."
        ),
    ] = None,
    resolver: Annotated[
        str | None, typer.Option("--resolver", metavar="NAME", help="symbolic|ollama|openai.")
    ] = None,
    resolver_url: Annotated[
        str | None, typer.Option("--resolver-url", metavar="URL", help="Resolver endpoint.")
    ] = None,
    resolver_model: Annotated[
        str | None, typer.Option("--resolver-model", metavar="MODEL", help="Resolver model.")
    ] = None,
    gate: Annotated[
        str | None, typer.Option("--gate", metavar="NAME", help="symbolic|jev|ollama.")
    ] = None,
    gate_url: Annotated[
        str | None, typer.Option("--gate-url", metavar="URL", help="Gate endpoint.")
    ] = None,
    gate_model: Annotated[
        str | None, typer.Option("--gate-model", metavar="MODEL", help="Gate model.")
    ] = None,
    threshold: Annotated[
        float | None,
        typer.Option("--threshold", metavar="P", help="Gate threshold [default 0.85]."),
    ] = None,
    failure_policy: Annotated[
        str | None, typer.Option("--failure-policy", metavar="POLICY", help="fallback|raise.")
    ] = None,
    owner: Annotated[
        str | None,
        typer.Option(
            "--owner", metavar="NAME", help="Receipt owner [env PRME_OWNER; default login name]."
        ),
    ] = None,
    show_context: Annotated[
        bool,
        typer.Option(
            "--context",
            help="On a terminal, also print the packed context the resolver read (piped "
            "output always is the context).",
        ),
    ] = False,
) -> None:
    """Answer a temporal question from cited evidence, computed in code — or refuse."""
    from prme_cli import config
    from prme_cli.service import relate as run_relate

    state = _state(ctx)
    flags = {
        "temporal_relation": {
            "threshold": threshold,
            "failure_policy": failure_policy,
            "resolver": {"provider": resolver, "url": resolver_url, "model": resolver_model},
            "gate": {"provider": gate, "url": gate_url, "model": gate_model},
        }
    }
    cfg = config.apply_flags(state.cfg, flags)
    budget = cfg["context"]["budget"] if budget is None else budget
    fmt = state.output_format(("table", "json", "jsonl", "tsv", "org", "ids"))
    with state.open_store() as store:
        if store.read_only:
            _err("prme: warning: read-only location: the receipt of this answer is not stored")
        result = run_relate(
            store,
            cfg,
            question,
            now=state.now,
            tz=state.tz,
            budget=budget,
            owner=owner,
            on_egress=lambda line: _err(f"prme: note: {line}"),
            save_receipt=not store.read_only,
        )
        evidence: list[dict[str, Any]] = []
        handles: dict[str, str] = {}
        if fmt == "table":
            from prme_cli.query import rows_for_ids, short_ids

            evidence = [
                row.to_json(state.tz)
                for row in rows_for_ids(store, result.document.get("evidence_ids") or [])
            ]
            handles = short_ids(store, evidence)
    _print_relation(state, result, fmt, evidence, handles, show_context)
    if not result.outcome.accepted:
        raise typer.Exit(ExitStatus.NO_RESULTS)


def _print_relation(
    state: State,
    result: Any,
    fmt: str,
    evidence: list[dict[str, Any]] | None = None,
    handles: dict[str, str] | None = None,
    show_context: bool = False,
) -> None:
    import json

    doc = result.document
    if fmt in ("json", "jsonl"):
        sys.stdout.write(
            json.dumps(doc, ensure_ascii=False, indent=2 if fmt == "json" else None) + "\n"
        )
        return
    if fmt == "ids":
        for evidence_id in doc["evidence_ids"]:
            sys.stdout.write(f"{evidence_id}\n")
        return
    if fmt == "table":
        from prme_cli.cli.relate_view import relation_panel

        relation_panel(
            sys.stdout,
            doc,
            color=state.color,
            evidence=evidence or [],
            handles=handles or {},
            show_context=show_context,
        )
        return
    # tsv / org (and any pipe): stdout is the context exactly as a reader gets it, byte for
    # byte; the outcome goes to stderr with the other messages.
    value = doc["value"] or {}
    _err(f"relate: {doc['status']}\t{doc['operation'] or ''}\t{value.get('display', '')}")
    sys.stdout.write(doc["context"])


@app.command()
def receipts(
    ctx: typer.Context,
    receipt_id: Annotated[
        str | None, typer.Argument(metavar="ID", help="Show one receipt.")
    ] = None,
    max_results: MaxOpt = None,
) -> None:
    """List your relate receipts, or show one (yours: PRME_OWNER, else your login name)."""
    import json

    from prme_cli.relate.receipts import get_receipt, list_receipts
    from prme_cli.service import owner_name

    state = _state(ctx)
    who = owner_name(None, state.cfg)
    fmt = state.output_format()
    with state.open_store() as store:
        if receipt_id is not None:
            receipt = get_receipt(store, who, receipt_id)
            if receipt is None:
                _err(f"no receipt {receipt_id!r} for owner {who!r}")
                raise typer.Exit(ExitStatus.NO_RESULTS)
            sys.stdout.write(json.dumps(receipt, ensure_ascii=False, indent=2) + "\n")
            return
        rows = list_receipts(store, who, limit=_limit(max_results, 50))
    if fmt in ("json", "jsonl"):
        if fmt == "json":
            sys.stdout.write(
                json.dumps({"owner": who, "count": len(rows), "receipts": rows}, indent=2) + "\n"
            )
        else:
            for row in rows:
                sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    else:
        for row in rows:
            sys.stdout.write(
                f"{row['id']}\t{row['created_at']}\t{row['status']}\t{row['question']}\n"
            )
    if not rows:
        raise typer.Exit(ExitStatus.NO_RESULTS)


# ---------------------------------------------------------------------------------------------
# Writing commands


@app.command()
def ingest(
    ctx: typer.Context,
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="PATH",
            help="Files or directories (recursive), or - for stdin. None: every root ingested before.",
        ),
    ] = None,
    glob: Annotated[
        str | None,
        typer.Option("--glob", metavar="GLOB", help="File pattern in directories [default *.org]."),
    ] = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option("--exclude", metavar="GLOB", help="Glob to skip (repeatable)."),
    ] = None,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="File name for stdin input.")
    ] = "stdin.org",
    include_archived: ArchivedOpt = False,
) -> None:
    """Read org files into the store; unchanged files are skipped cheaply."""
    from prme_cli.cli.ingest_ui import run_ingest

    state = _state(ctx)
    icfg = state.cfg["ingest"]
    report = run_ingest(
        state,
        paths or [],
        glob=glob or icfg["glob"],
        exclude=list(exclude or icfg["exclude"]),
        name=name,
        include_archived=include_archived or icfg["include_archived"],
    )
    if report.errors:
        raise typer.Exit(ExitStatus.USAGE)


@app.command()
def forget(
    ctx: typer.Context,
    path: Annotated[
        str,
        typer.Argument(metavar="PATH", help="A file or an ingest root to remove from the store."),
    ],
) -> None:
    """Remove a file, or every file under a root, from the store."""
    from prme_cli.ingest import forget as forget_path

    state = _state(ctx)
    with state.open_store() as store:
        removed = forget_path(store, path)
    if removed == 0:
        _err(f"nothing stored under {path}")
        raise typer.Exit(ExitStatus.NO_RESULTS)
    _err(f"forgot {removed} objects under {path}")


@app.command()
def purge(
    ctx: typer.Context,
    tombstones: Annotated[
        bool, typer.Option("--tombstones", help="Delete tombstoned objects for good.")
    ] = False,
) -> None:
    """Delete tombstoned objects for good."""
    from prme_cli.ingest import purge_tombstones

    if not tombstones:
        raise UsageError("say what to purge: --tombstones")
    state = _state(ctx)
    with state.open_store() as store:
        removed = purge_tombstones(store)
    _err(f"purged {removed} tombstoned objects")


@app.command()
def backup(
    ctx: typer.Context,
    target: Annotated[
        Path,
        typer.Argument(
            metavar="PATH",
            help="File to write (or a folder to write a file of the store's name in).",
        ),
    ],
    force: Annotated[bool, typer.Option("--force", help="Replace PATH if it exists.")] = False,
) -> None:
    """Write a consistent copy of the store to PATH (safe while an ingest runs)."""
    state = _state(ctx)
    with state.open_store() as store:
        written = store.backup(target, force=force)
    _err(f"backup of {store.path} written to {written}")


# ---------------------------------------------------------------------------------------------
# Serving agents


@app.command("mcp")
def mcp_server(ctx: typer.Context) -> None:
    """Serve prme's tools to an MCP client (an agent) over stdio; needs prme[mcp]."""
    from prme_cli.mcp import INSTALL_HINT, sdk_available

    state = _state(ctx)
    if not sdk_available():
        raise UsageError(INSTALL_HINT)
    from prme_cli.mcp.launch import serve

    if sys.stdin is not None and sys.stdin.isatty():
        _err("prme mcp: serving MCP on stdin/stdout for an MCP client (Ctrl-D or Ctrl-C stops)")
    serve(state.cfg, now_flag=state.now_flag)


# ---------------------------------------------------------------------------------------------
# Health and configuration


@app.command()
def doctor(ctx: typer.Context) -> None:
    """Check the store, its schema, the tokenizer data and the providers."""
    from prme_cli.cli.doctor import run_checks

    state = _state(ctx)
    checks = run_checks(state)
    fmt = state.output_format(("table", "json", "jsonl", "tsv", "org", "ids"))
    import json

    if fmt in ("json", "jsonl"):
        sys.stdout.write(
            json.dumps(checks, ensure_ascii=False, indent=2 if fmt == "json" else None) + "\n"
        )
    else:
        for check in checks:
            # a check that is not required (stale events) warns: the store still works
            mark = "ok  " if check["ok"] else "FAIL" if check.get("required", True) else "warn"
            sys.stdout.write(f"{mark}  {check['name']}: {check['detail']}\n")
    failed = [c for c in checks if not c["ok"] and c.get("required", True)]
    if any(c.get("kind") != "provider" for c in failed):
        raise typer.Exit(ExitStatus.STORE)
    if failed:
        raise typer.Exit(ExitStatus.PROVIDER)


@config_app.command("show")
def config_show(ctx: typer.Context) -> None:
    """Print the effective configuration (flags > env > file > defaults), without secrets."""
    import json

    from prme_cli import config

    state = _state(ctx)
    shown = config.redacted(state.cfg)
    fmt = state.fmt or "toml"
    if fmt in ("json", "jsonl"):
        sys.stdout.write(json.dumps(shown, indent=2 if fmt == "json" else None) + "\n")
    else:
        sys.stdout.write(f"# {config.config_path()}\n" + config.to_toml(shown) + "\n")


# ---------------------------------------------------------------------------------------------
# Entry point and the error boundary


def _hoist_globals(argv: list[str]) -> list[str]:
    """Move global options that follow the subcommand in front of it."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        name = arg.split("=", 1)[0]
        if name in _GLOBAL_WITH_VALUE:
            if "=" in arg:
                front.append(arg)
                i += 1
                continue
            if i + 1 < len(argv):
                front.extend(argv[i : i + 2])
                i += 2
                continue
        if arg in _GLOBAL_FLAGS:
            front.append(arg)
            i += 1
            continue
        rest.append(arg)
        i += 1
    return front + rest


def _report(exc: BaseException) -> int:
    """Say what failed on stderr; return the exit status. Never raises, even for an exception
    object too broken to describe (missing attributes, a raising ``__getattr__``)."""
    try:
        message, status = describe_failure(exc)
        details = list(getattr(exc, "details", ()))
    except Exception:  # noqa: BLE001 - the boundary's last resort
        message, status, details = f"prme: internal error: {type(exc).__name__}", 2, []
    if status == INTERRUPTED_STATUS:
        interrupts.announce()  # once, and first: what was committed follows
    else:
        _err(_one_line(message))
    for line in details:
        text = _one_line(str(line))
        _err(text if text.startswith("prme: ") else f"prme: {text}")
    return status


def _quiet_unraisable(unraisable: Any) -> None:
    """Errors Python can only ignore (a generator finalised late, a failed ``__del__``): one
    line, never a traceback."""
    exc = unraisable.exc_value
    if interrupts.swallowed(exc):
        return
    if exc is not None:
        _err(_one_line(f"prme: warning: ignored {type(exc).__name__}: {_safe_str(exc)}"))


def _invoked_command(args: list[str]) -> list[Any] | None:
    """The one registered command ``args`` (globals hoisted in front) invoke, or None when
    the whole app is wanted (no command, an option such as --help or --version first, a
    command group, a name that is no command, or shell completion)."""
    if completion.COMPLETING:
        return None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _GLOBAL_WITH_VALUE:
            i += 2
        elif arg.split("=", 1)[0] in _GLOBAL_WITH_VALUE or arg in _GLOBAL_FLAGS:
            i += 1
        elif arg.startswith("-"):
            return None
        else:
            chosen = [
                info
                for info in app.registered_commands
                if info.callback is not None
                and typer.main.get_command_name(info.name or info.callback.__name__) == arg
            ]
            return chosen or None
    return None


def _run_app(args: list[str]) -> Any:
    """Run the app on ``args``, building only the command they invoke.

    Typer turns every registered command into a click command on each run, reading each
    parameter's annotations; for ``prme since`` that was most of the start-up time spent in
    prme's own code. Help, completion and unknown names get the whole app as before.
    """
    chosen = _invoked_command(args)
    if chosen is None:
        return app(args=args, prog_name="prme", standalone_mode=False)
    everything = app.registered_commands
    app.registered_commands = chosen
    try:
        return app(args=args, prog_name="prme", standalone_mode=False)
    finally:
        app.registered_commands = everything


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app; the one place failures become exit codes.

    Everything a command raises, of whatever class, becomes one ``prme: …`` line and a SPEC
    §5 status (see :func:`_answer`). Ctrl-C is 130 and ``prme: interrupted`` wherever it
    lands, even while that answer is being given or the process is ending
    (:mod:`prme_cli.interrupts`). ``argv`` given: a caller in process (tests), whose SIGINT
    handling is left alone.
    """
    try:
        # Takes SIGINT over in a real run, and raises a Ctrl-C that came while prme loaded.
        interrupts.begin(real=argv is None)
        if argv is None:
            sys.unraisablehook = _quiet_unraisable
            if hasattr(signal, "SIGPIPE"):
                # `prme since … | head` closing the pipe early: end quietly like other Unix
                # tools (status 141 under pipefail), not with exit 1 ("no results" here).
                signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        if argv is None:
            _keep_compiled_patterns()
        status = _answer(argv)
        if argv is None:
            lazyre.save_compiled()
        interrupts.exiting()
    except KeyboardInterrupt:  # the one Ctrl-C, landing while the answer was being given
        interrupts.exiting()
        status = INTERRUPTED_STATUS
    sys.exit(interrupts.finish(status))


def _keep_compiled_patterns() -> None:
    """Build this process's regular expressions from the code kept by the last one
    (:mod:`prme_cli.lazyre`), in ``$XDG_CACHE_HOME/prme``; ``PRME_NO_CACHE`` turns it off."""
    if os.environ.get("PRME_NO_CACHE"):
        return
    from prme_cli import config

    lazyre.keep_compiled(lazyre.cache_file(config.cache_dir(), __version__))


def _answer(argv: list[str] | None) -> int:
    """Run the command; say what failed (if anything); return the exit status.

    Typer/click handle their own usage errors (exit 2) and ``typer.Exit``; Typer turns Ctrl-C
    into exit 130 silently (:func:`prme_cli.interrupts.finish` announces it). Everything else
    a command raises goes through :func:`_report`.
    """
    click_error = _click_exception_class()
    try:
        args = _hoist_globals(list(sys.argv[1:] if argv is None else argv))
        # Not standalone: Typer would answer Ctrl-C, click's errors and EOF itself (silently,
        # or with exit 1, which means "no results" here); every outcome is decided below.
        status = _run_app(args)
    except click_error as exc:
        # The parser's own usage errors keep click's familiar "Usage: … Error: …" form.
        try:
            exc.show()  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - a message that cannot be shown still ends in exit 2
            _err(_one_line(f"prme: error: {_safe_str(exc)}"))
        return int(ExitStatus.USAGE)
    except typer.Abort as exc:
        return _report(exc.__cause__ or exc.__context__ or KeyboardInterrupt())
    except SystemExit as exc:
        return _exit_status(exc.code)
    except BrokenPipeError:
        # `prme since … | head` closing the pipe early is not worth a traceback.
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        except OSError:
            pass
        return 0
    except BaseException as exc:  # noqa: BLE001 - the error boundary: nothing escapes it
        return _report(exc)
    return status if isinstance(status, int) else 0


def _exit_status(code: object) -> int:
    """What ``sys.exit(code)`` would have exited with (Python's rules: None is 0, a message
    is printed and is 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _err(_one_line(_safe_str(code) if isinstance(code, BaseException) else str(code)))
    return 1


def _click_exception_class() -> type[Exception]:
    """click's ``ClickException``, wherever this Typer keeps click (vendored since 0.23)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
