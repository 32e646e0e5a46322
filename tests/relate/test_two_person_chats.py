"""Third-person questions over chats between two named friends, in the shape the corpus
converter writes them: one file per session, a top-level heading stamped with the session's
date, one child heading per turn whose title is the speaker's name.

The chats here are invented for these rules (they are not the ``pairs`` bench set's): a deed
one clause of a sentence denies ("I had tickets … but I didn't go"), a bare day of the month
that only a past report may read ("on the 25th"), and questions about a named person's plans
("When is Rosa moving …?").
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.relate.symbolic import SymbolicGate
from prme_cli.relate.types import EvidenceRecord, Operand, ProviderAudit, Resolution
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2032-06-20T20:00", TZ)


def session(stamp: str, *turns: tuple[str, str]) -> str:
    """One chat session as the corpus converter writes it: a dated heading, a child heading
    per turn titled with the speaker's name."""
    day = datetime.strptime(stamp, "%Y-%m-%d %H:%M")
    out = [f"#+TITLE: Chat of {day:%Y-%m-%d}", f"* Chat [{day:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return "\n".join(out) + "\n"


CHATS = {
    "s0.org": session(
        "2032-02-14 18:00",
        ("Rosa", "I had tickets for the jazz night on Thursday but I didn't go, I was too tired."),
        ("Ivo", "Shame! I went to the jazz night on Thursday and the trio was brilliant."),
        ("Rosa", "We booked the boat trip for Sunday, but in the end we never went on it."),
        ("Ivo", "I didn't want to go at first, but I went to the chess club on Tuesday."),
        ("Rosa", "I was meant to see the optician on Monday, and I skipped it."),
        ("Ivo", "My dentist appointment was on Wednesday, but I cancelled it."),
        ("Rosa", "The pub quiz was on Tuesday, but we missed it."),
        ("Ivo", "The pub quiz was on Thursday, and we loved it."),
        ("Rosa", "We went to the salsa evening on Friday and danced until midnight."),
    ),
    "s1.org": session(
        "2032-03-20 10:00",
        ("Ivo", "I'm having my wisdom teeth out on the 25th, wish me luck."),
        ("Rosa", "Good luck! I moved into the new flat on the 3rd, it's still full of boxes."),
        ("Ivo", "We're flying to Oslo on the 28th for my cousin's wedding."),
        ("Rosa", "My exam is on the 30th, I'm revising every evening."),
        ("Ivo", "I finally signed the lease on the 9th, so the studio is mine."),
        ("Rosa", "I painted the hallway on the 20th."),
    ),
    "s2.org": session(
        "2032-06-05 19:00",
        ("Rosa", "Big news: I'm moving to Lisbon next month, the job starts in August."),
        ("Ivo", "Wow! I'm going to run the harbour half marathon on Sunday the 27th."),
        ("Rosa", "I'd love to learn to sail next summer, if I can afford it."),
        ("Ivo", "I will start my pottery course on the 15th of June."),
        ("Rosa", "I'm thinking of adopting a dog next year, maybe."),
        ("Ivo", "I repainted my bike last week, it's bright green now."),
        ("Rosa", "And I'm flying to Porto on August 2nd for the wedding."),
        ("Ivo", "I'm loving it, we went to the beach on May 3rd and swam."),
    ),
    "s3.org": session(
        "2032-06-12 11:00",
        ("Rosa", "Ivo's photos were in the gallery show yesterday, he was so proud."),
        ("Ivo", "And my sketches were in the gallery show on Thursday!"),
        ("Rosa", "My ceramics were in the craft market on Wednesday."),
    ),
    "s4.org": session(
        "2032-06-19 10:00",
        ("Rosa", "Guess what, my yoga course started on Tuesday and I love it."),
        ("Ivo", "Nice! Our kitchen renovation finished on Friday, finally."),
        ("Rosa", "Her dance course started on Wednesday, my sister is thrilled."),
        ("Ivo", "Mia's painting class started on Thursday."),
    ),
}


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("pairs"), CHATS, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


def accepted(store: Store, question: str) -> dict[str, Any]:
    doc = ask(store, question)
    if doc["status"] != "accepted":
        pytest.fail(f"{doc['status']}: {doc['metadata'].get('explanation')}")
    return doc["value"]


# --------------------------------------------------------------------------- denied clauses


@pytest.mark.parametrize(
    "question",
    [
        "When did Rosa go to the jazz night?",  # "… but I didn't go"
        "When did Rosa go on the boat trip?",  # "… but in the end we never went on it"
        "When did Rosa see the optician?",  # "I was meant to …, and I skipped it"
        "When did Ivo have his dentist appointment?",  # "… was on Wednesday, but I cancelled it"
        "When did Rosa go to the pub quiz?",  # "… was on Tuesday, but we missed it"
    ],
)
def test_a_deed_another_clause_of_the_sentence_denies_is_refused(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the other speaker went: his sentence asserts it
        ("When did Ivo go to the jazz night?", "2032-02-12"),
        # the negation governs another verb ("didn't want to go"), the deed is asserted
        ("When did Ivo go to the chess club?", "2032-02-10"),
        # "the salsa evening on Friday": the part of the day names the event, the time is
        # "on Friday"
        ("When did Rosa go to the salsa evening?", "2032-02-13"),
        # the clause after it praises the quiz, it does not deny it
        ("When did Ivo go to the pub quiz?", "2032-02-12"),
    ],
)
def test_a_negation_of_another_verb_leaves_the_deed_told(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


# --------------------------------------------------------------------------- bare days


@pytest.mark.parametrize(
    "question",
    [
        "When did Ivo have his wisdom teeth out?",  # "I'm having … on the 25th": coming
        "When did Ivo fly to Oslo?",  # "We're flying to Oslo on the 28th"
        "When did Rosa take her exam?",  # "My exam is on the 30th": not a past report
    ],
)
def test_a_bare_day_of_the_month_outside_a_past_report_is_refused(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


def test_a_yearless_date_in_a_past_clause_stays_read_back(chats: Store) -> None:
    # "I'm loving it, we went to the beach on May 3rd": the present is another clause's
    assert accepted(chats, "When did Ivo go to the beach?")["date"] == "2032-05-03"


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("When did Rosa move into the new flat?", "2032-03-03"),
        ("When did Ivo sign the lease?", "2032-03-09"),
    ],
)
def test_a_bare_day_of_the_month_in_a_past_report_is_the_latest_before_the_note(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


def test_a_bare_day_of_the_month_written_on_that_day_is_refused(chats: Store) -> None:
    # written on 20 March: "on the 20th" is that day or 20 February
    doc = ask(chats, "When did Rosa paint the hallway?")
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- own things


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # "my yoga course started": the writer started it
        ("When did Rosa start her yoga course?", "2032-06-15"),
        # "our kitchen renovation finished": the writer's household finished it
        ("When did Ivo finish the kitchen renovation?", "2032-06-18"),
    ],
)
def test_the_writers_own_thing_starting_is_their_start(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did Ivo start his yoga course?",  # Rosa's course
        "When did Rosa start her dance course?",  # "her dance course": her sister's
        "When did Ivo start his painting class?",  # Mia's class
    ],
)
def test_someone_elses_thing_starting_is_not_the_writers_start(chats: Store, question: str) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- owners


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # the owner's own turn: "my sketches", "my ceramics"
        ("When were Ivo's sketches in the gallery show?", "2032-06-10"),
        ("When were Rosa's ceramics in the craft market?", "2032-06-09"),
    ],
)
def test_a_named_owners_thing_is_dated_by_their_own_turn(
    chats: Store, question: str, day: str
) -> None:
    assert accepted(chats, question)["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When were Rosa's sketches in the gallery show?",  # Ivo's sketches
        "When were Rosa's photos in the gallery show?",  # Ivo's photos, told by Rosa
        "When were Ivo's ceramics in the craft market?",  # Rosa's ceramics
    ],
)
def test_another_owners_thing_is_refused(chats: Store, question: str) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- plans


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("When is Rosa moving to Lisbon?", "Rosa"),
        ("When is Ivo going to run the half marathon?", "Ivo"),
        ("When will Noor and Pieter fly to Oslo?", "Noor and Pieter"),
        ("When am I seeing the dentist?", None),
    ],
)
def test_a_plan_question_is_framed_as_planned_for_its_subject(
    question: str, subject: str | None
) -> None:
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    assert frame is not None and frame.planned and frame.subject == subject


