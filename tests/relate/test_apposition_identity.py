"""An apposition makes two names one thing: "my new laptop, a Dell XPS 13, …".

"Can you help me with adapters for my new laptop, Dell XPS 13? I pre-ordered the laptop on
January 28th, and it finally arrived on February 25th": the laptop *is* the Dell, so "the
laptop" in the next sentence of the same paragraph and speaker, and "it" after it, tell the
Dell's events; the arrival (the receipt) is its getting, the pre-order is not. A day of a
named month stays a date when "after a delay" follows it ("two days after the sofa" is still
counted from another event). The identity holds only when it is unique: two laptops named
before "the laptop", or another laptop named between the apposition and "the laptop", leave
"the laptop" unresolved and the question refused. The gate reads the identity from the
quote by itself (:func:`prme_cli.relate.symbolic.gate._same_thing_again`). Notes:
first-person chats (an apposition with "a", "the" and a bare name), a journal ("my new
bike, a Trek FX 3, … the bike"; "the bike" after "my new Brompton C Line" with no
apposition is not taken for it: only world knowledge says what a Brompton is).
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
    "chat-laptop.org": """\
* Chat [2031-03-15 Sat 10:00]
** user
Which adapters do I need for my new laptop, a Dell XPS 13, on a trip to Oslo? By the way,
I pre-ordered the laptop on January 28th, and it finally arrived on February 25th.
** assistant
Norway uses type C and F sockets.
""",
    "chat-phone.org": """\
* Chat [2031-03-14 Fri 09:00]
** user
I got my new Pixel 8 from the shop on February 20th, and I love it.
** assistant
Enjoy it.
""",
    "chat-camera.org": """\
* Chat [2031-05-10 Sat 18:00]
** user
What lens suits my new camera, the Fujifilm X-T5? I ordered the camera on April 2nd and
it was delivered on April 9th.
** assistant
A 35mm prime is a fine start.
""",
    "chat-drill.org": """\
* Chat [2031-05-12 Mon 18:00]
** user
I need bits for my new drill, Makita DF333. The drill arrived on May 3rd after a
long wait.
** assistant
Get a set of wood bits.
""",
    "journal.org": """\
* 2031
** 2031-06 June
*** 2031-06-14 Saturday
Took my new bike, a Trek FX 3, out for the first time. I picked up the bike from the dealer on
June 10th.
*** 2031-06-21 Saturday
Rode my new Brompton C Line to work. I picked up the bike from the shop on June 18th.
""",
    "chat-two-tablets.org": """\
* Chat [2031-04-20 Sun 10:00]
** user
I have two tablets now, an iPad Air and a Galaxy Tab S9. I got the tablet on April 18th.
** assistant
Which one do you use more?
""",
    "chat-other-kettle.org": """\
* Chat [2031-04-22 Tue 10:00]
** user
My new kettle, a Smeg KLF03, is lovely, and my sister has a Bosch kettle. I bought the
kettle on April 21st.
** assistant
Smeg kettles look great.
""",
    "chat-rug.org": """\
* Chat [2031-05-20 Tue 10:00]
** user
Can I wash my new rug, a Ruggable Kamran? The rug arrived two days after the sofa.
** assistant
Yes, the cover is machine washable.
""",
    "chat-ordered-only.org": """\
* Chat [2031-04-25 Fri 10:00]
** user
What case fits my new e-reader, a Kobo Libra 2? I ordered the e-reader on April 24th.
** assistant
The official sleep cover fits well.
""",
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("apposition"), NOTES, NOW)


def ask(store: Store, question: str) -> dict[str, Any]:
    return ask_notes(store, question, now=NOW, tz=TZ)


@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did I get the Dell XPS 13?", "2031-02-25"),
        ("When did I get the Fujifilm X-T5?", "2031-04-09"),
        ("When did I get the Makita DF333?", "2031-05-03"),
        ("When did I get the Trek FX 3?", "2031-06-10"),
    ],
)
def test_the_described_thing_is_the_named_one(store: Store, question: str, date: str) -> None:
    doc = ask(store, question)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date, doc["value"]


def test_the_receipt_not_the_order_orders_the_getting(store: Store) -> None:
    doc = ask(store, "Which did I get first, the Pixel 8 or the Dell XPS 13?")
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["order"][0] == "the Pixel 8", doc["value"]


@pytest.mark.parametrize(
    "question",
    [
        "When did I get the iPad Air?",
        "When did I get the Galaxy Tab S9?",
        "When did I buy the Smeg KLF03?",
        "When did I get the Kobo Libra 2?",
        "When did I get the Ruggable Kamran?",
        "When did I get the Brompton C Line?",
    ],
)
def test_an_identity_that_is_not_unique_or_not_a_receipt_is_refused(
    store: Store, question: str
) -> None:
    doc = ask(store, question)
    assert doc["status"] != "accepted", doc["value"]


@pytest.mark.parametrize(
    ("quote", "again"),
    [
        ("My new laptop, a Dell XPS 13, is fast. I ordered the laptop in May, and it came.", 2),
        ("I love my drill, Makita DF333. The drill arrived on May 3rd.", 1),
        ("My new kettle, a Smeg KLF03, is lovely; Jo has a Bosch kettle. I bought the kettle.", 0),
        ("My new laptop, a Dell XPS 13, is fast. I sold the laptop and the box, and it went.", 1),
    ],
)
def test_the_gate_reads_the_same_thing_again_only_when_unique(quote: str, again: int) -> None:
    from prme_cli.relate.symbolic import gate

    toks = gate._tokens(quote)
    name = [i for i, (_, _, w) in enumerate(toks) if w in ("Dell", "Makita", "Smeg")]
    assert len(gate._same_thing_again(quote, toks, name)) == again
