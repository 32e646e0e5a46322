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
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from typing import Any

import anyio
import anyio.to_thread
import pydantic_core
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from prme_cli import __version__
from prme_cli.errors import describe_failure, one_line
from prme_cli.mcp.tools import Session, Tool, available_tools, call

INSTRUCTIONS = (
    "prme is a temporal memory over the user's org-mode notes. Use since/range for what "
    "happened in a time window, query for words (context=true packs a token-budgeted context "
    "for a prompt), relate for temporal questions (an answer computed from cited notes, or a "
    "refusal - report a refusal as such, never guess), show for one note by id, when/find to "
    "check how time words resolve. Results are prme's --format json documents; every row has "
    "file and line, so the user can jump to the heading."
)


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
        "prme",
        version=__version__,
        title="prme — temporal memory over org notes",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    # No tracing middleware: it would run for every message and prme exports no traces.
    server.middleware = []
    return server


async def _serve(session: Session) -> None:
    server = build_server(session)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve(cfg: Mapping[str, Any], *, now_flag: str | None = None) -> None:
    """Serve until the client closes stdin (``now_flag``: ``--now`` as given, for ingest)."""
    session = Session(cfg, now_flag=now_flag)
    try:
        anyio.run(_serve, session)
    finally:
        session.close()
