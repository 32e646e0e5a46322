"""One list of the TODO states that close a task without its event taking place.

Ingest's events (a LOGBOOK change into such a state is a **cancel**, never an **end**) and
the resolver's reading of a heading's keyword used to keep two lists that disagreed: ingest
read a change into SKIPPED, MISSED or WONTFIX as the task's end, the resolver as not done.
Both now read :data:`prme_cli.events.CANCEL_STATES` (the symbolic gate keeps its own list on
purpose: it is a second opinion).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from prme_cli import events
from prme_cli.eventstore import events_for
from prme_cli.ingest import ingest_paths
from prme_cli.relate.symbolic import segment
from prme_cli.store import Store

NOW = datetime(2037, 12, 20, 20, 0, tzinfo=ZoneInfo("UTC"))

RUNS = """#+TODO: PLAN | RAN SKIPPED MISSED WONTFIX CANCELED
* SKIPPED Harbour 10k
:LOGBOOK:
- State "SKIPPED"    from "PLAN"       [2037-05-16 Sun 08:00]
:END:
* MISSED Forest half marathon
:LOGBOOK:
- State "MISSED"     from "PLAN"       [2037-07-11 Sun 11:00]
:END:
* CANCELED Hill relay
:LOGBOOK:
- State "CANCELED"   from "PLAN"       [2037-06-06 Sun 09:00]
:END:
* RAN Autumn 5k
:LOGBOOK:
- State "RAN"        from "PLAN"       [2037-09-19 Sun 11:00]
:END:
"""


def _kinds(tmp_path: Path) -> dict[str, list[str]]:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "runs.org").write_text(RUNS, encoding="utf-8")
    with Store.open(tmp_path / "s.sqlite3") as store:
        assert not ingest_paths(store, [folder], now=NOW).errors
        ids = {r[0]: r[1] for r in store.conn.execute("SELECT id, title FROM objects")}
        found = events_for(store.conn, list(ids))
    return {ids[i]: [e.kind for e in evs] for i, evs in found.items()}


@pytest.mark.parametrize("title", ["Harbour 10k", "Forest half marathon", "Hill relay"])
def test_a_change_into_a_skipped_missed_or_cancelled_state_is_a_cancel(
    tmp_path: Path, title: str
) -> None:
    kinds = _kinds(tmp_path)[title]
    assert "cancel" in kinds
    assert "end" not in kinds


def test_a_change_into_a_done_state_is_the_end(tmp_path: Path) -> None:
    assert "end" in _kinds(tmp_path)["Autumn 5k"]


@pytest.mark.parametrize("state", ["CANCELLED", "canceled", "Dropped", "SKIPPED", "MISSED"])
def test_the_resolver_reads_the_librarys_list(state: str) -> None:
    assert events.is_cancel_state(state)
    assert state.upper() in segment.CANCEL_KEYWORDS
    assert segment.CANCEL_KEYWORDS is events.CANCEL_STATES


@pytest.mark.parametrize("state", ["DONE", "RAN", "TODO", "WAITING", None, ""])
def test_done_open_and_missing_states_are_no_cancel(state: str | None) -> None:
    assert not events.is_cancel_state(state)