@pytest.mark.parametrize(
    "question", ["When is the pub quiz?", "When is Rosa's sister getting married?"]
)
def test_a_when_is_question_without_a_persons_progressive_is_no_plan(question: str) -> None:
    from prme_cli.relate.frame import analyse

    frame = analyse(question)
    assert frame is None or not frame.planned


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("When is Rosa moving to Lisbon?", {"date": "2032-07-01", "grain": "month"}),
        ("When is Ivo going to run the harbour half marathon?", {"date": "2032-06-27"}),
        ("When will Ivo run the harbour half marathon?", {"date": "2032-06-27"}),
        ("When is Ivo running the harbour half marathon?", {"date": "2032-06-27"}),
        # "I will start … on the 15th of June": a year-less date told as coming, read forward
        ("When will Ivo start his pottery course?", {"date": "2032-06-15"}),
        ("When is Rosa flying to Porto?", {"date": "2032-08-02"}),
    ],
)
def test_a_named_persons_plan_is_answered_marked_planned(
    chats: Store, question: str, value: dict[str, Any]
) -> None:
    got = accepted(chats, question)
    assert got["planned"] is True
    for key, expected in value.items():
        assert got[key] == expected, got


@pytest.mark.parametrize(
    "question",
    [
        "When is Ivo moving to Lisbon?",  # Rosa's plan, not Ivo's
        "When is Rosa going to learn to sail?",  # "I'd love to … if I can afford it": a wish
        "When is Rosa adopting a dog?",  # "thinking of …, maybe"
        "When is Ivo going to repaint his bike?",  # done last week: no plan
        "When is Ivo flying to Porto?",  # Rosa's flight
        "When did Rosa fly to Porto?",  # a plan asked as done
        "When did Rosa move to Lisbon?",  # a plan asked as done
    ],
)
def test_a_plan_question_is_refused_without_the_persons_own_coming_plan(
    chats: Store, question: str
) -> None:
    doc = ask(chats, question)
    assert doc["status"] != "accepted", doc["value"]


