"""Find mode's second round of context rules (SPEC §4.4): what the words around an expression
say about it — a kind of day, an adjective, a part of a thing, a score, a measured length, a
part of the day that decides an hour, a heading's date, the period told from the previous
expression.

Notes are invented for these tests; the reference is Thursday 2026-11-19 21:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from prme_cli.timeexpr import find, resolve

THU = datetime(2026, 11, 19, 21, 0, tzinfo=UTC)


def found(note: str) -> list[tuple[str, str]]:
    """(text, start to the minute, or the seconds of a duration) of each expression found."""
    return [
        (f.text, f.start.isoformat()[:16] if f.start else f"{f.seconds}s")
        for f in find(note, THU, UTC)
    ]


def texts(note: str) -> list[str]:
    return [f.text for f in find(note, THU, UTC)]


# ------------------------------------------------------------ a kind of day, not a date


@pytest.mark.parametrize(
    "note",
    [
        "Valentine's Day fell on a Saturday this year.",
        "It always rains on a Monday.",
        "Christmas falls on a Friday next year.",
        "We met on a May evening years ago.",
    ],
)
def test_an_indefinite_weekday_or_month_is_a_kind_of_day(note: str) -> None:
    assert not {"Saturday", "Monday", "Friday", "May"} & set(texts(note))


def test_a_weekday_with_a_definite_word_is_still_found() -> None:
    assert found("It rained on Saturday.") == [("Saturday", "2026-11-14T00:00")]
    assert found("See you on the Monday after.")[0][0] == "the Monday after"


# ------------------------------------------------------------- recurrence words as adjectives


@pytest.mark.parametrize(
    "note",
    [
        "Note to self: the quarterly report is due.",
        "Our weekly meeting was cancelled.",
        "Daily infections kept rising.",
        "The biweekly newsletter went out.",
    ],
)
def test_a_recurrence_word_before_a_noun_is_an_adjective(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    "note",
    ["We meet weekly with the team.", "I pay quarterly by direct debit.", "I swim daily."],
)
def test_a_recurrence_word_as_an_adverb_is_a_recurrence(note: str) -> None:
    assert [f.kind for f in find(note, THU, UTC)] == ["set"]


# ------------------------------------------------------------------ ordinals, not lengths


@pytest.mark.parametrize(
    "note",
    [
        "I spent a second week in Rome.",
        "She stayed on for a second year.",
        "We needed a second day to finish.",
    ],
)
def test_a_second_before_a_unit_is_the_ordinal(note: str) -> None:
    assert "a second" not in texts(note)


def test_for_a_second_alone_is_still_a_length() -> None:
    assert [s for _, s in found("For a second, I froze.")] == ["1s"]


# ---------------------------------------------------------------- a decade naming a thing


@pytest.mark.parametrize(
    "note",
    ["The sixties generation changed music.", "I love the 1990s style.", "A nineties band."],
)
def test_a_decade_before_a_noun_it_qualifies_is_not_a_time(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("In the sixties we lived in Leeds.", "1960"),
        ("The nineties were loud.", "1990"),
        ("We moved there in the 1990s.", "1990"),
    ],
)
def test_a_decade_as_a_time_is_found(note: str, start: str) -> None:
    assert [s[:4] for _, s in found(note)] == [start]


# ------------------------------------------------------------------ a part of a thing


@pytest.mark.parametrize(
    "note",
    [
        "The fourth quarter of the game was tense.",
        "The first week of school was chaos.",
        "Mark scored in the second half of the match.",
        "The last day of the trip was the best.",
    ],
)
def test_a_part_of_something_that_is_no_time_is_not_found(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("The first week of October was wet.", "2026-09-28"),
        ("Revenue fell in the fourth quarter of 2025.", "2025-10-01"),
        ("The last day of the month is a Monday.", "2026-11-30"),
    ],
)
def test_a_part_of_a_period_is_found(note: str, start: str) -> None:
    assert [s[:10] for _, s in found(note)][:1] == [start]


# ------------------------------------------------------------- scores are not hour ranges


@pytest.mark.parametrize(
    ("note", "want"),
    [
        ("We won 3-1 on Sunday afternoon.", [("Sunday afternoon", "2026-11-15T12:00")]),
        ("They lost 2-1 on Tuesday night.", [("Tuesday night", "2026-11-17T18:00")]),
        ("Drew 4-2 on Saturday.", [("Saturday", "2026-11-14T00:00")]),
    ],
)
def test_a_range_of_bare_hours_that_runs_backwards_is_a_score(
    note: str, want: list[tuple[str, str]]
) -> None:
    assert found(note) == want


@pytest.mark.parametrize(
    ("note", "start", "end"),
    [
        ("Drinks 5-7 on Friday.", "2026-11-13T17:00", "2026-11-13T19:00"),
        ("Open 10-2 on Saturday.", "2026-11-14T10:00", "2026-11-14T14:00"),
        ("Party 9-1 on Saturday night.", "2026-11-14T21:00", "2026-11-15T01:00"),
    ],
)
def test_a_range_of_bare_hours_that_runs_forward_is_kept(note: str, start: str, end: str) -> None:
    (hit,) = find(note, THU, UTC)
    assert (hit.start.isoformat()[:16], hit.end.isoformat()[:16]) == (start, end)


# ------------------------------------------------------- how long it took, not from now


@pytest.mark.parametrize(
    ("note", "length"),
    [
        ("Yesterday's run: 5 km in 31 minutes.", "1860s"),
        ("Swam 40 laps in an hour.", "3600s"),
        ("Last Sunday: 10 miles in 95 minutes.", "5700s"),
        ("Ran 10 km in 52 minutes.", "3120s"),
    ],
)
def test_in_n_units_after_a_measure_or_a_past_day_is_how_long(note: str, length: str) -> None:
    assert found(note)[-1][1] == length


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("I'll be there in 20 minutes.", "2026-11-19T21:20"),
        ("Tomorrow: I will call in 2 hours.", "2026-11-19T23:00"),
    ],
)
def test_in_n_units_from_now_stays_an_instant(note: str, start: str) -> None:
    assert found(note)[-1][1] == start


# ------------------------------------------------------ a part of the day decides the hour


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("Slept badly last night and woke at 4:45.", "2026-11-19T04:45"),
        ("Last night I went to bed at 11:30.", "2026-11-18T23:30"),
        ("This evening I'll be back at 9:15.", "2026-11-19T21:15"),
        ("This morning the post came at 10:30.", "2026-11-19T10:30"),
    ],
)
def test_a_clock_time_on_a_part_of_the_day_is_read_in_that_part(note: str, start: str) -> None:
    assert found(note)[-1][1] == start


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("Are you free next Saturday afternoon? We could meet at 2.", "2026-11-28T14:00"),
        ("Tomorrow evening works, say at 8.", "2026-11-20T20:00"),
        ("Friday morning is fine: at 9 in the lobby.", "2026-11-13T09:00"),
        ("Slept badly last night; woke at 4 and lay awake.", "2026-11-19T04:00"),
    ],
)
def test_a_bare_at_hour_inside_the_part_said_before_is_that_hour(note: str, start: str) -> None:
    assert found(note)[-1] == ("at " + note.split(" at ")[-1].split()[0].rstrip("."), start)


@pytest.mark.parametrize(
    "note",
    [
        "A pipe burst this morning and the plumber is coming at 3.",
        "On Sunday afternoon we were at 5 different stalls.",
        "We got there at 5.",
    ],
)
def test_a_bare_at_hour_the_part_does_not_hold_stays_unfound(note: str) -> None:
    assert not [t for t in texts(note) if t.startswith("at ")]


# -------------------------------------------------------------------- a heading's date


@pytest.mark.parametrize(
    ("note", "want"),
    [
        (
            "Meeting notes, 2026-11-17: Priya will send the draft, review on 1 Dec.",
            [("2026-11-17", "2026-11-17T00:00"), ("1 Dec", "2026-12-01T00:00")],
        ),
        (
            "Standup 2026-11-17: we will meet again on 3 Jan.",
            [("2026-11-17", "2026-11-17T00:00"), ("3 Jan", "2027-01-03T00:00")],
        ),
        (
            "Journal, 2025-11-30: the plumber came on 2 Nov.",
            [("2025-11-30", "2025-11-30T00:00"), ("2 Nov", "2025-11-02T00:00")],
        ),
    ],
)
def test_a_dated_heading_dates_the_line_and_its_future_looks_forward(
    note: str, want: list[tuple[str, str]]
) -> None:
    assert found(note) == want


def test_a_future_clause_after_a_heading_looks_forward_only_half_a_year() -> None:
    note = "Standup 2026-11-17: we will revisit what happened on 3 Nov."
    assert found(note)[-1] == ("3 Nov", "2026-11-03T00:00")


def test_a_date_before_a_colon_and_a_clock_is_still_no_date() -> None:
    assert "11/20" not in texts("The train left at 11/20:30 sharp.")


# ------------------------------------------------------- periods told from the previous one


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("On 2026-11-25 we met, and left the following week.", "2026-11-30"),
        ("We married on 3 June 2020 and the previous month had been chaos.", "2020-05-01"),
        ("In March 2019 we moved; that year was hard.", "2019-01-01"),
        ("Landed on 4 October 2025, and the following month we bought a flat.", "2025-11-01"),
    ],
)
def test_a_period_told_from_the_previous_expression_is_next_to_it(note: str, start: str) -> None:
    assert found(note)[-1][1][:10] == start


@pytest.mark.parametrize(
    ("phrase", "start"),
    [("the following week", "2026-11-23"), ("the previous month", "2026-10-01")],
)
def test_alone_such_a_period_is_told_from_the_reference_time(phrase: str, start: str) -> None:
    assert resolve(phrase, THU, UTC).start.isoformat()[:10] == start


# ----------------------------------------------------------------------- a capital August


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("Back in 2019 we spent August in Brittany.", "2019-08"),
        ("We always spend August at the lake.", "2026-08"),
    ],
)
def test_a_capital_august_inside_a_sentence_is_the_month(note: str, start: str) -> None:
    assert found(note)[-1][1][:7] == start


@pytest.mark.parametrize(
    "note",
    ["August Strindberg wrote plays.", "It is an august institution.", "We met August Rush."],
)
def test_august_as_a_name_or_an_adjective_is_not(note: str) -> None:
    assert texts(note) == []


# -------------------------------------------------- a day of the month in the next clause


@pytest.mark.parametrize(
    ("note", "start"),
    [
        (
            "The kids were off school from Dec 21 to Jan 4; we drove north on the 27th.",
            "2025-12-27",
        ),
        ("We landed on 12 October. On the 15th we were in Porto.", "2026-10-15"),
    ],
)
def test_a_bare_day_after_a_dated_clause_is_in_its_month(note: str, start: str) -> None:
    assert found(note)[-1][1][:10] == start


# ------------------------------------------------------- a count of things, not an hour


@pytest.mark.parametrize(
    "note",
    [
        "I met them at 2 morning sessions.",
        "They work at three night markets.",
        "We ran at 4 evening classes.",
    ],
)
def test_a_number_before_a_part_of_the_day_that_qualifies_a_noun_is_a_count(note: str) -> None:
    assert all(
        f.start is None or f.start.minute == 0 and f.grain != "minute" for f in find(note, THU, UTC)
    )


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("See you at 9 tonight.", "2026-11-19T21:00"),
        ("Up at 7 in the morning.", "2026-11-19T07:00"),
        ("Let's meet one in the morning together.", "2026-11-19T01:00"),
    ],
)
def test_a_bare_hour_before_a_part_of_the_day_is_still_that_hour(note: str, start: str) -> None:
    assert found(note)[-1][1] == start


def test_a_length_in_nights_before_a_noun_after_an_article_stays_a_length() -> None:
    assert found("We booked a two night stay in Rome.") == [("two night", "172800s")]


# ------------------------------------------------------------------- "last" as a verb


@pytest.mark.parametrize(
    ("note", "length"),
    [
        ("The meeting will last two hours.", "7200s"),
        ("This appointment shouldn't last two hours at all.", "7200s"),
        ("The battery didn't last a week.", "604800s"),
        ("The storm may last 3 days.", "259200s"),
        ("It'll last a month, tops.", "2592000s"),
    ],
)
def test_last_after_an_auxiliary_is_the_verb_and_a_length_follows(note: str, length: str) -> None:
    assert found(note) == [(found(note)[0][0], length)]


@pytest.mark.parametrize(
    ("note", "start"),
    [
        ("We met last week.", "2026-11-09T00:00"),
        ("I'll stay in for the last two days.", "2026-11-17T00:00"),
        ("It was the last week of May.", "2026-05-25T00:00"),
    ],
)
def test_last_as_a_relation_is_still_a_time(note: str, start: str) -> None:
    assert found(note)[0][1] == start


# ------------------------------------------------------------ "the one" after a weekday


@pytest.mark.parametrize(
    ("note", "day"),
    [
        ("I signed up for the gym on Monday, the one by the station.", "2026-11-16"),
        ("I pre-ordered the e-reader on Tuesday, the one with the warm light.", "2026-11-17"),
        ("We saw a flat on Wednesday, the two-bedroom one.", "2026-11-18"),
    ],
)
def test_a_number_word_after_a_weekday_and_the_is_no_day_of_the_month(note: str, day: str) -> None:
    # "the one by the station" is a pronoun's phrase; "Monday the 1st" and "Monday the
    # first" still name a day of the month
    assert [(f.text, f.start.date().isoformat()) for f in find(note, THU, UTC) if f.start] == [
        (note.split(" on ")[1].split(",")[0], day)
    ]


@pytest.mark.parametrize(
    "note", ["It opened on Monday the 2nd.", "It opened on Monday, the second."]
)
def test_a_weekday_and_an_ordinal_still_name_a_date(note: str) -> None:
    assert texts(note) and texts(note)[0].startswith("Monday")
    assert len(texts(note)[0]) > len("Monday")


# ------------------------------------------------------------ a part of the day as a kind


@pytest.mark.parametrize(
    "note",
    [
        "Signed up for the evening pottery course.",
        "Took the night bus home from Ilse's.",
        "My morning run was slow.",
        "Had an afternoon nap on the sofa.",
        "I work the night shift at the depot.",
    ],
)
def test_a_part_of_the_day_before_a_noun_it_qualifies_is_not_a_time(note: str) -> None:
    assert texts(note) == []


@pytest.mark.parametrize(
    ("note", "text"),
    [
        ("We met in the evening.", "in the evening"),
        ("The evening was long and cold.", "The evening"),
        ("This morning run was a hard one.", "This morning"),
        ("Yesterday evening walk by the river.", "Yesterday evening"),
        ("Made the fence in the evening out of spite.", "in the evening"),
        ("We talked the night away.", "the night"),
        ("Spent the morning practising dovetails.", "the morning"),
        ("Passed the afternoon reading on the porch.", "the afternoon"),
    ],
)
def test_a_part_of_the_day_told_as_a_time_is_still_found(note: str, text: str) -> None:
    assert texts(note) == [text]
