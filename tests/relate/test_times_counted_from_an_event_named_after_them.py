"""A time counted from an event named after it ("the day after I opened the kiln") is not
counted from the time told before it, nor from the note's day.

An unseen org set (strangers4) had "dropped off the day after I opened the kiln" in a daily
file and "got the bond back the day after he came" in a datetree entry: both were dated the
day after the note. "after"/"before" closing such a phrase is a preposition whose object is
the event it counts from; until that event is read, relate refuses. The same phrase standing
alone ("the day after, …", "the day after.") keeps counting from the time before it. The
gate reads the word after the preposition by its own pattern.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, ask, gate_verdict, notes_store

from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2037-08-01T20:00", TZ)

NOTES = {
    "2037-03-10.org": """#+title: 2037-03-10

The gallery paid today for the bowls, which I dropped off the day after I opened the
kiln.
""",
    "journal.org": """* 2037
** 2037-02 February
*** 2037-02-26 Thursday
Got the deposit back the day after the landlord came round.
*** 2037-02-27 Friday
We left for the coast two days before the storm hit.
""",
    "2037-04-02.org": """#+title: 2037-04-02

Opened the kiln on Monday. I collected the glaze order the day after, on my way home.
""",
    "2037-05-06.org": """#+title: 2037-05-06

Planted the beans on Saturday. The day after, I watered the beans for the first time.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("event-after"), NOTES, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I drop off the bowls?",
        "When did I get the deposit back?",
        "When did we leave for the coast?",
    ],
)
def test_a_time_counted_from_an_event_named_after_it_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I collect the glaze order?", "2037-03-31"),  # Monday 30 March + 1
        ("When did I water the beans for the first time?", "2037-05-03"),  # Saturday 2 May + 1
    ],
)
def test_the_same_phrase_standing_alone_counts_from_the_time_before_it(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def _gate(sentence: str, expression: str) -> float:
    text = f"#+title: 2037-03-10\n\n{sentence}\n"
    record = EvidenceRecord(
        "d", datetime(2037, 3, 10), text, title="2037-03-10", event_source="filename"
    )
    operand = Operand("drop off the bowls", "d", sentence, expression, "text_expression")
    return min(gate_verdict("When did I drop off the bowls?", record, operand))


@pytest.mark.parametrize(
    "sentence",
    [
        "I dropped off the bowls the day after I opened the kiln.",
        "I dropped off the bowls the day after the firing.",
        "I dropped off the bowls the day after\nSaskia rang.",
    ],
)
def test_the_gate_refuses_a_day_counted_from_an_event_named_after_it(sentence: str) -> None:
    assert _gate(sentence, "the day after") < GATE_THRESHOLD


def _gate_on_the_entry_day(sentence: str) -> float:
    text = f"*** 2037-02-26 Thursday\n{sentence}\n"
    record = EvidenceRecord(
        "j", datetime(2037, 2, 26), text, title="2037-02-26 Thursday", event_source="datetree"
    )
    verb = sentence.split()[0]
    operand = Operand("get the deposit back", "j", sentence, verb, "event_time")
    return min(gate_verdict("When did I get the deposit back?", record, operand))


@pytest.mark.parametrize(
    "sentence",
    [
        "Got the deposit back the day after the landlord came round.",
        "Got the deposit back two days after I handed in the keys.",
        "Got the deposit back a week before the move.",
    ],
)
def test_the_gate_refuses_the_entry_day_for_a_deed_counted_from_another_event(
    sentence: str,
) -> None:
    assert _gate_on_the_entry_day(sentence) < GATE_THRESHOLD


def test_the_gate_passes_the_entry_day_for_a_deed_told_without_another_event() -> None:
    assert _gate_on_the_entry_day("Got the deposit back, finally.") >= GATE_THRESHOLD
