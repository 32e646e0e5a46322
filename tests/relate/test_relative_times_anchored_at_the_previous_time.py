"""A relative time that counts from an earlier moment is anchored at the time told just before
it in the same entry, not at the note's own date.

An unseen org set (strangers3) kept a lab notebook as ``#+DATE`` files with dated list items;
an undated item "- Emailed Prof. Oduya a one-page summary two days later" after
"- [2035-03-14 Wed] Results came in early!" was answered with the file's date (a wrong answer
accepted). "Two days later", "the next day", "the following Monday", "a week after that",
"the next morning" count from the time told before them: in the expression's own sentence
before it, in the sentence right before it, or in the dated list item right before it (every
sentence of a dated item is that item's day). Only when nothing dated precedes it in the
entry does it count from the entry's own day, and then only in a journal entry (a datetree
day, a daily file, a ``#+DATE`` file). It is refused when the anchor is ambiguous: two times
before it that disagree, a range or a day-named heading, an undated sentence or item standing
between the time and the expression, or nothing dated in its entry outside a journal (a chat
turn's "three days later" counts from another turn). The resolver, validation
(``interpret``) and the gate (by its own reading) each check this.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_check, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.relate import interpret
from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import counts_from_before, parse_now, zone

TZ = zone("Europe/Oslo")
NOW = parse_now("2036-12-20T20:00", TZ)

SOIL = """#+TITLE: Soil pH survey
#+DATE: 2036-04-01

Collected soil cores from the north field. The sieve broke halfway.

- [2036-04-09 Wed] The pH meter arrived from the supplier.
- Calibrated the meter with the buffer set the next day.
- [2036-04-14 Mon] Measured the pH of all twelve cores. The readings were oddly high.
- Sent the spreadsheet to Dr. Halvorsen three days later, with the raw files.
- [2036-04-20 Sun] Ordered reagents on the 16th and the centrifuge rotor on the 18th.
- Unpacked the reagents two days later.
- [2036-04-22 Tue] Cleaned the fume hood.
- Restocked the nitrile gloves.
- Replaced the hood filter a day later.
"""

KILN = """#+TITLE: Kiln notes
#+DATE: [2036-06-01 Sun]

Loaded the kiln with the glazed mugs. A week later I unloaded the mugs, two of them cracked.

- [2036-06-03 Tue] Mixed a new batch of celadon glaze.

Fired the bisque batch on 10 June 2036. Two days after that I glazed the salad bowls.

Bought new kiln shelves on the 20th of June. The next day I cleaned the old shelves.
"""

ALLOTMENT = """#+TITLE: Allotment
#+DATE: <2036-07-06 Sun>

- [2036-07-08 Tue] Sowed the winter lettuce in the cold frame.
- [2036-07-15 Tue] Staked the runner beans.
- Netted the brassicas the following Monday.
"""

JOURNAL = """* 2036
** 2036-08 August
*** 2036-08-03 Sunday
Drove up to the cabin with Ines. The next morning we hiked to the fire tower.
"""

TRIPS = """#+TITLE: Trips

