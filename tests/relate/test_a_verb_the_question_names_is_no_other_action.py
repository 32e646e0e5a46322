"""A verb between a deed and its time belongs to another action — unless the question names it.

"Finished the quilt, which I had to rush for my meeting two weeks ago" dates the meeting, not
the finishing: a verb of its own between the event's words and the time takes the time. But
"I took it in to have the derailleur looked at a fortnight ago" asked as "When did I take the
bike in to have the derailleur looked at?" holds no other action: its "have" is the
question's own word.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2038-05-30T20:00", TZ)

NOTES = {
    "journal.org": """\
* 2038
** 2038-05 May
*** 2038-05-21 Friday
Took the road bike in to have the derailleur looked at a fortnight ago.
Dropped the coat off to get the zip replaced on Monday.
Finished the quilt, which I had to rush for my meeting two weeks ago.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("own-verbs"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I take the road bike in to have the derailleur looked at?", "2038-05-07"),
        ("When did I drop the coat off to get the zip replaced?", "2038-05-17"),
    ],
)
def test_a_verb_inside_the_asked_phrase_does_not_take_the_time(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def test_a_verb_the_question_does_not_name_still_takes_the_time(store: Store) -> None:
    doc = ask(store, "When did I finish the quilt?")
    # "two weeks ago" is the meeting's: the quilt is the entry's own deed, or nothing
    assert doc["status"] != "accepted" or doc["value"]["date"] == "2038-05-21", doc["value"]
