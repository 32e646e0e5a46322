"""``prme mcp``: prme's tools served over stdio with the official MCP Python SDK.

A thin transport over :mod:`prme_cli.mcp.tools`: it lists the tools with their schemas and
turns each call into a ``CallToolResult`` whose structured content is the tool's JSON
document and whose text is the same document serialised (for clients that only read text).
A :class:`~prme_cli.errors.PrmeError` — a bad time expression, an unknown id, a missing store —
is a tool error carrying prme's one-line message, never a crash and never a traceback.

The SDK's stdio transport points file descriptor 1 at stderr while it serves, so nothing but
protocol reaches stdout even if some library printed. Calls run one at a time on a worker
thread (the store's one connection is not shared between concurrent statements), which keeps
the event loop free to answer pings and cancellations while a long relate runs.

The ``initialize`` request may already have been answered by :mod:`prme_cli.mcp.handshake`
while this module was importing (see :mod:`prme_cli.mcp.launch`): the request is then given to
the SDK's server first, as if just read from stdin, so the SDK negotiates and records the
session itself; its reply to that one request is compared with the one already sent and
dropped (a difference is reported on stderr as prme's defect). Only the SDK's public surface
is used for this: ``Server.run`` takes any read and write streams with ``receive``/``send``.
"""

from __future__ import annotations

import functools
import io
import json
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


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(text=message)], structured_content=None, is_error=True
    )


def _run(session: Session, tool: Tool, arguments: Mapping[str, Any]) -> types.CallToolResult:
    """One call, on the worker thread: a document, or prme's message as a tool error.

    The message is the one the command line prints for the same failure (the CLI's error
    boundary, :func:`~prme_cli.errors.describe_failure`), without its ``prme: error:`` prefix.
    """
    try:
        document = call(session, tool, arguments)
    except Exception as exc:  # noqa: BLE001 - the boundary: one line, never a traceback
        return _error(_message(exc))
    # the same document as text, for clients that read only text (pydantic-core's encoder:
    # the SDK's own dependency, three times faster than json.dumps on a page of rows)
    text = pydantic_core.to_json(document).decode()
    return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=document)


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
    ) -> types.CallToolResult:
        tool = tools.get(params.name)
        if tool is None:
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"unknown tool {params.name!r} (prme offers {', '.join(tools)})",
            )
        work = functools.partial(_run, session, tool, params.arguments or {})
        return await anyio.to_thread.run_sync(work, limiter=one_at_a_time)

    server: Server[Any] = Server(
        NAME,
        version=__version__,
        title=TITLE,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
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


class _Replayed:
    """The read stream with the opening message, already read from stdin, in front."""

    def __init__(self, first: SessionMessage | Exception, rest: Any) -> None:
        self._first: SessionMessage | Exception | None = first
        self._rest = rest
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

    async def aclose(self) -> None:
        await self._rest.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class _AlreadyAnswered:
    """The write stream, less the SDK's reply to the ``initialize`` prme already answered.

    The SDK answers the replayed request first (it handles ``initialize`` inline, before it
    reads on), so the first response with that id is the one to drop; it is checked against
    what the client was sent, so a drift between the two cannot pass unnoticed.
    """

    def __init__(self, answered: Mapping[str, Any], rest: Any) -> None:
        self._answered: Mapping[str, Any] | None = answered
        self._rest = rest

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

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


async def _serve(
    session: Session, stdin: io.BufferedReader | None, opening: Opening | None
) -> None:
    server = build_server(session)
    text_in = None
    if stdin is not None:
        text_in = anyio.wrap_file(io.TextIOWrapper(stdin, encoding="utf-8", errors="replace"))
    async with stdio_server(stdin=text_in) as (read_stream, write_stream):
        reading: Any = read_stream
        writing: Any = write_stream
        if opening is not None:
            reading = _Replayed(_parsed(opening.line), read_stream)
            if opening.answered is not None:
                writing = _AlreadyAnswered(opening.answered, write_stream)
        await server.run(reading, writing, server.create_initialization_options())


def serve(
    cfg: Mapping[str, Any],
    *,
    now_flag: str | None = None,
    stdin: io.BufferedReader | None = None,
    opening: Opening | None = None,
) -> None:
    """Serve until the client closes stdin (``now_flag``: ``--now`` as given, for ingest).

    ``stdin``: the protocol's input when prme read from it already (its buffer holds what
    followed the ``opening`` line); else the SDK claims the process's stdin itself.
    """
    session = Session(cfg, now_flag=now_flag)
    try:
        anyio.run(_serve, session, stdin, opening)
    finally:
        session.close()
