"""relate: a deed is not another deed on the same object.

A question names a deed ("When did Elif buy the Yaris?") and the notes tell another deed
done to the same thing ("I test-drove a Yaris yesterday!"): a test drive, a viewing, a
fitting, an application, a booking, a pre-order, a plan. Such a sentence must not answer:
the resolver refuses it on its own (its alignment reads the clause's verb: a compound or
prefixed verb, a verb whose aim the thing is, a deed of arranging, looking at or trying),
and so does the gate (see ``test_gate_reads_a_deed_of_its_own.py``). The near misses stay
answered: the asked deed told beside the other ("bought it outright after the test
drive"), the deed asked as told ("When did I sign up for the gym?"), a synonym the
project already reads as the same deed ("joined the gym", "picked up the van").

Invented notes in three shapes: a LongMemEval-style session (user and assistant turns), a
two-person chat asked in the third person, and a datetree journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2036-07-01T20:00", TZ)

SESSION = """\
#+TITLE: Chat of 2036-03-09
* Chat [2036-03-09 Sun 11:00]
** user
I test-drove a Skoda Fabia yesterday, the seats were firm. Is firm good for long drives?
** assistant
Firm seats usually tire you less on long drives.
** user
Also I tried on a wool coat at Hartley's on Friday, but the sleeves were short.
** assistant
Sleeves can often be let down by a tailor.
** user
We viewed a cottage on Mill Lane this morning, the garden is lovely.
** assistant
A lovely garden is worth a lot.
"""

CHAT = """\
#+TITLE: Ines and Tariq
* Session 1 [2036-04-12 Sat 19:00]
** Ines
I applied for the curator job at the Whitworth on Wednesday!
** Tariq
Amazing. I pre-ordered the new camera on Thursday, it ships in May.
** Ines
Fancy. Did you book the trip to Oslo yet?
** Tariq
I booked the train to Oslo yesterday, it leaves in June.
* Session 2 [2036-04-26 Sat 18:30]
** Tariq
I bought the Fabia-sized hatchback, a Polo, outright on Thursday after test-driving it twice.
** Ines
Congratulations! I joined the climbing gym on Monday, finally.
** Tariq
I picked up the tripod from the shop yesterday.
"""

JOURNAL = """\
* 2036
** 2036-05 May
*** 2036-05-17 Saturday
House-hunted in Chorlton all morning, three damp terraces.
Signed up for the pottery course at the arts centre.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"session.org": SESSION, "chat.org": CHAT, "journal.org": JOURNAL}
    yield from notes_store(tmp_path_factory.mktemp("deeds"), notes, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


#: Questions whose only evidence tells another deed on the thing asked about.
MISMATCHED = [
    "When did I buy the Skoda Fabia?",  # test-drove it
    "When did I buy the wool coat?",  # tried it on
    "When did we buy the cottage on Mill Lane?",  # viewed it
    "When did Ines get the curator job at the Whitworth?",  # applied for it
    "When did Tariq get the new camera?",  # pre-ordered it
    "When did Tariq take the train to Oslo?",  # booked it
    "When did I buy a house in Chorlton?",  # house-hunted there
]


@pytest.mark.parametrize("question", MISMATCHED)
def test_another_deed_on_the_thing_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc.get("value")


@pytest.mark.parametrize("question", MISMATCHED)
def test_the_resolver_refuses_on_its_own(
    store: Store, question: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # with a gate that accepts every operand, the resolver's own reading must refuse
    from prme_cli.relate.symbolic import gate
    from prme_cli.relate.types import GateVerdict

    def accept_all(self: object, question: str, resolution: Any, *_: Any) -> GateVerdict:
        return GateVerdict(tuple(1.0 for _ in resolution.operands))

    monkeypatch.setattr(gate.SymbolicGate, "evaluate", accept_all)
    monkeypatch.setattr(gate.SymbolicGate, "check", lambda *_: gate.OperandCheck(1, 1, 1, ()))
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc.get("value")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the deed asked as told
        ("When did I test-drive the Skoda Fabia?", "2036-03-08"),
        ("When did I try on the wool coat?", "2036-03-07"),
        ("When did Ines apply for the curator job at the Whitworth?", "2036-04-09"),
        ("When did Tariq pre-order the new camera?", "2036-04-10"),
        ("When did Tariq book the train to Oslo?", "2036-04-11"),
        ("When did I sign up for the pottery course?", "2036-05-17"),
        # the asked deed told beside the other one
        ("When did Tariq buy the Polo?", "2036-04-24"),
        # synonyms the project reads as one deed
        ("When did Ines sign up for the climbing gym?", "2036-04-21"),
        ("When did Tariq pick up the tripod?", "2036-04-25"),
    ],
)
def test_the_deed_told_is_answered(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
