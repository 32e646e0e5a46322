"""OllamaResolver and OllamaGate against a real local server speaking Ollama's wire format."""

from __future__ import annotations

import json
import socket
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fakeservers import DEFAULT_DIGEST, DEFAULT_MODEL, DEFAULT_RESOLUTION, FakeProviderServer

from prme_cli.errors import ProviderError, UsageError
from prme_cli.relate.providers import prompts
from prme_cli.relate.providers.http import ProviderCallError, sha256_json
from prme_cli.relate.providers.ollama import OllamaGate, OllamaResolver
from prme_cli.relate.types import (
    EvidenceRecord,
    Operand,
    ProviderAudit,
    Resolution,
    ResolveRequest,
)

REQUEST = ResolveRequest(
    question="How long passed between finishing and hanging the frame?",
    question_date=datetime(2026, 4, 1, 9, 0, tzinfo=UTC),
    records=(
        EvidenceRecord(
            "r1",
            datetime(2026, 3, 1, 18, 0),
            "* DONE Finish the frame\nCLOSED: [2026-03-01 Sun 18:00]",
        ),
        EvidenceRecord("r2", None, "Hung the frame on 2026-03-31"),
    ),
)

RESOLUTION = Resolution(
    operation="elapsed_between",
    operands=(
        Operand(
            "finishing",
            "r1",
            "CLOSED: [2026-03-01 Sun 18:00]",
            "[2026-03-01 Sun 18:00]",
            "org_timestamp",
        ),
        Operand(
            "hanging the frame",
            "r2",
            "Hung the frame on 2026-03-31",
            "2026-03-31",
            "text_expression",
        ),
    ),
)


def resolver(server: FakeProviderServer, sleeps: list[float], **kwargs: Any) -> OllamaResolver:
    kwargs.setdefault("timeout_s", 2.0)
    return OllamaResolver(base_url=server.url, sleep=sleeps.append, **kwargs)


def audit() -> ProviderAudit:
    return ProviderAudit(provider="ollama")


# --- the healthy path ------------------------------------------------------------------------


