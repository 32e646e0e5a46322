"""A pronoun doer stands for the one person the sentences just before name.

"Dinner with Ingrid. She told me she got engaged last weekend!": "she" is Ingrid, named in
the sentence before, in the same paragraph, by the same writer or speaker, with nobody
else named there. The quote starts at the naming sentence so the gate reads the name.
Refused: two people named before ("Ana and Luis"), a paragraph break, another speaker.
Notes: a datetree journal, an org-roam daily, a two-person chat.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Madrid")
NOW = parse_now("2028-05-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2028
** 2028-05 May
*** 2028-05-20 Saturday
Lunch with Marta at the market. She passed her driving test on Thursday, at last.
Drinks with Ana and Luis. She started at the hospital last Monday.
Met Carmen's sister at the market. She got engaged on Sunday.

Coffee with Pablo.

He sold his old van yesterday.
""",
    "2028-05-26.org": """\
#+title: 2028-05-26

* Notes
Spoke to my brother Tomás this morning. He moved into the new flat two days ago.
""",
    "chat.org": """\
* Chat [2028-05-25 Thu 21:00]
** Irene
Saw Jorge at the gym today.
** Dani
He broke his wrist last week, did you know?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("pronouns"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day", "named"),
    [
        ("When did Marta pass her driving test?", "2028-05-18", "Marta"),
        ("When did Tomás move into the new flat?", "2028-05-24", "Tomás"),
    ],
)
def test_a_pronoun_doer_is_the_person_named_just_before(
    store: Store, question: str, day: str, named: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    (operand,) = doc["metadata"]["operands"]
    assert named in operand["quote"]


@pytest.mark.parametrize(
    "question",
    [
        "When did Ana start at the hospital?",  # Ana and Luis: whose "she"?
        "When did Carmen get engaged?",  # Carmen's sister's news
        "When did Pablo sell his old van?",  # a paragraph between
        "When did Jorge break his wrist?",  # Dani's "he" after Irene's turn
    ],
)
def test_a_pronoun_with_no_single_person_just_before_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
