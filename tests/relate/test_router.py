"""Router tables: which questions activate the relate stage, and which must not (SPEC §6.2).

The questions are ordinary English written for these tests, in many shapes; precision matters
more than recall, so the not-routed table is as important as the routed one.
"""

from __future__ import annotations

import pytest

from prme_cli.relate.router import asked_unit, normalize_question, route

ROUTED = [
    # interval between two events
    ("How long passed between finishing and hanging the frame?", "elapsed_between", None),
    (
        "How much time passed between my two dentist visits, the cleaning and the filling?",
        "elapsed_between",
        None,
    ),
    ("How long was it between buying the bike and selling it?", "elapsed_between", None),
    ("How long did it take between ordering the sofa and its delivery?", "elapsed_between", None),
    ("How many days passed between the interview and the offer?", "elapsed_between", "days"),
    ("How many weeks were there between the two concerts?", "elapsed_between", "weeks"),
    (
        "how many days between planting the tomatoes and the first harvest",
        "elapsed_between",
        "days",
    ),
    ("How many days after I moved did I start the new job?", "elapsed_between", "days"),
    ("How many weeks before the wedding did we send the invitations?", "elapsed_between", "weeks"),
    ("How long after the surgery did I go back to running?", "elapsed_between", None),
    ("How long had I been learning Spanish when I visited Madrid?", "elapsed_between", None),
    (
        "How many months had I been working there by the time I got promoted?",
        "elapsed_between",
        "months",
    ),
    (
        "How many days had passed since the launch when the first bug report came in?",
        "elapsed_between",
        "days",
    ),
    ("How long was it, in weeks, between the booking and the flight?", "elapsed_between", "weeks"),
    ("How long was it from the first call until the contract was signed?", "elapsed_between", None),
    (
        "How many weeks have I been swimming when I entered the first gala?",
        "elapsed_between",
        "weeks",
    ),
    ("How many days ago did I prune the roses when the frost came?", "elapsed_between", "days"),
    ("How long did it take me to finish the jigsaw?", "elapsed_between", None),
    ("How many weeks did it take Priya to complete the mural?", "elapsed_between", "weeks"),
    # elapsed up to the question
    ("How many days ago did I replace the water filter?", "elapsed_since_question", "days"),
    ("How long ago did I last see my cousin?", "elapsed_since_question", None),
    ("How many weeks ago was the team offsite?", "elapsed_since_question", "weeks"),
    ("How long has it been since I changed the car's oil?", "elapsed_since_question", None),
    ("How many months since I started the new medication?", "elapsed_since_question", "months"),
    ("How many years have passed since we bought the house?", "elapsed_since_question", "years"),
    ("How long have I been using the standing desk?", "elapsed_since_question", None),
    ("How long ago, in days, did I renew my passport?", "elapsed_since_question", "days"),
    # order
    ("Which did I do first, repaint the kitchen or fix the roof?", "order", None),
    ("Which happened first: the conference or the product launch?", "order", None),
    ("Which came earlier, my sister's visit or the storm?", "order", None),
    ("What did I finish sooner, the novel or the online course?", "order", None),
    ("What is the order of the three trips I took this year?", "order", None),
    ("In what order did I read the three books?", "order", None),
    ("List my doctor visits in chronological order.", "order", None),
    ("Did the power outage happen before the party?", "order", None),
    ("Who did I meet first, the baker from Lyon or the potter from Leeds?", "order", None),
    ("Did I buy the tent before I went camping?", "order", None),
    ("Was the review before or after the deadline?", "order", None),
    # the latest of listed options (score reads the last of the order)
    ("Which did I repair most recently, the fence or the shed door?", "order", None),
    ("Who did I phone more recently: my landlord or the plumber?", "order", None),
    ("Which did we tour last, the castle or the cathedral?", "order", None),
    ("Which did I see later, the ballet or the opera?", "order", None),
    ("Which, the kayak trip or the zip line, did I do most recently?", "order", None),
    # absolute dates
    ("When did I adopt the cat?", "absolute_date", None),
    ("When was the last time the boiler was serviced?", "absolute_date", None),
    ("What date did I submit the tax return?", "absolute_date", None),
    ("Which day was the garden party?", "absolute_date", None),
    ("On what day of the week did the package arrive?", "absolute_date", None),
    ("What was the date of the housewarming?", "absolute_date", None),
    # duration totals
    ("How much time in total did I spend on the thesis?", "duration_sum", None),
    ("How much time did I spend practising piano?", "duration_sum", None),
    ("How many hours in total did I work on the deck?", "duration_sum", "hours"),
    ("How long did I spend on the tax return altogether?", "duration_sum", None),
    ("How many hours did I log on the deck?", "duration_sum", "hours"),
    # schedules
    ("What time is the weekly review scheduled?", "schedule", None),
    ("At what time do I take the medication every day?", "schedule", None),
]

