"""``prme mcp`` against the real parts: the installed ``prme`` started as a subprocess and
driven with the MCP SDK's own stdio client, its answers compared with the CLI's
``--format json`` for the same store and arguments.

One server on the sample notes serves the comparison and error tests (starting one costs
most of a second: the SDK's import); the concurrency, ingest and missing-store tests start
their own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TextIO

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (prme[mcp]) is not installed")

from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_org"
NOW = "2026-11-27T20:00"
TZ = "Europe/London"
READ_TOOLS = {"since", "range", "query", "log", "relate", "when", "find", "show", "stats"}


def _exe() -> str:
    return shutil.which("prme", path=str(Path(sys.executable).parent)) or "prme"


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A clean environment: no user configuration, no stray PRME_* settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        PRME_TZ=TZ,
        **extra,
    )
    return env


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_exe(), *args], capture_output=True, text=True, env=env, check=False, timeout=120
    )


def _cli_json(env: dict[str, str], *args: str) -> Any:
    done = _cli(env, *args, "--format", "json")
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


class Server:
    """A running ``prme mcp`` and a synchronous handle on the SDK client session."""

    def __init__(self, portal: BlockingPortal, session: ClientSession) -> None:
        self.portal, self.session = portal, session

    def tools(self) -> dict[str, Any]:
        listed = self.portal.call(self.session.list_tools)
        return {tool.name: tool for tool in listed.tools}

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> Any:
        return self.portal.call(self.session.call_tool, name, arguments or {})

    def ok(self, name: str, arguments: dict[str, Any] | None = None) -> Any:
        result = self.call(name, arguments)
        assert not result.is_error, result.content[0].text
        # the text block is the same document, for clients that read only text
        assert json.loads(result.content[0].text) == result.structured_content
        return result.structured_content

    def error(self, name: str, arguments: dict[str, Any] | None = None) -> str:
        result = self.call(name, arguments)
        assert result.is_error, result.structured_content
        text: str = result.content[0].text
        assert "Traceback" not in text
        return text


@asynccontextmanager
async def _connected(
    args: list[str], env: dict[str, str], errlog: TextIO
) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=_exe(), args=args, env=env)
    async with (
        stdio_client(params, errlog=errlog) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


@contextmanager
def _serve(env: dict[str, str], *args: str) -> Iterator[Server]:
    """A server for the block; its stderr (the client's log) is kept out of the test output."""
    with (
        open(os.devnull, "w") as errlog,
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(_connected([*args, "mcp"], env, errlog)) as session,
    ):
        yield Server(portal, session)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], Path]:
    home = tmp_path_factory.mktemp("mcp-home")
    store = home / "sample.sqlite3"
    env = _env(home, PRME_STORE=str(store), PRME_NOW=NOW)
    assert _cli(env, "ingest", str(SAMPLE)).returncode == 0
    return env, store


@pytest.fixture(scope="module")
def server(sample: tuple[dict[str, str], Path]) -> Iterator[Server]:
    env, _ = sample
    with _serve(env) as running:
        yield running


# -- tools and their schemas ------------------------------------------------------------------


def test_lists_the_read_tools_with_schemas_and_no_ingest_by_default(server: Server) -> None:
    tools = server.tools()
    assert set(tools) == READ_TOOLS
    for tool in tools.values():
        schema = tool.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert tool.description and tool.annotations.read_only_hint is True
    assert tools["since"].input_schema["required"] == ["when"]
    assert tools["range"].input_schema["required"] == ["since", "until"]
    assert {"context", "budget", "by", "todo", "tag", "max_results"} <= set(
        tools["query"].input_schema["properties"]
    )
    one, several = tools["since"].input_schema["properties"]["by"]["anyOf"]
    assert "event" in one["enum"] and "closed" in several["items"]["enum"]


# -- the same documents as --format json ------------------------------------------------------

