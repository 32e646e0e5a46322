"""The symbolic resolver on small invented notes: org headings, journal sentences, chats.

Each accepted case is also run through the stage's own validation and arithmetic, so a
citation that validation would refuse fails here too.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.relate.arithmetic import compute
from prme_cli.relate.interpret import interpret
from prme_cli.relate.router import route
from prme_cli.relate.symbolic import SymbolicGate, SymbolicResolver
from prme_cli.relate.types import EvidenceRecord, ProviderAudit, Resolution, ResolveRequest
from prme_cli.relate.validate import validate

TZ = ZoneInfo("Europe/London")
ASKED = datetime(2026, 11, 29, 12, 0, tzinfo=TZ)

DONE_HEADING = EvidenceRecord(
    "task-shelf",
    datetime(2026, 10, 10, 11, 20),
    "* DONE Build the bookshelf :home:\n"
    ":ID: task-shelf\n"
    "event_time: 2026-10-10 11:20\n"
    "CLOSED: [2026-10-10 Sat 11:20] SCHEDULED: <2026-10-03 Sat>\n"
    ":LOGBOOK:\n"
    '- State "DONE"       from "NEXT"       [2026-10-10 Sat 11:20]\n'
    "CLOCK: [2026-10-10 Sat 09:00]--[2026-10-10 Sat 11:15] =>  2:15\n"
    ":END:\n"
    "Pine, three shelves, oiled.",
)
JOURNAL_MOUNTED = EvidenceRecord(
    "day-1102",
    datetime(2026, 11, 2),
    "* Home\nMounted the bookshelf on the landing wall yesterday. Two brackets, level.",
)
JOURNAL_STARTED = EvidenceRecord(
    "day-0920",
    datetime(2026, 9, 20, 18, 0),
    "* Garage\n[2026-09-20 Sun 18:00]\nStarted the bookshelf today. Cut the sides to length.",
)
JOURNAL_OTHER = EvidenceRecord(
    "day-1114",
    datetime(2026, 11, 14, 16, 0),
    "* Garage\n[2026-11-14 Sat 16:00]\nSwept the garage and mounted the clamps on the rack.",
)


def resolve(question: str, *records: EvidenceRecord, asked: datetime = ASKED) -> Resolution:
    request = ResolveRequest(question, asked, tuple(records))
    return SymbolicResolver().resolve(request, ProviderAudit("symbolic"))


def accepted_value(
    question: str,
    resolution: Resolution,
    records: tuple[EvidenceRecord, ...],
    asked: datetime = ASKED,
) -> dict:
    """Validate, compute and gate the resolution as the stage does; fail on any refusal."""
    by_id = {r.id: r for r in records}
    unit = route(question).unit
    errors = validate(resolution, by_id, question=question, unit=unit, question_date=asked, tz=TZ)
    assert errors == []
    dated = [
        interpret(o, by_id[o.evidence_id], question_date=asked, tz=TZ) for o in resolution.operands
    ]
    verdict = SymbolicGate().evaluate(question, resolution, by_id, ProviderAudit("symbolic"))
    assert all(p >= 0.85 for p in verdict.probabilities), verdict
    return compute(resolution, dated, unit=unit, question_date=asked, tz=TZ)


def test_closed_heading_and_journal_sentence() -> None:
    records = (DONE_HEADING, JOURNAL_MOUNTED, JOURNAL_STARTED, JOURNAL_OTHER)
    question = "How long passed between finishing and mounting the bookshelf?"
    res = resolve(question, *records)
    assert res.operation == "elapsed_between"
    first, second = res.operands
    assert first.name == "finishing"
    assert first.evidence_id == "task-shelf"
    assert first.time_basis == "org_timestamp"
    assert first.time_expression == "[2026-10-10 Sat 11:20]"  # CLOSED, not SCHEDULED
    assert first.quote.startswith("* DONE Build the bookshelf")
    assert second.evidence_id == "day-1102"
    assert (second.time_expression, second.time_basis) == ("yesterday", "text_expression")
    assert len(res.explanation) >= 3
    value = accepted_value(question, res, records)
    assert value["days"] == 22


def test_licensed_event_time_and_explicit_date() -> None:
    records = (
        EvidenceRecord(
            "c1", datetime(2026, 3, 4, 9, 0), "I repotted the fig tree today, it finally has room."
        ),
        EvidenceRecord(
            "c2",
            datetime(2026, 3, 20, 9, 0),
            "By the way, I gave my neighbour a cutting from the fig tree on "
            "March 18th, and she loved it.",
        ),
    )
    question = (
        "How many days passed between the day I repotted the fig tree and the day I "
        "gave my neighbour a cutting from the fig tree?"
    )
    res = resolve(question, *records)
    assert [o.time_basis for o in res.operands] == ["event_time", "text_expression"]
    assert res.operands[0].time_expression == "today"
    assert res.operands[1].time_expression == "March 18th"
    assert accepted_value(question, res, records)["days"] == 14


def test_since_question_in_weeks() -> None:
    records = (
        EvidenceRecord(
            "c1",
            datetime(2026, 11, 1, 10, 0),
            "Went to a pottery workshop at the community hall yesterday.",
        ),
    )
    question = "How many weeks ago did I go to the pottery workshop?"
    res = resolve(question, *records)
    assert res.operation == "elapsed_since_question"
    assert accepted_value(question, res, records)["days"] == 29


def test_which_first() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 5, 10, 9, 0),
            "I joined the climbing club last week and loved the first session.",
        ),
        EvidenceRecord(
            "b",
            datetime(2026, 5, 24, 9, 0),
            "I joined the chess club yesterday, the coffee was terrible.",
        ),
    )
    question = "Which club did I join first, the chess club or the climbing club?"
    res = resolve(question, *records)
    assert res.operation == "order"
    value = accepted_value(question, res, records)
    assert value["order"][0] == "the climbing club"


def test_third_person_question_on_a_chat() -> None:
    records = (
        EvidenceRecord(
            "s1",
            datetime(2023, 5, 8, 13, 56),
            "Caroline: I went to a support group yesterday and it was so powerful.",
        ),
        EvidenceRecord(
            "s2",
            datetime(2023, 5, 8, 14, 0),
            "Melanie: That's great! I painted a sunrise last week.",
        ),
    )
    question = "When did Caroline go to the support group?"
    res = resolve(question, *records)
    assert res.operation == "absolute_date"
    assert res.operands[0].evidence_id == "s1"
    value = accepted_value(question, res, records, asked=datetime(2023, 6, 1, tzinfo=TZ))
    assert value["date"] == "2023-05-07"
    assert resolve("When did Melanie go to the support group?", *records).operation == "unsupported"


def test_other_peoples_deeds_are_not_mine() -> None:
    records = (
        EvidenceRecord(
            "c1",
            datetime(2026, 6, 2, 9, 0),
            "My sister adopted a greyhound yesterday, he is enormous.",
        ),
    )
    assert resolve("When did I adopt a greyhound?", *records).operation == "unsupported"


@pytest.mark.parametrize(
    "sentence",
    [
        "I didn't go to the pottery class yesterday, the car broke down.",
        "I'm planning to go to the pottery class next Wednesday.",
        "I will go to the pottery class tomorrow.",
        "Should I go to the pottery class on Friday?",
    ],
)
def test_negation_plans_and_questions_are_refused(sentence: str) -> None:
    question = "When did I go to the pottery class?"
    plain = (
        EvidenceRecord("c1", datetime(2026, 10, 8, 20, 0), "I went to the pottery class today."),
    )
    assert resolve(question, *plain).operation == "absolute_date"  # the control
    records = (EvidenceRecord("c1", datetime(2026, 10, 8, 20, 0), sentence),)
    assert resolve(question, *records).operation == "unsupported"


def test_rival_dates_are_refused() -> None:
    records = (
        EvidenceRecord(
            "c1",
            datetime(2026, 10, 8, 20, 0),
            "I serviced the boiler yesterday, the engineer was late.",
        ),
        EvidenceRecord(
            "c2",
            datetime(2026, 10, 20, 20, 0),
            "I serviced the boiler on October 15th and it still clicks.",
        ),
    )
    res = resolve("When did I service the boiler?", *records)
    assert res.operation == "unsupported"
    assert any("rival" in line for line in res.explanation)


def test_agreeing_records_are_not_rivals() -> None:
    records = (
        EvidenceRecord(
            "c1",
            datetime(2026, 10, 8, 20, 0),
            "I serviced the boiler yesterday, the engineer was late.",
        ),
        EvidenceRecord(
            "c2",
            datetime(2026, 10, 20, 20, 0),
            "I serviced the boiler on October 7th and it still clicks.",
        ),
    )
    res = resolve("When did I service the boiler?", *records)
    assert res.operation == "absolute_date"


def test_vague_or_coarse_times_are_refused() -> None:
    vague = (
        EvidenceRecord(
            "c1",
            datetime(2026, 11, 14, 16, 0),
            "I honed the plane iron sometime in October, no idea when.",
        ),
    )
    assert (
        resolve("How many days ago did I hone the plane iron?", *vague).operation == "unsupported"
    )
    coarse = (
        EvidenceRecord("c1", datetime(2026, 11, 14, 16, 0), "I honed the plane iron last month."),
    )
    assert (
        resolve("How many days ago did I hone the plane iron?", *coarse).operation == "unsupported"
    )
    res = resolve("How many months ago did I hone the plane iron?", *coarse)
    assert res.operation == "elapsed_since_question"


def test_starting_does_not_date_finishing() -> None:
    records = (
        EvidenceRecord("c1", datetime(2026, 2, 1, 9, 0), "Started the 1000-piece puzzle today."),
    )
    assert resolve("When did I finish the 1000-piece puzzle?", *records).operation == "unsupported"


def test_scheduled_is_a_plan_not_a_doing() -> None:
    records = (
        EvidenceRecord(
            "t1",
            datetime(2026, 12, 4),
            "* TODO Renew the passport\nSCHEDULED: <2026-12-04 Fri>\nBring two photos.",
        ),
    )
    assert resolve("When did I renew the passport?", *records).operation == "unsupported"


def test_cancelled_task_is_not_done() -> None:
    records = (
        EvidenceRecord(
            "t1",
            datetime(2026, 10, 25, 9, 12),
            "* CANCELLED Day trip to the coast\nCLOSED: [2026-10-25 Sun 09:12]\nRain all day.",
        ),
    )
    assert (
        resolve("When did I take the day trip to the coast?", *records).operation == "unsupported"
    )


def test_assistant_turns_are_not_evidence() -> None:
    records = (
        EvidenceRecord(
            "t1",
            datetime(2026, 3, 1, 9, 0),
            "** assistant\nYou visited the aquarium yesterday, how was it?",
        ),
    )
    assert resolve("When did I visit the aquarium?", *records).operation == "unsupported"


def test_a_date_inside_the_name_is_not_the_event_date() -> None:
    records = (
        EvidenceRecord(
            "c1",
            datetime(2026, 3, 20, 9, 0),
            "I finally read the March 15th issue of the magazine today.",
        ),
    )
    question = "How many days ago did I read the March 15th issue of the magazine?"
    res = resolve(question, *records, asked=datetime(2026, 4, 1, 12, 0, tzinfo=TZ))
    assert res.operands[0].time_expression == "today"


def test_no_construction_is_unsupported() -> None:
    res = resolve("What did I buy at the market?", JOURNAL_OTHER)
    assert res == Resolution("unsupported", (), res.explanation)
    assert res.operands == ()


def test_audit_is_filled_without_tokens() -> None:
    audit = ProviderAudit("symbolic")
    SymbolicResolver().resolve(ResolveRequest("When did I go?", ASKED, ()), audit)
    assert audit.provider == "symbolic"
    assert audit.input_tokens == audit.output_tokens == 0
    assert audit.attempts == 1


def test_a_clause_that_refers_back_dates_the_event() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 5, 22, 9, 0),
            "I've kept up with the hedge trimming, I did it two weeks ago and it looks tidy.",
        ),
        EvidenceRecord(
            "b",
            datetime(2026, 5, 22, 10, 0),
            "I repaired the shed roof three weeks ago, before the storm.",
        ),
    )
    question = "Which job did I do first, trimming the hedge or repairing the shed roof?"
    res = resolve(question, *records, asked=datetime(2026, 5, 23, tzinfo=TZ))
    assert res.operation == "order"
    assert res.operands[0].time_expression == "two weeks ago"
    value = accepted_value(question, res, records, asked=datetime(2026, 5, 23, tzinfo=TZ))
    assert value["order"][0] == "repairing the shed roof"


def test_a_fronted_time_dates_the_clause_after_it() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 11, 18, 5, 0),
            "Yesterday, I went to the winter fair and bought two scarves.",
        ),
    )
    res = resolve("When did I go to the winter fair?", *records)
    assert res.operands[0].time_expression == "Yesterday"
    assert accepted_value("When did I go to the winter fair?", res, records)["date"] == "2026-11-17"


def test_a_date_in_another_clause_of_its_own_is_not_the_events() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 5, 22, 9, 0),
            "I finished the novel, which I had to rush for my book club meeting two weeks ago.",
        ),
    )
    assert resolve("When did I finish the novel?", *records).operation == "unsupported"


def test_a_coming_event_is_not_dated_by_a_past_reading() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 1, 13, 9, 0),
            "I'm preparing slides for my upcoming team meeting on January 17th.",
        ),
    )
    assert resolve("When was the team meeting?", *records).operation == "unsupported"


def test_a_sentence_without_the_head_noun_is_another_event() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 4, 20, 9, 0),
            "I took part in the charity walk for the hospice last month.",
        ),
        EvidenceRecord(
            "b", datetime(2026, 4, 20, 9, 0), "I helped at the charity bake sale at work today."
        ),
    )
    question = "Which did I take part in first, the charity gala or the charity bake sale?"
    assert resolve(question, *records).operation == "unsupported"


def test_unquoted_order_list() -> None:
    records = (
        EvidenceRecord("a", datetime(2026, 3, 1, 9, 0), "I repainted the door today."),
        EvidenceRecord("b", datetime(2026, 3, 8, 9, 0), "I fixed the gate today, finally."),
        EvidenceRecord("c", datetime(2026, 3, 3, 9, 0), "I cleaned the gutters yesterday."),
    )
    question = (
        "What is the order of these events: I repainted the door, I fixed the gate, "
        "and I cleaned the gutters?"
    )
    res = resolve(question, *records)
    assert res.operation == "order"
    value = accepted_value(question, res, records)
    assert value["order"] == ["I repainted the door", "I cleaned the gutters", "I fixed the gate"]


def test_a_capture_stamp_is_not_the_events_time() -> None:
    records = (
        EvidenceRecord(
            "j",
            datetime(2026, 10, 31, 13, 10),
            "* Glass\n[2026-10-31 Sat 13:10]\nPicked up the glass from the glazier and fitted it.",
        ),
    )
    # The entry's stamp is when it was written; the sentence itself gives no time.
    assert (
        resolve("When did I pick up the glass from the glazier?", *records).operation
        == "unsupported"
    )


def test_booking_a_thing_does_not_date_the_thing() -> None:
    records = (
        EvidenceRecord(
            "j",
            datetime(2026, 9, 10, 22, 5),
            "Booked the flight to Lisbon tonight, seats by the window.",
        ),
    )
    assert resolve("When was the flight to Lisbon?", *records).operation == "unsupported"
    res = resolve("When did I book the flight to Lisbon?", *records)
    assert res.operation == "absolute_date"
    assert res.operands[0].time_expression == "tonight"


def test_two_times_on_one_day_are_not_rivals() -> None:
    records = (
        EvidenceRecord(
            "t",
            datetime(2026, 11, 26, 17, 40),
            "* DONE Delete the old importer\nCLOSED: [2026-11-26 Thu 17:40]",
        ),
        EvidenceRecord(
            "j",
            datetime(2026, 11, 26, 17, 55),
            "* Importer\n[2026-11-26 Thu 17:55]\nDeleted the old importer today.",
        ),
    )
    question = "How many days ago did I delete the old importer?"
    res = resolve(question, *records)
    assert res.operation == "elapsed_since_question"
    assert accepted_value(question, res, records)["days"] == 3


def test_the_finer_of_two_agreeing_times_is_cited() -> None:
    records = (
        EvidenceRecord(
            "a",
            datetime(2026, 9, 19, 15, 40),
            "* Started the frame\nStarted the frame today, ripped the oak.",
        ),
        EvidenceRecord(
            "b",
            datetime(2026, 10, 3, 16, 30),
            "* Dry fit\nI started the frame two weeks ago and it is still in pieces.",
        ),
    )
    res = resolve("When did I start the frame?", *records)
    assert res.operands[0].evidence_id == "a"
    assert res.operands[0].time_expression == "today"


def test_ordinals_tell_a_series_apart() -> None:
    records = (
        EvidenceRecord("a", datetime(2026, 9, 16, 21, 5), "First pottery class tonight."),
        EvidenceRecord("b", datetime(2026, 11, 18, 21, 40), "Last pottery class tonight."),
    )
    question = "How many weeks passed between the first pottery class and the last pottery class?"
    res = resolve(question, *records)
    assert [o.evidence_id for o in res.operands] == ["a", "b"]
    assert accepted_value(question, res, records)["days"] == 63


@pytest.mark.parametrize(
    ("question", "sentence", "control"),
    [
        (
            "When did I paint the fence?",
            "Dad painted the fence yesterday while I watched.",
            "I painted the fence yesterday while Dad watched.",
        ),
        (
            "When did I finish the marathon?",
            "My brother finished the marathon yesterday.",
            "I finished the marathon yesterday.",
        ),
        (
            "When did I go to the concert?",
            "We talked about the concert yesterday at dinner.",
            "I went to the concert yesterday with Sam.",
        ),
        (
            "When did I run the marathon?",
            "I read an article about the marathon today.",
            "I ran the marathon today.",
        ),
        (
            "When did I buy the bike?",
            "I sold the bike yesterday for 200 pounds.",
            "I bought the bike yesterday for 200 pounds.",
        ),
        (
            "When did I lose my keys?",
            "I found my keys yesterday under the sofa.",
            "I lost my keys yesterday on the bus.",
        ),
        (
            "When did I visit the museum?",
            "I visited the museum with my sister, it was last Tuesday I think.",
            "I visited the museum with my sister last Tuesday.",
        ),
        (
            "When did I go to the gym?",
            "Every Monday I go to the gym.",
            "I went to the gym yesterday.",
        ),
        (
            "When did I go to the dentist?",
            "I have a dentist appointment on March 3rd.",
            "I went to the dentist yesterday.",
        ),
        (
            "When did I start the course?",
            "I finished the course today, long after starting it.",
            "I started the course today.",
        ),
        (
            "How many days ago did I call my mother?",
            "My mother called me yesterday.",
            "I called my mother yesterday.",
        ),
    ],
)
def test_sentences_that_do_not_date_the_asked_event(
    question: str, sentence: str, control: str
) -> None:
    asked = datetime(2026, 3, 25, tzinfo=TZ)
    # the control tells the asked event plainly: the refusal below is for the reason named
    plain = (EvidenceRecord("r", datetime(2026, 3, 20, 10, 0), control),)
    assert resolve(question, *plain, asked=asked).operation != "unsupported", control
    records = (EvidenceRecord("r", datetime(2026, 3, 20, 10, 0), sentence),)
    res = resolve(question, *records, asked=asked)
    assert res.operation == "unsupported", res


def test_a_dated_sentence_with_a_fronted_time_and_no_comma() -> None:
    records = (
        EvidenceRecord(
            "r", datetime(2026, 3, 20, 10, 0), "Last Monday I booked the hotel for the trip."
        ),
    )
    res = resolve("When did I book the hotel?", *records, asked=datetime(2026, 3, 25, tzinfo=TZ))
    assert res.operation == "absolute_date"
    assert (
        accepted_value(
            "When did I book the hotel?", res, records, asked=datetime(2026, 3, 25, tzinfo=TZ)
        )["date"]
        == "2026-03-16"
    )


def test_the_next_sentence_can_date_the_event_when_it_refers_back() -> None:
    records = (
        EvidenceRecord(
            "r",
            datetime(2026, 10, 12, 9, 0),
            "Went to the pottery fair in town. It was on Saturday, and rained all day.",
        ),
    )
    res = resolve("When did I go to the pottery fair?", *records)
    assert res.operation == "absolute_date"
    (op,) = res.operands
    assert op.quote == ("Went to the pottery fair in town. It was on Saturday, and rained all day.")
    assert (
        accepted_value("When did I go to the pottery fair?", res, records)["date"] == "2026-10-10"
    )
    unrelated = (
        EvidenceRecord(
            "r",
            datetime(2026, 10, 12, 9, 0),
            "Went to the pottery fair in town. Saturday was rainy.",
        ),
    )
    assert resolve("When did I go to the pottery fair?", *unrelated).operation == "unsupported"


def test_a_structured_record_dates_by_its_listed_stamps() -> None:
    records = (
        EvidenceRecord(
            "t1",
            datetime(2026, 9, 29, 15, 10),
            "* DONE Renew the passport :admin:\n:ID: t1\nevent_time: 2026-09-29 15:10\n"
            "[structured: timestamps and dated lines only]\n"
            "timestamp scheduled: <2026-09-29 Tue 10:20>\n"
            "timestamp closed: [2026-09-29 Tue 15:10]",
        ),
    )
    question = "When did I renew the passport?"
    res = resolve(question, *records)
    assert res.operation == "absolute_date"
    assert res.operands[0].time_expression == "[2026-09-29 Tue 15:10]"
    assert accepted_value(question, res, records)["date"].startswith("2026-09-29")


def test_a_transcript_record_with_several_speakers() -> None:
    records = (
        EvidenceRecord(
            "session-1",
            datetime(2023, 5, 8, 13, 56),
            "Melanie: I ran a charity race last Saturday, it was exhausting.\n"
            "Caroline: Well done! I went to a support group yesterday and it was so powerful.\n"
            "Melanie: That sounds wonderful.",
        ),
    )
    asked = datetime(2023, 6, 1, tzinfo=TZ)
    res = resolve("When did Caroline go to the support group?", *records, asked=asked)
    assert res.operation == "absolute_date"
    assert res.operands[0].time_expression == "yesterday"
    assert (
        resolve("When did Melanie go to the support group?", *records, asked=asked).operation
        == "unsupported"
    )
    res = resolve("When did Melanie run the charity race?", *records, asked=asked)
    assert res.operation == "absolute_date"
    assert (
        accepted_value("When did Melanie run the charity race?", res, records, asked=asked)["date"]
        == "2023-05-06"
    )
    assert (
        resolve("When did Caroline run the charity race?", *records, asked=asked).operation
        == "unsupported"
    )


def test_a_speaker_heading_is_quoted_for_a_third_person_question() -> None:
    records = (
        EvidenceRecord(
            "t1",
            datetime(2023, 5, 8, 13, 56),
            "** Caroline\n:ID: t1\nThanks! I went to a support group yesterday, "
            "it was so powerful.",
        ),
        EvidenceRecord(
            "t2",
            datetime(2023, 5, 8, 13, 57),
            "** Melanie\n:ID: t2\nThat's great, I painted a lake at sunrise today.",
        ),
    )
    asked = datetime(2023, 6, 1, tzinfo=TZ)
    question = "When did Caroline go to the support group?"
    res = resolve(question, *records, asked=asked)
    assert res.operands[0].quote.startswith("** Caroline")
    assert accepted_value(question, res, records, asked=asked)["date"] == "2023-05-07"
    question = "When did Melanie paint a lake?"
    res = resolve(question, *records, asked=asked)
    assert accepted_value(question, res, records, asked=asked)["date"] == "2023-05-08"
