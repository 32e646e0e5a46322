"""A journal sentence without a verb that names what happened is dated by its entry's day.

Journals are kept in fragments: "First swim in the lake.", "Letter from the bank: loan
approved.", "Ines's birthday." A datetree day, a daily file's date or a ``#+DATE`` dates such
a sentence (SPEC §6: the entry's day dates what it reports) when nothing else in it or in
the entry gives a time of its own. Not dated that way: a sentence with its own time
("Dentist on Friday."), a hedge, a denial or a question, a to-do ("Call the plumber."), an
activity under way ("Planning the party"), a sentence with a verb after all ("Bathroom
tap needs replacing"), and a sentence in an entry that gives the event
another day ("Omar's visit. He's been here since Tuesday."). The gate reads such a
sentence word by word: every specific word of the asked event, its verb and ordinal among
them, must be in it ("When did I sell the first loaf?" is not told by "First loaf from the
new starter."). "The bank's letter" is told by "Letter from the bank" (its "from", "by" or
"of" names whose it is), not by "Letter to the bank". Invented notes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask, notes_store

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Vienna")
NOW = parse_now("2030-09-30T21:00", TZ)

JOURNAL = """#+TITLE: Diary
* 2030
** 2030-06 June
*** 2030-06-03 Monday
First swim in the lake. Freezing, but worth it.
*** 2030-06-07 Friday
Letter from the bank: loan approved. Celebrated with ice cream.
*** 2030-06-11 Tuesday
Ines's birthday. Cake at the office at four.
*** 2030-06-14 Friday
Second swim in the lake. Warmer.
*** 2030-06-18 Tuesday
Dentist on Friday. Not looking forward to it.
*** 2030-06-20 Thursday
Omar's visit. He's been here since Tuesday, sleeping on the sofa.
*** 2030-06-22 Saturday
Call the plumber about the boiler. Planning the garden party with Jakob.
*** 2030-06-25 Tuesday
Maybe a trip to the coast. No concert for us after all.
*** 2030-06-27 Thursday
Letter to the insurer about the dented door.
*** 2030-06-29 Saturday
Bathroom tap needs replacing from scratch.
"""

DAILY = """:PROPERTIES:
:ID:       5c1d2f0a-1111-4a3b-9e61-000000000001
:END:
#+title: 2030-07-09

Harvest of the first courgettes, three of them. The blackbirds got the cherries.
"""

DATED = """#+TITLE: Moving notes
#+DATE: 2030-08-15

Keys to the new flat from the landlord, finally. Boxes everywhere.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"diary.org": JOURNAL, "2030-07-09.org": DAILY, "moving.org": DATED}
    yield from notes_store(tmp_path_factory.mktemp("verbless"), notes, NOW)


def _ask(store: Store, question: str) -> dict[str, Any]:
    return ask(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When was my first swim in the lake?", "2030-06-03"),
        ("When was the second swim in the lake?", "2030-06-14"),
        ("When was the letter from the bank?", "2030-06-07"),
        ("When was the bank's letter?", "2030-06-07"),
        ("When was Ines's birthday?", "2030-06-11"),
        ("When was the harvest of the first courgettes?", "2030-07-09"),
    ],
)
def test_a_verbless_sentence_is_dated_by_its_entry(store: Store, question: str, date: str) -> None:
    doc = _ask(store, question)
    assert doc["status"] == "accepted", (question, doc["metadata"].get("explanation"))
    assert doc["value"]["date"] == date and doc["value"]["grain"] == "day"


def test_two_verbless_sentences_are_ordered_and_counted(store: Store) -> None:
    doc = _ask(store, "Which came first, the bank's letter or Ines's birthday?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert "letter" in doc["value"]["order"][0]
    doc = _ask(store, "How many days after the first swim in the lake was the second swim?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 11


@pytest.mark.parametrize(
    "question",
    [
        "When did I go to the dentist?",  # its own time, still to come
        "When was Omar's visit?",  # the entry gives another day
        "When did Omar arrive for his visit?",
        "When did I call the plumber?",  # a to-do
        "When was the garden party?",  # being planned
        "When was the trip to the coast?",  # hedged
        "When was the concert?",  # denied
        "When was the third swim in the lake?",  # another member of the series
        "When was the insurer's letter?",  # a letter to the insurer, not from it
        "When did I sell the first courgettes?",  # another deed than the sentence names
        "When did I replace the bathroom tap?",  # a present verb: still to be done
        "When was the bathroom tap replacement?",
    ],
)
def test_what_a_verbless_sentence_does_not_date(store: Store, question: str) -> None:
    assert _ask(store, question)["status"] != "accepted", question


def _gate(question: str, name: str, quote: str, text: str | None = None) -> float:
    record = EvidenceRecord(
        id="d1",
        event_time=datetime(2030, 6, 7),
        text=text or quote,
        event_source="datetree",
    )
    expression = quote.split(".")[0].split(":")[0]
    operand = Operand(name, "d1", quote, expression, "event_time")
    resolution = Resolution("absolute_date", (operand,))
    return SymbolicGate().check(question, resolution, operand, record).probability


@pytest.mark.parametrize(
    ("question", "name", "quote"),
    [
        ("When was the bank's letter?", "the bank's letter", "Letter from the bank: approved."),
        ("When was my first swim?", "my first swim", "First swim in the lake."),
        ("When was the apple harvest?", "the apple harvest", "Apple harvest."),
    ],
)
def test_the_gate_accepts_a_verbless_sentence_naming_every_word(
    question: str, name: str, quote: str
) -> None:
    assert _gate(question, name, quote) >= 0.85


@pytest.mark.parametrize(
    ("question", "name", "quote"),
    [
        ("When did I sell the first loaf?", "sell the first loaf", "First loaf from Borys."),
        ("When did I bake the first loaf?", "bake the first loaf", "First loaf from Borys."),
        ("When was my first swim?", "my first swim", "First walk by the lake."),
        ("When did I repaint the shed?", "repaint the shed", "Shed roof."),
    ],
)
def test_the_gate_refuses_a_verbless_sentence_missing_a_word(
    question: str, name: str, quote: str
) -> None:
    assert _gate(question, name, quote) < 0.85
