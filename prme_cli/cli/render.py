"""One renderer per output format for query results (SPEC §5).

Every renderer works from the same JSON-shaped result dicts (``Row.to_json``), so the
formats cannot drift apart: ``json`` and ``jsonl`` print them as they are, ``tsv``, ``org``,
``ids`` and ``table`` pick fields from them. Only ``table`` imports rich, and only when used,
so scripted runs (``--format json``, piped ``tsv``) stay cheap.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
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
) -> None:
    """Write query results in ``fmt``; the JSON schema is ``{"query", "count", "results"}``."""
    if fmt == "json":
        from prme_cli.documents import results_document

        doc = results_document(query, results)
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
        write_table(out, results, color=color, title=title)
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


def _short_time(value: str | None) -> str:
    """``2026-11-29T09:30:00+01:00`` → ``2026-11-29 09:30`` for a table cell."""
    if not value:
        return ""
    text = value.replace("T", " ")
    if len(text) >= 16 and text[11:16] == "00:00" and text[16:19] in ("", ":00"):
        return text[:10]
    return text[:16]


def write_table(
    out: TextIO,
    results: Iterable[Mapping[str, Any]],
    *,
    color: bool = True,
    title: str | None = None,
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, no_color=not color, highlight=False, soft_wrap=False, emoji=False)
    # On a narrow terminal the outline and tags columns would squeeze the title to nothing:
    # drop them and keep what identifies a row (time, kind, title, where).
    wide = console.width >= 110
    table = Table(title=title, show_lines=False, header_style="bold")
    table.add_column("when", no_wrap=True)
    table.add_column("kind", no_wrap=True, style="cyan")
    table.add_column("title", min_width=20, overflow="fold")
    if wide:
        table.add_column("under", max_width=24, no_wrap=True, overflow="ellipsis", style="dim")
        table.add_column("tags", max_width=16, no_wrap=True, overflow="ellipsis", style="magenta")
    table.add_column("where", max_width=24, no_wrap=True, overflow="ellipsis", style="dim")
    for result in results:
        matched = _matched(result)
        title_text = result.get("title") or ""
        if result.get("todo"):
            title_text = f"[bold]{_escape(result['todo'])}[/bold] {_escape(title_text)}"
        else:
            title_text = _escape(title_text)
        if result.get("deleted_at"):
            title_text += " [red](deleted)[/red]"
        path = result.get("path") or []
        cells = [
            _short_time(matched.get("start") or result.get("event_time")),
            _escape(matched.get("kind") or ""),
            title_text,
        ]
        if wide:
            cells += [
                _escape(path[-1] if path else ""),
                _escape(":".join(result.get("tags") or [])),
            ]
        cells.append(_escape(f"{_basename(result.get('file', ''))}:{result.get('line', '')}"))
        table.add_row(*cells)
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