# --------------------------------------------------------------------------- second person

YOU_CHATS = {
    "y0.org": session(
        "2032-04-10 12:00",
        ("Ana", "How are the arms? You went to the climbing wall last Sunday, didn't you?"),
        ("Leo", "I did! My forearms are still dead."),
        ("Ana", "Ha. I went to the pool on Thursday."),
    ),
    "y1.org": session(
        "2032-04-24 12:00",
        ("Leo", "You said you passed your driving test on Friday! How does it feel?"),
        ("Ana", "Yes! I still can't believe it."),
    ),
    "y2.org": session(
        "2032-05-08 12:00",
        ("Ana", "Did you finish the forest marathon on Sunday?"),
        ("Leo", "Yep, every single mile of it."),
    ),
    "y3.org": session(
        "2032-05-15 12:00",
        ("Leo", "You repainted the kitchen on Tuesday, right?"),
        ("Ana", "No, that was the hallway."),
        ("Ana", "The kitchen is next."),
    ),
    "y4.org": session(
        "2032-05-22 12:00",
        ("Ana", "You sold the old van on Monday, didn't you?"),
        ("Leo", "Yes, but on Saturday actually."),
    ),
    "y5.org": session(
        "2032-05-29 12:00",
        ("Leo", "You planted the apple tree on Wednesday, didn't you?"),
        ("Ana", "I did, on Thursday in the end."),
    ),
    "y6.org": session(
        "2032-06-05 12:00",
        ("Ana", "You moved the piano on Monday, didn't you? And are you coming on Friday?"),
        ("Leo", "Yes!"),
    ),
    "y7.org": session(
        "2032-06-12 12:00",
        ("Ana", "Are you going to the book fair on Sunday?"),
        ("Leo", "Yes!"),
    ),
}
#: a chat of three: "you" may be either of the others
GROUP = session(
    "2032-06-12 12:00",
    ("Mia", "Hi both!"),
    ("Ana", "You went to the harbour festival on Saturday, didn't you?"),
    ("Leo", "I did!"),
)


@pytest.fixture(scope="module")
def you_chats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("you"), YOU_CHATS, NOW)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        # a tag question the addressee's next turn confirms
        ("When did Leo go to the climbing wall?", "2032-04-04"),
        # "You said you …!" then a wh-question; the yes answers the report
        ("When did Ana pass her driving test?", "2032-04-23"),
        # a yes to a question about a past deed
        ("When did Leo finish the forest marathon?", "2032-05-02"),
    ],
)
def test_a_deed_told_to_the_other_speaker_is_theirs_when_they_confirm_it(
    you_chats: Store, question: str, day: str
) -> None:
    value = accepted(you_chats, question)
    assert value["date"] == day


@pytest.mark.parametrize(
    "question",
    [
        "When did Ana go to the climbing wall?",  # Ana told Leo he went
        "When did Ana repaint the kitchen?",  # "No, that was the hallway."
        "When did Leo sell the old van?",  # "Yes, but on Saturday actually."
        "When did Ana plant the apple tree?",  # "I did, on Thursday in the end."
        "When did Leo move the piano?",  # the yes may answer the second question
        "When did Leo go to the book fair?",  # a yes to a plan
    ],
)
def test_a_second_person_deed_without_a_plain_yes_is_refused(
    you_chats: Store, question: str
) -> None:
    doc = ask(you_chats, question)
    assert doc["status"] != "accepted", doc["value"]


