"""Help that teaches (issue 11, point 8): the dayfirst setting reaches every command, shell
completion offers the values options take, time words included."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from prme_cli.cli.completion import TIME_WORDS, complete_by, complete_format, complete_when
from prme_cli.timeexpr import resolve

NOTE = """\
#+TITLE: Dentist
#+DATE: 03/11/2026
* Check-up
<2026-11-03 Tue 09:00>
* Invoice paid
<2026-03-11 Wed 12:00>
"""


@pytest.fixture
def noted(cli: Any) -> Any:
    assert cli("ingest", "-", "--name", "dentist.org", stdin=NOTE).code == 0
    return cli


def _start(cli: Any, *args: str, env: dict[str, str] | None = None) -> str:
    doc = cli(*args, "--format", "json", env=env).json()
    return str(doc["query"]["window"]["start"])[:10]


def _config(tmp_path: Path, text: str) -> dict[str, str]:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return {"PRME_CONFIG": str(path)}


@pytest.mark.parametrize(
    "how",
    ["flag before", "flag after", "environment", "configuration file"],
)
def test_dayfirst_reaches_every_window_command(noted: Any, tmp_path: Path, how: str) -> None:
    env = {
        "environment": {"PRME_DAYFIRST": "true"},
        "configuration file": _config(tmp_path, "dayfirst = true\n"),
    }.get(how)
    before = ["--dayfirst"] if how == "flag before" else []
    after = ["--dayfirst"] if how == "flag after" else []
    assert _start(noted, *before, "since", "03/11/2026", *after, env=env) == "2026-11-03"
    assert _start(noted, *before, "range", "03/11/2026", "04/11/2026", *after, env=env) == (
        "2026-11-03"
    )
    assert _start(noted, *before, "query", "--since", "03/11/2026", *after, env=env) == (
        "2026-11-03"
    )
    assert _start(noted, *before, "log", "03/11/2026", *after, env=env) == "2026-11-03"
    when = noted(*before, "when", "03/11/2026", *after, "--format", "json", env=env).json()
    assert when["start"].startswith("2026-11-03")


def test_month_first_is_the_default(noted: Any) -> None:
    assert _start(noted, "since", "03/11/2026") == "2026-03-11"
    assert noted("when", "03/11/2026", "--format", "json").json()["start"].startswith("2026-03-11")


def test_dayfirst_dates_a_numeric_date_keyword_at_ingest(cli: Any, tmp_path: Path) -> None:
    env = _config(tmp_path, "dayfirst = true\n")
    assert cli("ingest", "-", "--name", "dentist.org", stdin=NOTE, env=env).code == 0
    shown = cli("show", "dentist.org", "--format", "json").json()
    assert shown["event_time"].startswith("2026-11-03")
    # the setting is part of what a file was read with: turning it off re-reads it
    assert cli("ingest", "-", "--name", "dentist.org", stdin=NOTE).code == 0
    assert (
        cli("show", "dentist.org", "--format", "json").json()["event_time"].startswith("2026-03-11")
    )


def test_a_bad_dayfirst_setting_is_a_usage_error(cli: Any, tmp_path: Path) -> None:
    done = cli("since", "today", env=_config(tmp_path, 'dayfirst = "sometimes"\n'))
    assert done.code == 2 and "dayfirst" in done.err


# -- completion -----------------------------------------------------------------------------------


def test_every_time_word_offered_is_one_the_engine_reads() -> None:
    now = datetime(2026, 11, 27, 20, 0, tzinfo=ZoneInfo("Europe/London"))
    for word in TIME_WORDS:
        resolve(word, now, now.tzinfo)  # raises on a word it cannot read
    assert "yesterday" in complete_when("ye") and complete_when("xyz") == []
    assert set(complete_when("mon")) == {"monday"}


def test_by_and_format_values_are_completed() -> None:
    assert [v for v, _ in complete_by("cl")] == ["closed", "clock"]
    assert {v for v, _ in complete_by("")} >= {"event", "changed", "any", "scheduled"}
    assert complete_format("j") == ["json", "jsonl"]


def _complete(words: str, env: dict[str, str]) -> list[str]:
    exe = shutil.which("prme") or str(Path(sys.executable).parent / "prme")
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    full = dict(
        os.environ, _PRME_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword), **env
    )
    done = subprocess.run([exe], env=full, capture_output=True, text=True, check=False)
    assert done.stderr == ""
    return done.stdout.split()


def test_todo_and_tag_values_come_from_the_store(cli: Any, tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[1] / "sample_org"
    assert cli("ingest", str(sample)).code == 0
    env = {"PRME_STORE": str(cli.store), "HOME": str(tmp_path)}
    todo = _complete("prme since today --todo ", env)
    assert {"DONE", "TODO", "NEXT", "WAITING", "CANCELLED"} <= set(todo)
    assert _complete("prme since today --todo NE", env) == ["NEXT"]
    assert _complete("prme since today --tag wo", env) == ["work", "woodworking"]
    by_flag = _complete(f"prme --store {cli.store} range monday today --tag jou", {})
    assert by_flag == ["journal"]


def test_completion_without_a_store_offers_the_configured_keywords(tmp_path: Path) -> None:
    env = {"PRME_STORE": str(tmp_path / "none.sqlite3"), "HOME": str(tmp_path)}
    assert _complete("prme since today --todo ", env) == ["TODO", "DONE"]
    assert _complete("prme since today --tag ", env) == []
    assert not (tmp_path / "none.sqlite3").exists()


# -- building only the command that runs ------------------------------------------------------


def test_only_the_invoked_command_is_built_and_help_still_sees_everything(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import typer

    app_module = sys.modules["prme_cli.cli.app"]

    built: list[list[str]] = []
    real = typer.main.get_command

    def spy(instance: Any) -> Any:
        built.append([c.callback.__name__ for c in instance.registered_commands])
        return real(instance)

    monkeypatch.setattr(typer.main, "get_command", spy)
    before = list(app_module.app.registered_commands)
    assert cli("--format", "json", "when", "today").code == 0
    assert built[-1] == ["when"]
    assert app_module.app.registered_commands == before  # restored
    everything = cli("--help")
    assert everything.code == 0 and "log" in everything.out and "since" in everything.out
    assert len(built[-1]) == len(before)
    unknown = cli("sinc", "today")
    assert unknown.code == 2 and "since" in unknown.err
    assert cli("since", "--help").code == 0
