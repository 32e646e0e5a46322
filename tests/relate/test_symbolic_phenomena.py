"""Phenomena the symbolic pair must handle (or refuse), each on notes invented for the test.

Every case runs the stage's own steps in order — route, resolve, the operation-mismatch check,
validate, interpret, compute, gate — so a resolution the stage would refuse fails here too.
The notes use other words and other people than any benchmark question.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from prme_cli.relate.arithmetic import compute
from prme_cli.relate.interpret import interpret
from prme_cli.relate.router import route
from prme_cli.relate.symbolic import SymbolicGate, SymbolicResolver
from prme_cli.relate.types import (
    EvidenceRecord,
    Operand,
    ProviderAudit,
    Resolution,
    ResolveRequest,
)
from prme_cli.relate.validate import validate

TZ = ZoneInfo("America/New_York")
ASKED = datetime(2024, 6, 30, 12, 0, tzinfo=TZ)


def stage(
    question: str, *records: EvidenceRecord, asked: datetime = ASKED
) -> tuple[str, dict[str, Any] | None, Any]:
    """(status, value, resolution) as the relate stage would decide them."""
    decision = route(question)
    if not decision.routed:
        return "not_routed", None, None
    request = ResolveRequest(question, asked, tuple(records))
    resolution = SymbolicResolver().resolve(request, ProviderAudit("symbolic"))
    if resolution.operation == "unsupported":
        return "unsupported", None, resolution
    by_id = {r.id: r for r in records}
    errors = validate(
        resolution, by_id, question=question, unit=decision.unit, question_date=asked, tz=TZ
    )
    # The stage compares a single routed operation; validation checks a route of several.
    if errors or (decision.operation and resolution.operation != decision.operation):
        return "validation_rejected", None, (resolution, errors)
    dated = [
        interpret(o, by_id[o.evidence_id], question_date=asked, tz=TZ) for o in resolution.operands
    ]
    value = compute(resolution, dated, unit=decision.unit, question_date=asked, tz=TZ)
    verdict = SymbolicGate().evaluate(question, resolution, by_id, ProviderAudit("symbolic"))
    if not all(p >= 0.85 for p in verdict.probabilities):
        return "gate_rejected", None, (resolution, verdict)
    return "accepted", value, resolution


def rec(rid: str, when: datetime, text: str) -> EvidenceRecord:
    return EvidenceRecord(rid, when, text)


# --------------------------------------------------------------------------- routing to intervals


def test_have_been_a_when_b_is_the_gap_between_them() -> None:
    records = (
        rec("a", datetime(2024, 3, 2, 9), "I started taking evening pottery lessons today."),
        rec(
            "b",
            datetime(2024, 3, 30, 9),
            "I bought my own potter's wheel today, a second-hand one.",
        ),
    )
    question = (
        "How many weeks have I been taking pottery lessons when I bought my own potter's wheel?"
    )
    status, value, _ = stage(question, *records)
    assert status == "accepted"
    assert value is not None and value["days"] == 28 and value["unit"] == "weeks"


def test_days_ago_when_is_measured_back_from_the_second_event() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 4, 11, 20),
            "The knife-sharpening workshop at the hardware store yesterday was great.",
        ),
        rec(
            "b",
            datetime(2024, 4, 25, 20),
            "I carved a wooden spoon for my uncle today, with the sharp new gouge.",
        ),
    )
    question = (
        "How many days ago did I go to the knife-sharpening workshop when I carved a "
        "wooden spoon for my uncle?"
    )
    assert route(question).operation == "elapsed_between"
    status, value, _ = stage(question, *records)
    assert status == "accepted"
    assert value is not None and value["days"] == 15


def test_days_it_took_to_finish_is_start_to_finish() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 2, 3, 21),
            "Started 'The Salt Road' by Ines Varga today, slow first chapter.",
        ),
        rec(
            "b",
            datetime(2024, 2, 19, 21),
            "I finished 'The Salt Road' by Ines Varga today, what an ending.",
        ),
    )
    question = "How many days did it take me to finish 'The Salt Road' by Ines Varga?"
    status, value, _ = stage(question, *records)
    assert status == "accepted"
    assert value is not None and value["days"] == 16


def test_took_to_finish_without_a_dated_start_is_refused() -> None:
    records = (
        rec(
            "b",
            datetime(2024, 2, 19, 21),
            "I finished 'The Salt Road' by Ines Varga today, what an ending.",
        ),
    )
    question = "How many days did it take me to finish 'The Salt Road' by Ines Varga?"
    assert stage(question, *records)[0] != "accepted"


@pytest.mark.parametrize(
    "question",
    [
        "How many days ago did I buy the boots?",
        "How long have I been using the rowing machine?",
    ],
)
def test_plain_durations_and_elapsed_since_stay_as_they_were(question: str) -> None:
    assert route(question).operation != "elapsed_between"


# --------------------------------------------------------------------------- recent-past "just"


def test_just_got_back_dates_the_event_on_the_note_day() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 9, 19, 30),
            "Tomas: I just got back from the glassblowing demo at the harbour craft fair, "
            "my hands still smell of smoke.",
        ),
    )
    question = "How many weeks ago did I go to the glassblowing demo at the harbour craft fair?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert resolution.operands[0].time_basis == "event_time"
    assert value is not None and value["days"] == 21


def test_just_plus_the_events_own_verb() -> None:
    records = (
        rec("a", datetime(2024, 5, 2, 8), "We've just repainted the garden shed, sage green."),
        rec("b", datetime(2024, 5, 20, 8), "I varnished the garden bench today."),
    )
    question = (
        "How many days passed between the day I repainted the garden shed and the day "
        "I varnished the garden bench?"
    )
    status, value, _ = stage(question, *records)
    assert status == "accepted"
    assert value is not None and value["days"] == 18


@pytest.mark.parametrize(
    "text",
    [
        "I just realised I never returned the drill I borrowed for the garden shed.",
        "I had just repainted the garden shed when the storm hit.",
        "I just wanted to say the garden shed looks great repainted.",
        "I just hope the repainted garden shed survives the winter.",
    ],
)
def test_just_on_another_verb_or_meaning_only_dates_nothing(text: str) -> None:
    records = (rec("a", datetime(2024, 5, 2, 8), text),)
    assert stage("How many days ago did I repaint the garden shed?", *records)[0] != "accepted"


# --------------------------------------------------------------------------- org sub-tasks


_PROJECT = EvidenceRecord(
    "quilt-done",
    datetime(2024, 4, 13, 17, 5),
    "** DONE Finish the patchwork quilt\n"
    ":ID: quilt-done\n"
    "path: Patchwork quilt\n"
    "event_time: 2024-04-13 17:05\n"
    "source: /home/someone/Documents/org/hobbies/sewing-and-quilting-projects.org:40\n"
    ":CREATED: [2024-01-20 Sat 10:12]\n"
    "CLOSED: [2024-04-13 Sat 17:05]\n"
    "Binding hand-stitched, label on the back.",
)
_SUBTASK = EvidenceRecord(
    "quilt-baste",
    datetime(2024, 4, 2, 21, 0),
    "** DONE Baste the layers\n"
    ":ID: quilt-baste\n"
    "path: Patchwork quilt\n"
    "CLOSED: [2024-04-02 Tue 21:00]\n"
    "Safety pins every hand's width.",
)
_GIVEN = rec(
    "gift",
    datetime(2024, 5, 5, 20),
    "Washed the quilt yesterday and gave it to my niece, she wrapped herself in it.",
)


_QUILT_TALK = tuple(
    rec(f"talk{i}", datetime(2024, 3, 1 + i, 20), text)
    for i, text in enumerate(
        [
            "The quilt needs forty-two squares, I have cut thirty.",
            "Quilt: ran out of the blue thread, ordered more.",
            "Laid the quilt out on the floor to check the colours.",
            "My niece picked the colours for her quilt.",
        ]
    )
)


def test_a_done_subtask_naming_neither_verb_nor_object_is_no_rival() -> None:
    question = "How long passed between finishing and washing the quilt?"
    status, value, resolution = stage(question, _PROJECT, _SUBTASK, _GIVEN, *_QUILT_TALK)
    assert status == "accepted", resolution
    assert resolution.operands[0].evidence_id == "quilt-done"
    assert value is not None and value["days"] == 21


def test_a_packed_headings_metadata_lines_do_not_distance_its_closed_stamp() -> None:
    question = "Which did I do first, finish the patchwork quilt or wash the quilt?"
    status, value, resolution = stage(question, _PROJECT, _GIVEN)
    assert status == "accepted", resolution
    assert value is not None and value["order"][0] == "finish the patchwork quilt"


def test_a_done_subtask_alone_does_not_date_the_project() -> None:
    question = "When did I finish the patchwork quilt?"
    assert stage(question, _SUBTASK)[0] != "accepted"


# --------------------------------------------------------------------------- numeric dates, "since"


def test_since_a_date_dates_the_start_of_an_ongoing_activity() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 20, 18),
            "Marta: I've been going to the Tuesday ceramics club every week since 4/16, "
            "it's the best part of my week.",
        ),
        rec(
            "b",
            datetime(2024, 4, 5, 18),
            "Marta: I got the job offer from the museum on April 2nd, still can't believe it.",
        ),
    )
    question = (
        "How many days had passed since Marta got the job offer from the museum when "
        "she started going to the Tuesday ceramics club?"
    )
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 14


def test_since_a_date_does_not_date_the_activity_itself() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 20, 18),
            "I've been going to the Tuesday ceramics club every week since 4/16.",
        ),
    )
    assert stage("When did I go to the Tuesday ceramics club?", *records)[0] != "accepted"
    assert stage("When did I start going to the Tuesday ceramics club?", *records)[0] == "accepted"


def test_an_ambiguous_numeric_date_is_read_only_where_the_convention_is_known() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 3, 20, 9),
            "I bought a ukulele for my nephew on 3/8, he plays it every day.",
        ),
    )
    question = "How many days ago did I buy a ukulele for my nephew?"
    assert stage(question, *records)[0] == "accepted"  # America/New_York: March 8th
    london = datetime(2024, 6, 30, 12, tzinfo=ZoneInfo("Europe/London"))
    assert stage_in_zone(question, records, london)[0] != "accepted"


def test_a_fraction_is_not_a_date() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 3, 20, 9),
            "I baked the rye loaf with 3/4 of the starter, it rose beautifully.",
        ),
    )
    assert stage("When did I bake the rye loaf?", *records)[0] != "accepted"


def stage_in_zone(
    question: str, records: tuple[EvidenceRecord, ...], asked: datetime
) -> tuple[str, Any]:
    """Like :func:`stage`, but in the zone of ``asked``."""
    tz = asked.tzinfo
    assert tz is not None
    decision = route(question)
    request = ResolveRequest(question, asked, records)
    resolution = SymbolicResolver().resolve(request, ProviderAudit("symbolic"))
    if resolution.operation == "unsupported":
        return "unsupported", resolution
    by_id = {r.id: r for r in records}
    errors = validate(
        resolution, by_id, question=question, unit=decision.unit, question_date=asked, tz=tz
    )
    return ("validation_rejected" if errors else "valid"), errors


# --------------------------------------------------------------------------- aspect words as nouns


def test_an_aspect_word_used_as_a_noun_is_not_an_aspect() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 10, 9),
            "I opened my bakery today and printed a business plan summary for the bank.",
        ),
    )
    status, value, resolution = stage("How many days ago did I open my bakery?", *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 20


def test_an_aspect_verb_still_clashes() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 10, 9),
            "I plan to open my bakery today if the oven is delivered.",
        ),
    )
    assert stage("How many days ago did I open my bakery?", *records)[0] != "accepted"


# --------------------------------------------------------------------------- pronouns


def test_a_pronoun_borrows_the_person_named_just_before() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 12, 9),
            "My grandmother turns ninety on Sunday and we're throwing a garden party. "
            "I already bought her a silk scarf from the market last Saturday, it's lovely.",
        ),
        rec(
            "b",
            datetime(2024, 6, 12, 10),
            "I bought a wooden chess set for my nephew yesterday, he is learning fast.",
        ),
    )
    question = (
        "Which did I buy first, the silk scarf for my grandmother or the wooden chess "
        "set for my nephew?"
    )
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    scarf = resolution.operands[0]
    assert scarf.quote.startswith("My grandmother turns ninety")  # the quote shows who "her" is
    assert value is not None and value["order"][0] == "the silk scarf for my grandmother"


def test_a_pronoun_never_borrows_a_person_it_cannot_mean() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 12, 9),
            "My grandfather turns ninety on Sunday. I already bought her a silk scarf from the "
            "market last Saturday.",
        ),
        rec(
            "b",
            datetime(2024, 6, 12, 10),
            "I bought a wooden chess set for my nephew yesterday, he is learning fast.",
        ),
    )
    question = (
        "Which did I buy first, the silk scarf for my grandmother or the wooden chess "
        "set for my nephew?"
    )
    assert stage(question, *records)[0] != "accepted"


# --------------------------------------------------------------------------- an event across clauses


def test_an_event_told_across_two_clauses_takes_the_neighbours_time() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 2, 21),
            "I just got back from a day at Kew Gardens - we spent hours at the Orchid "
            "Festival in the glasshouse.",
        ),
    )
    question = "How many days ago did I go to the Orchid Festival at Kew Gardens?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 28


def test_a_neighbour_clause_without_the_events_names_lends_no_time() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 6, 2, 21),
            "My cousin went to Wales last weekend - we spent hours at the Orchid "
            "Festival in the glasshouse.",
        ),
    )
    question = "How many days ago did I go to the Orchid Festival?"
    assert stage(question, *records)[0] != "accepted"


# --------------------------------------------------------------------------- aliases, returns, clusters


def test_a_bracketed_acronym_and_a_return_verb_tell_the_visit() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 4, 18),
            "I just got back from a guided walk around the Natural History Museum, the whale "
            "skeleton is enormous.",
        ),
        rec(
            "b",
            datetime(2024, 5, 11, 18),
            "I went to the 'Deep Oceans' show at the Science Museum today with Ana.",
        ),
    )
    question = (
        "How many days passed between my visit to the Natural History Museum (NHM) and "
        "the 'Deep Oceans' show at the Science Museum?"
    )
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 7


def test_a_repeated_word_is_read_where_the_event_is_told() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 11, 18),
            "I've always loved deep oceans, which is why I attended the 'Deep Oceans' "
            "show at the Science Museum today.",
        ),
    )
    question = "How many days ago did I see the 'Deep Oceans' show at the Science Museum?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 50


def test_a_name_in_the_question_meets_a_name_in_the_notes() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 4, 18),
            "I went to the Natural History Museum today, the whale skeleton is enormous.",
        ),
        rec(
            "b",
            datetime(2024, 5, 20, 18),
            "Took the kids to a natural history museum near the coast today. The fossils "
            "were great.",
        ),
    )
    question = "How many days ago did I go to the Natural History Museum?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 57
    lower = (
        rec(
            "c",
            datetime(2024, 5, 4, 18),
            "went to the natural history museum today, whale skeleton is enormous",
        ),
    )
    assert stage(question, *lower)[0] == "accepted"  # a writer who uses no capitals at all


# --------------------------------------------------------------------------- coming appointments


def test_an_interval_may_end_at_an_announced_appointment() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 3, 8, 9),
            "I'm getting ready for my upcoming piano recital on March 23rd, nervous already.",
        ),
        rec(
            "b",
            datetime(2024, 3, 8, 10),
            "I bought new sheet music for the Chopin nocturne on March 2nd.",
        ),
    )
    question = (
        "How many days before the piano recital I was getting ready for did I buy the "
        "sheet music for the Chopin nocturne?"
    )
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 21


def test_an_announced_date_never_dates_a_deed() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 3, 8, 9),
            "I'm getting ready for my upcoming piano recital on March 23rd.",
        ),
    )
    assert stage("When did I play the piano recital?", *records)[0] != "accepted"
    assert stage("How many days ago was the piano recital?", *records)[0] != "accepted"


def test_two_readings_of_one_date_that_disagree_are_refused() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 7, 7, 9),
            "My friend Ottilie got engaged last month on May 15th, we're thrilled.",
        ),
    )
    assert stage("When did Ottilie get engaged?", *records)[0] != "accepted"
    agreeing = (
        rec(
            "a",
            datetime(2024, 7, 7, 9),
            "My friend Ottilie got engaged last month on June 15th, we're thrilled.",
        ),
    )
    # the finer reading is cited (the gate may still judge two dates one too many)
    request = ResolveRequest("When did Ottilie get engaged?", ASKED, agreeing)
    resolution = SymbolicResolver().resolve(request, ProviderAudit("symbolic"))
    assert resolution.operands[0].time_expression == "June 15th"


def test_my_event_in_a_question_about_someone_else_is_the_askers() -> None:
    records = (
        rec("a", datetime(2024, 6, 1, 9), "Our anniversary is coming up on June 20th, ten years!"),
        rec("b", datetime(2024, 6, 1, 10), "My friend Ottilie got engaged on May 18th."),
    )
    question = "How many days before my anniversary did Ottilie get engaged?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 33


def test_who_did_i_meet_first() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 4, 18),
            "I met a baker from Lyon at the market yesterday, he gave me a brioche.",
        ),
        rec(
            "b",
            datetime(2024, 5, 20, 18),
            "I met a potter from Leeds at the craft fair today, lovely glazes.",
        ),
    )
    question = "Who did I meet first, the baker from Lyon or the potter from Leeds?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["order"][0] == "the baker from Lyon"


# --------------------------------------------------------------------------- time spent on one thing

CANOE = (
    rec(
        "a",
        datetime(2024, 5, 11, 8),
        "Set off on the canoe trip down the Wye this morning, river high and brown.",
    ),
    rec(
        "b",
        datetime(2024, 5, 13, 20),
        "The canoe trip down the Wye has been lovely so far, otters at dusk.",
    ),
    rec(
        "c",
        datetime(2024, 5, 15, 21),
        "Got back from the canoe trip down the Wye today, shoulders aching.",
    ),
)


def test_days_spent_on_one_thing_is_its_start_to_its_end() -> None:
    question = "How many days did I spend on the canoe trip down the Wye?"
    status, value, resolution = stage(question, *CANOE)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 4
    assert [o.evidence_id for o in resolution.operands] == ["a", "c"]
    assert {o.name for o in resolution.operands} == {"the canoe trip down the Wye"}


def test_time_spent_in_a_place_from_arriving_to_leaving_in_the_third_person() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 2, 3, 18),
            "Oksana: I arrived at the field station on Hekla today, snow everywhere.",
        ),
        rec(
            "b",
            datetime(2024, 2, 17, 18),
            "Oksana: I got back from the field station on Hekla yesterday, warm at last.",
        ),
    )
    question = "How many days did Oksana spend at the field station on Hekla?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 13


@pytest.mark.parametrize(
    "kept",
    [
        ("a", "b"),  # no end told, only a middle
        ("b", "c"),  # no start told
    ],
)
def test_a_span_needs_both_ends_told(kept: tuple[str, ...]) -> None:
    records = [r for r in CANOE if r.id in kept]
    question = "How many days did I spend on the canoe trip down the Wye?"
    assert stage(question, *records)[0] != "accepted"


def test_a_span_whose_end_is_dated_before_its_start_is_refused() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 20, 8),
            "Set off on the canoe trip down the Wye this morning, river high and brown.",
        ),
        CANOE[2],
    )
    question = "How many days did I spend on the canoe trip down the Wye?"
    assert stage(question, *records)[0] != "accepted"


def test_time_spent_on_several_things_is_not_a_span() -> None:
    question = "How many days did I spend on the canoe trip down the Wye and the Usk?"
    assert stage(question, *CANOE)[0] != "accepted"


# --------------------------------------------------------------------------- a gift without the word


def test_a_thing_got_for_someones_occasion_is_their_gift() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 4, 2, 19),
            "Good news, I ordered it on March 28th for my cousin's graduation: a hand-bound "
            "journal from a stationer in Bath.",
        ),
        rec(
            "b",
            datetime(2024, 4, 14, 19),
            "My cousin's graduation ceremony was on April 12th, she loved the journal.",
        ),
    )
    question = "How many days before my cousin's graduation ceremony did I order her gift?"
    status, value, resolution = stage(question, *records)
    assert status == "accepted", resolution
    assert value is not None and value["days"] == 15


def test_a_date_right_after_the_occasion_may_be_the_occasions_own() -> None:
    text = "I ordered a scarf for my cousin's graduation on April 12th, she loved it."
    operand = Operand("order her gift", "a", text, "April 12th", "text_expression")
    record = rec("a", datetime(2024, 4, 14, 19), text)
    verdict = SymbolicGate().evaluate(
        "When did I order her gift?",
        Resolution("absolute_date", (operand,)),
        {"a": record},
        ProviderAudit("symbolic"),
    )
    assert verdict.probabilities[0] < 0.85


@pytest.mark.parametrize(
    ("text", "passes"),
    [
        ("I ordered it on March 28th, just in time for her party.", True),
        ("I ordered it on March 28th for my cousin's graduation.", True),
        ("I ordered it on March 28th for the office party.", False),  # nobody's occasion
        ("I ordered it on March 28th for my own birthday.", False),  # the writer's, not hers
    ],
)
def test_whose_occasion_a_thing_is_got_for(text: str, passes: bool) -> None:
    operand = Operand("order her gift", "a", text, "March 28th", "text_expression")
    record = rec("a", datetime(2024, 4, 14, 19), text)
    verdict = SymbolicGate().evaluate(
        "When did I order her gift?",
        Resolution("absolute_date", (operand,)),
        {"a": record},
        ProviderAudit("symbolic"),
    )
    assert (verdict.probabilities[0] >= 0.85) is passes


# --------------------------------------------------------------------------- first and last parts


def test_a_courses_first_class_is_its_start_and_its_last_class_its_end() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 1, 9, 21),
            "My first Italian class tonight at the community college, the teacher is from Bari.",
        ),
        rec(
            "b",
            datetime(2024, 3, 26, 21),
            "The last Italian class tonight, we sang and ate biscotti.",
        ),
    )
    status, value, resolution = stage("When did I start the Italian course?", *records)
    assert status == "accepted", resolution
    assert value is not None and value["date"] == "2024-01-09"
    status, value, resolution = stage("When did I finish the Italian course?", *records)
    assert status == "accepted", resolution
    assert value is not None and value["date"] == "2024-03-26"


def test_a_series_last_episode_is_finishing_it() -> None:
    records = (
        rec(
            "a",
            datetime(2024, 5, 2, 23),
            "Watched the final episode of 'Harbour Lights' tonight, what a twist.",
        ),
    )
    status, value, resolution = stage("When did I finish 'Harbour Lights'?", *records)
    assert status == "accepted", resolution
    assert value is not None and value["date"] == "2024-05-02"


@pytest.mark.parametrize(
    "text",
    [
        "I flew first class to Bari tonight for the Italian course reunion.",
        "The first three Italian classes were hard, I said so tonight.",
        "Tonight I liked the Italian class first of all the evening classes.",
    ],
)
def test_first_as_no_ordinal_of_one_class_starts_nothing(text: str) -> None:
    records = (rec("a", datetime(2024, 1, 9, 21), text),)
    assert stage("When did I start the Italian course?", *records)[0] != "accepted"
