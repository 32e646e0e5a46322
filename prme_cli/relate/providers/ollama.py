"""Ollama as a resolver and as a judge gate (SPEC §6.3, §6.6, §8).

Before anything is generated the model must be listed by ``/api/tags`` and, when a digest is
pinned, carry exactly that digest: a silently swapped model would make every audit a lie.
Generation is ``/api/chat`` with ``stream: false``, a JSON schema as ``format``, temperature 0
and a fixed seed.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from prme_cli.errors import UsageError
from prme_cli.relate.providers import prompts
from prme_cli.relate.providers.http import (
    DEFAULT_CONNECT_TIMEOUT_S,
    DEFAULT_MAX_ATTEMPTS,
    HttpProvider,
    HttpSession,
    Messages,
    ProviderCallError,
    Sleep,
    as_int,
    check_endpoint,
    generate_with_repair,
    note_request,
    note_response,
    sha256_json,
    timed,
)
from prme_cli.relate.types import (
    EvidenceRecord,
    GateVerdict,
    ProviderAudit,
    Resolution,
    ResolveRequest,
)

if TYPE_CHECKING:
    import httpx

DEFAULT_BASE_URL = "http://127.0.0.1:11434"
#: The tag the confirmation used (seed 001).
DEFAULT_MODEL = "deepseek-v4.1-flash:cloud"
DEFAULT_NUM_CTX = 32_768
DEFAULT_NUM_PREDICT = 1_024
#: Generation on a laptop can be slow; a hung server must still not hang the command.
DEFAULT_TIMEOUT_S = 120.0
CHAT_PATH = "/api/chat"


def model_key(name: str) -> str:
    """Ollama's own notion of the same model: a name without a tag means ``:latest``."""
    name = name.strip()
    last = name.rsplit("/", 1)[-1]
    return name if ":" in last else f"{name}:latest"


def digest_key(digest: str) -> str:
    """Digests compare without the ``sha256:`` prefix and case."""
    digest = digest.strip().lower()
    return digest.removeprefix("sha256:")


