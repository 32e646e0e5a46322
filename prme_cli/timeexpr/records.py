"""The frozen records the engine hands out (``Window``, ``Span``, ``Context``, ``Found``):
dataclasses whose methods are written in the source instead of generated at import.

``@dataclass(frozen=True)`` writes ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` out as text and compiles each when the module is
imported: about a millisecond a class, and ``prme since today`` paid for three of them (a
fifth of what the engine added to it). A :class:`Record` is declared
``@dataclass(init=False, repr=False, eq=False, slots=True)`` — still a dataclass, so
``dataclasses.fields``, ``replace`` and ``asdict`` work on it — writes its own ``__init__``
(``object.__setattr__`` per field, as the generated one does) and takes the rest from here,
each method behaving as the one ``frozen=True`` would generate (a test compares them).
"""

from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, ClassVar

#: what a record's ``__init__`` sets each field with (a frozen record refuses ``setattr``)
set_field = object.__setattr__


class Record:
    """Base of a frozen dataclass with hand-written methods (see the module docstring)."""

    __slots__ = ()
    #: the field names in order, and a getter of their values as a tuple
    _names: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Any] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # the fields are the class's own annotations, two or more and no ``ClassVar``
        # (``slots=True`` makes the class anew, and this runs again for that one)
        names = tuple(inspect.get_annotations(cls))
        cls._names = names
        cls._values = attrgetter(*names)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names)
        return f"{self.__class__.__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == self._values(other)  # type: ignore[no-any-return]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[Any]:
        return list(self._values(self))

    def __setstate__(self, state: list[Any]) -> None:
        for name, value in zip(self._names, state, strict=False):
            set_field(self, name, value)
