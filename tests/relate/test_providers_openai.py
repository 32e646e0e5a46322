"""OpenAIResolver against a local OpenAI-compatible server."""

from __future__ import annotations

import json
import pickle
from datetime import UTC, datetime
from typing import Any

import pytest
from fakeservers import DEFAULT_RESOLUTION, Action, FakeProviderServer

from prme_cli.errors import ProviderError, UsageError
from prme_cli.relate.providers import prompts
from prme_cli.relate.providers.http import sha256_json
from prme_cli.relate.providers.openai import OpenAIResolver
from prme_cli.relate.types import EvidenceRecord, ProviderAudit, ResolveRequest

KEY = "sk-test-abcdefghijklmnop"
MODEL = "qwen2.5-7b-instruct"
REQUEST = ResolveRequest(
    question="How long passed between finishing and hanging the frame?",
    question_date=datetime(2026, 4, 1, tzinfo=UTC),
    records=(
        EvidenceRecord("r1", None, "CLOSED: [2026-03-01 Sun 18:00]"),
        EvidenceRecord("r2", None, "Hung the frame on 2026-03-31"),
    ),
)


def resolver(server: FakeProviderServer, sleeps: list[float], **kwargs: Any) -> OpenAIResolver:
    kwargs.setdefault("model", MODEL)
    kwargs.setdefault("timeout_s", 2.0)
    return OpenAIResolver(base_url=server.url, sleep=sleeps.append, **kwargs)


def test_no_default_model() -> None:
    with pytest.raises(UsageError) as caught:
        OpenAIResolver()
    assert "temporal_relation.resolver.model" in str(caught.value)
    assert "--resolver-model" in str(caught.value)


def test_request_matches_wire_format(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    record = ProviderAudit(provider="openai")
    result = resolver(fake_server, sleeps).resolve(REQUEST, record)
    assert result.operation == "elapsed_between"
    assert [op.evidence_id for op in result.operands] == ["r1", "r2"]

    sent = fake_server.last("/v1/chat/completions")
    assert "authorization" not in {name.lower() for name in sent.headers}
    body = sent.body
    assert body["model"] == MODEL
    assert body["temperature"] == 0
    assert body["seed"] == prompts.DEFAULT_SEED
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {
            "name": "prme_resolution",
            "schema": prompts.RESOLUTION_SCHEMA,
            "strict": True,
        },
    }
    assert "max_tokens" not in body
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert record.model == MODEL
    assert (record.input_tokens, record.output_tokens) == (150, 40)
    assert record.request_sha256 == sha256_json(body)
    assert record.response_sha256 == sha256_json(DEFAULT_RESOLUTION)
    assert fake_server.count() == 1  # no identity endpoints on this wire format


def test_base_url_with_v1_suffix(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    provider = OpenAIResolver(
        base_url=fake_server.url + "/v1/", model=MODEL, sleep=sleeps.append, timeout_s=2.0
    )
    provider.resolve(REQUEST, ProviderAudit(provider="openai"))
    assert fake_server.count("/v1/chat/completions") == 1


def test_max_tokens_and_seed_settings(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    resolver(fake_server, sleeps, seed=11, max_tokens=256).resolve(
        REQUEST, ProviderAudit(provider="openai")
    )
    body = fake_server.last("/v1/chat/completions").body
    assert (body["seed"], body["max_tokens"]) == (11, 256)


def test_repair_then_success(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.reply("/v1/chat/completions", "```json\n{}\n```")
    record = ProviderAudit(provider="openai")
    resolver(fake_server, sleeps).resolve(REQUEST, record)
    assert record.schema_repairs == 1
    assert len(fake_server.bodies("/v1/chat/completions")[1]["messages"]) == 4


def test_refusal_counts_as_violation(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    def refusal(request: Any) -> dict[str, Any]:
        return {"model": request["model"], "choices": [{"message": {"content": None}}]}

    fake_server.script("/v1/chat/completions", Action(body=refusal), Action(body=refusal))
    with pytest.raises(ProviderError, match="after one repair"):
        resolver(fake_server, sleeps).resolve(REQUEST, ProviderAudit(provider="openai"))


def test_500_then_success(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/v1/chat/completions", 503, retry_after="1")
    record = ProviderAudit(provider="openai")
    resolver(fake_server, sleeps).resolve(REQUEST, record)
    assert sleeps == [1.0]
    assert record.attempts == 2


def test_wrong_model_in_response(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.reply("/v1/chat/completions", DEFAULT_RESOLUTION, model="gpt-4o")
    with pytest.raises(ProviderError, match="different model"):
        resolver(fake_server, sleeps).resolve(REQUEST, ProviderAudit(provider="openai"))


def test_response_without_choices(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/v1/chat/completions", 200, body={"model": MODEL, "choices": []})
    with pytest.raises(ProviderError, match="no choices"):
        resolver(fake_server, sleeps).resolve(REQUEST, ProviderAudit(provider="openai"))


def test_timeout(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.stall("/v1/chat/completions", 5.0)
    with pytest.raises(ProviderError, match="timed out"):
        resolver(fake_server, sleeps, timeout_s=0.2, max_attempts=1).resolve(
            REQUEST, ProviderAudit(provider="openai")
        )


def test_remote_needs_allow_remote() -> None:
    with pytest.raises(UsageError, match="allow_remote"):
        OpenAIResolver(base_url="https://llm.example.com", model=MODEL)


def test_key_not_sent_over_plain_http_to_remote(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with pytest.raises(UsageError, match="plain http") as caught:
        OpenAIResolver(base_url="http://llm.example.com", model=MODEL, allow_remote=True)
    assert KEY not in str(caught.value)


def test_key_is_sent_and_never_leaks(
    fake_server: FakeProviderServer, sleeps: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    provider = resolver(fake_server, sleeps)
    record = ProviderAudit(provider="openai")
    provider.resolve(REQUEST, record)
    assert fake_server.last("/v1/chat/completions").headers["Authorization"] == f"Bearer {KEY}"

    fake_server.fail("/v1/chat/completions", 401, body={"error": {"message": f"bad {KEY}"}})
    failed = ProviderAudit(provider="openai")
    with pytest.raises(ProviderError) as caught:
        provider.resolve(REQUEST, failed)
    for place in (
        repr(record.to_json()),
        json.dumps(failed.to_json()),
        repr(provider),
        str(vars(provider)),
        str(caught.value),
    ):
        assert KEY not in place
    with pytest.raises(TypeError):
        pickle.dumps(provider)


def test_records_carry_their_org_structure_events_to_a_model() -> None:
    from datetime import datetime

    from prme_cli.events import Event
    from prme_cli.relate.providers import prompts
    from prme_cli.relate.types import EvidenceRecord, ResolveRequest

    text = "* DONE Paint the fence\nCLOSED: [2026-06-20 Sat 17:30]"
    closed = Event("end", "CLOSED: [2026-06-20 Sat 17:30]", "[2026-06-20 Sat 17:30]", None, None)
    record = EvidenceRecord("r1", None, text, events=(closed,))
    request = ResolveRequest(
        "When did I paint the fence?", datetime.fromisoformat("2026-07-01T10:00+00:00"), (record,)
    )
    payload = prompts.resolver_payload(request)
    assert payload["records"][0]["events"] == [
        {"kind": "end", "state": None, "quote": closed.quote, "expression": closed.expression}
    ]
    assert payload["frame"]["operations"] == ["absolute_date"]
