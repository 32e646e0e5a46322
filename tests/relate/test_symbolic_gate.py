"""The symbolic gate judges each operand on its own quote, by its own rules."""

from __future__ import annotations

from datetime import datetime

from prme_cli.relate.symbolic import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, ProviderAudit, Resolution

THRESHOLD = 0.85


def judge(question: str, operation: str, operand: Operand, text: str) -> float:
    record = EvidenceRecord(operand.evidence_id, datetime(2026, 10, 10, 12, 0), text)
    verdict = SymbolicGate().evaluate(
        question, Resolution(operation, (operand,)), {record.id: record}, ProviderAudit("symbolic")
    )
    (p,) = verdict.probabilities
    assert 0.0 <= p <= 1.0
    return p


def test_a_quote_that_dates_the_event_passes() -> None:
    text = "Finished the bookshelf this morning, two coats of oil."
    op = Operand(
        "finish the bookshelf",
        "r1",
        "Finished the bookshelf this morning, two coats of oil.",
        "this morning",
        "event_time",
    )
    assert judge("When did I finish the bookshelf?", "absolute_date", op, text) >= THRESHOLD


def test_starting_is_not_finishing() -> None:
    text = "Started the bookshelf this morning, cut the sides."
    op = Operand("finish the bookshelf", "r1", text, "this morning", "event_time")
    assert judge("When did I finish the bookshelf?", "absolute_date", op, text) < 0.5


def test_ordering_is_not_receiving() -> None:
    text = "I ordered the new kettle yesterday, it should come on Monday."
    op = Operand(
        "I received the new kettle",
        "r1",
        "I ordered the new kettle yesterday",
        "yesterday",
        "text_expression",
    )
    assert judge("When did I receive the new kettle?", "absolute_date", op, text) < 0.5


def test_plans_and_negations_fail() -> None:
    plan = "I'm planning to paint the fence tomorrow."
    op = Operand("paint the fence", "r1", plan, "tomorrow", "text_expression")
    assert judge("When did I paint the fence?", "absolute_date", op, plan) < 0.5
    negated = "I didn't paint the fence yesterday, it rained."
    op = Operand("paint the fence", "r1", negated, "yesterday", "text_expression")
    assert judge("When did I paint the fence?", "absolute_date", op, negated) < 0.5


def test_a_quote_about_something_else_fails() -> None:
    text = "Cleaned the garage yesterday and hung the clamps."
    op = Operand("hanging the picture frame", "r1", text, "yesterday", "text_expression")
    assert (
        judge(
            "How long passed between finishing and hanging the picture frame?",
            "elapsed_between",
            op,
            text,
        )
        < THRESHOLD
    )


def test_event_time_needs_a_licence() -> None:
    text = "Finished the bookshelf, two coats of oil."
    op = Operand("finish the bookshelf", "r1", text, "Finished", "event_time")
    assert judge("When did I finish the bookshelf?", "absolute_date", op, text) < 0.1


def test_org_closed_stamp_of_a_done_heading() -> None:
    text = (
        "* DONE Renew the passport\nCLOSED: [2026-09-29 Tue 15:10] SCHEDULED: "
        "<2026-09-29 Tue 10:20>\nOld one expires in December."
    )
    closed = Operand(
        "renew the passport",
        "r1",
        "* DONE Renew the passport\nCLOSED: [2026-09-29 Tue 15:10]",
        "[2026-09-29 Tue 15:10]",
        "org_timestamp",
    )
    assert judge("When did I renew the passport?", "absolute_date", closed, text) >= THRESHOLD
    scheduled = Operand(
        "renew the passport",
        "r1",
        text.split("\nOld")[0],
        "<2026-09-29 Tue 10:20>",
        "org_timestamp",
    )
    assert judge("When did I renew the passport?", "absolute_date", scheduled, text) < 0.5


