"""``prme mcp``'s early ``initialize`` reply (:mod:`prme_cli.mcp.handshake`) against the SDK's.

The reply prme sends before the SDK is imported must be the one the SDK itself sends for the
same request, field for field — for every protocol version the installed SDK knows, for
versions it does not, for each kind of request id — so an SDK upgrade that changes the
handshake fails here instead of drifting. The SDK's reply is taken from its real ``Server``
(``build_server``, the one ``prme mcp`` runs) over in-memory streams. Then the installed
``prme mcp`` over raw pipes: pipelined messages answered in order, stdout only protocol,
requests the early path leaves to the SDK.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (prme[mcp]) is not installed")

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage
from mcp_types.version import (
    HANDSHAKE_PROTOCOL_VERSIONS,
    KNOWN_PROTOCOL_VERSIONS,
    LATEST_HANDSHAKE_VERSION,
)

from prme_cli import config
from prme_cli.mcp import handshake
from prme_cli.mcp.server import _AlreadyAnswered, build_server
from prme_cli.mcp.tools import Session

UNSUPPORTED = ("2099-01-01", "1999-12-31", "draft")
RICH_CAPABILITIES = {
    "roots": {"listChanged": True},
    "sampling": {},
    "elicitation": {},
    "experimental": {"org.example/trace": {"level": 2}},
}


def _initialize(version: str, request_id: Any = 0, **params: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "test-client", "version": "1.0"},
            **params,
        },
    }


def _sdk_reply(request: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What the SDK's own server (prme's, as ``prme mcp`` builds it) writes for ``request``."""
    cfg = config.load(environ={}, flags={"store": str(tmp_path / "none.sqlite3")})
    server = build_server(Session(cfg))

    async def exchange() -> dict[str, Any]:
        client_send, server_read = anyio.create_memory_object_stream[Any](4)
        server_write, client_read = anyio.create_memory_object_stream[Any](4)
        async with anyio.create_task_group() as tg:
            tg.start_soon(
                server.run, server_read, server_write, server.create_initialization_options()
            )
            message = types.jsonrpc_message_adapter.validate_python(request, by_name=False)
            await client_send.send(SessionMessage(message))
            answer = await client_read.receive()
            await client_send.aclose()
        # the wire form, as the SDK's stdio transport writes it
        wire: dict[str, Any] = json.loads(
            answer.message.model_dump_json(by_alias=True, exclude_unset=True)
        )
        return wire

    return anyio.run(exchange)


def test_versions_are_the_sdks_own_registry() -> None:
    versions = handshake.sdk_versions()
    assert versions is not None
    assert versions.handshake == tuple(HANDSHAKE_PROTOCOL_VERSIONS)
    assert versions.latest == LATEST_HANDSHAKE_VERSION


@pytest.mark.parametrize("version", [*KNOWN_PROTOCOL_VERSIONS, *UNSUPPORTED])
def test_early_reply_equals_the_sdks_for_each_protocol_version(
    version: str, tmp_path: Path
) -> None:
    request = _initialize(version)
    early = handshake.reply(request)
    assert early is not None, "a plain initialize must be answered early"
    assert early == _sdk_reply(request, tmp_path)


@pytest.mark.parametrize(
    "request_id,params",
    [
        ("req-1", {}),
        (987654321, {"capabilities": RICH_CAPABILITIES}),
        (3, {"clientInfo": {"name": "c", "version": "2", "title": "A client"}}),
        (4, {"_meta": {"progressToken": "p"}}),
    ],
    ids=["string id", "rich capabilities", "client title", "params meta"],
)
def test_early_reply_equals_the_sdks_for_other_requests(
    request_id: Any, params: dict[str, Any], tmp_path: Path
) -> None:
    for version in (LATEST_HANDSHAKE_VERSION, HANDSHAKE_PROTOCOL_VERSIONS[0], UNSUPPORTED[0]):
        request = _initialize(version, request_id, **params)
        early = handshake.reply(request)
        assert early is not None
        assert early == _sdk_reply(request, tmp_path)


