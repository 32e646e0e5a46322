"""A reply that is only a time answers the other speaker's past question with a yes.

"Have you heard back from the agency?" — "Last Friday, finally!": a turn that opens with a
sentence made of a time expression and at most a word like "finally", "only" or "just"
tells the asked deed as done then, the way "Yes, last Friday." does (read through the one
yes reader, :func:`prme_cli.relate.interpret.answered_statement`, by the resolver and the
gate). Refused: a time asked back ("Last Friday?"), a hedge ("Tuesday, I think"), a coming
time ("Next week, hopefully."), a negation ("Not since Friday."), a time that opens a
clause of its own ("On Monday my sister went"), and a time given to a question about
someone else ("Did she …?") or to a question that is no past question ("Are you going …?").
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
NOW = parse_now("2031-07-20T12:00", TZ)

NOTES = {
    "chat-ida-milan.org": """\
* Chat [2031-07-12 Sat 10:00]
** Milan
Have you heard back from the agency?
** Ida
Last Friday, finally! They want me in September.
** Milan
Great news. Did you book the ferry to Hvar?
** Ida
On Tuesday. The early one, sadly.
** Milan
Did you renew the parking permit?
** Ida
Tuesday, I think. Or Wednesday.
** Milan
Did you repaint the hallway?
** Ida
Next weekend, hopefully.
""",
    "chat-sara-tom.org": """\
* Chat [2031-07-15 Tue 19:00]
** Tom
Did you finally return the drill to Pete?
** Sara
Yesterday, at last.
** Tom
Did you call the landlord?
** Sara
Not since Friday.
** Tom
Did you visit the new bakery?
** Sara
On Sunday my sister went, I stayed home.
** Tom
Did she sell the piano?
** Sara
Last week.
** Tom
Are you going to the reunion?
** Sara
On Saturday.
** Tom
Did you fix the gate?
** Sara
Last Monday?
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("time-answers"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ida hear back from the agency?", "2031-07-11"),  # "Last Friday, finally!"
        ("When did Ida book the ferry to Hvar?", "2031-07-08"),  # "On Tuesday."
        ("When did Sara return the drill to Pete?", "2031-07-14"),  # "Yesterday, at last."
    ],
)
def test_a_time_alone_answers_the_past_question_before_it(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Ida renew the parking permit?",  # "Tuesday, I think. Or Wednesday."
        "When did Ida repaint the hallway?",  # "Next weekend, hopefully."
        "When did Sara call the landlord?",  # "Not since Friday."
        "When did Sara visit the new bakery?",  # the time opens her sister's clause
        "When did Sara sell the piano?",  # "Did she …?": someone else's deed
        "When did Sara go to the reunion?",  # "Are you going …?": no past question
        "When did Sara fix the gate?",  # "Last Monday?": a time asked back
        "When did Milan hear back from the agency?",  # the asker's deed it is not
    ],
)
def test_a_time_that_does_not_answer_yes_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Ida book the ferry to Hvar?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")
