""" "When did A and B …?" is answered only by a deed that tells both of them taking part.

A chat speaker's "we" is the speaker and the people just named ("Lea came over. We went to
the flea market on Saturday" — Maya and Lea), or the two speakers when the sentence says so
("We walked to the pier on Sunday, you and me"); a name beside the speaker's "I" ("Omar and
I fixed the boat", "I fixed the boat with Omar") is a taking part too. A question that joins
someone else to the speaker ("When did Maya and Jonas go to the flea market?" when Lea was
the one named) is refused: a false premise, not a date. The gate checks the same by its own
reading of the question's names against the quote and the two speakers' turns.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-08-20T12:00", TZ)

NOTES = {
    "chat-maya-jonas.org": """\
* Chat [2031-08-12 Tue 10:00]
** Jonas
How was your weekend?
** Maya
Lovely. Lea came over. We went to the flea market on Saturday and found a lamp.
** Jonas
Nice.
** Maya
And remember the pier? We walked to the pier on Sunday, you and me, with ice cream.
** Jonas
True! And Omar and I fixed the boat on Monday.
** Maya
I repainted the shed with Kasia yesterday. We also cleaned the gutters on Sunday.
""",
    "chat-ines-omar.org": """\
* Chat [2031-08-16 Sat 18:00]
** Omar
What did you get up to this week?
** Ines
Lea couldn't come. We went to the zoo on Sunday anyway.
** Omar
Shame.
** Ines
Pablo stayed home. We went to the beach on Tuesday.
** Omar
And after that?
** Ines
Pablo came too. We went to the lake on Thursday.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("we-and-the-people"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Maya and Lea go to the flea market?", "2031-08-09"),  # "we" after Lea
        ("When did Maya and Jonas walk to the pier?", "2031-08-10"),  # "we …, you and me"
        ("When did Jonas and Omar fix the boat?", "2031-08-11"),  # "Omar and I"
        ("When did Maya and Kasia repaint the shed?", "2031-08-11"),  # "with Kasia"
        ("When did Ines and Pablo go to the lake?", "2031-08-14"),  # "Pablo came too. We …"
    ],
)
def test_a_deed_told_of_both_is_answered(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Maya and Jonas go to the flea market?",  # "we" is Maya and Lea
        "When did Maya and Omar walk to the pier?",  # "you and me": Maya and Jonas
        "When did Maya and Omar fix the boat?",  # Jonas and Omar did
        "When did Maya and Jonas clean the gutters?",  # "we" of an unnamed household
        "When did Maya and Lea repaint the shed?",  # with Kasia
        "When did Ines and Lea go to the zoo?",  # "Lea couldn't come. We went …"
        "When did Ines and Pablo go to the beach?",  # "Pablo stayed home. We went …"
    ],
)
def test_a_question_joining_someone_who_took_no_part_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Maya and Lea go to the flea market?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("quote", "accepted"),
    [
        ("* Maya\nLea came over. We went to the flea market on Saturday.", True),
        ("* Maya\nLea and I went to the flea market on Saturday.", True),
        ("* Maya\nWe went to the flea market on Saturday.", False),
        ("* Maya\nTom came over. We went to the flea market on Saturday.", False),
        ("* Maya\nLea stayed home. We went to the flea market on Saturday.", False),
    ],
)
def test_the_gate_reads_who_took_part(quote: str, accepted: bool) -> None:
    """The gate alone: the question's second name must be told in the quote."""
    from notes_helpers import GATE_THRESHOLD, turn_gate_probability

    p = turn_gate_probability(
        "When did Maya and Lea go to the flea market?",
        quote,
        "go to the flea market",
        "on Saturday",
        speaker="Maya",
        written=NOW.replace(tzinfo=None),
    )
    assert (p >= GATE_THRESHOLD) is accepted, p
