"""``prme mcp``: a ``since`` tool call against the same query inside the library; start-up.

usage: python bench/bench_mcp.py [--objects 100000] [--rounds 30] [--store PATH] [--quick]

On a store of ``--objects`` objects (built by SQL, see ``stores.py``), measured side by side
in one run, interleaved round by round, best of N:

- **a tool call** — ``tools/call since {"when": "yesterday"}`` sent to a ``prme mcp`` that is
  already running and initialised, timed from writing the request to reading the reply on the
  client's side of the pipe (a minimal JSON-RPC client: one ``json.dumps``, one line written,
  one line read, one ``json.loads``); the same call through the SDK's own ``ClientSession``
  is printed too (its client adds pydantic validation of the reply);
- **the library** — the same query in this process on an open store: ``since_window`` +
  ``select`` (the rows), and the same plus the ``--format json`` document the tool returns.

Target: the tool call ≤ 2× the library (rows and document).

**Start-up** — a fresh ``prme mcp`` from ``Popen`` to its ``initialize`` reply (target
≤ 300 ms) and, the client going on at once as clients do (``notifications/initialized``, then
``tools/list``), to its first ``tools/list`` reply: prme answers ``initialize`` while the SDK is
still importing, and ``tools/list`` is the SDK's, so it waits for that import. Beside them the
floors: ``python -c pass``, ``prme --version`` (the interpreter, typer and prme's CLI) and
``python -c "import mcp.server.lowlevel, mcp.server.stdio"`` (the SDK's own import). Medians
and bests of N interleaved rounds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _util import Timing, interleave, ms, scratch_dir, table
from stores import build_by_sql

NOW = "2024-07-02T00:00:00"
TZ = "Europe/Paris"
#: (expression, max_results): a day's notes, and a week cut at 100 rows (SPEC §7's latency
#: targets are for queries returning at most 100 rows).
CASES: tuple[tuple[str, int | None], ...] = (("yesterday", None), ("last week", 100))
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "bench", "version": "0"},
    },
}


def prme_exe() -> str:
    return shutil.which("prme") or str(Path(sys.executable).parent / "prme")


def server_argv(store: Path) -> list[str]:
    return [prme_exe(), "--store", str(store), "--now", NOW, "--tz", TZ, "mcp"]


class RawClient:
    """The least a client can do: JSON-RPC lines over the server's pipes."""

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1,
        )  # fmt: skip
        self.next_id = 1

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def reply(self, wanted: int) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("prme mcp closed its stdout")
            message: dict[str, Any] = json.loads(line)
            if message.get("id") == wanted:
                return message

    def initialize(self) -> dict[str, Any]:
        self.send(INITIALIZE)
        answer = self.reply(0)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        request_id, self.next_id = self.next_id, self.next_id + 1
        params = {"name": name, "arguments": arguments}
        self.send({"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params})
        result: dict[str, Any] = self.reply(request_id)["result"]
        if result.get("isError"):
            raise RuntimeError(result["content"][0]["text"])
        return result

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def start_up(store: Path) -> tuple[float, float]:
    """Seconds from ``Popen`` to the ``initialize`` reply, and to the first ``tools/list`` reply."""
    t0 = time.perf_counter()
    client = RawClient(server_argv(store))
    client.initialize()
    initialized = time.perf_counter() - t0
    client.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    client.reply(1)
    listed = time.perf_counter() - t0
    client.close()
    return initialized, listed


def time_start_up(store: Path, rounds: int) -> dict[str, Timing]:
    """The start-up figures, each contender once per round (interleaved)."""
    floors: list[tuple[str, list[str]]] = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("prme --version", [prme_exe(), "--version"]),
        (
            "import the SDK (mcp.server.lowlevel, .stdio)",
            [sys.executable, "-c", "import mcp.server.lowlevel, mcp.server.stdio"],
        ),
    ]
    out = {name: Timing(name) for name in (INIT, LISTED, *(name for name, _ in floors))}
    for _ in range(rounds):
        initialized, listed = start_up(store)
        out[INIT].runs.append(initialized)
        out[LISTED].runs.append(listed)
        for name, argv in floors:
            t0 = time.perf_counter()
            run_quiet(argv)
            out[name].runs.append(time.perf_counter() - t0)
    return out


INIT = "prme mcp: start to initialize reply"
LISTED = "prme mcp: start to first tools/list reply"


def run_quiet(argv: list[str]) -> None:
    subprocess.run(argv, capture_output=True, check=True)


class SdkClient:
    """The SDK's ClientSession on a portal thread, so it can be timed like the others."""

    def __init__(self, argv: list[str]) -> None:
        from contextlib import asynccontextmanager

        from anyio.from_thread import start_blocking_portal
        from mcp import ClientSession, StdioServerParameters, stdio_client

        @asynccontextmanager
        async def connected():  # type: ignore[no-untyped-def]
            params = StdioServerParameters(command=argv[0], args=argv[1:])
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                yield s

        self._portal_cm = start_blocking_portal()
        self.portal = self._portal_cm.__enter__()
        self._session_cm = self.portal.wrap_async_context_manager(connected())
        self.session = self._session_cm.__enter__()

    def call(self, name: str, arguments: dict[str, Any]) -> Any:
        return self.portal.call(self.session.call_tool, name, arguments)

    def close(self) -> None:
        self._session_cm.__exit__(None, None, None)
        self._portal_cm.__exit__(None, None, None)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--startup-rounds", type=int, default=10)
    parser.add_argument("--store", type=Path, help="use this store instead of building one")
    parser.add_argument("--quick", action="store_true", help="10k objects, 5 rounds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.objects, args.rounds, args.startup_rounds = min(args.objects, 10_000), 5, 3

    from prme_cli import config
    from prme_cli.mcp.tools import Session, available_tools, call
    from prme_cli.query import Filters, matched_total, select
    from prme_cli.timeexpr import parse_now, since_window, zone

    with scratch_dir("prme-bench-mcp-") as work:
        store_path = args.store
        if store_path is None:
            store_path = work / "store.sqlite3"
            build_by_sql(store_path, args.objects)
        tz = zone(TZ)
        now = parse_now(NOW, tz)
        cfg = config.load(environ={}, flags={"store": str(store_path), "now": NOW, "tz": TZ})
        session = Session(cfg)
        since_tool = {tool.name: tool for tool in available_tools(cfg)}["since"]
        store = session.store()
        raw = RawClient(server_argv(store_path))
        raw.initialize()
        sdk = SdkClient(server_argv(store_path))
        cases = []
        for when, limit in CASES:
            arguments: dict[str, Any] = {"when": when}
            if limit is not None:
                arguments["max_results"] = limit

            def library_rows(when: str = when, limit: int | None = limit) -> int:
                window = since_window(when, now, tz)
                rows = select(store, window=window, filters=Filters(), limit=limit)
                return matched_total(store, len(rows), limit, window=window)

            def library_document(arguments: dict[str, Any] = arguments) -> dict[str, Any]:
                return call(session, since_tool, arguments)

            served = raw.call("since", arguments)["structuredContent"]
            assert served == library_document(), "the tool and the library disagree"
            times = interleave(
                [
                    ("library: since_window + select", library_rows),
                    ("library: + the JSON document", library_document),
                    (
                        "MCP since call (raw JSON-RPC client)",
                        lambda arguments=arguments: raw.call("since", arguments),
                    ),
                    (
                        "MCP since call (SDK ClientSession)",
                        lambda arguments=arguments: sdk.call("since", arguments),
                    ),
                ],
                args.rounds,
            )
            cases.append((when, limit, served["count"], times))
        raw.close()
        sdk.close()
        session.close()
        startup = time_start_up(store_path, args.startup_rounds)
    summary: dict[str, Any] = {"objects": args.objects, "cases": []}
    for when, limit, rows, calls in cases:
        lib_rows = calls["library: since_window + select"]
        lib_doc = calls["library: + the JSON document"]
        mcp_raw = calls["MCP since call (raw JSON-RPC client)"]
        mcp_sdk = calls["MCP since call (SDK ClientSession)"]
        limited = f", max_results {limit}" if limit else ""
        print(
            f"`since {when}`{limited} on {args.objects:,} objects ({rows} rows), best of "
            f"{args.rounds} interleaved rounds, server already running"
        )
        print(
            table(
                ["contender", "best", "median"],
                [[t.name, ms(t.best), ms(t.median)] for t in calls.values()],
            )
        )
        print(
            f"MCP call / library rows: {mcp_raw.best / lib_rows.best:.2f}x; "
            f"/ library document: {mcp_raw.best / lib_doc.best:.2f}x (target <= 2x); "
            f"through the SDK client: {mcp_sdk.best / lib_doc.best:.2f}x; the protocol adds "
            f"{ms(mcp_raw.best - lib_doc.best)} per call\n"
        )
        summary["cases"].append(
            {
                "when": when,
                "max_results": limit,
                "rows": rows,
                "library_rows_s": lib_rows.best,
                "library_document_s": lib_doc.best,
                "mcp_call_s": mcp_raw.best,
                "mcp_sdk_call_s": mcp_sdk.best,
                "ratio_rows": mcp_raw.best / lib_rows.best,
                "ratio_document": mcp_raw.best / lib_doc.best,
            }
        )
    init, listed = startup[INIT], startup[LISTED]
    sdk_import = startup["import the SDK (mcp.server.lowlevel, .stdio)"]
    print(f"start-up, {args.startup_rounds} interleaved rounds")
    print(
        table(
            ["process", "median", "best"],
            [[t.name, ms(t.median), ms(t.best)] for t in startup.values()],
        )
    )
    print(
        f"prme mcp start to initialize: median {ms(init.median)}, best {ms(init.best)} "
        f"(target <= 300 ms); to the first tools/list: median {ms(listed.median)}, best "
        f"{ms(listed.best)} (the SDK's import alone: median {ms(sdk_import.median)})"
    )
    summary["startup_initialize_s"] = {"median": init.median, "best": init.best}
    summary["startup_tools_list_s"] = {"median": listed.median, "best": listed.best}
    summary["sdk_import_s"] = {"median": sdk_import.median, "best": sdk_import.best}
    if args.json:
        print(json.dumps(summary, indent=2))
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
