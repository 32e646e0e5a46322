"""An org-roam node about a person (a file's own node with an ``:ID:``, titled by the
person's name) tells of them as "she"/"he": in the node "Priya Nair", "- [2031-03-12 Wed]
lunch. She started at the hospital two weeks ago." is Priya's start, counted from the item's
stamp.

Not when the sentence names someone else ("Tom … He started at the bank"), speaks as "I" or
"we", or the node is about another person; a chat turn headed by a name (a heading below the
session's own node) is that person speaking, so its "she" is someone else.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2031-06-30T20:00", TZ)

NOTES = {
    "20310110093000-priya_nair.org": """\
:PROPERTIES:
:ID:       3c9e1a52-7d4b-4f0e-9a61-0b8e2f6d1c44
:END:
#+title: Priya Nair
#+filetags: :person:

- [2031-03-12 Wed] lunch at the Ethiopian place. She started at the hospital two weeks ago.
- [2031-04-09 Wed] coffee with Tom and her. He started at the bank last week.
- [2031-05-14 Wed] She moved to Leeds on Monday, I helped.
""",
    "20310110094500-omar_haddad.org": """\
:PROPERTIES:
:ID:       a7f04b19-52c3-4d8e-b1e6-9f2c3d7a5e10
:END:
#+title: Omar Haddad

- [2031-02-20 Thu] coffee in town. He finished his thesis yesterday.
""",
    "chat.org": """\
#+TITLE: Chat of 2031-06-02
* Chat [2031-06-02 Mon 19:40]
:PROPERTIES:
:ID: chat-1
:END:
** Lena
:PROPERTIES:
:ID: chat-1-t0
:END:
She passed her driving test yesterday, my sister I mean.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("person_nodes"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Priya start at the hospital?", "2031-02-26"),
        ("When did Omar finish his thesis?", "2031-02-19"),
    ],
)
def test_a_person_nodes_pronoun_is_its_title_person(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Priya start at the bank?",  # Tom did: the sentence names him
        "When did Omar start at the hospital?",  # another node's person
        "When did Lena pass her driving test?",  # a chat turn: Lena's sister did
        "When did Priya finish her thesis?",  # Omar's node
    ],
)
def test_another_person_or_a_speakers_she_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
