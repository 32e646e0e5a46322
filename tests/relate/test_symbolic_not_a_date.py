"""Words the time engine finds that date nothing in a note (each with a control that does).

A number glued to a word ("the 19th-century exhibit"), "recently" (only "before the note"),
"during the day", and "in one weekend" told in the past (how long it took) never date an
event, nor stand as a rival date against one that does.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.relate.symbolic import SymbolicResolver
from prme_cli.relate.types import EvidenceRecord, ProviderAudit, ResolveRequest

TZ = ZoneInfo("UTC")
ASKED = datetime(2026, 5, 30, 12, 0, tzinfo=TZ)
NOTE = datetime(2026, 5, 20, 18, 0)


def resolve(question: str, text: str) -> str:
    request = ResolveRequest(question, ASKED, (EvidenceRecord("n1", NOTE, text),))
    return SymbolicResolver().resolve(request, ProviderAudit("symbolic")).operation


@pytest.mark.parametrize(
    ("question", "undated", "dated"),
    [
        (
            "When did I visit the tapestry exhibit?",
            "I visited the 15th-century tapestry exhibit with Jo.",
            "I visited the 15th-century tapestry exhibit with Jo on May 12th.",
        ),
        (
            "When did I repaint the porch?",
            "I repainted the porch recently, it looks great.",
            "I repainted the porch yesterday, it looks great.",
        ),
        (
            "When did I binge the detective series?",
            "I binged the detective series in one weekend.",
            "I binged the detective series last weekend.",
        ),
        (
            "When did I sleep in the hammock?",
            "I slept in the hammock during the day.",
            "I slept in the hammock this afternoon.",
        ),
    ],
)
def test_words_found_as_times_that_date_nothing(question: str, undated: str, dated: str) -> None:
    assert resolve(question, dated) == "absolute_date"  # the control
    assert resolve(question, undated) == "unsupported"


def test_recently_is_no_rival_for_a_date() -> None:
    text = "I recently ordered the blue kettle for my aunt, on the 12th of May."
    assert resolve("When did I order the blue kettle?", text) == "absolute_date"
