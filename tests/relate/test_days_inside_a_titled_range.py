"""A heading whose own title stamps a span of days (``* Cousins in Ghent [2040-06-08
Fri]--[2040-06-10 Sun]``, a trip or a visit, active or inactive) tells in its body of days
inside that span: "on Saturday morning I …" is the span's Saturday, not the one before its
first day; words that need a day of writing ("yesterday") date nothing there. The resolver
and the gate read it so, each by itself.

The notes are invented for these tests.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_check

from prme_cli.relate.types import EvidenceRecord, Operand

NOW = datetime(2040, 7, 1, 12, 0, tzinfo=UTC)

GHENT = """* Cousins in Ghent [2040-06-08 Fri]--[2040-06-10 Sun]
Took the train down on Friday evening. On Saturday morning I repainted aunt Mia's shutters,
and on Sunday I walked to the abbey alone before the train home.
"""

LAKES = """* Lakes weekend <2040-05-18 Fri>--<2040-05-21 Mon>
Arrived late. On Sunday I rowed across the small lake; Jorn fished from the jetty.
Yesterday I had mended the rowing boat's oarlock.
"""


def _answer(tmp_path: Path, notes: dict[str, str], question: str) -> dict:
    return answer(tmp_path, notes, question, now=NOW, tz=UTC)


@pytest.mark.parametrize(
    ("notes", "question", "day"),
    [
        ({"trips.org": GHENT}, "When did I repaint aunt Mia's shutters?", "Saturday, 9 June 2040"),
        ({"trips.org": GHENT}, "When did I walk to the abbey?", "Sunday, 10 June 2040"),
        ({"trips.org": LAKES}, "When did I row across the small lake?", "Sunday, 20 May 2040"),
    ],
)
def test_a_weekday_in_the_body_is_the_one_inside_the_title_s_span(
    tmp_path: Path, notes: dict[str, str], question: str, day: str
) -> None:
    doc = _answer(tmp_path, notes, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith(day), doc["value"]


def test_a_time_that_needs_the_day_of_writing_dates_nothing_inside_a_span(
    tmp_path: Path,
) -> None:
    doc = _answer(tmp_path, {"trips.org": LAKES}, "When did I mend the rowing boat's oarlock?")
    assert doc["status"] != "accepted", doc


@pytest.mark.parametrize(
    ("expression", "accepted"), [("Saturday morning", True), ("Sunday", False)]
)
def test_the_gate_counts_a_weekday_inside_the_title_s_span(expression: str, accepted: bool) -> None:
    """The candidate dates the shutters on Saturday 9 June: the gate reads "Saturday
    morning" inside the span and agrees; a candidate citing another day's name does not."""
    record = EvidenceRecord(
        "t",
        datetime(2040, 6, 8),
        GHENT,
        title="Cousins in Ghent [2040-06-08 Fri]--[2040-06-10 Sun]",
        event_source="inactive",
    )
    quote = "On Saturday morning I repainted aunt Mia's shutters"
    if expression == "Sunday":
        quote = "on Sunday I walked to the abbey alone"
    operand = Operand("repaint aunt Mia's shutters", "t", quote, expression, "text_expression")
    probability = gate_check("When did I repaint aunt Mia's shutters?", record, operand)
    assert (probability >= GATE_THRESHOLD) is accepted, probability


BERGEN = """* Bergen with Ivo <2040-04-12 Thu>--<2040-04-15 Sun>
Rain every day. On the Friday I hiked up Fløyen alone; Ivo slept in.
On the Saturday afternoon we took the boat to the islands.
"""


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I hike up Fløyen?", "Friday, 13 April 2040"),
        ("When did we take the boat to the islands?", "Saturday, 14 April 2040"),
    ],
)
def test_the_weekday_of_a_titled_range_with_the_is_that_range_s_day(
    tmp_path: Path, question: str, day: str
) -> None:
    doc = _answer(tmp_path, {"trips.org": BERGEN}, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["display"].startswith(day), doc["value"]


def test_the_weekday_with_the_in_a_journal_day_names_no_particular_day(tmp_path: Path) -> None:
    """Outside a period "on the Friday" points back to some Friday the entry does not name."""
    journal = (
        "* 2040\n** 2040-04 April\n*** 2040-04-20 Friday\n"
        "Thought about the trip. On the Friday I hiked up Fløyen alone.\n"
    )
    doc = _answer(tmp_path, {"journal.org": journal}, "When did I hike up Fløyen?")
    assert doc["status"] != "accepted", doc
