"""The use of a thing starts when it was got.

"How long had I been using the new area rug when I rearranged the furniture?": the state of
using (wearing, driving, riding) a thing begins when the thing was got — "I got a new area
rug a month ago", "Bought the blue boots on Saturday". Ordering it is not getting it, and
a sentence that gets something else tells nothing. Notes: a two-person chat, a datetree
journal, an org-roam daily.
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
NOW = parse_now("2026-06-30T12:00", TZ)

NOTES = {
    "chat.org": """\
* Chat [2026-06-10 Wed 19:00]
** user
By the way, I got a new rice cooker two weeks ago and it has changed my dinners.
** assistant
That sounds handy!
""",
    "journal.org": """\
* 2026
** 2026-06 June
*** 2026-06-20 Saturday
Bought the blue hiking boots at the market.
*** 2026-06-25 Thursday
Hosted the book club dinner for eight.
Ordered a new standing desk on Monday.
I got a new phone case yesterday, a blue one.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("use"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "days"),
    [
        (
            (
                "How many days had I been using the new rice cooker when I hosted the book "
                "club dinner?"
            ),
            29,  # 2026-05-27 to 2026-06-25
        ),
        ("How many days have I been wearing the blue hiking boots?", 10),
    ],
)
def test_using_a_thing_is_counted_from_getting_it(store: Store, question: str, days: int) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == days


@pytest.mark.parametrize(
    "question",
    [
        "How many days have I been using the new standing desk?",  # only ordered
        "How many days have I been using the new kettle?",  # never got
        "How many days have I been using the new phone?",  # a phone case was got
    ],
)
def test_ordering_or_nothing_starts_no_use(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
