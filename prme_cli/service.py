"""Use cases that combine the core modules: ``query --context`` and ``relate``.

The CLI calls these; so can any other program. They take an open store, the effective
configuration, the reference time and zone, and return plain results (no printing).
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any

from prme_cli.errors import StoreError, UsageError

if TYPE_CHECKING:
    from prme_cli.context import Bundle, ContextRecord
    from prme_cli.query import Filters, Row
    from prme_cli.relate.stage import StageOutcome
    from prme_cli.store import Store

#: How many retrieval candidates the relate stage considers before packing.
RELATE_CANDIDATES = 200


def context_records(
    store: Store, rows: Sequence[Row], priorities: Sequence[float]
) -> list[ContextRecord]:
    """Query rows as packing records, each with every timestamp it carries (kind, raw)."""
    from prme_cli.context import ContextRecord
    from prme_cli.query import events_for, file_keywords, timestamps_for

    stamps = timestamps_for(store, [row.id for row in rows])
    happened = events_for(store, [row.id for row in rows])
    declared = file_keywords(store, [row.file for row in rows])
    records = []
    for row, priority in zip(rows, priorities, strict=True):
        records.append(
            ContextRecord(
                id=row.id,
                title=row.title,
                path=tuple(row.path),
                todo=row.todo,
                tags=tuple(row.tags),
                event_time=row.event_time,
                file=row.file,
                line=row.line,
                body=row.body,
                timestamps=tuple((ts.kind, ts.raw) for ts in stamps.get(row.id, ())),
                priority=priority,
                events=tuple(happened.get(row.id, ())),
                event_source=row.event_source,
                keywords=declared.get(row.file),
            )
        )
    return records


def _dump_key(parts: Sequence[Any]) -> str:
    """What a record's full-dump text depends on: its content and where it sits."""
    import hashlib

    from prme_cli.context import DUMP_RENDER_VERSION

    text = "\x1f".join("" if p is None else str(p) for p in (DUMP_RENDER_VERSION, *parts))
    return hashlib.sha256(text.encode()).hexdigest()


_DUMP_KEY_SQL = (
    "SELECT o.id, o.content_hash, o.path, o.tags, o.todo, o.title, o.event_time, fl.path, "
    "o.line FROM objects o JOIN files fl ON fl.file_id = o.file_id WHERE o.deleted_at IS NULL"
)


def full_dump_tokens(store: Store) -> int:
    """Tokens a dump of every live record would take (SPEC §7).

    The sum of per-record counts, cached in the store's ``token_cache`` by a key of each
    record's content and position, so only new or changed records are rendered and counted;
    the sum itself is cached under a signature of the store's state (live objects, latest
    version, latest ingest), so an unchanged store answers with two aggregate reads. Writing
    the cache is best effort: a concurrent ingest holding the lock only costs a recount next
    time, never a failed query.
    """
    import sqlite3

    from prme_cli.context import full_dump_text
    from prme_cli.query import all_records
    from prme_cli.tokens import count

    conn = store.conn
    live, latest = conn.execute(
        "SELECT count(*), max(version) FROM objects WHERE deleted_at IS NULL"
    ).fetchone()
    ingested = conn.execute("SELECT max(last_seen) FROM files").fetchone()[0]
    signature = "total:" + _dump_key((live, latest, ingested))
    row = conn.execute("SELECT tokens FROM token_cache WHERE key = ?", (signature,)).fetchone()
    if row is not None:
        return int(row[0])
    total = 0
    pending: dict[str, str] = {}
    batch: list[tuple[str, str]] = []

    def settle(batch: list[tuple[str, str]]) -> int:
        # Look cached counts up in batches: memory stays flat however large the store is.
        marks = ",".join("?" * len(batch))
        known = dict(
            conn.execute(
                f"SELECT key, tokens FROM token_cache WHERE key IN ({marks})", [k for _, k in batch]
            )
        )
        found = 0
        for object_id, key in batch:
            if key in known:
                found += known[key]
            else:
                pending[object_id] = key
        return found

    for values in conn.execute(_DUMP_KEY_SQL):
        batch.append((values[0], _dump_key(values[1:])))
        if len(batch) == 500:
            total += settle(batch)
            batch = []
    if batch:
        total += settle(batch)
    fresh: list[tuple[str, int]] = []
    if pending:
        rows = [r for r in all_records(store) if r.id in pending]
        records = context_records(store, rows, [0.0] * len(rows))
        for row_, record in zip(rows, records, strict=True):
            n = count(full_dump_text(record))
            total += n
            fresh.append((pending[row_.id], n))
    fresh.append((signature, total))
    # A cache write must never make a read command wait for, or fail on, a running ingest:
    # try once without waiting, and let a busy store cost only a recount next time.
    timeout = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        with store.transaction() as tx:
            tx.execute("DELETE FROM token_cache WHERE key LIKE 'total:%'")
            tx.executemany("INSERT OR REPLACE INTO token_cache(key, tokens) VALUES (?, ?)", fresh)
    except (sqlite3.OperationalError, StoreError):
        pass
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout)}")
    return total


