"""A real local HTTP server that speaks the provider wire formats of SPEC §8 and fails on demand.

Tests talk to it over a real socket on 127.0.0.1 (ephemeral port), so the whole httpx stack,
timeouts included, is exercised. By default it answers like a healthy Ollama, OpenAI-compatible
server and TypeSafe Jev at once:

- ``GET /api/tags`` lists :attr:`FakeProviderServer.models`; ``GET /api/version`` gives
  :attr:`FakeProviderServer.version`;
- ``POST /api/chat`` and ``POST /v1/chat/completions`` answer with
  :attr:`FakeProviderServer.resolution` (or, for a judge request, one probability per operand);
- ``POST /v1/systemone`` answers every question asked with :attr:`FakeProviderServer.jev_probability`.

Failures are queued per path and consumed one request at a time (``fail``, ``stall``,
``reply``, ``script``); when a path's queue is empty the healthy default answers again. Every
request is recorded, so tests can assert what was sent and that nothing was sent at all.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

DEFAULT_MODEL = "deepseek-v4.1-flash:cloud"
DEFAULT_DIGEST = "5e2f8a0c1b7d4e9f3a6c2b8d0e1f4a7c9b3d5e6f8a0b2c4d6e8f0a1b3c5d7e9f"
JEV_MODEL = "jev-1.13.0"

#: A schema-valid resolution citing record ``r1`` and ``r2``.
DEFAULT_RESOLUTION: dict[str, Any] = {
    "operation": "elapsed_between",
    "operands": [
        {
            "name": "finishing",
            "evidence_id": "r1",
            "quote": "CLOSED: [2026-03-01 Sun 18:00]",
            "time_expression": "[2026-03-01 Sun 18:00]",
            "time_basis": "org_timestamp",
        },
        {
            "name": "hanging the frame",
            "evidence_id": "r2",
            "quote": "Hung the frame on 2026-03-31",
            "time_expression": "2026-03-31",
            "time_basis": "text_expression",
        },
    ],
}

Body = dict[str, Any] | list[Any] | str | bytes | None
BodyFactory = Callable[[Any], Body]


@dataclass(frozen=True)
class Recorded:
    """One request as the server saw it (``body`` is decoded JSON, or ``None``)."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    raw: bytes


@dataclass
class Action:
    """How to answer one request: ``body`` may be a value, raw text, or a function of the
    request's JSON; ``None`` means "the healthy default". ``delay`` sleeps first (timeouts)."""

    status: int = 200
    body: Body | BodyFactory = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


# --- wire-format answers ---------------------------------------------------------------------


def ollama_chat_reply(request: Any, content: Any, *, model: str | None = None) -> dict[str, Any]:
    text = content if isinstance(content, str) else json.dumps(content)
    return {
        "model": model if model is not None else request["model"],
        "created_at": "2026-03-31T12:00:00Z",
        "message": {"role": "assistant", "content": text},
        "done": True,
        "done_reason": "stop",
        "prompt_eval_count": 120,
        "eval_count": 30,
    }


def openai_reply(request: Any, content: Any, *, model: str | None = None) -> dict[str, Any]:
    text = content if isinstance(content, str) else json.dumps(content)
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": model if model is not None else request["model"],
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 150, "completion_tokens": 40, "total_tokens": 190},
    }


