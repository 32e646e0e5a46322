"""The terminal view of a relate run: a panel with status, value and cited operands.

Only the table format uses this (it imports rich); scripts read ``--format json``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TextIO

_STATUS_STYLE = {"accepted": "bold green", "not_routed": "dim", "empty_context": "yellow"}


def relation_panel(out: TextIO, doc: Mapping[str, Any], *, color: bool) -> None:
    from rich.console import Console, Group
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    console = Console(file=out, no_color=not color, highlight=False, emoji=False)
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
        table.add_column("event")
        table.add_column("quote")
        table.add_column("time")
        table.add_column("evidence", style="dim")
        for op in operands:
            table.add_row(
                escape(op["name"]),
                escape(op["quote"]),
                escape(op["time_expression"]),
                escape(op["evidence_id"]),
            )
        parts.append(table)
    if status != "accepted":
        reason = _reason(meta, status)
        if reason:
            parts.append(Text(reason, style="dim"))
    console.print(Panel(Group(*parts), title=escape(doc["question"]), title_align="left"))
    context = doc.get("context") or ""
    if context:
        console.print(Text(context.rstrip("\n")), soft_wrap=True)
    console.print(Text(f"{doc['tokens_used']} of {doc['budget']} tokens", style="dim"))


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
