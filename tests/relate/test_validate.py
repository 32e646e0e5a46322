"""One crafted resolution per validation rule (validate.py, SPEC §6.4)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.relate.types import EvidenceRecord, Operand, Resolution
from prme_cli.relate.validate import CODES, ValidationError, validate, verbatim_in

TZ = ZoneInfo("Europe/Berlin")
QUESTION_DATE = datetime(2026, 11, 20, 12, 0, tzinfo=TZ)

RECORDS = {
    r.id: r
    for r in [
        EvidenceRecord(
            "finish",
            datetime(2026, 10, 2, 17, 40),
            "* DONE Finish the frame\nCLOSED: [2026-10-02 Fri 17:40]\nSanded and varnished.",
        ),
        EvidenceRecord(
            "hang",
            datetime(2026, 10, 20),
            "* Hang the frame\n<2026-10-20 Tue>\nHung it in the hall today.",
        ),
        EvidenceRecord(
            "trip",
            datetime(2026, 9, 1),
            "* Trip\nWe went to Rome last week and to Naples in March.",
        ),
        EvidenceRecord(
            "same",
            datetime(2026, 10, 2),
            "* Errands\n<2026-10-02 Fri> bought paint, <2026-10-02 Fri> bought nails",
        ),
        EvidenceRecord("paint", datetime(2026, 10, 2), "* Paint\n<2026-10-02 Fri>\nBought paint."),
        EvidenceRecord(
            "march", datetime(2026, 3, 3), "* Naples\n<2026-03-03 Tue>\nArrived in Naples."
        ),
        EvidenceRecord(
            "future", datetime(2026, 11, 1), "* Dentist\n<2026-12-04 Fri 10:00>\nCleaning."
        ),
        EvidenceRecord(
            "later", datetime(2026, 11, 1), "* Call\n<2026-11-20 Fri 18:00>\nCall the bank."
        ),
        EvidenceRecord(
            "work",
            datetime(2026, 11, 1),
            "* Deck\nWorked on the deck for 3 weeks, then 2 months on the roof.",
        ),
        EvidenceRecord(
            "clock",
            datetime(2026, 11, 1),
            "* Thesis\nCLOCK: [2026-11-01 Sun 09:00]--[2026-11-01 Sun 10:15] =>  1:15",
        ),
        EvidenceRecord(
            "standup",
            datetime(2026, 11, 1),
            "* Standup\nSCHEDULED: <2026-11-02 Mon 09:30 +1w>\nDaily at 9:30am.",
        ),
        EvidenceRecord(
            "secret", datetime(2026, 11, 1), "* Note\n<2026-11-03 Tue> password hunter2 rotated"
        ),
        EvidenceRecord(
            "task",
            datetime(2026, 10, 20, 17, 0),
            "* DONE Hang the frame\nCLOSED: [2026-10-20 Tue 17:00]\n:LOGBOOK:\n"
            '- State "STARTED"    from "TODO"       [2026-10-02 Fri 09:00]\n:END:',
        ),
        EvidenceRecord("rome2025", datetime(2026, 1, 5), "* Rome\nWe went to Rome in 2025"),
        EvidenceRecord("plan", None, "* TODO Hang the frame\nSCHEDULED: <2026-10-20 Tue>"),
        EvidenceRecord(
            "late", datetime(2026, 10, 25), "* DONE Finish it\nCLOSED: [2026-10-25 Sun 17:40]"
        ),
    ]
}

QUESTION = "How long passed between finishing and hanging the frame?"


def op(
    name: str, record: str, quote: str, expression: str, basis: str = "org_timestamp"
) -> Operand:
    return Operand(
        name=name, evidence_id=record, quote=quote, time_expression=expression, time_basis=basis
    )


FINISH = op("finishing", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "[2026-10-02 Fri 17:40]")
HANG = op("hanging the frame", "hang", "<2026-10-20 Tue>", "<2026-10-20 Tue>")


def check(
    operation: str, *operands: Operand, unit: str | None = None, question: str = QUESTION
) -> list[ValidationError]:
    return validate(
        Resolution(operation, tuple(operands)),
        RECORDS,
        question=question,
        unit=unit,
        question_date=QUESTION_DATE,
        tz=TZ,
    )


def codes(errors: list[ValidationError]) -> list[str]:
    return [e.code for e in errors]


# --------------------------------------------------------------------------- valid ones


def test_valid_elapsed_between() -> None:
    assert check("elapsed_between", FINISH, HANG) == []
    assert check("elapsed_between", FINISH, HANG, unit="weeks") == []


def test_unsupported_without_operands_is_valid() -> None:
    assert check("unsupported") == []


def test_valid_order_of_three() -> None:
    march = op("naples", "march", "<2026-03-03 Tue>", "<2026-03-03 Tue>")
    question = "Which came first: naples, finishing or hanging the frame?"
    assert check("order", HANG, march, FINISH, question=question) == []


# --------------------------------------------------------------------------- structure


def test_unknown_operation() -> None:
    assert codes(check("guess_the_answer", FINISH)) == ["unknown_operation"]


def test_operands_on_unsupported() -> None:
    assert codes(check("unsupported", FINISH)) == ["operands_on_unsupported"]


@pytest.mark.parametrize(
    ("operation", "count"),
    [
        ("elapsed_between", 1),
        ("elapsed_between", 3),
        ("elapsed_since_question", 2),
        ("order", 1),
        ("absolute_date", 2),
        ("duration_sum", 0),
        ("schedule", 0),
    ],
)
def test_operand_count(operation: str, count: int) -> None:
    march = op("naples", "march", "<2026-03-03 Tue>", "<2026-03-03 Tue>")
    operands = [FINISH, HANG, march][:count]
    assert "operand_count" in codes(check(operation, *operands, question=QUESTION + " naples"))


def test_unknown_basis() -> None:
    bad = op(
        "finishing",
        "finish",
        "CLOSED: [2026-10-02 Fri 17:40]",
        "[2026-10-02 Fri 17:40]",
        basis="gut_feeling",
    )
    assert codes(check("elapsed_between", bad, HANG)) == ["unknown_basis"]


@pytest.mark.parametrize("basis", ["duration", "time_of_day", "none"])
def test_basis_mismatch(basis: str) -> None:
    bad = op(
        "finishing",
        "finish",
        "CLOSED: [2026-10-02 Fri 17:40]",
        "[2026-10-02 Fri 17:40]",
        basis=basis,
    )
    assert codes(check("elapsed_between", bad, HANG)) == ["basis_mismatch"]


def test_unknown_record() -> None:
    ghost = op("hanging the frame", "nowhere", "<2026-10-20 Tue>", "<2026-10-20 Tue>")
    assert codes(check("elapsed_between", FINISH, ghost)) == ["unknown_record"]


def test_repeated_record_even_when_both_events_are_in_its_words() -> None:
    # Two events told in the words of one note give one piece of evidence for two claims.
    first = op("finishing", "same", "Bought paint on Monday", "on Monday", "text_expression")
    second = op(
        "hanging the frame", "same", "Bought nails on Friday", "on Friday", "text_expression"
    )
    assert "repeated_record" in codes(check("elapsed_between", first, second))


def test_two_structure_lines_of_one_task_are_two_pieces_of_evidence() -> None:
    # SPEC §6: a task's start (a LOGBOOK state change) and its end (CLOSED) date one activity
    started = op(
        "finishing",
        "task",
        '- State "STARTED"    from "TODO"       [2026-10-02 Fri 09:00]',
        "[2026-10-02 Fri 09:00]",
    )
    closed = op(
        "hanging the frame", "task", "CLOSED: [2026-10-20 Tue 17:00]", "[2026-10-20 Tue 17:00]"
    )
    assert check("elapsed_between", started, closed) == []
    # the same line twice is still one piece of evidence
    twice = op("hanging the frame", "task", started.quote, started.time_expression)
    assert "repeated_record" in codes(check("elapsed_between", started, twice))


def test_name_must_be_the_questions_words() -> None:
    renamed = op("framing", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "[2026-10-02 Fri 17:40]")
    assert codes(check("elapsed_between", renamed, HANG)) == ["name_not_in_question"]
    shouted = op("HANGING  the frame", "hang", "<2026-10-20 Tue>", "<2026-10-20 Tue>")
    assert check("elapsed_between", FINISH, shouted) == []


# --------------------------------------------------------------------------- verbatim


@pytest.mark.parametrize(
    "quote",
    [
        "CLOSED: [2026-10-03 Sat 17:40]",
        "closed: [2026-10-02 Fri 17:40]",
        "",
        "   ",
        "Sanded and varnished it.",
    ],
)
def test_quote_not_verbatim(quote: str) -> None:
    bad = op("finishing", "finish", quote, "[2026-10-02 Fri 17:40]")
    assert codes(check("elapsed_between", bad, HANG)) == ["quote_not_verbatim"]


def test_whitespace_runs_may_collapse_but_nothing_else() -> None:
    across_lines = op(
        "finishing",
        "finish",
        "Finish the frame CLOSED: [2026-10-02 Fri 17:40]",
        "[2026-10-02 Fri 17:40]",
    )
    assert check("elapsed_between", across_lines, HANG) == []
    assert verbatim_in("a  b\n c", "x a b c y")
    assert not verbatim_in("a b c", "x a-b c y")
    assert not verbatim_in("A b", "a b")


def test_expression_not_in_quote() -> None:
    bad = op("finishing", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "[2026-10-03 Sat]")
    assert codes(check("elapsed_between", bad, HANG)) == ["expression_not_in_quote"]
    empty = op("finishing", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "")
    assert codes(check("elapsed_between", empty, HANG)) == ["expression_not_in_quote"]


def test_uninterpretable_expression() -> None:
    bad = op("finishing", "finish", "Sanded and varnished.", "varnished", "text_expression")
    assert codes(check("elapsed_between", bad, HANG)) == ["uninterpretable_expression"]


# --------------------------------------------------------------------------- event_time


def test_event_time_needs_a_licence() -> None:
    licensed = op("hanging the frame", "hang", "Hung it in the hall today.", "today", "event_time")
    assert check("elapsed_between", FINISH, licensed) == []
    unlicensed = op("hanging the frame", "hang", "Hung it in the hall", "Hung", "event_time")
    assert codes(check("elapsed_between", FINISH, unlicensed)) == ["unlicensed_event_time"]


# --------------------------------------------------------------------------- precision

ROME = op("rome", "trip", "We went to Rome last week", "last week", "text_expression")
NAPLES = op("naples", "trip", "to Naples in March", "in March", "text_expression")
TRIP_Q = "How long ago did I go to rome, and to naples?"


@pytest.mark.parametrize(
    ("operand", "unit", "ok"),
    [
        (ROME, None, True),  # no unit: week-precise evidence is answered in weeks
        (ROME, "days", False),
        (ROME, "weeks", True),  # a week count accepts "last week"
        (ROME, "months", True),  # 24-30 Aug 2026 lies inside August
        (NAPLES, "weeks", False),
        (NAPLES, "months", True),  # a month count accepts "in March"
        (NAPLES, "years", True),
        (HANG, "hours", False),  # a date cannot give hours
        (FINISH, "hours", True),
    ],
)
def test_precision_follows_the_unit(operand: Operand, unit: str | None, ok: bool) -> None:
    errors = check(
        "elapsed_since_question",
        operand,
        unit=unit,
        question=TRIP_Q + " finishing, hanging the frame",
    )
    assert codes(errors) == ([] if ok else ["precision_too_coarse"])


def test_week_straddling_months_is_too_coarse_for_months() -> None:
    # The note is dated Thu 2 April 2026: "last week" is 23-29 March, inside March; a note of
    # Thu 9 April gives 30 March - 5 April, which straddles two months.
    records = {
        "a": EvidenceRecord("a", datetime(2026, 4, 9), "Went to Rome last week."),
    }
    rome = Operand("rome", "a", "Went to Rome last week.", "last week", "text_expression")
    errors = validate(
        Resolution("elapsed_since_question", (rome,)),
        records,
        question=TRIP_Q,
        unit="months",
        question_date=QUESTION_DATE,
        tz=TZ,
    )
    assert codes(errors) == ["precision_too_coarse"]


def test_absolute_date_is_answered_at_the_evidence_precision() -> None:
    # SPEC §6: "when" is answered with the evidence's grain, a week or a month at most
    question = "When did I go to rome?"
    assert check("absolute_date", ROME, question=question) == []
    assert check("absolute_date", NAPLES, question="When did I go to naples?") == []
    in_2025 = op("rome", "rome2025", "We went to Rome in 2025", "in 2025", "text_expression")
    assert codes(check("absolute_date", in_2025, question=question)) == ["precision_too_coarse"]
    assert check("absolute_date", HANG, question="When was hanging the frame?") == []


def test_a_plan_is_no_evidence_of_a_deed() -> None:
    planned = op("hang the frame", "plan", "SCHEDULED: <2026-10-20 Tue>", "<2026-10-20 Tue>")
    asked_done = "When did I hang the frame?"
    assert codes(check("absolute_date", planned, question=asked_done)) == ["plan_for_a_deed"]
    asked_plan = "When am I going to hang the frame?"
    assert check("absolute_date", planned, question=asked_plan) == []


def test_a_false_premise_is_refused_not_answered_with_the_absolute_difference() -> None:
    question = "How many days before hanging the frame did I finish it?"
    late = op("finish it", "late", "CLOSED: [2026-10-25 Sun 17:40]", "[2026-10-25 Sun 17:40]")
    assert codes(check("elapsed_between", late, HANG, question=question)) == ["false_premise"]
    early = op("finish it", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "[2026-10-02 Fri 17:40]")
    assert check("elapsed_between", early, HANG, question=question) == []
    # "between" names no direction
    between = "How many days passed between hanging the frame and finish it?"
    assert check("elapsed_between", HANG, late, question=between) == []


def test_schedule_needs_a_clock_time() -> None:
    question = "What time is the standup scheduled every week?"
    standup = op(
        "the standup",
        "standup",
        "SCHEDULED: <2026-11-02 Mon 09:30 +1w>",
        "<2026-11-02 Mon 09:30 +1w>",
    )
    assert check("schedule", standup, question=question) == []
    spoken = op("the standup", "standup", "Daily at 9:30am.", "at 9:30am", "time_of_day")
    assert check("schedule", spoken, question=question) == []
    dated_only = op("the standup", "hang", "<2026-10-20 Tue>", "<2026-10-20 Tue>")
    assert codes(check("schedule", dated_only, question=question)) == ["precision_too_coarse"]


# --------------------------------------------------------------------------- durations

DUR_Q = "How much time did I spend on the deck and the thesis in total?"


def test_duration_sum_valid_and_mixed_units() -> None:
    deck = op("the deck", "work", "Worked on the deck for 3 weeks", "3 weeks", "duration")
    thesis = op("the thesis", "clock", "=>  1:15", "1:15", "duration")
    assert check("duration_sum", deck, thesis, question=DUR_Q) == []
    roof = op("the deck", "work", "then 2 months on the roof", "2 months", "duration")
    assert codes(check("duration_sum", roof, thesis, question=DUR_Q)) == ["inexact_duration_units"]


def test_duration_against_the_unit_asked() -> None:
    deck = op("the deck", "work", "Worked on the deck for 3 weeks", "3 weeks", "duration")
    assert codes(check("duration_sum", deck, unit="months", question=DUR_Q)) == [
        "inexact_duration_units"
    ]
    assert check("duration_sum", deck, unit="hours", question=DUR_Q) == []


def test_mixed_units_inside_one_expression() -> None:
    records = {"w": EvidenceRecord("w", None, "It took 1 month and 3 days.")}
    mixed = Operand("it", "w", "It took 1 month and 3 days.", "1 month and 3 days", "duration")
    errors = validate(
        Resolution("duration_sum", (mixed,)),
        records,
        question="how long did it take in total",
        unit=None,
        question_date=QUESTION_DATE,
        tz=TZ,
    )
    assert codes(errors) == ["inexact_duration_units"]


# --------------------------------------------------------------------------- future, order


def test_future_elapsed_since_question() -> None:
    question = "How long ago was the dentist, and the call?"
    dentist = op("the dentist", "future", "<2026-12-04 Fri 10:00>", "<2026-12-04 Fri 10:00>")
    assert codes(check("elapsed_since_question", dentist, question=question)) == ["future_elapsed"]
    # Later the same day counts as today for a day count, but not for hours.
    call = op("the call", "later", "<2026-11-20 Fri 18:00>", "<2026-11-20 Fri 18:00>")
    assert check("elapsed_since_question", call, question=question) == []
    assert codes(check("elapsed_since_question", call, unit="hours", question=question)) == [
        "future_elapsed"
    ]


def test_order_tie_on_the_same_date() -> None:
    question = "Which did I buy first, paint or the frame?"
    paint = op("paint", "paint", "<2026-10-02 Fri>", "<2026-10-02 Fri>")
    frame = op("the frame", "finish", "CLOSED: [2026-10-02 Fri 17:40]", "[2026-10-02 Fri 17:40]")
    assert codes(check("order", paint, frame, question=question)) == ["order_tie"]


def test_order_overlap() -> None:
    question = "Which came first, naples or arriving?"
    naples = op("naples", "trip", "to Naples in March", "in March", "text_expression")
    arrived = op("arriving", "march", "<2026-03-03 Tue>", "<2026-03-03 Tue>")
    assert codes(check("order", naples, arrived, question=question)) == ["order_overlap"]


def test_a_question_admitting_several_operations_refuses_any_other() -> None:
    question = "How many days did I spend on the frame?"
    finishing = op("the frame", "finish", FINISH.quote, FINISH.time_expression)
    hanging = op("the frame", "hang", HANG.quote, HANG.time_expression)
    assert check("elapsed_between", finishing, hanging, question=question) == []
    assert codes(check("order", finishing, hanging, question=question)) == ["operation_not_asked"]


# --------------------------------------------------------------------------- messages


def test_messages_do_not_echo_record_text() -> None:
    bad = op("finishing", "secret", "password hunter2 rotated!", "<2026-11-03 Tue>")
    errors = check("elapsed_between", bad, HANG)
    assert codes(errors) == ["quote_not_verbatim"]
    assert all("hunter2" not in e.message for e in errors)
    assert "secret" in errors[0].message  # the record id is fine
    assert errors[0].operand == 0
    assert errors[0].to_json()["code"] == "quote_not_verbatim"


def test_every_code_is_documented() -> None:
    assert len(set(CODES)) == len(CODES)
    assert {
        "unknown_record",
        "repeated_record",
        "quote_not_verbatim",
        "expression_not_in_quote",
        "precision_too_coarse",
        "unlicensed_event_time",
        "inexact_duration_units",
        "future_elapsed",
        "order_tie",
        "order_overlap",
        "operand_count",
        "operands_on_unsupported",
        "unknown_operation",
        "unknown_basis",
        "uninterpretable_expression",
    } <= set(CODES)