* Trip to Bergen <2036-05-10 Sat>--<2036-05-14 Wed>
Bought a wool sweater at the harbour market the next day.
"""

CHAT = """#+TITLE: Chat of 2036-09-20
* Chat [2036-09-20 Sat 18:00]
** user
I had my bike serviced on September 9th. Two days later the rear brake failed on the hill.
** assistant
That sounds scary. Are you alright?
** user
I'm fine. Three days later I replaced the brake pads myself.
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    notes = {
        "soil.org": SOIL,
        "kiln.org": KILN,
        "allotment.org": ALLOTMENT,
        "journal.org": JOURNAL,
        "trips.org": TRIPS,
        "chat.org": CHAT,
    }
    yield from notes_store(tmp_path_factory.mktemp("anchored"), notes, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # an undated list item after a dated one: the dated item's day
        ("When did I calibrate the pH meter?", "2036-04-10"),
        ("When did I send the spreadsheet to Dr. Halvorsen?", "2036-04-17"),
        ("When did I net the brassicas?", "2036-07-21"),
        # prose: the time of the same sentence or the one before it
        ("When did I glaze the salad bowls?", "2036-06-12"),
        # nothing dated before it in a #+DATE file: the file's day
        ("When did I unload the mugs?", "2036-06-08"),
        # a journal entry: the entry's day
        ("When did we hike to the fire tower?", "2036-08-04"),
        # a chat turn: a time told earlier in the same turn
        ("When did the rear brake fail?", "2036-09-11"),
    ],
)
def test_a_relative_time_counts_from_the_time_told_before_it(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        # the item before it gives two times that disagree (the 16th, the 18th, the 20th)
        "When did I unpack the reagents?",
        # an undated item stands between the dated one and "a day later"
        "When did I replace the hood filter?",
        # a range: its first day or its last?
        "When did I buy the wool sweater?",
        # nothing dated before it in its turn: it counts from another turn
        "When did I replace the brake pads?",
        # a day without a year after the file's date: this year's or last year's?
        "When did I clean the old kiln shelves?",
    ],
)
def test_an_ambiguous_anchor_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # dated list items of a #+DATE file are dated by their own stamp, in the three forms
        ("When did I measure the pH of the cores?", "2036-04-14"),  # 2036-04-01
        ("When did I mix the celadon glaze?", "2036-06-03"),  # [2036-06-01 Sun]
        ("When did I sow the winter lettuce?", "2036-07-08"),  # <2036-07-06 Sun>
        ("When did I stake the runner beans?", "2036-07-15"),
    ],
)
def test_a_dated_item_of_a_dated_file_is_dated_by_its_own_stamp(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    ("expression", "counts"),
    [
        ("two days later", True),
        ("the next day", True),
        ("the following Monday", True),
        ("a week after that", True),
        ("that evening", True),
        ("the next morning", True),
        ("two days ago", False),
        ("tomorrow", False),
        ("next Monday", False),
        ("on the 5th of March", False),
    ],
)
def test_the_engine_tells_a_time_counted_from_the_one_before(expression: str, counts: bool) -> None:
    assert counts_from_before(expression) is counts


def _record(text: str, written: datetime, source: str = "keyword") -> EvidenceRecord:
    return EvidenceRecord(id="r1", event_time=written, text=text, title="Note", event_source=source)


LAB = """#+TITLE: EXP-31 spore counts
#+DATE: 2036-03-01

Plated the spores this morning.

- [2036-03-14 Fri] Counts came back. Colony A is the fast one.
- Emailed Prof. Moreau the tally two days later.
"""


def _operand(quote: str, expression: str, name: str) -> Operand:
    return Operand(name, "r1", quote, expression, "text_expression")


def test_validation_reads_the_previous_items_day() -> None:
    record = _record(LAB, datetime(2036, 3, 1))
    quote = "Emailed Prof. Moreau the tally two days later."
    dated = interpret.interpret(
        _operand(quote, "two days later", "email Prof. Moreau the tally"),
        record,
        question_date=NOW,
        tz=TZ,
    )
    assert dated.start is not None and dated.start.date().isoformat() == "2036-03-16"


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        (  # two days in the sentence before it that disagree
            (
                "#+DATE: 2036-03-01\n\nPosted the form on the 3rd and the cheque on the 6th."
                " Two days later the bank rang.\n"
            ),
            "Two days later the bank rang.",
        ),
        (  # an undated item between
            (
                "#+DATE: 2036-03-01\n\n- [2036-03-04 Tue] Posted the form.\n- Filed the copy.\n"
                "- The bank rang two days later.\n"
            ),
            "The bank rang two days later.",
        ),
    ],
)
def test_validation_refuses_an_ambiguous_anchor(text: str, quote: str) -> None:
    record = _record(text, datetime(2036, 3, 1))
    with pytest.raises(interpret.InterpretError):
        interpret.interpret(
            _operand(quote, "Two days later" if quote.startswith("Two") else "two days later", "x"),
            record,
            question_date=NOW,
            tz=TZ,
        )


def _gate(text: str, quote: str, expression: str, name: str, source: str = "keyword") -> float:
    record = _record(text, datetime(2036, 3, 1), source)
    operand = _operand(quote, expression, name)
    return gate_check(f"When did I {name}?", record, operand)


def test_the_gate_accepts_a_time_anchored_at_the_previous_item() -> None:
    quote = "Emailed Prof. Moreau the tally two days later."
    assert _gate(LAB, quote, "two days later", "email Prof. Moreau the tally") >= GATE_THRESHOLD


