"""``a week ago Sunday``: counted back from the last such day, and amounts are no days.

"I finished the mandolin a week ago Sunday", told on Monday 8 January, is Sunday 31
December — the Sunday before the last one — not the Sunday of the week that began a week
ago (the ninth unseen round's first run answered the 7th). With "on" ("two weeks ago on
Friday") the weekday of that week stays the reading. A number right after a weekday is a
day of the month unless a word of measure follows it: "Saturday, 30 km on the bike" says
how far, not the 30th.
"""

from __future__ import annotations

import pytest

from prme_cli.timeexpr import find, parse_now, resolve, zone

TZ = zone("America/New_York")
MONDAY = parse_now("2046-01-08T12:00", TZ)  # Monday 8 January 2046


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("a week ago Sunday", "2045-12-31"),
        ("a week ago Thursday", "2045-12-28"),
        ("two weeks ago Friday", "2045-12-22"),
        ("a week ago Monday", "2046-01-01"),  # today's weekday: a week ago today
    ],
)
def test_a_weekday_after_weeks_ago_counts_back_from_the_last_such_day(text: str, day: str) -> None:
    assert resolve(text, MONDAY, TZ).start.date().isoformat() == day


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("two weeks ago on Friday", "2045-12-29"),  # that week's Friday
        ("a week from Sunday", "2046-01-21"),
        ("a week ago", "2046-01-01"),
    ],
)
def test_other_weeks_ago_and_weeks_from_readings_stay(text: str, day: str) -> None:
    assert resolve(text, MONDAY, TZ).start.date().isoformat() == day


def test_a_week_ago_sunday_in_a_sentence_is_found_whole() -> None:
    found = find("I finished the mandolin a week ago Sunday.", MONDAY, TZ)
    assert [(f.text, f.start.date().isoformat()) for f in found] == [
        ("a week ago Sunday", "2045-12-31")
    ]


SPRING = parse_now("2046-04-02T12:00", zone("Europe/Madrid"))  # Monday 2 April 2046


@pytest.mark.parametrize(
    "sentence",
    [
        "I did my first brick session on Saturday, 30 km on the bike and a short run.",
        "Swam on Saturday 12 laps of the big pool.",
        "Hosted a barbecue on Saturday, 14 people in the garden.",
    ],
)
def test_a_number_with_a_word_of_measure_after_a_weekday_is_no_day_of_the_month(
    sentence: str,
) -> None:
    found = find(sentence, SPRING, zone("Europe/Madrid"))
    assert [(f.text, f.start.date().isoformat()) for f in found] == [("Saturday", "2046-03-31")]


@pytest.mark.parametrize(
    ("sentence", "text", "day"),
    [
        ("The party is on Saturday 16 June.", "Saturday 16 June", "2046-06-16"),
        ("We met on Saturday 16 at the cafe.", "Saturday 16", "2046-06-16"),
    ],
)
def test_a_day_of_the_month_after_a_weekday_is_still_read(
    sentence: str, text: str, day: str
) -> None:
    found = find(sentence, SPRING, zone("Europe/Madrid"))
    assert [(f.text, f.start.date().isoformat()) for f in found] == [(text, day)]
