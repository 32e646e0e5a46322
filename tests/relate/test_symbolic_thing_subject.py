"""Questions whose subject is a thing or another person, not the asker.

"When did the new toaster arrive?", "How many days ago did the package come?", "When did my
cousin visit?", "… between the locksmith's visit and the gate's repair?", "Which arrived first,
the bookcase or the armchair?": the question names a doer by a noun phrase; the resolver must
cite a sentence in which that doer does or undergoes the verb, and refuse plans, negations,
pronouns it cannot resolve and sentences where somebody else is the doer. The notes are
invented here; each case uses different things and people.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from test_symbolic_resolver import accepted_value, resolve

from prme_cli.relate.symbolic import question
from prme_cli.relate.types import EvidenceRecord


def note(rid: str, day: int, body: str) -> EvidenceRecord:
    """A journal note written on 2026-11-<day> at 09:00."""
    return EvidenceRecord(
        rid, datetime(2026, 11, day, 9, 0), f"* Journal\n[2026-11-{day:02d} 09:00]\n{body}"
    )


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("text", "operation", "name", "doer"),
    [
        ("When did the new lamp arrive?", "absolute_date", "the new lamp arrive", "the new lamp"),
        ("What date did my nephew visit?", "absolute_date", "my nephew visit", "my nephew"),
        (
            "When did the water heater break?",
            "absolute_date",
            "the water heater break",
            "the water heater",
        ),
        (
            "How many days ago did the courier come?",
            "elapsed_since_question",
            "the courier come",
            "the courier",
        ),
        (
            "How many weeks ago did my neighbour move to Bristol?",
            "elapsed_since_question",
            "my neighbour move to Bristol",
            "my neighbour",
        ),
        ("When was the sofa delivered?", "absolute_date", "the sofa delivered", "the sofa"),
    ],
)
def test_a_noun_phrase_subject_is_parsed_with_its_verb(
    text: str, operation: str, name: str, doer: str
) -> None:
    frame = question.parse(text)
    assert frame is not None
    assert frame.operation == operation
    assert frame.subject is None
    (phrase,) = frame.phrases
    assert (phrase.text, phrase.doer) == (name, doer)
    assert phrase.text in text  # the operand name stays verbatim


def test_an_owned_event_and_the_options_of_an_intransitive_order_name_their_doers() -> None:
    frame = question.parse(
        "How many days passed between the electrician's visit and the fridge's repair?"
    )
    assert frame is not None
    assert [(p.text, p.doer) for p in frame.phrases] == [
        ("the electrician's visit", "the electrician"),
        ("the fridge's repair", "the fridge"),
    ]
    frame = question.parse("Which arrived first, the sofa or the rug?")
    assert frame is not None and frame.operation == "order"
    assert [(p.text, p.doer, p.shared) for p in frame.phrases] == [
        ("the sofa", "the sofa", "arrived"),
        ("the rug", "the rug", "arrived"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Which did I buy first, the sofa or the rug?",  # the asker's deed; the options are objects
        "Which happened first, the recital or the fete?",  # events, not doers
        "Which was delivered first, the sofa or the rug?",  # a passive: not read as a deed
    ],
)
def test_options_that_are_not_doers_keep_the_old_reading(text: str) -> None:
    frame = question.parse(text)
    assert frame is not None
    assert all(p.doer == "" for p in frame.phrases)


@pytest.mark.parametrize(
    "text",
    [
        "When did the big storm?",  # no verb after the name: not guessed at
        "When did the last time I swam?",  # a frame word in the name
    ],
)
def test_a_noun_phrase_without_a_verb_is_not_parsed(text: str) -> None:
    assert question.parse(text) is None


# ------------------------------------------------------------------ accepted


def test_when_did_a_thing_arrive() -> None:
    records = (
        note("d20", 20, "The new toaster arrived this morning. It has four slots."),
        note("d12", 12, "Ordered a toaster and a kettle online."),
    )
    q = "When did the new toaster arrive?"
    res = resolve(q, *records)
    assert res.operation == "absolute_date", res.explanation
    (op,) = res.operands
    assert (op.name, op.evidence_id, op.time_expression) == (
        "the new toaster arrive",
        "d20",
        "this morning",
    )
    assert accepted_value(q, res, records)["date"] == "2026-11-20"


def test_how_long_ago_a_package_came_told_with_an_everyday_verb() -> None:
    records = (note("d18", 18, "The package came yesterday, two days late."),)
    q = "How many days ago did the package arrive?"
    res = resolve(q, *records)
    assert res.operation == "elapsed_since_question", res.explanation
    assert res.operands[0].time_expression == "yesterday"
    assert accepted_value(q, res, records)["days"] == 12  # 17 November to 29 November


def test_when_did_a_relative_visit() -> None:
    records = (
        note("d16", 16, "My cousin visited on Saturday and we walked the canal."),
        note("d09", 9, "I visited my aunt on Sunday."),
    )
    q = "When did my cousin visit?"
    res = resolve(q, *records)
    assert res.operation == "absolute_date", res.explanation
    assert res.operands[0].evidence_id == "d16"
    assert accepted_value(q, res, records)["date"] == "2026-11-14"


def test_between_two_owned_events() -> None:
    records = (
        note("d10", 10, "The locksmith visited yesterday to measure the gate."),
        note("d14", 14, "The gate was repaired on Thursday, it swings freely now."),
    )
    q = "How many days passed between the locksmith's visit and the gate's repair?"
    res = resolve(q, *records)
    assert res.operation == "elapsed_between", res.explanation
    assert [o.evidence_id for o in res.operands] == ["d10", "d14"]
    assert accepted_value(q, res, records)["days"] == 3  # 9 November to 12 November


def test_which_thing_arrived_first() -> None:
    records = (
        note("d03", 3, "The bookcase arrived today, in four boxes."),
        note("d07", 7, "The armchair arrived this afternoon."),
    )
    q = "Which arrived first, the bookcase or the armchair?"
    res = resolve(q, *records)
    assert res.operation == "order", res.explanation
    assert accepted_value(q, res, records)["order"] == ["the bookcase", "the armchair"]


# ------------------------------------------------------------------ refused


@pytest.mark.parametrize(
    ("q", "body"),
    [
        # a plan, in several wordings
        ("When did the package arrive?", "The package should arrive on Friday."),
        ("When did the parcel arrive?", "The parcel is due to arrive on Friday."),
        ("When did the printer arrive?", "The printer will arrive on Friday."),
        # a negation
        ("When did the new kettle arrive?", "The kettle hasn't arrived yet, it was due yesterday."),
        ("When did the scanner arrive?", "The scanner didn't arrive yesterday."),
        # somebody else is the doer
        ("When did my cousin visit?", "I visited my cousin on Saturday."),
        ("When did my godson visit?", "The vet visited my godson on Saturday."),
        ("When did my niece visit?", "My brother visited on Saturday."),
        ("When did the mattress arrive?", "The pillows arrived yesterday."),
        (
            "How many days passed between the roofer's visit and the chimney's repair?",
            "I visited the roofer on Monday. The chimney was repaired on Thursday.",
        ),
        # a pronoun the resolver does not resolve, and a deed on the thing that is not the verb
        ("When did the blender arrive?", "It arrived yesterday."),
        ("When did the heater arrive?", "I ordered the heater yesterday."),
    ],
)
def test_refused(q: str, body: str) -> None:
    res = resolve(q, note("d20", 20, body))
    assert res.operation == "unsupported", res
    assert res.operands == ()


def test_an_order_refuses_when_one_option_did_not_do_the_verb() -> None:
    records = (
        note("d03", 3, "The desk lamp arrived yesterday."),
        note("d05", 5, "I assembled the footstool on Monday."),
    )
    res = resolve("Which arrived first, the desk lamp or the footstool?", *records)
    assert res.operation == "unsupported"
