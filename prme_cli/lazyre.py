"""Regular expressions compiled at their first use, not when their module is imported.

The readers of relate (question frames, the resolver, the gate, the body and time readers)
hold several hundred module-level patterns, and ``re.compile`` of all of them cost a fresh
``prme relate`` process about 200 ms before it read a note — while one question uses well
under half of them. :func:`compile` returns a stand-in that compiles its pattern the first
time it matches, searches, substitutes or splits, and then delegates to the compiled one;
``pattern`` is its source without compiling (patterns are built from each other's sources).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, cast


class LazyPattern:
    """A compiled pattern's stand-in: the same matching methods, compiled on first use."""

    __slots__ = ("_compiled", "_flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(self.pattern, self._flags)
        return found

    @property
    def flags(self) -> int:
        return self.compiled().flags

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def search(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().search(string, *args)

    def match(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().match(string, *args)

    def fullmatch(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, *args)

    def finditer(self, string: str, *args: int) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, *args)

    def findall(self, string: str, *args: int) -> list[Any]:
        return self.compiled().findall(string, *args)

    def split(self, string: str, maxsplit: int = 0) -> list[Any]:
        return self.compiled().split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r})"


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile``, compiled at first use (typed as the pattern it stands for)."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))
