"""The time engine reads the day headings of week files, leaning forward from the file's date.

A week's file (``#+DATE:`` its Monday) names its days "Mon 26 Feb", "Tuesday 6th", "Fri 1
June", "Wednesday": ingest reads each with :func:`prme_cli.timeexpr.resolve` and
``not_before`` the file's date (:func:`prme_cli.org.heading_day`). These are the engine's
side of that contract; :func:`prme_cli.timeexpr.day_words` says where a text names a day's
parts even when the grammar refuses the whole ("Fri 5 March" in a year whose 5th is a
Monday), so a caller can refuse instead of reading no day at all.
"""

from __future__ import annotations

from datetime import date

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import day_words, parse_now, resolve, zone

TZ = zone("UTC")
MONDAY = parse_now("2035-03-05", TZ)  # a Monday


@pytest.mark.parametrize(
    ("heading", "day"),
    [
        ("Mon 5 Mar", date(2035, 3, 5)),
        ("Tuesday 6th", date(2035, 3, 6)),
        ("Wed 7 March", date(2035, 3, 7)),
        ("Friday 9th", date(2035, 3, 9)),
        ("Sat 10th", date(2035, 3, 10)),
        ("Sunday", date(2035, 3, 11)),  # the first Sunday on or after the Monday
        ("Fri 1 June", date(2035, 6, 1)),
        ("Monday, 12 March", date(2035, 3, 12)),
    ],
)
def test_a_day_heading_resolves_forward_from_the_files_date(heading: str, day: date) -> None:
    window = resolve(heading, MONDAY, TZ, not_before=MONDAY)
    assert (window.start.date(), window.grain) == (day, "day")


@pytest.mark.parametrize("heading", ["Fri 5 March", "Sun 6 Mar"])
def test_a_weekday_that_disagrees_with_its_date_is_refused(heading: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(heading, MONDAY, TZ, not_before=MONDAY)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Fri 5 March", ["Fri", "March"]),
        ("Tuesday 9th", ["Tuesday", "9th"]),
        ("the 14th, after lunch", ["14th"]),
        ("Notes of [2035-03-07 Wed]", ["[2035-03-07 Wed]"]),
    ],
)
def test_day_words_names_the_parts_of_a_day(text: str, named: list[str]) -> None:
    assert [text[a:b] for a, b in day_words(text)] == named


@pytest.mark.parametrize("text", ["Chapter 11", "Ideas for the garden", "3 things to fix"])
def test_day_words_finds_none_in_plain_text(text: str) -> None:
    assert day_words(text) == []
