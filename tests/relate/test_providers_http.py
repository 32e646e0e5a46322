"""The shared provider plumbing: retry timing, URL policy, hashing and secrets."""

from __future__ import annotations

import copy
import pickle
from datetime import UTC, datetime
from email.utils import format_datetime

import httpx
import pytest

from prme_cli.errors import ProviderError, UsageError
from prme_cli.relate.providers.http import (
    RETRY_AFTER_CAP_S,
    HttpSession,
    ProviderCallError,
    Secret,
    backoff_delay,
    canonical_json,
    check_endpoint,
    credential,
    is_loopback_host,
    mask_headers,
    parse_retry_after,
    sha256_json,
)
from prme_cli.relate.types import ProviderAudit

NOW = datetime(2026, 4, 1, 12, 0, 0, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("", None),
        ("  3 ", 3.0),
        ("1.5", 1.5),
        ("0", 0.0),
        ("-4", 0.0),
        ("100000", RETRY_AFTER_CAP_S),
        ("nan", None),
        ("soon", None),
        ("Wed, 01 Apr 2026 12:00:12 GMT", 12.0),
        ("Wed, 01 Apr 2026 11:00:00 GMT", 0.0),
        ("Thu, 02 Apr 2026 12:00:00 GMT", RETRY_AFTER_CAP_S),
    ],
)
def test_parse_retry_after(header: str | None, expected: float | None) -> None:
    assert parse_retry_after(header, now=NOW) == expected


def test_retry_after_date_roundtrip() -> None:
    header = format_datetime(datetime.fromtimestamp(NOW + 9, UTC), usegmt=True)
    assert parse_retry_after(header, now=NOW) == 9.0


def test_backoff_is_exponential_and_capped() -> None:
    assert [backoff_delay(n) for n in range(1, 7)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]


