"""Signing a document for a thing is the deed itself, and "paid for X" pays for X.

"Signed the lease for the bakery on Tuesday" tells the signing on Tuesday: a bakery is no
event arranged for a day, and "sign" arranges only with its particle ("signed up for the
half marathon on Sunday": Sunday may be the race's). "Paid for the cargo bike on Thursday"
is paying on Thursday: "for" is the verb's own complement there. An arranging verb whose
purpose phrase may hold the day ("booked a table for Ingrid's dinner on Friday", "paid the
deposit for the wedding on Saturday") still dates what was arranged, so it is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import answered, ask, notes_store, refused

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Dublin")
NOW = parse_now("2039-09-01T20:00", TZ)

NOTES = {
    # Wednesday 9 March 2039
    "2039-03-09.org": "#+title: 2039-03-09\n"
    "Signed the lease for the bakery on Tuesday, five years with an option to renew.\n",
    # Saturday 16 April 2039
    "2039-04-16.org": "#+title: 2039-04-16\n"
    "I signed the contract for the allotment on Friday. Plot 9, by the gate.\n",
    # Sunday 15 May 2039
    "2039-05-15.org": "#+title: 2039-05-15\n"
    "We paid for the cargo bike on Thursday and collected it today.\n",
    # Monday 6 June 2039
    "2039-06-06.org": "#+title: 2039-06-06\n"
    "Signed up for the half marathon on Sunday, the entry was cheap.\n"
    "Booked a table for Ingrid's dinner on Friday.\n"
    "Paid the deposit for the wedding on Saturday.\n",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("signing"), NOTES, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I sign the lease for the bakery?", "2039-03-08"),
        ("When did I sign the contract for the allotment?", "2039-04-15"),
        ("When did we pay for the cargo bike?", "2039-05-12"),
    ],
)
def test_a_signing_or_a_paying_for_a_thing_is_dated_by_its_weekday(
    store: Store, question: str, day: str
) -> None:
    answered(ask(store, question, now=NOW, tz=TZ), day)


@pytest.mark.parametrize(
    "question",
    [
        "When did I sign up for the half marathon?",  # Sunday may be the race's
        "When did I book a table for Ingrid's dinner?",  # Friday may be the dinner's
        "When did I pay the deposit for the wedding?",  # Saturday may be the wedding's
    ],
)
def test_a_weekday_after_an_arranged_purpose_is_refused(store: Store, question: str) -> None:
    refused(ask(store, question, now=NOW, tz=TZ))
