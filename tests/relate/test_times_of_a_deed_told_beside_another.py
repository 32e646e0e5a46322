"""A deed told beside another event's time is not dated by that time.

Three readings, each a refusal where the words give the asked deed no time of its own:

- "that Sunday", "that same Friday" point back to a week told before: which Sunday, the
  words do not fix (a Friday the 7th's Sunday may be the 9th or the 2nd), and no other
  clause's time stands in for them;
- "My uncle turned ninety on the 7th, and we all had supper at his that Sunday", asked "when
  did I have supper at my uncle's": the match centres on the uncle's clause, whose time is
  his birthday; the deed ("had supper") is told in the other clause with a time of its own;
- "my van" asked of "Oskar's van broke down on the 12th": the quote gives the thing a named
  owner and never calls it the writer's.

Near-misses keep their answers: "on Sunday" plainly, the deed in the clause with its time,
"my bike" told as the writer's beside someone else's.
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
NOW = parse_now("2041-07-01T20:00", TZ)
# June 2041: Friday the 7th, Sunday the 9th, Wednesday the 12th, Friday the 14th.

NOTES = {
    "log.org": "* [2041-06-15 Sat] Catching up\n"
    "My uncle turned ninety on the 7th, a Friday, and we all had supper at his that Sunday.\n\n"
    "My sister turned forty on the 3rd, and we had a picnic at hers that weekend.\n\n"
    "Gran's cat went missing on the 12th, and I put up posters of her that Friday.\n\n"
    "The choir sang at the abbey on the 7th; I drove Nan home that same Friday.\n\n"
    "Oskar's van broke down on the 12th, on the ring road, and he spent the week under it.\n\n"
    "Mira's kayak sprang a leak on the 14th, so we stayed ashore.\n\n"
    "Jon's boat came off its mooring on the 7th in the storm.\n\n"
    "I greased the chain of my bike on the 12th, while Oskar's bike stood flat.\n\n"
    "I repotted the fig on Sunday, after the rain.\n\n"
    "The vet rang on the 7th, and I collected the cat's tablets on the 14th.\n\n"
    "My cousin moved house on the 12th, and we had a barbecue at his that weekend.\n\n"
    "My aunt flew in on the 14th, and we took a boat trip together that week.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("beside-another"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I have supper at my uncle's?",
        "When did I have a picnic at my sister's?",
        "When did I have a barbecue at my cousin's?",
        "When did I drive Nan home?",
        "When did I put up posters of Gran's cat?",
        "When did my van break down?",
        "When did my kayak spring a leak?",
        "When did my boat come off its mooring?",
    ],
)
def test_a_deed_without_a_time_of_its_own_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I grease the chain of my bike?", "2041-06-12"),
        ("When did I repot the fig?", "2041-06-09"),
        ("When did I collect the cat's tablets?", "2041-06-14"),
    ],
)
def test_a_deed_told_with_its_own_time_keeps_it(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_that_week_after_a_dated_clause_is_the_week_of_that_date(store: Store) -> None:
    """ "My aunt flew in on the 14th, and we took a boat trip together that week": the week
    holding the 14th, answered at the week's precision."""
    doc = ask(store, "When did I take a boat trip with my aunt?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["grain"] == "week"
    assert doc["value"]["start"][:10] <= "2041-06-14" < doc["value"]["end"][:10]
