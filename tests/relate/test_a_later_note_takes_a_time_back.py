"""A time a later note of the writer's takes back dates nothing.

"Picked the first courgettes on Wednesday" in one day's entry, and the next day's: "No, I
got it wrong yesterday: the courgettes were Thursday, not Wednesday." The ninth unseen
round's first run answered Wednesday: corrections were read within a sentence, in the
next sentence and in a chat speaker's later turns, never in a later note of a journal. A
sentence of a note written later (a later day's file or entry, or further down the same
file) takes the time back when it opens with a strong correction ("Correction:", "I had
it wrong", "Actually") and gives another time, or puts another time before "not <the
cited time>", and when it names a word of the event. Neither time is read (the
correction's clause need not tell the deed). A later note about something else, one that
corrects nothing, and an earlier note leave the answer; the gate, by its own reading of
the later notes, refuses the time whatever the resolver did.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, notes_store, refused
from notes_helpers import ask as ask_notes

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, ProviderAudit, Resolution
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T20:00", TZ)
# Wednesday 14 May 2031: Monday the 12th, Tuesday the 13th; Friday 16 May, Saturday 17 May.

NOTES = {
    # org-roam dailies: the correction in the next day's file
    "2031-05-14.org": "#+title: 2031-05-14\n"
    "Picked the first strawberries on Monday, a whole bowl of them.\n"
    "Fixed the shed door on Tuesday, finally.\n",
    "2031-05-15.org": "#+title: 2031-05-15\n"
    "I had it wrong yesterday: the strawberries were Tuesday, not Monday.\n"
    "Actually, the shed door still sticks a bit.\n",
    # a datetree: the correction two days on, with no cue but "not <the time>"
    "journal.org": "* 2031\n** 2031-05 May\n*** 2031-05-17 Saturday\n"
    "Collected the new glasses yesterday, they are much lighter.\n"
    "Took the ferry to Mull on Thursday with Ros.\n"
    "*** 2031-05-19 Monday\n"
    "The new glasses were Thursday, not yesterday - the optician's receipt says so.\n"
    "Dentist moved to Tuesday, not Thursday.\n",
    # a correction written before the deed's note corrects nothing of it
    "notes.org": "* Garden log\n** [2031-05-10 Sat] Chillies\n"
    "Sowed the chillies on Friday, not Thursday as I had planned.\n"
    "** [2031-05-11 Sun] Greenhouse\n"
    "Repotted the chillies on Thursday, two to a pot.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("later-note"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I pick the first strawberries?",
        "When did I collect the new glasses?",
    ],
)
def test_a_time_a_later_note_takes_back_dates_nothing(store: Store, question: str) -> None:
    refused(ask(store, question))


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I fix the shed door?", "2031-05-13"),  # "Actually, … still sticks": no time
        ("When did I take the ferry to Mull?", "2031-05-15"),  # the dentist's "not Thursday"
        ("When did I repot the chillies?", "2031-05-08"),  # an earlier note's "not Thursday"
    ],
)
def test_a_later_note_that_takes_nothing_back_leaves_the_date(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def _gate(cited: str, later: str, name: str, expression: str, *, later_title: str = "") -> float:
    records = [
        EvidenceRecord(
            id="a", event_time=datetime(2031, 5, 14), text=cited, title="2031-05-14", file="a.org"
        ),
        EvidenceRecord(
            id="b",
            event_time=datetime(2031, 5, 15),
            text=later,
            title=later_title or "2031-05-15",
            file="b.org",
        ),
    ]
    quote = cited.splitlines()[-1]
    operand = Operand(name, "a", quote, expression, "text_expression")
    verdict = SymbolicGate().evaluate(
        f"When did I {name}?",
        Resolution("absolute_date", (operand,)),
        {r.id: r for r in records},
        ProviderAudit("symbolic"),
    )
    return verdict.probabilities[0]


@pytest.mark.parametrize(
    "later",
    [
        "No, I got it wrong yesterday: the strawberries were Tuesday, not Monday.",
        "Correction: I picked the strawberries on Tuesday.",
        "The first strawberries were picked on Tuesday, not on Monday.",
    ],
)
def test_the_gate_refuses_a_time_a_later_note_takes_back(later: str) -> None:
    cited = "#+title: 2031-05-14\nPicked the first strawberries on Monday, a whole bowl."
    assert _gate(cited, later, "pick the first strawberries", "on Monday") < GATE_THRESHOLD


@pytest.mark.parametrize(
    "later",
    [
        "Dentist moved to Tuesday, not Monday.",  # another event
        "Actually, the strawberries were sour.",  # no time given
        "Made jam with the strawberries on Tuesday.",  # no correction
    ],
)
def test_the_gate_keeps_a_time_no_later_note_takes_back(later: str) -> None:
    cited = "#+title: 2031-05-14\nPicked the first strawberries on Monday, a whole bowl."
    assert _gate(cited, later, "pick the first strawberries", "on Monday") >= GATE_THRESHOLD
