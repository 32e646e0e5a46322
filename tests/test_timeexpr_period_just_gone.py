"""``the week just gone``, ``the month just past``: the last such period (British English).

Unread before; now the previous calendar period, as ``last week`` is (on a Saturday, ``the
weekend just gone`` is the one before, since this one has not gone). ``just past`` before a
noun is a place in time (``the week just past the solstice``) and is not read so.

Reference: Wednesday 2026-06-17 09:40 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)
SATURDAY = datetime(2026, 6, 13, 10, 0, tzinfo=UTC)


def days(expression: str, now: datetime = NOW) -> tuple[str, str]:
    w = resolve(expression, now, UTC)
    return w.start.date().isoformat(), w.end.date().isoformat()


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("the week just gone", ("2026-06-08", "2026-06-15")),
        ("The Week Just Past", ("2026-06-08", "2026-06-15")),
        ("the weekend just gone", ("2026-06-13", "2026-06-15")),
        ("the month just gone", ("2026-05-01", "2026-06-01")),
        ("the year just past", ("2025-01-01", "2026-01-01")),
        ("the quarter just gone", ("2026-01-01", "2026-04-01")),
    ],
)
def test_a_period_just_gone_is_the_last_one(expression: str, expected: tuple[str, str]) -> None:
    assert days(expression) == expected


def test_on_a_weekend_the_weekend_just_gone_is_the_one_before() -> None:
    assert days("the weekend just gone", SATURDAY) == ("2026-06-06", "2026-06-08")


@pytest.mark.parametrize(
    "expression", ["the week just", "the week just going", "the day just gone"]
)
def test_near_misses_of_just_gone_are_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


@pytest.mark.parametrize(
    ("note", "span"),
    [
        ("The weekend just gone was wet.", "The weekend just gone"),
        ("The month just past, we moved.", "The month just past"),
        ("The year just past was hard.", "The year just past"),
    ],
)
def test_a_note_finds_the_period_just_gone(note: str, span: str) -> None:
    assert [f.text for f in find(note, NOW, UTC)] == [span]


def test_just_past_before_a_noun_is_not_the_last_period() -> None:
    got = find("The week just past the solstice is mine.", NOW, UTC)
    assert all("past" not in f.text for f in got)
