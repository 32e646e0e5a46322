"""HTTP plumbing shared by every model provider.

One place decides how a provider talks to the network, so that every provider has the same
explicit timeouts, the same bounded retries, the same loopback/remote policy, the same
canonical hashes and the same handling of secrets. ``httpx`` is imported inside the functions
that need it: importing :mod:`prme_cli.relate.providers` must stay cheap for commands that never
call a model.
"""

from __future__ import annotations

import email.utils
import ipaddress
import logging
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING, Any, NoReturn, Self, TypeVar
from urllib.parse import urlsplit

from prme_cli import canonical as _canonical
from prme_cli.errors import ProviderError, UsageError
from prme_cli.relate.providers.prompts import SchemaViolation, repair_messages

if TYPE_CHECKING:
    import httpx

    from prme_cli.relate.types import ProviderAudit

log = logging.getLogger("prme_cli.relate.providers")

#: Statuses worth asking again: the server says "later" or had a transient failure.
RETRY_STATUSES: frozenset[int] = frozenset({408, 429, 500, 502, 503, 504})
DEFAULT_MAX_ATTEMPTS = 3
#: A misconfigured attempt count must not turn one question into minutes of retries.
MAX_ATTEMPTS_LIMIT = 10
BACKOFF_BASE_S = 0.5
BACKOFF_CAP_S = 8.0
#: A server may ask us to wait; we wait at most this long per retry.
RETRY_AFTER_CAP_S = 30.0
DEFAULT_CONNECT_TIMEOUT_S = 5.0

Sleep = Callable[[float], None]
Messages = list[dict[str, str]]
T = TypeVar("T")


class ProviderCallError(ProviderError):
    """A provider failure that knows its exception type name.

    The stage records only ``error_type`` (never ``str(err)``) in metadata and receipts; the
    message itself is one line for the user and never includes server text or credentials.
    """

    def __init__(self, message: str, *, error_type: str) -> None:
        super().__init__(message)
        self.error_type = error_type


# --- secrets ---------------------------------------------------------------------------------


def credential(env_names: Sequence[str], explicit: str | None = None) -> str | None:
    """The one place keys are read: an explicit value (a flag) first, then the environment.

    Returns ``None`` when nothing is set; the caller decides whether that is an error and
    says which variables would fix it.
    """
    if explicit is not None and explicit.strip():
        return explicit.strip()
    for name in env_names:
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


class Secret:
    """Holds a key so that printing, logging or serialising its holder cannot leak it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __reduce__(self) -> NoReturn:
        # Pickling, copying into a cache or a receipt would write the key to disk.
        raise TypeError("a Secret cannot be serialised")


def bearer(secret: Secret) -> dict[str, str]:
    """Authorization header for one request; built per request, never kept on a client."""
    return {"Authorization": f"Bearer {secret.reveal()}"}


def mask_headers(headers: Mapping[str, str] | None) -> dict[str, str]:
    """Headers safe for debug output: credentials replaced by a fixed mask."""
    masked: dict[str, str] = {}
    for name, value in (headers or {}).items():
        lowered = name.lower()
        if lowered in {"authorization", "proxy-authorization", "x-api-key", "api-key"}:
            masked[name] = value.split(" ", 1)[0] + " ********" if " " in value else "********"
        else:
            masked[name] = value
    return masked


# --- hashing ---------------------------------------------------------------------------------


# Hashes use the project's one canonical JSON (callers hash bodies, never headers, so no key
# can reach a hash).
canonical_json = _canonical.canonical_json
sha256_json = _canonical.sha256_json


# --- endpoint policy -------------------------------------------------------------------------


def is_loopback_host(host: str) -> bool:
    """True for the name ``localhost`` and the literal addresses 127.0.0.0/8 and ``::1`` (also
    IPv4-mapped): data stays on this machine.

    Exact forms only, so that no DNS answer decides where notes and a key go: ``localhost.``
    (an absolute DNS name, sent to the resolver rather than read from the hosts file),
    ``localhost.localdomain`` or ``127.0.0.1.`` are not loopback here.
    """
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if host.lower() == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A checked provider URL. ``url`` has no trailing slash, query or credentials."""

    url: str
    host: str
    loopback: bool


