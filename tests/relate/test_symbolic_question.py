"""Question decomposition for the symbolic resolver: every construction, verbatim names."""

from __future__ import annotations

import pytest

from prme_cli.relate.symbolic import question


def _texts(frame: question.QuestionFrame) -> list[str]:
    return [p.text for p in frame.phrases]


@pytest.mark.parametrize(
    ("q", "operation", "phrases", "unit"),
    [
        (
            (
                "How many days passed between the day I adopted the kitten and the day I took her to "
                "the vet?"
            ),
            "elapsed_between",
            ["I adopted the kitten", "I took her to the vet"],
            "days",
        ),
        (
            "How long was there between the boiler service and the chimney sweep?",
            "elapsed_between",
            ["the boiler service", "the chimney sweep"],
            None,
        ),
        (
            "How many weeks were there between the school play and the sports day?",
            "elapsed_between",
            ["the school play", "the sports day"],
            "weeks",
        ),
        (
            "How many days are there between the hearing test and the eye exam?",
            "elapsed_between",
            ["the hearing test", "the eye exam"],
            "days",
        ),
        (
            (
                "How many days had passed since I started the sourdough starter when I baked the "
                "first loaf?"
            ),
            "elapsed_between",
            ["I started the sourdough starter", "I baked the first loaf"],
            "days",
        ),
        (
            "How many weeks had I been learning Welsh when I passed the first test?",
            "elapsed_between",
            ["learning Welsh", "I passed the first test"],
            "weeks",
        ),
        (
            "How many days before the marathon did I buy new running shoes?",
            "elapsed_between",
            ["buy new running shoes", "the marathon"],
            "days",
        ),
        (
            "How many days after the storm did I repair the fence?",
            "elapsed_between",
            ["the storm", "repair the fence"],
            "days",
        ),
        (
            "How many days ago did I return the library books?",
            "elapsed_since_question",
            ["return the library books"],
            "days",
        ),
        (
            "How long has it been since I changed the smoke alarm battery?",
            "elapsed_since_question",
            ["changed the smoke alarm battery"],
            None,
        ),
        ("When did I plant the apple tree?", "absolute_date", ["plant the apple tree"], None),
        ("What date did I send the tax return?", "absolute_date", ["send the tax return"], None),
        (
            "What was the date on which I painted the hallway?",
            "absolute_date",
            ["painted the hallway"],
            None,
        ),
    ],
)
def test_constructions(q: str, operation: str, phrases: list[str], unit: str | None) -> None:
    frame = question.parse(q)
    assert frame is not None
    assert frame.operation == operation
    assert _texts(frame) == phrases
    assert frame.unit == unit
    for text in _texts(frame):
        assert text in q  # operand names are verbatim


def test_shared_object_goes_to_the_bare_verb() -> None:
    frame = question.parse("How long passed between finishing and hanging the frame?")
    assert frame is not None
    assert _texts(frame) == ["finishing", "hanging the frame"]
    assert frame.phrases[0].shared == "the frame"


def test_pronoun_object_borrows_the_earlier_phrase() -> None:
    frame = question.parse(
        "How many weeks passed between the day I ordered the desk and the day I received it?"
    )
    assert frame is not None
    assert _texts(frame) == ["I ordered the desk", "I received it"]
    assert "desk" in frame.phrases[1].shared


def test_since_when_with_been_forces_start_aspect() -> None:
    frame = question.parse("How long had I been a member of the choir when I sang my first solo?")
    assert frame is not None
    assert frame.phrases[0].aspect == "start"


def test_which_first_carries_the_verb_as_shared_words() -> None:
    frame = question.parse("Which book did I finish reading first, 'Dune' or 'Emma'?")
    assert frame is not None
    assert frame.operation == "order"
    assert _texts(frame) == ["Dune", "Emma"]
    assert all(p.shared == "finish reading" for p in frame.phrases)
    assert frame.latest is False


def test_most_recently_is_latest() -> None:
    frame = question.parse("Which did I visit most recently, the castle or the aquarium?")
    assert frame is not None
    assert frame.latest is True
    assert _texts(frame) == ["the castle", "the aquarium"]


def test_order_of_quoted_items() -> None:
    q = (
        "What is the order of the three events: 'I repainted the door', 'I fixed the gate', "
        "and 'I cleaned the gutters'?"
    )
    frame = question.parse(q)
    assert frame is not None
    assert frame.operation == "order"
    assert len(frame.phrases) == 3
    assert all(p.text in q for p in frame.phrases)


def test_third_person_subject() -> None:
    frame = question.parse("When did Caroline go to the support group?")
    assert frame is not None
    assert frame.operation == "absolute_date"
    assert frame.subject == "Caroline"
    assert _texts(frame) == ["go to the support group"]


def test_first_person_has_no_subject() -> None:
    frame = question.parse("When did I go to the dentist?")
    assert frame is not None
    assert frame.subject is None


@pytest.mark.parametrize(
    "q",
    [
        "What did I buy in March?",
        "How many times did I go swimming last month?",
        "Where did I leave the ladder?",
    ],
)
def test_no_construction(q: str) -> None:
    assert question.parse(q) is None


def test_did_a_before_b_is_an_order() -> None:
    frame = question.parse("Did I buy the sofa before I moved into the flat?")
    assert frame is not None
    assert frame.operation == "order"
    assert _texts(frame) == ["buy the sofa", "I moved into the flat"]
    frame = question.parse("Did the storm happen before I fixed the roof?")
    assert frame is not None
    assert _texts(frame) == ["the storm", "I fixed the roof"]


def test_what_day_of_the_week() -> None:
    frame = question.parse("What day of the week did I go to the dentist?")
    assert frame is not None
    assert frame.operation == "absolute_date"
    assert _texts(frame) == ["go to the dentist"]
