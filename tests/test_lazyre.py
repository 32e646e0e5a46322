"""The lazily compiled patterns of relate's readers behave as ``re.compile``'s, method by method."""

from __future__ import annotations

import re

import pytest

from prme_cli import lazyre

SOURCE = r"(?P<day>mon|tue)\w*day\b"
TEXT = "Monday, then tuesday; not sunday"


def test_a_lazy_pattern_is_not_compiled_until_it_is_used() -> None:
    pattern = lazyre.compile(SOURCE, re.IGNORECASE)
    assert pattern.pattern == SOURCE
    assert pattern._compiled is None  # type: ignore[attr-defined]
    assert pattern.search(TEXT) is not None
    assert pattern._compiled is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "call",
    [
        lambda p: p.search(TEXT).group("day"),
        lambda p: p.search(TEXT, 3).span(),
        lambda p: p.match(TEXT) is not None,
        lambda p: p.match(TEXT, 8) is not None,
        lambda p: p.fullmatch("Monday") is not None,
        lambda p: [m.span() for m in p.finditer(TEXT)],
        lambda p: p.findall(TEXT),
        lambda p: p.split(TEXT),
        lambda p: p.split(TEXT, 1),
        lambda p: p.sub("X", TEXT),
        lambda p: p.sub(lambda m: m.group(0).upper(), TEXT, 1),
        lambda p: p.subn("X", TEXT),
        lambda p: p.flags,
        lambda p: dict(p.groupindex),
    ],
)
def test_each_method_answers_as_the_compiled_pattern_does(call) -> None:  # type: ignore[no-untyped-def]
    assert call(lazyre.compile(SOURCE, re.IGNORECASE)) == call(re.compile(SOURCE, re.IGNORECASE))


def test_the_readers_patterns_are_lazy() -> None:
    from prme_cli.relate.symbolic import gate, resolver

    assert isinstance(gate._LENGTH_HEDGES, frozenset)  # a word table stays what it was
    lazy = [v for v in vars(resolver).values() if isinstance(v, lazyre.LazyPattern)]
    assert len(lazy) > 50
