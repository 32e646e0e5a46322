"""JevGate against a local server speaking TypeSafe Jev's wire format, plus MockTransport cases."""

from __future__ import annotations

import json
import logging
import pickle
from typing import Any

import httpx
import pytest
from fakeservers import JEV_MODEL, FakeProviderServer, jev_reply

from prme_cli.errors import ProviderError, UsageError
from prme_cli.relate.providers import describe_egress, prompts
from prme_cli.relate.providers.http import sha256_json
from prme_cli.relate.providers.jev import JevGate
from prme_cli.relate.types import Operand, ProviderAudit, Resolution

KEY = "jev-test-key-0123456789abcdef"
QUESTION = "How long passed between ordering and receiving the sofa?"
RESOLUTION = Resolution(
    operation="elapsed_between",
    operands=(
        Operand(
            "ordering",
            "r1",
            "Ordered the sofa <2026-02-02 Mon>",
            "<2026-02-02 Mon>",
            "org_timestamp",
        ),
        Operand("receiving the sofa", "r2", "The sofa arrived today", "today", "event_time"),
    ),
)


@pytest.fixture
def jev_key(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("JEV_API_KEY", KEY)
    return KEY


def gate(server: FakeProviderServer, sleeps: list[float], **kwargs: Any) -> JevGate:
    kwargs.setdefault("timeout_s", 2.0)
    return JevGate(base_url=server.url, sleep=sleeps.append, **kwargs)


def evaluate(provider: JevGate, record: ProviderAudit | None = None) -> tuple[float, ...]:
    return provider.evaluate(
        QUESTION, RESOLUTION, {}, record or ProviderAudit(provider="jev")
    ).probabilities


def test_request_matches_wire_format(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    record = ProviderAudit(provider="jev")
    assert evaluate(gate(fake_server, sleeps), record) == (0.93, 0.93)

    sent = fake_server.last("/v1/systemone")
    assert sent.method == "POST"
    assert sent.headers["Authorization"] == f"Bearer {KEY}"
    body = sent.body
    assert set(body) == {"model", "state", "questions"}
    assert body["model"] == "jev-1.13.0"
    assert body["state"] == {
        "question": QUESTION,
        "operation": "elapsed_between",
        "operands": [
            {
                "name": "ordering",
                "evidence_quote": "Ordered the sofa <2026-02-02 Mon>",
                "proposed_time_expression": "<2026-02-02 Mon>",
            },
            {
                "name": "receiving the sofa",
                "evidence_quote": "The sofa arrived today",
                "proposed_time_expression": "today",
            },
        ],
    }
    assert list(body["questions"]) == ["operand_0", "operand_1"]
    question = body["questions"]["operand_1"]
    assert question["type"] == "noul"
    assert "operands[1]" in question["instructions"]
    assert "explicitly establish" in question["instructions"]
    assert set(question["criteria"]) == {"true", "false"}
    assert "ordering is not receiving" in question["criteria"]["true"]
    assert "planning" in question["criteria"]["true"]
    assert "starting is not finishing" in question["criteria"]["true"]

    assert record.provider == "jev"
    assert record.model == JEV_MODEL
    assert (record.input_tokens, record.output_tokens) == (440, 22)
    assert record.attempts == 1
    assert record.request_sha256 == sha256_json(body)
    assert record.response_sha256 is not None
    assert sleeps == []


def test_schedule_and_duration_operands_get_matching_instructions() -> None:
    scheduled = Resolution(
        "schedule",
        (Operand("dentist", "r1", "Dentist <2026-05-04 Mon 09:00>", "x", "org_timestamp"),),
    )
    lasted = Resolution(
        "duration_sum", (Operand("trip", "r1", "for 3 weeks", "3 weeks", "duration"),)
    )
    assert "scheduled for" in prompts.gate_questions(scheduled)["operand_0"]["instructions"]
    assert "lasted" in prompts.gate_questions(lasted)["operand_0"]["instructions"]


def test_typesafe_key_works_too(
    fake_server: FakeProviderServer, sleeps: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "other-key")
    evaluate(gate(fake_server, sleeps))
    assert fake_server.last("/v1/systemone").headers["Authorization"] == "Bearer other-key"


def test_missing_key_names_both_variables(fake_server: FakeProviderServer) -> None:
    with pytest.raises(UsageError) as caught:
        JevGate(base_url=fake_server.url)
    assert "JEV_API_KEY" in str(caught.value)
    assert "TYPESAFE_API_KEY" in str(caught.value)
    assert fake_server.count() == 0


def test_per_operand_probabilities_in_order(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    fake_server.jev(probability=[0.2, 1])
    assert evaluate(gate(fake_server, sleeps)) == (0.2, 1.0)


@pytest.mark.parametrize(
    ("kwargs", "error_type"),
    [
        ({"drop": ("operand_1",)}, "MalformedAnswer"),
        ({"extra": ("operand_2",)}, "MalformedAnswer"),
        ({"probability": 1.2}, "MalformedAnswer"),
        ({"probability": -0.01}, "MalformedAnswer"),
        ({"probability": "0.9"}, "MalformedAnswer"),
        ({"probability": True}, "MalformedAnswer"),
        ({"probability": None}, "MalformedAnswer"),
        (
            {"answers": {"operand_0": {"type": "bool", "noul": 0.9}, "operand_1": 0.9}},
            "MalformedAnswer",
        ),
        ({"answers": []}, "MalformedAnswer"),
        ({"model": "jev-2.0.0"}, "ModelMismatch"),
    ],
)
def test_malformed_answers_fail_closed(
    fake_server: FakeProviderServer,
    sleeps: list[float],
    jev_key: str,
    kwargs: dict[str, Any],
    error_type: str,
) -> None:
    fake_server.jev(**kwargs)
    with pytest.raises(ProviderError) as caught:
        evaluate(gate(fake_server, sleeps))
    assert caught.value.error_type == error_type  # type: ignore[attr-defined]
    assert fake_server.count("/v1/systemone") == 1  # no retry, no guess


def test_nan_probability_fails_closed(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    raw = (
        '{"model": "jev-1.13.0", "answers": {"operand_0": {"type": "noul", "noul": NaN}, '
        '"operand_1": {"type": "noul", "noul": 0.9}}, "usage": {}}'
    )
    fake_server.fail("/v1/systemone", 200, body=raw)
    with pytest.raises(ProviderError, match="malformed answer"):
        evaluate(gate(fake_server, sleeps))


def test_answer_without_model_fails_closed(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    fake_server.fail("/v1/systemone", 200, body={"answers": {}})
    with pytest.raises(ProviderError, match="different model"):
        evaluate(gate(fake_server, sleeps))


def test_429_retry_after_honoured(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    fake_server.fail("/v1/systemone", 429, retry_after="2")
    record = ProviderAudit(provider="jev")
    assert evaluate(gate(fake_server, sleeps), record) == (0.93, 0.93)
    assert sleeps == [2.0]
    assert record.attempts == 2


def test_5xx_forever(fake_server: FakeProviderServer, sleeps: list[float], jev_key: str) -> None:
    fake_server.fail("/v1/systemone", 502, times=5)
    with pytest.raises(ProviderError) as caught:
        evaluate(gate(fake_server, sleeps, max_attempts=2))
    assert str(caught.value) == "jev: HTTP 502 from /v1/systemone after 2 attempts"


def test_timeout(fake_server: FakeProviderServer, sleeps: list[float], jev_key: str) -> None:
    fake_server.stall("/v1/systemone", 5.0)
    with pytest.raises(ProviderError, match="timed out"):
        evaluate(gate(fake_server, sleeps, timeout_s=0.2, max_attempts=1))


def test_no_operands_no_request(
    fake_server: FakeProviderServer, sleeps: list[float], jev_key: str
) -> None:
    verdict = gate(fake_server, sleeps).evaluate(
        QUESTION, Resolution("unsupported"), {}, ProviderAudit(provider="jev")
    )
    assert verdict.probabilities == ()
    assert fake_server.count() == 0


# --- transport policy ------------------------------------------------------------------------


@pytest.mark.parametrize("allow_remote", [False, True])
def test_plain_http_to_remote_host_refused(jev_key: str, allow_remote: bool) -> None:
    with pytest.raises(UsageError, match="plain http"):
        JevGate(base_url="http://api.typesafe.ai", allow_remote=allow_remote)


def test_https_remote_needs_allow_remote(jev_key: str) -> None:
    with pytest.raises(UsageError, match="allow_remote"):
        JevGate()


def test_default_endpoint_with_allow_remote(jev_key: str) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=jev_reply(json.loads(request.content), 0.99))

    provider = JevGate(allow_remote=True, transport=httpx.MockTransport(handler))
    assert evaluate(provider) == (0.99, 0.99)
    assert str(seen[0].url) == "https://api.typesafe.ai/v1/systemone"
    line = describe_egress(provider)
    assert line is not None
    assert "https://api.typesafe.ai/v1/systemone" in line
    assert "quotes" in line


def test_full_endpoint_url_is_accepted(jev_key: str) -> None:
    provider = JevGate(base_url="https://api.typesafe.ai/v1/systemone", allow_remote=True)
    assert provider.endpoint.url == "https://api.typesafe.ai"


def test_loopback_gate_sends_nothing_remote(fake_server: FakeProviderServer, jev_key: str) -> None:
    assert describe_egress(JevGate(base_url=fake_server.url)) is None


# --- the key never leaks ---------------------------------------------------------------------


def test_key_never_leaks(
    fake_server: FakeProviderServer,
    sleeps: list[float],
    jev_key: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="prme_cli.relate.providers")
    provider = gate(fake_server, sleeps)
    record = ProviderAudit(provider="jev")
    evaluate(provider, record)
    fake_server.fail("/v1/systemone", 401, body={"error": f"bad key {KEY}"})
    failed = ProviderAudit(provider="jev")
    with pytest.raises(ProviderError) as caught:
        evaluate(provider, failed)
    assert "check the API key" in str(caught.value)
    fake_server.jev(drop=("operand_0",))
    with pytest.raises(ProviderError) as malformed:
        evaluate(provider, ProviderAudit(provider="jev"))

    places = [
        repr(record.to_json()),
        json.dumps(record.to_json()),
        repr(failed.to_json()),
        repr(provider),
        str(provider.__dict__),
        str(caught.value),
        repr(caught.value),
        str(malformed.value),
        caplog.text,
    ]
    for place in places:
        assert KEY not in place
    assert "Bearer ********" in caplog.text
    with pytest.raises(TypeError):
        pickle.dumps(provider)
