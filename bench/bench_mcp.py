"""``prme mcp``: a ``since`` tool call against the same query inside the library; start-up.

usage: python bench/bench_mcp.py [--objects 100000] [--rounds 30] [--store PATH] [--quick]
                                [--compare TREE]

On a store of ``--objects`` objects (built by SQL, see ``stores.py``), measured side by side
in one run, interleaved round by round (in a new order each round), best and median of N:

- **a tool call** — ``tools/call since {"when": "yesterday"}`` sent to a ``prme mcp`` that is
  already running and initialised, timed from writing the request to reading the reply on the
  client's side of the pipe (a minimal JSON-RPC client: one ``json.dumps``, one line written,
  one line read, one ``json.loads``); the same call through the SDK's own ``ClientSession``
  is printed too (its client adds pydantic validation of the reply);
- **the library** — the same query in this process on an open store: ``since_window`` +
  ``select`` (the rows), and the same plus the ``--format json`` document the tool returns.

Target: the tool call ≤ 2× the library (rows and document), by the best and by the median.
Beside the wall time, the server's CPU time per call (``/proc``, Linux), which a loaded machine
disturbs much less: what the protocol costs, against the library's CPU time for the same call.

``--compare TREE``: another prme to measure side by side in the same run — a directory holding
a ``prme_cli`` package (e.g. ``git archive main prme_cli | tar -x -C TREE``), served as
``python -m prme_cli`` from that directory with this environment's SDK; its start-up is
compared with this checkout's started the same way.

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
import functools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _util import REPO, Timing, ms, scratch_dir, table
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


def server_argv(store: Path, tree: Path | None = None) -> list[str]:
    """``prme mcp`` on ``store``: the installed one, or ``tree``'s package (run from ``tree``)."""
    exe = [sys.executable, "-m", "prme_cli"] if tree is not None else [prme_exe()]
    return [*exe, "--store", str(store), "--now", NOW, "--tz", TZ, "mcp"]


class RawClient:
    """The least a client can do: JSON-RPC lines over the server's pipes."""

    def __init__(self, argv: list[str], cwd: Path | None = None) -> None:
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1, cwd=cwd,
        )  # fmt: skip
        self.next_id = 1

    def cpu_seconds(self) -> float | None:
        """The server's CPU time so far (user + system), where ``/proc`` tells it."""
        try:
            with open(f"/proc/{self.process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

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


def start_up(store: Path, tree: Path | None = None) -> tuple[float, float]:
    """Seconds from ``Popen`` to the ``initialize`` reply, and to the first ``tools/list`` reply."""
    t0 = time.perf_counter()
    client = RawClient(server_argv(store, tree), cwd=tree)
    client.initialize()
    initialized = time.perf_counter() - t0
    client.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    client.reply(1)
    listed = time.perf_counter() - t0
    client.close()
    return initialized, listed


def time_start_up(store: Path, rounds: int, tree: Path | None = None) -> dict[str, Timing]:
    """The start-up figures, each contender once per round (interleaved)."""
    floors: list[tuple[str, list[str]]] = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("prme --version", [prme_exe(), "--version"]),
        (
            "import the SDK (mcp.server.lowlevel, .stdio)",
            [sys.executable, "-c", "import mcp.server.lowlevel, mcp.server.stdio"],
        ),
    ]
    servers: list[tuple[str, str, Path | None]] = [(INIT, LISTED, None)]
    if tree is not None:
        # both trees started the same way (`python -m prme_cli` from the tree), so the
        # installed console script's own start-up does not count for either
        for served in (REPO, tree):
            how = f" (python -m prme_cli in {served})"
            servers.append((INIT + how, LISTED + how, served))
    names = [name for init, listed, _ in servers for name in (init, listed)]
    out = {name: Timing(name) for name in (*names, *(name for name, _ in floors))}
    for _ in range(rounds):
        for init, listed, served in servers:
            to_init, to_list = start_up(store, served)
            out[init].runs.append(to_init)
            out[listed].runs.append(to_list)
        for name, argv in floors:
            t0 = time.perf_counter()
            run_quiet(argv)
            out[name].runs.append(time.perf_counter() - t0)
    return out


INIT = "prme mcp: start to initialize reply"
LISTED = "prme mcp: start to first tools/list reply"
LIB_ROWS = "library: since_window + select"
LIB_DOC = "library: + the JSON document"
RAW = "MCP since call (raw JSON-RPC client)"
SDK = "MCP since call (SDK ClientSession)"