def check_endpoint(
    url: str,
    *,
    provider: str,
    setting: str,
    allow_remote: bool,
    https_only: bool = False,
) -> Endpoint:
    """Apply the remote policy before anything is sent.

    A non-loopback host is refused unless ``allow_remote`` is set, because the question and the
    user's notes would leave the machine. ``https_only`` providers accept plain http only for a
    loopback host (a local test server). Credentials in the URL are refused: they would end up
    in messages and logs; keys belong in the environment.
    """
    from prme_cli.config import mask_url_userinfo

    parts = urlsplit(url.strip())
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        shown = mask_url_userinfo(url)
        raise UsageError(f"{provider}: {setting} must be an http(s) URL, got {shown!r}")
    if parts.username is not None or parts.password is not None:
        raise UsageError(
            f"{provider}: {setting} must not contain credentials; "
            "put keys in the environment instead"
        )
    try:
        parts.port  # noqa: B018 - validates the port number
    except ValueError as exc:
        raise UsageError(f"{provider}: {setting} has an invalid port") from exc
    host = parts.hostname
    loopback = is_loopback_host(host)
    clean = f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")
    if https_only and parts.scheme != "https" and not loopback:
        raise UsageError(
            f"{provider}: refusing plain http to {host}; use https "
            "(plain http is accepted only for a loopback test server)"
        )
    if not loopback and not allow_remote:
        raise UsageError(
            f"{provider}: {clean} is not on this machine; set temporal_relation.allow_remote = "
            "true to allow sending data there"
        )
    return Endpoint(url=clean, host=host, loopback=loopback)


# --- retries ---------------------------------------------------------------------------------


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date), capped.

    ``None`` when the header is absent or unreadable, so the caller falls back to its own
    backoff rather than trusting garbage.
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = when.timestamp() - (time.time() if now is None else now)
    if math.isnan(seconds):
        return None
    return min(max(seconds, 0.0), RETRY_AFTER_CAP_S)


def backoff_delay(attempt: int) -> float:
    """Exponential backoff after the given (1-based) failed attempt: 0.5 s, 1 s, 2 s… capped."""
    return min(BACKOFF_BASE_S * (2 ** (attempt - 1)), BACKOFF_CAP_S)


def check_attempts(provider: str, max_attempts: int) -> int:
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int):
        raise UsageError(f"{provider}: max_attempts must be an integer")
    if not 1 <= max_attempts <= MAX_ATTEMPTS_LIMIT:
        raise UsageError(f"{provider}: max_attempts must be between 1 and {MAX_ATTEMPTS_LIMIT}")
    return max_attempts


def check_timeout(provider: str, timeout_s: float, name: str = "timeout_s") -> float:
    if isinstance(timeout_s, bool) or not isinstance(timeout_s, int | float):
        raise UsageError(f"{provider}: {name} must be a number of seconds")
    if not math.isfinite(timeout_s) or timeout_s <= 0:
        raise UsageError(f"{provider}: {name} must be a positive number of seconds")
    return float(timeout_s)


@dataclass(frozen=True, slots=True)
class Reply:
    """A decoded JSON reply and how many attempts it took."""

    data: Any
    attempts: int


class HttpSession:
    """One provider's HTTP connection for one operation.

    Explicit connect/read/write/pool timeouts, no redirects (a redirect could carry the
    Authorization header elsewhere), bounded retries on 408/429/5xx and transport errors with
    exponential backoff that honours ``Retry-After``. Every failure becomes a one-line
    :class:`ProviderCallError`; raw exception and server text never reach the message.
    """

    def __init__(
        self,
        *,
        provider: str,
        endpoint: Endpoint,
        timeout_s: float,
        connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep = time.sleep,
        unreachable_hint: str = "",
    ) -> None:
        import httpx

        self.provider = provider
        self.endpoint = endpoint
        self.max_attempts = max_attempts
        self._sleep = sleep
        self._unreachable_hint = unreachable_hint
        self._client = httpx.Client(
            base_url=endpoint.url,
            timeout=httpx.Timeout(timeout_s, connect=min(connect_timeout_s, timeout_s)),
            transport=transport,
            follow_redirects=False,
            # Proxy variables and .netrc must not reroute or authenticate loopback traffic.
            trust_env=not endpoint.loopback,
            headers={"User-Agent": "prme", "Accept": "application/json"},
        )

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"HttpSession(provider={self.provider!r}, url={self.endpoint.url!r})"

    def call(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        audit: ProviderAudit | None = None,
    ) -> Reply:
        """Send one request with bounded retries and return its decoded JSON.

        When ``audit`` is given every attempt is counted on it as it happens, so a failure
        still leaves an honest attempt count behind.
        """
        import httpx

        failure = ""
        error_type = ""
        for attempt in range(1, self.max_attempts + 1):
            if audit is not None:
                audit.attempts += 1
            log.debug(
                "%s %s%s attempt %d headers=%s",
                method,
                self.endpoint.url,
                path,
                attempt,
                mask_headers(headers),
            )
            wait = backoff_delay(attempt)
            try:
                response = self._client.request(
                    method, path, json=body, headers=dict(headers or {})
                )
            except httpx.TimeoutException as exc:
                error_type = type(exc).__name__
                failure = f"timed out ({error_type}) on {path}"
            except httpx.TransportError as exc:
                error_type = type(exc).__name__
                failure = f"cannot reach {self.endpoint.url} ({error_type}){self._unreachable_hint}"
            except httpx.HTTPError as exc:
                self._fail(f"request to {path} failed ({type(exc).__name__})", type(exc).__name__)
            else:
                status = response.status_code
                if status in RETRY_STATUSES:
                    error_type = f"HTTP{status}"
                    failure = f"HTTP {status} from {path}"
                    asked = parse_retry_after(response.headers.get("Retry-After"))
                    if asked is not None:
                        wait = asked
                elif not 200 <= status < 300:
                    hint = " (check the API key)" if status in {401, 403} else ""
                    self._fail(f"HTTP {status} from {path}{hint}", f"HTTP{status}")
                else:
                    try:
                        data = response.json()
                    except ValueError:
                        self._fail(f"{path} answered with a body that is not JSON", "InvalidJSON")
                    return Reply(data=data, attempts=attempt)
            if attempt < self.max_attempts:
                self._sleep(wait)
        plural = "attempt" if self.max_attempts == 1 else "attempts"
        self._fail(f"{failure} after {self.max_attempts} {plural}", error_type)

    def _fail(self, what: str, error_type: str) -> NoReturn:
        raise ProviderCallError(f"{self.provider}: {what}", error_type=error_type)


