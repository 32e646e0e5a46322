"""A "when" answer dated only to a week is that week, even when the week crosses a month's
end: "I repainted the shed last week" written on Wednesday 6 April 2039 answers "the week of
Monday 28 March". Validation used to ask every dated answer to fit one month and refused it.
A question that asks for the month ("In which month …") still needs the month, and a weekend
across a month's end is shown with both months.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store, refused

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2039-09-01T20:00", TZ)

NOTES = {
    # Wednesday 6 April: last week is 28 March – 3 April
    "2039-04-06.org": "#+title: 2039-04-06\nI repainted the garden shed last week, two coats.\n",
    # Wednesday 4 May: last weekend is Saturday 30 April – Sunday 1 May
    "2039-05-04.org": "#+title: 2039-05-04\nWe hiked the ridge trail last weekend with Oona.\n",
    # Wednesday 3 August: the week before is 25 – 31 July, inside July
    "2039-08-03.org": "#+title: 2039-08-03\nI serviced the lawnmower last week.\n",
    # Wednesday 2 March (2039-03-02): last week is 21 – 27 February, inside one month
    "2039-03-02.org": "#+title: 2039-03-02\nI descaled the kettle last week.\n",
    # a hedged week: "a couple of weeks ago" is no week of its own
    "2039-06-01.org": "#+title: 2039-06-01\nI replaced the bike chain a couple of weeks ago.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("weeks"), NOTES, NOW)


@pytest.mark.parametrize(
    ("question", "start", "grain"),
    [
        ("When did I repaint the garden shed?", "2039-03-28", "week"),
        ("When did we hike the ridge trail?", "2039-04-30", "weekend"),
        ("When did I service the lawnmower?", "2039-07-25", "week"),
        ("When did I descale the kettle?", "2039-02-21", "week"),
    ],
)
def test_a_week_answer_is_given_across_a_month_end(
    store: Store, question: str, start: str, grain: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["date"] == start and doc["value"]["grain"] == grain


def test_a_weekend_across_a_month_end_names_both_months(store: Store) -> None:
    doc = ask(store, "When did we hike the ridge trail?", now=NOW, tz=TZ)
    assert doc["value"]["display"] == "the weekend of 30 April – 1 May 2039"


@pytest.mark.parametrize(
    "question",
    [
        "In which month did I repaint the garden shed?",  # the week holds two months
        "In which month did we hike the ridge trail?",
        "When did I replace the bike chain?",  # a hedged time
    ],
)
def test_a_week_across_a_month_end_does_not_answer_a_month(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))


def test_a_week_within_one_month_answers_its_month(store: Store) -> None:
    doc = ask(store, "In which month did I service the lawnmower?", now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc
    assert doc["value"]["grain"] == "month" and doc["value"]["date"] == "2039-07-01"