@dataclass
class ContextOutcome:
    bundle: Bundle
    relation: dict[str, Any] | None = None

    def footer(self) -> str:
        line = self.bundle.footer()
        if self.relation is not None:
            line += f"; temporal relation: {self.relation['status']}"
        return line


def context_for_query(
    store: Store,
    cfg: Mapping[str, Any],
    *,
    text: str | None,
    window: tuple[datetime, datetime] | None,
    filters: Filters,
    fts: bool,
    budget: int,
    limit: int | None,
    now: datetime,
    tz: tzinfo,
    owner: str | None = None,
    on_egress: Callable[[str], None] | None = None,
    providers: tuple[Any, Any] | None = None,
    reverse: bool = False,
) -> ContextOutcome:
    """``prme query … --context``: select, pack into ``budget``, and (when enabled) relate.

    Without ``limit``, only as many rows are read as the budget could possibly hold (a
    reference line costs at least :data:`MIN_RECORD_TOKENS`), so a broad query on a large
    store does not load rows that can never be packed.

    A time-scoped query without text packs what happened in the window first, newest first
    (``reverse``: oldest first), and plans (rows matched by a SCHEDULED or DEADLINE stamp)
    after them: when the budget runs out, yesterday's notes matter more than last month's
    and than what was merely planned.
    """
    from prme_cli.context import pack
    from prme_cli.query import select

    cap = limit if limit is not None else budget // MIN_RECORD_TOKENS + 1
    relating = bool(text) and bool(cfg["temporal_relation"]["enabled"]) and not fts
    if relating and _routes(str(text)):
        # A temporal question is natural language, not a list of words that must all
        # appear: retrieve for it the way `prme relate` does — within the user's filters
        # and window, which also decide what may be sent to a provider.
        from prme_cli.retrieval import candidates

        found = candidates(store, str(text), question_date=now, tz=tz, limit=RELATE_CANDIDATES)
        allowed = _allowed_ids(store, [c.row.id for c in found], window, filters)
        found = [c for c in found if c.row.id in allowed][:cap]
        records = context_records(store, [c.row for c in found], [c.score for c in found])
    elif text is None and window is not None:
        rows = select(store, window=window, filters=filters, reverse=not reverse, limit=cap)
        rows = happened_first(rows)
        priorities = [float(len(rows) - i) for i in range(len(rows))]
        records = context_records(store, rows, priorities)
    else:
        rows = select(
            store, window=window, text=text, fts=fts, filters=filters, reverse=reverse, limit=cap
        )
        priorities = [float(len(rows) - i) for i in range(len(rows))]
        records = context_records(store, rows, priorities)
    fmt = str(cfg["context"].get("format", "reader"))
    bundle = pack(records, budget, fmt=fmt, full_dump_tokens=full_dump_tokens(store))
    relation = None
    if relating and text:
        outcome = run_relation(
            store,
            cfg,
            question=text,
            question_date=now,
            tz=tz,
            bundle=bundle,
            records=records,
            on_egress=on_egress,
            providers=providers,
        )
        relation = relate_json(text, now, outcome)
        from prme_cli.relate.receipts import save_receipt

        relation["receipt_id"] = save_receipt(store, owner_name(owner, cfg), relation)
        bundle = outcome.bundle
    return ContextOutcome(bundle=bundle, relation=relation)


#: The fewest tokens a packed record can take (a reference line with a short id and title).
MIN_RECORD_TOKENS = 12


def happened_first(rows: Sequence[Row]) -> list[Row]:
    """``rows`` with those matched by a plan (SCHEDULED, DEADLINE) after the others, each
    group in its given order (a stable partition)."""
    from prme_cli.query import PLAN_KINDS

    def planned(row: Row) -> bool:
        return row.matched is not None and row.matched.kind in PLAN_KINDS

    return [r for r in rows if not planned(r)] + [r for r in rows if planned(r)]


def _allowed_ids(
    store: Store,
    ids: Sequence[str],
    window: tuple[datetime, datetime] | None,
    filters: Filters,
) -> set[str]:
    """Which of ``ids`` pass the query's window and filters (the same rules as ``select``)."""
    from prme_cli.query import Filters as QueryFilters
    from prme_cli.query import select

    if window is None and filters == QueryFilters():
        return set(ids)
    rows = select(store, window=window, filters=filters, limit=None)
    return {row.id for row in rows} & set(ids)


def _routes(question: str) -> bool:
    from prme_cli.relate.router import route

    return route(question).routed


def owner_name(explicit: str | None, cfg: Mapping[str, Any]) -> str:
    """Receipts belong to ``--owner``, else ``PRME_OWNER``/config, else the login name."""
    name = explicit or cfg.get("owner")
    if not name:
        try:
            name = getpass.getuser()
        except (OSError, KeyError):
            name = os.environ.get("USER") or "unknown"
    return str(name)