CASES = [
    ("since", {"when": "monday"}, ["since", "monday"]),
    ("since", {"when": "last week", "by": "changed"}, ["since", "last week", "--by", "changed"]),
    (
        "since",
        {"when": "2026-11-01", "by": ["closed", "scheduled"]},
        ["since", "2026-11-01", "--by", "closed", "--by", "scheduled"],
    ),
    (
        "range",
        {"since": "2026-11-01", "until": "today", "by": ["closed", "deadline"]},
        ["range", "2026-11-01", "today", "--by", "closed", "--by", "deadline"],
    ),
    (
        "since",
        {"when": "2026-11-01", "todo": ["DONE"], "reverse": True, "max_results": 3},
        ["since", "2026-11-01", "--todo", "DONE", "--reverse", "--max-results", "3"],
    ),
    ("since", {"when": "monday", "max_results": 5}, ["since", "monday", "--max-results", "5"]),
    ("range", {"since": "monday", "until": "wednesday"}, ["range", "monday", "wednesday"]),
    (
        "range",
        {"since": "2026-11-01", "until": "today", "type": ["heading"], "file": ["projects.org"]},
        ["range", "2026-11-01", "today", "--type", "heading", "--file", "projects.org"],
    ),
    ("query", {"text": "frame"}, ["query", "frame"]),
    (
        "query",
        {"text": "frame", "since": "this month", "max_results": 0},
        ["query", "frame", "--since", "this month", "--max-results", "0"],
    ),
    (
        "query",
        {"text": "frame", "context": True, "budget": 300},
        ["query", "frame", "--context", "--budget", "300"],
    ),
    ("query", {"since": "monday", "context": True}, ["query", "--since", "monday", "--context"]),
    ("log", {}, ["log"]),
    ("log", {"when": "monday", "until": "today"}, ["log", "monday", "today"]),
    (
        "log",
        {"when": "this month", "by": "clock", "by_task": True, "tag": ["work"]},
        ["log", "this month", "--by", "clock", "--by-task", "--tag", "work"],
    ),
    ("log", {"when": "last week", "reverse": True}, ["log", "last week", "--reverse"]),
    ("when", {"expression": "last friday"}, ["when", "last friday"]),
    ("when", {"expression": "03/11/2026", "dayfirst": True}, ["when", "03/11/2026", "--dayfirst"]),
    (
        "when",
        {"expression": "tomorrow", "now": "2026-02-28"},
        ["--now", "2026-02-28", "when", "tomorrow"],
    ),
]


@pytest.mark.parametrize(("tool", "arguments", "argv"), CASES)
def test_tool_answers_with_the_clis_json(
    server: Server,
    sample: tuple[dict[str, str], Path],
    tool: str,
    arguments: dict[str, Any],
    argv: list[str],
) -> None:
    env, _ = sample
    assert server.ok(tool, arguments) == _cli_json(env, *argv)


def test_since_finds_the_week_of_the_sample(server: Server) -> None:
    doc = server.ok("since", {"when": "monday"})
    assert doc["count"] == 19 == len(doc["results"])
    first = doc["results"][0]
    assert {"id", "title", "path", "file", "line", "matched", "version"} <= set(first)
    assert doc["query"]["window"]["since"] == "monday"
    cut = server.ok("since", {"when": "monday", "max_results": 5})
    assert (cut["count"], cut["total"], cut["truncated"]) == (5, 19, True)


def test_show_and_stats_as_the_cli(server: Server, sample: tuple[dict[str, str], Path]) -> None:
    env, _ = sample
    some_id = server.ok("since", {"when": "monday"})["results"][3]["id"]
    assert server.ok("show", {"id": some_id}) == _cli_json(env, "show", some_id)
    stats = server.ok("stats")
    cli_stats = _cli_json(env, "stats")
    # the WAL's size is the one figure that moves between two reads of an idle store
    stats.pop("store_bytes"), cli_stats.pop("store_bytes")
    assert stats == cli_stats and stats["objects"] == 257


