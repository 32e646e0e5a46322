"""A "Name:" line inside the writer's own notes gives that person's words, not the writer's.

A journal entry, a daily file or a meeting note may quote someone: "Jo: I spent three hours
fixing the fence this morning." Its "I" is Jo, so it does not tell what the writer did: a
question about the writer ("How long did I spend fixing the fence?") must not be answered
from it, while the writer's own sentences around it still count, and a question about the
person quoted may be answered from their words. A chat transcript's own speakers ("** user")
are unchanged: the writer there is the user.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/London")
NOW = parse_now("2031-05-20T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2031
** 2031-05 May
*** 2031-05-03 Saturday
Lunch with the neighbours in the garden.
Jo: I spent three hours fixing the fence this morning.
Painted the shed door after they left.
*** 2031-05-10 Saturday
Long walk by the canal.
Sam: I finally sold my old van yesterday.
""",
    "2031-05-14.org": """\
#+title: 2031-05-14

* Notes
Dad: I repaired the greenhouse roof today, it leaks no more.
Picked up the new glasses at the optician.
""",
    "meetings.org": """\
* Planning call [2031-05-16 Fri 10:00]
Priya: I booked the venue for the launch yesterday.
Agreed on the guest list.
""",
    "chat.org": """\
* Chat [2031-05-18 Sun 09:00]
** user
I ran my first half marathon today! My legs are done.
** assistant
Congratulations! Rest and drink plenty of water.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("quoted_speakers"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "How long did I spend fixing the fence?",
        "When did I fix the fence?",
        "When did I sell my old van?",
        "How many days ago did I repair the greenhouse roof?",
        "When did I book the venue for the launch?",
    ],
)
def test_a_quoted_persons_first_person_is_not_the_writers(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("explanation"))


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I paint the shed door?", "2031-05-03"),
        ("When did I pick up the new glasses?", "2031-05-14"),
        ("When did I run my first half marathon?", "2031-05-18"),
    ],
)
def test_the_writers_own_sentences_beside_a_quote_still_count(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
