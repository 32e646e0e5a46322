"""A day of its own, with a count from another event set beside it after a comma, dates the
deed: "I sent the council application on Wednesday, two days before the deadline".

The time engine reads "Wednesday, two days before" as one phrase that counts from a time
told before it; relate then refused the whole clause as pointing back (sessions4's first run:
"Which did I do first, start the beekeeping course or send the council application?"). The
count set off by a comma only says the same day again from an event whose day the notes may
not give, so the day of its own is the deed's (:func:`timefind._own_time_before_apposition`).
Without the comma the count governs the day ("the Wednesday after the deadline" is counted
from the deadline), and a count with no day of its own ("two days before the deadline") still
dates nothing: the resolver refuses both, and the gate, by its own pattern
(``gate._COUNTED_ON``), refuses a day picked out by "the" that an "after" or "before" right
behind it counts from another event ("the Monday following the strike"), while "on Friday
after the test drive" stays the deed's own day.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, converted_session, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2030-06-20T18:00", TZ)


NOTES = {
    "session-00.org": converted_session(
        "2030-05-24 Fri 10:00",
        "chat-5e55a0000001",
        [
            (
                "user",
                (
                    "I sent the grant application on Wednesday, two days before the deadline, "
                    "with the budget sheet in it. Fingers crossed!"
                ),
            ),
            ("assistant", "Good luck! Panels often take a few weeks to decide."),
            (
                "user",
                "I also mailed the tax form two days before the deadline, which was a relief.",
            ),
        ],
    ),
    "session-01.org": converted_session(
        "2030-06-05 Wed 19:30",
        "chat-5e55a0000002",
        [
            (
                "user",
                (
                    "We moved into the new flat on June 3rd, a week after the wedding. The boxes "
                    "are everywhere."
                ),
            ),
            ("assistant", "Congratulations on both! Unpack the kitchen first."),
            (
                "user",
                (
                    "Thanks. I repotted the fig tree on Saturday, the day after the frost, and it "
                    "looks fine."
                ),
            ),
            ("assistant", "Figs are tough once they are established."),
            (
                "user",
                (
                    "I posted the wedding thank-you cards the Monday after the strike, when the "
                    "post office opened again."
                ),
            ),
        ],
    ),
    "session-02.org": converted_session(
        "2030-06-14 Fri 08:45",
        "chat-5e55a0000003",
        [
            (
                "user",
                (
                    "I handed in my notice yesterday, a day after the offer came through. Now I "
                    "need a leaving present for my team."
                ),
            ),
            ("assistant", "Something to share, like good coffee or pastries, always works."),
            (
                "user",
                (
                    "Good idea. I renewed my passport on Tuesday, three days after the interview, "
                    "and I bought new running shoes on Sunday, a week before the race."
                ),
            ),
            (
                "user",
                "I'll book the farewell lunch on Tuesday, two days before my last day.",
            ),
            ("assistant", "That sounds lovely."),
            (
                "user",
                "I returned the library books on a Thursday, two days before the fine was due.",
            ),
        ],
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("apposed"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I send the grant application?", "2030-05-22"),
        ("When did we move into the new flat?", "2030-06-03"),
        ("When did I repot the fig tree?", "2030-06-01"),
        ("When did I hand in my notice?", "2030-06-13"),
        ("When did I renew my passport?", "2030-06-11"),
        ("When did I buy new running shoes?", "2030-06-09"),
    ],
)
def test_the_day_of_its_own_dates_the_deed(store: Store, question: str, day: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        # a count with no day of its own: the deadline's day is never told
        "When did I mail the tax form?",
        # no comma: the Monday is counted from the strike
        "When did I post the wedding thank-you cards?",
        # a plan, not a deed
        "When did I book the farewell lunch?",
        # an indefinite weekday names no particular day
        "When did I return the library books?",
    ],
)
def test_a_count_without_a_day_of_its_own_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


def test_the_order_uses_the_day_of_its_own(store: Store) -> None:
    doc = ask(store, "Which did I do first, send the grant application or repot the fig tree?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"][0] == "send the grant application"


WRITTEN = datetime(2030, 5, 24, 10, 0)


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "I sent the grant application on Wednesday, two days before the deadline.",
            "send the grant application",
            "Wednesday",
        ),
        (
            "I repotted the fig tree on Saturday, the day after the frost.",
            "repot the fig tree",
            "Saturday",
        ),
        ("I ran the errand on Friday after work.", "run the errand", "Friday"),
    ],
)
def test_gate_accepts_a_day_with_a_count_set_beside_it(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression, written=WRITTEN) >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "I sent the grant application the Wednesday after the deadline.",
            "send the grant application",
            "Wednesday",
        ),
        (
            "I posted the cards the Monday following the strike.",
            "post the cards",
            "Monday",
        ),
        (
            "I called the plumber the morning before the inspection.",
            "call the plumber",
            "morning",
        ),
    ],
)
def test_gate_refuses_a_day_counted_from_another_event(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression, written=WRITTEN) < GATE_THRESHOLD
