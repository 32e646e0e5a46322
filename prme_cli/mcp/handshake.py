"""The ``initialize`` reply of ``prme mcp``, given before the MCP SDK has finished importing.

Importing the official SDK (``mcp.server.lowlevel``, ``mcp.server.stdio``: some 550 pydantic
models) takes most of a second, and an MCP client waits for the ``initialize`` reply before it
does anything. So ``prme mcp`` starts the SDK's import on a background thread and answers that
first request from here, with what the SDK itself would answer — then hands the very same
request to the SDK's server, which negotiates and records the session exactly as if it had
answered it (its reply is compared with this one and dropped: see
:mod:`prme_cli.mcp.server`). Everything after the handshake is the SDK's.

Nothing here imports the SDK or pydantic. The protocol versions come from the SDK's own
registry, ``mcp_types.version`` (a module of constants), executed from its file without
importing the ``mcp_types`` package around it; what the SDK would send for prme's server is
written out below and checked field for field against the SDK's own reply, for every protocol
version it supports and for unsupported ones, by ``tests/test_mcp_handshake.py``. A request
this module is not sure of (no id, unusual params, a registry it cannot read) gets no early
reply: the SDK answers it when it is loaded, as it answers everything else.
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from prme_cli import __version__

NAME = "prme"
TITLE = "prme — temporal memory over org notes"
INSTRUCTIONS = (
    "prme is a temporal memory over the user's org-mode notes. Use since/range for what "
    "happened in a time window, query for words (context=true packs a token-budgeted context "
    "for a prompt), relate for temporal questions (an answer computed from cited notes, or a "
    "refusal - report a refusal as such, never guess), show for one note by id, when/find to "
    "check how time words resolve. Results are prme's --format json documents; every row has "
    "file and line, so the user can jump to the heading."
)
#: What the SDK derives from the handlers prme registers (``tools/list`` and ``tools/call``,
#: no change notifications): ``Server.get_capabilities`` for the handshake era.
CAPABILITIES: Mapping[str, Any] = {"tools": {"listChanged": False}}


@dataclass(frozen=True)
class Versions:
    """The protocol versions the installed SDK negotiates in the ``initialize`` handshake."""

    handshake: tuple[str, ...]
    latest: str

    def negotiate(self, requested: object) -> str:
        """The version to answer: the client's when the SDK speaks it, else the newest one.

        The rule the SDK applies (``ServerRunner._negotiate_initialize``), and the spec's: a
        server that does not support the requested version answers with one it does, and the
        client decides whether it can go on.
        """
        return (
            requested if isinstance(requested, str) and requested in self.handshake else self.latest
        )


@functools.cache
def sdk_versions() -> Versions | None:
    """The SDK's handshake versions, read from ``mcp_types/version.py``; None when unreadable.

    The module is found beside the ``mcp_types`` package (``find_spec`` locates a package
    without running its ``__init__``, which builds the protocol's models) and executed alone
    under a private name, so the later real import of ``mcp_types`` is untouched.
    """
    try:
        package = importlib.util.find_spec("mcp_types")
        if package is None or not package.submodule_search_locations:
            return None
        spec = importlib.machinery.PathFinder.find_spec(
            "version", list(package.submodule_search_locations)
        )
        if spec is None or spec.loader is None:
            return None
        module: ModuleType = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        handshake = tuple(module.HANDSHAKE_PROTOCOL_VERSIONS)
        latest = module.LATEST_HANDSHAKE_VERSION
    except Exception:  # noqa: BLE001 - any surprise: leave the handshake to the SDK
        return None
    if not handshake or latest not in handshake or not all(isinstance(v, str) for v in handshake):
        return None
    return Versions(handshake, latest)


def server_info() -> dict[str, Any]:
    """``serverInfo``: prme's name, version and title (the SDK's ``Server`` gets the same)."""
    return {"name": NAME, "title": TITLE, "version": __version__}


def _is_id(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _plain_params(params: object) -> bool:
    """Whether ``initialize`` params are plainly what the schema asks, so the SDK accepts them.

    Required: ``protocolVersion`` a string, ``capabilities`` an object, ``clientInfo`` an
    object with string ``name`` and ``version``. Anything else is left to the SDK's validation
    (its error is then the client's answer, not a reply made up here).
    """
    if not isinstance(params, Mapping):
        return False
    info = params.get("clientInfo")
    return (
        isinstance(params.get("protocolVersion"), str)
        and isinstance(params.get("capabilities"), Mapping)
        and isinstance(info, Mapping)
        and isinstance(info.get("name"), str)
        and isinstance(info.get("version"), str)
    )


def reply(message: object, versions: Versions | None = None) -> dict[str, Any] | None:
    """The JSON-RPC reply to ``message`` when it is a plain ``initialize`` request, else None.

    ``versions`` defaults to the installed SDK's (:func:`sdk_versions`).
    """
    if not isinstance(message, Mapping) or set(message) - {"jsonrpc", "id", "method", "params"}:
        return None
    if message.get("jsonrpc") != "2.0" or message.get("method") != "initialize":
        return None
    request_id, params = message.get("id"), message.get("params")
    if not _is_id(request_id) or not _plain_params(params):
        return None
    versions = versions or sdk_versions()
    if versions is None:
        return None
    assert isinstance(params, Mapping)
    result = {
        "capabilities": {name: dict(value) for name, value in CAPABILITIES.items()},
        "instructions": INSTRUCTIONS,
        "protocolVersion": versions.negotiate(params.get("protocolVersion")),
        "serverInfo": server_info(),
    }
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def write_all(fd: int, data: bytes) -> None:
    """Write every byte to ``fd`` (a pipe may take a long line in pieces)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