def jev_reply(
    request: Any,
    probability: Any = 0.93,
    *,
    model: str | None = None,
    drop: tuple[str, ...] = (),
    extra: tuple[str, ...] = (),
    answers: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A Jev answer to ``request``; ``drop``/``extra``/``model`` make it malformed on purpose.

    ``probability`` may be a number, anything else (to test "not a number"), or a list giving
    one value per question in order.
    """
    names = list(request["questions"])
    if answers is None:
        values = probability if isinstance(probability, list) else [probability] * len(names)
        answers = {
            name: {"type": "noul", "noul": value}
            for name, value in zip(names, values, strict=True)
            if name not in drop
        }
        for name in extra:
            answers[name] = {"type": "noul", "noul": 0.9}
    return {
        "model": model if model is not None else request["model"],
        "answers": answers,
        "usage": {"input_tokens": 440, "output_tokens": 22},
    }


def _is_judge(request: Any) -> bool:
    schema = request.get("format") if isinstance(request, dict) else None
    return isinstance(schema, dict) and "probabilities" in schema.get("properties", {})


# --- the server ------------------------------------------------------------------------------


class FakeProviderServer:
    """A threaded HTTP server on 127.0.0.1 that impersonates Ollama, OpenAI-compatible
    servers and Jev, records every request and fails when told to."""

    def __init__(self) -> None:
        self.models: list[dict[str, Any]] = [
            {
                "name": DEFAULT_MODEL,
                "model": DEFAULT_MODEL,
                "digest": DEFAULT_DIGEST,
                "size": 384,
                "details": {"family": "deepseek"},
            }
        ]
        self.version = "0.12.6"
        self.resolution: Any = DEFAULT_RESOLUTION
        self.judge_probability: float = 0.95
        self.jev_probability: Any = 0.93
        self.requests: list[Recorded] = []
        self._scripts: dict[str, deque[Action]] = {}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        # A short poll interval keeps shutdown (and so each test's teardown) fast.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    # lifecycle

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_port}"

    def start(self) -> Self:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stopping.set()  # releases stalled handlers at once
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # scripting

    def script(self, path: str, *actions: Action) -> None:
        """Queue answers for the next requests to ``path``, in order."""
        with self._lock:
            self._scripts.setdefault(path, deque()).extend(actions)

    def fail(
        self,
        path: str,
        status: int = 500,
        *,
        times: int = 1,
        retry_after: str | None = None,
        body: Body = None,
    ) -> None:
        """Answer the next ``times`` requests with an error status (and ``Retry-After``)."""
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        error = body if body is not None else {"error": f"simulated failure {status}"}
        self.script(path, *[Action(status, error, headers) for _ in range(times)])

    def stall(self, path: str, seconds: float, *, times: int = 1) -> None:
        """Sleep before answering (longer than the client's timeout to simulate a hang)."""
        self.script(path, *[Action(delay=seconds) for _ in range(times)])

    def reply(self, path: str, content: Any, *, times: int = 1, model: str | None = None) -> None:
        """Queue chat answers whose *content* is ``content`` (a str is sent verbatim, so
        malformed JSON is possible), on either chat path; ``model`` fakes another model."""
        maker = ollama_chat_reply if path == "/api/chat" else openai_reply
        action = Action(body=lambda request: maker(request, content, model=model))
        self.script(path, *[action for _ in range(times)])

    def jev(self, *, times: int = 1, **kwargs: Any) -> None:
        """Queue Jev answers built by :func:`jev_reply` with ``kwargs``."""
        action = Action(body=lambda request: jev_reply(request, **kwargs))
        self.script("/v1/systemone", *[action for _ in range(times)])

    # inspection

    def count(self, path: str | None = None) -> int:
        with self._lock:
            return sum(1 for r in self.requests if path is None or r.path == path)

    def bodies(self, path: str) -> list[Any]:
        with self._lock:
            return [r.body for r in self.requests if r.path == path]

    def last(self, path: str) -> Recorded:
        with self._lock:
            return [r for r in self.requests if r.path == path][-1]

    # serving

    def _next_action(self, path: str) -> Action:
        with self._lock:
            queue = self._scripts.get(path)
            if queue:
                return queue.popleft()
        return Action()

    def _default(self, method: str, path: str, request: Any) -> tuple[int, Body]:
        if method == "GET" and path == "/api/tags":
            return 200, {"models": self.models}
        if method == "GET" and path == "/api/version":
            return 200, {"version": self.version}
        if method == "POST" and path == "/api/chat":
            return 200, ollama_chat_reply(request, self._content(request))
        if method == "POST" and path == "/v1/chat/completions":
            return 200, openai_reply(request, self._content(request))
        if method == "POST" and path == "/v1/systemone":
            return 200, jev_reply(request, self.jev_probability)
        return 404, {"error": f"no route for {method} {path}"}

    def _content(self, request: Any) -> Any:
        if _is_judge(request):
            count = request["format"]["properties"]["probabilities"]["maxItems"]
            return {"probabilities": [self.judge_probability] * count}
        return self.resolution

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        try:
            request = json.loads(raw) if raw else None
        except ValueError:
            request = None
        path = handler.path.split("?", 1)[0]
        with self._lock:
            self.requests.append(
                Recorded(handler.command, path, dict(handler.headers.items()), request, raw)
            )
        action = self._next_action(path)
        if action.delay and self._stopping.wait(action.delay):
            return
        status, body = action.status, action.body
        if callable(body):
            body = body(request)
        if body is None:
            status, body = self._default(handler.command, path, request)
        if isinstance(body, bytes):
            payload = body
        elif isinstance(body, str):
            payload = body.encode("utf-8")
        else:
            payload = json.dumps(body).encode("utf-8")
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            for name, value in action.headers.items():
                handler.send_header(name, value)
            handler.end_headers()
            handler.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test); nothing to answer

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server._handle(self)

            def do_POST(self) -> None:
                server._handle(self)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
