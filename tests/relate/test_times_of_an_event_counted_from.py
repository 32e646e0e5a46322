"""A time after "after/before + a noun" dates that other event, not the deed counted from it.

"I fixed the roof the day after the storm on Tuesday", "We repainted the hall after the
flood in March", "I called the insurer before the inspection on Friday": the time belongs
to the storm, the flood, the inspection. Read as the deed's it answered "When did I fix
the roof?" with the storm's Tuesday (the second adversarial probe round). The resolver
refuses such a time itself and the gate doubts it by its own reading; a routine of the same
day ("after work on Tuesday") still dates the deed, and so does a time told apart from the
"after" ("on Tuesday, the day after the storm").
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, gate_probability, journal_day

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)


@pytest.mark.parametrize(
    ("line", "question"),
    [
        ("I fixed the roof the day after the storm on Tuesday.", "When did I fix the roof?"),
        ("We repainted the hall after the flood in March.", "When did I repaint the hall?"),
        ("I called the insurer before the inspection on Friday.", "When did I call the insurer?"),
        ("Sold the bike a week after the race on Saturday.", "When did I sell the bike?"),
    ],
)
def test_the_resolver_refuses_the_time_of_the_event_counted_from(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("counted"), journal_day(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")


@pytest.mark.parametrize(
    ("line", "question", "date"),
    [
        ("I fixed the roof after work on Tuesday.", "When did I fix the roof?", "2031-05-13"),
        (
            "I fixed the roof on Tuesday, the day after the storm.",
            "When did I fix the roof?",
            "2031-05-13",
        ),
        ("After the storm, I fixed the roof on Tuesday.", "When did I fix the roof?", "2031-05-13"),
    ],
)
def test_a_same_day_routine_or_a_time_apart_from_the_after_still_dates_the_deed(
    tmp_path_factory: pytest.TempPathFactory, line: str, question: str, date: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("routine"), journal_day(line), question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I fixed the roof the day after the storm on Tuesday.", "fix the roof", "on Tuesday"),
        ("We repainted the hall after the flood in March.", "repaint the hall", "in March"),
        ("I called the insurer before the inspection on Friday.", "call the insurer", "on Friday"),
    ],
)
def test_the_gate_doubts_the_time_of_the_event_counted_from(
    quote: str, name: str, expression: str
) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I fixed the roof after work on Tuesday.", "fix the roof", "on Tuesday"),
        ("I fixed the roof on Tuesday after the storm.", "fix the roof", "on Tuesday"),
    ],
)
def test_the_gate_still_accepts_the_deeds_own_time(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