def shuffled(contenders: list[tuple[str, Callable[[], object]]], rounds: int) -> dict[str, Timing]:
    """Each contender once per round, in a new order each round (seeded, so runs repeat).

    Not the same order turned by one each round: then every contender always follows the same
    one, and on a loaded machine a call right after one that kept this process busy (the
    library's) is scheduled later than one after a wait — the same server measured in two
    places of a turned order differed by 2x at the median. Shuffled, every contender follows
    every other about equally often.
    """
    import random

    order = random.Random(20261201)
    out = {name: Timing(name) for name, _ in contenders}
    for _ in range(rounds):
        for name, fn in order.sample(contenders, len(contenders)):
            t0 = time.perf_counter()
            fn()
            out[name].runs.append(time.perf_counter() - t0)
    return out


def cpu_per_call(
    clock: Callable[[], float | None], once: Callable[[], object], calls: int
) -> float | None:
    """CPU seconds per call of ``once`` by ``clock`` (a process's CPU time), after a warm-up."""
    for _ in range(min(calls, 20)):
        once()
    start = clock()
    for _ in range(calls):
        once()
    end = clock()
    return None if start is None or end is None else (end - start) / calls


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
    parser.add_argument("--compare", type=Path, help="a tree with another prme_cli to measure")
    parser.add_argument(
        "--cpu-calls", type=int, default=300, help="calls for the CPU time per call"
    )
    args = parser.parse_args(argv)
    tree = args.compare.resolve() if args.compare else None
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
        other = None
        if tree is not None:
            other = RawClient(server_argv(store_path, tree), cwd=tree)
            other.initialize()
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
            contenders: list[tuple[str, Callable[[], object]]] = [
                (LIB_ROWS, library_rows),
                (LIB_DOC, library_document),
                (RAW, lambda arguments=arguments: raw.call("since", arguments)),
                (SDK, lambda arguments=arguments: sdk.call("since", arguments)),
            ]
            if other is not None:
                contenders.append(
                    (f"{RAW} ({tree})", lambda a=arguments, o=other: o.call("since", a))
                )
            times = shuffled(contenders, args.rounds)
            cpu = {LIB_DOC: cpu_per_call(time.process_time, library_document, args.cpu_calls)}
            for name, client in ((RAW, raw), (f"{RAW} ({tree})", other)):
                if client is not None:
                    call_once = functools.partial(client.call, "since", arguments)
                    cpu[name] = cpu_per_call(client.cpu_seconds, call_once, args.cpu_calls)
            cases.append((when, limit, served["count"], times, cpu))
        raw.close()
        if other is not None:
            other.close()
        sdk.close()
        session.close()
        startup = time_start_up(store_path, args.startup_rounds, tree)
    where = str(args.store) if args.store else f"{args.objects:,} objects"
    summary: dict[str, Any] = {"objects": args.objects, "store": str(args.store), "cases": []}
    for when, limit, rows, calls, cpu in cases:
        lib_rows, lib_doc = calls[LIB_ROWS], calls[LIB_DOC]
        mcp_raw, mcp_sdk = calls[RAW], calls[SDK]
        limited = f", max_results {limit}" if limit else ""
        print(
            f"`since {when}`{limited} on {where} ({rows} rows), "
            f"{args.rounds} interleaved rounds, server already running"
        )
        print(
            table(
                ["contender", "best", "median", "/ library document (best, median)"],
                [
                    [
                        t.name,
                        ms(t.best),
                        ms(t.median),
                        f"{t.best / lib_doc.best:.2f}x, {t.median / lib_doc.median:.2f}x",
                    ]
                    for t in calls.values()
                ],
            )
        )
        print(
            f"MCP call / library document: best {mcp_raw.best / lib_doc.best:.2f}x, median "
            f"{mcp_raw.median / lib_doc.median:.2f}x (target <= 2x); / library rows: "
            f"{mcp_raw.best / lib_rows.best:.2f}x; the protocol adds "
            f"{ms(mcp_raw.best - lib_doc.best)} per call (best)"
        )
        known = {name: seconds for name, seconds in cpu.items() if seconds is not None}
        print(
            f"CPU time per call ({args.cpu_calls} calls): "
            + "; ".join(f"{name} {ms(seconds)}" for name, seconds in known.items())
            + "\n"
        )
        summary["cases"].append(
            {
                "when": when,
                "max_results": limit,
                "rows": rows,
                "library_rows_s": lib_rows.best,
                "library_document_s": lib_doc.best,
                "library_document_median_s": lib_doc.median,
                "mcp_call_s": mcp_raw.best,
                "mcp_call_median_s": mcp_raw.median,
                "mcp_sdk_call_s": mcp_sdk.best,
                "ratio_rows": mcp_raw.best / lib_rows.best,
                "ratio_document": mcp_raw.best / lib_doc.best,
                "ratio_document_median": mcp_raw.median / lib_doc.median,
                "cpu_per_call_s": known,
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
