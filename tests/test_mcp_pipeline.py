"""What ``prme mcp`` does around the SDK's server for a ``tools/call``, held to the SDK's own.

:mod:`prme_cli.mcp.server` answers a tool call on a handshake-era connection without the SDK
re-checking prme's result (a middleware, the SDK's extension point), writes each reply line
itself with the document encoded once, and reads and writes the pipes in the SDK server's own
``receive``/``send``. Each of those must give the client exactly what the SDK's own pipeline
would: here the real ``Server`` that ``prme mcp`` builds, over in-memory streams, on the sample
notes — once as built and once with the SDK's pipeline alone (no middleware) — for every
protocol version the installed SDK speaks. Then the 2026 era, which goes the SDK's way, and
the store's one connection, which an in-line call must not use while a slow one runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (prme[mcp]) is not installed")

import anyio
import mcp_types as types
import mcp_types.methods
from mcp.server import Server
from mcp.shared.message import SessionMessage
from mcp_types.version import (
    HANDSHAKE_PROTOCOL_VERSIONS,
    LATEST_HANDSHAKE_VERSION,
    LATEST_MODERN_VERSION,
    MODERN_PROTOCOL_VERSIONS,
)

from prme_cli import config
from prme_cli.mcp import server as mcp_server
from prme_cli.mcp.server import DocumentText, build_server, direct_versions, response_line
from prme_cli.mcp.tools import Session

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-11-27T20:00"

#: One call of every read tool, on the sample notes (ids are filled in from `since`).
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("since", {"when": "monday"}),
    ("since", {"when": "monday", "max_results": 3, "by": ["scheduled", "deadline"]}),
    ("range", {"since": "last monday", "until": "friday", "reverse": True}),
    ("query", {"text": "frame"}),
    ("log", {"when": "this week"}),
    ("when", {"expression": "next tuesday"}),
    ("find", {"text": "We met two days ago and again on 3 March."}),
    ("stats", {}),
    ("relate", {"question": "How long passed between finishing and hanging the frame?"}),
    ("since", {"when": "blursday"}),  # a tool error: prme's message
    ("show", {"id": "no-such-id"}),  # a tool error too
]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pipeline") / "sample.sqlite3"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "prme_cli",
            "--store",
            str(path),
            "ingest",
            str(ROOT / "sample_org"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return path


def _session(store: Path) -> Session:
    return Session(config.load(environ={}, flags={"store": str(store), "now": NOW}))


def _initialize(version: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }


INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def _call(request_id: int, name: str, arguments: Any, **params: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments, **params},
    }


class _Client:
    """The client's ends of the two in-memory streams a running server is given."""

    def __init__(self, send: Any, receive: Any) -> None:
        self._send, self._receive = send, receive

    async def send(self, message: dict[str, Any]) -> None:
        parsed = types.jsonrpc_message_adapter.validate_python(message, by_name=False)
        await self._send.send(SessionMessage(parsed))

    async def receive(self) -> Any:
        """The next message the server wrote."""
        item: SessionMessage = await self._receive.receive()
        return item.message


@asynccontextmanager
async def _serving(server: Server[Any]) -> AsyncIterator[_Client]:
    """``server`` running over in-memory streams for the block (stopped by closing its input)."""
    client_send, server_read = anyio.create_memory_object_stream[Any](8)
    server_write, client_read = anyio.create_memory_object_stream[SessionMessage](8)
    async with anyio.create_task_group() as tg:
        tg.start_soon(server.run, server_read, server_write, server.create_initialization_options())
        yield _Client(client_send, client_read)
        await client_send.aclose()


def converse(
    session: Session, messages: list[dict[str, Any]], *, sdk_only: bool = False
) -> list[dict[str, Any]]:
    """``messages`` sent in turn to the server ``prme mcp`` builds (``sdk_only``: without
    prme's middleware), waiting for each request's reply; the replies as wire dicts.

    Every reply line is also checked against the SDK's serialisation of the same message:
    what :func:`response_line` writes must be what ``model_dump_json`` would.
    """
    server = build_server(session)
    if sdk_only:
        server.middleware = []

    async def exchange() -> list[dict[str, Any]]:
        replies = []
        async with _serving(server) as client:
            for message in messages:
                await client.send(message)
                if "id" in message:
                    with anyio.fail_after(120):
                        answer = await client.receive()
                    line = response_line(answer)
                    sdk = answer.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                    assert line == sdk.encode()
                    replies.append(json.loads(line))
        return replies

    return anyio.run(exchange)


