"""A thing said again through "it" or "one": "my new rice cooker. I bought it two weeks ago".

The pronoun stands for the thing the nearest noun phrase before it names — earlier in its
sentence, else in the one or two sentences before, in the same paragraph and by the same
speaker — leaving out people and times ("the quilt for my niece. I started it …"), and
"it" never stands for several things ("the silk scarves … I ordered it"). When
another thing was named after the asked one ("I returned the blender and picked out a new
toaster. I bought it on Monday"), or the nearest thing is someone else's ("her new stand
mixer"), "it" is not the asked thing and the question is refused. A plan, another person's
deed and a negation told through the pronoun stay refused, as they do when the thing is
named. The gate reads the pronoun by its own method (the last noun of the dictionary before
it, :func:`prme_cli.relate.symbolic.gate._pronoun_stands_for_another`). Notes: first-person
chats ("it" as an object, "one" after a verb, "It arrived on May 20th" as a thing's
doer), a datetree journal, a meeting note.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from notes_helpers import ask as ask_notes
from notes_helpers import notes_store

from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2031-06-30T12:00", TZ)

NOTES = {
    "chat-rice.org": """\
* Chat [2031-03-15 Sat 10:00]
** user
I'm having trouble with my new rice cooker. I bought it two weeks ago and the lid already
rattles. Is that normal?
** assistant
Check that the gasket sits flat.
""",
    "chat-skillet.org": """\
* Chat [2031-03-18 Tue 09:00]
** user
Do you know how to season a cast iron skillet? I got one from my aunt last Sunday.
** assistant
Rub it with a thin layer of oil and bake it for an hour.
""",
    "chat-lamp.org": """\
* Chat [2031-05-24 Sat 18:00]
** user
I finally have the brass floor lamp I ordered. I assembled it on May 20th.
** assistant
Enjoy your reading corner.
""",
    "chat-heater.org": """\
* Chat [2031-05-26 Mon 18:00]
** user
I ordered an oil-filled heater online. It arrived on May 22nd, a day early.
** assistant
Keep it away from curtains.
** user
I also ordered a wool blanket and a reading chair. It arrived on Friday.
** assistant
Cosy.
** user
And I ordered a ceiling fan. It should arrive on Thursday.
** assistant
Great.
""",
    "journal.org": """\
* 2031
** 2031-04 April
*** 2031-04-12 Saturday
Finished the patchwork quilt for my niece. I started it on February 2nd, so it took a while.
""",
    "meeting.org": """\
* Team sync [2031-06-02 Mon 10:00]
The new label printer is working well. I set it up on May 28th for the shipping desk.
""",
    "chat-bookcase.org": """\
* Chat [2031-05-25 Sun 18:00]
** user
The oak bookcase I ordered came in a huge box. I assembled it on May 21st.
** assistant
Recycle the cardboard.
""",
    "chat-scarves.org": """\
* Chat [2031-05-27 Tue 18:00]
** user
The choir loves the silk scarves. I ordered it on May 2nd.
** assistant
Lovely colours.
""",
    "chat-desk.org": """\
* Chat [2031-04-02 Wed 10:00]
** user
I've been eyeing a standing desk for the study. I'll order it next week when I get paid.
** assistant
Measure the room first.
""",
    "chat-mixer.org": """\
* Chat [2031-04-05 Sat 10:00]
** user
My sister loves her new stand mixer. She bought it two weeks ago and bakes every day now.
** assistant
That sounds delicious.
""",
    "chat-grinder.org": """\
* Chat [2031-04-07 Mon 10:00]
** user
I saw a lovely espresso grinder at the market. I didn't buy it on Saturday, sadly.
** assistant
Maybe next time.
""",
    "chat-toaster.org": """\
* Chat [2031-04-09 Wed 10:00]
** user
I returned the blender and picked out a new toaster. I bought it on Monday.
** assistant
Good choice.
""",
    "chat-canoe.org": """\
* Chat [2031-04-14 Mon 10:00]
** user
My new kayak is great. My brother showed me his canoe, and I took it out on the lake on
Sunday.
** assistant
Fun!
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("thing-pronouns"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I buy the rice cooker?", "2031-03-01"),
        ("What date did I buy my new rice cooker?", "2031-03-01"),
        ("When did I get the cast iron skillet?", "2031-03-16"),
        ("When did I assemble the brass floor lamp?", "2031-05-20"),
        ("When did I start the patchwork quilt for my niece?", "2031-02-02"),
        ("When did I set up the label printer?", "2031-05-28"),
        ("When did I buy the toaster?", "2031-04-07"),
        ("When did the oil-filled heater arrive?", "2031-05-22"),
        ("When did I get the oil-filled heater?", "2031-05-22"),
    ],
)
def test_a_thing_said_again_through_a_pronoun_is_dated(
    store: Store, question: str, date: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date
    # the quote starts where the thing is named, so a reader (and the gate) sees it
    quote = doc["metadata"]["operands"][0]["quote"]
    assert not quote.lower().startswith(("i bought it", "i got one", "it arrived", "i started"))
    assert not quote.lower().startswith(("i assembled", "i set it"))


def test_a_day_count_through_a_pronoun(store: Store) -> None:
    doc = ask(store, "How many days ago did I buy the rice cooker?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["days"] == 121


def test_an_order_of_two_things_each_said_again_through_a_pronoun(store: Store) -> None:
    doc = ask(store, "Which did I buy first, the rice cooker or the toaster?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"] == ["the rice cooker", "the toaster"]


@pytest.mark.parametrize(
    "question",
    [
        "When did I order the standing desk?",  # a plan: "I'll order it next week"
        "When did I buy the stand mixer?",  # the sister's deed on her mixer
        "When did I buy the espresso grinder?",  # "I didn't buy it on Saturday"
        "When did I buy the blender?",  # "it" is the toaster named after the blender
        "How many days ago did I buy the blender?",
        "When did I take out my new kayak?",  # "it" is the brother's canoe
        "When did I assemble the oak bookcase?",  # "it" is the box the bookcase came in
        "When did the wool blanket arrive?",  # "It" is the reading chair named after it
        "When did the ceiling fan arrive?",  # "It should arrive on Thursday": to come
        "When did I order the silk scarves?",  # "it" is one thing, the scarves several
    ],
)
def test_a_pronoun_that_does_not_tell_the_asked_deed_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]
    # control: the same notes answer a question whose thing the pronoun does stand for
    control = ask(store, "When did I buy the toaster?")
    assert control["status"] == "accepted", control["metadata"].get("explanation")
