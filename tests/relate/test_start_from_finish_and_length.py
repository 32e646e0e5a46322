"""A finish told on the note's own day with the activity's length dates the activity's
start: "I just finished reading 'The Overstory' in 12 days" began about 12 days before the
note, and so does "I finished the harbour jigsaw today, in three weeks". The finish may be
told by the sentence before, the length then naming the thing already told ("I just
finished watching 'The Expanse'! I started it on a Friday night and finished the whole show
in only 10 days").

The start is approximate (a count of days may be inclusive), so it orders events but dates
no "when" question. A finish on another day ("back in March"), a new thing after the
finish told before ("I finished a scarf in 6 days too"), a length in hours, a finish to
come, or a question about the finish itself (which the finish's own day answers) is no
start.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import converted_session, notes_store

from prme_cli.relate import interpret
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2034-06-30T20:00", TZ)


def _user(stamp: str, key: str, text: str) -> str:
    return converted_session(stamp, key, [("user", text), ("assistant", "Sounds good.")])


NOTES = {
    "s1.org": _user(
        "2034-05-19 Fri 10:00",
        "chat-aa01",
        'I just finished watching "The Expanse"! I started it on a Friday night and finished '
        "the whole show in only 10 days.",
    ),
    "s2.org": _user(
        "2034-05-21 Sun 09:00",
        "chat-aa02",
        'I had been meaning to watch "Slow Horses" for a while, and I finally started it '
        "about a month ago.",
    ),
    "s3.org": _user(
        "2034-06-02 Fri 18:00",
        "chat-aa03",
        'I just finished reading "The Overstory" in 12 days! What should I read next?',
    ),
    "s4.org": _user(
        "2034-06-03 Sat 18:00",
        "chat-aa04",
        'I started "Small Gods" about two months ago and I am still on chapter four.',
    ),
    "s5.org": _user(
        "2034-06-10 Sat 20:00",
        "chat-aa05",
        "I finished the harbour jigsaw today, in three weeks. My table is free again!",
    ),
    "s6.org": _user(
        "2034-06-12 Mon 20:00",
        "chat-aa06",
        'I finished "Middlemarch" in 20 days, back in March. Now I want something shorter.',
    ),
    "s7.org": _user(
        "2034-06-14 Wed 20:00",
        "chat-aa07",
        "I just finished the quilt for my niece. I finished a lace scarf in 6 days too.",
    ),
    "s8.org": _user(
        "2034-06-16 Fri 20:00",
        "chat-aa08",
        "I just got my first pottery wheel. I had been meaning to try throwing for a while.",
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("finish-length"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "order"),
    [
        (
            "Which show did I start watching first, 'The Expanse' or 'Slow Horses'?",
            ["Slow Horses", "The Expanse"],
        ),
        (
            "Which book did I start reading first, 'The Overstory' or 'Small Gods'?",
            ["Small Gods", "The Overstory"],
        ),
        (
            "Which did I start first, the harbour jigsaw or reading 'Small Gods'?",
            ["reading 'Small Gods'", "the harbour jigsaw"],
        ),
    ],
)
def test_a_finish_with_its_length_orders_the_start(
    store: Store, question: str, order: list[str]
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"] == order


def test_the_start_so_counted_is_approximate_and_dates_no_when_question(store: Store) -> None:
    doc = ask(store, "When did I start reading The Overstory?")
    assert doc["status"] != "accepted", doc["value"]


def test_the_finish_itself_is_dated_by_its_own_day(store: Store) -> None:
    doc = ask(store, "When did I finish reading The Overstory?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == "2034-06-02"


@pytest.mark.parametrize(
    "question",
    [
        # finished back in March: its length counts from no known day
        "Which book did I start reading first, 'Middlemarch' or 'Small Gods'?",
        # "a lace scarf" is another thing than the quilt finished "just"
        "Which did I start first, the lace scarf or reading 'Small Gods'?",
    ],
)
def test_a_finish_on_another_day_or_of_another_thing_dates_no_start(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I just finished the novel in 12 days.", "in 12 days"),
        ("I finished the mural this morning in just two weeks.", "in just two weeks"),
        ("Just finished my first sock! I finished it in only 9 days.", "in only 9 days"),
    ],
)
def test_finishes_on_the_notes_day_with_a_length(quote: str, expression: str) -> None:
    assert interpret.finish_before(quote, expression) is not None
    assert interpret.finished_problem(quote, expression) is None


@pytest.mark.parametrize(
    ("quote", "expression"),
    [
        ("I'm flying to Lima in 12 days.", "in 12 days"),  # no finish: a coming day
        ("I finished the race today in 4 hours.", "in 4 hours"),  # hours may cross midnight
        ("I finished the novel in about two weeks, I think.", "in about two weeks"),  # hedged
        ("I'll have finished the course in 3 weeks.", "in 3 weeks"),  # to come
        ("I finished the novel in 12 days last spring.", "in 12 days"),  # another day
        ("I didn't get it finished today in 3 days.", "in 3 days"),  # negated
        ("I just finished the quilt. I finished a scarf in 6 days.", "in 6 days"),  # new thing
    ],
)
def test_lengths_that_date_no_start(quote: str, expression: str) -> None:
    assert interpret.finished_problem(quote, expression) is not None
