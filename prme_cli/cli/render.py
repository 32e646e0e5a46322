"""One renderer per output format for query results (SPEC §5).

Every renderer works from the same JSON-shaped result dicts (``Row.to_json``), so the
formats cannot drift apart: ``json`` and ``jsonl`` print them as they are, ``tsv``, ``org``,
``ids`` and ``table`` pick fields from them. Only ``table`` imports rich, and only when used,
so scripted runs (``--format json``, piped ``tsv``) stay cheap.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

FORMATS: tuple[str, ...] = ("table", "json", "jsonl", "tsv", "org", "ids")

#: Column order of ``--format tsv`` (no header line, so ``cut -f1`` gives ids).
TSV_COLUMNS: tuple[str, ...] = ("id", "start", "kind", "todo", "title", "path", "tags", "where")


def _clean(text: Any) -> str:
    """A field safe for one TSV cell: tabs and newlines would break the columns."""
    if text is None:
        return ""
    return str(text).replace("\t", " ").replace("\r", " ").replace("\n", " ")


def _where(result: Mapping[str, Any]) -> str:
    """``file:line`` with the absolute path, for the formats scripts read."""
    return f"{result.get('file', '')}:{result.get('line', '')}"


def _matched(result: Mapping[str, Any]) -> Mapping[str, Any]:
    return result.get("matched") or {}


def tsv_fields(result: Mapping[str, Any]) -> list[str]:
    matched = _matched(result)
    return [
        _clean(result.get("id")),
        _clean(matched.get("start") or result.get("event_time")),
        _clean(matched.get("kind")),
        _clean(result.get("todo")),
        _clean(result.get("title")),
        _clean(" / ".join(result.get("path") or [])),
        _clean(",".join(result.get("tags") or [])),
        _clean(_where(result)),
    ]


def write_results(
    out: TextIO,
    fmt: str,
    results: Sequence[Mapping[str, Any]],
    query: Mapping[str, Any],
    *,
    color: bool = True,
    title: str | None = None,
    total: int | None = None,
    short_ids: Mapping[str, str] | None = None,
    width: int | None = None,
) -> None:
    """Write query results in ``fmt``; the JSON schema is ``{"query", "count", "total",
    "truncated", "results"}``. ``total`` is how many matched before a limit cut them (default:
    as many as there are); ``short_ids`` the table's id handles (default: the ids)."""
    total = len(results) if total is None else total
    if fmt == "json":
        from prme_cli.documents import results_document

        doc = results_document(query, results, total)
        out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    elif fmt == "jsonl":
        out.writelines(json.dumps(result, ensure_ascii=False) + "\n" for result in results)
    elif fmt == "tsv":
        out.writelines("\t".join(tsv_fields(result)) + "\n" for result in results)
    elif fmt == "ids":
        out.writelines(f"{result['id']}\n" for result in results)
    elif fmt == "org":
        out.writelines(org_entry(result) for result in results)
    elif fmt == "table":
        write_table(
            out,
            results,
            color=color,
            title=title,
            total=total,
            short_ids=short_ids,
            width=width,
        )
    else:  # the CLI validates formats; this guards library callers
        raise ValueError(f"unknown format {fmt!r}")


def org_entry(result: Mapping[str, Any]) -> str:
    """A result as an org heading with a property drawer that says where it came from."""
    head = "*"
    if result.get("todo"):
        head += f" {result['todo']}"
    head += f" {result.get('title', '')}"
    if result.get("tags"):
        head += f" :{':'.join(result['tags'])}:"
    matched = _matched(result)
    lines = [head, ":PROPERTIES:", f":ID: {result['id']}", f":FILE: {_where(result)}"]
    if result.get("path"):
        lines.append(f":OUTLINE: {' / '.join(result['path'])}")
    if matched:
        lines.append(f":MATCHED: {matched.get('kind')} {matched.get('raw') or ''}".rstrip())
    if result.get("version"):
        lines.append(f":VERSION: {result['version']}")
    lines.append(":END:")
    return "\n".join(lines) + "\n"


def short_time(value: str | None) -> str:
    """``2026-11-29T09:30:00+01:00`` → ``2026-11-29 09:30`` for a table cell."""
    if not value:
        return ""
    text = value.replace("T", " ")
    if len(text) >= 16 and text[11:16] == "00:00" and text[16:19] in ("", ":00"):
        return text[:10]
    return text[:16]


def where(result: Mapping[str, Any]) -> str:
    """``file:line`` relative to the ingest root (the absolute path is in every other format)."""
    name = result.get("relpath") or _basename(str(result.get("file", "")))
    return f"{name}:{result.get('line', '')}"


