"""The relate stage end to end on a real store: every status, fallback, receipts, secrets.

Resolvers and gates here are small in-process stand-ins where a test needs a precise answer,
and the real HTTP providers against the local fake server where the wire matters.
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fakeservers import FakeProviderServer

from prme_cli import config
from prme_cli.cli import main
from prme_cli.errors import ProviderError
from prme_cli.ingest import ingest_text
from prme_cli.relate.receipts import get_receipt, list_receipts
from prme_cli.relate.types import GateVerdict, Operand, Resolution
from prme_cli.service import relate
from prme_cli.store import Store

TZ = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=TZ)
QUESTION = "How many days passed between finishing the frame and hanging the frame?"

NOTES = """\
* DONE Finish the oak frame
CLOSED: [2026-10-10 Sat 11:20]
:PROPERTIES:
:ID: frame-done
:END:
Sanded and oiled the frame.
* Hallway
:PROPERTIES:
:ID: frame-hung
:END:
[2026-11-01 Sun 10:00]
Hung the frame in the hallway this morning.
* Garden
:PROPERTIES:
:ID: garden
:END:
[2026-11-02 Mon 09:00]
Raked the leaves; the frame of the old cold frame is rotten.
"""

GOOD = Resolution(
    "elapsed_between",
    (
        Operand(
            "finishing the frame",
            "frame-done",
            "CLOSED: [2026-10-10 Sat 11:20]",
            "[2026-10-10 Sat 11:20]",
            "org_timestamp",
        ),
        Operand(
            "hanging the frame",
            "frame-hung",
            "Hung the frame in the hallway this morning.",
            "this morning",
            "event_time",
        ),
    ),
)


@dataclass
class FixedResolver:
    resolution: Resolution
    name: str = "fixed"
    calls: int = 0

    def resolve(self, request: Any, audit: Any) -> Resolution:
        self.calls += 1
        return self.resolution


class FailingResolver:
    name = "failing"

    def resolve(self, request: Any, audit: Any) -> Resolution:
        raise ProviderError("simulated provider failure with secret sk-do-not-leak")


@dataclass
class FixedGate:
    probability: float
    name: str = "fixed-gate"

    def evaluate(
        self, question: str, resolution: Resolution, records: Any, audit: Any
    ) -> GateVerdict:
        return GateVerdict(tuple(self.probability for _ in resolution.operands))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path / "memory.sqlite3")
    ingest_text(s, NOTES, "notes.org", now=datetime(2026, 11, 27, 12, 0, tzinfo=UTC))
    yield s
    s.close()


def cfg(**temporal: Any) -> dict[str, Any]:
    base = config.load(environ={})
    base["temporal_relation"].update(temporal)
    return base


def run(
    store: Store,
    question: str = QUESTION,
    *,
    resolver: Any,
    gate: Any,
    budget: int = 4096,
    **temporal: Any,
) -> Any:
    return relate(
        store,
        cfg(**temporal),
        question,
        now=NOW,
        tz=TZ,
        budget=budget,
        owner="alice",
        providers=(resolver, gate),
    )


def test_accepted_computes_in_code_and_cites_evidence(store: Store) -> None:
    result = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.95))
    doc = result.document
    assert doc["status"] == "accepted"
    assert doc["value"]["days"] == 22  # 2026-10-10 -> 2026-11-01
    assert doc["evidence_ids"] == ["frame-done", "frame-hung"]
    assert "inferred, verify against the cited records" in doc["context"]
    assert doc["tokens_used"] <= doc["budget"]
    assert set(doc) == {
        "question",
        "reference_time",
        "status",
        "operation",
        "value",
        "evidence_ids",
        "context",
        "tokens_used",
        "budget",
        "metadata",
    }
    meta = doc["metadata"]
    assert meta["control_context_sha256"] != meta["result_context_sha256"]
    assert meta["gate"]["minimum"] == 0.95 and meta["gate"]["threshold"] == 0.85


def test_not_routed_makes_no_resolver_call(store: Store) -> None:
    resolver = FixedResolver(GOOD)
    result = run(store, "What did I do in March?", resolver=resolver, gate=FixedGate(0.95))
    assert result.document["status"] == "not_routed"
    assert resolver.calls == 0
    assert result.document["context"] == result.bundle.context


def test_empty_context(store: Store) -> None:
    resolver = FixedResolver(GOOD)
    result = run(store, resolver=resolver, gate=FixedGate(0.95), budget=0)
    assert result.document["status"] == "empty_context" and resolver.calls == 0


def test_unsupported(store: Store) -> None:
    result = run(store, resolver=FixedResolver(Resolution("unsupported")), gate=FixedGate(0.95))
    assert result.document["status"] == "unsupported"
    assert result.document["value"] is None


def test_validation_rejected_keeps_the_original_context(store: Store) -> None:
    bad = Resolution(
        "elapsed_between",
        (
            GOOD.operands[0],
            Operand(
                "hanging the frame",
                "frame-hung",
                "Hung it on 2026-11-01",
                "2026-11-01",
                "text_expression",
            ),
        ),
    )
    result = run(store, resolver=FixedResolver(bad), gate=FixedGate(0.95))
    assert result.document["status"] == "validation_rejected"
    codes = {e["code"] for e in result.document["metadata"]["validation_errors"]}
    assert "quote_not_verbatim" in codes
    assert result.document["context"] == result.bundle.context


def test_gate_rejected_below_threshold(store: Store) -> None:
    result = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.84))
    assert result.document["status"] == "gate_rejected"
    assert result.document["context"] == result.bundle.context
    # the same probability passes a lower configured threshold
    assert (
        run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.84), threshold=0.8).document[
            "status"
        ]
        == "accepted"
    )


def test_packing_rejected_when_guidance_cannot_fit(store: Store) -> None:
    roomy = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.95), budget=4096)
    cited_only = sum(r.tokens for r in roomy.bundle.records if r.id in ("frame-done", "frame-hung"))
    result = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.95), budget=cited_only + 4)
    assert {r.id for r in result.bundle.records} >= {"frame-done", "frame-hung"}
    assert result.document["status"] == "packing_rejected"
    assert result.document["context"] == result.bundle.context


def test_provider_error_fallback_is_byte_identical(store: Store) -> None:
    result = run(store, resolver=FailingResolver(), gate=FixedGate(0.95))
    doc = result.document
    assert doc["status"] == "provider_error"
    assert doc["context"].encode() == result.bundle.context.encode()
    assert doc["metadata"]["error"] == {"stage": "resolver", "type": "ProviderError"}
    assert "sk-do-not-leak" not in json.dumps(doc)


def test_provider_error_raises_under_raise_policy(store: Store) -> None:
    with pytest.raises(ProviderError):
        run(store, resolver=FailingResolver(), gate=FixedGate(0.95), failure_policy="raise")


def test_every_run_leaves_an_owner_scoped_receipt(store: Store) -> None:
    first = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.95))
    run(store, "What did I do in March?", resolver=FixedResolver(GOOD), gate=FixedGate(0.95))
    mine = list_receipts(store, "alice")
    assert len(mine) == 2 and list_receipts(store, "bob") == []
    receipt = get_receipt(store, "alice", first.receipt_id)
    assert receipt is not None and receipt["checksum_ok"]
    assert receipt["status"] == "accepted" and receipt["value"]["days"] == 22
    assert get_receipt(store, "bob", first.receipt_id) is None


def test_tampered_receipt_fails_its_checksum(store: Store) -> None:
    first = run(store, resolver=FixedResolver(GOOD), gate=FixedGate(0.95))
    body = json.loads(store.conn.execute("SELECT body FROM receipts").fetchone()[0])
    body["value"]["days"] = 23
    with store.transaction() as conn:
        conn.execute("UPDATE receipts SET body = ?", (json.dumps(body),))
    assert get_receipt(store, "alice", first.receipt_id)["checksum_ok"] is False


# -- through the CLI, with real HTTP providers on 127.0.0.1 ------------------------------------


def _cli(
    store_path: Path,
    *args: str,
    capsys: Any,
    env: dict[str, str] | None = None,
    monkeypatch: Any = None,
) -> tuple[int, str, str]:
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    try:
        main(
            [
                "--store",
                str(store_path),
                "--now",
                "2026-11-27T20:00",
                "--tz",
                "Europe/London",
                *args,
            ]
        )
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _wire_resolution() -> dict[str, Any]:
    return {
        "operation": GOOD.operation,
        "operands": [
            {
                "name": o.name,
                "evidence_id": o.evidence_id,
                "quote": o.quote,
                "time_expression": o.time_expression,
                "time_basis": o.time_basis,
            }
            for o in GOOD.operands
        ],
    }


def test_non_temporal_question_makes_zero_provider_requests(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    path = store.path
    code, out, _ = _cli(
        path,
        "relate",
        "What did I do in March?",
        "--format",
        "json",
        "--resolver",
        "ollama",
        "--resolver-url",
        fake_server.url,
        "--gate",
        "ollama",
        "--gate-url",
        fake_server.url,
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 1
    assert json.loads(out)["status"] == "not_routed"
    assert fake_server.count() == 0


def test_ollama_resolver_and_jev_gate_accept_without_leaking_the_key(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    secret = "jev-key-9f8e7d6c5b4a-SECRET"
    fake_server.resolution = _wire_resolution()
    code, out, err = _cli(
        store.path,
        "relate",
        QUESTION,
        "--format",
        "json",
        "--resolver",
        "ollama",
        "--resolver-url",
        fake_server.url,
        "--gate",
        "jev",
        "--gate-url",
        fake_server.url,
        env={"JEV_API_KEY": secret},
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 0, err
    doc = json.loads(out)
    assert doc["status"] == "accepted" and doc["value"]["days"] == 22
    assert fake_server.count("/v1/systemone") == 1
    sent = fake_server.last("/v1/systemone")
    assert sent.headers.get("Authorization") == f"Bearer {secret}"
    # and now everywhere it must not be
    assert secret not in out and secret not in err
    dump = "\n".join(
        str(row) for row in sqlite3.connect(store.path).execute("SELECT * FROM receipts")
    )
    assert dump and secret not in dump
    code, out, err = _cli(store.path, "receipts", "--format", "json", capsys=capsys)
    assert secret not in out + err


def test_failing_gate_falls_back_to_the_control_context_byte_for_byte(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__ENABLED", "false")
    code, control, _ = _cli(store.path, "query", "frame", "--context", capsys=capsys)
    assert code == 0
    fake_server.resolution = _wire_resolution()
    fake_server.fail("/v1/systemone", 500, times=5)
    env = {
        "PRME_TEMPORAL_RELATION__ENABLED": "true",
        "PRME_TEMPORAL_RELATION__RESOLVER__PROVIDER": "ollama",
        "PRME_TEMPORAL_RELATION__RESOLVER__URL": fake_server.url,
        "PRME_TEMPORAL_RELATION__GATE__PROVIDER": "jev",
        "PRME_TEMPORAL_RELATION__GATE__URL": fake_server.url,
        "PRME_TEMPORAL_RELATION__GATE__MAX_ATTEMPTS": "2",
        "JEV_API_KEY": "k-123-secret",
    }
    # "frame" alone is not a temporal question: the stage must not even call the resolver.
    code, out, err = _cli(
        store.path, "query", "frame", "--context", env=env, capsys=capsys, monkeypatch=monkeypatch
    )
    assert out == control and fake_server.count() == 0 and "not_routed" in err
    code, out, err = _cli(
        store.path, "query", QUESTION, "--context", env=env, capsys=capsys, monkeypatch=monkeypatch
    )
    assert "provider_error" in err and "k-123-secret" not in out + err
    fake_server.fail("/v1/systemone", 500, times=5)
    code, doc_text, _ = _cli(
        store.path,
        "query",
        QUESTION,
        "--context",
        "--format",
        "json",
        env=env,
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    meta = json.loads(doc_text)["temporal_relation"]["metadata"]
    # the printed context is the control context (the bundle before the stage), byte for byte
    assert hashlib.sha256(out.encode()).hexdigest() == meta["control_context_sha256"]
    assert meta["result_context_sha256"] == meta["control_context_sha256"]
    assert meta["error"] == {"stage": "gate", "type": "HTTP500"}


def test_raise_policy_exits_four(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    fake_server.fail("/api/chat", 500, times=10)
    code, _out, err = _cli(
        store.path,
        "relate",
        QUESTION,
        "--resolver",
        "ollama",
        "--resolver-url",
        fake_server.url,
        "--failure-policy",
        "raise",
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 4 and "prme: error" in err


def test_openai_resolver_without_model_names_the_setting(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    code, _, err = _cli(
        store.path,
        "relate",
        QUESTION,
        "--resolver",
        "openai",
        "--resolver-url",
        fake_server.url,
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 2 and "resolver.model" in err


def test_jev_without_key_names_both_variables(
    store: Store, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    code, _, err = _cli(
        store.path,
        "relate",
        QUESTION,
        "--gate",
        "jev",
        "--gate-url",
        fake_server.url,
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 2 and "JEV_API_KEY" in err and "TYPESAFE_API_KEY" in err


def test_remote_provider_needs_allow_remote(store: Store, capsys: Any, monkeypatch: Any) -> None:
    code, _, err = _cli(
        store.path,
        "relate",
        QUESTION,
        "--resolver",
        "ollama",
        "--resolver-url",
        "http://192.0.2.10:11434",
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert code == 2 and "allow_remote" in err


_ = (io, sys)


def test_query_context_relation_keeps_the_users_filters_and_leaves_a_receipt(
    store: Store, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__ENABLED", "true")
    _, out, _ = _cli(
        store.path,
        "query",
        QUESTION,
        "--context",
        "--tag",
        "nosuchtag",
        "--format",
        "json",
        capsys=capsys,
    )
    doc = json.loads(out)
    assert doc["records"] == [] and doc["temporal_relation"]["status"] == "empty_context"
    _, out, _ = _cli(
        store.path,
        "query",
        QUESTION,
        "--context",
        "--format",
        "json",
        "--file",
        "notes.org",
        capsys=capsys,
    )
    doc = json.loads(out)
    assert doc["records"] and doc["temporal_relation"]["receipt_id"]
    assert list_receipts(store, _login_or_owner())


def _login_or_owner() -> str:
    from prme_cli.service import owner_name

    return owner_name(None, config.load())


def test_accepted_repack_reports_one_consistent_bundle(store: Store) -> None:
    from prme_cli.query import Filters
    from prme_cli.service import context_for_query

    def ask(budget: int) -> Any:
        return context_for_query(
            store,
            cfg(enabled=True),
            text=QUESTION,
            window=None,
            filters=Filters(),
            fts=False,
            budget=budget,
            limit=None,
            now=NOW,
            tz=TZ,
            owner="alice",
            providers=(FixedResolver(GOOD), FixedGate(0.95)),
        )

    roomy = ask(4096).bundle
    tight = ask(roomy.tokens_used - roomy.records[-1].tokens + 60)
    assert tight.relation["status"] == "accepted"
    bundle = tight.bundle
    dropped = tight.relation["metadata"]["dropped_record_ids"]
    assert dropped, "the guidance had to displace an uncited record"
    assert not set(bundle.ids) & set(bundle.excluded_ids)
    assert set(dropped) <= set(bundle.excluded_ids) and list(bundle.dropped_ids) == dropped
    assert {"frame-done", "frame-hung"} <= set(bundle.ids)
    assert bundle.tokens_used <= bundle.budget
    assert f"{len(bundle.records)} nodes" in tight.footer()


def test_egress_is_announced_only_when_a_provider_is_used(store: Store) -> None:
    from prme_cli.service import run_relation

    class Remote(FixedResolver):
        leaves_machine = True
        egress_url = "https://models.example/v1"

    said: list[str] = []
    base = cfg()
    for question, expected in (("What did I do in March?", 0), (QUESTION, 1)):
        said.clear()
        roomy = run(store, question, resolver=FixedResolver(GOOD), gate=FixedGate(0.95))
        run_relation(
            store,
            base,
            question=question,
            question_date=NOW,
            tz=TZ,
            bundle=roomy.bundle,
            records=[],
            providers=(Remote(GOOD), FixedGate(0.95)),
            on_egress=said.append,
        )
        assert len(said) == expected, (question, said)
