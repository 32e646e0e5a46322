"""An order of listed events of one noun: "the order of my trips to A, B and C".

The plural noun and its preposition are shared by every item ("trip to" Bruges, Brno, the
Picos de Europa), so each item is matched as that noun's event — a trip heading's date
range, a visit told in a sentence. An item the notes do not date refuses the order.
Notes: a trips file with date ranges and a datetree journal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2027-06-30T20:00", TZ)

NOTES = {
    "trips.org": """\
#+TITLE: Trips
* Weekend in Ghent
<2027-03-05 Fri>--<2027-03-07 Sun>
* Workshop in Turin
<2027-01-18 Mon>--<2027-01-20 Wed>
* Walking in the Harz
<2027-05-10 Mon>--<2027-05-14 Fri>
* Someday: Lisbon
""",
    "journal.org": """\
* 2027
** 2027-04 April
*** 2027-04-17 Saturday
Visited the Kröller-Müller Museum with Jan.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("listed"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "order"),
    [
        (
            "What is the order of my trips to Ghent, Turin and the Harz?",
            ["Turin", "Ghent", "the Harz"],
        ),
        ("What was the order of my trips to the Harz and Turin?", ["Turin", "the Harz"]),
    ],
)
def test_each_listed_item_is_one_of_the_nouns_events(
    store: Store, question: str, order: list[str]
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"] == order


def test_an_item_the_notes_do_not_date_refuses_the_order(store: Store) -> None:
    doc = ask(store, "What is the order of my trips to Ghent, Lisbon and Turin?")
    assert doc["status"] != "accepted", doc["value"]
