"""``halfway through the month``, ``halfway into the week``: the middle of the period.

Read as ``the middle of`` reads it (its middle third, approximate). ``halfway through`` a
thing that is no time (``the film``) stays nothing. Invented phrases.

Reference: Wednesday 2026-06-17 09:40 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.errors import TimeExpressionError
from prme_cli.timeexpr import find, resolve

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)


def window(expression: str) -> tuple[str, str, bool]:
    w = resolve(expression, NOW, UTC)
    return w.start.date().isoformat(), w.end.date().isoformat(), w.approximate


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("halfway through the month", "the middle of the month"),
        ("Halfway through next week", "the middle of next week"),
        ("halfway through the year", "the middle of the year"),
        ("halfway through 2025", "the middle of 2025"),
        ("halfway through june", "the middle of june"),
        ("halfway into the week", "the middle of the week"),
    ],
)
def test_halfway_through_a_period_is_its_middle(expression: str, same_as: str) -> None:
    assert window(expression) == window(same_as)
    assert window(expression)[2]  # approximate


@pytest.mark.parametrize("expression", ["halfway", "halfway through", "halfway through the film"])
def test_halfway_without_a_period_is_refused(expression: str) -> None:
    with pytest.raises(TimeExpressionError):
        resolve(expression, NOW, UTC)


def test_a_note_finds_halfway_through_a_month_but_not_through_a_film() -> None:
    assert [f.text for f in find("Halfway through June we moved.", NOW, UTC)] == [
        "Halfway through June"
    ]
    assert [f.text for f in find("We left halfway through the film on Friday.", NOW, UTC)] == [
        "Friday"
    ]
