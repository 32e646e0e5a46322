"""A reply dates a thing's deed the other speaker asked about, not a deed of the answerer's.

Two shapes of a question closing the turn before, read by the one yes reader
(:func:`prme_cli.relate.interpret.answered_statement`, for the resolver and the gate alike):

- a past question about a thing's deed, its subject a noun phrase opened by "the" or
  "your": "Did the new sofa arrive?" — "Yes, on Thursday." tells "The new sofa arrived, on
  Thursday.";
- a thing named alone as a question, answered by a past verb with no subject: "The boiler?"
  — "Broke down again on Monday." tells "The boiler broke down again on Monday.".

Refused: a "no" or "not yet", a coming time ("Yes, next Friday"), a pronoun subject ("Did
she …?": whose deed is not told), a verb not in the past ("Arriving on Friday"), a verb with
an object of its own ("Sold it on Sunday" is the answerer's deed, not the thing's), a time
asked back ("Came yesterday?"), a reply that takes part of it back ("but"), and a question
nobody answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate import interpret
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-08-20T12:00", TZ)

NOTES = {
    "chat-lena-omar.org": """\
* Chat [2031-08-09 Sat 10:00]
** Omar
Morning! So, did the new sofa arrive?
** Lena
Yes, on Thursday. The cushions are still wrapped.
** Omar
Has your passport come back from the embassy?
** Lena
Yes, yesterday, finally.
** Omar
Did the plumber turn up?
** Lena
No, he cancelled again on Wednesday.
** Omar
Did the garden shed get delivered?
** Lena
Yes, next Friday.
** Omar
Did she sign the lease?
** Lena
Yes, on Tuesday.
** Omar
Did the heating bill come?
** Lena
Not yet.
""",
    "chat-sara-tom.org": """\
* Chat [2031-08-13 Wed 19:00]
** Tom
I'm back from Oslo. The boiler?
** Sara
Broke down again on Monday. The engineer comes tomorrow.
** Tom
Ugh. The parcel from your aunt?
** Sara
Came on Saturday? I think so.
** Tom
And your exam results?
** Sara
Arriving on Friday.
** Tom
The old bike?
** Sara
Sold it on Sunday, to a student.
** Tom
And the new fridge?
** Sara
Delivered yesterday, but it's the wrong colour.
** Tom
The spare key?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("thing-answers"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did the new sofa arrive?", "2031-08-07"),  # "Yes, on Thursday."
        ("When did Lena's passport come back?", "2031-08-08"),  # "Yes, yesterday, finally."
        ("When did the boiler break down?", "2031-08-11"),  # "Broke down again on Monday."
    ],
)
def test_a_reply_dates_the_things_deed_asked_before_it(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did the plumber turn up?",  # "No, he cancelled again on Wednesday."
        "When did the garden shed get delivered?",  # "Yes, next Friday."
        "When did Lena sign the lease?",  # "Did she …?": someone else's deed
        "When did the heating bill come?",  # "Not yet."
        "When did the parcel from Sara's aunt come?",  # "Came on Saturday?": asked back
        "When did Sara's exam results arrive?",  # "Arriving on Friday.": no past
        "When did the old bike sell?",  # "Sold it on Sunday": Sara's deed, with an object
        "When was the new fridge delivered?",  # "…, but it's the wrong colour."
        "When did Sara find the spare key?",  # a question nobody answers
    ],
)
def test_a_reply_that_does_not_tell_the_things_deed_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did the new sofa arrive?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("turn", "asked"),
    [
        ("Did the tiles arrive?", "the tiles arrived"),
        ("Okay. Has your parcel come through?", "my parcel came through"),
        ("Did the hotel refund you?", "the hotel refunded me"),
        ("Has the van arrived yet?", "the van arrived"),
        ("Did the new fitter finally come?", "the new fitter came"),
        ("The new amp?", "The new amp?"),
        ("What about the boiler?", "the boiler?"),
        ("And your bike?", "my bike?"),
    ],
)
def test_the_question_about_a_thing_is_kept_with_its_subject(turn: str, asked: str) -> None:
    assert interpret.closing_question(turn) == asked


@pytest.mark.parametrize(
    "turn",
    [
        "Did she sign the lease?",  # a pronoun: whose deed is not said
        "Did the man you met call?",  # a subject with a clause of its own
        "Did the tiles arrive or not?",  # a choice
        "My parcel?",  # the asker's own thing
        "The one you sold?",  # no thing named
        "The van broke?",  # a statement asked back, not a thing alone
    ],
)
def test_no_subject_is_kept_when_the_question_has_no_one_reading(turn: str) -> None:
    assert interpret.closing_question(turn) is None
