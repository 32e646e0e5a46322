"""Starting ``prme mcp``: the ``initialize`` reply while the MCP SDK imports, then the SDK.

The SDK takes most of a second to import, and an MCP client sends nothing but ``initialize``
until it has the reply. So this module reads the client's first line and, when it is a plain
``initialize`` request, answers it at once (:mod:`prme_cli.mcp.handshake`) before the SDK is
imported — right after, when the line was already waiting (clients write it as they start the
server), or on a thread meanwhile when it was not. Whatever the client sends next
(``notifications/initialized``, ``tools/list``, calls) waits in the pipe, and in the bytes read
past the first line, until the SDK's server runs; it gets the first line again and then
everything else in order.

stdout carries only protocol from the first instant: file descriptor 1 is pointed at stderr
for the whole run (anything printed, while the SDK imports or by a library during a call,
lands in the client's log) and protocol goes to a private duplicate of the client's pipe.
Descriptor 0 likewise points at the null device while the client's messages are read from a
duplicate. That is what the SDK's stdio transport does when it owns the process's streams;
here prme owns them, since it read the first line, and hands the transport the duplicates
(:class:`prme_cli.mcp.server.Wire`).
"""

from __future__ import annotations

import importlib
import json
import os
import select
import sys
import threading
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from prme_cli.errors import UsageError
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


SERVER = "prme_cli.mcp.server"


def _readable(fd: int) -> bool:
    """Whether ``fd`` has something to read now (never, where ``select`` cannot tell)."""
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def _first_message(line: bytes) -> object:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _first_line(fd: int) -> tuple[bytes, bytes]:
    """The first line from ``fd`` (with its newline) and whatever was read past it.

    Read in chunks — one system call, one wait for the interpreter lock, which the importing
    thread holds most of the time; the rest is handed to the server.
    """
    data = b""
    while b"\n" not in data:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return data, b""
        data += chunk
    end = data.index(b"\n") + 1
    return data[:end], data[end:]


def serve(cfg: Mapping[str, Any], *, now_flag: str | None = None) -> None:
    """Serve MCP on stdin/stdout until the client closes stdin."""
    if sys.stdout is not None:
        sys.stdout.flush()
    try:
        wire_in, wire_out = os.dup(0), os.dup(1)
    except OSError:
        raise UsageError(
            "prme mcp needs stdin and stdout open: an MCP client starts it with pipes on both"
        ) from None
    _point(0, os.open(os.devnull, os.O_RDONLY))
    os.dup2(2, 1)
    try:
        # A client writes `initialize` as soon as it has started the server, so it is usually
        # waiting in the pipe: then it is answered first and the SDK imported after, on this
        # thread. Otherwise the import runs on a thread while this one waits for the line (two
        # threads trading the interpreter lock cost a loaded machine some scheduling waits).
        loading = None if _readable(wire_in) else _Import(SERVER)  # after the diversion
        line, surplus = _first_line(wire_in)
        answered = handshake.reply(_first_message(line))
        if answered is not None:
            text = json.dumps(answered, ensure_ascii=False, separators=(",", ":"))
            handshake.write_all(wire_out, (text + "\n").encode())
        server = loading.module() if loading is not None else importlib.import_module(SERVER)
        opening = server.Opening(line, answered) if line else None
        wire = server.Wire(wire_in, wire_out, surplus)
        server.serve(cfg, now_flag=now_flag, wire=wire, opening=opening)
    finally:
        # the descriptors back as they were, for whatever runs after the server; the
        # duplicates stay open (the transport's reader thread may still be blocked on one)
        if sys.platform != "win32":  # the pipe transport made it non-blocking
            os.set_blocking(wire_in, True)
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)


def _point(fd: int, to: int) -> None:
    """Make ``fd`` refer to what ``to`` refers to, and close ``to``."""
    os.dup2(to, fd)
    os.close(to)
