"""A "when" question whose evidence is a week is answered with that week, also when the week
runs across a month end.

SPEC §6: "When did …" is answered at the evidence's grain — "a day, or a week, weekend or
month when that is all the notes say". Validation asked every date of an absolute answer to lie
inside one month, so "I started cello lessons last week", told on Wednesday 7 May 2031 (last
week: Monday 28 April – Sunday 4 May), was refused while the same words a week later were
answered (pairs3's first run). A date now needs its window inside one month *or* one calendar
week (Monday to Sunday); a day count, a count in months and a window wider than a week still
need their own grain.
"""

from __future__ import annotations

import pytest
from notes_helpers import answer

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-25T20:00", TZ)
# Wednesday 2031-05-07 and Tuesday 2031-05-06: "last week" is 2031-04-28 .. 2031-05-04.

CHAT = """\
#+TITLE: Chat of 2031-05-07
* Chat [2031-05-07 Wed 19:00]
** Ana
Anything new?
** Cleo
I did something new: I started cello lessons last week.
** Ana
Brilliant.
"""
JOURNAL = """\
* 2031
** 2031-05 May
*** 2031-05-07 Wednesday
Repainted the garden shed last week, finally.
"""
DAILY = """\
:PROPERTIES:
:ID: 6c1f0d7e-0000-4000-8000-000000000001
:END:
#+title: 2031-05-06
Visited the Vermeer exhibition last week with Tom.
"""
NOTES = {"chat.org": CHAT, "journal.org": JOURNAL, "2031-05-06.org": DAILY}


@pytest.mark.parametrize(
    "question",
    [
        "When did Cleo start cello lessons?",
        "When did I repaint the garden shed?",
        "When did I visit the Vermeer exhibition?",
    ],
)
def test_a_week_across_a_month_end_answers_when(
    tmp_path_factory: pytest.TempPathFactory, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("week"), NOTES, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["start"].startswith("2031-04-28")
    assert doc["value"]["end"].startswith("2031-05-05")


@pytest.mark.parametrize(
    "question",
    [
        "How many days ago did Cleo start cello lessons?",
        "How many months ago did I repaint the garden shed?",
    ],
)
def test_a_week_across_a_month_end_still_counts_no_days_or_months(
    tmp_path_factory: pytest.TempPathFactory, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("count"), NOTES, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")