class _OllamaProvider(HttpProvider):
    """What the resolver and the judge share: settings, the identity check and one chat."""

    name = "ollama"
    egress_path = CHAT_PATH
    unreachable_hint = " - is `ollama serve` running?"
    needs_key = False
    key_env_var: str | None = None
    label = "ollama"
    #: Where the settings live in the configuration, for error messages that say what to fix.
    setting_prefix = "temporal_relation.resolver"

    def __init__(
        self,
        *,
        base_url: str = DEFAULT_BASE_URL,
        model: str = DEFAULT_MODEL,
        digest: str | None = None,
        seed: int = prompts.DEFAULT_SEED,
        num_ctx: int = DEFAULT_NUM_CTX,
        num_predict: int = DEFAULT_NUM_PREDICT,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        allow_remote: bool = False,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep = time.sleep,
    ) -> None:
        setting_prefix = self.setting_prefix
        self.endpoint = check_endpoint(
            base_url,
            provider=self.label,
            setting=f"{setting_prefix}.url",
            allow_remote=allow_remote,
        )
        if not isinstance(model, str) or not model.strip():
            raise UsageError(f"{self.label}: {setting_prefix}.model must name a model")
        for option, value in (("seed", seed), ("num_ctx", num_ctx), ("num_predict", num_predict)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise UsageError(f"{self.label}: {setting_prefix}.{option} must be an integer")
        if num_ctx <= 0 or num_predict <= 0:
            raise UsageError(f"{self.label}: num_ctx and num_predict must be positive")
        self.model = model.strip()
        self.digest = digest_key(digest) if digest and digest.strip() else None
        self.seed = seed
        self.num_ctx = num_ctx
        self.num_predict = num_predict
        self._init_http(
            timeout_s=timeout_s,
            connect_timeout_s=connect_timeout_s,
            max_attempts=max_attempts,
            transport=transport,
            sleep=sleep,
        )

    @property
    def runs_in_cloud(self) -> bool:
        """``:cloud`` tags run on ollama.com even when asked through a local server."""
        return model_key(self.model).endswith(":cloud")

    @property
    def leaves_machine(self) -> bool:
        return not self.endpoint.loopback or self.runs_in_cloud

    @property
    def options(self) -> dict[str, Any]:
        return {
            "temperature": 0,
            "seed": self.seed,
            "num_ctx": self.num_ctx,
            "num_predict": self.num_predict,
        }

    def _start_audit(self, audit: ProviderAudit) -> None:
        audit.provider = self.name
        audit.model = self.model
        audit.extra["endpoint"] = self.endpoint.url
        audit.extra["options"] = self.options
        audit.extra["prompt_sha256"] = prompts.PROTOCOL_SHA256

    def _identify(self, session: HttpSession, audit: ProviderAudit) -> None:
        """Refuse to generate unless the server lists this model with the pinned digest."""
        tags = session.call("GET", "/api/tags").data
        models = tags.get("models") if isinstance(tags, dict) else None
        if not isinstance(models, list):
            raise ProviderCallError(
                f"{self.label}: /api/tags did not list models", error_type="ProtocolError"
            )
        wanted = model_key(self.model)
        entry = next(
            (
                item
                for item in models
                if isinstance(item, dict)
                and any(
                    isinstance(item.get(key), str) and model_key(item[key]) == wanted
                    for key in ("name", "model")
                )
            ),
            None,
        )
        if entry is None:
            raise ProviderCallError(
                f"{self.label}: model {self.model!r} is not available at {self.endpoint.url} "
                f"(try `ollama pull {self.model}`)",
                error_type="ModelNotListed",
            )
        listed = entry.get("digest")
        audit.digest = digest_key(listed) if isinstance(listed, str) and listed else None
        if self.digest is not None and audit.digest != self.digest:
            raise ProviderCallError(
                f"{self.label}: model digest mismatch for {self.model!r}: configured "
                f"{self.digest[:12]}, server has {(audit.digest or 'none')[:12]}",
                error_type="DigestMismatch",
            )
        version = session.call("GET", "/api/version").data
        if not isinstance(version, dict) or not isinstance(version.get("version"), str):
            raise ProviderCallError(
                f"{self.label}: /api/version gave no version", error_type="ProtocolError"
            )
        audit.version = version["version"]

    def _chat(
        self,
        session: HttpSession,
        audit: ProviderAudit,
        messages: Messages,
        schema: dict[str, Any],
    ) -> str:
        """One non-streaming chat call; returns the assistant's raw content."""
        body = {
            "model": self.model,
            "messages": messages,
            "stream": False,
            "format": schema,
            "options": self.options,
        }
        request_sha = note_request(audit, body)
        data = session.call("POST", CHAT_PATH, body=body, audit=audit).data
        if not isinstance(data, dict):
            raise ProviderCallError(
                f"{self.label}: {CHAT_PATH} answered with something other than an object",
                error_type="ProtocolError",
            )
        answered = data.get("model")
        if not isinstance(answered, str) or model_key(answered) != model_key(self.model):
            raise ProviderCallError(
                f"{self.label}: the answer came from a different model than {self.model!r}",
                error_type="ModelMismatch",
            )
        audit.input_tokens += as_int(data.get("prompt_eval_count"))
        audit.output_tokens += as_int(data.get("eval_count"))
        message = data.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, str):
            raise ProviderCallError(
                f"{self.label}: {CHAT_PATH} answer has no message content",
                error_type="ProtocolError",
            )
        note_response(audit, request_sha, content)
        return content


class OllamaResolver(_OllamaProvider):
    """Aligns the question with packed records through a local (or allowed remote) Ollama."""

    def resolve(self, request: ResolveRequest, audit: ProviderAudit) -> Resolution:
        self._start_audit(audit)
        with timed(audit), self._session() as session:
            self._identify(session, audit)
            resolution = generate_with_repair(
                provider=self.label,
                messages=prompts.resolver_messages(request),
                send=lambda messages: self._chat(
                    session, audit, messages, prompts.RESOLUTION_SCHEMA
                ),
                parse=prompts.parse_resolution,
                audit=audit,
            )
        audit.response_sha256 = sha256_json(prompts.resolution_json(resolution))
        return resolution


class OllamaGate(_OllamaProvider):
    """A judge model that gives each operand a probability that its quote dates it."""

    label = "ollama gate"
    setting_prefix = "temporal_relation.gate"

    def evaluate(
        self,
        question: str,
        resolution: Resolution,
        records: dict[str, EvidenceRecord],
        audit: ProviderAudit,
    ) -> GateVerdict:
        """``records`` is unused on purpose: the judge sees only the quotes, as Jev does."""
        self._start_audit(audit)
        count = len(resolution.operands)
        if count == 0:
            return GateVerdict(probabilities=())
        with timed(audit), self._session() as session:
            self._identify(session, audit)
            probabilities = generate_with_repair(
                provider=self.label,
                messages=prompts.judge_messages(question, resolution),
                send=lambda messages: self._chat(
                    session, audit, messages, prompts.judge_schema(count)
                ),
                parse=lambda raw: prompts.parse_probabilities(raw, count),
                audit=audit,
            )
        audit.response_sha256 = sha256_json({"probabilities": list(probabilities)})
        return GateVerdict(probabilities=probabilities)