def test_closing_stamp_of_a_cancelled_task_fails() -> None:
    text = "* CANCELLED Day trip to the coast\nCLOSED: [2026-10-25 Sun 09:12]"
    op = Operand("the day trip to the coast", "r1", text, "[2026-10-25 Sun 09:12]", "org_timestamp")
    assert judge("When did I take the day trip to the coast?", "absolute_date", op, text) < 0.5


def test_broken_citations_get_zero() -> None:
    text = "Finished the bookshelf this morning."
    missing = Operand(
        "finish the bookshelf", "r1", "Finished the shelf today", "today", "event_time"
    )
    assert judge("When did I finish the bookshelf?", "absolute_date", missing, text) == 0.0
    outside = Operand(
        "finish the bookshelf", "r1", "Finished the bookshelf", "this morning", "event_time"
    )
    assert judge("When did I finish the bookshelf?", "absolute_date", outside, text) == 0.0


def test_one_probability_per_operand_and_audit() -> None:
    a = EvidenceRecord("a", None, "I joined the chess club yesterday.")
    b = EvidenceRecord("b", None, "I joined the climbing club last week.")
    res = Resolution(
        "order",
        (
            Operand("the chess club", "a", a.text, "yesterday", "text_expression"),
            Operand("the climbing club", "b", b.text, "last week", "text_expression"),
        ),
    )
    audit = ProviderAudit("symbolic")
    verdict = SymbolicGate().evaluate(
        "Which club did I join first, the chess club or the climbing club?",
        res,
        {"a": a, "b": b},
        audit,
    )
    assert len(verdict.probabilities) == 2
    assert all(p >= THRESHOLD for p in verdict.probabilities)
    assert audit.provider == "symbolic" and audit.attempts == 1


def test_a_question_about_someone_needs_a_quote_that_names_them() -> None:
    text = "Caroline: Well done! I went to a support group yesterday."
    named = Operand("go to the support group", "r1", text, "yesterday", "text_expression")
    question = "When did Caroline go to the support group?"
    assert judge(question, "absolute_date", named, text) >= THRESHOLD
    anonymous = Operand(
        "go to the support group",
        "r1",
        "I went to a support group yesterday.",
        "yesterday",
        "text_expression",
    )
    assert judge(question, "absolute_date", anonymous, text) < 0.5


def test_a_headings_closed_stamp_is_its_own_however_long_the_metadata() -> None:
    text = (
        "** DONE Renew the boat licence (online, harbour office) :admin:\n"
        ":ID: 7C1D2E3F-0A1B-4C5D-8E9F-0123456789AB\n"
        "path: Sailing season / Paperwork before launch\n"
        "event_time: 2026-03-29 15:10\n"
        "source: /home/someone/Documents/notes/org/hobbies/sailing-season-2026.org:119\n"
        "CLOSED: [2026-03-29 Sun 15:10]"
    )
    op = Operand("renew the boat licence", "r1", text, "[2026-03-29 Sun 15:10]", "org_timestamp")
    assert judge("When did I renew the boat licence?", "absolute_date", op, text) >= THRESHOLD
    prose = (
        "** Sailing\nRenewed the boat licence and then, after a long week of sanding and "
        "varnishing and arguing with the chandlery about the wrong cleats and the missing "
        "shackles, finally launched on [2026-03-29 Sun]."
    )
    op = Operand("renew the boat licence", "r1", prose, "[2026-03-29 Sun]", "org_timestamp")
    assert judge("When did I renew the boat licence?", "absolute_date", op, prose) < THRESHOLD


def test_the_same_name_twice_is_a_span_whose_first_quote_tells_the_start() -> None:
    start_text = "Set off on the canoe trip down the Wye this morning."
    end_text = "Got back from the canoe trip down the Wye today, shoulders aching."
    name = "the canoe trip down the Wye"
    start = Operand(name, "s", start_text, "this morning", "event_time")
    end = Operand(name, "e", end_text, "today", "event_time")
    records = {
        "s": EvidenceRecord("s", datetime(2024, 5, 11, 8), start_text),
        "e": EvidenceRecord("e", datetime(2024, 5, 15, 21), end_text),
    }
    question = "How many days did I spend on the canoe trip down the Wye?"

    def probabilities(*operands: Operand) -> tuple[float, ...]:
        return (
            SymbolicGate()
            .evaluate(
                question,
                Resolution("elapsed_between", operands),
                records,
                ProviderAudit("symbolic"),
            )
            .probabilities
        )

    assert all(p >= THRESHOLD for p in probabilities(start, end))
    assert all(p < 0.5 for p in probabilities(end, start))  # swapped: neither end fits