def test_canonical_json_and_hash() -> None:
    assert canonical_json({"b": 1, "a": [1, {"d": "é", "c": None}]}) == (
        '{"a":[1,{"c":null,"d":"é"}],"b":1}'
    )
    assert sha256_json({"b": 1, "a": 2}) == sha256_json({"a": 2, "b": 1})
    assert len(sha256_json({})) == 64
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("localhost", True),
        ("LOCALHOST", True),
        # A trailing dot makes an absolute DNS name: resolved by DNS, not by the hosts file,
        # so a DNS answer would decide where notes and a key go.
        ("localhost.", False),
        ("LOCALHOST.", False),
        ("localhost.localdomain", False),
        ("127.0.0.1.", False),
        ("::1", True),
        ("[::1]", True),
        ("::ffff:127.0.0.1", True),
        ("10.0.0.5", False),
        ("0.0.0.0", False),
        ("localhost.example.com", False),
        ("api.typesafe.ai", False),
    ],
)
def test_is_loopback_host(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback


def test_check_endpoint() -> None:
    endpoint = check_endpoint(
        "http://[::1]:11434/", provider="x", setting="s.url", allow_remote=False
    )
    assert (endpoint.url, endpoint.loopback) == ("http://[::1]:11434", True)
    with pytest.raises(UsageError, match="allow_remote"):
        check_endpoint("https://example.com", provider="x", setting="s", allow_remote=False)
    assert not check_endpoint(
        "https://example.com/base?x=1", provider="x", setting="s", allow_remote=True
    ).loopback
    with pytest.raises(UsageError, match="plain http"):
        check_endpoint(
            "http://example.com", provider="x", setting="s", allow_remote=True, https_only=True
        )
    assert check_endpoint(
        "http://127.0.0.1:9", provider="x", setting="s", allow_remote=False, https_only=True
    ).loopback
    for bad in ("127.0.0.1:11434", "file:///etc/passwd", "http://", "http://h:99999"):
        with pytest.raises(UsageError):
            check_endpoint(bad, provider="x", setting="s", allow_remote=True)
    with pytest.raises(UsageError, match="credentials") as caught:
        check_endpoint(
            "https://u:hunter2@example.com", provider="x", setting="s", allow_remote=True
        )
    assert "hunter2" not in str(caught.value)
    for bad in ("ftp://u:hunter2@example.com", "https://u:hunter2@h:99999"):
        with pytest.raises(UsageError) as caught:
            check_endpoint(bad, provider="x", setting="s", allow_remote=True)
        assert "hunter2" not in str(caught.value) and "u:" not in str(caught.value)


def test_credential_lookup_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("A_KEY", raising=False)
    monkeypatch.setenv("B_KEY", " b ")
    assert credential(("A_KEY", "B_KEY")) == "b"
    monkeypatch.setenv("A_KEY", "a")
    assert credential(("A_KEY", "B_KEY")) == "a"
    assert credential(("A_KEY",), explicit="flag") == "flag"
    monkeypatch.setenv("A_KEY", "  ")
    monkeypatch.delenv("B_KEY")
    assert credential(("A_KEY", "B_KEY")) is None


def test_secret_never_prints_or_serialises() -> None:
    secret = Secret("s3cr3t")
    assert "s3cr3t" not in repr(secret)
    assert "s3cr3t" not in str(secret)
    assert "s3cr3t" not in f"{secret}"
    assert secret.reveal() == "s3cr3t"
    with pytest.raises(TypeError):
        pickle.dumps(secret)
    with pytest.raises(TypeError):
        copy.deepcopy(secret)


def test_mask_headers() -> None:
    assert mask_headers({"Authorization": "Bearer abc", "X-Api-Key": "k", "Accept": "a"}) == {
        "Authorization": "Bearer ********",
        "X-Api-Key": "********",
        "Accept": "a",
    }


# --- HttpSession with httpx.MockTransport ----------------------------------------------------


def session(handler: object, sleeps: list[float], attempts: int = 3) -> HttpSession:
    endpoint = check_endpoint(
        "http://127.0.0.1:1", provider="test", setting="s", allow_remote=False
    )
    return HttpSession(
        provider="test",
        endpoint=endpoint,
        timeout_s=1.0,
        max_attempts=attempts,
        transport=httpx.MockTransport(handler),  # type: ignore[arg-type]
        sleep=sleeps.append,
    )


def test_connect_errors_are_wrapped_without_their_message() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("secret internal detail", request=request)

    sleeps: list[float] = []
    audit = ProviderAudit(provider="test")
    with pytest.raises(ProviderCallError) as caught:
        session(handler, sleeps).call("GET", "/x", audit=audit)
    assert "secret internal detail" not in str(caught.value)
    assert caught.value.error_type == "ConnectError"
    assert "after 3 attempts" in str(caught.value)
    assert sleeps == [0.5, 1.0]
    assert audit.attempts == 3
    assert "secret internal detail" not in repr(audit.to_json())


def test_redirects_are_not_followed() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"Location": "https://elsewhere.example/"})

    with pytest.raises(ProviderError, match="HTTP 302"):
        session(handler, []).call("POST", "/x", body={})


def test_non_retryable_status_and_success_after_retry() -> None:
    statuses = iter([500, 408, 200])

    def handler(request: httpx.Request) -> httpx.Response:
        status = next(statuses)
        return httpx.Response(status, json={"ok": status == 200})

    sleeps: list[float] = []
    reply = session(handler, sleeps).call("GET", "/x")
    assert (reply.data, reply.attempts) == ({"ok": True}, 3)
    assert sleeps == [0.5, 1.0]


def test_unexpected_httpx_error_is_wrapped() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.TooManyRedirects("loop", request=request)

    with pytest.raises(ProviderCallError) as caught:
        session(handler, []).call("GET", "/x")
    assert caught.value.error_type == "TooManyRedirects"
    assert "loop" not in str(caught.value)


def test_single_attempt_wording() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503)

    with pytest.raises(ProviderError) as caught:
        session(handler, [], attempts=1).call("GET", "/x")
    assert str(caught.value) == "test: HTTP 503 from /x after 1 attempt"
