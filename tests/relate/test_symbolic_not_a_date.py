"""Words the time engine finds that date nothing in a note (each with a control that does).

A number glued to a word ("the 19th-century exhibit"), "recently" (only "before the note"),
"during the day", "in one weekend" told in the past (how long it took) and a bare "now"
(the writer's present) never date an event, nor stand as a rival date against one that does.
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
            "When did I fix the gate?",
            "I fixed the gate, and now it closes properly.",
            "I fixed the gate on Monday, and now it closes properly.",
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


@pytest.mark.parametrize(
    ("question", "owned", "plain"),
    [
        (
            "When did I meet Priya?",
            "I met Priya's brother at the climbing gym yesterday.",
            "I met Priya at the climbing gym yesterday.",
        ),
        (
            "When did I visit Tomasz?",
            "I visited Tomasz's old school yesterday with the kids.",
            "I visited Tomasz yesterday with the kids.",
        ),
    ],
)
def test_a_name_that_only_owns_another_thing_is_not_the_event(
    question: str, owned: str, plain: str
) -> None:
    assert resolve(question, plain) == "absolute_date"  # the control
    assert resolve(question, owned) == "unsupported"
    # asked about the owned thing itself, the same sentence answers
    assert (
        resolve(question.replace("?", "'s brother?"), owned.replace("old school", "brother"))
        == "absolute_date"
    )


@pytest.mark.parametrize(
    ("question", "expression", "established"),
    [
        ("When did I go to my first pottery class?", "May 3rd", True),
        ("When did I go to my second pottery class?", "yesterday", True),
        ("When did I go to my second pottery class?", "May 3rd", False),
        ("When did I go to my third pottery class?", "May 3rd", False),
        ("When did I go to my third pottery class?", "yesterday", False),
    ],
)
def test_an_ordinal_in_the_question_must_be_the_quotes(
    question: str, expression: str, established: bool
) -> None:
    from prme_cli.relate.types import Operand, Resolution
    from prme_cli.relate.validate import ordinal_told, validate

    text = "I had my first pottery class on May 3rd and the second one yesterday."
    assert ordinal_told(text, "May 3rd") == 1 and ordinal_told(text, "yesterday") == 2
    name = question.removeprefix("When did I ").removesuffix("?")
    operand = Operand(name, "n1", text, expression, "text_expression")
    errors = validate(
        Resolution("absolute_date", (operand,)),
        {"n1": EvidenceRecord("n1", NOTE, text)},
        question=question,
        unit=None,
        question_date=ASKED,
        tz=TZ,
    )
    codes = [e.code for e in errors]
    assert ("ordinal_not_established" not in codes) is established, codes


@pytest.mark.parametrize(
    "text",
    [
        "Last year on May 2nd I painted the bedroom blue, now I'm bored of it.",
        "Now I'm bored of the blue bedroom I painted on May 2nd last year.",
        "I painted the bedroom blue on 2 May 2025. Now it looks tired.",
    ],
)
def test_now_is_no_rival_and_no_date_for_a_past_deed(text: str) -> None:
    request = ResolveRequest(
        "How many days ago did I paint the bedroom?", ASKED, (EvidenceRecord("n1", NOTE, text),)
    )
    resolution = SymbolicResolver().resolve(request, ProviderAudit("symbolic"))
    assert resolution.operation == "elapsed_since_question"
    assert "now" not in resolution.operands[0].time_expression.casefold().split()
