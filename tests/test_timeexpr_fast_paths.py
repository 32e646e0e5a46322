"""The engine's fast paths give exactly what the plain code they replace gives.

Find mode was made faster by caches and shortcuts (records built by a generated ``__init__``,
one memo row per position shared until written, a word's folded value and lexicon classes
kept, a context re-anchored without ``dataclasses.replace``). Each test here compares one of
them with the plain computation, so a change to the plain side that the shortcut misses fails.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta
from typing import Any, ClassVar

import pytest

from prme_cli.timeexpr import finder, grammar, interpret
from prme_cli.timeexpr import nodes as n
from prme_cli.timeexpr.tokens import Token, tokenize


def test_anchored_context_keeps_every_other_field() -> None:
    now = datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    anchor = interpret.Span(now, now + timedelta(days=1), "day")
    values: dict[str, Any] = {
        "now": now,
        "tz": UTC,
        "today": now.date(),
        "dayfirst": True,
        "week_start": 6,
        "not_before": date(2026, 1, 1),
        "anchor": None,
    }
    # every field is set to a non-default value, so a field the shortcut forgets shows
    assert {f.name for f in dataclasses.fields(interpret.Context)} == set(values)
    ctx = interpret.Context(**values)
    assert ctx.anchored(anchor) == dataclasses.replace(ctx, anchor=anchor)
    assert ctx.anchored(None) == ctx


def test_records_are_built_from_positions_keywords_and_defaults_alike() -> None:
    assert n.Clock(3) == n.Clock(hour=3) == n.Clock(3, 0, None, "", True, False, "")
    assert n.Moment(n.Date(3), time=n.Clock(9)) == n.Moment(
        n.Date(3, None, None, ""), None, n.Clock(9)
    )
    assert n.Clock(3) != n.Clock(3, 30)
    assert hash(n.Weekday(0, "next")) == hash(n.Weekday(weekday=0, relation="next", count=0))
    assert n.Date(3).replace(month=4) == n.Date(3, 4)
    assert n.Now() == n.Now()


@pytest.mark.parametrize(
    "make",
    [lambda: n.Clock(), lambda: n.Date(1, bogus=2), lambda: n.RelDay(1, 2), lambda: n.Shift()],
)
def test_a_record_with_a_missing_or_unknown_field_is_a_type_error(make: Any) -> None:
    with pytest.raises(TypeError):
        make()


def test_records_stay_immutable() -> None:
    clock = n.Clock(3)
    with pytest.raises(AttributeError):
        clock.hour = 4  # type: ignore[misc]


def test_a_subclass_of_a_record_class_builds_its_own_initializer() -> None:
    class Base(n.Node):
        _fields = ("a",)
        __slots__ = _fields

    class Wider(Base):
        _fields = ("a", "b")
        __slots__ = ("b",)
        _defaults: ClassVar[dict[str, Any]] = {"b": 7}

    assert Base(1).a == 1  # the base class first, so its own __init__ exists before Wider's
    wide = Wider(1)
    assert (wide.a, wide.b) == (1, 7)
    assert Wider(1, 2) != Wider(1, 3)


def test_word_values_are_the_same_on_a_second_tokenizing() -> None:
    text = "Monday\u2019s call, ½ an hour at NOONish — 2nite? MONDAY'S"
    first = tokenize(text)
    second = tokenize(text)
    assert first == second
    assert all(type(tok) is Token for tok in second)
    assert [tok.value for tok in first] == [
        "monday's", "call", ",", "half", "an", "hour", "at", "noon", "ish", "\u2014",
        "tonight", "?", "monday's",
    ]  # fmt: skip


def test_token_classes_are_the_lexicon_tests() -> None:
    toks = tokenize("Lunch with Ana at 3pm on Fri 12/5, for the data team @ HQ <2026-01-02> + ½")
    classes = finder._classes(toks)
    finder._TOKEN_CLASS.clear()  # computed afresh, and again from the cache
    assert finder._classes(toks) == classes == finder._classes(toks)
    for tok, (core, startable, prose) in zip(toks, classes, strict=True):
        assert core == finder._core(tok)
        assert startable == finder._startable(tok)
        assert prose == (
            tok.kind == "word" and not startable and tok.value not in finder.lx.VOCABULARY
        )


def test_memo_rows_give_the_same_readings_read_twice_and_stay_shared_clean() -> None:
    text = "We met last Friday at 3pm, two days after Christmas; back on the 24th around noon."
    first = grammar.Grammar(tokenize(text))
    once = [sorted(map(repr, first.expression(i))) for i in range(first.size)]
    again = [sorted(map(repr, first.expression(i))) for i in range(first.size)]
    fresh = grammar.Grammar(tokenize(text))
    backwards = [sorted(map(repr, fresh.expression(i))) for i in reversed(range(fresh.size))]
    assert once == again == list(reversed(backwards))
    assert any(once)
    # the shared first rows hold "not read yet" or "nothing" only: readings went to copies
    for row in grammar._ROWS.values():
        assert all(cell is None or cell is grammar._NOTHING for cell in row)
    first.forget()
    assert [sorted(map(repr, first.expression(i))) for i in range(first.size)] == once


def test_a_length_of_one_unit_is_its_own_finest_unit() -> None:
    from prme_cli.timeexpr.calendar import UNIT_ORDER

    assert frozenset(UNIT_ORDER) == n._UNIT_NAMES
    for unit in UNIT_ORDER:
        assert n.Dur(((unit, 1),)).finest() == unit
    assert n.Dur((("hour", 2), ("minute", 30))).finest() == "minute"
    with pytest.raises(ValueError):
        n.Dur((("fortnight", 1),)).finest()  # no grain: as before, not a guess


#: the classes the token patterns list in full, and the case-blind form each stands for
_CASE_BLIND = {
    "[a-zA-Z\\u0130\\u0131\\u017f\\u212a]": "[a-z]",
    "[hdwmyHDWMY]": "[hdwmy]",
}


def test_token_patterns_match_what_their_case_blind_forms_match() -> None:
    import random
    import re
    import sys

    from prme_cli.timeexpr import tokens

    every = "".join(map(chr, range(sys.maxunicode + 1)))
    for spelled, blind in _CASE_BLIND.items():  # the classes, over every code point
        mine, theirs = re.compile(spelled), re.compile(blind, re.IGNORECASE)
        assert [m.start() for m in mine.finditer(every)] == [
            m.start() for m in theirs.finditer(every)
        ]
    # the whole patterns, on text made of what they tell apart
    pieces = [
        "a", "Z", "O'CLOCK", "don\u2019T", "\u0130", "\u0131", "\u017f", "\u212a", "\u00df",
        "\u00e9", "'", "\u2019", " ", "  ", "\n", "7", "2026-11-03", "<2026-11-03 Tue 9:00",
        " +1W", " .+2d", " ++1M/2Y", " -3H", ">", "]", "[2026-01-02", "T09:30Z", " 09:30+0200",
        "-", ":", ".", "/", "_", "\u00bd", "\u00b2", "x", "h", "D", "mY",
    ]  # fmt: skip
    rng = random.Random(9)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    for stamps in (False, True):
        mine = tokens._pattern(stamps)
        assert not mine.flags & re.IGNORECASE  # compiled without case folding
        source = mine.pattern
        for spelled, blind in _CASE_BLIND.items():
            source = source.replace(spelled, blind)
        assert source != mine.pattern
        theirs = re.compile(source, re.VERBOSE | re.IGNORECASE)
        for text in texts:
            got = [(m.span(), m.lastgroup) for m in mine.finditer(text)]
            assert got == [(m.span(), m.lastgroup) for m in theirs.finditer(text)], text
