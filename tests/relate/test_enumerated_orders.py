"""Orders of every event of a kind (SPEC §6.3: "every event of a kind the question names —
'the three museums I visited'").

"What is the order of the three museums I visited?", "In what order did I visit the
museums?", "Which of my trips came first?": every heading that is such an event (a trip's
date range; not a cancelled trip, not one still to come) and every sentence that tells one
(a deed of the asker's, not a wish, not someone else's) is a member, dated as a single event
would be. Refused when a member cannot be dated, when fewer than two are found, when two
share a date, or when the question's count is not the number found
(``count_not_established`` in validation). The answer lists each member by its heading or
its quote. Notes: a datetree journal, an org-roam daily, a trips file with ranges, a
two-person chat told in the third person, a note without any date.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import validate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2027-09-30T12:00", TZ)

NOTES = {
    "journal.org": """\
* 2027
** 2027-07 July
*** 2027-07-10 Saturday
Visited the Design Museum with Sam.
** 2027-08 August
*** 2027-08-21 Saturday
Went to the Wax Museum this afternoon, a bit tacky.
** 2027-09 September
*** 2027-09-02 Thursday
We hope to visit the Print Museum next month.
*** 2027-09-05 Sunday
Visited the farmers' market in the morning.
""",
    "2027-08-02.org": """\
#+title: 2027-08-02

* Log
Toured the Museum of Flight this morning with the kids.
Went to the new bakery on Thomas Street this morning.
""",
    "2027-09-05.org": """\
#+title: 2027-09-05

* Log
Visited the flea market this afternoon.
""",
    "trips.org": """\
#+TITLE: Travel
#+TODO: TODO | DONE CANCELLED

* Trip to Sligo
<2027-06-11 Fri>--<2027-06-13 Sun>
* Holiday in Crete
<2027-08-09 Mon>--<2027-08-16 Mon>
* CANCELLED Trip to Oslo
CLOSED: [2027-05-01 Sat 10:00]
<2027-07-01 Thu>--<2027-07-04 Sun>
* Trip to Kyoto
<2027-11-02 Tue>--<2027-11-12 Fri>
""",
    "chat-a.org": """\
* Chat [2027-08-30 Mon 20:00]
** Tom
I went to the Arctic Monkeys concert on Saturday, my ears are still ringing.
** Priya
I went to a jazz concert last Friday, much quieter.
""",
    "chat-b.org": """\
* Chat [2027-09-12 Sun 19:00]
** Tom
I went to the Lorde concert yesterday.
""",
    "food.org": """\
* Food
Went to the Ranelagh bakery with Sam, great croissants.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("kinds"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("What is the order of the three museums I visited?", ["design", "flight", "wax"]),
        ("In what order did I visit the museums?", ["design", "flight", "wax"]),
        ("What is the order of my trips?", ["sligo", "crete"]),
        ("What is the order of the concerts Tom went to?", ["arctic", "lorde"]),
    ],
)
def test_every_event_of_the_kind_is_ordered(store: Store, question: str, order: list[str]) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    got = [item.lower() for item in doc["value"]["order"]]
    assert len(got) == len(order), got
    assert all(word in item for word, item in zip(order, got, strict=True)), got
    names = {o["name"] for o in doc["metadata"]["operands"]}
    assert len(names) == 1 and doc["value"]["of"] in names


def test_which_of_my_trips_came_first_leaves_out_cancelled_and_coming_trips(store: Store) -> None:
    doc = ask(store, "Which of my trips came first?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"] == ["Trip to Sligo", "Holiday in Crete"]