#: The narrowest a title may become before optional columns give way to it.
_TITLE_MIN = 16
_TITLE_ROOMY = 30
_UNDER_MAX = 22
_TAGS_MAX = 16


def _overhead(columns: int) -> int:
    """Cells a table without outer edges spends around its columns: one space of padding
    on each inner side and a one-cell divider between columns."""
    return 3 * columns - 3 if columns else 0


@dataclass(frozen=True)
class TableLayout:
    """Which columns a results table shows, and how wide each is (see :func:`table_layout`)."""

    columns: tuple[str, ...]
    widths: dict[str, int]


def table_layout(width: int, needed: Mapping[str, int]) -> TableLayout:
    """Fit the columns into ``width`` cells. ``needed`` holds each column's natural width
    (its longest cell or header). id, when, kind and where never wrap while they fit; the
    title takes what is left and wraps. Giving way, in order: the outline and tags columns
    (shown only where the title keeps :data:`_TITLE_ROOMY` cells), the kind column, the time
    of day in ``when``, and finally ``where`` wraps (it is never cut)."""
    w = dict(needed)
    w["under"] = min(w.get("under", 0), _UNDER_MAX)
    w["tags"] = min(w.get("tags", 0), _TAGS_MAX)

    def room(cols: Sequence[str]) -> int:
        return width - sum(w[c] for c in cols if c != "title") - _overhead(len(cols))

    # (columns, the title width they must leave), widest first
    options: list[tuple[tuple[str, ...], int]] = [
        (("id", "when", "kind", "title", "where"), _TITLE_MIN),
        (("id", "when", "title", "where"), _TITLE_MIN),
    ]
    if needed.get("under") or needed.get("tags"):
        options.insert(0, (("id", "when", "kind", "title", "under", "tags", "where"), _TITLE_ROOMY))
    chosen = next((cols for cols, least in options if room(cols) >= least), options[-1][0])
    if room(chosen) < _TITLE_MIN and w["when"] > 10:
        w["when"] = 10  # dates only: the time of day is the first thing to go
    if room(chosen) < _TITLE_MIN:
        w["where"] = max(12, w["where"] - (_TITLE_MIN - room(chosen)))
    w["title"] = max(room(chosen), 8)
    return TableLayout(chosen, {c: w[c] for c in chosen})


def write_table(
    out: TextIO,
    results: Iterable[Mapping[str, Any]],
    *,
    color: bool = True,
    title: str | None = None,
    total: int | None = None,
    short_ids: Mapping[str, str] | None = None,
    width: int | None = None,
) -> None:
    """A table that fits the terminal (:func:`table_layout`), with a short id per row that
    ``prme show`` accepts and a caption saying how many rows of how many."""
    from rich import box
    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table

    rows = list(results)
    console = Console(
        file=out, no_color=not color, highlight=False, soft_wrap=False, emoji=False, width=width
    )
    cells: dict[str, list[str]] = {
        "id": [str((short_ids or {}).get(r["id"], r["id"])) for r in rows],
        "when": [short_time(_matched(r).get("start") or r.get("event_time")) for r in rows],
        "kind": [str(_matched(r).get("kind") or "") for r in rows],
        "title": [
            (f"{r['todo']} " if r.get("todo") else "") + str(r.get("title") or "") for r in rows
        ],
        "under": [str((r.get("path") or [""])[-1]) for r in rows],
        "tags": [":".join(r.get("tags") or []) for r in rows],
        "where": [where(r) for r in rows],
    }
    # Measured in terminal cells (a CJK character takes two), tabs shown as one space.
    cells = {name: [c.replace("\t", " ") for c in col] for name, col in cells.items()}
    needed = {
        name: max([cell_len(name) if name not in ("under", "tags") else 0, *map(cell_len, col)])
        for name, col in cells.items()
    }
    layout = table_layout(console.width, needed)
    table = Table(
        title=title, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False, show_edge=False
    )
    styles = {"id": "dim", "kind": "cyan", "under": "dim", "tags": "magenta", "where": "dim"}
    for name in layout.columns:
        width_ = layout.widths[name]
        optional = name in ("under", "tags")
        table.add_column(
            name,
            width=width_,
            no_wrap=optional or (name != "title" and width_ >= needed[name]),
            overflow="ellipsis" if optional else "fold",
            style=styles.get(name),
        )
    for i, result in enumerate(rows):
        line = []
        for name in layout.columns:
            text = cells[name][i]
            if name == "when" and len(text) > layout.widths["when"]:
                text = text[: layout.widths["when"]]
            if name == "title":
                markup = _escape(str(result.get("title") or "").replace("\t", " "))
                if result.get("todo"):
                    markup = f"[bold]{_escape(result['todo'])}[/bold] {markup}"
                if result.get("deleted_at"):
                    markup += " [red](deleted)[/red]"
                line.append(markup)
            else:
                line.append(_escape(text))
        table.add_row(*line)
    shown = len(rows)
    total = shown if total is None else total
    if total > shown:
        table.caption = f"{shown} of {total} (--max-results 0 shows all)"
    else:
        table.caption = f"{shown} result{'s' if shown != 1 else ''}"
    console.print(table)


