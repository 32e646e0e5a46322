"""An org-journal day heading ("* Wednesday, 03/11/37") dates the entries under it.

org-journal writes one top-level heading per day, ``<weekday>, <date>`` in the format of
``org-journal-date-format`` (``%A, %x`` by default: month first in a US locale, day first in a
British or German one, a two-digit year), with one ``** HH:MM Title`` entry per note. Ingest
reads such a heading as a datetree day (:func:`prme_cli.orgtime.journal_day_timestamp`) only
when the weekday agrees with exactly one reading of the date: a wrong day would date every
entry under it. The gate checks by its own method that the day a record is dated by has the
weekday and the numbers the heading shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import answered, ask, gate_check, notes_store, refused

from prme_cli.org import parse_org
from prme_cli.orgtime import journal_day_timestamp
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2038-08-30T20:00", TZ)

#: A US locale: month first, two-digit years. 2038-03-10 is a Wednesday.
US = """#+TITLE: Journal
* Wednesday, 03/10/38
** 07:30 Repotted the lemon tree
Into the big terracotta pot, with fresh grit.
** 21:10 Evening
Mended the torn hammock with sailcloth.
* Tuesday, 04/06/38
** 18:00 Bought the cargo bike
From the shop by the canal, a second-hand one.
"""

#: A German locale (day first, dots) and a spelled-out format, in two more files.
DE = """* Friday, 14.05.2038
** 09:00 Varnished the garden gate
Two coats, dark green. Oiled the hinges while it dried.
"""

SPELLED = """* Saturday, 12 June 2038
** 10:15 Picked the first strawberries
Only a handful, the birds got the rest. Netted the second bed with an old curtain.
* Monday, June 21, 2038
** 08:00 Renewed my passport
At the town hall, took forty minutes.
"""

#: Near-misses: a weekday that fits neither reading, a title that is no day at all.
WRONG = """* Thursday, 07/09/38
** 12:00 Cleaned the rain barrel
Scrubbed it out and refitted the tap.
* Meeting, 07/15/38
** Sorted the seed drawer
By sowing month.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"journal.org": US, "tagebuch.org": DE, "days.org": SPELLED, "odd.org": WRONG}
    yield from notes_store(tmp_path_factory.mktemp("orgjournal"), notes, NOW)


@pytest.mark.parametrize(
    ("title", "day"),
    [
        ("Wednesday, 03/10/38", datetime(2038, 3, 10)),  # month first (a US %x)
        ("Wednesday, 10/03/38", datetime(2038, 3, 10)),  # day first (a British %x)
        ("Wednesday, 10/03/2038", datetime(2038, 3, 10)),
        ("Friday, 14.05.2038", datetime(2038, 5, 14)),  # German: dots are day first
        ("Wed, 2038-03-10", datetime(2038, 3, 10)),
        ("Saturday, 12 June 2038", datetime(2038, 6, 12)),
        ("Monday, June 21, 2038", datetime(2038, 6, 21)),
        ("Friday, 12/31/99", datetime(1999, 12, 31)),  # %y: 69-99 are the 1900s
        ("Monday, 01/02/38", datetime(2038, 2, 1)),  # 2 January 2038 is a Saturday
    ],
)
def test_an_org_journal_day_heading_names_the_day_its_weekday_fits(
    title: str, day: datetime
) -> None:
    stamp = journal_day_timestamp(title, 1)
    assert stamp is not None and stamp.label == "day" and stamp.kind == "datetree"
    assert stamp.start == day


@pytest.mark.parametrize(
    "title",
    [
        "Thursday, 07/09/38",  # 9 July and 7 September 2038 are no Thursdays
        "Meeting, 07/15/38",  # not a weekday
        "Wednesday, 31/31/38",  # no such date
        "Friday, 14.05.2038 notes",  # more than a day heading
        "Wednesday",
    ],
)
def test_a_title_that_is_no_org_journal_day_names_none(title: str) -> None:
    assert journal_day_timestamp(title, 1) is None


def test_two_readings_on_the_named_weekday_name_no_day() -> None:
    # a month/day pair whose two readings fall on the same weekday of 2038
    both = [
        (a, b)
        for a in range(1, 13)
        for b in range(1, 13)
        if a != b and datetime(2038, a, b).weekday() == datetime(2038, b, a).weekday()
    ]
    a, b = both[0]
    name = datetime(2038, a, b).strftime("%A")
    assert journal_day_timestamp(f"{name}, {a:02d}/{b:02d}/38", 1) is None


def test_entries_under_an_org_journal_day_are_dated_by_it() -> None:
    doc = parse_org(US, "journal.org")
    dated = {n.title: n.event_time for n in doc.nodes if n.title}
    assert dated["07:30 Repotted the lemon tree"] == datetime(2038, 3, 10)
    assert dated["21:10 Evening"] == datetime(2038, 3, 10)
    assert dated["18:00 Bought the cargo bike"] == datetime(2038, 4, 6)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I mend the torn hammock?", "2038-03-10"),
        ("When did I oil the hinges?", "2038-05-14"),
        ("When did I net the second bed?", "2038-06-12"),
    ],
)
def test_a_deed_in_an_org_journal_entry_is_dated_by_its_day(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question, now=NOW, tz=TZ), day)


@pytest.mark.parametrize(
    "question",
    [
        "When did I clean the rain barrel?",  # "Thursday, 07/09/38": no reading is a Thursday
        "When did I sort the seed drawer?",  # "Meeting, 07/15/38"
    ],
)
def test_a_deed_under_a_heading_that_is_no_day_is_refused(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))


def _journal_record(day_title: str, when: datetime) -> EvidenceRecord:
    return EvidenceRecord(
        id="r1",
        event_time=when,
        event_source="datetree",
        text="** 21:10 Evening\nMended the torn hammock with sailcloth.",
        title="21:10 Evening",
        path=(day_title,),
    )


@pytest.mark.parametrize(
    ("day_title", "when", "agrees"),
    [
        ("Wednesday, 03/10/38", datetime(2038, 3, 10), True),
        ("Wednesday, 10/03/38", datetime(2038, 3, 10), True),
        ("Wednesday, 03/10/38", datetime(2038, 3, 3), False),  # a Wednesday, not the 10th
        ("Wednesday, 03/10/38", datetime(2039, 3, 10), False),  # another year
        ("Wednesday, 03/17/38", datetime(2038, 3, 10), False),  # another Wednesday
    ],
)
def test_the_gate_checks_the_day_an_org_journal_heading_shows(
    day_title: str, when: datetime, agrees: bool
) -> None:
    record = _journal_record(day_title, when)
    quote = "Mended the torn hammock with sailcloth."
    operand = Operand("mend the torn hammock", "r1", quote, "Mended", "event_time")
    probability = gate_check("When did I mend the torn hammock?", record, operand)
    assert (probability >= 0.85) is agrees, probability