@pytest.mark.parametrize(
    "question",
    [
        "What is the order of the four museums I visited?",
        "What is the order of the two museums I visited?",
        "What is the order of the galleries I visited?",
        "What is the order of the bakeries I went to?",
        "In what order did I visit the markets?",
        "What is the order of the concerts Priya went to?",
    ],
)
def test_an_order_of_a_kind_is_refused_unless_every_member_is_dated_apart(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- validation

VTZ = ZoneInfo("Europe/Dublin")
QDATE = datetime(2027, 9, 30, 12, 0, tzinfo=VTZ)
RECORDS = {
    "a": EvidenceRecord("a", datetime(2027, 7, 10), "Visited the Design Museum on July 10th."),
    "b": EvidenceRecord("b", datetime(2027, 8, 2), "Toured the Museum of Flight on August 2nd."),
}
NAME = "the three museums I visited"
A = Operand(NAME, "a", "Visited the Design Museum on July 10th.", "on July 10th", "text_expression")
B = Operand(
    NAME, "b", "Toured the Museum of Flight on August 2nd.", "on August 2nd", "text_expression"
)


def _codes(question: str, operands: tuple[Operand, ...]) -> list[str]:
    resolution = Resolution("order", operands)
    errors = validate(
        resolution, RECORDS, question=question, unit=None, question_date=QDATE, tz=VTZ
    )
    return [e.code for e in errors]


def test_validation_refuses_an_order_of_fewer_events_than_the_question_counts() -> None:
    assert _codes("What is the order of the three museums I visited?", (A, B)) == [
        "count_not_established"
    ]
    question = "What is the order of the two museums I visited?"
    two = tuple(
        Operand(
            "the two museums I visited", o.evidence_id, o.quote, o.time_expression, o.time_basis
        )
        for o in (A, B)
    )
    assert _codes(question, two) == []


def test_an_order_of_a_kind_is_refused_when_packing_left_a_member_out(store: Store) -> None:
    from prme_cli import config
    from prme_cli.service import relate

    cfg = config.load(environ={})
    question = "In what order did I visit the museums?"
    full = relate(store, cfg, question, now=NOW, tz=TZ, budget=4096, save_receipt=False)
    assert full.document["status"] == "accepted"
    for budget in range(120, 400, 20):
        small = relate(store, cfg, question, now=NOW, tz=TZ, budget=budget, save_receipt=False)
        doc = small.document
        if doc["status"] == "accepted":
            continue  # everything needed still fits
        errors = [e["code"] for e in doc["metadata"]["validation_errors"]]
        if small.bundle.excluded_ids and errors:
            assert "kind_incomplete" in errors
            return
    pytest.fail("no budget left a museum out of the context")


# --------------------------------------------------------------------------- listed people

PEOPLE = {
    "chat-c.org": """\
* Chat [2027-05-28 Fri 18:00]
** user
My niece Emma graduated yesterday, we are getting her a necklace.
""",
    "chat-d.org": """\
* Chat [2027-06-22 Tue 09:00]
** user
I just got back from my friend Rachel's graduation ceremony yesterday, what a day.
""",
    "chat-e.org": """\
* Chat [2027-07-15 Thu 12:00]
** user
Any gift ideas for my cousin Alex, who graduated from college on July 2nd?
""",
    "chat-f.org": """\
* Chat [2027-07-20 Tue 12:00]
** user
I met Sam's graduation tutor on Monday.
""",
}


@pytest.fixture(scope="module")
def people(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("people"), PEOPLE, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "Who graduated first, second and third among Emma, Rachel and Alex?",
        "Who graduated first among Rachel, Alex and Emma?",
    ],
)
def test_who_did_it_first_among_listed_people_orders_each_ones_deed(
    people: Store, question: str
) -> None:
    doc = ask_notes(people, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"] == ["Emma", "Rachel", "Alex"]


def test_an_owner_is_the_doer_only_of_the_deeds_noun(people: Store) -> None:
    # "Rachel's graduation ceremony" tells that Rachel graduated; "Sam's graduation tutor"
    # does not tell that anyone graduated on Monday, so Sam's graduation is undated
    doc = ask_notes(people, "Who graduated first among Emma and Sam?", now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc["value"]
