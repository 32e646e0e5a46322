"""A present progressive with a time tells an arrangement, not a deed done.

"Theo is running the Berlin marathon in September", "Ravi said his sister Mira is getting
married in May", "I'm running a 10k in October": English uses the present progressive
with a time for what is arranged to come. A year-less month or date in such a clause is
the coming one (read forward from the note), so it never answers "When did … ?"; before
round 2 of the adversarial set it was read back to last year's month and accepted. The
progressive's subject is its doer as well ("Theo is running …" is no deed of the writer).
The resolver refuses such clauses itself; the gate, by its own reading of the clause
before the expression, doubts them. A past report of the same event is still answered,
and so is the plan when a plan is asked for.
"""

from __future__ import annotations

import pytest
from notes_helpers import GATE_THRESHOLD, answer, chat_session, gate_probability

from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-05-20T20:00", TZ)
STAMP = "2031-05-19 18:00"  # a Monday


ARRANGED = [
    (
        chat_session(
            ("user", "Theo is running the Berlin marathon in September."), ("assistant", "Fun!")
        ),
        "When did I run the Berlin marathon?",
    ),
    (
        chat_session(
            ("user", "I'm running the Berlin marathon in September."), ("assistant", "Fun!")
        ),
        "When did I run the Berlin marathon?",
    ),
    (
        chat_session(("user", "My cousin is getting married in August."), ("assistant", "Lovely.")),
        "When did my cousin get married?",
    ),
    (
        {
            "j.org": "* 2031-05-14 Wednesday\nRavi said his sister Mira is getting married in August.\n"
        },
        "When did Mira get married?",
    ),
    (
        chat_session(("Ada", "We're flying to Lisbon on the 3rd of July."), ("Ben", "Jealous.")),
        "When did Ada fly to Lisbon?",
    ),
    (
        chat_session(("Ada", "Kim is moving to Oslo in early September."), ("Ben", "So far!")),
        "When did Kim move to Oslo?",
    ),
]


@pytest.mark.parametrize(("notes", "question"), ARRANGED)
def test_the_resolver_refuses_a_progressive_arrangement_as_a_deed(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("arranged"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "unsupported", doc.get("value")  # the resolver's own refusal


@pytest.mark.parametrize(
    ("notes", "question", "month"),
    [
        (
            chat_session(("user", "Theo ran the Berlin marathon in April."), ("assistant", "Wow.")),
            "When did Theo run the Berlin marathon?",
            "2031-04",
        ),
        (
            chat_session(("user", "I ran the Berlin marathon in April."), ("assistant", "Wow.")),
            "When did I run the Berlin marathon?",
            "2031-04",
        ),
        (
            chat_session(("Ada", "Kim moved to Oslo in March."), ("Ben", "So far!")),
            "When did Kim move to Oslo?",
            "2031-03",
        ),
    ],
)
def test_a_past_report_of_the_same_event_is_still_answered(
    tmp_path_factory: pytest.TempPathFactory, notes: dict[str, str], question: str, month: str
) -> None:
    doc = answer(tmp_path_factory.mktemp("past"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"].startswith(month)


def test_the_progressive_doer_is_not_the_writer(tmp_path_factory: pytest.TempPathFactory) -> None:
    notes = chat_session(
        ("user", "Theo is running the half marathon today."), ("assistant", "Go Theo!")
    )
    question = "When did I run the half marathon?"
    doc = answer(tmp_path_factory.mktemp("doer"), notes, question, now=NOW, tz=TZ)
    assert doc["status"] != "accepted"
    assert "Theo" in " ".join(doc["metadata"]["explanation"])


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        (
            "Theo is running the Berlin marathon in September.",
            "run the Berlin marathon",
            "in September",
        ),
        (
            "I'm running the Berlin marathon in September.",
            "run the Berlin marathon",
            "in September",
        ),
        ("My sister is getting married in May.", "my sister get married", "in May"),
        ("We're flying to Lisbon on the 3rd of July.", "fly to Lisbon", "on the 3rd of July"),
    ],
)
def test_the_gate_doubts_a_progressive_with_a_time(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) < GATE_THRESHOLD


@pytest.mark.parametrize(
    ("quote", "name", "expression"),
    [
        ("I ran the Berlin marathon in September.", "run the Berlin marathon", "in September"),
        ("My sister got married in May.", "my sister get married", "in May"),
        (
            "I was flying to Lisbon on the 3rd of July when the strike began.",
            "fly to Lisbon",
            "on the 3rd of July",
        ),
    ],
)
def test_the_gate_still_accepts_a_past_report(quote: str, name: str, expression: str) -> None:
    assert gate_probability(quote, name, expression) >= GATE_THRESHOLD
