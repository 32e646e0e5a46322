"""A journal entry's day dates a thing's arrival told in it, as it dates the writer's deeds.

SPEC §6: the datetree day, daily-file date or ``#+DATE`` of a journal entry dates the
past-tense events it reports even without a word like "today". Besides the writer's own deeds
("Baked my first loaf"), an entry reports what arrived that day: "The new espresso grinder
arrived.", "Our new sofa was delivered, finally." — a clause whose subject is the thing and
whose past-tense (or passive) verb tells its arrival or delivery. Its own time still wins
("arrived on Monday"), and a plan, a wish or a negation dates nothing ("should arrive on
Friday", "was not delivered"). The same words in a chat turn are not dated by the turn's day
(SPEC: a turn heading dates only what the turn marks as happening on its day).
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
NOW = parse_now("2031-09-30T21:00", TZ)

NOTES = {
    "2031-09-03.org": """\
#+title: 2031-09-03

* Log
The new espresso grinder arrived.
Cleaned the balcony.
""",
    "2031-09-10.org": """\
#+title: 2031-09-10

* Log
Our new sofa was delivered, finally. The old one goes to my cousin.
The rug should arrive on Friday.
""",
    "journal.org": """\
* 2031
** 2031-09 September
*** 2031-09-17 Wednesday
The replacement kettle arrived from the shop in the afternoon.
The new fridge arrived on Monday, I forgot to note it.
*** 2031-09-24 Wednesday
The bookcase was not delivered, again.
""",
    "chat.org": """\
* Chat [2031-09-20 Sat 10:00]
** user
The standing desk arrived and I love it. How high should it be?
** assistant
Elbows at a right angle while typing.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("journal_things"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did the new espresso grinder arrive?", "2031-09-03"),
        ("When was our new sofa delivered?", "2031-09-10"),
        ("When did the replacement kettle arrive?", "2031-09-17"),
        ("When did the new fridge arrive?", "2031-09-15"),  # its own "on Monday"
    ],
)
def test_a_journal_day_dates_a_things_arrival_told_in_it(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def test_an_order_of_arrivals_reads_the_journal_days(store: Store) -> None:
    doc = ask(store, "Which arrived first, the new espresso grinder or the replacement kettle?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"][0] == "the new espresso grinder"


@pytest.mark.parametrize(
    "question",
    [
        "When did the rug arrive?",  # only expected ("should arrive on Friday")
        "When was the bookcase delivered?",  # "was not delivered"
        "When did the standing desk arrive?",  # a chat turn without "today" or "just"
    ],
)
def test_a_planned_negated_or_undated_arrival_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
