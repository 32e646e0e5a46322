"""A deed told of an ordinal part of a thing does not date the thing as a whole.

"When did I start the Expanse series?" is not answered by "I began the second book of the
Expanse series last Friday" nor "When did I finish Bluey?" by "I finished season 3 of Bluey
yesterday" (a number says which part, never that it is the last): starting a part other than
the first is not starting the whole,
finishing a part other than the last is not finishing it, and a question with no start or
end ("When did I read the Ashdown trilogy?") is not answered by one part. The first class
does start the course and the last episode does finish the show; a question that names the
part itself ("the second book of …") is answered by it; an ordinal inside the date ("on the
first Saturday of September") is the date's. The resolver skips such a sentence and
validation refuses a resolver that cites one (``part_not_whole``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import validate
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2025-09-30T12:00", TZ)
# 2025-09-10 is a Wednesday: "last Friday" is 2025-09-05, "yesterday" 2025-09-09.

NOTES = {
    "chat.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I began the second book of the Expanse series last Friday, it is even better than the first.
I finished the third season of Slow Horses yesterday and cried at the ending.
Yesterday I read the middle volume of the Ashdown trilogy, well, the second volume of the Ashdown trilogy.
I went to the first class of the watercolour course last Friday and loved it.
I watched the last episode of Shetland yesterday, what a finale.
We visited the cider farm on the first Saturday of September with my cousins.
I finished season 3 of Bluey yesterday with the kids.
I started book two of the Wayfarers series last Friday.
I had lunch with two of my friends from the choir yesterday.
""",
    "plain.org": """\
* Chat [2025-09-10 Wed 19:00]
** user
I started the Riverside podcast last Friday on the train.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("parts"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    "question",
    [
        "When did I start the Expanse series?",
        "When did I begin reading the Expanse series?",
        "When did I finish Slow Horses?",
        "When did I finish watching Slow Horses?",
        "When did I read the Ashdown trilogy?",
        "When did I finish Bluey?",
        "When did I start the Wayfarers series?",
    ],
)
def test_a_part_of_the_thing_does_not_date_the_whole(store: Store, question: str) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did I start the second book of the Expanse series?", "2025-09-05"),
        ("When did I finish the third season of Slow Horses?", "2025-09-09"),
        ("When did I start the watercolour course?", "2025-09-05"),
        ("When did I finish watching Shetland?", "2025-09-09"),
        ("When did we visit the cider farm?", "2025-09-06"),
        ("When did I start the Riverside podcast?", "2025-09-05"),
        ("When did I finish season 3 of Bluey?", "2025-09-09"),
        ("When did I start book two of the Wayfarers series?", "2025-09-05"),
        ("When did I have lunch with my friends from the choir?", "2025-09-09"),
    ],
)
def test_the_part_asked_an_endpoint_part_and_a_date_ordinal_are_answered(
    store: Store, question: str, day: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == day


# --------------------------------------------------------------------------- validation

VTZ = ZoneInfo("UTC")
QDATE = datetime(2025, 9, 30, 12, 0, tzinfo=VTZ)
WRITTEN = datetime(2025, 9, 10, 19, 0)


def _codes(question: str, quote: str, name: str, expression: str) -> list[str]:
    records = {"r": EvidenceRecord("r", WRITTEN, quote)}
    operand = Operand(name, "r", quote, expression, "text_expression")
    resolution = Resolution("absolute_date", (operand,))
    return [
        e.code
        for e in validate(
            resolution, records, question=question, unit=None, question_date=QDATE, tz=VTZ
        )
    ]


@pytest.mark.parametrize(
    ("question", "name", "quote"),
    [
        (
            "When did I start the Expanse series?",
            "start the Expanse series",
            "I began the second book of the Expanse series last Friday.",
        ),
        (
            "When did I finish the pottery course?",
            "finish the pottery course",
            "I finished the fourth session of the pottery course last Friday.",
        ),
        (
            "When did I watch Severance?",
            "watch Severance",
            "I watched the first episode of Severance last Friday.",
        ),
    ],
)
def test_validation_refuses_a_part_cited_for_the_whole(
    question: str, name: str, quote: str
) -> None:
    assert "part_not_whole" in _codes(question, quote, name, "last Friday")


@pytest.mark.parametrize(
    ("question", "name", "quote"),
    [
        (
            "When did I start the pottery course?",
            "start the pottery course",
            "I went to the first session of the pottery course last Friday.",
        ),
        (
            "When did I finish Severance?",
            "finish Severance",
            "I watched the last episode of Severance last Friday.",
        ),
        (
            "When did I start the second book of the Expanse series?",
            "start the second book of the Expanse series",
            "I began the second book of the Expanse series last Friday.",
        ),
        (
            "When did I visit the cider farm?",
            "visit the cider farm",
            "I visited the cider farm last Friday, the second farm of the trip.",
        ),
    ],
)
def test_validation_accepts_the_whole_an_endpoint_part_or_the_part_asked(
    question: str, name: str, quote: str
) -> None:
    assert "part_not_whole" not in _codes(question, quote, name, "last Friday")