def test_the_sdk_clients_own_initialize_is_answered_early_as_the_sdk_would(
    tmp_path: Path,
) -> None:
    """What the SDK's ``ClientSession.initialize`` sends takes the early path, not the slow one."""
    from mcp import ClientSession

    async def capture() -> dict[str, Any]:
        client_write, server_read = anyio.create_memory_object_stream[Any](4)
        _server_write, client_read = anyio.create_memory_object_stream[Any](4)
        with anyio.fail_after(30):
            async with (
                ClientSession(client_read, client_write) as session,
                anyio.create_task_group() as tg,
            ):
                tg.start_soon(session.initialize)
                sent = await server_read.receive()
                tg.cancel_scope.cancel()
        request: dict[str, Any] = json.loads(
            sent.message.model_dump_json(by_alias=True, exclude_unset=True)
        )
        return request

    request = anyio.run(capture)
    assert request["method"] == "initialize"
    early = handshake.reply(request)
    assert early is not None
    assert early == _sdk_reply(request, tmp_path)


def test_unsupported_version_is_answered_with_the_newest_handshake_version() -> None:
    for version in UNSUPPORTED:
        early = handshake.reply(_initialize(version))
        assert early is not None
        assert early["result"]["protocolVersion"] == LATEST_HANDSHAKE_VERSION
    oldest = handshake.reply(_initialize(HANDSHAKE_PROTOCOL_VERSIONS[0]))
    assert oldest is not None
    assert oldest["result"]["protocolVersion"] == HANDSHAKE_PROTOCOL_VERSIONS[0]


@pytest.mark.parametrize(
    "message",
    [
        {"jsonrpc": "2.0", "method": "initialize", "params": _initialize("2025-06-18")["params"]},
        {**_initialize("2025-06-18"), "id": True},
        {**_initialize("2025-06-18"), "id": None},
        {**_initialize("2025-06-18"), "jsonrpc": "1.0"},
        {**_initialize("2025-06-18"), "method": "ping"},
        {**_initialize("2025-06-18"), "extra": 1},
        {**_initialize("2025-06-18"), "params": None},
        {**_initialize("2025-06-18"), "params": ["2025-06-18"]},
        _initialize("2025-06-18", clientInfo={"name": "no version"}),
        _initialize("2025-06-18", clientInfo={"name": 3, "version": "1"}),
        _initialize("2025-06-18", capabilities=None),
        {k: v for k, v in _initialize("2025-06-18").items() if k != "params"},
        [_initialize("2025-06-18")],
        "initialize",
        None,
    ],
    ids=[
        "notification",
        "bool id",
        "null id",
        "jsonrpc 1.0",
        "other method",
        "extra member",
        "null params",
        "array params",
        "client without version",
        "numeric client name",
        "null capabilities",
        "no params",
        "batch",
        "a string",
        "not json",
    ],
)
def test_requests_not_plainly_valid_are_left_to_the_sdk(message: Any) -> None:
    assert handshake.reply(message) is None


def test_sdk_rejects_what_the_early_path_leaves_to_it(tmp_path: Path) -> None:
    """The declined requests are ones the SDK answers with an error, not a result."""
    request = _initialize("2025-06-18", clientInfo={"name": "no version"})
    assert "error" in _sdk_reply(request, tmp_path)


