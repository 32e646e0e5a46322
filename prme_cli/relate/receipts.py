"""Owner-scoped receipts of relate runs, kept in the store (SPEC §6 **Receipts**).

A receipt records what was asked, against which reference time and configuration, what the
context hashed to before and after, and the stage's metadata — enough to audit a run later
without keeping the notes' text twice. Its ``checksum`` is the sha256 of the canonical JSON of
everything else, so an edited receipt is detectable. Listing is always filtered by owner: a
user sees their own receipts only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from prme_cli.canonical import canonical_json as _canonical
from prme_cli.canonical import sha256_json as canonical_sha256

if TYPE_CHECKING:
    from prme_cli.store import Store


def receipt_body(owner: str, document: Mapping[str, Any], created_at: str) -> dict[str, Any]:
    meta = document.get("metadata") or {}
    return {
        "owner": owner,
        "created_at": created_at,
        "question": document["question"],
        "reference_time": document["reference_time"],
        "status": document["status"],
        "operation": document.get("operation"),
        "value": document.get("value"),
        "evidence_ids": list(document.get("evidence_ids") or []),
        "configuration_sha256": meta.get("configuration_sha256"),
        "control_context_sha256": meta.get("control_context_sha256"),
        "result_context_sha256": meta.get("result_context_sha256"),
        "metadata": meta,
    }


def save_receipt(
    store: Store, owner: str, document: Mapping[str, Any], *, now: datetime | None = None
) -> str:
    """Store a receipt for one relate run; returns its id."""
    created = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    body = receipt_body(owner, document, created)
    checksum = canonical_sha256(body)
    receipt_id = "r-" + checksum[:16]
    with store.transaction() as conn:
        conn.execute(
            "INSERT OR IGNORE INTO receipts (id, owner, created_at, question, reference_time, "
            "status, configuration_sha256, body, checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                receipt_id,
                owner,
                created,
                body["question"],
                body["reference_time"],
                body["status"],
                body["configuration_sha256"] or "",
                _canonical(body),
                checksum,
            ),
        )
    return receipt_id


def list_receipts(store: Store, owner: str, *, limit: int | None = 50) -> list[dict[str, Any]]:
    """The owner's receipts, newest first (summary fields only)."""
    sql = (
        "SELECT id, created_at, status, question, reference_time FROM receipts "
        "WHERE owner = ? ORDER BY created_at DESC, id"
    )
    params: list[Any] = [owner]
    if limit:
        sql += " LIMIT ?"
        params.append(limit)
    return [
        {"id": r[0], "created_at": r[1], "status": r[2], "question": r[3], "reference_time": r[4]}
        for r in store.conn.execute(sql, params)
    ]


def get_receipt(store: Store, owner: str, receipt_id: str) -> dict[str, Any] | None:
    """One of the owner's receipts with its checksum verified (``checksum_ok``)."""
    row = store.conn.execute(
        "SELECT id, body, checksum FROM receipts WHERE owner = ? AND id = ?", (owner, receipt_id)
    ).fetchone()
    if row is None:
        return None
    body = json.loads(row[1])
    return {
        "id": row[0],
        **body,
        "checksum": row[2],
        "checksum_ok": canonical_sha256(body) == row[2],
    }
