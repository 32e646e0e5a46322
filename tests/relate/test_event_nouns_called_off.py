"""An event told as a noun and then called off did not happen at its time.

"My flight to Oslo on Friday got cancelled", "The concert on Friday was called off", "Our
trip to Bruges on Saturday got postponed because of the strike": the noun phrase names the
event with its time, and the clause's own verb, after it, undoes it. The resolver read
negation only a few words around the event's noun and answered "When did I fly to Oslo?"
with the cancelled Friday (the third adversarial probe round); it now reads the whole
clause of an event told as a noun. The gate, by its own reading, doubts a time whose
clause calls the event off, unless calling it off is the deed asked about.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, user_says

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


@pytest.mark.parametrize(
    ("words", "question"),
    [
        ("My flight to Oslo on Friday got cancelled.", "When did I fly to Oslo?"),
        ("The concert on Friday was called off.", "When did I go to the concert?"),
        (
            "Our trip to Bruges on Saturday got postponed because of the strike.",
            "When did I go to Bruges?",
        ),
    ],
)
def test_the_resolver_refuses_an_event_noun_whose_clause_calls_it_off(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("off"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("words", "question", "date"),
    [
        ("My flight to Oslo on Friday was smooth.", "When did I fly to Oslo?", "2031-05-16"),
        ("I flew to Oslo on Friday.", "When did I fly to Oslo?", "2031-05-16"),
    ],
)
def test_an_event_noun_that_went_ahead_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, words: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("ahead"), user_says(words), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("My flight to Oslo on Friday got cancelled.", "fly to Oslo", "on Friday"),
        ("The concert on Friday was called off.", "go to the concert", "on Friday"),
        ("Our trip to Bruges on Saturday got postponed.", "go to Bruges", "on Saturday"),
    ],
)
def test_the_gate_doubts_a_time_whose_clause_calls_the_event_off(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("My flight to Oslo on Friday was smooth.", "fly to Oslo", "on Friday"),
        (
            "On Tuesday we postponed the dinner with Joan.",
            "postpone the dinner with Joan",
            "On Tuesday",
        ),
    ],
)
def test_the_gate_still_accepts_an_event_that_went_ahead_or_the_calling_off_asked(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
