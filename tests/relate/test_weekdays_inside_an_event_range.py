"""A bare weekday in an entry dated by an event-date range is the one such day inside it.

Family logs and trip notes date a heading by a range property (``:WHEN: [2039-04-27
Wed]--[2039-05-02 Mon]``, ``:EVENT_DATE: …``) and tell its events with bare weekdays: "I
took the twins to the aquarium on Sunday". The range is when those events happened, not a
time of writing to count back from: the Sunday is the range's one Sunday (1 May), never the
Sunday before its first day (24 April, a wrong answer relate gave before). A range that
holds no such day, or two of them, names none; a clause not told in the past stays refused.
The gate checks the same by its own reading of the property line.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import answered, ask, gate_check, notes_store, refused

from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2039-09-01T20:00", TZ)

FAMILY = """#+TITLE: Family log

* Grandpa Joe visiting                                          :visit:
:PROPERTIES:
:WHEN:     [2039-04-27 Wed]--[2039-05-02 Mon]
:END:
I took the twins to the aquarium on Sunday while Joe napped.
We will go to the botanic garden on Monday if it stays dry.

* Camping at the lake                                           :trip:
:PROPERTIES:
:EVENT_DATE: [2039-06-10 Fri]--[2039-06-12 Sun]
:END:
We caught our first trout on Saturday.

* Cousins in town                                               :visit:
:PROPERTIES:
:WHEN:     [2039-07-01 Fri]--[2039-07-11 Mon]
:END:
We rowed across the bay on Sunday.
I fixed the porch swing on Thursday morning.

* Sailing week                                                  :trip:
:PROPERTIES:
:WHEN:     [2039-08-08 Mon]--[2039-08-12 Fri]
:END:
Mended the jib on Saturday.
Lost my sunglasses overboard on the 10th.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("ranges"), {"family.org": FAMILY}, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I take the twins to the aquarium?", "2039-05-01"),  # :WHEN: Wed–Mon
        ("When did we catch our first trout?", "2039-06-11"),  # :EVENT_DATE: Fri–Sun
        ("When did I fix the porch swing?", "2039-07-07"),  # the range's one Thursday
        ("When did I lose my sunglasses overboard?", "2039-08-10"),  # a day of the month
    ],
)
def test_a_bare_day_inside_an_event_range_is_that_days_one_occurrence(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question, now=NOW, tz=TZ), day)


@pytest.mark.parametrize(
    "question",
    [
        "When did we row across the bay?",  # 1 July to 11 July holds two Sundays
        "When did I mend the jib?",  # 8 to 12 August holds no Saturday
        "When did we go to the botanic garden?",  # a plan, not told in the past
    ],
)
def test_a_bare_day_an_event_range_does_not_fix_is_refused(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))


def _record(when: str) -> EvidenceRecord:
    return EvidenceRecord(
        id="r1",
        event_time=datetime(2039, 7, 1),
        event_source="property",
        text=f"* Cousins in town\n:PROPERTIES:\n:WHEN:     {when}\n:END:\n"
        "We rowed across the bay on Sunday.",
        title="Cousins in town",
    )


@pytest.mark.parametrize(
    ("when", "accepted"),
    [
        ("[2039-07-01 Fri]--[2039-07-04 Mon]", True),  # one Sunday
        ("[2039-07-01 Fri]--[2039-07-11 Mon]", False),  # two Sundays
        ("[2039-07-04 Mon]--[2039-07-08 Fri]", False),  # none
    ],
)
def test_the_gate_reads_the_range_for_a_bare_weekday(when: str, accepted: bool) -> None:
    quote = "We rowed across the bay on Sunday."
    operand = Operand("row across the bay", "r1", quote, "on Sunday", "text_expression")
    probability = gate_check("When did we row across the bay?", _record(when), operand)
    assert (probability >= 0.85) is accepted, probability
