"""A heading whose title opens with its own inactive stamp, the way a capture template ("*
%U %?") files a meeting's notes or a log entry ("* [2031-06-26 Thu 10:00] Call with
Priya"), is an entry of that day: like a datetree day's, it dates the writer's past-tense
deeds in its body that have no time of their own ("I booked the caterers for the launch").

The rest of the journal rules hold: another person's deed, a deed in the pluperfect ("I had
emailed the volunteers" — before the entry), a deed with a time of its own, a stamp that is
not the title's opening ("* Call with Tom [2031-06-27 Fri]") and a chat turn's "I" (the
speaker's) are not dated by the entry's day. "No, it was the 19th" after a dated sentence
takes its date back even though the time engine reads no bare "the 19th" there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("Europe/Berlin")
NOW = parse_now("2031-07-01T20:00", TZ)

NOTES = {
    "meetings.org": """\
* [2031-06-25 Wed 09:00] Reopening
- We reopened at ten. I thanked the volunteers in a short speech.

* [2031-06-26 Thu 10:00] Call with Priya
I booked the caterers for the launch.
Priya signed with Brightline.
I had emailed the printers about the posters.
I ordered the banners on Monday.

* Call with Tom [2031-06-27 Fri]
I renewed the hall insurance.

* [2031-06-28 Sat 11:00] Budget check
I told her I had paid the electrician on the 18th. No, it was the 19th: I checked.
""",
    "chat.org": """\
* [2031-06-29 Sun 19:00] Chat
** Tom
I sold my old bike.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("stamped_log_entries"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I book the caterers for the launch?", "2031-06-26"),
        ("When did I thank the volunteers?", "2031-06-25"),
        ("When did I order the banners?", "2031-06-23"),  # its own time, read from the stamp
    ],
)
def test_a_stamped_headings_body_deeds_are_dated_by_its_stamp(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Priya sign with Brightline?",  # another person's deed, no time of its own
        "When did I email the printers about the posters?",  # pluperfect: before the entry
        "When did I renew the hall insurance?",  # the stamp does not open the title
        "When did I sell my old bike?",  # Tom's "I"
        "When did I pay the electrician?",  # "No, it was the 19th" takes the 18th back
    ],
)
def test_what_the_entrys_day_does_not_date_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("text", "expression", "taken_back"),
    [
        ("I paid the electrician on the 18th. No, it was the 19th: I checked.", "the 18th", True),
        ("I posted the form on Friday. Actually, it was Thursday.", "Friday", True),
        ("I paid the electrician on the 18th. No, he was fine about it.", "the 18th", False),
        ("I paid the electrician on the 18th. It was the 19th when he rang.", "the 18th", False),
    ],
)
def test_the_gate_reads_a_correction_in_the_next_sentence_on_its_own(
    text: str, expression: str, taken_back: bool
) -> None:
    from datetime import datetime

    from notes_helpers import GATE_THRESHOLD, gate_check

    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord("r1", datetime(2031, 6, 28, 11, 0, tzinfo=TZ), text)
    quote = text.split(". ")[0] + "."
    name = "pay the electrician" if "electrician" in text else "post the form"
    operand = Operand(name, "r1", quote, expression, "text_expression")
    verb = "pay the electrician" if "electrician" in text else "post the form"
    probability = gate_check(f"When did I {verb}?", record, operand)
    assert (probability < GATE_THRESHOLD) is taken_back
