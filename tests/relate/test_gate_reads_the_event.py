"""The symbolic gate checks the cited clause's event, not words the resolver also matched.

The resolver's synonym table says "run" may stand for "meet" and its alignment scores a
sentence that shares a name with the question; the gate reads the operand's name and the
cited clause with the ingest event extractor and asks for the same deed (one predicate or
one ingest sense class: "ran into Sam" is meeting him, "ran a race with Sam" is not), the
same thing ("returned the jacket" is no return home), the clause's own modality and
polarity, and a time attached to that clause. Notes invented for these tests, several
wordings each; every refusal has a control that the right evidence still passes.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from prme_cli.relate.symbolic import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, ProviderAudit, Resolution

THRESHOLD = 0.85
NOTE_TIME = datetime(2027, 5, 14, 21, 0)


def judge(question: str, name: str, quote: str, expression: str, basis: str) -> float:
    """The gate's probability for one ``absolute_date`` operand citing the whole note."""
    operand = Operand(name, "r1", quote, expression, basis)
    record = EvidenceRecord("r1", NOTE_TIME, quote)
    verdict = SymbolicGate().evaluate(
        question,
        Resolution("absolute_date", (operand,)),
        {record.id: record},
        ProviderAudit("symbolic"),
    )
    (probability,) = verdict.probabilities
    return probability


@pytest.mark.parametrize(
    "quote",
    [
        "I ran a race with Sam yesterday, he beat me by a minute.",
        "Sam and I ran the canal 10k yesterday.",
        "Ran the hill loop with Sam yesterday before work.",
    ],
)
def test_running_with_someone_is_not_meeting_them(quote: str) -> None:
    assert judge("When did I meet Sam?", "meet Sam", quote, "yesterday", "text_expression") < (
        THRESHOLD
    )


@pytest.mark.parametrize(
    "quote",
    [
        "I ran into Sam at the market yesterday, he has a new dog.",
        "Bumped into Sam outside the library yesterday.",
        "Had lunch with Sam yesterday at the noodle bar.",
        "Met Sam at the station yesterday.",
    ],
)
def test_meeting_told_by_its_sense_class_passes(quote: str) -> None:
    assert judge("When did I meet Sam?", "meet Sam", quote, "yesterday", "text_expression") >= (
        THRESHOLD
    )


@pytest.mark.parametrize(
    "quote",
    [
        "I returned the jacket to the shop yesterday, the sleeves were too short.",
        "Returned the library books yesterday, two days late.",
        "I returned the drill to Ana yesterday.",
    ],
)
def test_returning_a_thing_is_not_returning_home(quote: str) -> None:
    assert judge(
        "When did I return home?", "return home", quote, "yesterday", "text_expression"
    ) < (THRESHOLD)


@pytest.mark.parametrize(
    "quote",
    [
        "I got back home yesterday after the long drive from Porto.",
        "Flew back home yesterday, the flat was freezing.",
        "Returned home yesterday after three weeks away.",
    ],
)
def test_coming_back_home_passes_in_several_wordings(quote: str) -> None:
    assert judge(
        "When did I return home?", "return home", quote, "yesterday", "text_expression"
    ) >= (THRESHOLD)


@pytest.mark.parametrize(
    "quote",
    [
        "Priya sent me the slides yesterday, very tidy.",
        "Priya called me yesterday about the budget.",
        "Got an email from Priya yesterday with the minutes.",
    ],
)
def test_a_name_alone_is_not_the_event(quote: str) -> None:
    assert judge("When did I meet Priya?", "meet Priya", quote, "yesterday", "text_expression") < (
        THRESHOLD
    )


def test_a_time_attached_to_another_clause_does_not_date_the_event() -> None:
    quote = "Met Priya at the conference last month; she sent me the slides yesterday."
    question = "When did I meet Priya?"
    assert judge(question, "meet Priya", quote, "yesterday", "text_expression") < THRESHOLD
    assert judge(question, "meet Priya", quote, "last month", "text_expression") >= THRESHOLD


@pytest.mark.parametrize(
    "quote",
    [
        "I'm hoping to meet Priya on Friday.",
        "I didn't meet Priya on Friday, she was ill.",
        "We never met Priya on Friday after all.",
    ],
)
def test_the_clauses_modality_and_polarity_count(quote: str) -> None:
    assert judge("When did I meet Priya?", "meet Priya", quote, "Friday", "text_expression") < (
        THRESHOLD
    )


def test_a_told_meeting_on_friday_passes() -> None:
    quote = "Met Priya on Friday at the café, she is moving to Leeds."
    assert judge("When did I meet Priya?", "meet Priya", quote, "Friday", "text_expression") >= (
        THRESHOLD
    )


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("Just ran into Sam at the bakery.", True),
        ("Just ran the park loop with Sam.", False),
        ("Just got back from the fair, my feet hurt.", True),
    ],
)
def test_a_recent_past_just_is_read_by_the_clauses_deed(quote: str, expected: bool) -> None:
    name, question = (
        ("meet Sam", "When did I meet Sam?")
        if "Sam" in quote
        else ("visit the fair", "When did I visit the fair?")
    )
    passed = judge(question, name, quote, "Just", "event_time") >= THRESHOLD
    assert passed is expected


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("Watched the last episode of Severance tonight, what an ending.", True),
        ("Watched the final episode of Severance tonight.", True),
        ("Watched an episode of Severance tonight.", False),
        ("Started Severance tonight, the first episode is slow.", False),
    ],
)
def test_the_last_member_of_a_series_finishes_it(quote: str, expected: bool) -> None:
    passed = (
        judge("When did I finish Severance?", "finish Severance", quote, "tonight", "event_time")
        >= THRESHOLD
    )
    assert passed is expected


@pytest.mark.parametrize(
    ("quote", "expected"),
    [
        ("First pottery class tonight, my bowl collapsed.", True),
        ("My first Italian class tonight at the community college.", False),
        ("Bought clay for the pottery course tonight.", False),
    ],
)
def test_the_first_member_of_a_series_starts_it(quote: str, expected: bool) -> None:
    name = "start the pottery course"
    passed = judge("When did I start the pottery course?", name, quote, "tonight", "event_time")
    assert (passed >= THRESHOLD) is expected


def test_the_gates_senses_are_not_the_resolvers_synonyms() -> None:
    """The resolver reads "run" as a synonym of "meet"; the ingest sense classes the gate
    reads tell running from meeting unless the particle says so ("ran into")."""
    from prme_cli import textevents
    from prme_cli.relate.symbolic import lexicon

    assert lexicon.relatedness(lexicon.key("meet"), lexicon.key("run")) > 0
    assert textevents.sense_of("run") != textevents.sense_of("meet")
    assert textevents.sense_of("run", particle="into") == textevents.sense_of("meet")
