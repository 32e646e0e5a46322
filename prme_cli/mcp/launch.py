"""Starting ``prme mcp``: the ``initialize`` reply while the MCP SDK imports, then the SDK.

The SDK takes most of a second to import, and an MCP client sends nothing but ``initialize``
until it has the reply. So the import runs on a thread from the start, while this thread reads
the client's first line and, when it is a plain ``initialize`` request, answers it at once
(:mod:`prme_cli.mcp.handshake`). Whatever the client sends next (``notifications/initialized``,
``tools/list``, calls) waits in the pipe and in the reader's buffer until the SDK's server runs;
it gets the first line again and then everything else in order.

stdout carries only protocol from the first instant: file descriptor 1 is pointed at stderr
while the SDK imports (anything printed lands in the client's log), the reply is written to a
private duplicate, and descriptor 1 is given back just before the SDK's stdio transport claims
it for the session. Descriptor 0 is likewise read through a private duplicate and pointed at
the null device, as the SDK's transport does, so nothing else can eat the client's messages.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
import threading
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from prme_cli.mcp import handshake


class _Import(threading.Thread):
    """A module imported on a thread; :meth:`module` waits for it (and re-raises its error)."""

    def __init__(self, name: str) -> None:
        super().__init__(name=f"import {name}", daemon=True)
        self._name = name
        self._module: ModuleType | None = None
        self._error: BaseException | None = None
        self.start()

    def run(self) -> None:
        try:
            self._module = importlib.import_module(self._name)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            self._error = exc

    def module(self) -> ModuleType:
        self.join()
        if self._error is not None:
            raise self._error
        assert self._module is not None
        return self._module


def _first_message(line: bytes) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return None


def serve(cfg: Mapping[str, Any], *, now_flag: str | None = None) -> None:
    """Serve MCP on stdin/stdout until the client closes stdin."""
    loading = _Import("prme_cli.mcp.server")
    sys.stdout.flush()
    wire_in, wire_out = os.dup(0), os.dup(1)
    _point(0, os.open(os.devnull, os.O_RDONLY))
    os.dup2(2, 1)
    # closefd=False: the SDK's reader thread may still be blocked on it when serving ends
    stdin = io.BufferedReader(io.FileIO(wire_in, "rb", closefd=False))
    try:
        try:
            line = stdin.readline()
            answered = handshake.reply(_first_message(line))
            if answered is not None:
                text = json.dumps(answered, ensure_ascii=False, separators=(",", ":"))
                handshake.write_all(wire_out, (text + "\n").encode())
            server = loading.module()
        finally:
            _point(1, wire_out)
        opening = server.Opening(line, answered) if line else None
        server.serve(cfg, now_flag=now_flag, stdin=stdin, opening=opening)
    finally:
        os.dup2(wire_in, 0)


def _point(fd: int, to: int) -> None:
    """Make ``fd`` refer to what ``to`` refers to, and close ``to``."""
    os.dup2(to, fd)
    os.close(to)