def test_handshake_module_imports_neither_the_sdk_nor_pydantic() -> None:
    code = (
        "import sys, json\n"
        "from prme_cli.mcp import handshake\n"
        "assert handshake.sdk_versions() is not None\n"
        "request = {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': "
        "{'protocolVersion': '2025-06-18', 'capabilities': {}, "
        "'clientInfo': {'name': 'c', 'version': '1'}}}\n"
        "assert handshake.reply(request) is not None\n"
        "heavy = {'mcp', 'mcp_types', 'pydantic', 'pydantic_core', 'anyio', 'jsonschema'}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in heavy)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(done.stdout) == []


def _response(request_id: int, result: dict[str, Any]) -> SessionMessage:
    return SessionMessage(types.JSONRPCResponse(jsonrpc="2.0", id=request_id, result=result))


class _Sink:
    def __init__(self) -> None:
        self.sent: list[SessionMessage] = []

    async def send(self, item: SessionMessage) -> None:
        self.sent.append(item)


def test_sdks_reply_to_the_replayed_initialize_is_dropped_and_checked() -> None:
    answered = {"jsonrpc": "2.0", "id": 5, "result": {"protocolVersion": "2025-06-18"}}
    sink = _Sink()
    stream = _AlreadyAnswered(answered, sink)
    errors = io.StringIO()

    async def send_all() -> None:
        await stream.send(_response(5, {"protocolVersion": "2025-06-18"}))  # the same: dropped
        await stream.send(_response(5, {"later": True}))  # a later reply with that id: kept
        await stream.send(_response(6, {}))

    with redirect_stderr(errors):
        anyio.run(send_all)
    assert [item.message.id for item in sink.sent] == [5, 6]  # type: ignore[union-attr]
    assert errors.getvalue() == ""


def test_a_drift_between_the_two_replies_is_reported() -> None:
    answered = {"jsonrpc": "2.0", "id": 5, "result": {"protocolVersion": "2025-06-18"}}
    sink = _Sink()
    stream = _AlreadyAnswered(answered, sink)
    errors = io.StringIO()
    with redirect_stderr(errors):
        anyio.run(stream.send, _response(5, {"protocolVersion": "2025-11-25"}))
    assert sink.sent == []
    assert "differs from the MCP SDK's" in errors.getvalue()


# -- the installed prme mcp over raw pipes ---------------------------------------------------


def _exe() -> str:
    import shutil

    return shutil.which("prme", path=str(Path(sys.executable).parent)) or "prme"


def _popen(argv: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    pipe = subprocess.PIPE
    return subprocess.Popen(argv, stdin=pipe, stdout=pipe, stderr=pipe, text=True, env=env)


def _run_server(lines: list[str], tmp_path: Path) -> tuple[list[dict[str, Any]], str]:
    """Write ``lines`` at once (pipelined, as a client may), then read until every request
    with an id is answered; returns the messages on stdout and stderr."""
    env, store = _sample_store(tmp_path)
    wanted = {json.loads(line)["id"] for line in lines if '"id"' in line}
    process = _popen([_exe(), "--store", str(store), "--now", "2026-11-27T20:00", "mcp"], env)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()
    messages = []
    while wanted:
        line = process.stdout.readline()
        assert line, "prme mcp closed stdout before answering"
        message = json.loads(line)  # every line on stdout is one JSON-RPC message
        messages.append(message)
        wanted.discard(message.get("id"))
    rest, errors = process.communicate(timeout=60)  # closes stdin: the server ends
    assert rest == ""
    return messages, errors


def test_pipelined_messages_before_the_sdk_is_loaded_are_answered_in_order(
    tmp_path: Path,
) -> None:
    lines = [
        json.dumps(_initialize("2025-06-18", request_id=0)),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "when", "arguments": {"expression": "yesterday"}},
            }
        ),
        json.dumps({"jsonrpc": "2.0", "id": 3, "method": "ping"}),
    ]
    messages, errors = _run_server(lines, tmp_path)
    assert [m["id"] for m in messages[:2]] == [0, 1]
    assert sorted(m["id"] for m in messages) == [0, 1, 2, 3]
    by_id = {m["id"]: m for m in messages}
    assert by_id[0]["result"]["protocolVersion"] == "2025-06-18"
    assert by_id[0]["result"]["serverInfo"]["name"] == "prme"
    assert "since" in {tool["name"] for tool in by_id[1]["result"]["tools"]}
    assert by_id[2]["result"]["structuredContent"]["start"].startswith("2026-11-26")
    assert by_id[3]["result"] == {}
    assert "internal error" not in errors


def test_a_line_that_is_no_message_is_passed_over_as_the_sdks_transport_does(
    tmp_path: Path,
) -> None:
    """The SDK's stdio transport hands a line it cannot parse to the server as an error,
    which answers nothing for it; the messages after it are answered as usual."""
    lines = [
        json.dumps(_initialize("2025-06-18", request_id=0)),
        "this is not JSON-RPC",
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "when", "arguments": {"expression": "yesterday"}},
            }
        ),
    ]
    messages, errors = _run_server(lines, tmp_path)
    assert [m["id"] for m in messages] == [0, 1]
    assert messages[1]["result"]["structuredContent"]["start"].startswith("2026-11-26")
    assert "internal error" not in errors and "Traceback" not in errors


def test_an_initialize_left_to_the_sdk_gets_the_sdks_error(tmp_path: Path) -> None:
    bad = _initialize("2025-06-18", request_id=0, clientInfo={"name": "no version"})
    lines = [json.dumps(bad), json.dumps(_initialize("2025-06-18", request_id=1))]
    messages, errors = _run_server(lines, tmp_path)
    by_id = {m["id"]: m for m in messages}
    assert "error" in by_id[0]
    assert by_id[1]["result"]["serverInfo"]["name"] == "prme"
    assert "internal error" not in errors


