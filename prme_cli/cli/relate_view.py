"""The terminal view of a relate run: a panel with status, answer and cited operands, then
the cited evidence (where each record is), and the packed context only when asked.

Only the table format uses this (it imports rich); scripts read ``--format json``, and a pipe
gets the context itself (see ``cli/app.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO

_STATUS_STYLE = {"accepted": "bold green", "not_routed": "dim", "empty_context": "yellow"}


def relation_panel(
    out: TextIO,
    doc: Mapping[str, Any],
    *,
    color: bool,
    evidence: Sequence[Mapping[str, Any]] = (),
    handles: Mapping[str, str] | None = None,
    show_context: bool = False,
    width: int | None = None,
) -> None:
    """The answer panel and the evidence; ``evidence`` holds the cited records' result rows
    (``Row.to_json``), ``handles`` their short ids as ``prme show`` takes them."""
    from rich.console import Console, Group
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from prme_cli.cli.render import short_time

    handles = handles or {}
    console = Console(file=out, no_color=not color, highlight=False, emoji=False, width=width)
    meta = doc.get("metadata") or {}
    status = doc["status"]
    lines = Text()
    lines.append("status: ", style="bold")
    lines.append(status, style=_STATUS_STYLE.get(status, "bold red"))
    if doc.get("operation"):
        lines.append(f"   operation: {doc['operation']}")
    value = doc.get("value")
    parts: list[Any] = [lines]
    if value:
        parts.append(Text(f"answer: {value.get('display', '')}", style="bold"))
    operands = _operands(meta)
    if operands and status == "accepted":
        table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        table.add_column("event", ratio=2)
        table.add_column("quote", ratio=4, overflow="fold")
        table.add_column("time", ratio=2, overflow="fold")
        table.add_column("evidence", style="dim", no_wrap=True)
        for op in operands:
            evidence_id = str(op.get("evidence_id", ""))
            table.add_row(
                escape(str(op.get("name", ""))),
                escape(str(op.get("quote", ""))),
                escape(str(op.get("time_expression", ""))),
                escape(handles.get(evidence_id, evidence_id)),
            )
        parts.append(table)
    if status != "accepted":
        reason = _reason(meta, status)
        if reason:
            parts.append(Text(reason, style="dim"))
    console.print(Panel(Group(*parts), title=escape(doc["question"]), title_align="left"))
    if evidence:
        cited = Table(
            title="evidence", title_justify="left", box=None, header_style="bold", pad_edge=False
        )
        cited.add_column("id", no_wrap=True, style="dim")
        cited.add_column("when", no_wrap=True)
        cited.add_column("title", ratio=1, overflow="fold")
        cited.add_column("where", overflow="fold", style="dim")
        for record in evidence:
            when = short_time(record.get("event_time"))
            where = f"{record.get('relpath') or record.get('file', '')}:{record.get('line', '')}"
            title = (f"{record['todo']} " if record.get("todo") else "") + str(
                record.get("title", "")
            )
            cited.add_row(
                escape(handles.get(str(record["id"]), str(record["id"]))),
                escape(when),
                escape(title),
                escape(where),
            )
        console.print(cited)
    context = doc.get("context") or ""
    if show_context and context:
        console.print(Text(context.rstrip("\n")), soft_wrap=True)
    hint = "" if show_context or not context else "; the packed context: --context"
    console.print(Text(f"{doc['tokens_used']} of {doc['budget']} tokens{hint}", style="dim"))


def _operands(meta: Mapping[str, Any]) -> list[dict[str, str]]:
    return list(meta.get("operands") or [])


def _reason(meta: Mapping[str, Any], status: str) -> str:
    if status == "not_routed":
        route = meta.get("route") or {}
        return f"not a temporal relation question: {route.get('reason', '')}"
    if status == "validation_rejected":
        errors = meta.get("validation_errors") or []
        return "rejected: " + "; ".join(e.get("code", "") for e in errors)
    if status == "gate_rejected":
        gate = meta.get("gate") or {}
        return f"gate probabilities {gate.get('probabilities')} below {gate.get('threshold')}"
    if status == "unsupported":
        return "no operands could be aligned with enough confidence"
    if status == "provider_error":
        error = meta.get("error") or {}
        return f"provider failed at {error.get('stage')} ({error.get('type')})"
    if status == "empty_context":
        return "nothing in the store to cite"
    if status == "packing_rejected":
        return "the answer and its evidence did not fit the budget"
    return ""
