"""``prme mcp``: prme's tools served over stdio with the official MCP Python SDK.

A thin transport over :mod:`prme_cli.mcp.tools`: it lists the tools with their schemas and
turns each call into a ``CallToolResult`` whose structured content is the tool's JSON
document and whose text is the same document serialised (for clients that only read text).
A :class:`~prme_cli.errors.PrmeError` — a bad time expression, an unknown id, a missing store —
is a tool error carrying prme's one-line message, never a crash and never a traceback.

The SDK's stdio transport (``stdio_server``) parses and serialises the messages; it reads
and writes the private duplicates of the client's pipes that :mod:`prme_cli.mcp.launch` keeps
(descriptor 1 points at stderr meanwhile, so nothing but protocol reaches stdout even if some
library printed), through :class:`_Input` and :class:`_Output`, which do on the event loop
what the SDK's default files do on a worker thread per line. Calls run one at a time (the
store's one connection is not shared between concurrent statements): the store reads in line,
the tools that may wait on something else (:attr:`~prme_cli.mcp.tools.Tool.slow`: relate, query,
ingest) on a worker thread, which keeps the event loop free to answer pings meanwhile.

The ``initialize`` request may already have been answered by :mod:`prme_cli.mcp.handshake`
while this module was importing (see :mod:`prme_cli.mcp.launch`): the request is then given to
the SDK's server first, as if just read from stdin, so the SDK negotiates and records the
session itself; its reply to that one request is compared with the one already sent and
dropped (a difference is reported on stderr as prme's defect). Only the SDK's public surface
is used for this: ``Server.run`` takes any read and write streams with ``receive``/``send``.
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
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from prme_cli import __version__
from prme_cli.errors import describe_failure, one_line
from prme_cli.mcp.handshake import INSTRUCTIONS, NAME, TITLE
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


def _run(session: Session, tool: Tool, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """One call: a ``CallToolResult`` with the document, or prme's message as a tool error.

    The message is the one the command line prints for the same failure (the CLI's error
    boundary, :func:`~prme_cli.errors.describe_failure`), without its ``prme: error:`` prefix.
    The result is the wire dict, not the SDK's model: the SDK validates and serialises a
    handler's dict against the protocol version's schema all the same, and building the model
    first would walk the whole document once more for nothing.
    """
    try:
        document = call(session, tool, arguments)
    except Exception as exc:  # noqa: BLE001 - the boundary: one line, never a traceback
        return _error(_message(exc))
    # the same document as text, for clients that read only text (pydantic-core's encoder:
    # the SDK's own dependency, three times faster than json.dumps on a page of rows)
    text = pydantic_core.to_json(document).decode()
    return {"content": [{"type": "text", "text": text}], "structuredContent": document}


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


def build_server(session: Session) -> Server[Any]:
    """The SDK server with prme's tools for this session's configuration."""
    from mcp.shared.exceptions import MCPError

    tools = {tool.name: tool for tool in available_tools(session.cfg)}
    listed = types.ListToolsResult(tools=[_listed(tool) for tool in tools.values()])
    one_at_a_time = anyio.CapacityLimiter(1)

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return listed

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> dict[str, Any]:
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
        # one at a time with the slow tools, which share the store's connection
        async with one_at_a_time:
            return work()

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
    # No tracing middleware: it would run for every message and prme exports no traces.
    server.middleware = []
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


class _Around:
    """A stream around the SDK transport's own: closing it closes that one."""

    def __init__(self, rest: Any) -> None:
        self._rest = rest

    async def aclose(self) -> None:
        await self._rest.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class _Replayed(_Around):
    """The read stream with the opening message, already read from stdin, in front."""

    def __init__(self, first: SessionMessage | Exception, rest: Any) -> None:
        super().__init__(rest)
        self._first: SessionMessage | Exception | None = first
        self.last_context: Any = None

    async def receive(self) -> SessionMessage | Exception:
        if self._first is not None:
            first, self._first = self._first, None
            return first
        item: SessionMessage | Exception = await self._rest.receive()
        self.last_context = getattr(self._rest, "last_context", None)
        return item

    def __aiter__(self) -> _Replayed:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None


class _AlreadyAnswered(_Around):
    """The write stream, less the SDK's reply to the ``initialize`` prme already answered.

    The SDK answers the replayed request first (it handles ``initialize`` inline, before it
    reads on), so the first response with that id is the one to drop; it is checked against
    what the client was sent, so a drift between the two cannot pass unnoticed.
    """

    def __init__(self, answered: Mapping[str, Any], rest: Any) -> None:
        super().__init__(rest)
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


class _Input(anyio.AsyncFile[str]):
    """The client's lines for the SDK's stdio transport (which iterates ``readline``).

    From a pipe or a socket — what MCP clients give — lines are read on the event loop
    (asyncio's pipe transport); anything else (a terminal, a file) is read as the SDK reads
    stdin, by a worker thread per line. The thread hand-off per message is what the pipe
    saves: it cost about as much as answering a small ``since``.
    """

    def __init__(self, wire: Wire) -> None:
        raw = _Prefixed(wire.input_fd, wire.surplus)
        super().__init__(io.TextIOWrapper(io.BufferedReader(raw), "utf-8", errors="replace"))
        mode = os.fstat(wire.input_fd).st_mode
        self._pipe = stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
        self._wire = wire
        self._reader: asyncio.StreamReader | None = None

    async def readline(self) -> str:
        if not self._pipe:
            return await super().readline()
        if self._reader is None:
            self._reader = reader = asyncio.StreamReader(limit=_LINE_LIMIT)
            reader.feed_data(self._wire.surplus)
            pipe = os.fdopen(self._wire.input_fd, "rb", buffering=0, closefd=False)
            loop = asyncio.get_running_loop()
            await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
        line = await self._reader.readline()
        return line.decode("utf-8", errors="replace")


class _Output(anyio.AsyncFile[str]):
    """The protocol's output, written from the event loop.

    A reply line goes into the pipe's buffer in microseconds; the default (a worker thread
    for each write and each flush) costs more than that. A client that stops reading blocks
    the server either way.
    """

    def __init__(self, wire: Wire) -> None:
        raw = io.FileIO(wire.output_fd, "wb", closefd=False)
        super().__init__(io.TextIOWrapper(io.BufferedWriter(raw), "utf-8"))

    async def write(self, text: str) -> int:
        written: int = self._fp.write(text)
        return written

    async def flush(self) -> None:
        self._fp.flush()


async def _serve(session: Session, wire: Wire, opening: Opening | None) -> None:
    server = build_server(session)
    async with stdio_server(stdin=_Input(wire), stdout=_Output(wire)) as streams:
        reading: Any
        writing: Any
        reading, writing = streams
        if opening is not None:
            reading = _Replayed(_parsed(opening.line), reading)
            if opening.answered is not None:
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