def test_relate_answers_with_the_clis_document(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    question = "How long passed between finishing and hanging the frame?"
    doc = server.ok("relate", {"question": question})
    cli = _cli_json(env, "relate", question)
    assert doc["status"] == cli["status"] == "accepted"
    for key in ("question", "reference_time", "operation", "value", "evidence_ids", "context"):
        assert doc[key] == cli[key], key
    assert doc["value"]["days"] == 22 and doc["evidence_ids"]
    assert set(doc["metadata"]) == set(cli["metadata"])


def test_relate_refuses_as_the_cli_does(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    question = "How many days passed between my trip to Lisbon and my dentist visit?"
    doc = server.ok("relate", {"question": question})
    cli = _cli_json(env, "relate", question)
    assert doc["status"] == cli["status"] != "accepted"
    assert doc["value"] is None and doc["evidence_ids"] == []


def test_find_resolves_expressions_in_text(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    text = "Met Tom two days ago; call him next friday, for three hours."
    doc = server.ok("find", {"text": text})
    # the rows of `prme when --find TEXT --format json` (which prints them as an array)
    assert doc["results"] == _cli_json(env, "when", "--find", text)
    found = {r["text"]: r for r in doc["results"]}
    assert found["two days ago"]["start"].startswith("2026-11-25")
    assert found["next friday"]["start"].startswith("2026-12-04")
    assert all(r["line"] == 1 for r in doc["results"]) and doc["count"] == len(found)
    assert server.ok("find", {"text": "The five of us sat in the garden."})["count"] == 0


def test_when_resolves_a_list_of_expressions_as_the_batch_command(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    expressions = ["last friday", "tomorrow", "the week after next", "2026-11-01"]
    doc = server.ok("when", {"expression": expressions})
    # `prme when A B … --format json` prints the objects as an array
    assert doc["results"] == _cli_json(env, "when", *expressions)
    assert doc["count"] == 4 and [r["expression"] for r in doc["results"]] == expressions
    assert doc["now"].startswith("2026-11-27T20:00") and doc["tz"] == TZ
    # one expression in a list is still the list's form; a lone string the command's object
    assert server.ok("when", {"expression": ["tomorrow"]})["results"] == [doc["results"][1]]
    assert server.ok("when", {"expression": "tomorrow"}) == doc["results"][1]


def test_a_when_list_with_unreadable_expressions_names_each_as_the_command(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    expressions = ["today", "blursday", "next week", "the day after blursday"]
    done = _cli(env, "when", *expressions)
    assert done.returncode == 2
    told = [line.removeprefix("prme: error: ") for line in done.stderr.strip().splitlines()]
    message = server.error("when", {"expression": expressions})
    assert message.splitlines() == told and len(told) == 2
    assert "'blursday'" in told[0] and "'the day after blursday'" in told[1]
    assert "expression: [] should be non-empty" in server.error("when", {"expression": []})


def test_find_searches_a_list_of_texts_numbered_as_the_command(
    server: Server, sample: tuple[dict[str, str], Path]
) -> None:
    env, _ = sample
    texts = ["Nothing dated here.", "We met two days ago.", "Back on 3 March, then next friday."]
    doc = server.ok("find", {"text": texts})
    assert doc["results"] == _cli_json(env, "when", "--find", *texts)
    assert [r["line"] for r in doc["results"]] == [2, 3, 3]
    assert doc["count"] == 3


# -- errors are tool errors naming the problem ------------------------------------------------


def _cli_error(env: dict[str, str], *argv: str) -> str:
    done = _cli(env, *argv)
    assert done.returncode == 2, done.stdout
    return done.stderr.strip().removeprefix("prme: error: ")


@pytest.mark.parametrize(
    ("tool", "arguments", "argv"),
    [
        ("since", {"when": "blursday"}, ["since", "blursday"]),
        ("range", {"since": "friday", "until": "2026-01-01"}, ["range", "friday", "2026-01-01"]),
        ("when", {"expression": "the day after blursday"}, ["when", "the day after blursday"]),
        (
            "query",
            {"text": "frame", "since": "the third of blursday"},
            ["query", "frame", "--since", "the third of blursday"],
        ),
        (
            "since",
            {"when": "yesterday", "now": "last week"},
            ["--now", "last week", "since", "yesterday"],
        ),
    ],
)
def test_bad_time_expression_is_a_tool_error_with_the_clis_message(
    server: Server,
    sample: tuple[dict[str, str], Path],
    tool: str,
    arguments: dict[str, Any],
    argv: list[str],
) -> None:
    env, _ = sample
    assert server.error(tool, arguments) == _cli_error(env, *argv)


def test_option_rules_are_the_clis(server: Server) -> None:
    assert "until needs since" in server.error("query", {"until": "friday"})
    assert "fts needs a TEXT" in server.error("query", {"fts": True})
    assert "minimum" in server.error("since", {"when": "today", "max_results": -1})
    assert "'sometime'" in server.error("since", {"when": "today", "by": "sometime"})
    assert "'sometime'" in server.error("since", {"when": "today", "by": ["closed", "sometime"]})
    assert "[]" in server.error("since", {"when": "today", "by": []})
    assert "'when' is a required property" in server.error("since", {})
    assert "unknown argument 'whn'" in server.error("since", {"whn": "today"})
    assert "is not of type 'array'" in server.error("since", {"when": "today", "tag": "work"})
    assert "invalid full-text query" in server.error("query", {"text": "frame AND (", "fts": True})
    assert "the question is empty" in server.error("relate", {"question": "  "})
    assert server.error("show", {"id": "no-such-id"}) == "no object with id 'no-such-id'"


def test_log_adds_up_the_clocked_time(server: Server) -> None:
    doc = server.ok("log", {"when": "monday", "until": "today"})
    days = doc["days"]
    assert doc["count"] == sum(len(day["entries"]) for day in days) > 0
    assert doc["total"]["clocked_seconds"] == sum(day["clocked_seconds"] for day in days) > 0
    entry = days[0]["entries"][0]
    assert {"kind", "start", "task"} <= set(entry) and entry["task"]["file"].endswith(".org")
    assert "'scheduled' is not one of" in server.error("log", {"by": "scheduled"})


def test_nulls_are_arguments_not_given(server: Server, sample: tuple[dict[str, str], Path]) -> None:
    env, _ = sample
    doc = server.ok("query", {"text": "frame", "since": None, "max_results": None})
    assert doc == _cli_json(env, "query", "frame")


def test_unknown_tool_is_a_protocol_error(server: Server) -> None:
    with pytest.raises(MCPError, match="unknown tool 'forget'"):
        server.call("forget", {"path": "/"})


def test_the_server_survives_its_errors(server: Server) -> None:
    server.error("since", {"when": "blursday"})
    assert server.ok("since", {"when": "monday"})["count"] == 19


# -- a long-lived server and a separate ingest -------------------------------------------------


def _write_day(folder: Path, name: str, title: str) -> None:
    (folder / name).write_text(f"* DONE {title}\n  CLOSED: [2026-11-27 Fri 09:00]\n")


def test_a_concurrent_ingest_is_seen_by_the_next_call(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE, notes)
    store = tmp_path / "memory.sqlite3"
    env = _env(tmp_path, PRME_STORE=str(store), PRME_NOW=NOW)
    assert _cli(env, "ingest", str(notes)).returncode == 0
    with _serve(env) as server:
        before = server.ok("since", {"when": "today"})["count"]
        # many files, so that the ingest commits file after file while the server answers
        for i in range(120):
            _write_day(notes, f"batch-{i:03}.org", f"Batch task {i}")
        ingest = subprocess.Popen(
            [_exe(), "ingest", str(notes)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        counts = []
        while ingest.poll() is None:
            counts.append(server.ok("since", {"when": "today"})["count"])
        assert ingest.wait() == 0
        after = server.ok("since", {"when": "today"})
        assert after["count"] == before + 120
        assert after == _cli_json(env, "since", "today")
        assert counts == sorted(counts), "a reader saw the store go backwards"
        assert all(before <= n <= before + 120 for n in counts)


def test_a_store_replaced_on_disk_is_reopened(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    _write_day(notes, "a.org", "First store's task")
    store = tmp_path / "memory.sqlite3"
    env = _env(tmp_path, PRME_STORE=str(store), PRME_NOW=NOW)
    assert _cli(env, "ingest", str(notes)).returncode == 0
    with _serve(env) as server:
        assert server.ok("since", {"when": "today"})["results"][0]["title"] == "First store's task"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{store}{suffix}").unlink(missing_ok=True)
        _write_day(notes, "a.org", "Second store's task")
        assert _cli(env, "ingest", str(notes)).returncode == 0
        titles = [r["title"] for r in server.ok("since", {"when": "today"})["results"]]
        assert titles == ["Second store's task"]


def test_a_missing_store_is_a_tool_error_until_it_exists(tmp_path: Path) -> None:
    store = tmp_path / "later.sqlite3"
    env = _env(tmp_path, PRME_STORE=str(store), PRME_NOW=NOW)
    with _serve(env) as server:
        message = server.error("since", {"when": "today"})
        assert "no store at" in message and "prme ingest" in message
        assert not store.exists(), "a failed read must not create a store"
        assert server.ok("when", {"expression": "today"})["grain"] == "day"
        notes = tmp_path / "notes"
        notes.mkdir()
        _write_day(notes, "a.org", "Late first ingest")
        assert _cli(env, "ingest", str(notes)).returncode == 0
        assert server.ok("since", {"when": "today"})["count"] == 1


# -- the ingest tool ---------------------------------------------------------------------------


def test_ingest_tool_only_when_allowed_and_only_under_known_roots(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    _write_day(notes, "a.org", "Known root task")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _write_day(elsewhere, "b.org", "Outside task")
    store = tmp_path / "memory.sqlite3"
    env = _env(tmp_path, PRME_STORE=str(store), PRME_NOW=NOW, PRME_MCP__ALLOW_INGEST="true")
    assert _cli(env, "ingest", str(notes)).returncode == 0
    with _serve(env) as server:
        tools = server.tools()
        assert set(tools) == READ_TOOLS | {"ingest"}
        assert tools["ingest"].annotations.read_only_hint is False
        _write_day(notes, "c.org", "Second known task")
        report = server.ok("ingest")
        # one file: its preamble object and its heading
        assert report["files_ingested"] == 1 and report["nodes_added"] == 2
        assert server.ok("since", {"when": "today"})["count"] == 2
        refused = server.error("ingest", {"paths": [str(elsewhere)]})
        assert "not under a root ingested before" in refused
        sneaky = server.error("ingest", {"paths": [str(notes / ".." / "elsewhere" / "b.org")]})
        assert "not under a root ingested before" in sneaky
        _write_day(notes, "a.org", "Known root task, renamed")
        report = server.ok("ingest", {"paths": [str(notes / "a.org")]})
        assert report["files_ingested"] == 1 and report["errors"] == []
        titles = {r["title"] for r in server.ok("since", {"when": "today"})["results"]}
        assert titles == {"Known root task, renamed", "Second known task"}


# -- the process: stdout, start-up, a missing SDK ---------------------------------------------


def test_stdout_carries_only_protocol(sample: tuple[dict[str, str], Path]) -> None:
    env, _ = sample
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "since", "arguments": {"when": "monday"}},
        },
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "since", "arguments": {"when": "blursday"}},
        },
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "tools/call",
            "params": {
                "name": "relate",
                "arguments": {
                    "question": "How long passed between finishing and hanging the frame?"
                },
            },
        },
    ]
    server = subprocess.Popen(
        [_exe(), "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env,
    )  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    replies = []
    for message in messages:
        server.stdin.write(json.dumps(message) + "\n")
        server.stdin.flush()
        if "id" in message:
            # a client waits for its answers before it closes the pipe
            replies.append(json.loads(server.stdout.readline()))
    server.stdin.close()
    rest = server.stdout.read()
    stderr = server.stderr.read() if server.stderr else ""
    assert server.wait(timeout=60) == 0, stderr
    assert rest == "", "stdout carried more than the replies"
    assert all(reply["jsonrpc"] == "2.0" for reply in replies)
    by_id = {reply["id"]: reply for reply in replies}
    assert set(by_id) == {1, 2, 3, 4}
    assert by_id[1]["result"]["serverInfo"]["name"] == "prme"
    assert by_id[2]["result"]["structuredContent"]["count"] == 19
    assert by_id[3]["result"]["isError"] is True
    assert by_id[4]["result"]["structuredContent"]["status"] == "accepted"
    assert "Traceback" not in stderr


def test_without_the_sdk_prme_mcp_exits_2_saying_how_to_install_it(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['mcp'] = None\n"  # as if prme[mcp] were not installed
        "from prme_cli.cli import main\n"
        "main(['mcp'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(tmp_path),
        stdin=subprocess.DEVNULL, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert "pip install 'prme[mcp]'" in done.stderr and "Traceback" not in done.stderr


def test_the_since_command_imports_nothing_of_the_mcp_extra(
    sample: tuple[dict[str, str], Path],
) -> None:
    env, _ = sample
    code = (
        "import sys, atexit\n"
        "atexit.register(lambda: sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
        "from prme_cli.cli import main\n"
        "main(['since', 'today', '--format', 'json'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode in (0, 1), done.stderr
    modules = set(done.stderr.split("MODULES ", 1)[1].split())
    for heavy in ("mcp", "mcp_types", "anyio", "pydantic", "jsonschema", "prme_cli.mcp"):
        assert heavy not in modules, heavy


def test_the_readme_lists_every_tool_and_argument(server: Server) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Agents: the MCP server", 1)[1].split("\n## ", 1)[0]
    snippet = section.split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(snippet)["mcpServers"]["prme"]["args"] == ["mcp"]
    filters = set(json.loads(json.dumps(server.tools()["since"].input_schema))["properties"])
    for name, tool in server.tools().items():
        assert f"| `{name}` |" in section, name
        for argument in set(tool.input_schema["properties"]) - filters:
            assert f"`{argument}`" in section, (name, argument)
    for argument in filters:
        assert f"`{argument}`" in section, argument
    assert "| `ingest` |" in section and "allow_ingest = true" in section


def test_a_foreign_file_as_store_is_a_tool_error_and_stays_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_bytes(b"not a database, just words\n" * 10)
    before = foreign.read_bytes()
    env = _env(tmp_path, PRME_STORE=str(foreign), PRME_NOW=NOW)
    cli = _cli(env, "since", "today")
    assert cli.returncode == 3
    with _serve(env) as server:
        message = server.error("since", {"when": "today"})
        assert message == cli.stderr.strip().removeprefix("prme: error: ")
        assert server.error("stats") == message
    assert foreign.read_bytes() == before


def test_relate_keeps_the_clis_egress_rule(sample: tuple[dict[str, str], Path]) -> None:
    """A resolver on another host is refused before anything is sent, as on the command line
    (``.invalid`` never resolves: nothing could leave even if the rule failed)."""
    env, _ = sample
    remote = dict(
        env,
        PRME_TEMPORAL_RELATION__RESOLVER__PROVIDER="ollama",
        PRME_TEMPORAL_RELATION__RESOLVER__URL="http://notes-elsewhere.invalid:11434",
    )
    question = "How long passed between finishing and hanging the frame?"
    cli = _cli(remote, "relate", question, "--format", "json")
    assert cli.returncode == 2 and "allow_remote" in cli.stderr
    with _serve(remote) as server:
        message = server.error("relate", {"question": question})
        assert message == cli.stderr.strip().removeprefix("prme: error: ")
        assert "allow_remote" in message
        # what the tools can do is the configuration's, not the agent's to change
        assert "unknown argument 'resolver_url'" in server.error(
            "relate", {"question": question, "resolver_url": "http://127.0.0.1:9"}
        )
