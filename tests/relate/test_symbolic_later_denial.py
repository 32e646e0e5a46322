"""A report that a later sentence denies is taken back (found by ``chat_sets/second_set.json``).

"I returned the van on Saturday" followed, days later, by "I didn't return the van on
Saturday after all" leaves no date to trust. A denial only takes a report back when it is
the same doer's, about as strong, written after the reported day, and on that day or on no
other named day: a denial of another day is another occurrence, and a denial written before
the event ("I haven't … yet") is overtaken by it.
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
NOW = parse_now("2025-06-02T09:00", TZ)

NOTES = {
    "a.org": """\
* Chat [2025-05-01 Thu 19:00]
** user
I haven't planted the courgettes yet, the nights are still too cold.
""",
    "b.org": """\
* Chat [2025-05-12 Mon 18:00]
** user
I posted the tax forms on Friday, so that's one worry less.
I swam at the lido on Tuesday and the water was freezing.
I planted the courgettes on Saturday along the south fence.
I collected the repaired watch yesterday. Well no, I didn't collect the repaired watch
yesterday, the shop had closed early.
""",
    "c.org": """\
* Chat [2025-05-15 Thu 08:00]
** user
Bad news: I didn't post the tax forms on Friday after all, they were still in my bag.
I didn't swim at the lido on Wednesday, it was far too windy.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("denial"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I post the tax forms?",  # denied days later, in another note
        "How many days ago did I post the tax forms?",
        "When did I collect the repaired watch?",  # denied in the next sentence
    ],
)
def test_a_report_denied_later_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
    assert any("denies it" in line for line in doc["metadata"]["explanation"])


def test_a_denial_of_another_day_leaves_the_report_alone(store: Store) -> None:
    doc = ask(store, "When did I swim at the lido?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-05-06"


def test_a_denial_written_before_the_event_leaves_the_report_alone(store: Store) -> None:
    doc = ask(store, "When did I plant the courgettes?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2025-05-10"