@pytest.fixture
def sdk_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The methods whose results the SDK's own result check saw."""
    seen: list[str] = []
    real = mcp_types.methods.serialize_server_result

    def spy(method: str, version: str, data: Any, **kw: Any) -> dict[str, Any]:
        seen.append(method)
        return real(method, version, data, **kw)

    monkeypatch.setattr(mcp_types.methods, "serialize_server_result", spy)
    return seen


def test_every_handshake_version_takes_the_direct_path() -> None:
    """The SDK's check gives prme's result shapes back unchanged in every handshake version
    (if an SDK upgrade changes that, the version goes the SDK's way and this says so)."""
    handshake = {v for v in HANDSHAKE_PROTOCOL_VERSIONS if v not in MODERN_PROTOCOL_VERSIONS}
    assert direct_versions() == handshake
    assert LATEST_HANDSHAKE_VERSION in direct_versions()


@pytest.mark.parametrize("version", sorted(direct_versions()))
def test_tool_results_are_what_the_sdks_check_would_send(
    version: str, store: Path, sdk_checks: list[str]
) -> None:
    session = _session(store)
    first = converse(
        session, [_initialize(version), INITIALIZED, _call(1, "since", {"when": "monday"})]
    )
    some_id = first[1]["result"]["structuredContent"]["results"][0]["id"]
    calls = [*CALLS, ("show", {"id": some_id})]
    messages = [_initialize(version), INITIALIZED]
    messages += [_call(i, name, args) for i, (name, args) in enumerate(calls, start=1)]
    replies = converse(session, messages)
    assert "tools/call" not in sdk_checks  # the direct path was taken
    assert [reply["id"] for reply in replies] == list(range(len(calls) + 1))
    for reply, (name, _) in zip(replies[1:], calls, strict=True):
        result = reply["result"]
        # what the SDK's pipeline would have sent for the same result
        assert mcp_types.methods.serialize_server_result("tools/call", version, result) == result
        if result.get("isError"):
            assert set(result) == {"content", "isError"}
            assert "Traceback" not in result["content"][0]["text"]
        else:
            assert json.loads(result["content"][0]["text"]) == result["structuredContent"], name
    assert (
        replies[-2]["result"]["isError"]
        and "no object" in replies[-2]["result"]["content"][0]["text"]
    )
    assert replies[-1]["result"]["structuredContent"]["id"] == some_id
    session.close()


#: Requests whose answer is the SDK's pipeline's to decide: an error, or a call it lets through.
ODD_CALLS = [
    _call(1, "forget", {"path": "/"}),  # an unknown tool: a protocol error
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"arguments": {}}},  # no name
    _call(3, "since", "monday"),  # arguments not an object
    _call(4, "since", {"when": "monday"}, _meta={"progressToken": "p-1"}),
    _call(5, "when", None),  # arguments null: the tool's own error (expression missing)
    {"jsonrpc": "2.0", "id": 6, "method": "ping"},
    {"jsonrpc": "2.0", "id": 7, "method": "tools/call"},  # no params at all
    _call(8, "when", {"expression": "today"}, task={"ttl": 1000}),  # a field of some versions
]


@pytest.mark.parametrize("version", sorted(direct_versions()))
def test_odd_calls_are_answered_as_the_sdks_pipeline_answers_them(
    version: str, store: Path
) -> None:
    session = _session(store)
    messages = [_initialize(version), INITIALIZED, *ODD_CALLS]
    built, sdk = converse(session, messages), converse(session, messages, sdk_only=True)
    assert built == sdk
    assert "unknown tool 'forget'" in built[1]["error"]["message"]
    assert built[4]["result"]["structuredContent"]["count"] == 19
    session.close()


def test_a_call_before_initialize_gets_the_sdks_refusal(store: Path) -> None:
    session = _session(store)
    messages = [_call(1, "since", {"when": "monday"}), _initialize(LATEST_HANDSHAKE_VERSION)]
    built = converse(session, messages)
    assert built == converse(session, messages, sdk_only=True)
    assert "error" in built[0] and "result" in built[1]
    session.close()


