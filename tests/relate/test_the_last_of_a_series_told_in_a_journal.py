"""The last (or first) of a series told in a journal is dated by the words that date it.

"The last welding class was last night": the question's "last" ("When was my last welding
class?") places the event in its series; the sentence's "last night" is its time, although
the same word opens it. "Last day at the gallery." under a journal day is a verbless
sentence about that day (as "First day at the new job." is), not "the day before": English
says "yesterday" for that. A time told after a dash ("Last day at the library after all —
Birgit gave me the Friday off") belongs to the next clause. Near misses stay refused: a
"last day" with no journal day to date it, a "last day" the entry asks about or plans, and
the first member of a series for a question about the last one. In "between my first
glassblowing class and my last one" the gate reads "one" as the thing the other operand
names after its ordinal; a "last one" whose sentence tells another thing stays refused.
Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2032-09-30T20:00", TZ)

JOURNAL = """#+TITLE: Journal
* 2032
** 2032-03 March
*** 2032-03-02 Tuesday
First glassblowing class last night. Burnt a finger.
*** 2032-03-09 Tuesday
Glassblowing again last night: a lopsided cup.
*** 2032-05-19 Wednesday
The final glassblowing class was last night. Took the cup home.
*** 2032-05-26 Wednesday
The last pottery class was last night. A wonky jug.
*** 2032-06-04 Friday
Final day at the bakery — Inês gave me the Saturday off as well. Flowers and a cake.
*** 2032-06-11 Friday
Last day in Porto. The train home is at six.
*** 2032-07-01 Thursday
Last day at the museum next week? Nobody has said.
"""

# an org-journal day, entries under the day's heading, the time in each entry's title
ORG_JOURNAL = """* Monday, 09/13/32
** 08:30 Last day
Last day at the library. Cake, and a card signed by everyone.
"""

PLAIN = """#+TITLE: Notes on the move
Last day at the harbour office was grim. Boxes everywhere.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"journal.org": JOURNAL, "20320913.org": ORG_JOURNAL, "move.org": PLAIN}
    yield from notes_store(tmp_path_factory.mktemp("last-of-a-series"), notes, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When was my final glassblowing class?", "2032-05-18"),
        ("When was my last glassblowing class?", "2032-05-18"),
        ("When was my first glassblowing class?", "2032-03-01"),
    ],
)
def test_an_ordinal_of_the_question_does_not_hide_the_time_it_shares_a_word_with(
    store: Store, question: str, day: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"]["explanation"]
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When was my final day at the bakery?", "2032-06-04"),
        ("When was my last day in Porto?", "2032-06-11"),
        ("When was my last day at the library?", "2032-09-13"),
    ],
)
def test_a_verbless_last_day_is_the_journal_entrys_day(
    store: Store, question: str, day: str
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"]["explanation"]
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("question", "days"),
    [
        ("How many days were there between my first glassblowing class and my last one?", 78),
        ("How many days passed between my first glassblowing class and the final one?", 78),
    ],
)
def test_one_after_an_ordinal_is_the_thing_the_other_event_names(
    store: Store, question: str, days: int
) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"]["explanation"]
    assert doc["value"]["days"] == days


def test_the_gate_refuses_a_last_one_told_of_another_thing() -> None:
    from datetime import datetime

    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import EvidenceRecord, Operand, Resolution

    first_text = "First glassblowing class last night. Burnt a finger."
    last_text = "The last pottery class was last night. A wonky jug."
    first_record = EvidenceRecord("a", datetime(2032, 3, 2), first_text, event_source="datetree")
    last_record = EvidenceRecord("b", datetime(2032, 5, 26), last_text, event_source="datetree")
    first = Operand(
        "my first glassblowing class",
        "a",
        "First glassblowing class last night.",
        "last night",
        "text_expression",
    )
    last = Operand(
        "my last one",
        "b",
        "The last pottery class was last night.",
        "last night",
        "text_expression",
    )
    question = "How many days were there between my first glassblowing class and my last one?"
    resolution = Resolution("elapsed_between", (first, last))
    gate = SymbolicGate()
    assert gate.check(question, resolution, first, first_record).probability >= 0.85
    assert gate.check(question, resolution, last, last_record).probability < 0.85


@pytest.mark.parametrize(
    "question",
    [
        # asked, not told, in its entry
        "When was my last day at the museum?",
        # a note with no day of its own: "last day" is no time to count from the note
        "When was my last day at the harbour office?",
    ],
)
def test_a_last_day_asked_about_or_undated_stays_refused(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted"


def test_the_time_engine_reads_a_stays_last_day_as_no_time() -> None:
    from datetime import UTC, datetime

    from prme_cli import timeexpr

    base = datetime(2032, 6, 4, tzinfo=UTC)
    for text in ("Last day at the gallery.", "Final day in Rome.", "Last day of term!"):
        assert timeexpr.find_expressions(text, base) == [], text
    # a period the expression takes in, or a week, stays a time
    assert [p for _, _, p in timeexpr.find_expressions("The last day of the month.", base)] == [
        "The last day of the month"
    ]
    assert [p for _, _, p in timeexpr.find_expressions("Last week at the gym I fell.", base)] == [
        "Last week"
    ]
