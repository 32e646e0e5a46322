"""A capitalised word inside a question's event phrase is a name or a title, not its deed.

"Which show did I start watching first, 'The Crown' or 'Game of Thrones'?" names the deed once
("start watching") and the things it was done to: 'Game' (a noun that can be a verb) is part
of a title, so the phrase's predicate is "watch" and its object "game", "throne". Read the
other way, "watch" became the thing, and a sentence about re-watching another show ("I've
been re-watching Friends") was taken for the asked show done a second time, which made relate
refuse an answer the notes give. The near-misses: a lower-case verb at the phrase's head is
still the deed, and re-watching the asked show itself still makes "when" ambiguous.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from notes_helpers import ask, notes_store

from prme_cli.relate.frame import describe
from prme_cli.relate.symbolic.question import parse
from prme_cli.store import Store
from prme_cli.timeexpr import parse_now, zone

TZ = zone("UTC")
NOW = parse_now("2041-05-30T20:00", TZ)


def _described(question: str) -> list[tuple[str, tuple[str, ...]]]:
    frame = parse(question)
    assert frame is not None
    return [(d.predicate, d.object) for d in (describe(p, None) for p in frame.phrases)]


@pytest.mark.parametrize(
    "question, wanted",
    [
        (
            "Which show did I start watching first, 'The Crown' or 'Game of Thrones'?",
            [("watch", ("crown",)), ("watch", ("game", "throne"))],
        ),
        (
            "Which did I start playing first, Walking Dead or Mass Effect?",
            [("play", ("walk", "dead")), ("play", ("mass", "effect"))],
        ),
    ],
)
def test_a_title_is_the_thing_not_the_deed(
    question: str, wanted: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert _described(question) == wanted


def test_a_lower_case_verb_heading_the_phrase_is_still_the_deed() -> None:
    described = _described("Which did I do first, walk the dog or visit Rome?")
    assert [p for p, _ in described] == ["walk", "visit"]


def _session(stamp: str, *said: str) -> str:
    out = [f"* Chat [{stamp}]"]
    for n, text in enumerate(said):
        out += ["** user" if n % 2 == 0 else "** assistant", text]
    return "\n".join(out) + "\n"


NOTES = {
    "s1.org": _session(
        "2041-05-29 Wed 10:00",
        'I finally started "Station Eleven" about a month ago and I love it.',
        "That is a fine series.",
        'I have also been re-watching old episodes of "Frasier" lately.',
        "A classic.",
    ),
    "s2.org": _session(
        "2041-05-29 Wed 12:00",
        'I started "Slow Horses" last Sunday and watched four episodes in a row.',
        "Great pick.",
    ),
    "s3.org": _session(
        "2041-05-29 Wed 14:00",
        'I began "Dark Matter" on Friday, two weeks ago.',
        "Enjoy it.",
        'Then I re-watched "Dark Matter" from the start with my brother yesterday.',
        "Nice.",
    ),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    yield from notes_store(tmp_path_factory.mktemp("titles"), NOTES, NOW)


@pytest.mark.parametrize(
    "question",
    [
        "Which show did I start watching first, 'Station Eleven' or 'Slow Horses'?",
        "Which series did I start first, 'Slow Horses' or 'Station Eleven'?",
    ],
)
def test_rewatching_another_show_is_no_second_start(store: Store, question: str) -> None:
    doc = ask(store, question, now=NOW, tz=TZ)
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert "Station Eleven" in doc["value"]["order"][0]


def test_rewatching_the_asked_show_still_makes_when_ambiguous(store: Store) -> None:
    doc = ask(store, "When did I watch 'Dark Matter'?", now=NOW, tz=TZ)
    assert doc["status"] != "accepted"
