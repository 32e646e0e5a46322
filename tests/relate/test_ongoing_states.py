"""Ongoing states (SPEC §6: the aspect "ongoing state since a time").

"I've been learning the cello for six weeks now" says the learning began six weeks before the
note. The length of a state told in an asserted present perfect dates its start — and only
its start: "when did I start learning the cello", "how long have I been learning the cello".
Asked as a deed ("when did I learn the cello") it is refused, by the resolver and by
validation (``state_start_only``). A negated perfect ("I haven't smoked for ten days") says
when something stopped, a past span ("I worked at the museum for two years") and a visit
("I've been to Porto for a week") no start: all refused. Notes in a datetree journal, an
org-roam daily, a first-person chat and a two-person chat.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.interpret import interpret, ongoing_length, ongoing_problem
from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import validate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2026-04-20T12:00", TZ)

NOTES = {
    "journal.org": """\
* 2026
** 2026-04 April
*** 2026-04-10 Friday
I've been learning the cello for six weeks now and my fingers finally hurt less.
""",
    "2026-04-12.org": """\
#+title: 2026-04-12

* Notes
We have lived in the new flat for two months, and the boxes are finally gone.
""",
    "chat-a.org": """\
* Chat [2026-04-14 Tue 20:00]
** Ana
I've been volunteering at the food bank for three weeks now.
** Ben
Good for you. I haven't smoked for ten days!
""",
    "chat-b.org": """\
* Chat [2026-04-15 Wed 09:00]
** user
I worked at the maritime museum for two years before the council job.
I've been to Porto for a week, the tiles were gorgeous.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("ongoing"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I start learning the cello?", "2026-02-27"),
        ("When did we start living in the new flat?", "2026-02-12"),
        ("When did Ana start volunteering at the food bank?", "2026-03-24"),
    ],
)
def test_a_states_length_up_to_the_note_dates_its_start(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day
    (operand,) = doc["metadata"]["operands"]
    assert operand["time_expression"].startswith("for ")


def test_how_long_have_i_been_counts_from_the_states_start(store: Store) -> None:
    doc = ask(store, "How many weeks have I been learning the cello?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 52  # 2026-02-27 to 2026-04-20


@pytest.mark.parametrize(
    "question",
    [
        "When did I learn the cello?",
        "When did Ana volunteer at the food bank?",
        "When did Ben stop smoking?",
        "When did I start working at the maritime museum?",
        "When did I go to Porto?",
    ],
)
def test_a_state_asked_as_a_deed_or_told_otherwise_is_refused(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- the reading


@pytest.mark.parametrize(
    ("expression", "length"),
    [
        ("for three weeks now", "three weeks"),
        ("for the past 6 months", "6 months"),
        ("for two years so far", "two years"),
        ("on Monday", None),
    ],
)
def test_the_length_of_a_state_is_read_from_for_and_now(
    expression: str, length: str | None
) -> None:
    assert ongoing_length(expression) == length


@pytest.mark.parametrize(
    ("quote", "ok"),
    [
        ("I've been learning Spanish for three weeks now", True),
        ("Marco has worked at the bakery for three weeks now", True),
        ("I haven't smoked for three weeks now", False),
        ("I was ill for three weeks now", False),
        ("I've been to Rome for three weeks now", False),
    ],
)
def test_only_an_asserted_present_perfect_tells_a_state(quote: str, ok: bool) -> None:
    assert (ongoing_problem(quote, "for three weeks now") is None) is ok


VTZ = ZoneInfo("Europe/Berlin")
QDATE = datetime(2026, 4, 20, 12, 0, tzinfo=VTZ)
RECORD = EvidenceRecord(
    "cello",
    datetime(2026, 4, 10, 18, 0),
    "I've been learning the cello for six weeks now.",
)
OPERAND = Operand(
    "start learning the cello",
    "cello",
    "I've been learning the cello for six weeks now.",
    "for six weeks now",
    "text_expression",
)


def test_validation_reads_the_length_as_the_states_start() -> None:
    dated = interpret(OPERAND, RECORD, question_date=QDATE, tz=VTZ)
    assert dated.start is not None and dated.start.date().isoformat() == "2026-02-27"
    question = "When did I start learning the cello?"
    resolution = Resolution("absolute_date", (OPERAND,))
    records = {"cello": RECORD}
    assert (
        validate(resolution, records, question=question, unit=None, question_date=QDATE, tz=VTZ)
        == []
    )


def test_validation_refuses_a_states_length_for_a_deed() -> None:
    question = "When did I learn the cello?"
    operand = Operand(
        "learn the cello", "cello", OPERAND.quote, OPERAND.time_expression, "text_expression"
    )
    errors = validate(
        Resolution("absolute_date", (operand,)),
        {"cello": RECORD},
        question=question,
        unit=None,
        question_date=QDATE,
        tz=VTZ,
    )
    assert [e.code for e in errors] == ["state_start_only"]
