"""A yes to the other speaker's past question tells the asked deed as the answerer's own.

"Did you sign the contract?" — "Yes, on Friday!": the turn that opens with the yes is read as
the statement it makes, "I signed the contract, on Friday!", and the question's past tense is
the bare weekday's. Only a question closing the turn just before (packed, by another
speaker, "Did you …?" or "Have you …?") is answered, and only by a yes that opens the turn;
"Yes, but I didn't …", "Yes, I will on Monday", a yes with no time, a no, a question about
someone else ("Did she …?") and a turn answering its own speaker date nothing. The quote is
the answer as written; validation and the gate read the question from the record
(``EvidenceRecord.asked``). Notes: two people's chat (third-person questions), a chat with
an assistant (first person), a "Have you …?" question.
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
NOW = parse_now("2031-03-20T12:00", TZ)

NOTES = {
    "chat-ines-omar.org": """\
* Chat [2031-03-15 Sat 10:00]
** Ines
I finally picked a venue for the party.
** Omar
Nice! Did you book the caterer too?
** Ines
Yeah, I did, two days ago. They do great tapas.
** Omar
Great.
** Ines
Did you renew your passport?
** Omar
Yes, but I didn't collect it yesterday, the office was closed.
** Ines
Oh no. Have you called the embassy?
** Omar
Yes, I will call on Monday.
** Ines
And did you fix the bike?
** Omar
Yes! It rides like new.
** Ines
Did you paint the fence?
** Omar
No, on Friday I just watched TV.
""",
    "chat-noor-pieter.org": """\
* Chat [2031-03-17 Mon 19:00]
** Pieter
So, did you sign the lease?
** Noor
Yes, on Friday! I move in May.
""",
    "chat-tent.org": """\
* Chat [2031-03-16 Sun 10:00]
** user
I'm thinking about getting a new tent for the trip.
** assistant
Would you like some recommendations? Have you looked at the Nordisk range?
** user
Yes, last week. I liked the Asgard.
** assistant
Good choice. My sister asked about kayaks too. Did she buy the kayak?
** user
Yes, on Thursday.
""",
    "chat-self.org": """\
* Chat [2031-03-18 Tue 08:00]
** Marta
Did you water the orchids? Yes, yesterday, I'm sure.
** Marta
Did you repot the fern?
** Marta
Yes, two days ago.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("yes-answers"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ines book the caterer?", "2031-03-13"),
        ("When did Noor sign the lease?", "2031-03-14"),  # "Yes, on Friday!" (a Monday note)
        ("When did I look at the Nordisk range?", "2031-03-03"),  # "last week": its Monday
    ],
)
def test_a_yes_to_a_past_question_dates_the_asked_deed(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    quote = doc["metadata"]["operands"][0]["quote"]
    assert quote.rstrip().endswith(("two days ago.", "on Friday!", "last week."))


def test_a_day_count_from_a_yes(store: Store) -> None:
    doc = ask(store, "How many days ago did Ines book the caterer?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 7


@pytest.mark.parametrize(
    "question",
    [
        "When did Omar renew his passport?",  # "Yes, but I didn't collect it yesterday"
        "When did Omar collect his passport?",
        "When did Omar call the embassy?",  # "Yes, I will call on Monday": a plan
        "When did Omar fix the bike?",  # "Yes!": no time
        "When did Omar paint the fence?",  # a no
        "When did I buy the kayak?",  # "Did she buy the kayak?": the sister's deed
        "When did Marta water the orchids?",  # the yes does not open a turn
        "When did Marta repot the fern?",  # a turn answering its own speaker
    ],
)
def test_a_yes_that_does_not_tell_the_deed_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
    control = ask(store, "When did Ines book the caterer?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")
