"""What importing the engine and reading a first expression cost (issue 9), kept down
without changing a single output.

- The engine's frozen records (``Window``, ``Span``, ``Context``, ``Found``, ``EventOffset``)
  write their methods in the source (:mod:`prme_cli.timeexpr.records`) instead of having the
  dataclass machinery generate and compile them at import: each is compared here, method by
  method, with the frozen dataclass of the same fields made by
  :func:`dataclasses.make_dataclass`.
- ``decimal`` is imported at the first count or length read, and the lexicon's two tables
  only the finder and an error message read are built at their first use.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import os
import pickle
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from prme_cli.timeexpr import Window, finder, interpret, lexicon

ROOT = Path(__file__).resolve().parents[1]

NOW = datetime(2026, 6, 17, 9, 40, tzinfo=UTC)
TWO = timezone(timedelta(hours=2))
SPAN = interpret.Span(NOW, NOW + timedelta(hours=1), "hour")

#: per record class, two sets of values (all fields given), the second differing in each field
VALUES: dict[type, tuple[tuple[Any, ...], tuple[Any, ...]]] = {
    Window: (
        ("today", NOW, NOW + timedelta(days=1), "day", False, "point"),
        ("next week", NOW - timedelta(hours=1), NOW + timedelta(days=7), "week", True, "interval"),
    ),
    interpret.Span: (
        (NOW, NOW + timedelta(days=1), "day", False, "point"),
        (NOW - timedelta(days=1), NOW, "hour", True, "set"),
    ),
    interpret.Context: (
        (NOW, UTC, NOW.date(), False, 0, None, None),
        (NOW + timedelta(hours=1), TWO, date(2026, 6, 18), True, 6, date(2026, 1, 1), SPAN),
    ),
    finder.Found: (
        (3, 5, "today", "point", NOW, NOW + timedelta(days=1), "day", False, None),
        (4, 6, "3 days", "duration", None, None, "second", True, Decimal(259200)),
    ),
    finder.EventOffset: ((0, 14, "two days after", 15), (2, 12, "a week after", 16)),
}
CLASSES = list(VALUES)


def reference(cls: type) -> type:
    """The frozen, slotted dataclass with ``cls``'s fields and defaults, as ``@dataclass``
    generates it."""
    specs: list[Any] = []
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING:
            specs.append((f.name, f.type))
        else:
            specs.append((f.name, f.type, f.default))
    made = dataclasses.make_dataclass(cls.__name__, specs, frozen=True, slots=True)
    made.__qualname__ = cls.__qualname__
    return made


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_record_takes_the_arguments_a_frozen_dataclass_takes(cls: Any) -> None:
    ref = reference(cls)
    mine, theirs = inspect.signature(cls).parameters, inspect.signature(ref).parameters
    assert [str(p) for p in mine.values()] == [str(p) for p in theirs.values()]
    assert cls.__match_args__ == ref.__match_args__  # type: ignore[attr-defined]
    assert dataclasses.is_dataclass(ref) and "__dataclass_fields__" in vars(cls)
    first, _ = VALUES[cls]
    names = [f.name for f in dataclasses.fields(cls)]
    by_keyword = cls(**dict(zip(names, first, strict=True)))
    assert by_keyword == cls(*first)
    required = [
        value
        for f, value in zip(dataclasses.fields(cls), first, strict=True)
        if f.default is dataclasses.MISSING
    ]
    assert repr(cls(*required)) == repr(ref(*required))  # the defaults are the same
    with pytest.raises(TypeError):
        cls(*first, "one too many")


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_record_prints_compares_and_hashes_as_a_frozen_dataclass(cls: Any) -> None:
    ref = reference(cls)
    first, second = VALUES[cls]
    for values in (first, second):
        assert repr(cls(*values)) == repr(ref(*values))
        assert hash(cls(*values)) == hash(ref(*values))
        assert cls(*values) == cls(*values)
    assert cls(*first) != cls(*second)
    assert (cls(*first) == cls(*second)) == (ref(*first) == ref(*second))
    # another class with the same values is not equal, as with a dataclass
    assert cls(*first) != ref(*first)
    assert cls.__eq__(cls(*first), ref(*first)) is NotImplemented
    for k in range(len(first)):  # each field counts in equality
        mixed = (*first[:k], second[k], *first[k + 1 :])
        assert cls(*mixed) != cls(*first)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_record_refuses_changes_as_a_frozen_dataclass(cls: Any) -> None:
    ref = reference(cls)
    first, _ = VALUES[cls]
    record, model = cls(*first), ref(*first)
    for name in [f.name for f in dataclasses.fields(cls)]:
        with pytest.raises(dataclasses.FrozenInstanceError) as mine:
            setattr(record, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError) as theirs:
            setattr(model, name, 1)
        assert str(mine.value) == str(theirs.value)
        with pytest.raises(dataclasses.FrozenInstanceError) as mine:
            delattr(record, name)
        with pytest.raises(dataclasses.FrozenInstanceError) as theirs:
            delattr(model, name)
        assert str(mine.value) == str(theirs.value)
    # a name that is no field is refused alike (the generated method of Python 3.11 fails
    # there with a TypeError of its own, ``super(type, obj)``, for a slotted class)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'other'"):
        record.other = 1  # type: ignore[attr-defined]
    assert not hasattr(record, "__dict__")


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_record_is_copied_replaced_and_pickled_as_a_frozen_dataclass(cls: Any) -> None:
    ref = reference(cls)
    first, second = VALUES[cls]
    record = cls(*first)
    name = dataclasses.fields(cls)[1].name
    changed = dataclasses.replace(record, **{name: second[1]})
    assert repr(changed) == repr(dataclasses.replace(ref(*first), **{name: second[1]}))
    assert dataclasses.asdict(record) == dataclasses.asdict(ref(*first))
    assert dataclasses.astuple(record) == first
    assert copy.copy(record) == record
    assert copy.deepcopy(record) == record
    assert pickle.loads(pickle.dumps(record)) == record


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_records_methods_are_written_in_the_source_not_generated(cls: Any) -> None:
    # a generated method is compiled from text at import: its code has no file
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        code = getattr(cls, method).__code__
        assert code.co_filename.endswith(".py"), (cls.__name__, method, code.co_filename)


def _run(code: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


_FIRST = (
    "import sys; from datetime import datetime, timezone; "
    "from prme_cli.timeexpr import find, lexicon, resolve, since_window, zone; "
    "now = datetime(2026, 6, 17, 9, 40, tzinfo=timezone.utc); "
    "since_window('today', now, zone('UTC')); resolve('last Friday', now, zone('UTC')); "
)


def test_resolving_a_day_word_imports_no_decimal_and_a_count_does() -> None:
    code = _FIRST + (
        "print('decimal' in sys.modules); "
        "print(resolve('in 2.5 days', now, zone('UTC')).start.isoformat()); "
        "print('decimal' in sys.modules)"
    )
    assert _run(code) == ["False", "2026-06-19T21:40:00+00:00", "True"]


def test_the_finders_and_the_suggestions_tables_are_built_at_their_first_use() -> None:
    code = _FIRST + (
        "print(sorted(k for k in ('CORE_WORDS', 'SUGGESTABLE') if k in vars(lexicon))); "
        "print([f.text for f in find('Call Ana tomorrow at 3pm.', now, zone('UTC'))] "
        "== ['tomorrow at 3pm']); "
        "print('CORE_WORDS' in vars(lexicon), 'SUGGESTABLE' in vars(lexicon)); "
        "from prme_cli.errors import TimeExpressionError\n"
        "try:\n    resolve('tomorow', now, zone('UTC'))\n"
        "except TimeExpressionError as exc:\n    print(\"did you mean 'tomorrow'?\" in str(exc))\n"
        "print('SUGGESTABLE' in vars(lexicon), lexicon.CORE_WORDS is lexicon.CORE_WORDS, "
        "'tomorrow' in lexicon.CORE_WORDS, 'tmr' in lexicon.SUGGESTABLE)"
    )
    assert _run(code) == ["[]", "True", "True", "False", "True", "True", "True", "True", "False"]
    with pytest.raises(AttributeError):
        lexicon.NOT_A_TABLE  # type: ignore[attr-defined]  # noqa: B018 - the look-up is the test