def test_a_state_of_using_a_thing_is_counted_from_getting_it() -> None:
    question = "How long had I been using the new rice cooker when I hosted the dinner?"
    for text, expression in (
        ("I got a new rice cooker two weeks ago and it is great.", "two weeks ago"),
        ("Bought the new rice cooker on March 3rd at the market.", "March 3rd"),
    ):
        op = Operand("using the new rice cooker", "r1", text, expression, "text_expression")
        assert judge(question, "elapsed_between", op, text) >= THRESHOLD, text
    wear = "How long have I been wearing the blue boots?"
    text = "Picked up the blue boots, I got them on Saturday from the cobbler."
    op = Operand("wearing the blue boots", "r1", text, "on Saturday", "text_expression")
    assert judge(wear, "elapsed_since_question", op, text) >= THRESHOLD


def test_ordering_a_thing_does_not_start_using_it() -> None:
    ordered = "I ordered a new rice cooker two weeks ago."
    op = Operand("using the new rice cooker", "r1", ordered, "two weeks ago", "text_expression")
    question = "How long had I been using the new rice cooker when I hosted the dinner?"
    assert judge(question, "elapsed_between", op, ordered) < THRESHOLD


def test_a_length_stated_in_words_is_judged_by_the_word_before_it() -> None:
    question = "How long did I spend repotting the tomatoes?"
    for text, ok in (
        ("Spent two hours repotting the tomatoes.", True),
        ("Repotting the tomatoes took two hours.", True),
        ("Spent about two hours repotting the tomatoes.", False),
        ("Repotted the tomatoes, two hours of work.", False),
        ("Repotted the tomatoes for two hours a day.", False),
    ):
        op = Operand("repotting the tomatoes", "r1", text, "two hours", "duration")
        assert (judge(question, "duration_sum", op, text) >= THRESHOLD) is ok, text


def test_work_clocked_on_a_task_counts_for_the_project_above_it() -> None:
    text = (
        ":ID: t1\npath: Kitchen shelves\n* DONE Cut the boards\n:LOGBOOK:\n"
        "CLOCK: [2027-09-05 Sun 13:30]--[2027-09-05 Sun 16:00] =>  2:30\n:END:"
    )
    quote = "CLOCK: [2027-09-05 Sun 13:30]--[2027-09-05 Sun 16:00] =>  2:30"
    op = Operand("the kitchen shelves", "r1", quote, "=>  2:30", "duration")
    question = "How many hours did I spend on the kitchen shelves?"
    assert judge(question, "duration_sum", op, text) >= THRESHOLD
    other = text.replace("path: Kitchen shelves", "path: Garden shed")
    assert judge(question, "duration_sum", op, other) < THRESHOLD


def test_a_journal_deed_whose_object_is_the_named_thing_dates_it() -> None:
    question = "How many days passed between my first open-water mile and the club dinner?"

    def journal(text: str) -> float:
        record = EvidenceRecord(
            "r1", datetime(2027, 2, 7), text, title="2027-02-07 Sunday", event_source="datetree"
        )
        op = Operand("my first open-water mile", "r1", text, text.split()[0], "event_time")
        verdict = SymbolicGate().evaluate(
            question,
            Resolution("elapsed_between", (op,)),
            {record.id: record},
            ProviderAudit("symbolic"),
        )
        return verdict.probabilities[0]

    assert journal("Swam my first open-water mile: 41 minutes, freezing.") >= THRESHOLD
    assert journal("Cancelled my first open-water mile, the lake was closed.") < THRESHOLD
    assert journal("Booked my first open-water mile for June.") < THRESHOLD
