"""A plain "came", told of its subject with nothing after it but a time, is an arrival: "The
bees came on Sunday, a day late" answers "When did my bees arrive?".

Ingest read the "on" of "came on Sunday" as the verb's particle and "Sunday" as what came,
so the event had no sense class and the gate refused the clause as telling "come", not
"arrive" (sessions4's first run: "When did my bees arrive?" and the days between picking up
the hive kit and the bees arriving). Before a calendar or deictic word "on"/"in" is the
time's preposition and the day is no object; what came is the subject, and a "came" with no
object, particle or complement of its own gets the sense ``arrive``
(:mod:`prme_cli.textevents`), which the gate compares by the ingest sense class as for any
synonym. "came second", "came to me", "the lights came on", "came back" keep their own
readings, and a negated or coming arrival is still refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, converted_session, notes_store, turn_gate_probability
from notes_helpers import ask as ask_notes

from prme_cli.relate.symbolic import gate_event
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2032-04-30T18:00", TZ)


NOTES = {
    "session-00.org": converted_session(
        "2032-04-06 Tue 20:00",
        "chat-c0e1a0000001",
        [
            ("user", "The bees came on Sunday, a day late. The club's van had broken down."),
            ("assistant", "A day late is fine for a nuc."),
            ("user", "The new sofa finally came yesterday, after six weeks."),
        ],
    ),
    "session-01.org": converted_session(
        "2032-04-20 Tue 09:00",
        "chat-c0e1a0000002",
        [
            ("user", "Our builder came on the 14th. He measured the attic for the quote."),
            ("assistant", "Good, that gets the quote moving."),
            (
                "user",
                (
                    "I came second in the club race on Sunday! The plumber didn't come on "
                    "Monday, though, and the boiler part is coming on Friday."
                ),
            ),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("came"), NOTES, NOW)


def ask(store: Store, q: str) -> dict[str, Any]:
    return ask_notes(store, q, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("q", "day"),
    [
        ("When did my bees arrive?", "2032-04-04"),
        ("When did the new sofa arrive?", "2032-04-05"),
        ("When did our builder arrive?", "2032-04-14"),
    ],
)
def test_a_plain_came_answers_an_arrival(store: Store, q: str, day: str) -> None:
    doc = ask(store, q)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "q",
    [
        "When did I arrive at the club race?",  # "came second" is a placing, no arrival
        "When did the plumber arrive?",  # negated
        "When did the boiler part arrive?",  # coming, not come
    ],
)
def test_other_comings_are_refused(store: Store, q: str) -> None:
    doc = ask(store, q)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("sentence", "sense"),
    [
        ("The bees came on Sunday, a day late.", "arrive"),
        ("My parents came on Sunday.", "arrive"),
        ("The parcel came in May.", "arrive"),
        ("Our builder came on the 14th.", "arrive"),
        ("I came second in the race on Sunday.", ""),
        ("The lights came on at 6.", ""),
        ("The results came back on Friday.", "return"),
    ],
)
def test_the_sense_of_came(sentence: str, sense: str) -> None:
    for anchor in (None, datetime(2032, 4, 6, 20, 0)):
        readings = gate_event._read(sentence, anchor)
        assert readings and readings[0].sense == sense, (anchor, readings)


WRITTEN = datetime(2032, 4, 6, 20, 0)


@pytest.mark.parametrize(
    ("question", "quote", "name", "expression", "passes"),
    [
        ("When did my bees arrive?", "The bees came on Sunday.", "my bees arrive", "Sunday", True),
        (
            "When did my parents arrive?",
            "My parents came on Sunday.",
            "my parents arrive",
            "Sunday",
            True,
        ),
        (
            "When did I arrive at the race?",
            "I came second in the race on Sunday.",
            "arrive at the race",
            "Sunday",
            False,
        ),
    ],
)
def test_gate_reads_a_plain_came_by_its_sense(
    question: str, quote: str, name: str, expression: str, passes: bool
) -> None:
    p = turn_gate_probability(question, quote, name, expression, speaker="user", written=WRITTEN)
    assert (p >= GATE_THRESHOLD) is passes
