"""A reply's "it", "one" or left-out object stands for the thing the other speaker just asked about.

"How was the driving test?" — "I failed it on Tuesday.": the reply opens its turn, and the
thing its pronoun (or its verb told without an object, "And the pottery course?" — "I started
last Wednesday") stands for is the thing the question closing the turn before names. The
deed, the subject and the time are the reply's own; only the thing comes from the question.
Refused: another deed on the thing, the asker's own thing ("How's my bike?"), someone else's
thing ("How was Tom's interview?"), a deed told by someone else ("My sister booked it"), a reply that names another thing, a plan or a negated
deed, a time said only in the question, the other speaker asked about, and a reply whose
pronoun stands in a later sentence after another thing was brought in. The resolver and the
gate each read the turn before by their own method (the gate: :mod:`gate`'s own reading of
the question sentence).
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
NOW = parse_now("2031-05-30T12:00", TZ)

NOTES = {
    "chat-maya-jonas.org": """\
* Chat [2031-05-22 Thu 19:00]
** Jonas
Hey! How was the driving test?
** Maya
I failed it on Tuesday. The parallel parking got me.
** Jonas
Oh no. Everyone fails the first one.
** Maya
Thanks. How's the kitchen going?
** Jonas
Slowly. The tiler comes next week.
""",
    "chat-lena-karim.org": """\
* Chat [2031-05-25 Sun 10:00]
** Lena
Morning! And the pottery course?
** Karim
I started last Wednesday, my first bowl is a disaster.
** Lena
Ha. Did anything happen with the old boiler?
** Karim
We finally replaced it on Friday, the flat is warm again.
** Lena
Good. How's my bike, by the way?
** Karim
I fixed it yesterday, the chain was loose.
""",
    "chat-noor-pieter.org": """\
* Chat [2031-05-27 Tue 20:00]
** Noor
Any luck with a new kettle?
** Pieter
I bought one on Sunday, a red one.
** Noor
How did Tom's interview go?
** Pieter
He had it on Monday, he thinks it went well.
** Noor
Was the fence painted on Saturday?
** Pieter
I painted it, yes. It took hours.
""",
    "chat-ines-omar.org": """\
* Chat [2031-05-28 Wed 18:00]
** Ines
So, the dentist appointment?
** Omar
I'm having it on Friday, wish me luck.
** Ines
And the new passport?
** Omar
I didn't collect it on Monday, the office was shut.
** Ines
What about the guitar lessons?
** Omar
I stopped going. My neighbour sold me an amp and I plugged it in on Sunday.
** Ines
And the tax form?
** Omar
I took up running instead, I started on Monday.
** Ines
And the marathon?
** Omar
I ran on Sunday, but only the first 10k.
""",
    "chat-lucia-ben.org": """\
* Chat [2031-05-29 Thu 21:00]
** Ben
Did you make up your mind about Copenhagen?
** Lucía
I booked it on Monday, five days in June.
** Ben
Nice! Any news on Porto?
** Lucía
My sister booked it on Friday, she goes in July.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("thing-asked-before"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date", "said"),
    [
        # "it" for the thing the question names
        ("When did Maya fail her driving test?", "2031-05-20", "I failed it on Tuesday."),
        # "it" after "we", the question's thing with a describing word
        ("When did Karim replace the old boiler?", "2031-05-23", "replaced it on Friday"),
        # the verb told without its object
        ("When did Karim start the pottery course?", "2031-05-21", "I started last Wednesday"),
        # "one" for a thing of the kind asked about
        ("When did Pieter buy a new kettle?", "2031-05-25", "I bought one on Sunday"),
        # a name the question closes on
        ("When did Lucía book her trip to Copenhagen?", "2031-05-26", "I booked it on Monday"),
    ],
)
def test_the_reply_tells_the_deed_on_the_thing_asked_about(
    store: Store, question: str, date: str, said: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    assert said in doc["metadata"]["operands"][0]["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "When did Maya pass her driving test?",  # "I failed it": another deed on it
        "When did Jonas fail his driving test?",  # the asker is not the one who failed
        "When did Karim fix his bike?",  # "How's my bike?": the asker's bike
        "When did Lena's bike get fixed by her?",  # nor the asker's deed
        "When did Pieter have his interview?",  # "Tom's interview": Tom's, told by "he"
        "When did Pieter paint the fence?",  # the time is the question's, not the reply's
        "When did Omar go to the dentist appointment?",  # "I'm having it on Friday": a plan
        "When did Omar collect the new passport?",  # "I didn't collect it"
        "When did Omar plug in the guitar?",  # "it" is the amp brought in before it
        "When did Omar start the tax form?",  # the reply's verb has its own object
        "When did Omar run the marathon?",  # "I ran on Sunday, but only the first 10k"
        "When did Lucía book her trip to Porto?",  # "My sister booked it": the sister's deed
        "When did Ben book his trip to Copenhagen?",  # the asker's name, not the answerer's
    ],
)
def test_a_reply_that_does_not_tell_the_deed_on_that_thing_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Maya fail her driving test?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


def test_the_gate_reads_the_question_before_by_its_own_method() -> None:
    """The gate alone: the reply's quote with and without the question turn packed before
    it. Without the question the thing is not there; with it, the gate accepts; with a
    question naming the asker's own thing it does not."""
    from notes_helpers import GATE_THRESHOLD

    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import EvidenceRecord, Operand, ProviderAudit, Resolution

    def probability(question_turn: str, reply: str, name: str, expression: str) -> float:
        before = EvidenceRecord(
            id="t0", event_time=None, text=f"** Jonas\n{question_turn}", title="Jonas"
        )
        record = EvidenceRecord(
            id="t1",
            event_time=NOW.replace(tzinfo=None),
            text=f"** Maya\n{reply}",
            title="Maya",
            previous="t0",
        )
        operand = Operand(name, "t1", f"* Maya\n{reply}", expression, "text_expression")
        resolution = Resolution("absolute_date", (operand,), ())
        verdict = SymbolicGate().evaluate(
            f"When did Maya {name}?",
            resolution,
            {"t0": before, "t1": record},
            ProviderAudit("symbolic"),
        )
        return verdict.probabilities[0]

    reply = "I sold it on Tuesday, for a good price."
    assert probability("How's the old piano?", reply, "sell her old piano", "on Tuesday") >= (
        GATE_THRESHOLD
    )
    assert probability("Nice weather today.", reply, "sell her old piano", "on Tuesday") < (
        GATE_THRESHOLD
    )
    assert probability("How's my old piano?", reply, "sell her old piano", "on Tuesday") < (
        GATE_THRESHOLD
    )
    assert probability("How's the old piano?", reply, "tune her old piano", "on Tuesday") < (
        GATE_THRESHOLD
    )