def _modern(request_id: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    envelope = {
        types.PROTOCOL_VERSION_META_KEY: LATEST_MODERN_VERSION,
        types.CLIENT_INFO_META_KEY: {"name": "test", "version": "1"},
        types.CLIENT_CAPABILITIES_META_KEY: {},
    }
    return _call(request_id, name, arguments, _meta=envelope)


@pytest.mark.skipif(not MODERN_PROTOCOL_VERSIONS, reason="the SDK speaks no 2026-era version")
def test_a_2026_era_call_gets_its_result(store: Path, sdk_checks: list[str]) -> None:
    """The 2026 era has no handshake; its results carry ``resultType`` (the SDK refused
    prme's results without it as an invalid result) and go through the SDK's own check."""
    session = _session(store)
    modern = converse(
        session,
        [
            _modern(1, "when", {"expression": "next tuesday"}),
            _modern(2, "since", {"when": "blursday"}),
        ],
    )
    old = converse(
        session,
        [
            _initialize(LATEST_HANDSHAKE_VERSION),
            INITIALIZED,
            _call(1, "when", {"expression": "next tuesday"}),
        ],
    )
    answer = modern[0]["result"]
    assert answer["resultType"] == "complete"
    assert answer["structuredContent"] == old[1]["result"]["structuredContent"]
    assert modern[1]["result"]["isError"] and modern[1]["result"]["resultType"] == "complete"
    assert sdk_checks.count("tools/call") == 2
    session.close()


def test_a_result_line_encodes_the_document_once(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reply to a tool call is written from the text block's bytes, not re-encoded."""
    session = _session(store)
    tool = {t.name: t for t in mcp_server.available_tools(session.cfg)}["since"]
    result = mcp_server._run(session, tool, {"when": "monday"})
    assert type(result["content"][0]["text"]) is DocumentText
    message = types.JSONRPCResponse(jsonrpc="2.0", id="r-1", result=result)
    expected = message.model_dump_json(by_alias=True, exclude_unset=True)

    def no_second_encoding(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("the document was encoded again")

    monkeypatch.setattr(types.JSONRPCResponse, "model_dump_json", no_second_encoding)
    assert response_line(message) == (expected + "\n").encode()
    # a result changed after it was built is not written from the old bytes
    result["structuredContent"] = {**result["structuredContent"], "count": -1}
    changed = types.JSONRPCResponse(jsonrpc="2.0", id=2, result=result)
    with pytest.raises(AssertionError, match="encoded again"):
        response_line(changed)
    session.close()


@pytest.fixture
def held_relate(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[threading.Event, threading.Event]]:
    """``relate`` (a slow tool, run on a worker thread) made to wait until released."""
    started, release = threading.Event(), threading.Event()
    real: Callable[..., Any] = mcp_server.call

    def held(session: Session, tool: Any, arguments: Any) -> Any:
        if tool.name == "relate":
            started.set()
            release.wait(60)
        return real(session, tool, arguments)

    monkeypatch.setattr(mcp_server, "call", held)
    yield started, release
    release.set()


def test_an_in_line_call_waits_for_a_slow_one_holding_the_store(
    store: Path, held_relate: tuple[threading.Event, threading.Event]
) -> None:
    """The store's one connection serves one call at a time: a ``since`` sent while a
    ``relate`` runs on its thread is answered after it, never in the middle."""
    started, release = held_relate
    session = _session(store)
    server = build_server(session)
    question = "How long passed between finishing and hanging the frame?"

    async def exchange() -> list[Any]:
        order = []
        async with _serving(server) as client:
            for message in (
                _initialize(LATEST_HANDSHAKE_VERSION),
                INITIALIZED,
                _call(1, "relate", {"question": question}),
                _call(2, "since", {"when": "monday"}),
            ):
                await client.send(message)
            order.append((await client.receive()).id)  # initialize
            await anyio.to_thread.run_sync(started.wait, 60)
            with anyio.move_on_after(0.5):  # the since call must not be answered meanwhile
                order.append((await client.receive()).id)
            release.set()
            with anyio.fail_after(120):
                while len(order) < 3:
                    order.append((await client.receive()).id)
        return order

    assert anyio.run(exchange) == [0, 1, 2]
    session.close()
