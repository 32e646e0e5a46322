"""Regular expressions compiled at their first use, not when their module is imported.

The readers of relate (question frames, the resolver, the gate, the body and time readers)
hold several hundred module-level patterns, and ``re.compile`` of all of them cost a fresh
``prme relate`` process about 200 ms before it read a note — while one question uses well
under half of them. :func:`compile` returns a stand-in that compiles its pattern the first
time it matches, searches, substitutes or splits, and then delegates to the compiled one;
``pattern`` is its source without compiling (patterns are built from each other's sources).

Compiling is itself most of the cost: ``re`` parses a pattern in pure Python, and relate's
large alternations of words take 50-100 ms of a process to compile even lazily. A command-line
run therefore keeps what the compiler produced — the matching engine's code for each
pattern, not a pickled pattern (which recompiles) — in a cache file, the way Python keeps
byte code in ``__pycache__`` (:func:`keep_compiled`; the CLI turns it on). The next process
builds each pattern from its kept code with the engine's own constructor, which checks the
code before it accepts it. The file is named for the interpreter (its cache tag and the
engine's code version) and prme's version, so no other interpreter or release reads it; a
missing, unreadable or damaged file is only a slower start, never a different pattern.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
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
            found = self._compiled = _KEPT.compile(self.pattern, self._flags)
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


#: What the engine's constructor takes after the source: (flags, code, groups, group index,
#: index group), as ``re`` itself computes them.
_Code = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def _engine() -> tuple[Any, Any, Any] | None:
    """The parser, the code generator and the engine ``re`` compiles with, where this
    interpreter has them in the shape this module knows (CPython 3.11 and later); else
    None, and patterns compile the ordinary way."""
    try:
        import _sre  # type: ignore[import-not-found]
        from re import _compiler, _parser  # type: ignore[attr-defined]
    except ImportError:
        return None
    if not (
        callable(getattr(_compiler, "_code", None)) and callable(getattr(_sre, "compile", None))
    ):
        return None
    return _parser, _compiler, _sre


class _KeptCode:
    """The compiled-pattern cache: the engine's code of every pattern compiled through this
    module, loaded from and saved to one file when a path is set."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self._table: dict[tuple[str, int], _Code] | None = None
        self._added = False
        self._used: set[tuple[str, int]] = set()
        self._engine: tuple[Any, Any, Any] | None = None

    def use(self, path: Path) -> None:
        engine = _engine()
        if engine is not None:
            self.path, self._engine, self._table = path, engine, None

    def compile(self, pattern: str, flags: int) -> re.Pattern[str]:
        if self.path is None or self._engine is None:
            return re.compile(pattern, flags)
        table = self._loaded()
        key = (pattern, int(flags))
        self._used.add(key)
        kept = table.get(key)
        if kept is not None:
            with contextlib.suppress(Exception):  # a damaged entry: compile afresh
                return cast("re.Pattern[str]", self._engine[2].compile(pattern, *kept))
        code = self._code(pattern, flags)
        table[key] = code
        self._added = True
        return cast("re.Pattern[str]", self._engine[2].compile(pattern, *code))

    def _code(self, pattern: str, flags: int) -> _Code:
        """What ``re._compiler.compile`` hands the engine for ``pattern`` (its steps, with
        the code as plain integers so that it can be kept)."""
        parser, compiler, _ = cast("tuple[Any, Any, Any]", self._engine)
        parsed = parser.parse(pattern, flags)
        code = [int(op) for op in compiler._code(parsed, flags)]
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        return (
            int(flags | parsed.state.flags),
            code,
            parsed.state.groups - 1,
            groupindex,
            tuple(indexgroup),
        )

    def _loaded(self) -> dict[tuple[str, int], _Code]:
        if self._table is None:
            self._table = {}
            if self.path is not None:
                with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
                    found = marshal.loads(self.path.read_bytes())
                    if isinstance(found, dict):
                        self._table = found
        return self._table

    def save(self) -> None:
        """Write the file again when this process compiled a pattern it did not hold
        (atomically: a reader sees the old file or the new one). Failing to write — a
        read-only home, a full disk — costs the next process its head start, nothing more."""
        if self.path is None or not self._added or self._table is None:
            return
        if len(self._table) > _MOST_KEPT:  # patterns of edited sources pile up: start over
            self._table = {k: v for k, v in self._table.items() if k in self._used}
        with contextlib.suppress(OSError, ValueError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".patterns-")
            try:
                with os.fdopen(handle, "wb") as out:
                    marshal.dump(self._table, out)
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
            for other in self.path.parent.glob("patterns-*.marshal"):
                if other != self.path:
                    with contextlib.suppress(OSError):
                        other.unlink()
        self._added = False


#: Beyond this many kept patterns (prme compiles about 600), the file keeps only those the
#: saving process used: old sources of patterns since edited are dropped.
_MOST_KEPT = 3000

_KEPT = _KeptCode()


def cache_file(directory: Path, release: str) -> Path:
    """The cache file for this interpreter and prme ``release`` in ``directory``."""
    try:
        import _sre

        magic = getattr(_sre, "MAGIC", 0)
    except ImportError:
        magic = 0
    tag = sys.implementation.cache_tag or sys.implementation.name
    return directory / f"patterns-{release}-{tag}-{magic}.marshal"


def keep_compiled(path: Path) -> None:
    """Keep the code of the patterns compiled from now on in ``path``, and build patterns
    from the code kept there (the CLI's processes; a library caller keeps plain
    ``re.compile``). :func:`save_compiled` writes what was added."""
    _KEPT.use(path)


def save_compiled() -> None:
    """Write the patterns compiled since :func:`keep_compiled` (no-op when none were new)."""
    _KEPT.save()