def test_in_a_chat_of_three_you_is_not_the_one_who_replies(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("group")
    for store in notes_store(root, {"group.org": GROUP}, NOW):
        doc = ask(store, "When did Leo go to the harbour festival?")
        assert doc["status"] != "accepted", doc["value"]


def gate_probability(question: str, operand: Operand, *records: EvidenceRecord) -> float:
    """The symbolic gate's probability for one operand, the records it may read given."""
    verdict = SymbolicGate().evaluate(
        question,
        Resolution("absolute_date", (operand,)),
        {r.id: r for r in records},
        ProviderAudit("symbolic"),
    )
    return verdict.probabilities[0]


def _gate(quote_text: str, reply: str | None, subject: str = "Leo") -> float:
    cited = EvidenceRecord(
        "t0",
        datetime(2032, 4, 10, 12, 0),
        f"* Ana\n{quote_text}",
        title="Ana",
        next_id="t1" if reply is not None else "",
    )
    records = [cited]
    if reply is not None:
        records.append(
            EvidenceRecord(
                "t1", datetime(2032, 4, 10, 12, 0), f"* {subject}\n{reply}", title=subject
            )
        )
    operand = Operand("go to the climbing wall", "t0", cited.text, "last Sunday", "text_expression")
    return gate_probability(f"When did {subject} go to the climbing wall?", operand, *records)


def test_the_gate_reads_the_confirming_turn_itself() -> None:
    told = "You went to the climbing wall last Sunday, didn't you?"
    assert _gate(told, "I did! My forearms are still dead.") >= 0.85
    assert _gate(told, None) < 0.5  # no reply: the quote does not name Leo
    assert _gate(told, "No, I stayed home.") < 0.5
    assert _gate(told, "Yes, but it was Saturday.") < 0.5
    assert _gate(told, "I did! On Saturday, though.") < 0.5
    assert _gate("You know I went to the climbing wall last Sunday?", "Yes!") < 0.5
    assert _gate(told, "Yes!", subject="Ana") < 0.5  # Ana's own turn: not told to her


def test_the_gate_reads_another_owner_in_the_quote_itself() -> None:
    def judge(text: str) -> float:
        record = EvidenceRecord("t0", datetime(2032, 6, 12, 11, 0), text, title="Rosa")
        operand = Operand(
            "Rosa's photos in the gallery show", "t0", text, "yesterday", "text_expression"
        )
        return gate_probability("When were Rosa's photos in the gallery show?", operand, record)

    assert judge("* Rosa\nMy photos were in the gallery show yesterday.") >= 0.85
    assert judge("* Rosa\nIvo's photos were in the gallery show yesterday.") < 0.5
    assert judge("* Rosa\nIvo's best photos were in the gallery show yesterday.") < 0.5


@pytest.mark.parametrize(
    ("text", "passes"),
    [
        # "No!" answers the turn before: it denies nothing in the next sentence
        ("No! I ran my first 5k race this morning.", True),
        ("I didn't sleep at all. I ran my first 5k race this morning.", True),
        # the negation in the sentence itself still denies
        ("No, I didn't run my first 5k race this morning.", False),
        ("I never ran my first 5k race this morning.", False),
    ],
)
def test_the_gates_negation_is_read_within_the_sentence(text: str, passes: bool) -> None:
    quote = f"* Maya\n{text}"
    record = EvidenceRecord("t0", datetime(2031, 5, 18, 19, 0), quote, title="Maya")
    operand = Operand("Maya's first 5k race", "t0", quote, "this morning", "event_time")
    p = gate_probability("When did Maya run her first 5k race?", operand, record)
    assert (p >= 0.85) is passes, p


@pytest.mark.parametrize(
    ("quote", "expression", "coming"),
    [
        ("I'm flying to Seville on the 3rd of July to see my parents.", "on the 3rd of July", True),
        ("We're going to paint the shed on May 3rd.", "May 3rd", True),
        ("I will start my course on June 15th.", "June 15th", True),
        ("I'm still thinking about the party on July 3rd.", "July 3rd", False),
        ("I'm loving it, we went to the beach on May 3rd.", "May 3rd", False),
        ("We went to the party on July 3rd and I'm exhausted.", "July 3rd", False),
        ("I'm flying to Seville on the 3rd of July 2031.", "the 3rd of July 2031", False),
    ],
)
def test_a_yearless_date_in_the_writers_future_is_read_forward(
    quote: str, expression: str, coming: bool
) -> None:
    from prme_cli.relate.interpret import told_as_coming

    assert told_as_coming(quote, expression) is coming