def test_the_gate_rejects_a_reading_counted_from_the_files_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Even if validation counted "two days later" from the file's date (2036-03-03), the
    gate, reading the anchor itself, refuses it."""

    def from_the_file(record: EvidenceRecord, *args: Any, **kwargs: Any) -> Any:
        assert record.event_time is not None
        day = record.event_time.replace(tzinfo=TZ)
        return (day, day.replace(day=day.day + 1), "day")

    monkeypatch.setattr(interpret, "narrative_anchor", from_the_file)
    quote = "Emailed Prof. Moreau the tally two days later."
    assert _gate(LAB, quote, "two days later", "email Prof. Moreau the tally") < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("text", "quote", "expression"),
    [
        (  # an undated item between the dated one and the expression
            (
                "#+DATE: 2036-03-01\n\n- [2036-03-04 Tue] Posted the form.\n- Filed the copy.\n"
                "- Rang the bank two days later.\n"
            ),
            "Rang the bank two days later.",
            "two days later",
        ),
        (  # a range before it
            "* Trip <2036-05-10 Sat>--<2036-05-14 Wed>\nRang the bank the next day.\n",
            "Rang the bank the next day.",
            "the next day",
        ),
        (  # a chat turn with nothing dated before it
            "** user\nI'm fine. Rang the bank three days later.\n",
            "I'm fine. Rang the bank three days later.",
            "three days later",
        ),
    ],
)
def test_the_gate_refuses_an_anchor_it_cannot_find(text: str, quote: str, expression: str) -> None:
    source = "keyword" if text.startswith("#+DATE") else "ancestor"
    assert _gate(text, quote, expression, "ring the bank", source) < GATE_THRESHOLD


PLANS = """#+TITLE: Chat of 2036-10-08
* Chat [2036-10-08 Wed 18:00]
** user
I'm taking the ferry on Friday, and the next day I visit my aunt in Kiel.
** assistant
Lovely.
** user
I repainted the shed on Wednesday, and the next day I varnished the gate.
** assistant
Busy week!
** user
I called the dentist on Monday, and I cleaned the gutters the day after.
"""


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("plans"), {"chat.org": PLANS}, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did I visit my aunt in Kiel?",  # counted from a coming Friday
        "When did I varnish the gate?",  # "on Wednesday" in a note written on a Wednesday
    ],
)
def test_a_weekday_anchor_is_read_as_a_bare_weekday_is(plans: Store, question: str) -> None:
    doc = ask(plans, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_past_weekday_anchors_the_day_after(plans: Store) -> None:
    doc = ask(plans, "When did I clean the gutters?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2036-10-07"  # Monday 6 October, the day after


ASIDES = """#+TITLE: Chat of 2036-11-12
* Chat [2036-11-12 Wed 18:00]
** user
I booked the ferry for 20 October. Two days later the visa letter came.
** assistant
Good.
** user
I met Ana, who moved here on 3 October. Two days later we had lunch at the market.
** assistant
Nice.
** user
I posted the forms on 5 October. Two days later the council rang me back.
"""


@pytest.fixture(scope="module")
def asides(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("asides"), {"chat.org": ASIDES}, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "When did the visa letter come?",  # "for 20 October" is the ferry's day, not the booking's
        "When did we have lunch at the market?",  # "on 3 October" is Ana's move, a relative clause
    ],
)
def test_a_bound_or_a_relative_clauses_time_anchors_nothing(asides: Store, question: str) -> None:
    doc = ask(asides, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_plain_dated_sentence_anchors_the_next(asides: Store) -> None:
    doc = ask(asides, "When did the council ring me back?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2036-10-07"


#: A time before "two days later" that is a bound or an aim, and one of a relative clause.
ASIDE_TURNS = [
    "** user\nI booked the ferry for 20 October. Rang the bank two days later.\n",
    "** user\nI met Ana, who moved here on 3 October. Rang the bank two days later.\n",
]


@pytest.mark.parametrize("text", ASIDE_TURNS)
def test_the_gate_refuses_a_bound_or_a_relative_clauses_time(text: str) -> None:
    said = "Rang the bank two days later."
    assert _gate(text, said, "two days later", "ring the bank", "ancestor") < GATE_THRESHOLD


@pytest.mark.parametrize("text", ASIDE_TURNS)
def test_validation_refuses_a_bound_or_a_relative_clauses_time(text: str) -> None:
    record = _record(text, datetime(2036, 11, 12, 18, 0), "ancestor")
    quote = "Rang the bank two days later."
    with pytest.raises(interpret.InterpretError):
        interpret.interpret(
            _operand(quote, "two days later", "ring the bank"), record, question_date=NOW, tz=TZ
        )
