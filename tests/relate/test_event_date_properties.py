"""An event-date property (``:WHEN:``, ``:EVENT_DATE:``, ``:EVENT_TIME:``, ``:DATE:``) dates its
heading's event; a range in it gives the event's start and end.

Family logs and event notes keep one heading per event with the day in a property rather
than in the title or a planning line (``:WHEN: [2039-04-06 Wed]``, ``:WHEN: [a]--[b]``).
Ingest makes such a property the heading's own time (after CLOSED and an active stamp in the
heading, before SCHEDULED) and its event: a day is a ``single`` event, a range a ``range``
one. A body that moves the event ("UPDATE: … the picnic is moved to the following Sunday",
"Postponed to […]") or calls it off wins over the property: the stale date is refused,
never answered. Other properties that hold a stamp (``:REMINDER:``, ``:CREATED:``) are not
the event's date.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.org import parse_org
from prme_cli.relate.symbolic.gate_structure import check as structure_check
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2039-07-30T20:00", TZ)

FAMILY = """#+TITLE: Our family log

* Mila's first bike ride                                         :mila:
:PROPERTIES:
:WHEN:     [2039-04-06 Wed]
:END:
Wobbly, but she made it to the end of the street.

* Long weekend in Porto                                           :trip:
:PROPERTIES:
:WHEN:     [2039-04-15 Fri]--[2039-04-19 Tue]
:END:
Port cellars, too many custard tarts, the kids loved the tram.

* School concert                                                  :mila:
:PROPERTIES:
:EVENT_DATE: <2039-05-12 Thu>
:END:
Mila sang in the second row.

* Leo's birthday picnic                                           :leo:
:PROPERTIES:
:WHEN:     <2039-06-04 Sat>
:CREATED:  [2039-05-20 Fri]
:END:
Invitations out to the whole class.
UPDATE [2039-06-01 Wed]: rain forecast, so the picnic is moved to the following Sunday.

* The picnic, a day late                                         :leo:
:PROPERTIES:
:WHEN:     [2039-06-05 Sun]
:END:
Sunshine after all. Twelve kids and a very tired dog.

* Swimming gala                                                   :leo:
:PROPERTIES:
:WHEN:     [2039-05-28 Sat]
:END:
Postponed to [2039-06-11 Sat], the pool was closed for repairs.

* Harbour festival
:PROPERTIES:
:WHEN:     [2039-07-02 Sat]
:END:
We did not go in the end, Leo had a fever.

