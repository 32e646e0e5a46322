""" "last week, on Sunday the 1st": a weekday that begins a date of its own.

A helper found that "I varnished the mast last week, on Sunday the 1st" (written Wednesday
11 April 2035) answered "When did I varnish the mast?" with Sunday the 8th: the finder took
"last week, on Sunday" (the Sunday of the Monday-to-Sunday week before) and dropped "the
1st", the date the writer gave. When the weekday an expression ends with begins a date
("Sunday the 1st"), the two must agree: the same day told twice is one expression; two
days that disagree (a week counted from Sunday, say) leave the sentence undated, and the
question is refused rather than answered with either.
"""

from __future__ import annotations

import pytest
from notes_helpers import answer, answered, journal_day, refused

from prme_cli.timeexpr import find, parse_now, zone

TZ = zone("UTC")
WEDNESDAY = parse_now("2035-04-11T12:00", TZ)
NOW = parse_now("2035-06-30T20:00", TZ)


@pytest.mark.parametrize(
    "sentence",
    [
        "I varnished the mast last week, on Sunday the 1st.",
        "Scraped the hull last week on Sunday the 1st, in the rain.",
    ],
)
def test_a_weekday_date_that_disagrees_with_its_week_is_no_time(sentence: str) -> None:
    assert [f.text for f in find(sentence, WEDNESDAY, TZ)] == []


@pytest.mark.parametrize(
    ("sentence", "text", "day"),
    [
        (
            "I varnished the mast last week, on Sunday the 8th.",
            "last week, on Sunday the 8th",
            "2035-04-08",
        ),
        ("We sailed last week on Sunday, then rested.", "last week on Sunday", "2035-04-08"),
        ("Back on Monday the 9th.", "Monday the 9th", "2035-04-09"),
    ],
)
def test_a_weekday_and_a_date_that_agree_are_one_time(sentence: str, text: str, day: str) -> None:
    found = find(sentence, WEDNESDAY, TZ)
    assert [(f.text, f.start.date().isoformat()) for f in found] == [(text, day)]


def test_relate_refuses_a_deed_whose_week_and_date_disagree(tmp_path) -> None:  # type: ignore[no-untyped-def]
    notes = journal_day(
        "I varnished the mast last week, on Sunday the 1st.", day="2035-04-11 Wednesday"
    )
    notes = {
        "journal.org": notes["journal.org"].replace("2031", "2035").replace("05 May", "04 April")
    }
    refused(answer(tmp_path, notes, "When did I varnish the mast?", now=NOW, tz=TZ))


def test_relate_answers_a_deed_whose_week_and_date_agree(tmp_path) -> None:  # type: ignore[no-untyped-def]
    notes = journal_day(
        "I varnished the mast last week, on Sunday the 8th.", day="2035-04-11 Wednesday"
    )
    notes = {
        "journal.org": notes["journal.org"].replace("2031", "2035").replace("05 May", "04 April")
    }
    answered(answer(tmp_path, notes, "When did I varnish the mast?", now=NOW, tz=TZ), "2035-04-08")
