"""``prme mcp``: an MCP server for the agents that work for the user.

:mod:`prme_cli.mcp.tools` holds the tools (schemas, handlers) and needs only the library;
:mod:`prme_cli.mcp.server` is the transport and is the only module that imports the SDK
(the optional extra ``prme[mcp]``). Nothing here is imported unless ``prme mcp`` runs.
"""

from __future__ import annotations

INSTALL_HINT = "prme mcp needs the MCP SDK: pip install 'prme[mcp]'"


def sdk_available() -> bool:
    """Whether the official ``mcp`` SDK can be imported (without importing it)."""
    import importlib.util

    try:
        return importlib.util.find_spec("mcp") is not None
    except (ImportError, ValueError):
        return False