def test_a_request_before_initialize_is_the_sdks_to_answer(tmp_path: Path) -> None:
    lines = [
        json.dumps({"jsonrpc": "2.0", "id": 9, "method": "ping"}),
        json.dumps(_initialize("2024-11-05", request_id=10)),
    ]
    messages, _ = _run_server(lines, tmp_path)
    by_id = {m["id"]: m for m in messages}
    assert by_id[9]["result"] == {}
    assert by_id[10]["result"]["protocolVersion"] == "2024-11-05"


def _sample_store(tmp_path: Path) -> tuple[dict[str, str], Path]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    store = tmp_path / "store.sqlite3"
    subprocess.run(
        [_exe(), "--store", str(store), "ingest", str(Path(__file__).parents[1] / "sample_org")],
        env=env,
        capture_output=True,
        check=True,
        timeout=300,
    )
    return env, store


SESSION = [
    _initialize("2025-11-25", request_id=1),
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "tools/call",
        "params": {"name": "since", "arguments": {"when": "monday"}},
    },
]


def test_messages_from_a_file_are_answered_as_from_a_pipe(tmp_path: Path) -> None:
    """stdin a regular file (``prme mcp < session.jsonl``): read without the pipe transport."""
    env, store = _sample_store(tmp_path)
    session = tmp_path / "session.jsonl"
    session.write_text("".join(json.dumps(m) + "\n" for m in SESSION))
    with session.open() as stdin:
        done = subprocess.run(
            [_exe(), "--store", str(store), "--now", "2026-11-27T20:00", "mcp"],
            stdin=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=True,
        )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2, 3]
    assert replies[2]["result"]["structuredContent"]["count"] == 19
    assert "internal error" not in done.stderr


def _converse(
    process: subprocess.Popen[str], messages: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], str]:
    """Each message in turn, waiting for the reply to each request, as a client does; then
    stdin closed. The replies, and stderr; stdout must hold nothing else."""
    assert process.stdin is not None and process.stdout is not None
    replies = []
    for message in messages:
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
        if "id" in message:
            replies.append(json.loads(process.stdout.readline()))
    rest, errors = process.communicate(timeout=60)
    assert rest == ""
    return replies, errors


NOISY_SERVER = """
import os, sys
from prme_cli import config
import prme_cli.mcp.tools as tools
from prme_cli.mcp import launch

real = tools.call

def noisy(session, tool, arguments):
    print("printed during a call")
    sys.stdout.flush()
    os.write(1, b"written to descriptor 1 during a call\\n")
    return real(session, tool, arguments)

tools.call = noisy
launch.serve(config.load(flags={"store": sys.argv[1], "now": "2026-11-27T20:00"}))
"""


def test_what_a_library_prints_during_the_session_goes_to_stderr(tmp_path: Path) -> None:
    env, store = _sample_store(tmp_path)
    process = _popen([sys.executable, "-c", NOISY_SERVER, str(store)], env)
    replies, errors = _converse(process, SESSION)
    assert [reply["id"] for reply in replies] == [1, 2, 3]
    assert "printed during a call" in errors
    assert "written to descriptor 1 during a call" in errors


def test_a_closed_stdin_is_a_usage_error_not_a_defect(tmp_path: Path) -> None:
    done = subprocess.run(
        [_exe(), "--store", str(tmp_path / "store.sqlite3"), "mcp"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(0),  # the child starts with its stdin closed
    )
    assert done.returncode == 2
    assert "needs stdin and stdout open" in done.stderr
    assert "internal error" not in done.stderr


def test_an_initialize_written_late_is_answered_while_the_sdk_imports(tmp_path: Path) -> None:
    """The client writes nothing for a while: the SDK's import starts on a thread meanwhile."""
    env, store = _sample_store(tmp_path)
    process = _popen([_exe(), "--store", str(store), "--now", "2026-11-27T20:00", "mcp"], env)
    time.sleep(3)  # prme is reading its first line by then (the path this test is for)
    replies, errors = _converse(process, SESSION)
    assert [reply["id"] for reply in replies] == [1, 2, 3]
    assert replies[0]["result"]["protocolVersion"] == "2025-11-25"
    assert "internal error" not in errors
