"""A family named by its surname ("the Bakkers", "the Okafors") is a subject like a person.

"When did the Okafors move to Leeds?" — "Our neighbours, the Okafors, moved to Leeds in
March." is answered with the month, the precision the notes have. The family must be the
doer: "We visited the Okafors" is not their visit, and a plan is no move. Notes: a
datetree journal and a two-person chat.
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
NOW = parse_now("2027-06-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2027
** 2027-04 April
*** 2027-04-10 Saturday
Our neighbours, the Okafors, moved to Leeds in March; the house is empty now.
We visited the Lindqvists in Bristol last weekend.
""",
    "chat.org": """\
* Chat [2027-06-01 Tue 19:00]
** Priya
The Haddads adopted a puppy yesterday, a tiny spaniel!
** Sam
The Lindqvists want to adopt one next year.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("family"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date", "grain"),
    [
        ("When did the Okafors move to Leeds?", "2027-03-01", "month"),
        ("When did the Haddads adopt a puppy?", "2027-05-31", "day"),
    ],
)
def test_a_family_is_the_doer_of_its_own_deeds(
    store: Store, question: str, date: str, grain: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert (doc["value"]["date"], doc["value"]["grain"]) == (date, grain)


@pytest.mark.parametrize(
    "question",
    [
        "When did the Lindqvists visit us in Bristol?",  # we visited them
        "When did the Lindqvists adopt a puppy?",  # only a wish
    ],
)
def test_a_family_that_is_not_the_doer_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


APPOSITION_NOTES = {
    "journal.org": """\
* 2027
** 2027-05 May
*** 2027-05-20 Thursday
My brother Idris started his apprenticeship on Monday.
My aunt Noor moved to Utrecht yesterday.
My cousin told me that Idris failed his driving test last week.
""",
}


@pytest.fixture(scope="module")
def apposition_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("apposition"), APPOSITION_NOTES, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did my brother start his apprenticeship?", "2027-05-17"),
        ("When did my aunt move to Utrecht?", "2027-05-19"),
    ],
)
def test_a_relative_named_in_apposition_is_the_doer(
    apposition_store: Store, question: str, day: str
) -> None:
    doc = ask_notes(apposition_store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_a_name_after_another_relative_is_not_the_relative_asked(apposition_store: Store) -> None:
    # "My cousin told me that Idris failed …": Idris is not the cousin
    doc = ask_notes(apposition_store, "When did my cousin fail the driving test?", now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc["value"]
