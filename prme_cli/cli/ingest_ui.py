"""The terminal side of ``prme ingest``: progress bar, error lines, summary table.

Kept apart from :mod:`prme_cli.ingest` so the library never prints; everything here writes
to stderr, because stdout is for data.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prme_cli.cli.app import State
    from prme_cli.ingest import IngestReport


#: A malformed construct is worth a line, but a corpus of thousands of files must not bury
#: the summary (errors, which stop nothing, are always shown in full).
MAX_WARNINGS_SHOWN = 50


def _todo_keywords(state: State) -> list[str]:
    return list(state.cfg["org"]["todo_keywords"])


def run_ingest(
    state: State,
    paths: list[str],
    *,
    glob: str,
    exclude: list[str],
    name: str,
    include_archived: bool,
) -> IngestReport:
    """Ingest ``paths`` (``-`` = stdin, none = every known root) and report on stderr."""
    from prme_cli import ingest
    from prme_cli.errors import Interrupted, UsageError
    from prme_cli.store import store_exists

    # Check the arguments before the store is created: a typo must not leave an empty store.
    if "-" in paths and paths != ["-"]:
        raise UsageError("stdin (-) cannot be mixed with other paths")
    max_file_bytes = int(state.cfg["ingest"]["max_file_mb"]) * 1024 * 1024
    stdin_text = _read_stdin(name, max_file_bytes) if paths == ["-"] else None
    if not paths and not store_exists(state.store_path):
        raise UsageError("nothing to re-ingest: give a PATH (no root has been ingested yet)")
    report = ingest.IngestReport()  # filled in place: a Ctrl-C anywhere still knows the counts
    try:
        _run(state, paths, stdin_text, name, glob, exclude, include_archived, report)
        # Inside the try: a Ctrl-C while the outcome is told still says what was committed.
        for line in report.errors:
            sys.stderr.write(f"prme: error: {line}\n")
        for line in report.notices:
            sys.stderr.write(f"prme: note: {line}\n")
        if report.files_reextracted:
            sys.stderr.write(
                f"prme: note: {report.files_reextracted} unchanged files were read again: "
                "their events had been extracted by an older prme's rules\n"
            )
        for line in report.warnings[:MAX_WARNINGS_SHOWN]:
            sys.stderr.write(f"prme: warning: {line}\n")
        if len(report.warnings) > MAX_WARNINGS_SHOWN:
            hidden = len(report.warnings) - MAX_WARNINGS_SHOWN
            sys.stderr.write(f"prme: warning: … and {hidden} more warnings\n")
        write_summary(report, color=state.color and sys.stderr.isatty())
    except KeyboardInterrupt:
        raise Interrupted(interrupted_summary(report)) from None
    return report


def _run(
    state: State,
    paths: list[str],
    stdin_text: str | None,
    name: str,
    glob: str,
    exclude: list[str],
    include_archived: bool,
    report: IngestReport,
) -> None:
    """The ingest itself, with its progress bar; counts go into ``report``."""
    from prme_cli import ingest
    from prme_cli.errors import UsageError

    now = state.ingest_now
    keywords = _todo_keywords(state)
    max_file_bytes = int(state.cfg["ingest"]["max_file_mb"]) * 1024 * 1024
    interactive = sys.stderr.isatty()
    with state.open_store(create=True) as store, ExitStack() as stack:
        progress: Any = None
        task: Any = None
        if interactive:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            progress = stack.enter_context(
                Progress(
                    TextColumn("[bold]ingest"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    TextColumn("{task.description}", style="dim"),
                    transient=True,
                    redirect_stdout=False,
                )
            )
            task = progress.add_task("", total=None)

        def on_total(total: int) -> None:
            if progress is not None:
                progress.update(task, total=total)

        def on_file(path: str) -> None:
            if progress is not None:
                progress.update(task, advance=1, description=_short(path))

        def on_wait(holder: int | None) -> None:
            if interactive:
                who = f" (pid {holder})" if holder else ""
                sys.stderr.write(
                    f"prme: waiting for another ingest of this store to finish{who}…\n"
                )

        common: dict[str, Any] = {
            "now": now,
            "include_archived": include_archived,
            "todo_keywords": keywords,
            "dayfirst": state.dayfirst,
            "on_wait": on_wait,
            "report": report,
        }
        if stdin_text is not None:
            ingest.ingest_text(store, stdin_text, name, **common)
        elif paths:
            ingest.ingest_paths(
                store,
                paths,
                glob=glob,
                exclude=exclude,
                progress=on_file,
                on_total=on_total,
                max_file_bytes=max_file_bytes,
                **common,
            )
        else:
            if not ingest.known_roots(store):
                raise UsageError(
                    "nothing to re-ingest: give a PATH (no root has been ingested yet)"
                )
            ingest.reingest_roots(
                store,
                glob=glob,
                exclude=exclude,
                progress=on_file,
                on_total=on_total,
                max_file_bytes=max_file_bytes,
                **common,
            )


def _read_stdin(name: str, max_bytes: int) -> str:
    """Standard input as UTF-8 text, decoded like a file: bad bytes are a clear error, and so
    is more than the size cap (``yes | prme ingest -`` must not exhaust memory)."""
    from prme_cli.errors import InputFileError

    data = sys.stdin.buffer.read(max_bytes + 1) if hasattr(sys.stdin, "buffer") else None
    if data is None:
        data = sys.stdin.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputFileError(
            f"{name} (stdin): larger than the size cap ({max_bytes} bytes; ingest.max_file_mb)"
        )
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            f"{name} (stdin): not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None


def _short(path: str, width: int = 48) -> str:
    return path if len(path) <= width else "…" + path[-(width - 1) :]


def interrupted_summary(report: IngestReport) -> list[str]:
    """What an interrupted ingest had committed: every file counted is wholly in the store."""
    committed = (
        f"prme: committed before the interrupt: {report.files_ingested} files ingested, "
        f"{report.files_unchanged} unchanged, {report.files_tombstoned} tombstoned; nodes "
        f"{report.nodes_added} added, {report.nodes_changed} changed, "
        f"{report.nodes_tombstoned} tombstoned"
    )
    rolled_back = (
        "prme: the file being written when interrupted was rolled back; "
        "run the same ingest again to finish"
    )
    return [committed, rolled_back]


def summary_rows(report: IngestReport) -> list[tuple[str, int]]:
    return [
        ("files scanned", report.files_scanned),
        ("files unchanged (skipped)", report.files_unchanged),
        ("files ingested", report.files_ingested),
        ("files reextracted (event rules changed)", report.files_reextracted),
        ("files failed", report.files_failed),
        ("files tombstoned", report.files_tombstoned),
        ("nodes added", report.nodes_added),
        ("nodes changed", report.nodes_changed),
        ("nodes unchanged", report.nodes_unchanged),
        ("nodes tombstoned", report.nodes_tombstoned),
        ("errors", len(report.errors)),
        ("warnings", len(report.warnings)),
    ]


def write_summary(report: IngestReport, *, color: bool) -> None:
    """A small table on a terminal; one ``key=value`` line otherwise (easy to grep in cron logs)."""
    rows = summary_rows(report)
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.table import Table

        table = Table(title="ingest summary", show_header=False, title_justify="left")
        table.add_column("what")
        table.add_column("count", justify="right")
        for label, count in rows:
            table.add_row(label, str(count))
        Console(file=sys.stderr, no_color=not color, emoji=False).print(table)
    else:
        sys.stderr.write(
            "ingest: "
            + " ".join(f"{label.split(' (')[0].replace(' ', '_')}={n}" for label, n in rows)
            + "\n"
        )