def _basename(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(str(text))


def write_windows(out: TextIO, fmt: str, docs: Sequence[Mapping[str, Any]], *, color: bool) -> None:
    """Render ``prme when`` results: one object per expression (an array when several)."""
    if fmt == "json":
        body: Any = docs[0] if len(docs) == 1 else list(docs)
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    elif fmt == "jsonl":
        out.writelines(json.dumps(doc, ensure_ascii=False) + "\n" for doc in docs)
    elif fmt in ("tsv", "ids", "org"):
        for doc in docs:
            if "error" in doc:
                out.write(f"{_clean(doc['expression'])}\terror\t{_clean(doc['error'])}\n")
            else:
                fields = (doc["expression"], doc["start"], doc["end"], doc["grain"])
                out.write("\t".join(_clean(f) for f in fields) + "\n")
    else:
        from rich.console import Console
        from rich.table import Table

        console = Console(file=out, no_color=not color, highlight=False, emoji=False)
        table = Table(header_style="bold")
        for column in ("expression", "start", "end", "grain"):
            table.add_column(column, no_wrap=column != "expression")
        for doc in docs:
            if "error" in doc:
                table.add_row(
                    _escape(doc["expression"]), f"[red]{_escape(doc['error'])}[/red]", "", ""
                )
            else:
                table.add_row(_escape(doc["expression"]), doc["start"], doc["end"], doc["grain"])
        console.print(table)


def write_found(
    out: TextIO, fmt: str, texts: Sequence[tuple[str, Sequence[Mapping[str, Any]]]], *, color: bool
) -> None:
    """Render ``prme when --find``: one row per expression found; the table shows each text
    with its expressions marked, then what each one resolves to."""
    rows = [row for _, found in texts for row in found]
    if fmt == "json":
        out.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
    elif fmt == "jsonl":
        out.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    elif fmt in ("tsv", "ids", "org"):
        for row in rows:
            fields = (
                row["line"],
                row["offset"],
                row["length"],
                row["text"],
                row["kind"],
                row.get("start"),
                row.get("end"),
                row["grain"],
                row["approximate"],
                row.get("seconds"),
            )
            out.write("\t".join(_clean(f) for f in fields) + "\n")
    else:
        from rich.console import Console
        from rich.table import Table

        console = Console(file=out, no_color=not color, highlight=False, emoji=False)
        for text, found in texts:
            marked, cursor = "", 0
            for row in found:
                a, b = row["offset"], row["offset"] + row["length"]
                marked += _escape(text[cursor:a]) + "[bold underline]" + _escape(text[a:b]) + "[/]"
                cursor = b
            console.print(marked + _escape(text[cursor:]))
            if not found:
                continue
            table = Table(header_style="bold")
            for column in ("expression", "kind", "start", "end", "grain", "approximate"):
                table.add_column(column, no_wrap=column != "expression")
            for row in found:
                seconds = row.get("seconds")
                start = row.get("start") or ("" if seconds is None else f"{seconds:g} s")
                table.add_row(
                    _escape(row["text"]),
                    row["kind"],
                    start,
                    row.get("end") or "",
                    row["grain"] or "",
                    "yes" if row["approximate"] else "",
                )
            console.print(table)


# -- prme log -------------------------------------------------------------------------------

#: Column order of ``prme log --format tsv`` (no header): one line per entry.
LOG_TSV_COLUMNS: tuple[str, ...] = (
    "date",
    "start",
    "end",
    "kind",
    "state",
    "clocked",
    "id",
    "title",
    "where",
)
#: ``prme log --by-task --format tsv``: one line per task.
LOG_TASK_TSV_COLUMNS: tuple[str, ...] = ("id", "clocked", "seconds", "entries", "title", "where")


def _clock(value: str | None) -> str:
    """``2026-11-24T14:00:00+00:00`` → ``14:00``."""
    return value[11:16] if value and len(value) >= 16 else ""


def _entry_state(entry: Mapping[str, Any]) -> str:
    if entry.get("from_state") and entry.get("state"):
        return f"{entry['from_state']} → {entry['state']}"
    return str(entry.get("state") or "")


def _task_title(task: Mapping[str, Any]) -> str:
    return (f"{task['todo']} " if task.get("todo") else "") + str(task.get("title") or "")


def write_log(
    out: TextIO,
    fmt: str,
    doc: Mapping[str, Any],
    *,
    color: bool = True,
    by_task: bool = False,
    title: str | None = None,
    width: int | None = None,
) -> None:
    """Render a ``prme log`` document (:meth:`prme_cli.log.Log.to_json` plus ``query``):
    ``json`` as it is, ``jsonl`` one entry (or task) per line, ``tsv`` the same as columns,
    ``ids`` the tasks' ids, ``table`` the days with their entries and clocked totals."""
    entries = [(day["date"], e) for day in doc["days"] for e in day["entries"]]
    if fmt == "json":
        out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    elif fmt == "jsonl":
        items = doc["tasks"] if by_task else [dict(e, date=d) for d, e in entries]
        out.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in items)
    elif fmt == "ids":
        out.writelines(f"{task['id']}\n" for task in doc["tasks"])
    elif fmt == "tsv" and by_task:
        for task in doc["tasks"]:
            fields: tuple[Any, ...] = (
                task["id"],
                task["clocked"],
                task["clocked_seconds"],
                task["entries"],
                _task_title(task),
                _where(task),
            )
            out.write("\t".join(_clean(f) for f in fields) + "\n")
    elif fmt == "tsv":
        for day, entry in entries:
            task = entry["task"]
            fields = (
                day,
                _clock(entry["start"]),
                _clock(entry["end"]),
                entry["kind"],
                _entry_state(entry),
                entry["clocked"] or "",
                task["id"],
                _task_title(task),
                _where(task),
            )
            out.write("\t".join(_clean(f) for f in fields) + "\n")
    else:
        _log_table(out, doc, color=color, by_task=by_task, title=title, width=width)


