"""``prme mcp``: prme's tools served over stdio with the official MCP Python SDK.

A thin transport over :mod:`prme_cli.mcp.tools`: it lists the tools with their schemas and
turns each call into a ``CallToolResult`` whose structured content is the tool's JSON
document and whose text is the same document serialised (for clients that only read text).
A :class:`~prme_cli.errors.PrmeError` — a bad time expression, an unknown id, a missing store —
is a tool error carrying prme's one-line message, never a crash and never a traceback.

The SDK's server — its dispatcher, the protocol versions and their eras, the checks of every
request — runs the session over two streams of prme's (:class:`_Messages`, :class:`_Replies`)
on the private duplicates of the client's pipes that :mod:`prme_cli.mcp.launch` keeps
(descriptor 1 points at stderr meanwhile, so nothing but protocol reaches stdout even if some
library printed). They parse and serialise each line as the SDK's stdio transport does, in the
``receive`` and ``send`` the server awaits, where that transport puts a task and a memory
stream on each side. A reply to a tool call is written with its document encoded once
(:func:`response_line`), and on a handshake-era connection the call is answered without the
SDK re-checking prme's result, which for those versions it would send unchanged
(:func:`direct_versions`; ``tests/test_mcp_pipeline.py`` holds both to the SDK's own
pipeline). Calls run one at a time (the store's one connection is not shared between
concurrent statements): the store reads in line, the tools that may wait on something else
(:attr:`~prme_cli.mcp.tools.Tool.slow`: relate, query, ingest) on a worker thread, which keeps
the event loop free to answer pings meanwhile.

The ``initialize`` request may already have been answered by :mod:`prme_cli.mcp.handshake`
while this module was importing (see :mod:`prme_cli.mcp.launch`): the request is then given to
the SDK's server first, as if just read from stdin, so the SDK negotiates and records the
session itself; its reply to that one request is compared with the one already sent and
dropped (a difference is reported on stderr as prme's defect). Only the SDK's public surface
is used: ``Server.run`` takes any read and write streams with ``receive``/``send``, and
``Server.middleware`` may answer a request itself.
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

import anyio
import anyio.to_thread
import pydantic_core
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.context import CallNext, HandlerResult
from mcp.shared.message import SessionMessage

from prme_cli import __version__
from prme_cli.errors import describe_failure, one_line
from prme_cli.mcp.handshake import INSTRUCTIONS, NAME, TITLE, write_all
from prme_cli.mcp.tools import Session, Tool, available_tools, call


def _listed(tool: Tool) -> types.Tool:
    return types.Tool(
        name=tool.name,
        title=tool.title,
        description=tool.description,
        input_schema=tool.input_schema,
        annotations=types.ToolAnnotations(
            title=tool.title,
            read_only_hint=tool.read_only,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    )


def _error(message: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": message}], "isError": True}


class DocumentText(str):
    """A tool result's text block: its document as JSON, which knows that document and the
    JSON's bytes, so the reply's line can carry those bytes as the structured content instead
    of encoding the same document a second time (:func:`response_line`)."""

    document: Mapping[str, Any]
    encoded: bytes

    @classmethod
    def of(cls, document: Mapping[str, Any]) -> DocumentText:
        # pydantic-core's encoder: the SDK's own dependency, three times faster than
        # json.dumps on a page of rows
        encoded = pydantic_core.to_json(document)
        text = cls(encoded.decode())
        text.document, text.encoded = document, encoded
        return text


def _run(session: Session, tool: Tool, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """One call: a ``CallToolResult`` with the document, or prme's message as a tool error.

    The message is the one the command line prints for the same failure (the CLI's error
    boundary, :func:`~prme_cli.errors.describe_failure`), without its ``prme: error:`` prefix.
    The result is the wire dict, not the SDK's model: building the model would walk the whole
    document once more for nothing. Its text block is the same document as JSON, for clients
    that read only text.
    """
    try:
        document = call(session, tool, arguments)
    except Exception as exc:  # noqa: BLE001 - the boundary: one line, never a traceback
        return _error(_message(exc))
    text = DocumentText.of(document)
    return {"content": [{"type": "text", "text": text}], "structuredContent": document}


def response_line(message: types.JSONRPCMessage) -> bytes:
    """``message`` as one line of the wire, as the SDK's stdio transport writes it.

    A tool's result built by :func:`_run` and passed on untouched (the same document object
    beside its text block, nothing else in the result or the response) is written with the
    text block's bytes as the structured content: the bytes pydantic-core would write for
    that document, encoded once instead of twice. Anything else is the SDK's
    ``model_dump_json``, which a test compares with this for every tool's results.
    """
    if isinstance(message, types.JSONRPCResponse) and message.model_fields_set == _RESPONSE:
        result = message.result
        if list(result) == _TOOL_RESULT:
            content = result["content"]
            text = content[0].get("text") if len(content) == 1 else None
            if (
                type(text) is DocumentText
                and text.document is result["structuredContent"]
                and content[0] == {"type": "text", "text": text}
            ):
                return b"".join(
                    (
                        b'{"jsonrpc":"2.0","id":',
                        pydantic_core.to_json(message.id),
                        b',"result":{"content":',
                        pydantic_core.to_json(content),
                        b',"structuredContent":',
                        text.encoded,
                        b"}}\n",
                    )
                )
    return (message.model_dump_json(by_alias=True, exclude_unset=True) + "\n").encode()


_RESPONSE = {"jsonrpc", "id", "result"}
_TOOL_RESULT = ["content", "structuredContent"]


def _message(exc: Exception) -> str:
    try:
        message, _ = describe_failure(exc)
        lines = [message.removeprefix("prme: error: ")]
        lines.extend(str(line) for line in getattr(exc, "details", ()))
    except Exception:  # noqa: BLE001 - an exception too broken to describe
        lines = [f"prme: internal error: {type(exc).__name__}"]
    if lines[0].startswith("prme: internal error"):
        sys.stderr.write(one_line(lines[0]) + "\n")  # the client's log keeps defects too
    return "\n".join(one_line(line) for line in lines)


def _probe_results() -> tuple[dict[str, Any], ...]:
    """A result and an error of the shapes :func:`_run` returns, for :func:`direct_versions`."""
    document = {"query": {"since": "today"}, "count": 1, "results": [{"id": "a", "n": None}]}
    return (
        {
            "content": [{"type": "text", "text": str(DocumentText.of(document))}],
            "structuredContent": document,
        },
        _error("prme: a message"),
    )


@functools.cache
def direct_versions() -> frozenset[str]:
    """The protocol versions whose ``tools/call`` result the SDK would send as prme builds it.

    For these the SDK's result check (``mcp_types.methods.serialize_server_result``: validate
    against the version's schema, drop what it does not define) gives back what it is given,
    as the SDK's own function tells for results of prme's shapes; and the SDK adds nothing to
    a result of a handshake-era version (the 2026 era's ``resultType`` and ``serverInfo``
    stamp are added for the versions it lists as modern, which are left out here).
    """
    from mcp_types import methods
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

    direct = set()
    for version in HANDSHAKE_PROTOCOL_VERSIONS:
        if version in MODERN_PROTOCOL_VERSIONS:
            continue
        try:
            kept = all(
                methods.serialize_server_result("tools/call", version, result) == result
                for result in _probe_results()
            )
        except Exception:  # noqa: BLE001 - a shape this version rejects: the SDK's path
            kept = False
        if kept:
            direct.add(version)
    return frozenset(direct)


def build_server(session: Session) -> Server[Any]:
    """The SDK server with prme's tools for this session's configuration."""
    from mcp.shared.exceptions import MCPError
    from mcp_types import methods
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    tools = {tool.name: tool for tool in available_tools(session.cfg)}
    listed = types.ListToolsResult(tools=[_listed(tool) for tool in tools.values()])
    one_at_a_time = anyio.CapacityLimiter(1)
    direct = direct_versions()

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listed

    async def answer(params: types.CallToolRequestParams) -> dict[str, Any]:
        tool = tools.get(params.name)
        if tool is None:
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"unknown tool {params.name!r} (prme offers {', '.join(tools)})",
            )
        work = functools.partial(_run, session, tool, params.arguments or {})
        if tool.slow:
            return await anyio.to_thread.run_sync(work, limiter=one_at_a_time)
        # a store read: in line (a thread hand-off costs as much as a small answer), still
        # one at a time with the slow tools, which share the store's connection; taken
        # without the scheduling pass `acquire` makes when it need not wait
        try:
            one_at_a_time.acquire_nowait()
        except anyio.WouldBlock:
            await one_at_a_time.acquire()
        try:
            return work()
        finally:
            one_at_a_time.release()

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> dict[str, Any]:
        result = await answer(params)
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            # the 2026 era's results say what they are; the SDK checks it is there
            result["resultType"] = "complete"
        return result

    async def tool_calls_as_built(
        ctx: ServerRequestContext[Any], call_next: CallNext
    ) -> HandlerResult:
        """``tools/call`` on a handshake-era connection, answered without the SDK re-checking
        prme's result: for :func:`direct_versions` its check gives back what it is given
        (a test holds every tool's results to it), and it costs a walk over the whole
        document — a tenth of a small call. The request is checked exactly as the SDK's
        pipeline checks it; everything else, and any connection not initialised yet (whose
        refusal is the SDK's), goes the SDK's way.
        """
        version = ctx.protocol_version
        if ctx.method != "tools/call" or version not in direct or ctx.session.client_params is None:
            return await call_next(ctx)
        methods.validate_client_request("tools/call", version, ctx.params)
        params = types.CallToolRequestParams.model_validate(ctx.params or {}, by_name=False)
        return await answer(params)

    server: Server[Any] = Server(
        NAME,
        version=__version__,
        title=TITLE,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
    )
    # registered with its params model rather than as `on_call_tool`, whose annotation asks
    # for the result model: the SDK's request handlers may return the wire dict
    server.add_request_handler("tools/call", types.CallToolRequestParams, call_tool)
    # No tracing middleware (it would run for every message and prme exports no traces).
    server.middleware = [tool_calls_as_built]
    return server


@dataclass(frozen=True)
class Opening:
    """The client's first line, read from stdin before the SDK was loaded.

    ``answered`` is the reply :mod:`prme_cli.mcp.handshake` already wrote for it, if any.
    """

    line: bytes
    answered: Mapping[str, Any] | None = None


def _parsed(line: bytes) -> SessionMessage | Exception:
    """The line as the SDK's stdio transport turns one into a message (or the error)."""
    try:
        text = line.decode("utf-8", errors="replace")
        return SessionMessage(types.jsonrpc_message_adapter.validate_json(text, by_name=False))
    except Exception as exc:  # noqa: BLE001 - the transport hands such errors on, as here
        return exc


class _Stream:
    """What the SDK's server asks of a stream besides ``receive`` or ``send``."""

    async def aclose(self) -> None:
        pass

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class _AlreadyAnswered(_Stream):
    """The write stream, less the SDK's reply to the ``initialize`` prme already answered.

    The SDK answers the replayed request first (it handles ``initialize`` inline, before it
    reads on), so the first response with that id is the one to drop; it is checked against
    what the client was sent, so a drift between the two cannot pass unnoticed.
    """

    def __init__(self, answered: Mapping[str, Any], rest: Any) -> None:
        self._rest = rest
        self._answered: Mapping[str, Any] | None = answered

    async def send(self, item: SessionMessage) -> None:
        message = item.message
        if (
            self._answered is not None
            and isinstance(message, types.JSONRPCResponse | types.JSONRPCError)
            and message.id == self._answered["id"]
        ):
            answered, self._answered = self._answered, None
            wire = json.loads(message.model_dump_json(by_alias=True, exclude_unset=True))
            if wire != answered:
                sys.stderr.write(
                    "prme: internal error: prme's early initialize reply differs from the "
                    f"MCP SDK's (sent {json.dumps(answered)}, the SDK's {json.dumps(wire)})\n"
                )
            return
        await self._rest.send(item)

    async def aclose(self) -> None:
        await self._rest.aclose()


#: The longest message line read from a pipe (the SDK's own reader has no limit either).
_LINE_LIMIT = 1 << 30


@dataclass(frozen=True)
class Wire:
    """The client's pipes as :mod:`prme_cli.mcp.launch` holds them: private duplicates of
    descriptors 0 and 1 (which point elsewhere while serving), and the bytes already read
    past the first line."""

    input_fd: int
    output_fd: int
    surplus: bytes = b""


class _Prefixed(io.RawIOBase):
    """A descriptor read after some bytes already taken from it."""

    def __init__(self, fd: int, prefix: bytes) -> None:
        self._fd, self._prefix = fd, prefix

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._prefix:
            n = min(len(buffer), len(self._prefix))
            buffer[:n], self._prefix = self._prefix[:n], self._prefix[n:]
            return n
        data = os.read(self._fd, len(buffer))
        buffer[: len(data)] = data
        return len(data)


class _Messages(_Stream):
    """The client's messages, one JSON-RPC message a line, as the SDK's server reads them.

    What the SDK's stdio transport does (``mcp.server.stdio``: each line parsed with the
    SDK's message adapter, a line that does not parse handed on as its exception), done in the
    ``receive`` the SDK's server awaits instead of by a reader task and a memory stream in
    between: one task switch less per message. From a pipe or a socket — what MCP clients
    give — lines are read on the event loop (asyncio's pipe transport); anything else (a
    terminal, a file) is read as the SDK reads stdin, by a worker thread per line.
    """

    def __init__(self, wire: Wire, opening: SessionMessage | Exception | None = None) -> None:
        self._wire = wire
        self._opening = opening
        mode = os.fstat(wire.input_fd).st_mode
        self._pipe = stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
        self._reader: asyncio.StreamReader | None = None
        self._file: io.BufferedReader | None = None

    async def _line(self) -> bytes:
        if not self._pipe:
            if self._file is None:
                self._file = io.BufferedReader(_Prefixed(self._wire.input_fd, self._wire.surplus))
            return await anyio.to_thread.run_sync(self._file.readline)
        if self._reader is None:
            self._reader = reader = asyncio.StreamReader(limit=_LINE_LIMIT)
            reader.feed_data(self._wire.surplus)
            pipe = os.fdopen(self._wire.input_fd, "rb", buffering=0, closefd=False)
            loop = asyncio.get_running_loop()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
        return await self._reader.readline()

    async def receive(self) -> SessionMessage | Exception:
        if self._opening is not None:
            opening, self._opening = self._opening, None
            return opening
        line = await self._line()
        if not line:
            raise anyio.EndOfStream
        return _parsed(line)

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None


class _Replies(_Stream):
    """The server's messages to the client, one a line, written in the ``send`` the SDK's
    server awaits — serialised as the SDK's stdio transport does — instead of by a writer task
    behind a memory stream. A line goes into the pipe's buffer in microseconds; a client that
    stops reading blocks the server either way.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd

    async def send(self, item: SessionMessage) -> None:
        write_all(self._fd, response_line(item.message))


async def _serve(session: Session, wire: Wire, opening: Opening | None) -> None:
    server = build_server(session)
    reading = _Messages(wire, None if opening is None else _parsed(opening.line))
    writing: Any = _Replies(wire.output_fd)
    if opening is not None and opening.answered is not None:
        writing = _AlreadyAnswered(opening.answered, writing)
    await server.run(reading, writing, server.create_initialization_options())


def serve(
    cfg: Mapping[str, Any],
    *,
    wire: Wire,
    now_flag: str | None = None,
    opening: Opening | None = None,
) -> None:
    """Serve on ``wire`` until the client closes it (``now_flag``: ``--now`` as given).

    ``opening``: the client's first line, already read (and maybe answered) by
    :mod:`prme_cli.mcp.launch`.
    """
    session = Session(cfg, now_flag=now_flag)
    try:
        anyio.run(_serve, session, wire, opening)
    finally:
        session.close()
