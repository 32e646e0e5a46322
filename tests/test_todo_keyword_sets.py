"""A file's own keyword sequence decides whether DELEGATED is open or closed.

``#+TODO: TODO DELEGATED | DONE`` keeps a handed-over task open ("waiting for the person I
gave it to"): its change into DELEGATED is neither a cancel nor a start, and its later DONE is
its end. After the ``|`` (``#+SEQ_TODO: … | DONE DELEGATED``) the keyword closes the task
with a hand-over: a cancel, never the writer's deed. ``#+TYP_TODO`` lines, fast-access keys
(``(g@)``, ``(d!)``) and the configured ``org.todo_keywords`` (for a file that sets none) are
read the same way, by the org reader's one parse of them. The notes are invented here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from prme_cli.events import Event, is_cancel_state, structure_events
from prme_cli.eventstore import events_for
from prme_cli.ingest import ingest_paths
from prme_cli.org import parse_org
from prme_cli.store import Store

NOW = datetime(2037, 12, 20, 20, 0, tzinfo=UTC)

TASK = """* {keyword} Wire the workbench sockets
:LOGBOOK:
- State "DONE"       from "DELEGATED"  [2037-04-20 Mon 18:00]
- State "DELEGATED"  from "TODO"       [2037-04-09 Thu 17:00]
:END:
"""

OPEN_BY_TODO = "#+TODO: TODO DELEGATED(g@) | DONE(d!) CANCELLED(c)\n" + TASK
OPEN_BY_TYP = "#+TYP_TODO: TODO DELEGATED | DONE\n" + TASK
CLOSED_BY_SEQ = "#+SEQ_TODO: TODO(t) WAIT(w) | DONE(d!) DELEGATED(l@/!)\n" + TASK
CLOSED_BY_TODO = "#+TODO: TODO | DONE DELEGATED CANCELLED\n" + TASK


def _events(text: str, **keywords: tuple[str, ...]) -> list[Event]:
    parsed = parse_org(text, "tasks.org", **keywords)
    heading = next(n for n in parsed.nodes if n.kind == "heading")
    return structure_events(heading, parsed.todo_keywords, parsed.done_keywords)


def _kinds(found: list[Event]) -> list[tuple[str, str | None]]:
    return sorted((e.kind, e.state) for e in found)


@pytest.mark.parametrize("text", [OPEN_BY_TODO, OPEN_BY_TYP], ids=["todo", "typ_todo"])
@pytest.mark.parametrize("keyword", ["DONE", "DELEGATED"])
def test_an_open_delegated_is_a_wait_and_the_later_done_the_end(text: str, keyword: str) -> None:
    found = _events(text.format(keyword=keyword))
    assert _kinds(found) == [("end", "DONE"), ("step", "DELEGATED")]  # a wait: no start
    assert all(e.polarity == "positive" for e in found)


@pytest.mark.parametrize("text", [CLOSED_BY_SEQ, CLOSED_BY_TODO], ids=["seq_todo", "todo"])
def test_a_closing_delegated_is_a_hand_over_not_the_deed(text: str) -> None:
    found = _events(text.format(keyword="DELEGATED"))
    assert ("cancel", "DELEGATED") in _kinds(found)
    assert all(e.kind != "start" for e in found)


def test_a_closed_delegated_heading_s_closed_stamp_is_a_cancel() -> None:
    text = "#+TODO: TODO | DONE DELEGATED\n* DELEGATED Prune the plum\nCLOSED: [2037-06-20 Sat]\n"
    assert _kinds(_events(text)) == [("cancel", "DELEGATED")]
    opened = "#+TODO: TODO DELEGATED | DONE\n* DELEGATED Prune the plum\nCLOSED: [2037-06-20 Sat]\n"
    assert _kinds(_events(opened)) == [("end", "DELEGATED")]


def test_the_configured_keywords_decide_for_a_file_that_sets_none() -> None:
    text = TASK.format(keyword="DONE")
    configured_open = _events(text, todo_keywords=("TODO", "DELEGATED"), done_keywords=("DONE",))
    assert _kinds(configured_open) == [("end", "DONE"), ("step", "DELEGATED")]  # a wait: no start
    # neither listed: read by its name, a hand-over
    unlisted = _events(text, todo_keywords=("TODO",), done_keywords=("DONE",))
    assert ("cancel", "DELEGATED") in _kinds(unlisted)


def test_other_closing_keywords_keep_their_reading_by_name() -> None:
    assert is_cancel_state("CANCELLED", ("TODO", "DELEGATED"))
    assert is_cancel_state("delegated")
    assert not is_cancel_state("DELEGATED", ("TODO", "DELEGATED"))
    assert not is_cancel_state("DONE") and not is_cancel_state(None)


def test_ingest_stores_the_file_s_reading(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "open.org").write_text(OPEN_BY_TODO.format(keyword="DONE"), encoding="utf-8")
    (notes / "closed.org").write_text(CLOSED_BY_SEQ.format(keyword="DELEGATED"), encoding="utf-8")
    with Store.open(tmp_path / "memory.sqlite3") as store:
        ingest_paths(store, [notes], now=NOW)
        ids = {
            Path(path).name: oid
            for oid, path in store.conn.execute(
                "SELECT o.id, f.path FROM objects o JOIN files f USING (file_id) "
                "WHERE o.type = 'heading'"
            )
        }
        stored = events_for(store.conn, list(ids.values()))
    assert _kinds(stored[ids["open.org"]]) == [
        ("end", "DONE"),
        ("step", "DELEGATED"),
    ]  # a wait: no start
    assert ("cancel", "DELEGATED") in _kinds(stored[ids["closed.org"]])
