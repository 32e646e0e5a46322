"""An entry heading under a journal day tells the day's event by its title.

People log one heading per note under a datetree day (``**** 08:40 Signed the lease``), an
org-journal day (``** 18:30 Farah's book launch``) or in a daily file: the title is the
event, and the day above it is when it happened. The resolver reads the title as a sentence
of the entry, with the licences of the entry's body (a past deed of the writer's told
without a subject, or a verbless phrase naming what happened), after the time of day that
opens it; a task, a title with a stamp of its own, a hedge, an imperative, someone else's
deed or a note under a month dates nothing. The gate reads the quoted title by its own
method.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import answered, ask, gate_check, notes_store, refused

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Lisbon")
NOW = parse_now("2039-09-30T20:00", TZ)

#: A datetree whose entries carry the time in their heading.
DATETREE = """#+TITLE: Journal
* 2039
** 2039-02 February
*** 2039-02-08 Tuesday
**** 08:40 Signed the lease on the allotment
Plot 14, by the water tap. Three years.
**** 12:00 Kofi moved into his new flat
Helped with the sofa in the evening.
*** 2039-02-15 Tuesday
**** 13:00 Interview at the bike co-op
A panel of two, very relaxed.
**** TODO Call the insurance about the shed
**** 17:00 Maybe a swim
If the pool is open.
** 2039-03 March
*** Things to remember
**** Repainted the fence
"""

#: An org-journal file: weekday day headings, timed entries.
ORG_JOURNAL = """* Thursday, 03/10/39
** 07:45 First session with the tennis coach
Serves and footwork for an hour.
** 19:00 Planning the summer party
Lists, lists, lists.
* Saturday, 04/02/39
** 18:30 Farah's book launch
At the bookshop on the square; I bought two copies.
** 20:00 Call the plumber
About the dripping tap.
"""

#: A daily file dated by its name, with headings of its own.
DAILY = """#+title: 2039-05-21
* 09:15 Collected the new glasses
From the optician on Rua Nova.
* Deadline for the grant report
SCHEDULED: <2039-06-30 Thu>
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {"journal.org": DATETREE, "orgjournal.org": ORG_JOURNAL, "2039-05-21.org": DAILY}
    yield from notes_store(tmp_path_factory.mktemp("entries"), notes, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I sign the lease on the allotment?", "2039-02-08"),  # past deed, timed
        ("When was my interview at the bike co-op?", "2039-02-15"),  # a verbless event
        ("When did I have my first session with the tennis coach?", "2039-03-10"),
        ("When did I go to Farah's book launch?", "2039-04-02"),
        ("When did I collect the new glasses?", "2039-05-21"),  # a daily file's heading
    ],
)
def test_an_entry_title_under_a_journal_day_is_dated_by_the_day(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question, now=NOW, tz=TZ), day)


def test_a_day_count_between_two_entry_titles(store: Store) -> None:
    doc = ask(
        store,
        "How many days were there between signing the lease on the allotment and my "
        "interview at the bike co-op?",
        now=NOW,
        tz=TZ,
    )
    assert doc["status"] == "accepted", doc
    assert doc["value"]["days"] == 7


@pytest.mark.parametrize(
    "question",
    [
        "When did I move into my new flat?",  # Kofi's deed
        "When did I call the insurance about the shed?",  # a TODO under the day
        "When did I go for a swim?",  # "Maybe a swim"
        "When did I plan the summer party?",  # a gerund: under way, not an event
        "When did I call the plumber?",  # an imperative: to be done
        "When did I repaint the fence?",  # under a month, not a day
        "When did I finish the grant report?",  # a SCHEDULED deadline
    ],
)
def test_an_entry_title_that_tells_no_deed_of_that_day_is_refused(
    store: Store, question: str
) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))


def _gate(text: str, quote: str, expression: str, name: str) -> float:
    """The symbolic gate's probability for "When did I NAME?" answered by ``quote`` of a
    datetree entry dated 2039-02-08 by its day."""
    from datetime import datetime

    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord(
        id="r1",
        event_time=datetime(2039, 2, 8, tzinfo=TZ),
        event_source="datetree",
        text=text,
        title=text.split("\n", 1)[0].lstrip("* "),
        path=("2039", "2039-02 February", "2039-02-08 Tuesday"),
    )
    operand = Operand(name, "r1", quote, expression, "event_time")
    return gate_check(f"When did I {name}?", record, operand)


@pytest.mark.parametrize(
    ("text", "quote", "expression", "name", "accepted"),
    [
        (
            "* 08:40 Signed the lease on the allotment\nPlot 14.",
            "Signed the lease on the allotment",
            "Signed",
            "sign the lease on the allotment",
            True,
        ),
        (
            "* Interview at the bike co-op\nA panel of two.",
            "Interview at the bike co-op",
            "Interview at the bike co-op",
            "have my interview at the bike co-op",
            True,
        ),
        (
            "* TODO Signed the lease on the allotment\nPlot 14.",
            "Signed the lease on the allotment",
            "Signed",
            "sign the lease on the allotment",
            False,  # a task's title
        ),
        (
            "* Interview at the bike co-op\nSCHEDULED: <2039-02-20 Sun>\nA panel of two.",
            "Interview at the bike co-op",
            "Interview at the bike co-op",
            "have my interview at the bike co-op",
            False,  # a planned heading
        ),
        (
            "* 08:40 Errands\n** Signed the lease on the allotment\nPlot 14.",
            "Signed the lease on the allotment",
            "Signed",
            "sign the lease on the allotment",
            False,  # another heading's title, not the entry's own
        ),
    ],
)
def test_the_gate_reads_an_entry_title_by_its_heading_line(
    text: str, quote: str, expression: str, name: str, accepted: bool
) -> None:
    assert (_gate(text, quote, expression, name) >= 0.85) is accepted
