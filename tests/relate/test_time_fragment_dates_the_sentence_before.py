"""A sentence made of a time alone dates the deed told in the sentence just before it.

"I finally returned the rental car. Yesterday, just before they closed.": the second
sentence has no clause of its own, only a time (with at most "finally" or a clause of time
or reason hanging on it), so its time is the first sentence's (the symbolic resolver's
``_next_sentence_date``, beside "It was on Saturday."). Refused: a time that opens a
clause of its own ("Yesterday, my neighbour complained."), a hedge ("Tuesday, I think."),
a coming time ("Next week, hopefully."), a time asked back, a time after a paragraph break,
and a bare weekday ("On Monday, after work."): the fragment has no tense to read it by.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import GATE_THRESHOLD, gate_probability, notes_store
from notes_helpers import ask as ask_notes

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-10-20T12:00", TZ)

NOTES = {
    "chat-ida-milan.org": """\
* Chat [2031-10-10 Fri 18:00]
** Ida
I finally returned the rental car. Yesterday, just before they closed.
** Milan
Good. I renewed my passport at last. Last Monday, after work.
** Ida
I painted the garden fence. Yesterday, my neighbour complained about the smell.
** Milan
I sold the old piano. Tuesday, I think.
** Ida
I cleaned out the gutters. Next week, hopefully.
""",
    "chat-sara-tom.org": """\
* Chat [2031-10-12 Sun 11:00]
** Sara
We adopted a kitten from the shelter. Last Saturday, because they had too many.
** Tom
I baked the wedding cake.

Last Thursday, finally.
** Sara
Did you fix the porch light? Yesterday?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("time-fragment"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ida return the rental car?", "2031-10-09"),  # "Yesterday, just before …"
        ("When did Milan renew his passport?", "2031-10-06"),  # "Last Monday, after work."
        ("When did Sara adopt a kitten?", "2031-10-11"),  # "Last Saturday, because …"
    ],
)
def test_a_time_alone_dates_the_sentence_before(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Ida paint the garden fence?",  # "Yesterday, my neighbour complained …"
        "When did Milan sell the old piano?",  # "Tuesday, I think."
        "When did Ida clean out the gutters?",  # "Next week, hopefully."
        "When did Tom bake the wedding cake?",  # the time after a paragraph break
        "When did Sara fix the porch light?",  # a question, with a time asked back
    ],
)
def test_a_time_with_a_clause_or_a_doubt_of_its_own_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Ida return the rental car?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("Last Friday, at last, I fixed the boiler.", "fix the boiler", "Last Friday"),
        (
            "I renewed my passport at last. Yesterday, before work.",
            "renew my passport",
            "Yesterday",
        ),
    ],
)
def test_at_last_is_no_date_between_the_time_and_the_deed(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD


def test_another_time_between_the_time_and_the_deed_still_counts() -> None:
    quote = "Last Friday, not last Monday, I fixed the boiler."
    assert gate_probability(quote, "fix the boiler", "Last Friday") < GATE_THRESHOLD