@contextmanager
def timed(audit: ProviderAudit) -> Iterator[None]:
    """Add the elapsed wall time of the block to the audit, also when it raises."""
    started = time.perf_counter()
    try:
        yield
    finally:
        audit.elapsed_ms += (time.perf_counter() - started) * 1000.0


def as_int(value: Any) -> int:
    """Token counts from a server: a non-negative int or 0, never a crash on odd values."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return 0
    return value


def generate_with_repair(
    *,
    provider: str,
    messages: Messages,
    send: Callable[[Messages], str],
    parse: Callable[[str], T],
    audit: ProviderAudit,
) -> T:
    """Ask once; if the output breaks the schema, ask exactly once more with the problem.

    A second violation is a provider failure: a model that cannot follow the schema twice is
    not trusted to have followed it "mostly".
    """
    raw = send(messages)
    try:
        return parse(raw)
    except SchemaViolation as first:
        audit.schema_repairs += 1
        repaired = send(repair_messages(messages, raw, first.problem))
    try:
        return parse(repaired)
    except SchemaViolation as second:
        raise ProviderCallError(
            f"{provider}: the model's output violates the schema after one repair "
            f"({second.problem})",
            error_type="SchemaViolation",
        ) from None


def note_request(audit: ProviderAudit, body: Any) -> str:
    """Hash a request body before sending it, so a failed call still has its request hash.

    ``request_sha256`` is the first request of the call: it depends only on the input and the
    protocol, not on what the model did.
    """
    request_sha = sha256_json(body)
    if audit.request_sha256 is None:
        audit.request_sha256 = request_sha
    return request_sha


def note_response(audit: ProviderAudit, request_sha: str, output: Any) -> None:
    """List one exchange (a repair makes two) under ``exchanges`` in the audit."""
    exchanges = audit.extra.setdefault("exchanges", [])
    exchanges.append({"request_sha256": request_sha, "response_sha256": sha256_json(output)})


class HttpProvider:
    """What every HTTP provider shares: its checked endpoint, timeouts, bounded attempts and
    the test seams, how it names itself, and what it says about data leaving the machine.

    Subclasses set ``label`` (used in messages), ``egress_path`` (the endpoint that receives
    the notes) and ``unreachable_hint``, then call :meth:`_init_http` from ``__init__``.
    """

    label = "provider"
    egress_path = ""
    unreachable_hint = ""
    endpoint: Endpoint
    model: str

    def _init_http(
        self,
        *,
        timeout_s: float,
        connect_timeout_s: float,
        max_attempts: int,
        transport: Any,
        sleep: Callable[[float], None],
    ) -> None:
        self.timeout_s = check_timeout(self.label, timeout_s)
        self.connect_timeout_s = check_timeout(self.label, connect_timeout_s, "connect_timeout_s")
        self.max_attempts = check_attempts(self.label, max_attempts)
        self._transport = transport
        self._sleep = sleep

    def __repr__(self) -> str:
        return f"{type(self).__name__}(url={self.endpoint.url!r}, model={self.model!r})"

    @property
    def leaves_machine(self) -> bool:
        return not self.endpoint.loopback

    @property
    def egress_url(self) -> str:
        return self.endpoint.url + self.egress_path

    def _session(self) -> HttpSession:
        return HttpSession(
            provider=self.label,
            endpoint=self.endpoint,
            timeout_s=self.timeout_s,
            connect_timeout_s=self.connect_timeout_s,
            max_attempts=self.max_attempts,
            transport=self._transport,
            sleep=self._sleep,
            unreachable_hint=self.unreachable_hint,
        )
