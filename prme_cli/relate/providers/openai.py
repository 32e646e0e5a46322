"""Any OpenAI-compatible ``/v1/chat/completions`` server as a resolver (llama.cpp, vLLM…).

There is no default model: such servers host whatever the user loaded, and guessing a name
would either fail obscurely or, worse, silently use a different model than the user thinks.
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
    Secret,
    Sleep,
    as_int,
    bearer,
    check_endpoint,
    credential,
    generate_with_repair,
    note_request,
    note_response,
    sha256_json,
    timed,
)
from prme_cli.relate.types import ProviderAudit, Resolution, ResolveRequest

if TYPE_CHECKING:
    import httpx

#: llama.cpp's ``llama-server`` default address.
DEFAULT_BASE_URL = "http://127.0.0.1:8080"
DEFAULT_TIMEOUT_S = 120.0
CHAT_PATH = "/v1/chat/completions"
KEY_ENV_VARS: tuple[str, ...] = ("OPENAI_API_KEY",)
SCHEMA_NAME = "prme_resolution"


class OpenAIResolver(HttpProvider):
    """Resolver over an OpenAI-compatible server with strict JSON-schema output."""

    name = "openai"
    label = "openai"
    egress_path = CHAT_PATH
    unreachable_hint = " - is the server running?"
    #: Local servers rarely need a key; one is sent when ``OPENAI_API_KEY`` is set.
    needs_key = False
    key_env_var = KEY_ENV_VARS[0]

    def __init__(
        self,
        *,
        base_url: str = DEFAULT_BASE_URL,
        model: str | None = None,
        seed: int = prompts.DEFAULT_SEED,
        max_tokens: int | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        allow_remote: bool = False,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep = time.sleep,
    ) -> None:
        if model is None or not str(model).strip():
            raise UsageError(
                "openai resolver needs a model: set temporal_relation.resolver.model "
                "or pass --resolver-model"
            )
        # Accept both "http://host:8080" and "http://host:8080/v1", as clients commonly do.
        base = base_url.strip().rstrip("/")
        base = base.removesuffix("/v1")
        self.endpoint = check_endpoint(
            base,
            provider="openai",
            setting="temporal_relation.resolver.url",
            allow_remote=allow_remote,
        )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise UsageError("openai: temporal_relation.resolver.seed must be an integer")
        if max_tokens is not None and (
            isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens <= 0
        ):
            raise UsageError("openai: max_tokens must be a positive integer")
        key = credential(KEY_ENV_VARS)
        if key is not None and not self.endpoint.loopback and base.startswith("http://"):
            raise UsageError(
                "openai: refusing to send OPENAI_API_KEY over plain http to a remote host; "
                "use https or unset the key"
            )
        self._key = Secret(key) if key is not None else None
        self.model = str(model).strip()
        self.seed = seed
        self.max_tokens = max_tokens
        self._init_http(
            timeout_s=timeout_s,
            connect_timeout_s=connect_timeout_s,
            max_attempts=max_attempts,
            transport=transport,
            sleep=sleep,
        )

    def resolve(self, request: ResolveRequest, audit: ProviderAudit) -> Resolution:
        audit.provider = self.name
        audit.model = self.model
        audit.extra["endpoint"] = self.endpoint.url
        audit.extra["options"] = {"temperature": 0, "seed": self.seed}
        audit.extra["prompt_sha256"] = prompts.PROTOCOL_SHA256
        with timed(audit), self._session() as session:
            resolution = generate_with_repair(
                provider="openai",
                messages=prompts.resolver_messages(request),
                send=lambda messages: self._complete(session, audit, messages),
                parse=prompts.parse_resolution,
                audit=audit,
            )
        audit.response_sha256 = sha256_json(prompts.resolution_json(resolution))
        return resolution

    def _complete(self, session: HttpSession, audit: ProviderAudit, messages: Messages) -> str:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            "seed": self.seed,
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": SCHEMA_NAME,
                    "schema": prompts.RESOLUTION_SCHEMA,
                    "strict": True,
                },
            },
        }
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        request_sha = note_request(audit, body)
        headers = bearer(self._key) if self._key is not None else None
        data = session.call("POST", CHAT_PATH, body=body, headers=headers, audit=audit).data
        if not isinstance(data, dict):
            raise ProviderCallError(
                f"openai: {CHAT_PATH} answered with something other than an object",
                error_type="ProtocolError",
            )
        answered = data.get("model")
        # The wire format does not require "model"; when a server names one it must be ours.
        if answered is not None and answered != self.model:
            raise ProviderCallError(
                f"openai: the answer came from a different model than {self.model!r}",
                error_type="ModelMismatch",
            )
        usage = data.get("usage")
        if isinstance(usage, dict):
            audit.input_tokens += as_int(usage.get("prompt_tokens"))
            audit.output_tokens += as_int(usage.get("completion_tokens"))
        choices = data.get("choices")
        first = choices[0] if isinstance(choices, list) and choices else None
        message = first.get("message") if isinstance(first, dict) else None
        if not isinstance(message, dict):
            raise ProviderCallError(
                f"openai: {CHAT_PATH} answer has no choices", error_type="ProtocolError"
            )
        content = message.get("content")
        # A refusal (content null) is treated like invalid output: it gets the one repair.
        text = content if isinstance(content, str) else ""
        note_response(audit, request_sha, text)
        return text
