"""A time right after "to" is where something was moved, not when the moving happened.

"I moved the team meeting to Friday", "We postponed the dinner with Joan to Saturday",
"Pushed the dentist appointment back to Monday": the weekday is the moved thing's new
time. Read as the deed's date it answers "When did I move the team meeting?" with a
Friday that never saw any moving (round 2 of the adversarial set accepted exactly that).
The resolver refuses such a time itself (its reason names it), and the gate, by its own
reading of the words before the expression, doubts it; a deed told with "on Friday" is
still answered.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


def journal(line: str) -> dict[str, str]:
    """One datetree day, Wednesday 2031-05-14, holding ``line``."""
    return journal_day(line, day="2031-05-14 Wednesday")


MOVED = [
    ("I moved the team meeting to Friday.", "When did I move the team meeting?"),
    ("We postponed the dinner with Joan to Saturday.", "When did I postpone the dinner with Joan?"),
    (
        "Pushed the dentist appointment back to Monday.",
        "When did I push the dentist appointment back?",
    ),
]


@pytest.mark.parametrize(("line", "question"), MOVED)
def test_the_resolver_refuses_a_time_something_was_moved_to(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("moved"), journal(line), question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted", doc.get("value")
    assert doc["status"] == "unsupported"  # the resolver's own refusal, not the gate's


@pytest.mark.parametrize(
    ("line", "question", "date"),
    [
        ("I moved the team meeting on Monday.", "When did I move the team meeting?", "2031-05-12"),
        (
            "On Tuesday we postponed the dinner with Joan to Saturday.",
            "When did I postpone the dinner with Joan?",
            "2031-05-13",
        ),
        # the journal day dates the writer's past deed; "the 22nd" is only the new time
        (
            "Rescheduled the piano lesson to the 22nd.",
            "When did I reschedule the piano lesson?",
            "2031-05-14",
        ),
    ],
)
def test_the_day_of_the_moving_itself_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("moving"), journal(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I moved the team meeting to Friday.", "move the team meeting", "Friday"),
        ("We pushed the dinner back to Saturday.", "push the dinner back", "Saturday"),
        (
            "Changed the dentist appointment to the 22nd.",
            "change the dentist appointment",
            "the 22nd",
        ),
    ],
)
def test_the_gate_doubts_a_time_after_to(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I moved the team meeting on Friday.", "move the team meeting", "on Friday"),
        ("On Saturday we pushed the dinner back a week.", "push the dinner back", "On Saturday"),
    ],
)
def test_the_gate_still_accepts_the_day_of_the_deed(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