* Book the campsite
:PROPERTIES:
:REMINDER: [2039-06-10 Fri]
:END:
The one by the lake, if it has space.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("family"), {"family.org": FAMILY}, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When was Mila's first bike ride?", "2039-04-06"),
        ("When was the school concert?", "2039-05-12"),
        ("When did I get back from Porto?", "2039-04-19"),
    ],
)
def test_an_event_date_property_dates_its_heading(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == day


def test_a_range_in_the_property_gives_the_events_length(store: Store) -> None:
    doc = ask(store, "How many days was I in Porto?")
    assert doc["status"] == "accepted", doc
    assert doc["value"]["days"] == 4


@pytest.mark.parametrize(
    "question",
    [
        "When was Leo's birthday picnic?",  # moved by an UPDATE line; a later heading has it
        "When was the swimming gala?",  # postponed in the body
        "When was the harbour festival?",  # did not go
    ],
)
def test_a_body_that_moves_or_calls_off_the_event_wins_over_the_property(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    # refused: the stale date is never answered ("The picnic, a day late" does not name it)
    assert doc["status"] != "accepted", doc


def test_a_stamp_in_another_property_is_not_the_events_date(store: Store) -> None:
    doc = ask(store, "When did I book the campsite?")
    assert doc["status"] != "accepted", doc


# --------------------------------------------------------------------------- ingest


def test_ingest_dates_the_heading_by_its_event_date_property() -> None:
    parsed = parse_org(FAMILY, "/notes/family.org")
    got = {n.title: n for n in parsed.nodes[1:]}
    assert got["Mila's first bike ride"].event_time == datetime(2039, 4, 6)
    assert got["Mila's first bike ride"].event_source == "property"
    assert got["School concert"].event_time == datetime(2039, 5, 12)
    assert got["Long weekend in Porto"].event_time == datetime(2039, 4, 15)
    # the event's date outranks the note's creation
    assert got["Leo's birthday picnic"].event_time == datetime(2039, 6, 4)
    # a reminder is no event date: the heading keeps no event time of its own
    assert got["Book the campsite"].event_source != "property"


def test_structure_events_of_event_date_properties() -> None:
    from prme_cli.events import structure_events

    parsed = parse_org(FAMILY, "/notes/family.org")
    got = {n.title: structure_events(n, ("TODO",), ("DONE",)) for n in parsed.nodes[1:]}
    ride = [e for e in got["Mila's first bike ride"] if e.kind == "single"]
    assert [(e.start, e.expression) for e in ride] == [(datetime(2039, 4, 6), "[2039-04-06 Wed]")]
    visit = [e for e in got["Long weekend in Porto"] if e.kind == "range"]
    assert [(e.start, e.end) for e in visit] == [(datetime(2039, 4, 15), datetime(2039, 4, 20))]
    assert not [e for e in got["Book the campsite"] if e.kind in ("single", "range")]


# --------------------------------------------------------------------------- the gate


def _gate(line: str, expression: str, title: str = "Mila's first bike ride") -> float:
    text = f"* {title}\n:PROPERTIES:\n{line}\n:END:\nWobbly, but she made it."
    record = EvidenceRecord(id="r1", event_time=None, text=text, title=title)
    operand = Operand("Mila's first bike ride", "r1", line, expression, "org_timestamp")
    resolution = Resolution("absolute_date", (operand,))
    return structure_check(
        "When was Mila's first bike ride?", resolution, operand, record
    ).probability


@pytest.mark.parametrize(
    "line",
    [":WHEN:     [2039-04-06 Wed]", ":EVENT_DATE: [2039-04-06 Wed]", ":when: [2039-04-06 Wed]"],
)
def test_gate_accepts_an_event_date_property_line(line: str) -> None:
    assert _gate(line, "[2039-04-06 Wed]") >= 0.85


@pytest.mark.parametrize(
    "line",
    [":REMINDER: [2039-04-06 Wed]", ":CREATED:  [2039-04-06 Wed]", ":LAST_SEEN: [2039-04-06 Wed]"],
)
def test_gate_refuses_a_stamp_of_another_property(line: str) -> None:
    assert _gate(line, "[2039-04-06 Wed]") < 0.85


# --------------------------------------------------------------------------- moved in the body


@pytest.mark.parametrize(
    "body",
    [
        "UPDATE [2039-06-01 Wed]: rain forecast, so the picnic is moved to the following Sunday.",
        "The picnic got moved to the following weekend.",
        "Update: it is moved to the next day, rain again.",
        "The picnic has been moved to next Saturday.",
        # a paragraph wrapped across lines is read as one
        (
            "Invitations out.\nUPDATE: half the class is ill, so the picnic is moved to the\n"
            "following Sunday."
        ),
    ],
)
def test_a_body_line_that_moves_the_event_is_read_as_moved(body: str) -> None:
    from prme_cli import denial

    reading = denial.read_body(f"* Leo's birthday picnic\n{body}", "Leo's birthday picnic")
    assert reading.moved


@pytest.mark.parametrize(
    "body",
    [
        "Moved the sofa to the following room for the party games.",
        "The picnic is moving to a bigger park next year, they say.",
        "Leo moved to the following class after the holidays.",
        # a list item is its own line, not the wrapped end of the one before
        "We thought the picnic had to be moved to the\n- following: cake, juice, plates",
    ],
)
def test_a_body_line_moving_something_else_leaves_the_event(body: str) -> None:
    from prme_cli import denial

    reading = denial.read_body(f"* Leo's birthday picnic\n{body}", "Leo's birthday picnic")
    assert not reading.moved
