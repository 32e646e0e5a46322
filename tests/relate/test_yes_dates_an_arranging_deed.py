"""A yes with a time to "Did you sign up for …?" dates the signing up, not what was signed up for.

"Did you sign up for the pottery course?" — "Yes, on Monday." is read as "I signed up for
the pottery course, on Monday." (:func:`prme_cli.relate.interpret.answered_statement`): the
bare weekday the yes gives, set off by the comma after the asked deed, answers when of the
deed asked, so the rule that a bare weekday closing the "for …" of an arranging verb dates
the arranged event (:func:`prme_cli.relate.interpret.bare_day_problem`) does not hold for it.
Refused: the same words said as one sentence ("I signed up for the choir concert on
Saturday": the concert's day), a yes whose time opens a clause of its own ("Yes, it's on
Friday"), and the event signed up for asked as done ("When did Ida sit the exam?": the
signing up is a deed that leads up to it, with its particle "signed up for").
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
NOW = parse_now("2031-09-20T12:00", TZ)

NOTES = {
    "chat-ida-milan.org": """\
* Chat [2031-09-12 Fri 18:00]
** Milan
Did you sign up for the pottery course in the end?
** Ida
Yes, on Monday. The first class is in October.
** Milan
Nice. Did you register for the harbour 10k?
** Ida
Yes, on Wednesday, before the price went up.
** Milan
And did you book a table for the anniversary dinner?
** Ida
Yes, it's on Saturday at eight.
** Milan
Did you sign up for the Spanish exam?
** Ida
Yes, on Tuesday.
""",
    "chat-sara-tom.org": """\
* Chat [2031-09-13 Sat 11:00]
** Sara
I signed up for the choir concert on Thursday.
** Tom
Brave of you.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("yes-arranging"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did Ida sign up for the pottery course?", "2031-09-08"),  # "Yes, on Monday."
        ("When did Ida register for the harbour 10k?", "2031-09-10"),  # "Yes, on Wednesday, …"
        ("When did Ida sign up for the Spanish exam?", "2031-09-09"),  # "Yes, on Tuesday."
    ],
)
def test_the_yes_dates_the_signing_up(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    "question",
    [
        "When did Sara sign up for the choir concert?",  # one sentence: the concert's day
        "When did Ida book a table for the anniversary dinner?",  # "Yes, it's on Saturday"
        "When did Ida sit the Spanish exam?",  # the signing up leads up to it
        "When did Ida go to the pottery course?",  # nor is it going
    ],
)
def test_what_was_signed_up_for_is_not_dated_by_the_yes(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", (doc["value"], doc["metadata"].get("operands"))
    control = ask(store, "When did Ida sign up for the pottery course?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("sit the Spanish exam", "I signed up for the Spanish exam in the end, on Tuesday."),
        ("get the transfer to Leeds", "I put in for the transfer to Leeds on Monday."),
        ("run the harbour 10k", "We signed on for the harbour 10k last week."),
    ],
)
def test_a_verb_and_particle_before_for_is_a_deed_leading_up_to_the_thing(
    name: str, sentence: str
) -> None:
    from prme_cli.relate.symbolic import align
    from prme_cli.relate.symbolic.question import EventPhrase

    m = align.match(align.model_phrase(EventPhrase(name), {}, 10), sentence, first_person=True)
    assert m is not None
    assert any("not the event's own verb" in p for p in m.problems), m.problems


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("sign up for the Spanish exam", "I signed up for the Spanish exam on Tuesday."),
        ("sit the Spanish exam", "I sat the Spanish exam on Tuesday, then signed up for more."),
    ],
)
def test_the_deed_itself_is_not_taken_for_one_leading_up_to_it(name: str, sentence: str) -> None:
    from prme_cli.relate.symbolic import align
    from prme_cli.relate.symbolic.question import EventPhrase

    m = align.match(align.model_phrase(EventPhrase(name), {}, 10), sentence, first_person=True)
    assert m is not None
    assert not any("not the event's own verb" in p for p in m.problems), m.problems