def _log_table(
    out: TextIO,
    doc: Mapping[str, Any],
    *,
    color: bool,
    by_task: bool,
    title: str | None,
    width: int | None,
) -> None:
    from datetime import date

    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(
        file=out, no_color=not color, highlight=False, soft_wrap=False, emoji=False, width=width
    )
    total = doc["total"]["clocked"]
    table = Table(
        title=title, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False, show_edge=False
    )
    if by_task:
        table.add_column("clocked", justify="right", no_wrap=True)
        table.add_column("entries", justify="right", no_wrap=True)
        table.add_column("task", ratio=1, overflow="fold")
        table.add_column("where", overflow="fold", style="dim")
        for task in doc["tasks"]:
            table.add_row(
                task["clocked"] if task["clocked_seconds"] else "",
                str(task["entries"]),
                _escape(_task_title(task)),
                _escape(where(task)),
            )
        table.caption = f"total clocked {total} over {len(doc['tasks'])} tasks"
        console.print(table)
        return
    table.add_column("time", no_wrap=True)
    table.add_column("kind", no_wrap=True, style="cyan")
    table.add_column("what", overflow="fold")
    table.add_column("task", ratio=1, overflow="fold")
    table.add_column("where", overflow="fold", style="dim")
    for day in doc["days"]:
        heading = date.fromisoformat(day["date"]).strftime("%a %Y-%m-%d")
        clocked = f"clocked {day['clocked']}" if day["clocked_seconds"] else ""
        table.add_row(f"[bold]{heading}[/bold]", "", f"[bold]{clocked}[/bold]", "", "")
        for entry in day["entries"]:
            start, end = _clock(entry["start"]), _clock(entry["end"])
            if entry["kind"] == "clock":
                when = f"{start}–{end}"
                what = entry["clocked"] + (" running" if entry["running"] else "")
            else:
                when = start if entry["has_time"] else ""
                what = _entry_state(entry) or str(entry.get("state") or "")
            if entry.get("text"):
                what = f"{what} {entry['text']}".strip()
            table.add_row(
                when,
                entry["kind"],
                _escape(what),
                _escape(_task_title(entry["task"])),
                _escape(where(entry["task"])),
            )
        if len(day["tasks"]) > 1:
            for task in day["tasks"]:
                table.add_row(
                    "",
                    "",
                    f"[dim]{task['clocked']}[/dim]",
                    f"[dim]{_escape(task['title'])}[/dim]",
                    "",
                )
        table.add_section()
    table.caption = f"total clocked {total} over {len(doc['days'])} days"
    console.print(table)
