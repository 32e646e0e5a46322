"""Third-person questions over chats between two named friends, in the shape the corpus
converter writes them: one file per session, a top-level heading stamped with the session's
date, one child heading per turn whose title is the speaker's name.

The chats here are invented for these rules (they are not the ``pairs`` bench set's): a deed
one clause of a sentence denies ("I had tickets … but I didn't go"), a bare day of the month
that only a past report may read ("on the 25th"), and questions about a named person's plans
("When is Rosa moving …?").
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2032-06-20T20:00", TZ)


def session(stamp: str, *turns: tuple[str, str]) -> str:
    """One chat session as the corpus converter writes it: a dated heading, a child heading
    per turn titled with the speaker's name."""
    day = datetime.strptime(stamp, "%Y-%m-%d %H:%M")
    out = [f"#+TITLE: Chat of {day:%Y-%m-%d}", f"* Chat [{day:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return "\n".join(out) + "\n"


CHATS = {
    "s0.org": session(
        "2032-02-14 18:00",
        ("Rosa", "I had tickets for the jazz night on Thursday but I didn't go, I was too tired."),
        ("Ivo", "Shame! I went to the jazz night on Thursday and the trio was brilliant."),
        ("Rosa", "We booked the boat trip for Sunday, but in the end we never went on it."),
        ("Ivo", "I didn't want to go at first, but I went to the chess club on Tuesday."),
        ("Rosa", "I was meant to see the optician on Monday, and I skipped it."),
        ("Ivo", "My dentist appointment was on Wednesday, but I cancelled it."),
        ("Rosa", "The pub quiz was on Tuesday, but we missed it."),
        ("Ivo", "The pub quiz was on Thursday, and we loved it."),
        ("Rosa", "We went to the salsa evening on Friday and danced until midnight."),
    ),
    "s1.org": session(
        "2032-03-20 10:00",
        ("Ivo", "I'm having my wisdom teeth out on the 25th, wish me luck."),
        ("Rosa", "Good luck! I moved into the new flat on the 3rd, it's still full of boxes."),
        ("Ivo", "We're flying to Oslo on the 28th for my cousin's wedding."),
        ("Rosa", "My exam is on the 30th, I'm revising every evening."),
        ("Ivo", "I finally signed the lease on the 9th, so the studio is mine."),
        ("Rosa", "I painted the hallway on the 20th."),
    ),
    "s2.org": session(
        "2032-06-05 19:00",
        ("Rosa", "Big news: I'm moving to Lisbon next month, the job starts in August."),
        ("Ivo", "Wow! I'm going to run the harbour half marathon on Sunday the 27th."),
        ("Rosa", "I'd love to learn to sail next summer, if I can afford it."),
        ("Ivo", "I will start my pottery course on the 15th of June."),
        ("Rosa", "I'm thinking of adopting a dog next year, maybe."),
        ("Ivo", "I repainted my bike last week, it's bright green now."),
    ),
}


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("pairs"), CHATS, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def accepted(store: Store, question: str) -> dict[str, Any]:
    doc = ask(store, question)
    if doc["status"] != "accepted":
        pytest.fail(f"{doc['status']}: {doc['metadata'].get('explanation')}")
    return doc["value"]


# --------------------------------------------------------------------------- denied clauses


@pytest.mark.parametrize(
    "question",
    [
        "When did Rosa go to the jazz night?",  # "… but I didn't go"
        "When did Rosa go on the boat trip?",  # "… but in the end we never went on it"
        "When did Rosa see the optician?",  # "I was meant to …, and I skipped it"
        "When did Ivo have his dentist appointment?",  # "… was on Wednesday, but I cancelled it"
        "When did Rosa go to the pub quiz?",  # "… was on Tuesday, but we missed it"
    ],
)
def test_a_deed_another_clause_of_the_sentence_denies_is_refused(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the other speaker went: his sentence asserts it
        ("When did Ivo go to the jazz night?", "2032-02-12"),
        # the negation governs another verb ("didn't want to go"), the deed is asserted
        ("When did Ivo go to the chess club?", "2032-02-10"),
        # "the salsa evening on Friday": the part of the day names the event, the time is
        # "on Friday"
        ("When did Rosa go to the salsa evening?", "2032-02-13"),
        # the clause after it praises the quiz, it does not deny it
        ("When did Ivo go to the pub quiz?", "2032-02-12"),
    ],
)
def test_a_negation_of_another_verb_leaves_the_deed_told(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


# --------------------------------------------------------------------------- bare days


@pytest.mark.parametrize(
    "question",
    [
        "When did Ivo have his wisdom teeth out?",  # "I'm having … on the 25th": coming
        "When did Ivo fly to Oslo?",  # "We're flying to Oslo on the 28th"
        "When did Rosa take her exam?",  # "My exam is on the 30th": not a past report
    ],
)
def test_a_bare_day_of_the_month_outside_a_past_report_is_refused(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did Rosa move into the new flat?", "2032-03-03"),
        ("When did Ivo sign the lease?", "2032-03-09"),
    ],
)
def test_a_bare_day_of_the_month_in_a_past_report_is_the_latest_before_the_note(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


def test_a_bare_day_of_the_month_written_on_that_day_is_refused(chats: Store) -> None:
    # written on 20 March: "on the 20th" is that day or 20 February
    doc = ask(chats, "When did Rosa paint the hallway?")
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- plans


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("When is Rosa moving to Lisbon?", "Rosa"),
        ("When is Ivo going to run the half marathon?", "Ivo"),
        ("When will Noor and Pieter fly to Oslo?", "Noor and Pieter"),
        ("When am I seeing the dentist?", None),
    ],
)
def test_a_plan_question_is_framed_as_planned_for_its_subject(
    question: str, subject: str | None
) -> None:
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    assert frame is not None and frame.planned and frame.subject == subject


@pytest.mark.parametrize(
    "question", ["When is the pub quiz?", "When is Rosa's sister getting married?"]
)
def test_a_when_is_question_without_a_persons_progressive_is_no_plan(question: str) -> None:
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    assert frame is None or not frame.planned


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("When is Rosa moving to Lisbon?", {"date": "2032-07-01", "grain": "month"}),
        ("When is Ivo going to run the harbour half marathon?", {"date": "2032-06-27"}),
        ("When will Ivo run the harbour half marathon?", {"date": "2032-06-27"}),
        ("When is Ivo running the harbour half marathon?", {"date": "2032-06-27"}),
    ],
)
def test_a_named_persons_plan_is_answered_marked_planned(
    chats: Store, question: str, value: dict[str, Any]
) -> None:
    got = accepted(chats, question)
    assert got["planned"] is True
    for key, expected in value.items():
        assert got[key] == expected, got


@pytest.mark.parametrize(
    "question",
    [
        "When is Ivo moving to Lisbon?",  # Rosa's plan, not Ivo's
        "When is Rosa going to learn to sail?",  # "I'd love to … if I can afford it": a wish
        "When is Rosa adopting a dog?",  # "thinking of …, maybe"
        "When is Ivo going to repaint his bike?",  # done last week: no plan
        "When will Ivo start his pottery course?",  # the 15th of June read back: before the note
        "When did Rosa move to Lisbon?",  # a plan asked as done
    ],
)
def test_a_plan_question_is_refused_without_the_persons_own_coming_plan(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]