def build_providers(cfg: Mapping[str, Any]) -> tuple[Any, Any]:
    """The configured resolver and gate (the symbolic ones need no settings)."""
    from prme_cli.relate.providers import make_gate, make_resolver

    tr = cfg["temporal_relation"]
    resolver_settings = dict(tr["resolver"])
    gate_settings = dict(tr["gate"])
    for settings in (resolver_settings, gate_settings):
        settings["allow_remote"] = tr["allow_remote"]
    resolver = make_resolver(str(resolver_settings.pop("provider")), resolver_settings)
    gate = make_gate(str(gate_settings.pop("provider")), gate_settings)
    return resolver, gate


def run_relation(
    store: Store,
    cfg: Mapping[str, Any],
    *,
    question: str,
    question_date: datetime,
    tz: tzinfo,
    bundle: Bundle,
    records: Sequence[ContextRecord],
    providers: tuple[Any, Any] | None = None,
    on_egress: Callable[[str], None] | None = None,
) -> StageOutcome:
    """Run the relate stage on an already packed bundle."""
    from prme_cli.config import config_sha256
    from prme_cli.relate.providers import describe_egress
    from prme_cli.relate.stage import run_stage

    resolver, gate = providers or build_providers(cfg)

    def announce(provider: Any) -> None:
        # Called by the stage just before a provider is used: nothing is announced for a
        # question that is not routed, or when the bundle is empty.
        line = describe_egress(provider, len(bundle.records))
        if line and on_egress is not None:
            on_egress(line)

    from dataclasses import replace

    from prme_cli.query import adjacent_siblings

    # a chat's turn before and after each packed record, for answers across turns
    packed = [r.id for r in bundle.records]
    before = adjacent_siblings(store, packed, after=False)
    following = adjacent_siblings(store, packed, after=True)
    records = [
        replace(r, previous=before.get(r.id), next_id=following.get(r.id, ""))
        if r.id in before or r.id in following
        else r
        for r in records
    ]
    tr = cfg["temporal_relation"]
    return run_stage(
        question=question,
        question_date=question_date,
        tz=tz,
        bundle=bundle,
        context_records=records,
        resolver=resolver,
        gate=gate,
        threshold=float(tr["threshold"]),
        failure_policy=str(tr["failure_policy"]),
        configuration_sha256=config_sha256(_relevant_config(cfg)),
        on_egress=announce,
    )


def _relevant_config(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """What decides a relate outcome (not the store path or the reference time)."""
    return {"temporal_relation": cfg["temporal_relation"], "context": cfg["context"]}


def relate_json(question: str, question_date: datetime, outcome: StageOutcome) -> dict[str, Any]:
    """The SPEC §6 **JSON** document for one relate run."""
    return {
        "question": question,
        "reference_time": question_date.isoformat(),
        "status": outcome.status,
        "operation": outcome.operation,
        "value": outcome.value if outcome.accepted else None,
        "evidence_ids": list(outcome.evidence_ids) if outcome.accepted else [],
        "context": outcome.context,
        "tokens_used": outcome.tokens_used,
        "budget": outcome.budget,
        "metadata": outcome.metadata,
    }


@dataclass
class RelateResult:
    document: dict[str, Any]
    outcome: StageOutcome
    receipt_id: str | None
    bundle: Bundle


def relate(
    store: Store,
    cfg: Mapping[str, Any],
    question: str,
    *,
    now: datetime,
    tz: tzinfo,
    budget: int,
    owner: str | None = None,
    providers: tuple[Any, Any] | None = None,
    on_egress: Callable[[str], None] | None = None,
    save_receipt: bool = True,
) -> RelateResult:
    """``prme relate``: retrieve for the question, pack, run the stage, keep a receipt."""
    from prme_cli.context import pack
    from prme_cli.memo import remembered
    from prme_cli.relate.receipts import save_receipt as store_receipt
    from prme_cli.retrieval import candidates

    if not question.strip():
        raise UsageError("the question is empty")
    if budget < 0:
        raise UsageError("--budget must be ≥ 0")
    with remembered(store):
        # token counts and word facts kept in the store: the encoder and the lemma
        # dictionary load only for texts and words never seen before
        found = candidates(store, question, question_date=now, tz=tz, limit=RELATE_CANDIDATES)
        records = context_records(store, [c.row for c in found], [c.score for c in found])
        fmt = str(cfg["context"].get("format", "reader"))
        # relate prints no saving, so it does not pay for the full-dump count
        bundle = pack(records, budget, fmt=fmt)
        outcome = run_relation(
            store,
            cfg,
            question=question,
            question_date=now,
            tz=tz,
            bundle=bundle,
            records=records,
            providers=providers,
            on_egress=on_egress,
        )
    document = relate_json(question, now, outcome)
    receipt_id = None
    if save_receipt:
        receipt_id = store_receipt(store, owner_name(owner, cfg), document)
    return RelateResult(document=document, outcome=outcome, receipt_id=receipt_id, bundle=bundle)