def test_resolve_checks_identity_then_generates(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    record = audit()
    result = resolver(fake_server, sleeps).resolve(REQUEST, record)

    assert result == RESOLUTION
    assert [(r.method, r.path) for r in fake_server.requests] == [
        ("GET", "/api/tags"),
        ("GET", "/api/version"),
        ("POST", "/api/chat"),
    ]
    body = fake_server.bodies("/api/chat")[0]
    assert body["model"] == DEFAULT_MODEL
    assert body["stream"] is False
    assert body["format"] == prompts.RESOLUTION_SCHEMA
    assert body["options"] == {
        "temperature": 0,
        "seed": prompts.DEFAULT_SEED,
        "num_ctx": 32768,
        "num_predict": 1024,
    }
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    payload = json.loads(body["messages"][1]["content"])
    # the model gets the same frame the symbolic resolver and validation use
    assert payload["frame"] == prompts.frame_json(REQUEST.question)
    assert payload["frame"]["operations"] == ["elapsed_between"]
    del payload["frame"]
    assert payload == {
        "question": REQUEST.question,
        "question_date": "2026-04-01T09:00:00+00:00",
        "records": [
            {"id": "r1", "event_time": "2026-03-01T18:00:00", "text": REQUEST.records[0].text},
            {"id": "r2", "event_time": None, "text": REQUEST.records[1].text},
        ],
    }
    assert record.provider == "ollama"
    assert record.model == DEFAULT_MODEL
    assert record.digest == DEFAULT_DIGEST
    assert record.version == "0.12.6"
    assert record.request_sha256 == sha256_json(body)
    assert record.response_sha256 == sha256_json(DEFAULT_RESOLUTION)
    assert (record.attempts, record.schema_repairs) == (1, 0)
    assert (record.input_tokens, record.output_tokens) == (120, 30)
    assert record.elapsed_ms > 0
    assert record.to_json()["prompt_sha256"] == prompts.PROTOCOL_SHA256
    assert sleeps == []


def test_schema_has_no_answer_or_arithmetic_field() -> None:
    schema = prompts.RESOLUTION_SCHEMA
    assert set(schema["properties"]) == {"operation", "operands"}
    assert schema["additionalProperties"] is False
    operand = schema["properties"]["operands"]["items"]
    assert set(operand["properties"]) == {
        "name",
        "evidence_id",
        "quote",
        "time_expression",
        "time_basis",
    }
    assert operand["additionalProperties"] is False


def test_same_input_gives_same_hashes(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    first, second = audit(), audit()
    resolver(fake_server, sleeps).resolve(REQUEST, first)
    resolver(fake_server, sleeps).resolve(REQUEST, second)
    assert first.request_sha256 == second.request_sha256
    assert first.response_sha256 == second.response_sha256


def test_pinned_digest_accepts_prefix_and_case(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    record = audit()
    pinned = "sha256:" + DEFAULT_DIGEST.upper()
    resolver(fake_server, sleeps, digest=pinned).resolve(REQUEST, record)
    assert record.digest == DEFAULT_DIGEST


def test_model_found_by_model_field_and_latest_tag(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.models = [{"name": "alias", "model": "llama3:latest", "digest": "abc"}]
    record = audit()
    resolver(fake_server, sleeps, model="llama3").resolve(REQUEST, record)
    assert record.digest == "abc"
    assert fake_server.bodies("/api/chat")[0]["model"] == "llama3"


# --- identity failures: never generate -------------------------------------------------------


def test_digest_mismatch_makes_no_chat_request(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    record = audit()
    with pytest.raises(ProviderError, match="model digest mismatch") as caught:
        resolver(fake_server, sleeps, digest="0" * 64).resolve(REQUEST, record)
    assert fake_server.count("/api/chat") == 0
    assert caught.value.error_type == "DigestMismatch"  # type: ignore[attr-defined]
    assert record.attempts == 0


def test_model_not_listed_makes_no_chat_request(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.models = [{"name": "other:7b", "model": "other:7b", "digest": "abc"}]
    with pytest.raises(ProviderError, match="not available") as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert "ollama pull" in str(caught.value)
    assert fake_server.count("/api/chat") == 0


def test_tags_that_are_not_json_fail(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/api/tags", 200, body="<html>oops</html>")
    with pytest.raises(ProviderError, match="not JSON") as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert "oops" not in str(caught.value)
    assert fake_server.count("/api/chat") == 0


# --- retries ---------------------------------------------------------------------------------


def test_429_retry_after_seconds_is_honoured(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.fail("/api/chat", 429, retry_after="7")
    record = audit()
    result = resolver(fake_server, sleeps).resolve(REQUEST, record)
    assert result == RESOLUTION
    assert sleeps == [7.0]
    assert record.attempts == 2
    assert fake_server.count("/api/chat") == 2


def test_retry_after_is_capped(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/api/tags", 503, retry_after="3600")
    resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert sleeps == [30.0]


def test_retry_after_http_date(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    from email.utils import format_datetime

    when = datetime.now(UTC).replace(microsecond=0)
    later = when.timestamp() + 20
    fake_server.fail(
        "/api/chat",
        429,
        retry_after=format_datetime(datetime.fromtimestamp(later, UTC), usegmt=True),
    )
    resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert len(sleeps) == 1
    assert 15.0 <= sleeps[0] <= 20.0


def test_500_then_success_backs_off(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/api/chat", 500)
    record = audit()
    assert resolver(fake_server, sleeps).resolve(REQUEST, record) == RESOLUTION
    assert sleeps == [0.5]
    assert record.attempts == 2


def test_500_forever_gives_up_after_max_attempts(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.fail("/api/chat", 500, times=10)
    record = audit()
    with pytest.raises(ProviderError) as caught:
        resolver(fake_server, sleeps, max_attempts=3).resolve(REQUEST, record)
    assert str(caught.value) == "ollama: HTTP 500 from /api/chat after 3 attempts"
    assert caught.value.error_type == "HTTP500"  # type: ignore[attr-defined]
    assert fake_server.count("/api/chat") == 3
    assert sleeps == [0.5, 1.0]
    assert record.attempts == 3
    assert record.request_sha256 is not None
    assert "simulated" not in repr(record.to_json())


def test_client_error_is_not_retried(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.fail("/api/chat", 400, body={"error": "bad things from server"})
    with pytest.raises(ProviderError) as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert str(caught.value) == "ollama: HTTP 400 from /api/chat"
    assert "bad things" not in str(caught.value)
    assert fake_server.count("/api/chat") == 1
    assert sleeps == []


def test_timeout_is_a_provider_error(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.stall("/api/chat", 5.0)
    with pytest.raises(ProviderError, match="timed out") as caught:
        resolver(fake_server, sleeps, timeout_s=0.2, max_attempts=1).resolve(REQUEST, audit())
    assert caught.value.error_type == "ReadTimeout"  # type: ignore[attr-defined]


def test_timeout_then_success(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.stall("/api/chat", 5.0)
    record = audit()
    result = resolver(fake_server, sleeps, timeout_s=0.2, max_attempts=2).resolve(REQUEST, record)
    assert result == RESOLUTION
    assert record.attempts == 2


def test_unreachable_server() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps: list[float] = []
    with pytest.raises(ProviderError, match="cannot reach") as caught:
        OllamaResolver(
            base_url=f"http://127.0.0.1:{port}", timeout_s=1.0, max_attempts=2, sleep=sleeps.append
        ).resolve(REQUEST, audit())
    assert "ollama serve" in str(caught.value)
    assert caught.value.error_type == "ConnectError"  # type: ignore[attr-defined]
    assert sleeps == [0.5]


# --- schema repair ---------------------------------------------------------------------------


def test_malformed_json_then_repaired(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.reply("/api/chat", '{"operation": "elapsed_between", "operands": [')
    record = audit()
    assert resolver(fake_server, sleeps).resolve(REQUEST, record) == RESOLUTION
    assert record.schema_repairs == 1
    assert record.attempts == 2
    first, repair = fake_server.bodies("/api/chat")
    assert repair["messages"][:2] == first["messages"]
    assert repair["messages"][2] == {
        "role": "assistant",
        "content": '{"operation": "elapsed_between", "operands": [',
    }
    assert "not valid JSON" in repair["messages"][3]["content"]
    assert repair["format"] == first["format"]
    assert record.request_sha256 == sha256_json(first)
    assert [e["request_sha256"] for e in record.extra["exchanges"]] == [
        sha256_json(first),
        sha256_json(repair),
    ]


@pytest.mark.parametrize(
    "bad",
    [
        {**DEFAULT_RESOLUTION, "operation": "subtract"},
        {**DEFAULT_RESOLUTION, "answer": "30 days"},
        {"operation": "elapsed_between"},
        {
            "operation": "absolute_date",
            "operands": [{**DEFAULT_RESOLUTION["operands"][0], "time_basis": "vibes"}],
        },
        {
            "operation": "absolute_date",
            "operands": [{**DEFAULT_RESOLUTION["operands"][0], "days": 30}],
        },
        {
            "operation": "absolute_date",
            "operands": [{**DEFAULT_RESOLUTION["operands"][0], "quote": 3}],
        },
        [DEFAULT_RESOLUTION],
    ],
)
def test_schema_violations_get_one_repair(
    fake_server: FakeProviderServer, sleeps: list[float], bad: Any
) -> None:
    fake_server.reply("/api/chat", bad)
    record = audit()
    assert resolver(fake_server, sleeps).resolve(REQUEST, record) == RESOLUTION
    assert record.schema_repairs == 1


def test_malformed_twice_fails(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.reply("/api/chat", "not json", times=2)
    record = audit()
    with pytest.raises(ProviderError, match="after one repair") as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, record)
    assert caught.value.error_type == "SchemaViolation"  # type: ignore[attr-defined]
    assert fake_server.count("/api/chat") == 2
    assert record.schema_repairs == 1


def test_violation_message_does_not_echo_model_output(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.reply("/api/chat", {**DEFAULT_RESOLUTION, "operation": "SECRET-OUTPUT"}, times=2)
    with pytest.raises(ProviderError) as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert "SECRET-OUTPUT" not in str(caught.value)


def test_unsupported_resolution_is_returned(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.resolution = {"operation": "unsupported", "operands": []}
    assert resolver(fake_server, sleeps).resolve(REQUEST, audit()) == Resolution("unsupported")


def test_wrong_model_in_response(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    fake_server.reply("/api/chat", DEFAULT_RESOLUTION, model="llama3:8b")
    with pytest.raises(ProviderError, match="different model") as caught:
        resolver(fake_server, sleeps).resolve(REQUEST, audit())
    assert caught.value.error_type == "ModelMismatch"  # type: ignore[attr-defined]


# --- policy and settings ---------------------------------------------------------------------


def test_remote_host_needs_allow_remote() -> None:
    with pytest.raises(UsageError, match="allow_remote"):
        OllamaResolver(base_url="http://gpu-box.example:11434")


def test_remote_host_with_allow_remote_uses_it() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        if request.url.path == "/api/tags":
            return httpx.Response(200, json={"models": [{"name": "m:1", "digest": "d"}]})
        if request.url.path == "/api/version":
            return httpx.Response(200, json={"version": "0.1"})
        body = json.loads(request.content)
        return httpx.Response(
            200,
            json={"model": body["model"], "message": {"content": json.dumps(DEFAULT_RESOLUTION)}},
        )

    provider = OllamaResolver(
        base_url="https://gpu-box.example:11434/",
        model="m:1",
        allow_remote=True,
        transport=httpx.MockTransport(handler),
    )
    assert provider.resolve(REQUEST, audit()) == RESOLUTION
    assert seen[-1] == "https://gpu-box.example:11434/api/chat"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_attempts": 0},
        {"max_attempts": 50},
        {"timeout_s": 0},
        {"seed": "7"},
        {"model": " "},
        {"base_url": "ftp://127.0.0.1"},
        {"base_url": "http://user:pw@127.0.0.1:11434"},
    ],
)
def test_bad_settings_are_usage_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(UsageError) as caught:
        OllamaResolver(**kwargs)
    assert "pw" not in str(caught.value)


def test_error_classes() -> None:
    assert issubclass(ProviderCallError, ProviderError)


# --- the judge gate --------------------------------------------------------------------------


def gate(server: FakeProviderServer, sleeps: list[float], **kwargs: Any) -> OllamaGate:
    return OllamaGate(base_url=server.url, sleep=sleeps.append, timeout_s=2.0, **kwargs)


def test_gate_returns_one_probability_per_operand(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    record = ProviderAudit(provider="ollama")
    verdict = gate(fake_server, sleeps).evaluate(REQUEST.question, RESOLUTION, {}, record)
    assert verdict.probabilities == (0.95, 0.95)
    body = fake_server.bodies("/api/chat")[0]
    assert body["format"] == prompts.judge_schema(2)
    assert body["options"]["temperature"] == 0
    payload = json.loads(body["messages"][1]["content"])
    assert payload["state"]["operands"][1] == {
        "name": "hanging the frame",
        "evidence_quote": "Hung the frame on 2026-03-31",
        "proposed_time_expression": "2026-03-31",
    }
    assert set(payload["questions"]) == {"operand_0", "operand_1"}
    assert record.digest == DEFAULT_DIGEST
    assert record.response_sha256 == sha256_json({"probabilities": [0.95, 0.95]})


def test_gate_digest_mismatch(fake_server: FakeProviderServer, sleeps: list[float]) -> None:
    with pytest.raises(ProviderError, match="digest mismatch"):
        gate(fake_server, sleeps, digest="f" * 64).evaluate(
            REQUEST.question, RESOLUTION, {}, audit()
        )
    assert fake_server.count("/api/chat") == 0


@pytest.mark.parametrize(
    "bad",
    [
        {"probabilities": [0.9]},
        {"probabilities": [0.9, 1.5]},
        {"probabilities": [0.9, "high"]},
        {"probabilities": [0.9, True]},
        {"probabilities": [0.9, 0.9], "why": "x"},
        "NaN",
    ],
)
def test_gate_repairs_once_then_fails_closed(
    fake_server: FakeProviderServer, sleeps: list[float], bad: Any
) -> None:
    fake_server.reply("/api/chat", bad)
    record = audit()
    assert gate(fake_server, sleeps).evaluate(
        REQUEST.question, RESOLUTION, {}, record
    ).probabilities == (
        0.95,
        0.95,
    )
    assert record.schema_repairs == 1
    fake_server.reply("/api/chat", bad, times=2)
    with pytest.raises(ProviderError, match="after one repair"):
        gate(fake_server, sleeps).evaluate(REQUEST.question, RESOLUTION, {}, audit())


def test_gate_nan_probability_fails_closed(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    fake_server.reply("/api/chat", '{"probabilities": [0.9, NaN]}', times=2)
    with pytest.raises(ProviderError):
        gate(fake_server, sleeps).evaluate(REQUEST.question, RESOLUTION, {}, audit())


def test_gate_without_operands_makes_no_request(
    fake_server: FakeProviderServer, sleeps: list[float]
) -> None:
    verdict = gate(fake_server, sleeps).evaluate(
        REQUEST.question, Resolution("unsupported"), {}, audit()
    )
    assert verdict.probabilities == ()
    assert fake_server.count() == 0
