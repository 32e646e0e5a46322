"""A deed done at an event (going to the opening, being at the party, making it to the
launch) whose own time the same sentence, or the sentence before, tells in another clause
is dated by that event's time, or refused — never by the note's day.

The unseen strangers4 set had "Saskia's exhibition opened on Thursday …; I went to the
opening" in an org-roam daily, and relate dated the going by the daily's day (the journal
licence), although the opening was on Thursday. The safe reading answers from the event's
time only when the deed is one of being at the event ("went to", "attended", "was at/there",
"made it to") and the clause that gives the time names the same event (its noun, or the verb
the noun is made from: "opened" / "the opening"; "it"/"there" for the event just named);
otherwise relate refuses. With no time of the event nearby, the journal day still dates the
deed. The gate reads the quote by its own pattern: a journal deed whose object is an event,
with a time told in another clause of the quote or the sentence before it, is not dated by
the note's day; a time cited from that other clause passes only where the clause names the
deed's event and another clause tells the deed done at it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from notes_helpers import GATE_THRESHOLD, ask, chat_session, gate_verdict, notes_store

from prme_cli.relate.types import EvidenceRecord, Operand
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2037-07-15T20:00", TZ)

NOTES = {
    # org-roam dailies (Mondays)
    "2037-04-13.org": """#+title: 2037-04-13

Lotte's pottery exhibition opened on Thursday at the Fitzroy gallery; I went to the opening
with Ravi and bought a small vase.
""",
    "2037-04-20.org": """#+title: 2037-04-20

The album launch was last Friday at the library. I went to it after work with Dana.
""",
    "2037-04-27.org": """#+title: 2037-04-27

Went to the funeral of my great-aunt Hilde. It was held in Bremen, in the old chapel.
""",
    "2037-06-01.org": """#+title: 2037-06-01

Cleaned the flat on Saturday morning. Went to Ana's housewarming with Ravi.
""",
    "2037-06-15.org": """#+title: 2037-06-15

Up at seven, and I went to the garden party at the embassy with Jonas.
""",
    # a datetree journal
    "journal.org": """* 2037
** 2037-05 May
*** 2037-05-04 Monday
The derby was played on Saturday at the old ground; I went to the match with my brother.
*** 2037-05-11 Monday
The school concert was on Wednesday evening. I was there with Mum, in the back row.
*** 2037-05-18 Monday
Went to the opening of the new climbing wall with Jonas.
*** 2037-05-25 Monday
The regatta was held on Saturday in the harbour. I made it to the race with Oskar.
""",
    # a chat session with an assistant, one heading per turn
    **chat_session(
        ("user", "Kofi's farewell party was on Saturday, and I went to the party with Ama."),
        ("assistant", "That sounds like a good send-off. Farewell parties often run late."),
        stamp=datetime(2037, 6, 8, 10, 0),
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("event-time-beside"), NOTES, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # "opened on Thursday" names the opening by its verb: Thursday 9 April
        ("When did I go to the opening of Lotte's exhibition?", "2037-04-09"),
        # "the party was on Saturday … went to the party": Saturday 6 June
        ("When did I go to Kofi's farewell party?", "2037-06-06"),
    ],
)
def test_a_deed_at_the_event_is_dated_by_the_events_time(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did I go to the album launch?",  # "it" after "was last Friday": not the 20th
        "When did I go to the match?",  # the derby's Saturday; "the match" is not its word
        "When did I go to the school concert?",  # "I was there": not the 11th
        "When did I make it to the race?",  # the regatta's Saturday, told the sentence before
    ],
)
def test_the_notes_day_does_not_date_a_deed_at_an_event_timed_beside_it(
    store: Store, question: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    if doc["status"] == "accepted":
        day = doc["value"]["date"]
        assert day not in ("2037-04-20", "2037-05-04", "2037-05-11", "2037-05-25"), doc[
            "metadata"
        ].get("explanation")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I go to the funeral of my great-aunt?", "2037-04-27"),
        ("When did I go to the opening of the climbing wall?", "2037-05-18"),
        # the time before is the cleaning's: it names no event
        ("When did I go to Ana's housewarming?", "2037-06-01"),
        # an hour of the note's own day gives the event no other day
        ("When did I go to the garden party at the embassy?", "2037-06-15"),
    ],
)
def test_with_no_time_of_the_event_nearby_the_journal_day_dates_the_deed(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


def _gate(name: str, quote: str, expression: str, basis: str, *, before: str = "") -> float:
    text = f"#+title: 2037-04-13\n\n{before}{quote}\n"
    record = EvidenceRecord(
        "d", datetime(2037, 4, 13), text, title="2037-04-13", event_source="filename"
    )
    operand = Operand(name, "d", quote, expression, basis)
    return min(gate_verdict(f"When did I {name}?", record, operand))


@pytest.mark.parametrize(
    ("name", "quote", "before"),
    [
        (
            "go to the opening of Lotte's exhibition",
            "Lotte's exhibition opened on Thursday; I went to the opening with Ravi.",
            "",
        ),
        ("go to the match", "The derby was on Saturday, and I went to the match.", ""),
        ("go to the book launch", "I went to the launch after work.", "The launch was on Friday. "),
        ("go to the party", "I went to it with Ama.", "Kofi's party was last Saturday. "),
    ],
)
def test_the_gate_refuses_the_journal_day_for_a_deed_at_an_event_timed_beside_it(
    name: str, quote: str, before: str
) -> None:
    verb = "went"
    assert _gate(name, quote, verb, "event_time", before=before) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("name", "quote", "before"),
    [
        ("go to the funeral", "Went to the funeral of my great-aunt Hilde.", "Slept badly. "),
        ("go to the party", "Went to Ana's party with Ravi.", "Cleaned the flat on Saturday. "),
        ("go to the party", "Up at seven, and I went to Ana's party.", ""),
    ],
)
def test_the_gate_passes_the_journal_day_with_no_time_of_the_event_nearby(
    name: str, quote: str, before: str
) -> None:
    verb = "Went" if "Went" in quote else "went"
    assert _gate(name, quote, verb, "event_time", before=before) >= GATE_THRESHOLD


@pytest.mark.parametrize(
    ("name", "quote", "expression", "passes"),
    [
        (
            "go to the opening of Lotte's exhibition",
            "Lotte's exhibition opened on Thursday; I went to the opening with Ravi.",
            "on Thursday",
            True,
        ),
        (
            "go to the party",
            "Kofi's party was on Saturday, and I went to the party with Ama.",
            "on Saturday",
            True,
        ),
        # the timed clause names another event than the one gone to
        (
            "go to the opening of Lotte's exhibition",
            "The kiln broke on Thursday; I went to the opening with Ravi.",
            "on Thursday",
            False,
        ),
        (
            "go to the party",
            "The car broke down on Saturday, and I went to the party with Ama.",
            "on Saturday",
            False,
        ),
        # a clause after the deed that refers back to the event dates it
        (
            "go to the craft fair",
            "Went to the craft fair in town. It was on Saturday.",
            "Saturday",
            True,
        ),
    ],
)
def test_the_gate_reads_the_events_time_from_the_clause_that_names_it(
    name: str, quote: str, expression: str, passes: bool
) -> None:
    probability = _gate(name, quote, expression, "text_expression")
    assert (probability >= GATE_THRESHOLD) is passes, probability
