"""A question's deed told with a light verb ("have my baby", "get the car", "have the
puppy") is told only by that deed (or a sense of it), never by another verb acting on the
same noun ("visited Noa and the baby", "held the baby", "drove the car", "walked the puppy").

The unseen sessions4 set had "When did I have my baby?" answered from "I visited Noa and the
baby yesterday": the light verb "have" carries no content word, so the sentence's "baby"
alone matched, and the gate read only the first object of the coordinated "Noa and the
baby". Every object of a coordinated object is now read, in the resolver and in the gate.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, ask, chat_session, gate_verdict, notes_store

from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2038-11-20T19:00", TZ)

NOTES = {
    # an org-roam daily
    "2038-08-21.org": """#+title: 2038-08-21

I visited Noa and the baby yesterday with the frozen meals.
""",
    # a datetree journal
    "journal.org": """* 2038
** 2038-09 September
*** 2038-09-12 Sunday
On Tuesday I drove Ivo and the new car to Leeds; the clutch is stiff.
*** 2038-09-19 Sunday
I photographed Ines and the twins at the hospital yesterday.
""",
    # a chat session with an assistant, one heading per turn
    **chat_session(
        ("user", "Busy weekend. I scrubbed the patio and the barbecue yesterday."),
        ("assistant", "A clean grill makes a difference. Soapy water and a brass brush work well."),
        ("user", "And we had the barbecue on Wednesday, twelve of us in the end."),
        stamp=datetime(2038, 10, 3, 11, 0),
    ),
    # a plain prose note
    "family.org": """#+title: Family
#+date: [2038-10-20 Wed]

We had the housewarming on Monday, the whole street came.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("light-deeds"), NOTES, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I have my baby?",  # visited Noa and the baby
        "When did we have the twins?",  # photographed Ines and the twins
        "When did I get the new car?",  # drove Ivo and the new car
    ],
)
def test_another_verb_on_the_thing_does_not_answer_a_light_deed(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did we have the housewarming?", "2038-10-18"),  # Monday before Wed 20th
        # had on Wednesday; the scrubbing on Saturday is no rival
        ("When did we have the barbecue?", "2038-09-29"),
        ("When did I scrub the barbecue?", "2038-10-02"),
        ("When did I visit Noa?", "2038-08-20"),
        ("When did I visit the baby?", "2038-08-20"),  # every object of the deed is read
        ("When did I drive to Leeds?", "2038-09-07"),  # Tuesday before Sun 12th
    ],
)
def test_the_deed_itself_or_its_own_verb_answers(store: Store, question: str, day: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def _gate(question: str, name: str, sentence: str, expression: str) -> float:
    text = f"#+title: 2038-08-21\n\n{sentence}\n"
    record = EvidenceRecord(
        "d", datetime(2038, 8, 21), text, title="2038-08-21", event_source="filename"
    )
    operand = Operand(name, "d", sentence, expression, "text_expression")
    return min(gate_verdict(question, record, operand))


@pytest.mark.parametrize(
    ("name", "sentence", "expression"),
    [
        ("have my baby", "And I visited Noa and the baby yesterday with the meals.", "yesterday"),
        ("have my baby", "I held my nephew and the new baby on Saturday.", "Saturday"),
        ("have the baby", "We visited the baby on Sunday.", "Sunday"),
        ("get the new car", "Drove Ivo and the new car to Leeds on Tuesday.", "Tuesday"),
        ("get the puppy", "Walked the dog and the puppy along the canal on Friday.", "Friday"),
        ("buy the new house", "We saw the garden and the new house on Saturday.", "Saturday"),
        # the name's verb as the noun another verb acts on
        ("graduate", "I photographed the graduates on Saturday.", "Saturday"),
    ],
)
def test_the_gate_refuses_another_verb_on_any_of_the_objects(
    name: str, sentence: str, expression: str
) -> None:
    assert _gate(f"When did I {name}?", name, sentence, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("name", "sentence", "expression"),
    [
        ("have my baby", "I had my baby on Thursday, a little girl.", "Thursday"),
        ("get the puppy", "We got the puppy on Wednesday, a spaniel.", "Wednesday"),
        ("visit the baby", "And I visited Noa and the baby yesterday with the meals.", "yesterday"),
        ("get the new car", "Bought the new car on Tuesday.", "Tuesday"),
        ("graduate", "I finally graduated on Saturday.", "Saturday"),
    ],
)
def test_the_gate_passes_the_deed_itself(name: str, sentence: str, expression: str) -> None:
    assert _gate(f"When did I {name}?", name, sentence, expression) >= GATE_THRESHOLD