NOT_ROUTED = [
    # "when" as a conjunction
    "What did I buy when I was in Paris?",
    "Who did I meet when I went to the conference?",
    "When I was sick, who brought me soup?",
    # "last" alone
    "What was the last book I read?",
    "Where did I go last weekend?",
    "Who did I call last?",
    "Who did I meet first?",
    "What was the most recent film I watched?",
    "Which bakery did I visit most recently?",
    "Who did I text most recently?",
    "What did I cook last, and was it good?",
    # calendar words alone
    "What did I do in March?",
    "What happened on Monday?",
    "What did I cook yesterday?",
    "Which restaurants did I try in 2025?",
    # counts
    "How many times did I go running between March and May?",
    "How many books did I read this year?",
    "How many events did I attend after the move?",
    "How often did I visit the gym?",
    "How many days did I go swimming last month?",
    "How many times did I see the dentist before the wedding?",
    # other questions
    "What is my sister's address?",
    "Did I like the film?",
    "Which book did I read first?",
    "What time did I wake up?",
    "How long is the drive to the coast?",
    "How long did I practise guitar between March and May?",
    "Why did I cancel the trip?",
    "Did I buy anything after the concert?",
    "What order did I place with the bakery?",
    "What day trip did I enjoy most?",
    "",
    "   ",
]


@pytest.mark.parametrize(("question", "operation", "unit"), ROUTED)
def test_routed(question: str, operation: str, unit: str | None) -> None:
    decision = route(question)
    assert decision.routed, decision.reason
    assert decision.operation == operation
    assert decision.unit == unit
    assert decision.reason


@pytest.mark.parametrize("question", NOT_ROUTED)
def test_not_routed(question: str) -> None:
    decision = route(question)
    assert not decision.routed, (question, decision)
    assert decision.operation is None
    assert decision.reason


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("How many days did I spend in Lisbon?", "days"),
        ("How long did we spend on the canal holiday?", None),
        ("How many weeks did Oksana spend at the field station?", "weeks"),
        ("How many hours did I spend restoring the mirror?", "hours"),
    ],
)
def test_time_spent_on_one_thing_admits_a_duration_or_a_span(
    question: str, unit: str | None
) -> None:
    decision = route(question)
    assert decision.routed and decision.operation is None
    assert decision.operations == ("duration_sum", "elapsed_between")
    assert decision.unit == unit


@pytest.mark.parametrize(
    "question",
    [
        "How many days did I spend in Lisbon and Porto?",
        "How many hours did I spend on the deck in total?",
        "How long did I spend on the tax return altogether?",
        "How many hours did I spend a day on the thesis?",
    ],
)
def test_time_spent_on_several_things_is_a_total(question: str) -> None:
    decision = route(question)
    assert decision.operation == "duration_sum" and decision.operations == ("duration_sum",)


def test_a_single_construction_lists_its_one_operation() -> None:
    decision = route("How many days passed between the interview and the offer?")
    assert decision.operations == ("elapsed_between",)
    assert route("What did I do in March?").operations == ()


def test_routing_ignores_case_spacing_and_curly_quotes() -> None:
    plain = route("How many days passed between the interview and the offer?")
    shouted = route("  HOW MANY   DAYS passed\nbetween the interview and the offer ")
    assert plain == shouted
    assert route("Which did I do first, my sister\u2019s visit or the storm?").routed


def test_normalize_question() -> None:
    assert normalize_question("  When  DID\tI go?! ") == "when did i go"


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("how many hours did it take", "hours"),
        ("how long ago, in weeks, was it", "weeks"),
        ("how long was it in calendar months", "months"),
        ("the number of years since", "years"),
        ("how long ago was it", None),
    ],
)
def test_asked_unit(text: str, unit: str | None) -> None:
    assert asked_unit(text) == unit


def test_counts_are_refused_even_with_an_interval() -> None:
    decision = route("How many books did I read between the move and the wedding?")
    assert not decision.routed
    assert "count" in decision.reason


@pytest.mark.parametrize(
    "question",
    [
        "How long did it take me to drive to the coast?",
        "How long did the kitchen renovation take?",
        "How many days did the Porto trip last?",
        "How long was the hiking trip?",
    ],
)
def test_span_of_one_activity_routes_to_a_duration_or_its_span(question: str) -> None:
    decision = route(question)
    assert decision.routed and decision.operation is None
    assert decision.operations == ("duration_sum", "elapsed_between")
