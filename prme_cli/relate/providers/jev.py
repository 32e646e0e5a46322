"""TypeSafe Jev as the independent gate (SPEC §6.6, §8).

Jev sees only the question, the operation and each operand's name, exact evidence quote and
proposed time expression, never the packed records. Any answer that is not exactly one
probability in [0, 1] per operand from the requested model fails closed: a gate that guesses
around a malformed answer is no gate.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, NoReturn

from prme_cli.errors import UsageError
from prme_cli.relate.providers import prompts
from prme_cli.relate.providers.http import (
    DEFAULT_CONNECT_TIMEOUT_S,
    DEFAULT_MAX_ATTEMPTS,
    HttpProvider,
    ProviderCallError,
    Secret,
    Sleep,
    as_int,
    bearer,
    check_endpoint,
    credential,
    note_request,
    note_response,
    sha256_json,
    timed,
)
from prme_cli.relate.types import EvidenceRecord, GateVerdict, ProviderAudit, Resolution

if TYPE_CHECKING:
    import httpx

DEFAULT_BASE_URL = "https://api.typesafe.ai"
DEFAULT_MODEL = "jev-1.13.0"
DEFAULT_TIMEOUT_S = 30.0
SYSTEMONE_PATH = "/v1/systemone"
KEY_ENV_VARS: tuple[str, ...] = ("JEV_API_KEY", "TYPESAFE_API_KEY")


class JevGate(HttpProvider):
    """Asks Jev, per operand, whether the quote explicitly dates the named event."""

    name = "jev"
    label = "jev"
    egress_path = SYSTEMONE_PATH
    needs_key = True
    key_env_var = KEY_ENV_VARS[0]

    def __init__(
        self,
        *,
        base_url: str = DEFAULT_BASE_URL,
        model: str = DEFAULT_MODEL,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        allow_remote: bool = False,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep = time.sleep,
    ) -> None:
        # The full endpoint is accepted too, since that is what the documentation shows.
        base = base_url.strip().rstrip("/").removesuffix(SYSTEMONE_PATH)
        self.endpoint = check_endpoint(
            base,
            provider="jev",
            setting="temporal_relation.gate.url",
            allow_remote=allow_remote,
            https_only=True,
        )
        key = credential(KEY_ENV_VARS)
        if key is None:
            raise UsageError(
                "jev gate needs an API key: set JEV_API_KEY or TYPESAFE_API_KEY "
                "(or choose another gate with --gate)"
            )
        self._key = Secret(key)
        if not isinstance(model, str) or not model.strip():
            raise UsageError("jev: temporal_relation.gate.model must name a model")
        self.model = model.strip()
        self._init_http(
            timeout_s=timeout_s,
            connect_timeout_s=connect_timeout_s,
            max_attempts=max_attempts,
            transport=transport,
            sleep=sleep,
        )

    def request_body(self, question: str, resolution: Resolution) -> dict[str, Any]:
        """The wire body; public so the stage and tests can see exactly what is sent."""
        return {
            "model": self.model,
            "state": prompts.gate_state(question, resolution),
            "questions": prompts.gate_questions(resolution),
        }

    def evaluate(
        self,
        question: str,
        resolution: Resolution,
        records: dict[str, EvidenceRecord],
        audit: ProviderAudit,
    ) -> GateVerdict:
        """``records`` is unused on purpose: only quotes leave the machine, not whole notes."""
        audit.provider = self.name
        audit.model = self.model
        audit.extra["endpoint"] = self.endpoint.url
        audit.extra["prompt_sha256"] = prompts.PROTOCOL_SHA256
        if not resolution.operands:
            return GateVerdict(probabilities=())
        body = self.request_body(question, resolution)
        request_sha = note_request(audit, body)
        with timed(audit), self._session() as session:
            data = session.call(
                "POST", SYSTEMONE_PATH, body=body, headers=bearer(self._key), audit=audit
            ).data
        probabilities = self._parse(data, len(resolution.operands), audit)
        answered = {"model": self.model, "answers": data["answers"]}
        note_response(audit, request_sha, answered)
        audit.response_sha256 = sha256_json(answered)
        return GateVerdict(probabilities=probabilities)

    def _parse(self, data: Any, count: int, audit: ProviderAudit) -> tuple[float, ...]:
        if not isinstance(data, dict):
            _malformed("the answer is not an object")
        if data.get("model") != self.model:
            raise ProviderCallError(
                f"jev: the answer came from a different model than {self.model!r}",
                error_type="ModelMismatch",
            )
        usage = data.get("usage")
        if isinstance(usage, dict):
            audit.input_tokens += as_int(usage.get("input_tokens"))
            audit.output_tokens += as_int(usage.get("output_tokens"))
        answers = data.get("answers")
        if not isinstance(answers, dict):
            _malformed("no answers")
        expected = [f"operand_{index}" for index in range(count)]
        missing = [key for key in expected if key not in answers]
        if missing:
            _malformed(f"no answer for {missing[0]}")
        if len(answers) != count:
            _malformed("answers for questions that were not asked")
        probabilities: list[float] = []
        for key in expected:
            answer = answers[key]
            if not isinstance(answer, dict) or answer.get("type") != "noul":
                _malformed(f"{key} is not a noul answer")
            number = prompts.probability(answer.get("noul"))
            if number is None:
                _malformed(f"{key} is not a probability between 0 and 1")
            probabilities.append(number)
        return tuple(probabilities)


def _malformed(problem: str) -> NoReturn:
    raise ProviderCallError(f"jev: malformed answer ({problem})", error_type="MalformedAnswer")
