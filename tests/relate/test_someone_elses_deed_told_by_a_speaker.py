"""A deed a speaker tells of someone else ("My sister had the baby on Sunday") is theirs.

It answers questions about that person ("When did Ottilie's sister have the baby?", "When
did Priti fly to Toronto?") and never about the speaker ("When did Ottilie have the
baby?"), also when the deed is a light verb with its noun ("had the baby", "had a checkup",
"took his driving test"), whose doer is the subject of that verb. Uncontracted forms only
("My sister had …", "Dad took …"); "Chiara's getting married" is another reading. The gate
checks by its own reading of the cited clause's subject.
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
NOW = parse_now("2031-08-20T12:00", TZ)

NOTES = {
    "chat-ottilie-rashid.org": """\
* Chat [2031-08-14 Thu 10:00]
** Rashid
Any news?
** Ottilie
My sister had the baby on Sunday, a girl.
** Rashid
Wonderful! My dad had a checkup on Monday, all fine. I had a haircut on Tuesday.
** Ottilie
And Priti flew to Toronto on Tuesday. My brother Felix took his driving test yesterday.
** Rashid
Our neighbour had a fall on Saturday, he's fine now. Sam had lunch with me on Friday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("someone-elses-deed"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ottilie's sister have the baby?", "2031-08-10"),
        ("When did Rashid's dad have a checkup?", "2031-08-11"),
        ("When did Rashid have a haircut?", "2031-08-12"),  # his own, beside his dad's
        ("When did Priti fly to Toronto?", "2031-08-12"),
        ("When did Felix take his driving test?", "2031-08-13"),
        ("When did Rashid have lunch with Sam?", "2031-08-08"),  # "Sam had lunch with me"
    ],
)
def test_the_deed_is_the_one_it_is_told_of(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Ottilie have the baby?",  # her sister did
        "When did Rashid have a checkup?",  # his dad did
        "When did Rashid have a fall?",  # the neighbour did
        "When did Ottilie fly to Toronto?",  # Priti did
        "When did Ottilie take her driving test?",  # her brother did
    ],
)
def test_the_speaker_is_not_the_doer_of_a_deed_told_of_another(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Ottilie's sister have the baby?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("quote", "accepted"),
    [
        ("* Ottilie\nI had the baby on Sunday, a girl.", True),
        ("* Ottilie\nFinally had the baby on Sunday, a girl.", True),
        ("* Ottilie\nMy sister had the baby on Sunday, a girl.", False),
        ("* Ottilie\nHer partner had the baby on Sunday, a girl.", False),
        ("* Ottilie\nMy partner and I had the baby on Sunday, a girl.", True),
    ],
)
def test_the_gate_reads_whose_clause_it_is(quote: str, accepted: bool) -> None:
    """The gate alone: the cited clause's subject must be the one asked about."""
    from notes_helpers import GATE_THRESHOLD, turn_gate_probability

    p = turn_gate_probability(
        "When did Ottilie have the baby?",
        quote,
        "have the baby",
        "on Sunday",
        speaker="Ottilie",
        written=NOW.replace(tzinfo=None),
    )
    assert (p >= GATE_THRESHOLD) is accepted, p


def test_a_question_about_the_person_of_the_writers_is_answered_by_the_gate() -> None:
    """In one's own notes "my sister" is whom "When did my sister …?" asks about."""
    from notes_helpers import GATE_THRESHOLD, gate_probability

    told = "My sister had the baby on Sunday, a girl."
    assert gate_probability(told, "my sister have the baby", "on Sunday") >= GATE_THRESHOLD
    assert gate_probability(told, "have the baby", "on Sunday") < GATE_THRESHOLD
    married = "My sister got married in May."
    assert gate_probability(married, "get married", "in May") < GATE_THRESHOLD
    assert gate_probability(married, "my sister get married", "in May") >= GATE_THRESHOLD
    visit = "My sister Hanna visited me this weekend."
    assert gate_probability(visit, "my sister's visit", "this weekend") >= GATE_THRESHOLD


# A speaker tells their own deeds with "I": a "he", "she" or "they" doer is someone else.

PRONOUN_NOTES = {
    "chat-anh-ruby.org": """\
* Chat [2031-08-14 Thu 10:00]
** Ruby
How's your mum doing? And is your dad still selling the boat?
** Anh
She had her knee replaced on Monday, already bossing the nurses. Then he sold the boat
on Tuesday, to a man from Hobart.
** Ruby
Ha! And your cousins?
** Anh
They moved into the new flat on Saturday. I painted my studio on Sunday, finally.
** Ruby
Lena rang me. She had her baby on Wednesday!
""",
}


@pytest.fixture(scope="module")
def pronoun_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("third-person"), PRONOUN_NOTES, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did Anh have her knee replaced?",  # her mum did
        "When did Anh sell the boat?",  # her dad did
        "When did Anh move into the new flat?",  # her cousins did
    ],
)
def test_a_third_person_doer_in_the_speakers_own_turn_is_someone_else(
    pronoun_store: Store, question: str
) -> None:
    doc = ask_notes(pronoun_store, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Anh paint her studio?", "2031-08-10"),  # her own "I"
        ("When did Lena have her baby?", "2031-08-13"),  # "Lena rang me. She had …"
    ],
)
def test_the_speakers_own_deed_and_a_named_ones_stay_answered(
    pronoun_store: Store, question: str, date: str
) -> None:
    doc = ask_notes(pronoun_store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "accepted"),
    [
        ("* Anh\nShe had her knee replaced on Monday.", False),
        ("* Anh\nThen she had her knee replaced on Monday.", False),
        ("* Anh\nThey had her knee replaced on Monday.", False),
        ("* Anh\nI had my knee replaced on Monday.", True),
        ("* Anh\nFinally had my knee replaced on Monday.", True),
    ],
)
def test_the_gate_reads_a_third_person_subject_as_not_the_speaker(
    quote: str, accepted: bool
) -> None:
    from notes_helpers import GATE_THRESHOLD, turn_gate_probability

    p = turn_gate_probability(
        "When did Anh have her knee replaced?",
        quote,
        "have her knee replaced",
        "on Monday",
        speaker="Anh",
        written=NOW.replace(tzinfo=None),
    )
    assert (p >= GATE_THRESHOLD) is accepted, p


@pytest.mark.parametrize(
    ("question", "name", "quote", "expression"),
    [
        # word reaching the speaker: "they" acted on "me"
        (
            "When did Anh get the job?",
            "get the job",
            "* Anh\nI got the job! They rang me on Monday.",
            "on Monday",
        ),
        # a heading named for the person, whose body names her before "she"
        (
            "When did Lena start her new job?",
            "start her new job",
            "* Lena\nLena called: she started her new job on Monday.",
            "on Monday",
        ),
    ],
)
def test_a_third_person_that_stands_for_the_one_asked_or_acts_on_the_speaker_passes(
    question: str, name: str, quote: str, expression: str
) -> None:
    from notes_helpers import GATE_THRESHOLD, turn_gate_probability

    speaker = quote.split("\n", 1)[0].lstrip("* ")
    p = turn_gate_probability(
        question, quote, name, expression, speaker=speaker, written=NOW.replace(tzinfo=None)
    )
    assert p >= GATE_THRESHOLD, p
