"""The grammar: small rules over tokens, each yielding every way it can read from a position.

Written out (``[x]`` optional, ``|`` alternatives, ``D`` a day, ``P`` a part of the day, ``T``
a clock time or clock range; connectors ``at on in of , the`` are optional where people drop
them)::

    expression := stamp | now | approx | open | between | edge | rest | trailing | shift
                | every | vague | moment | coarse
    moment     := any order of at most one D, one P, one T        ("9 tomorrow morning")
    D          := relday | weekday-phrase | calendar-date | holiday | nth-weekday-of-period
                | ordinal "of" period | quantity (ago|from now|later|before X|after X) | anchor-day
    P          := [early|late|mid] part | "this" part | tonight | last night | at lunch
    T          := clock | clock-range | clock "for" duration | (after|before) clock
    clock      := h:mm[:ss] [ampm] | h [ampm] | h o'clock | noon | midnight | word-clock
                | (half|quarter|N [minutes]) (past|to|after|before) clock
    coarse     := [relation] period-unit | month-phrase | year | quarter | season | decade
                | century | iso-week | nth-part-of-period | week-of D | weekend-of D
    between    := [from] X (to|till|until|through|-|~) X [tail] | between X and X [tail]
    open       := (before|after|since|until|by|no later than…) X | X (or later|onwards…)
    edge       := [the] (beginning|start|middle|end) of X | (early|mid|late) X | sod … eoy
    rest       := rest of X | (earlier|later) (this|in the) X | X to date
    trailing   := (last|past|next|coming|within) N unit | N (past|next|upcoming) unit
    shift      := quantity ago | in quantity | quantity (from now|hence|later|earlier)
                | quantity (before|after|from) X
    approx     := (around|about|circa|roughly|approximately) X | X[-]ish | X or so
    quantity   := number unit [and a half] | half (a|an) unit | a quarter of an hour | 1/4h | …
    number     := digits | digits.digits | number-words | a | a couple of | a few | several

Rules are methods returning lists of ``(node, next_index)``; a memo per (rule, position)
keeps reading every position of a long note linear, and a depth guard turns deeply nested
input into a refusal instead of a ``RecursionError``. Nothing here looks at the clock.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, TypeVar

from prme_cli.timeexpr import lexicon as lx
from prme_cli.timeexpr import nodes as n
from prme_cli.timeexpr.calendar import UNIT_ORDER
from prme_cli.timeexpr.tokens import Token

if TYPE_CHECKING:
    from decimal import Decimal

R = list[tuple[n.Node, int]]
T = TypeVar("T")
MAX_DEPTH = 40


#: words after which a meal or the sun names a time ("tomorrow at lunch", "over dinner")
_PART_LEADS = ("at", "on", "@", "by", "for", "over", "during", "around", "before", "after",
               "until", "till")  # fmt: skip


class TooDeep(Exception):
    """Input nested deeper than any real expression ("start of start of start of …")."""


_RULES: list[str] = []
_NOTHING: list = []  # type: ignore[type-arg]
#: look-ahead room after the last token: rules read a few tokens past a position without
#: checking the length each time (every padded slot is "no token")
_PAD = 16


#: per rule, the words it may begin with (``None``: any) and whether only a word can begin it;
#: one box per rule, filled in by :func:`_first_words` below the grammar, from the lexicon
FIRST: dict[str, list[tuple[frozenset[str] | None, bool]]] = {}


def rule(method: Callable[[Grammar, int], list[T]]) -> Callable[[Grammar, int], list[T]]:
    """Memoise a rule per position and bound how deep rules may nest.

    This wrapper runs thousands of times per note, so it is kept lean: one list per
    position holds each rule's readings there, and it starts out holding "nothing" for every
    rule the token cannot begin (its first words, :data:`FIRST`; see :func:`_row`), so a
    rule that cannot begin here and one already read cost the same single look-up. A
    :class:`TooDeep` leaves ``depth`` where it was: whoever catches it resets it."""
    number = len(_RULES)
    _RULES.append(method.__name__)
    FIRST[method.__name__] = [(None, False)]

    @wraps(method)
    def wrapper(self: Grammar, i: int) -> list[T]:
        found = self.memo[i][number]
        if found is not None:
            return found  # type: ignore[no-any-return]
        depth = self.depth + 1
        if depth > MAX_DEPTH:
            raise TooDeep
        self.depth = depth
        found = method(self, i)
        self.depth = depth - 1
        row = self.memo[i]
        if type(row) is not list:  # the shared first row: this position's own copy now
            row = self.memo[i] = row.copy()
        row[number] = found
        return found

    return wrapper


#: the rules each kind of token may begin, by word; numbers by their digits and the token
#: after them; symbols share one entry
_ALLOWED: dict[object, frozenset[int]] = {}
_SYMBOL_KEY = "\x00symbol"
#: per rule that may begin with a number: whether it can, given the number's count of digits
#: and the token after it (its bare word, its symbol, "#num" or "#end") — filled in by
#: :func:`_first_words`; a rule missing here may begin with any number
AFTER_NUMBER: dict[str, Callable[[int, str], bool]] = {}


#: per set of rules a token may begin, the memo row a position starts with (see :func:`_row`)
_ROWS: dict[frozenset[int], _FirstRow] = {}
#: per union rule (by its list's id) and set of rules a token may begin, the union's rules
#: that may begin there
_UNIONS: dict[int, dict[frozenset[int], list]] = {}  # type: ignore[type-arg]


class _FirstRow(list):  # type: ignore[type-arg]
    """The memo row every position of one set of rules starts with, shared by them until the
    first reading is kept there (the rule wrapper then gives the position its own ``list``)."""

    __slots__ = ()


def reset_first_words() -> None:
    """Forget the rules-per-token cache (after :data:`FIRST` changed, in a test)."""
    _ALLOWED.clear()
    _ROWS.clear()
    _UNIONS.clear()


def _row(allowed: frozenset[int]) -> _FirstRow:
    """The first memo row of a position whose token may begin the rules ``allowed``: ``None``
    (not read yet) for those, the empty reading for every other rule."""
    found = _ROWS.get(allowed)
    if found is None:
        found = _ROWS[allowed] = _FirstRow(
            None if number in allowed else _NOTHING for number in range(len(_RULES))
        )
    return found


def _next_key(tokens: list[Token], k: int) -> str:
    if k >= len(tokens):
        return "#end"
    tok = tokens[k]
    if tok.kind == "word":
        return tok.value.removesuffix("'s").removesuffix("'")
    return tok.value if tok.kind == "sym" else "#num" if tok.kind == "num" else "#stamp"


def _allowed(tokens: list[Token], k: int) -> frozenset[int]:
    """The numbers of the rules that may begin at ``tokens[k]`` (cached by word; a number by
    its digits and what follows it)."""
    tok = tokens[k]
    digits, after = 0, ""
    key: object
    if tok.kind == "word":
        key = tok.value
    elif tok.kind == "num":
        digits, after = min(len(tok.value), 9), _next_key(tokens, k + 1)
        key = (digits, after)
    else:
        key = _SYMBOL_KEY
    found = _ALLOWED.get(key)
    if found is not None:
        return found
    if tok.kind == "word" and not _can_start(tok):
        found = frozenset()
    elif tok.kind == "word":
        bare = tok.value.removesuffix("'s").removesuffix("'")
        found = frozenset(
            n
            for n, name in enumerate(_RULES)
            if (words := FIRST[name][0][0]) is None or tok.value in words or bare in words
        )
    elif tok.kind == "num":
        found = frozenset(
            n
            for n, name in enumerate(_RULES)
            if not FIRST[name][0][1]
            and (name not in AFTER_NUMBER or AFTER_NUMBER[name](digits, after))
        )
    else:
        found = frozenset(n for n, name in enumerate(_RULES) if not FIRST[name][0][1])
    _ALLOWED[key] = found
    return found


def _can_start(tok: Token) -> bool:
    if tok.kind != "word":
        return True
    word = tok.value
    return (
        word in lx.VOCABULARY
        or word.removesuffix("'s") in lx.VOCABULARY
        or word.rstrip("'") in lx.VOCABULARY
        or word.removesuffix("'s") in lx.HOLIDAY_FIRST_WORDS
    )


def _index(
    pairs: tuple[tuple[tuple[str, ...], T], ...],
) -> dict[str, list[tuple[tuple[str, ...], T]]]:
    """Phrases by their first word, so a rule tries only those that can match here."""
    table: dict[str, list[tuple[tuple[str, ...], T]]] = {}
    for words, value in pairs:
        table.setdefault(words[0], []).append((words, value))
    return table


def _first_d(value: int | str | Decimal) -> Decimal:
    """``Decimal(value)``, the first time: the decimal module is imported at the first count
    read, not with the engine (a tenth of what the engine's import added to ``prme since
    today``), and :data:`_d` becomes ``Decimal`` itself (an import statement in ``_d`` would
    cost each of the thousands of counts a note is read into a look-up of the module)."""
    global _d
    from decimal import Decimal

    _d = Decimal
    return Decimal(value)


#: ``Decimal``, imported at its first use (see :func:`_first_d`)
_d: Callable[[int | str | Decimal], Decimal] = _first_d


#: how many digits a count may have (``number``)
_COUNT_DIGITS = tuple(range(1, 16))


class Grammar:
    __slots__ = (
        "allowed",
        "dayfirst",
        "depth",
        "digits",
        "glue",
        "memo",
        "size",
        "syms",
        "t",
        "values",
        "words",
    )  # fmt: skip

    def __init__(self, tokens: list[Token], *, dayfirst: bool = False) -> None:
        self.t = tokens
        self.size = len(tokens)
        self.dayfirst = dayfirst
        #: per position, each rule's readings there (``None``: not read yet)
        self.memo: list[list] = []  # type: ignore[type-arg]
        self.depth = 0
        #: per token, the rules that may begin there (none at a prose word), the word
        #: (``None`` for numbers and symbols), the symbol, the digits' count and value, and
        #: whether it is glued to the one before: the cheapest tests (one pass: a note has
        #: hundreds of tokens and is read once)
        allowed: list[frozenset[int]] = []
        words: list[str | None] = []
        syms: list[str | None] = []
        digits: list[int] = []
        values: list[int] = []
        known = _ALLOWED
        for k, tok in enumerate(tokens):
            kind = tok.kind
            # a word's rules straight from the cache (_allowed fills it; keyed by the word)
            rules = known.get(tok.value) if kind == "word" else None
            allowed.append(rules if rules is not None else _allowed(tokens, k))
            if kind == "word":
                words.append(tok.value)
                syms.append(None)
                digits.append(0)
                values.append(0)
                continue
            words.append(None)
            syms.append(tok.value if kind == "sym" else None)
            if kind == "num":
                digits.append(len(tok.value))
                values.append(int(tok.value))
            else:
                digits.append(0)
                values.append(0)
        self.allowed = allowed + [frozenset()] * _PAD
        rows = _ROWS
        self.memo = [rows.get(rules) or _row(rules) for rules in self.allowed]
        self.words = words + [None] * _PAD
        self.syms = syms + [None] * _PAD
        self.digits = digits + [0] * _PAD
        self.values = values + [0] * _PAD
        self.glue: list[bool] = [tok.glued for tok in tokens] + [False] * _PAD

    def forget(self) -> None:
        """Drop every reading read so far (after a :class:`TooDeep`, to start clean)."""
        self.memo = [_row(rules) for rules in self.allowed]
        self.depth = 0

    # ------------------------------------------------------------------ token tests

    def w(self, i: int, *words: str) -> bool:
        return self.words[i] in words

    def wv(self, i: int) -> str | None:
        return self.words[i]

    def sym(self, i: int, *chars: str, glued: bool | None = None) -> bool:
        char = self.syms[i]
        if char is None or char not in chars:
            return False
        return glued is None or self.glue[i] == glued

    def glued(self, i: int) -> bool:
        return self.glue[i]

    def num(self, i: int, digits: tuple[int, ...] = (1, 2, 3, 4)) -> int | None:
        count = self.digits[i]
        if count and count in digits:
            return self.values[i]
        return None

    def opt(self, i: int, *words: str) -> int:
        return i + 1 if self.words[i] in words else i

    def seq(self, i: int, *words: str) -> int | None:
        """Match words in order (a hyphen between them is allowed); the index after, or None."""
        tokens, symbols = self.words, self.syms  # the lists, not the tests: a hot loop
        for word in words:
            if tokens[i] != word:
                if symbols[i] != "-" or tokens[i + 1] != word:
                    return None
                i += 1
            i += 1
        return i

    def comma(self, i: int) -> int:
        return i + 1 if self.sym(i, ",") else i

    # ------------------------------------------------------------------ top level

    @rule
    def expression(self, i: int) -> R:
        return self.union(i, _EXPRESSION)

    @rule
    def atom(self, i: int) -> R:
        """What may stand on either side of a range or after before/after."""
        return self.union(i, _ATOM)

    def union(self, i: int, rules: list[tuple[int, Callable[[Grammar, int], R]]]) -> R:
        """The readings of several rules at ``i``, in order (only those that may begin here
        are called: most of a note's positions can begin few of them)."""
        allowed = self.allowed[i]
        chosen = _UNIONS.get(id(rules))
        if chosen is None:
            chosen = _UNIONS[id(rules)] = {}
        methods = chosen.get(allowed)
        if methods is None:
            methods = chosen[allowed] = [method for number, method in rules if number in allowed]
        out: R = []
        for method in methods:
            out += method(self, i)
        return out

    # ------------------------------------------------------------------ numbers

    @rule
    def number(self, i: int) -> list[tuple[Decimal, int, bool]]:
        """A count: ``3``, ``2.5``, ``twenty-one``, ``a``, ``a couple of``, ``a few``."""
        out: list[tuple[Decimal, int, bool]] = []
        value = self.num(i, _COUNT_DIGITS)
        if value is not None:
            out.append((_d(value), i + 1, False))
            if (
                self.sym(i + 1, ".", glued=True)
                and self.glued(i + 2)
                and self.num(i + 2) is not None
            ):
                out.append((_d(f"{value}.{self.t[i + 2].value}"), i + 3, False))
            if (
                self.sym(i + 1, "/", glued=True)
                and self.glued(i + 2)
                and (den := self.num(i + 2, (1, 2)))
            ):
                out.append((_d(value) / _d(den), i + 3, False))
        word = self.wv(i)
        if word is None:
            return out
        if word in ("a", "an", "one"):
            out.append((_d(1), i + 1, False))
            if self.w(i + 1, "couple"):
                out.append((_d(2), self.opt(i + 2, "of"), False))
            if self.w(i + 1, "few"):
                out.append((_d(3), i + 2, True))
            if self.w(i + 1, "dozen"):
                out.append((_d(12), self.opt(i + 2, "of"), False))
        if word in ("couple", "few", "several", "some"):
            out.append(
                (
                    _d(lx.VAGUE_COUNTS[word]),
                    self.opt(i + 1, "of") if word == "couple" else i + 1,
                    word != "couple",
                )
            )
        if word == "dozen":
            out.append((_d(12), i + 1, False))
        if word == "half":
            out.append((_d("0.5"), i + 1, False))
        for value_, j in self.word_number(i):
            out.append((_d(value_), j, False))
        for value_, j in self.hundreds(i):  # "a hundred days", "two dozen years"
            out.append((_d(value_), j, False))
        return out

    @rule
    def word_number(self, i: int) -> list[tuple[int, int]]:
        """``seven``, ``twenty-one``, ``twenty one``, ``a hundred``."""
        out: list[tuple[int, int]] = []
        word = self.wv(i)
        if word in lx.NUMBERS and word not in ("oh", "nought"):
            out.append((lx.NUMBERS[word], i + 1))
        if word in lx.TENS:
            out.append((lx.TENS[word], i + 1))
            k = i + 2 if self.sym(i + 1, "-") else i + 1
            unit = self.wv(k)
            if unit in lx.NUMBERS and 0 < lx.NUMBERS[unit] < 10:
                out.append((lx.TENS[word] + lx.NUMBERS[unit], k + 1))
        return out

    def hundreds(self, i: int) -> list[tuple[int, int]]:
        """``a hundred``, ``two hundred and forty``, ``three dozen``: counts of days or years
        (``nineteen hundred`` is a year, read by :meth:`year_words`)."""
        out: list[tuple[int, int]] = []
        word = self.wv(i)
        many = 1 if word in ("a", "one") else lx.NUMBERS.get(word or "", 0)
        if not 1 <= many <= 9:
            return out
        if self.w(i + 1, "hundred"):
            out.append((many * 100, i + 2))
            k = self.opt(i + 2, "and")
            out += [(many * 100 + low, m) for low, m in self.word_number(k) if 0 < low < 100]
        if self.w(i + 1, "dozen") and word not in ("a", "one"):
            out.append((many * 12, self.opt(i + 2, "of")))
        return out

    @rule
    def ordinal(self, i: int) -> list[tuple[int, int]]:
        """``3rd``, ``third``, ``twenty-third``, ``23``-``rd``."""
        out: list[tuple[int, int]] = []
        value = self.num(i, (1, 2))
        if value is not None and self.glued(i + 1) and self.wv(i + 1) in lx.ORDINAL_SUFFIXES:
            out.append((value, i + 2))
        word = self.wv(i)
        if word in lx.ORDINAL_WORDS:
            out.append((lx.ORDINAL_WORDS[word], i + 1))
        if word in ("twenty", "thirty"):
            k = i + 2 if self.sym(i + 1, "-") else i + 1
            unit = self.wv(k)
            if unit in lx.ORDINAL_WORDS and lx.ORDINAL_WORDS[unit] < 10:
                out.append((lx.TENS[word] + lx.ORDINAL_WORDS[unit], k + 1))
        if word in ("last", "final"):
            out.append((-1, i + 1))
        if word == "penultimate":
            out.append((-2, i + 1))
        for value_, j in list(out):  # "the second to last", "third-to-last"
            k = j + 1 if self.sym(j, "-") else j
            if (
                value_ > 1
                and self.w(k, "to")
                and self.w(k + 2 if self.sym(k + 1, "-") else k + 1, "last")
            ):
                out.append((-value_, (k + 3 if self.sym(k + 1, "-") else k + 2)))
        return out

    @rule
    def day_number(self, i: int) -> list[tuple[int, int]]:
        """A day of the month: ``3rd``, ``third``, ``03``, ``twenty nine``."""
        out = [(d, j) for d, j in self.ordinal(i) if d >= 1]
        value = self.num(i, (1, 2))
        if (
            value is not None
            and 1 <= value <= 31
            and not (self.glued(i + 1) and self.wv(i + 1) in lx.ORDINAL_SUFFIXES)
            and not self.meridiem(i + 1)
            and not self.w(i + 1, "o'clock", "oclock", "h")
        ):
            out.append((value, i + 1))
        out += [(v, j) for v, j in self.word_number(i) if 1 <= v <= 31]
        return out

    @rule
    def year(self, i: int) -> list[tuple[int, int]]:
        """``2026``, ``'74``, ``nineteen eighty six``, ``two thousand and twenty``, ``44 BC``."""
        out: list[tuple[int, int]] = []
        value = self.num(i, (4,))
        if value is not None and 1000 <= value <= 2999:
            out.append((value, i + 1))
            if self.w(i + 1, "ad", "ce"):
                out.append((value, i + 2))
        if self.sym(i, "'") and (short := self.num(i + 1, (2,))) is not None:
            out.append((_two_digit_year(short), i + 2))
        value = self.num(i, (1, 2, 3, 4))
        if value is not None and self.w(i + 1, "ad", "ce"):
            out.append((value, i + 2))
        era = self.num(i + 1, (1, 2, 3, 4)) if self.w(i, "ad") else None
        if era is not None and (self.t[i].text == "AD" or era >= 1000):
            # "AD 2014", "AD 79": the era before the year (in lower case only a full year:
            # "the ad 30 times" is an advert)
            out.append((era, i + 2))
        if value is not None and self.w(i + 1, "bc", "bce"):
            out.append((-value, i + 2))
        if self.w(i, "cy", "fy") and (y2 := self.num(i + 1, (2, 4))) is not None:
            # "FY24", "fy 2024": a fiscal or calendar year is read as the calendar year
            out.append((2000 + y2 if y2 < 100 else y2, i + 2))
        out += self.year_words(i)
        return out

    @rule
    def year_words(self, i: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for high, j in self.word_number(i):
            if self.w(j, "thousand"):  # two thousand [and] twenty
                k = self.opt(j + 1, "and")
                out.append((high * 1000, j + 1))
                out += [(high * 1000 + low, m) for low, m in self.word_number(k) if low < 100]
            if 10 <= high <= 29 and self.w(j, "hundred"):  # nineteen hundred [and] ninety three
                k = self.opt(j + 1, "and")
                out.append((high * 100, j + 1))
                out += [(high * 100 + low, m) for low, m in self.word_number(k) if low < 100]
            if 10 <= high <= 29:  # nineteen eighty six, twenty twenty, nineteen-ninety
                for low, m in self.word_number(j + 1 if self.sym(j, "-") else j):
                    if 10 <= low < 100:
                        out.append((high * 100 + low, m))
                if self.w(j, "oh"):
                    out += [(high * 100 + v, m) for v, m in self.word_number(j + 1) if v < 10]
        return out

    # ------------------------------------------------------------------ quantities

    def unit_at(self, i: int, *, glued: bool = False) -> str | None:
        word = self.wv(i)
        if word is None:
            return None
        if word.endswith(("'s", "'")) and len(word) > 3:  # "a fortnight's time", "two weeks'"
            word = word.removesuffix("'s").removesuffix("'")
        if word in lx.LETTER_UNITS and len(word) == 1:
            if not (glued and self.glued(i)):
                return None
            return {
                "s": "second",
                "h": "hour",
                "d": "day",
                "w": "week",
                "y": "year",
                "q": "quarter",
            }.get(word)
        return lx.UNITS.get(word)

    def _minutes_follow(self, i: int) -> bool:
        """Whether a count of minutes under 60 begins at ``i`` (``15 min``, ``30m``)."""
        mins = self.num(i, (1, 2))
        return mins is not None and mins < 60 and self.w(i + 1, "m", "min", "mins", "minutes")

    @rule
    def quantity(self, i: int) -> list[tuple[n.Dur, int]]:
        """One amount of one unit: ``3 days``, ``2.5 hrs``, ``half an hour``, ``1/4h``."""
        out: list[tuple[n.Dur, int]] = []
        for count, j, vague in self.number(i):
            if (
                self.w(j, "and")
                and self.w(j + 1, "a", "an")
                and self.w(j + 2, "half")
                and (g := self.unit_at(j + 3))
            ):
                out.append((_dur(g, count + _d("0.5"), vague), j + 4))
            if self.w(j, "and") and self.w(j + 1, "half") and (g := self.unit_at(j + 2)):
                out.append((_dur(g, count + _d("0.5"), vague), j + 3))
            grain = self.unit_at(j, glued=True)
            if grain is None and self.w(j, "h") and self._minutes_follow(j + 1):
                grain = "hour"  # "2 h 15 min": a spaced h is hours only before the minutes
            if grain is None and self.words[j] in _MORE:
                grain = self.unit_at(j + 1)  # "in 4 more weeks", "for two extra days"
                if grain is not None:
                    out.append((_dur(grain, count, vague), j + 2))
                continue
            if grain is None:
                continue
            if grain == "second" and self.w(j, "s") and count % 10 == 0 and 1000 <= count < 3000:
                continue  # "in 1990s" is the decade, not half an hour of seconds
            count_, k = count, j + 1
            if self.w(k, "and") and self.w(k + 1, "a", "an") and self.w(k + 2, "half"):
                count_, k = count + _d("0.5"), k + 3
            elif self.w(k, "and") and self.w(k + 1, "half"):
                count_, k = count + _d("0.5"), k + 2
            elif self.words[k] == "and" and self.words[k + 2] in ("quarter", "quarters"):
                if self.words[k + 1] == "a" and self.words[k + 2] == "quarter":
                    count_, k = count + _d("0.25"), k + 3  # "an hour and a quarter"
                elif self.words[k + 1] == "three" and self.words[k + 2] == "quarters":
                    count_, k = count + _d("0.75"), k + 3
            out.append((_dur(grain, count, vague), j + 1))
            if k != j + 1:
                out.append((_dur(grain, count_, vague), k))
        # half an hour, a half hour, a quarter of an hour, three quarters of an hour
        k = self.opt(i, "a", "an")
        fraction = {"half": _d("0.5"), "quarter": _d("0.25"), "threequarters": _d("0.75")}.get(
            self.wv(k) or ""
        )
        if self.wv(i) in lx.NUMBERS and self.w(i + 1, "quarters"):
            fraction, k = _d(lx.NUMBERS[self.wv(i) or "zero"]) / 4, i + 1
        if self.wv(i) in lx.NUMBERS and self.sym(i + 1, "-") and self.w(i + 2, "quarters"):
            fraction, k = _d(lx.NUMBERS[self.wv(i) or "zero"]) / 4, i + 2  # three-quarters
        if fraction is not None:
            if self.sym(k + 1, "-") and self.glued(k + 1) and self.unit_at(k + 2):
                k += 1  # "a half-hour", "a quarter-hour"
            m = self.opt(k + 1, "of")
            m = self.opt(m, "a", "an")
            grain = self.unit_at(m)
            if grain is not None and grain != "quarter":
                out.append((_dur(grain, fraction, False), m + 1))
        return out

    @rule
    def duration(self, i: int) -> list[tuple[n.Dur, int]]:
        """One or more quantities: ``2 years 1 month 21 days``, ``3 hours and 30 minutes``,
        ``1h30m`` (``m`` after hours is minutes); ``an hour or so`` is approximate, and so is
        a hedged amount (``a little over a week``, ``just under two hours``, ``a good ten
        minutes``, ``some three weeks``): its length is the amount said, its window widened."""
        out = self.exact_duration(i)
        out += [(d.replace(approx=True), j + 2) for d, j in out if self.seq(j, "or", "so")]
        for k in self.hedge_end(i):
            out += [(d.replace(approx=True), j) for d, j in self.exact_duration(k)]
        return out

    def hyphened_length(self, i: int) -> list[tuple[n.Dur, int]]:
        """A length written as an adjective: ``a 10-minute break``, ``a two-hour meeting``,
        ``the 3-day trip``. Only a length, found on its own (``find`` asks for it beside
        :meth:`duration`): "in 10-minute slots" is no time ten minutes from now, so no
        offset or window is built on it (``a 3-year-old`` is an age, see find)."""
        out: list[tuple[n.Dur, int]] = []
        for count, j, vague in self.number(i):
            if (
                self.sym(j, "-", glued=True)
                and self.glued(j + 1)
                and (grain := self.unit_at(j + 1)) is not None
            ):
                out.append((_dur(grain, count, vague), j + 2))
        return out

    def hedge_end(self, i: int) -> list[int]:
        """Where the amount begins after a hedge on it: ``just over``, ``a little under``,
        ``slightly more than``, ``a bit less than``, ``well over``, ``not quite``, ``a good``,
        ``some`` (before a number), ``upwards of``, ``just shy of``."""
        k = i
        word = self.wv(i)
        if word not in _HEDGE_FIRST:
            return []
        if word in _HEDGE_ALONE:
            return [k + 1]  # "in about 10 minutes", "for roughly an hour"
        if self.w(k, "just", "slightly", "well"):
            k += 1
        elif self.w(k, "a") and self.w(k + 1, "little", "bit", "tad"):
            k += 2
        ends: list[int] = []
        if k != i:
            if self.w(k, "over", "under"):
                ends.append(k + 1)
            elif (
                self.w(k, "more", "less")
                and self.w(k + 1, "than")
                or self.w(k, "shy")
                and self.w(k + 1, "of")
                and not self.w(i, "well")
            ):
                ends.append(k + 2)
        elif self.seq(i, "not", "quite") is not None or self.seq(i, "upwards", "of") is not None:
            ends.append(i + 2)
        elif self.w(i, "a") and self.w(i + 1, "good") and self.number(i + 2):
            ends.append(i + 2)  # "a good two hours" (a number must follow: "a good hour" too)
        elif self.w(i, "some") and (self.num(i + 1) is not None or self.wv(i + 1) in lx.NUMBERS):
            ends.append(i + 1)  # "some two weeks ago"; "some days" is a vague count
        return ends

    @rule
    def exact_duration(self, i: int) -> list[tuple[n.Dur, int]]:
        out: list[tuple[n.Dur, int]] = []
        for dur, j in self.quantity(i):
            out.append((dur, j))
            k = self.opt(self.comma(j), "and")
            for more, m in self.exact_duration(k):
                # written coarse to fine: "an hour and a quarter" is no quarter of a year
                if _UNIT_RANK[_coarsest(more)] < _UNIT_RANK[dur.finest()]:
                    out.append((dur.plus(more), m))
            if (
                # "1h30m", "1h 30m", "2 hrs 15m": after hours, a glued ``m`` is minutes
                (dur.finest() == "hour" and (mins := self.num(j, (1, 2))) is not None)
                and self.w(j + 1, "m", "min", "mins")
                and (self.glued(j + 1) or self.w(j - 1, "h"))  # "1h30m", "1 h 30 m"
            ):
                out.append((dur.plus(_dur("minute", _d(mins), False)), j + 2))
            if (
                dur.finest() == "hour"
                and self.w(j - 1, "h")
                and self.glued(j)
                and (mins := self.num(j, (2,))) is not None
                and 0 < mins < 60
                and not (self.glued(j + 1) and self.syms[j + 1] is None)
            ):
                out.append((dur.plus(_dur("minute", _d(mins), False)), j + 1))  # "1h30"
        return out

    # ------------------------------------------------------------------ clock times

    @rule
    def meridiem(self, i: int) -> list[tuple[str, int]]:
        word = self.wv(i)
        out: list[tuple[str, int]] = []
        if word in ("am", "pm"):
            out.append((word, i + 1))
            if self.sym(i + 1, "."):
                out.append((word, i + 2))
        if word in ("a", "p"):
            k = i + 2 if self.sym(i + 1, ".") else i + 1
            if self.w(k, "m"):
                end = k + 2 if self.sym(k + 1, ".") else k + 1
                out.append((word + "m", end))
            elif self.glued(i):  # "9a", "9p"
                out.append((word + "m", i + 1))
        if word == "ampm":
            out.append(("", i + 1))
        return out

    @rule
    def clock(self, i: int) -> list[tuple[n.Clock, int]]:
        """An explicit clock time (one that cannot be a count or a day)."""
        out: list[tuple[n.Clock, int]] = []
        hour = self.num(i, (1, 2))
        if (
            hour is not None
            and self.sym(i + 1, ":", glued=True)
            and (minute := self.num(i + 2, (2,))) is not None
        ):
            j, second = i + 3, None
            if self.sym(j, ":", glued=True) and (s := self.num(j + 1, (2,))) is not None:
                j, second = j + 2, s
            padded = self.t[i].value.startswith("0") or hour == 0
            out.append((n.Clock(hour, minute, second, "", True, padded), j))
            if minute == 0 and not second and (hour, self.wv(j)) in _NAMED_TWELVES:
                # "12:00 noon", "12:00 midnight", "00:00 midnight": the name agrees
                noon = self.w(j, "noon", "midday")
                out.append((n.Clock(12 if noon else 0, 0, None, "", True, True), j + 1))
            out += [(n.Clock(hour, minute, second, m, True), k) for m, k in self.meridiem(j)]
            if self.w(j, "h", "hrs", "hours") and hour <= 24:
                out.append((n.Clock(hour, minute, second, "", True, True), j + 1))
        if (
            hour is not None
            and self.sym(i + 1, ".", glued=True)
            and (minute := self.num(i + 2, (2,))) is not None
        ):
            out += [(n.Clock(hour, minute, None, m, True), k) for m, k in self.meridiem(i + 3)]
        if (
            hour is not None
            and hour <= 23
            and self.w(i + 1, "h")
            and self.glued(i + 1)
            and not self.glued(i + 2)
            and (self.w(i - 1, *_CLOCK_LEADS) or (i == 0 and self.size == 2 and hour >= 13))
        ):  # "at 9h", "from 13h to 15h", "21h" alone: a 24-hour clock (in running text "13h"
            # without "at" is as likely thirteen hours)
            out.append((n.Clock(hour, 0, None, "", True, True), i + 2))
        if hour is not None:
            out += [(n.Clock(hour, 0, None, m, True), k) for m, k in self.meridiem(i + 1)]
            if (
                self.w(i + 1, "h")
                and self.glued(i + 1)
                and (minute := self.num(i + 2, (2,))) is not None
                and self.glued(i + 2)
                and not (minute and self.w(i - 1, *_LENGTH_LEADS))
            ):  # "9h30", "at 16h45"; "in 1h30", "for 2h15" are lengths ("in 16h00" is not)
                out.append((n.Clock(hour, minute, None, "", True, True), i + 3))
        four = self.num(i, (3, 4))
        if four is not None and four % 100 < 60:
            for m, k in self.meridiem(i + 1):
                out.append((n.Clock(four // 100, four % 100, None, m, True), k))
        word = self.wv(i)
        if word in ("noon", "midday"):
            out.append((n.Clock(12, 0, None, "", True, True), i + 1))
        if word == "mid" and (day := self.seq(self.opt(i + 1, "-"), "day")) is not None:
            out.append((n.Clock(12, 0, None, "", True, True), day))  # "mid-day", "mid day"
        # close of business: 17:00 (COB, EOB, "end of business")
        business = self.seq(i, "close", "of", "business") or self.seq(i, "end", "of", "business")
        if word in ("cob", "eob") or business is not None:
            out.append((n.Clock(17, 0, None, "", True, True), business or i + 1))
        if word == "eod" and i > 0:  # "friday eod": that day's last second, as "eod friday"
            out.append((n.Clock(23, 59, 59, "", True, True), i + 1))
        if four is not None and four % 100 < 60 and self.w(i + 1, "hrs", "hours", "h"):
            out.append((n.Clock(four // 100, four % 100, None, "", True, True), i + 2))  # 1930 hrs
        if word == "half" and not self.w(i + 1, "past", "an", "a", "of", "after"):
            # British "half three", "half 6": half past
            for h, j in self.hour(i + 1):
                if 1 <= h <= 12 and not self.unit_at(j) and not self.w(j, "quarters"):
                    out.append((n.Clock(h, 30, None, "", True), j))
        if word == "midnight" or (word == "mid" and self.w(i + 1, "night")):
            out.append(
                (n.Clock(0, 0, None, "", True, True), i + 1 if word == "midnight" else i + 2)
            )
        if (hour == 12 or word == "twelve") and self.w(i + 1, "noon", "midnight"):
            # "12 noon", "twelve midnight"
            out.append(
                (n.Clock(12 if self.w(i + 1, "noon") else 0, 0, None, "", True, True), i + 2)
            )
        for h, j in self.hour(i):
            if self.w(j, "sharp") and (
                (i > 0 and self.w(i - 1, "at", "by", "@", "until", "till", "from"))
                or j + 1 >= self.size
                or self.t[j + 1].kind == "sym"
            ):  # "at 9 sharp": a clock time, as "9 o'clock" ("5 sharp knives" is a count)
                out.append((n.Clock(h, 0, None, "", True), j + 1))
            oclock = self.seq(j, "o'clock") or self.seq(j, "oclock") or self.seq(j, "o", "clock")
            if oclock is not None and h == 12 and self.w(oclock, "noon", "midnight"):
                # "twelve o'clock noon", "12 o'clock midnight"
                hour_of = 12 if self.w(oclock, "noon") else 0
                out.append((n.Clock(hour_of, 0, None, "", True, True), oclock + 1))
            if oclock is not None:
                out.append((n.Clock(h, 0, None, "", True), oclock))
                out += [(n.Clock(h, 0, None, m, True), k) for m, k in self.meridiem(oclock)]
            if (
                self.wv(i) is not None
            ):  # word clocks: nine thirty, five-thirty, four twenty-three a m
                for minute_, k in self.minute_words(j + 1 if self.sym(j, "-", glued=True) else j):
                    k2 = self.opt(k, "minutes")
                    out.append((n.Clock(h, minute_, None, "", True), k2))
                    out += [(n.Clock(h, minute_, None, m, True), e) for m, e in self.meridiem(k2)]
                out += [(n.Clock(h, 0, None, m, True), k) for m, k in self.meridiem(j)]
        out += self.relative_clock(i)
        # a zone written after the time: 3pm ET, 14:05 GMT, 10:15:00 +0000, 9am (UTC+2)
        for c, j in list(out):
            zone, e = self.zone_at(j)
            if zone:
                out.append((c.replace(zone=zone), e))
        for c, j in list(out):  # "3pm sharp", "noon on the dot": the time itself
            sharp = self.seq(j, "sharp") or self.seq(j, "on", "the", "dot")
            if sharp is not None:
                out.append((c, sharp))
        return out

    def zone_at(self, j: int) -> tuple[str, int]:
        """A zone name or numeric offset at ``j`` (``+0000``, ``-05:00``, ``UTC+2``)."""
        k = j + 1 if self.sym(j, "(") else j
        word = self.wv(k)
        zone, e = "", j
        if word in lx.ZONES:
            zone, e = lx.ZONES[word or ""], k + 1
        start = e if zone else k
        # a "-" glued to a clock time with an hour after it is a range ("18:30-20:30"), not an
        # offset of minus twenty hours
        ranged = not zone and self.sym(start, "-") and self.glued(start)
        if (
            self.sym(start, "+", "-")
            and not ranged
            and ((start == k and not zone) or (zone == "+00:00" and self.glued(start)))
        ):
            sign = self.t[start].value
            digits = self.t[start + 1].value if self.num(start + 1, (1, 2, 4)) is not None else ""
            if len(digits) == 4 and int(digits[2:]) < 60 and int(digits[:2]) <= 14:
                zone, e = f"{sign}{digits[:2]}:{digits[2:]}", start + 2
            elif (
                digits
                and int(digits) <= 14
                and self.sym(start + 2, ":")
                and self.num(start + 3, (2,)) in (0, 30, 45)
            ):
                zone, e = f"{sign}{int(digits):02d}:{self.t[start + 3].value}", start + 4
            elif digits and int(digits) <= 14:
                zone, e = f"{sign}{int(digits):02d}:00", start + 2
        if zone and k != j:
            e = e + 1 if self.sym(e, ")") else j
            if e == j:
                zone = ""
        return zone, e

    @rule
    def hour(self, i: int) -> list[tuple[int, int]]:
        """An hour written alone: ``5``, ``five``, ``twelve``."""
        out = [(v, j) for v, j in self.word_number(i) if 0 <= v <= 12]
        value = self.num(i, (1, 2))
        if value is not None and value <= 24:
            out.append((value, i + 1))
        return out

    @rule
    def minute_words(self, i: int) -> list[tuple[int, int]]:
        out = [(v, j) for v, j in self.word_number(i) if 10 <= v <= 59]
        if self.w(i, "oh", "o") and (
            ones := [(v, j) for v, j in self.word_number(i + 1) if 0 < v < 10]
        ):
            out += ones
        return out

    @rule
    def relative_clock(self, i: int) -> list[tuple[n.Clock, int]]:
        """``half past seven``, ``quarter to 5``, ``20 minutes to 2pm``, ``10 past 9``."""
        out: list[tuple[n.Clock, int]] = []
        amounts: list[tuple[int, int]] = []
        k = self.opt(i, "a")
        if self.w(k, "half"):
            amounts.append((30, k + 1))
        if self.w(k, "quarter"):
            amounts.append((15, k + 1))
        numbers = [(v, j, False) for v, j in self.word_number(i) if 1 <= v <= 59]
        if (v := self.num(i, (1, 2))) is not None and 1 <= v <= 59:
            numbers.append((v, i + 1, True))
        for v, j, digits in numbers:
            m = self.opt(j, "minutes", "minute", "mins", "min")
            if m != j or (v % 5 == 0 and v <= 30):
                # a bare count is said in fives: "ten to six" is 17:50, "nine to five" a range
                # (and "10 to 6" in digits is opening hours: only "10 past 6" is a time)
                bare_digits = digits and m == j
                told = self.w(m + 2, "am", "pm", "a", "p") or self.w(m + 1, "noon", "midnight")
                if not bare_digits or self.w(m, "past", "after") or told:
                    amounts.append((v, m))  # "20 to 2pm", "10 to noon" are told times
        for minutes, j in amounts:
            if not self.w(j, "past", "after", "to", "before", "till", "of"):
                continue
            forward = self.w(j, "past", "after")
            targets = [(c, e) for c, e in self.clock(j + 1) if c.minute == 0]
            targets += [
                (n.Clock(h, 0, None, "", False), e) for h, e in self.hour(j + 1) if 1 <= h <= 24
            ]
            for target, e in targets:
                if forward:
                    out.append(
                        (
                            n.Clock(
                                target.hour,
                                minutes,
                                None,
                                target.meridiem,
                                True,
                                target.zero_padded,
                            ),
                            e,
                        )
                    )
                else:
                    hour = (
                        target.hour - 1
                        if target.hour > 1
                        else (12 if not target.zero_padded else 23)
                    )
                    if target.hour == 0:
                        hour = 23
                    meridiem = target.meridiem
                    if target.hour == 12 and meridiem in ("am", "pm"):
                        # "ten to twelve pm" is 11:50 before noon, "ten to 12am" 23:50
                        meridiem = "pm" if meridiem == "am" else "am"
                    out.append(
                        (
                            n.Clock(hour, 60 - minutes, None, meridiem, True, target.zero_padded),
                            e,
                        )
                    )
        return out

    @rule
    def loose_clock(self, i: int) -> list[tuple[n.Clock, int]]:
        """A clock after ``at`` (or in a range): also ``5``, ``five``, ``6.45``."""
        out = list(self.clock(i))
        hour = self.num(i, (1, 2))
        if (
            hour is not None
            and self.sym(i + 1, ".", glued=True)
            and (minute := self.num(i + 2, (2,))) is not None
        ):
            out.append((n.Clock(hour, minute, None, "", True), i + 3))
        three = self.num(i, (3,))
        if (
            three is not None
            and three % 100 < 60
            and i > 0
            and (self.w(i - 1, "at") or self.sym(i - 1, "@"))
        ):
            # "at 730", "@ 945": a clock time written without its colon
            out.append((n.Clock(three // 100, three % 100, None, "", False), i + 1))
        four = self.num(i, (4,))
        if (
            four is not None
            and self.t[i].value.startswith(("0", "1", "2"))
            and four % 100 < 60
            and four // 100 <= 23
        ) and (self.t[i].value.startswith("0") or not 1900 <= four <= 2100):
            out.append((n.Clock(four // 100, four % 100, None, "", True, True), i + 1))
        out += [
            (n.Clock(h, 0, None, "", False), j)
            for h, j in self.hour(i)
            if h >= 1 or self.num(i) == 0
        ]
        return out

    @rule
    def time(self, i: int) -> R:
        """``T``: a clock time, a clock range, ``from 9 for 2 hours``, ``after 3pm``."""
        out: R = []
        out += list(self.clock(i))
        k = i + 1 if self.sym(i, "@") else self.opt(i, "at")  # "@ 3am", "@3pm" as "at 3am"
        if self.w(i, "around", "about", "circa", "approximately", "roughly") or self.w(
            k, "around", "about"
        ):
            m = k + 1 if self.w(k, "around", "about") else i + 1
            m = self.opt(m, "at")
            out += [(n.Approx(c), j) for c, j in self.loose_clock(m)]
        if k != i:
            out += list(self.loose_clock(k))
        for c, j in self.loose_clock(i):
            if self.w(j, "ish") or (self.sym(j, "-") and self.w(j + 1, "ish")):
                out.append((n.Approx(c), j + (1 if self.w(j, "ish") else 2)))
        # ranges: [from|between] A (to|till|until|-|and) B
        start = i + 1 if self.w(i, "from", "between", "at") else i
        between = self.w(i, "between")
        for a, j in self.loose_clock(start):
            joiners = ("and",) if between else ("to", "till", "until", "til", "through", "thru")
            if (
                self.w(j, *joiners)
                or (self.sym(j, "-", "~") and not self.w(i, "between") and self._dash_joins(j))
                or (between and self.w(j, "to"))
                or (between and self.sym(j, "-"))
            ):
                # "five to midnight", "ten to nine p.m." (20:50): minutes to an hour in words,
                # not a range from ten o'clock ("from ten to nine pm" stays one)
                told = not self.w(i, "from", "between") and (
                    self._minutes_to_named(start, j) or self._minutes_told(start, j)
                )
                for b, e in self.loose_clock(j + 1):
                    if (a.exact or b.exact or start != i) and not told:
                        out.append((n.ClockRange(a, b), e))
            if start != i or a.exact:
                f = j
                if self.w(f, "for"):
                    out += [(n.ClockFor(a, d), e) for d, e in self.duration(f + 1)]
        if self.w(i, "for"):
            for d, j in self.duration(i + 1):
                if self.w(j, "from", "starting", "beginning", "at"):
                    m = self.opt(j + 1, "at")
                    out += [(n.ClockFor(c, d), e) for c, e in self.loose_clock(m)]
        # after 3pm, before 2.30pm, as early as 7:00 am, no later than 6:00, by 2 in the afternoon
        for side, j in self.open_words(i):
            m = self.opt(j, "around", "about")
            for c, e in self.loose_clock(m):
                if self.w(i, "through", "thru") and not (c.exact or c.meridiem):
                    continue  # "got through 3 chapters": a count, not until 3 o'clock
                if c.exact or side != "after" or self.w(i, "later"):
                    base: n.Node = n.Approx(c) if m != j else c
                    out.append((n.Open(side, base), e))
        # later than 9:30 but before 11:00
        if self.w(i, "later", "after") or self.w(i, "from"):
            m = i + 2 if self.w(i, "later") and self.w(i + 1, "than") else i + 1
            for a, j in self.clock(m):
                k2 = self.opt(j, "but", "and")
                if self.w(k2, "before", "until", "till") or (
                    self.w(k2, "earlier") and self.w(k2 + 1, "than")
                ):
                    k3 = k2 + 2 if self.w(k2, "earlier") else k2 + 1
                    # the second bound may be a bare hour: "later than 9:30 but before 11"
                    out += [(n.ClockRange(a, b), e) for b, e in self.loose_clock(k3)]
        for c, j in self.clock(i):  # 3 pm or later
            if self.w(j, "or", "and") and self.w(j + 1, "later", "after"):
                out.append((n.Open("since", c), j + 2))
        return out

    def _ago_follows(self, j: int) -> bool:
        """Whether ``ago`` follows at ``j``, or after ``and`` and an amount: the amounts joined
        up to it count back from now, not the span before them."""
        if self.w(j, "ago"):
            return True
        return self.w(j, "and") and any(self.w(e, "ago") for _, e in self.duration(j + 1))

    def _minutes_told(self, i: int, j: int) -> bool:
        """``ten to nine tonight``, ``twenty to six tomorrow``: minutes to an hour told in
        fives in words, with no ``from`` or ``between`` before them (a range of hours would
        be written ``from ten to nine``)."""
        fives = {"five", "ten", "twenty", "quarter", "twentyfive"}
        told = "".join(self.words[m] or "" for m in range(i, j) if not self.sym(m, "-"))
        opened = i > 0 and self.w(i - 1, "from", "between")
        return self.w(j, "to", "till") and told in fives and not opened

    def _minutes_to_named(self, i: int, j: int) -> bool:
        """``five to midnight``, ``ten till noon``: minutes to a named hour, told in words (a
        range from five o'clock would be written ``from five to midnight``)."""
        return (
            self.wv(i) in lx.NUMBERS
            and j == i + 1
            and self.w(j, "to", "till")
            and self.w(j + 1, "noon", "midnight", "midday")
        )

    def open_words(self, i: int) -> list[tuple[str, int]]:
        """Words that leave one side of a window open, and which side."""
        out: list[tuple[str, int]] = []
        for words, side in _OPEN_WORDS.get(self.wv(i) or "", ()):
            j = self.seq(i, *words)
            if j is not None:
                out.append((side, j))
        return out

    # ------------------------------------------------------------------ parts of the day

    @rule
    def part(self, i: int) -> list[tuple[n.Part, int, n.Node | None]]:
        """``P``: a part of the day, maybe with the day it implies (``tonight``)."""
        out: list[tuple[n.Part, int, n.Node | None]] = []
        k = self.opt(i, "in", "during", "at", "for", "around", "over")
        k = self.opt(k, "the")
        mod = ""
        m = k
        if self.w(k, "early", "late", "mid", "later"):
            mod = {"later": "late"}.get(self.wv(k) or "", self.wv(k) or "")
            m = k + 2 if self.sym(k + 1, "-") and self._part_name(k + 2) else k + 1  # mid-morning
            m = self.opt(m, "in", "on", "at")  # "late in the evening", "late at night"
            m = self.opt(m, "the")
        name = self._part_name(m)
        if name is not None:
            j = self._part_time(m + 1)
            if self.sym(j, "-") and self.w(j + 1, "time"):
                j += 2
            out.append((n.Part(name, mod), j, None))
        if self.words[m + 1] == "hours" and m != i and self.words[m] in ("small", "wee"):
            out.append((n.Part("small hours", mod), m + 2, None))  # "the small hours"
        if self.words[k] == "early" and self.words[k + 1] == "hours":
            out.append((n.Part("small hours"), k + 2, None))  # "in the early hours"
        if (f := self.seq(i, "first", "thing")) is not None:
            # "first thing in the morning", "first thing tomorrow": never alone ("the first
            # thing I saw", "first thing I did")
            if (m_ := self.seq(f, "in", "the", "morning")) is not None:
                out.append((n.Part("first thing"), m_, None))
            elif self.relday(f) or self.weekday_phrase(self.opt(f, "on")):
                out.append((n.Part("first thing"), f, None))
            elif (
                i > 0
                and (self.weekday_at(i - 1) is not None or self.words[i - 1] in _EVE_DAYS)
                and (f >= self.size or self.t[f].kind == "sym")
            ):  # "call them monday first thing." (not "on monday first thing I saw …")
                out.append((n.Part("first thing"), f, None))
        if (
            self.w(k, "early", "late")
            and self.w(k + 1, "in")
            and self.w(k + 2, "the")
            and self.w(k + 3, "day")
        ):
            out.append(
                (
                    n.Part(
                        "daytime" if self.w(k, "early") else "evening",
                        "early" if self.w(k, "early") else "",
                    ),
                    k + 4,
                    None,
                )
            )
        word = self.wv(i)
        if word in ("tonight", "tonite", "tonigh"):
            out.append((n.Part("night"), i + 1, n.RelDay(0)))
        if word in ("this", "that", "same") and (name := self._part_name(i + 1)) is not None:
            day: n.Node = n.RelDay(0) if word == "this" else n.Prev()
            out.append((n.Part(name), i + 2, day))
        mod2 = self.wv(i) if self.w(i, "late", "early") else ""
        j = i + 1 if mod2 else i
        if self.w(j, "last") and self._part_name(j + 1) in ("night", "evening"):
            # last night, last nite, last evening: yesterday's ("last morning" is not said)
            out.append((n.Part(self._part_name(j + 1) or "", mod2 or ""), j + 2, n.RelDay(-1)))
        if mod2 and self.w(j, "this") and (name := self._part_name(j + 1)) is not None:
            out.append((n.Part(name, mod2), j + 2, n.RelDay(0)))  # early this morning
        if mod2 and self.words[j] in ("tonight", "tonite"):
            out.append((n.Part("night", mod2), j + 1, n.RelDay(0)))  # late tonight
        if mod2 and not self.w(j, "this", "last", "in", "the"):
            # early tomorrow (morning), late friday night: early in that day (or in its
            # part), late in it (its evening); "left early on friday" is an adverb and a day
            for d, e in self.day(j):
                if (name := self._part_name(e)) is not None:
                    out.append((n.Part(name, mod2), e + 1, d))
                elif isinstance(d, (n.RelDay, n.Weekday)):
                    whole = n.Part("daytime", "early") if mod2 == "early" else n.Part("evening")
                    out.append((whole, e, d))
        if word in ("overnight",):
            out.append((n.Part("night"), i + 1, None))
        return out

    def _part_name(self, i: int) -> str | None:
        word = self.wv(i)
        if word is None:
            return None
        if word in lx.PARTS and word != "midday":
            return word
        if word in lx.PART_ALIASES and word not in ("am", "pm"):
            return lx.PART_ALIASES[word]
        if word == "night" and self.w(i + 1, "time"):
            return "night"
        if (
            word == "eve"
            and i > 0
            and (self.weekday_at(i - 1) is not None or self.words[i - 1] in _EVE_DAYS)
        ):
            return "evening"  # "thurs eve", "tomorrow eve" ("christmas eve" is a holiday)
        return None

    def _part_time(self, i: int) -> int:
        """Past a part of the day written as two words: ``dinner time``, ``lunch time``."""
        if self.words[i] == "hour" and self.words[i - 1] in ("lunch", "dinner"):
            return i + 1  # "the lunch hour"
        return i + 1 if self.words[i] == "time" and self.words[i - 1] in lx.EVENT_PARTS else i

    # ------------------------------------------------------------------ days

    @rule
    def day(self, i: int) -> R:
        """``D``: anything naming one calendar day."""
        return self.union(i, _DAY)

    @rule
    def relday(self, i: int) -> R:
        out: R = []
        word = self.wv(i)
        for words, days in (
            (("today",), 0),
            (("yesterday",), -1),
            (("yday",), -1),
            (("yest",), -1),
            (("tomorrow",), 1),
            (("tmrw",), 1),
            (("tmr",), 1),
            (("tmw",), 1),
        ):
            if word == words[0] or word == words[0] + "'s":  # "yesterday's meeting"
                out.append((n.RelDay(days), i + 1))
        k = self.opt(i, "the")
        phrases: tuple[tuple[tuple[str, ...], int], ...] = (
            (("day", "before", "yesterday"), -2),
            (("day", "after", "tomorrow"), 2),
            (("day", "after", "tmrw"), 2),
        )
        for phrase, offset in phrases:
            if (j := self.seq(k, *phrase)) is not None:
                out.append((n.RelDay(offset), j))
        if self.w(i, "otd"):
            out.append((n.RelDay(0), i + 1))
        return out

    def weekday_at(self, i: int) -> int | None:
        word = self.wv(i)
        if word is not None and word.endswith("'s"):
            word = word[:-2]  # "Monday's meeting"
        if word is None or word not in lx.WEEKDAYS:
            return None
        if word == "sun" and i > 0 and self.w(i - 1, "the"):
            return None  # "the sun" is the star, not Sunday
        if (
            word in ("sun", "sat", "wed", "mon", "tu", "thu")
            and i + 1 < self.size
            and self.sym(i + 1, ".")
        ):
            return lx.WEEKDAYS[word]
        return lx.WEEKDAYS[word]

    def relation_at(self, i: int) -> tuple[str, int]:
        """A relation word before a month, season or holiday and where the name begins:
        ``last``, ``next``, ``coming`` …, and ``this coming`` / ``this past`` (the first one
        after today / the most recent one before it); ``("", i)`` when there is none."""
        if self.w(i, "this") and self.w(i + 1, "coming", "upcoming"):
            return "coming", i + 2
        if self.w(i, "this") and self.w(i + 1, "past"):
            return "last", i + 2
        word = self.wv(i) or ""
        if word in lx.RELATIONS and word not in ("same", "that", "present", "current"):
            return lx.RELATIONS[word], i + 1
        return "", i

    @rule
    def weekday_phrase(self, i: int) -> R:
        """``monday``, ``last monday``, ``this past wednesday``, ``friday after next``,
        ``3 fridays from now``, ``monday of last week``, ``next week Mon``, ``last week's
        sunday``, ``the following monday``, ``Tuesday, Jan 15``, ``friday the 26th``."""
        out: R = []
        relation = ""
        k = i
        if self.w(i, "this") and self.w(i + 1, "past"):
            relation, k = "this_past", i + 2
        elif self.w(i, "this") and self.w(i + 1, "coming", "upcoming"):
            relation, k = "coming", i + 2
        elif (
            self.w(i, "the")
            and self.w(i + 1, "following", "next")
            and self.weekday_at(i + 2) is not None
        ):
            relation, k = "following", i + 2
        elif (r := lx.RELATIONS.get(self.wv(i) or "")) is not None and self.wv(i) not in (
            "same",
            "that",
            "present",
            "current",
        ):
            relation, k = r, i + 1
        wd = self.weekday_at(k)
        if wd is not None:
            j = k + 1
            if self.sym(j, ".", glued=True) and len(self.wv(k) or "") <= 4:
                j += 1  # "Tue." (not the full stop after "Friday")
            out.append((n.Weekday(wd, relation), j))
            if relation == "" and (gone := self.seq(self.opt(j, "just"), "gone")) is not None:
                out.append((n.Weekday(wd, "last"), gone))  # British: "sunday (just) gone"
            if relation == "" and self.w(j, "after") and self.w(j + 1, "next"):
                out.append((n.Weekday(wd, "after_next"), j + 2))
            if relation == "" and self.w(j, "before") and self.w(j + 1, "last"):
                out.append((n.Weekday(wd, "last", -2), j + 2))
            if relation in ("", "next", "last", "this"):
                # monday of last week, tuesday of next week, on monday of the following week
                m = self.opt(self.opt(self.comma(j), "of", "in", "on"), "the")
                for period, e in self.week_period(m):
                    out.append((n.InPeriod(n.Weekday(wd), period), e))
                # with a date: Tuesday, Jan 15 / friday the 26th / Monday 21 / Friday 7.6
                m = self.comma(j)
                bracket = self.sym(m, "(")
                m = m + 1 if self.sym(m, "-", "(") else m
                dashed = []
                a_, b_ = self.num(m, (1, 2)), self.num(m + 2, (1, 2))
                if (
                    relation == ""  # "next monday 6-8" names hours; "Friday 7-6" a date
                    and a_ is not None
                    and b_ is not None
                    and self.sym(m + 1, "-", glued=True)
                    and self.glued(m + 2)
                ):
                    day_first = self.dayfirst or a_ > 12
                    dashed.append((n.Date(a_, b_) if day_first else n.Date(b_, a_), m + 3))
                for date_node, e in self.calendar_date(m):
                    # "Friday (7/6)" closes its own bracket; in "(Thu 11/03)" it is the note's
                    e2 = e + 1 if bracket and self.sym(e, ")") else e
                    out.append((n.Checked(date_node, wd), e2))
                    if (swapped := self._other_order(m, e, date_node)) is not None:
                        # "Thu 11/03" in a day-first note: the weekday says which order (a
                        # near date only, unless a written year makes the day certain)
                        out.append((n.Checked(swapped, wd, swapped.year is None), e2))
                for date_node, e in dashed:  # "Friday 7-6" a date; "fri 9-5" office hours
                    out.append((n.Checked(date_node, wd, True), e))
                for dn, e in self.day_number(self.opt(m, "the")):
                    clock_follows = (
                        self.sym(e, ":", ".", "-", glued=True)
                        and self.glued(e + 1)
                        and self.num(e + 1) is not None
                    ) or (dn == 12 and self.w(e, "noon", "midnight"))  # "friday 12 noon"
                    # "Sat 12th", "monday 21", "monday the first"; a small word ordinal right
                    # after the weekday is an adverb ("on Monday first I saw…", "Friday second")
                    digits = self.t[m].kind == "num" or dn > 10
                    k = m + 1
                    if (
                        self.w(m, "the")
                        and k < len(self.t)
                        and self.t[k].kind != "num"
                        and not self.ordinal(k)
                    ):
                        # "on Monday, the one by the station": a number word after "the"
                        # is a pronoun's or a thing's, no day of the month (that is "the
                        # first", "the 1st")
                        continue
                    counted = (
                        not self.w(m, "the")
                        and not self.ordinal(m)
                        and (self.wv(e) or "") in lx.MEASURE_WORDS | set(lx.UNITS)
                    )  # "Saturday, 30 km on the bike": an amount, no day of the month
                    if (
                        not clock_follows
                        and not counted
                        and (
                            self.w(m, "the") or (digits and self.ordinal(m)) or self.num(m, (1, 2))
                        )
                    ):
                        out.append((n.Checked(n.Date(dn), wd), e))
        if (
            self.w(i, "the")
            and (wd := self.weekday_at(i + 1)) is not None
            and self.w(i + 2, "after")
            and self.w(i + 3, "next")
        ):
            out.append((n.Weekday(wd, "after_next"), i + 4))
        # in 3 days on Friday, in two weeks on friday: that weekday of that week; two months
        # from today on Tuesday: the first Tuesday on or after that day (a shift in months or
        # years lands on any weekday, and the weekday then says which day after it is meant)
        counted_back: set[int] = set()
        for shifted, j in self.day_shift(i):
            m = self.opt(self.comma(j), "on")
            if (wd := self.weekday_at(m)) is not None:
                coarse = isinstance(shifted, n.Shift) and shifted.dur.finest() in (
                    "month",
                    "quarter",
                    "year",
                    "decade",
                    "century",
                )
                if (
                    m == j
                    and isinstance(shifted, n.Shift)
                    and shifted.sign == -1
                    and shifted.base is None
                    and shifted.dur.finest() == "week"
                    and self.w(j - 1, "ago")
                ):
                    # "a week ago Sunday", "two weeks ago Friday" (no "on"): counted back
                    # from the last such day, not that weekday of the week a week ago
                    out.append((n.Shift(shifted.dur, -1, n.Weekday(wd)), m + 1))
                    counted_back.add(m + 1)
                    continue
                inner = n.Weekday(wd, "on_or_after") if coarse else n.Weekday(wd)
                out.append((n.InPeriod(inner, shifted), m + 1))
        if (wd := self.weekday_at(i)) is not None:
            for shifted, j in self.day_shift(self.comma(i + 1)):
                out.append((n.InPeriod(n.Weekday(wd), shifted), j))
        # next week Mon / next week on Tuesday / last week's sunday / the first week of
        # october on friday / week 31 on monday
        weeks = self.week_period(i)
        for p, j in (
            self.nth_period(i)
            if self.words[i + 1] in ("week", "wk")
            or (self.words[i] in ("week", "wk") or self.words[i + 2] in ("week", "wk"))
            else ()
        ):
            if (isinstance(p, n.Nth) and p.what == "week") or isinstance(p, n.IsoWeek):
                weeks = [*weeks, (p, j)]
        for period, j in weeks:
            m = self.opt(self.comma(j), "on")
            if (wd := self.weekday_at(m)) is not None:
                out.append((n.InPeriod(n.Weekday(wd), period), m + 1))
        # 3 fridays from now, 2 thursdays ago
        for count, j, vague in self.number(i):
            word = self.wv(j)
            if not vague and word in lx.WEEKDAY_PLURALS and count == int(count):
                if self.w(j + 1, "from") and self.w(j + 2, "now", "today"):
                    out.append((n.Weekday(lx.WEEKDAY_PLURALS[word], "", int(count)), j + 3))
                if self.w(j + 1, "ago"):
                    out.append((n.Weekday(lx.WEEKDAY_PLURALS[word], "", -int(count)), j + 2))
        if counted_back:  # "a week ago Sunday" is read one way only
            out = [(x, e) for x, e in out if not (e in counted_back and isinstance(x, n.InPeriod))]
        return out

    @rule
    def week_on(self, i: int) -> R:
        """The British week after a day: ``tuesday week`` and ``a week on tuesday`` (the
        Tuesday after the coming one, today counting as the first), ``a week today``, ``a
        week tomorrow``, ``two weeks today``, ``tomorrow week``; from ``yesterday`` it runs
        back (``a week yesterday`` is eight days ago), as the day it starts from lies behind."""
        out: R = []
        if not any(self.words[k] in _WEEK_WORDS for k in (i + 1, i + 2, i + 3)):
            return out  # every reading has a week, fortnight, month or year in its first words
        wd = self.weekday_at(i)
        day = _WEEK_ON_DAYS.get(self.wv(i) or "")
        if (
            (wd is not None or day is not None)
            and self.w(i + 1, "week", "fortnight")
            and self.num(i + 2) is None
            and not self.w(i + 2, "of", "in", "on", "'s")
        ):
            length = _dur(self.wv(i + 1) or "week", _d(1), False)
            if wd is not None:
                out.append((n.Shift(length, 1, n.Weekday(wd, "soonest")), i + 2))
            elif day is not None:
                out.append((n.Shift(length, -1 if day < 0 else 1, n.RelDay(day)), i + 2))
        for dur, j in self.exact_duration(i):
            if any(g not in ("week", "month", "year") for g, _ in dur.units):
                continue
            k = j + 1 if self.w(j, "on") else j
            if (wd := self.weekday_at(k)) is not None and k != j:
                out.append((n.Shift(dur, 1, n.Weekday(wd, "soonest")), k + 1))
            if self.w(j, "last") and (wd := self.weekday_at(j + 1)) is not None:
                # British "a week last tuesday": a week before last Tuesday
                out.append((n.Shift(dur, -1, n.Weekday(wd, "last")), j + 2))
            day = _WEEK_ON_DAYS.get(self.wv(k) or "")
            if day is not None and k == j:
                out.append((n.Shift(dur, -1 if day < 0 else 1, n.RelDay(day)), k + 1))
        return out

    @rule
    def week_period(self, i: int) -> R:
        """``last week``, ``this week``, ``next week``, ``the following week``, ``last week's``."""
        out: R = []
        k = self.opt(i, "the")
        relation = lx.RELATIONS.get(self.wv(k) or "")
        if relation is not None and self.w(k + 1, "week", "week's"):
            told = _TOLD_FROM_PREVIOUS.get(self.wv(k) or "")
            if told is not None:  # the following week: after the previous expression's
                out.append((n.PeriodFrom("week", told, n.Prev()), k + 2))
            else:
                offset = {"last": -1, "this": 0, "next": 1, "coming": 1}[relation]
                out.append((n.Period("week", offset), k + 2))
        if self.w(k, "week", "week's") and self.w(k + 1, "after") and self.w(k + 2, "next"):
            out.append((n.Period("week", 2), k + 3))
        for words, offset in (
            ((("week", "after", "next"), 2), (("week", "before", "last"), -2))
            if self.words[k] == "week" or self.syms[k] == "-"  # what seq can begin with
            else ()
        ):
            if (j := self.seq(k, *words)) is not None:
                out.append((n.Period("week", offset), j))
        for d, j in self.shift(i):  # Monday two weeks from now
            if isinstance(d, n.Shift) and d.dur.finest() == "week":
                out.append((d, j))
        return out

    @rule
    def calendar_date(self, i: int) -> R:
        """A date as written: numeric in any order and separator, or with a month name."""
        out: R = []
        out += self.numeric_date(i)
        out += self.month_day(i)
        out += self.day_month(i)
        day = self.num(i, (1, 2))
        if day is not None and 1 <= day <= 31 and i == 1 and self.w(0, "on") and self.size == 2:
            out.append((n.Date(day), 2))  # "on 15" as the whole phrase: the 15th
        if (
            day is not None
            and 1 <= day <= 31
            and i + 1 == self.size
            and i >= 2
            and self.w(i - 1, "on")
            and any(
                e == i - 1
                for k in range(max(0, i - 5), i - 1)
                for _, e in (self.loose_clock(k) if self.w(k - 1, "at", "@") else self.clock(k))
            )
        ):
            out.append((n.Date(day), i + 1))  # "8pm on 15", "at seven thirty on 3": its end
        # a weekday after the date: 2026-03-12 Thu (an org date without its brackets), 12
        # March Thursday; in brackets: May/22(Tue), 3 March (Tuesday)
        for node, j in list(out):
            m = self.comma(j)
            if (
                isinstance(node, n.Date)
                and node.month is not None
                and (wd := self.weekday_at(m)) is not None
                and not self.w(m + 1, "of", "in", "after", "before")
            ):
                e = m + 2 if self.sym(m + 1, ".", glued=True) else m + 1
                out.append((n.Checked(node, wd), e))
            if self.sym(j, "(") and (wd := self.weekday_at(j + 1)) is not None:
                e = j + 3 if self.sym(j + 2, ".") and self.sym(j + 3, ")") else j + 2
                if self.sym(e, ")"):
                    out.append((n.Checked(node, wd), e + 1))
        # 18 and 19 June, the 3rd or 4th of May: a day that borrows the month of the next one
        borrowed: set[int] = set()
        for listed, j in self.day_number(self.opt(i, "the")):
            if self.w(j, "and", "or") or self.sym(j, ",", "&"):
                for other, _ in self.day_month(j + 1):
                    if isinstance(other, n.Date) and other.month is not None and listed < other.day:
                        out.append((n.Date(listed, other.month, other.year), j))
                        borrowed.add(j)
        # the 17 (a day of the month after "the"), 2016 10 16 (spaced numbers, year first)
        d = self.num(i + 1, (1, 2)) if self.w(i, "the") else None
        more = self.sym(i + 2, ":", ".", "/", "-", glued=True) or bool(self.meridiem(i + 2))
        if d is not None and 1 <= d <= 31 and not more:
            out.append((n.Date(d), i + 2))
        y4, m2, d2 = self.num(i, (4,)), self.num(i + 1, (1, 2)), self.num(i + 2, (1, 2))
        spaced = not self.glued(i + 1) and not self.glued(i + 2)
        if y4 and m2 and d2 and spaced and 1000 <= y4 <= 2999 and m2 <= 12 and d2 <= 31:
            out.append((n.Date(d2, m2, y4), i + 3))
        if y4 and 1000 <= y4 <= 2999 and self.wv(i + 1) in lx.MONTHS:
            # "2026 sept 3", "2026 September 3rd": the year first, then the month and day ("Since
            # 2019, May 5 has been …" is two times)
            for node, e in self.month_day(i + 1):
                if isinstance(node, n.Date) and node.year is None and node.month is not None:
                    out.append((node.replace(year=y4), e))
        # bare ordinal: the 3rd, 29th, the eleventh
        k = self.opt(i, "the")
        for d, j in self.ordinal(k):
            if d >= 1 and (k != i or self.wv(i) is None):
                out.append((n.Date(d), j))
        # February 19th last year, last year on February 19th, May 5 of next year
        for node, j in self.month_day(i) + self.day_month(i):
            if isinstance(node, n.Date) and node.year is None:
                m = self.opt(self.comma(j), "of", "in")
                for period, e in self.period(m):
                    if isinstance(period, n.Period) and period.grain == "year":
                        out.append((n.InPeriod(node, period), e))
        for period, j in self.period(i):
            if isinstance(period, n.Period) and period.grain == "year":
                m = self.opt(self.comma(j), "on", "in")
                for node, e in self.month_day(m) + self.day_month(m):
                    if isinstance(node, n.Date) and node.year is None:
                        out.append((n.InPeriod(node, period), e))
        # next month's 15th, last month's 3rd: as "the 15th of next month"
        if self.words[i + 1] in ("month's", "mth's"):
            for period, e in self.period(i):
                if isinstance(period, n.Period) and period.grain == "month" and e == i + 2:
                    for d, g in self.ordinal(self.opt(e, "the")):
                        if 1 <= d <= 31:
                            out.append((n.InPeriod(n.Date(d), period), g))
        # this 5/12, next 5/12
        relation = lx.RELATIONS.get(self.wv(i) or "")
        if relation in ("this", "next", "last"):
            for node, j in self.numeric_date(i + 1) + self.month_day(i + 1):
                if isinstance(node, n.Date) and node.year is None:
                    out.append((n.Date(node.day, node.month, None, relation), j))
        if borrowed:  # "the 3rd or 4th of May": the 3rd of May, not the most recent 3rd
            out = [
                (node, j)
                for node, j in out
                if not (j in borrowed and isinstance(node, n.Date) and node.month is None)
            ]
        return out

    def _numeric_parts(self, i: int) -> tuple[list[tuple[int, str]], int]:
        """Digit groups and month names joined by one kind of glued separator."""
        parts: list[tuple[int, str]] = []
        sep = ""
        j = i
        while True:
            tok = self.t[j] if j < self.size else None
            if tok is None:
                break
            if tok.kind == "num" and len(tok.value) <= 4:
                parts.append((int(tok.value), "y" if len(tok.value) == 4 else "n"))
            elif tok.kind == "word" and tok.value.rstrip(".") in lx.MONTHS and parts is not None:
                parts.append((lx.MONTHS[tok.value], "m"))
            else:
                break
            j += 1
            if len(parts) == 3:
                break
            if (
                self.sym(j, "/", "-", ".", glued=True)
                and self.glued(j + 1)
                and (not sep or self.t[j].value == sep)
            ):
                sep = self.t[j].value
                j += 1
            else:
                break
        if parts and j > i and self.t[j - 1].kind == "sym":
            j -= 1
        return parts, j

    @rule
    def numeric_date(self, i: int) -> R:
        """``2026-11-03``, ``11/03/2026``, ``31-Oct-74``, ``10.31.1974``, ``2/2013``, ``Oct/2``,
        ``2019/aug/01``, ``23/Sep/2020``, ``5/3/18``, ``11/20``, ``20161016``."""
        out: R = []
        tok = self.t[i]
        if tok.kind == "num" and len(tok.value) == 8 and not self.sym(i + 1, ":", glued=True):
            v = tok.value
            y, m, d = int(v[:4]), int(v[4:6]), int(v[6:])
            if 1 <= m <= 12 and 1 <= d <= 31 and 1000 <= y <= 2999:
                out.append((n.Date(d, m, y), i + 1))
        parts, j = self._numeric_parts(i)
        if len(parts) < 2 or j == i:
            return out
        seps = {self.t[k].value for k in range(i, j) if self.t[k].kind == "sym"}
        if not seps:
            return out
        sep = seps.pop()
        kinds = "".join(kind for _, kind in parts)
        values = [v for v, _ in parts]
        if (
            self.glued(j)
            and self.t[j].kind in ("num", "word")
            and self.wv(j) not in ("am", "pm", "a", "p", "s")
        ):
            return out  # part of something longer ("3/4ths")
        if self.sym(j, ":", glued=True) and self.num(j + 1) is not None and self.glued(j + 1):
            return out  # "11/20:30": not a date; "2026-11-17: notes" is one
        dates: list[n.Date] = []
        if len(parts) == 3:
            if kinds == "ynn" or kinds == "ymn":
                dates.append(n.Date(values[2], values[1], values[0]))
            elif kinds == "ynm":  # 2020/23/Sep
                dates.append(n.Date(values[1], values[2], values[0]))
            elif kinds in ("nny", "nnn"):
                a, b = values[0], values[1]
                year = values[2] if kinds == "nny" else _two_digit_year(values[2])
                if kinds == "nnn" and len(self.t[j - 1].value) not in (2,):
                    return out
                day_first = self.dayfirst or sep == "." or a > 12
                if b > 12 and a <= 12:
                    day_first = False
                dates.append(n.Date(a, b, year) if day_first else n.Date(b, a, year))
            elif kinds in ("nmy", "nmn"):  # 31-Oct-74, 23/Sep/2020
                year = values[2] if kinds == "nmy" else _two_digit_year(values[2])
                dates.append(n.Date(values[0], values[1], year))
            elif kinds in ("mny",):  # Sep-23-2020
                dates.append(n.Date(values[1], values[0], values[2]))
            elif kinds == "nym":  # 23-2020-September
                dates.append(n.Date(values[0], values[2], values[1]))
        elif len(parts) == 2:
            if kinds == "yn" and sep == "-":  # 2015-3
                out.append((n.Month(values[1], values[0]), j))
            elif kinds == "yn" and sep == "/" and 1 <= values[1] <= 12:
                # 2025/11 as 2025-11; not "2011/12", the school year (its next year's digits)
                if values[1] != (values[0] + 1) % 100:
                    out.append((n.Month(values[1], values[0]), j))
            elif kinds == "ny" and 1 <= values[0] <= 12 and sep in "/-." or kinds == "my":  # 2/2013
                out.append((n.Month(values[0], values[1]), j))
            elif kinds == "mn" and sep in "/-." and 1 <= values[1] <= 31:  # Oct/2
                dates.append(n.Date(values[1], values[0]))
            elif kinds == "nm" and sep in "/-":
                dates.append(n.Date(values[0], values[1]))
            elif kinds == "nn" and sep in "/.":
                a, b = values
                day_first = self.dayfirst or a > 12
                if b > 12:
                    day_first = False
                if sep == "." and not (1 <= a <= 12 or 1 <= b <= 12):
                    return out
                dates.append(n.Date(a, b) if day_first else n.Date(b, a))
        out += [(d, j) for d in dates]
        if len(parts) == 2 and self.sym(j, ","):
            for year, e in self.year(j + 1):  # "08/12, 2015", "08/12,2015": the year after it
                if self.num(j + 1, (4,)) is not None:
                    out += [(d.replace(year=year), e) for d in dates if d.year is None]
        return out

    def _other_order(self, i: int, j: int, node: n.Node) -> n.Date | None:
        """The same numeric date read in the other order, when ``toks[i:j]`` is one written
        with slashes whose first two numbers could each be the month (``11/03``,
        ``04/05/2027``), or with dashes or dots and a year (``3-9-2027``, ``3.9.2027``);
        ``None`` for any other date (``fri 9-5`` stays office hours). Tried after the first
        reading, so a weekday beside it picks the order it agrees with."""
        if not isinstance(node, n.Date) or node.month is None or node.day == node.month:
            return None
        seps = ("/",) if j == i + 3 else ("/", "-", ".")
        if not (self.sym(i + 1, *seps, glued=True) and self.num(i + 2, (1, 2)) is not None):
            return None
        same = self.syms[i + 1] or ""
        if not (j == i + 3 or (j == i + 5 and self.sym(i + 3, same, glued=True))):
            return None
        if self.num(i, (1, 2)) is None or node.day > 12:
            return None
        return n.Date(node.month, node.day, node.year)

    def month_at(self, i: int) -> tuple[int, int] | None:
        """A month name (``Dec.`` and ``Dec`` alike) and the index after it."""
        word = self.wv(i)
        if word is None or word not in lx.MONTHS:
            return None
        j = i + 1
        if self.sym(j, ".", glued=True) and (len(word) <= 4 or self._dotted_day(j + 1)):
            j += 1
        return lx.MONTHS[word], j

    def _dotted_day(self, k: int) -> bool:
        """A day of the month after a full month name and a dot (``October. 2``,
        ``December. 31, 1994``), as recognisers' test suites write it; not a count that opens
        the next sentence (``in October. 2 weeks later``, ``October. 3, maybe 4 boxes``): the
        day ends the text or a year follows it."""
        day = self.num(k, (1, 2))
        after = self.t[k + 1] if k + 1 < self.size else None
        return (
            day is not None
            and 1 <= day <= 31
            and (after is None or (self.sym(k + 1, ",") and self.num(k + 2, (4,)) is not None))
        )

    @rule
    def month_day(self, i: int) -> R:
        """``Nov 3``, ``March 3rd, 2026``, ``march the 28th``, ``May twenty nine``, ``mar4``."""
        out: R = []
        found = self.month_at(i)
        if found is None:
            return out
        month, j = found
        k = self.opt(self.comma(j), "the")
        for d, e in self.day_number(k):
            if (
                self.sym(e, ":", ".", glued=True)
                and self.glued(e + 1)
                and self.num(e + 1) is not None
            ):
                continue  # "may 5.30": a clock, not the 5th
            out.append((n.Date(d, month), e))
            m = self.comma(e)
            m = self.opt(m, "of", "in")
            for y, f in self.year(m):
                out.append((n.Date(d, month, y), f))
            if self.sym(m, "'") and (y2 := self.num(m + 1, (2,))) is not None:
                out.append((n.Date(d, month, _two_digit_year(y2)), m + 2))
            if self.comma(e) != e and (y2 := self.num(m, (2,))) is not None:
                out.append((n.Date(d, month, _two_digit_year(y2)), m + 1))
        return out

    @rule
    def day_month(self, i: int) -> R:
        """``3 November 2026``, ``04th Jan 2019``, ``second of Aug``, ``the 09th of May``,
        ``15 April of 87``, ``fifteen August nineteen hundred ninety three``."""
        out: R = []
        k = self.opt(i, "the")
        for d, j in self.day_number(k):
            m = self.opt(j, "of")
            m = self.opt(m, "day") if False else m
            found = self.month_at(m)
            if found is None:
                continue
            if self.num(k) is not None and self.glued(m) and m == j:
                continue  # 3jan is not written
            month, e = found
            out.append((n.Date(d, month), e))
            f = self.comma(e)
            f = self.opt(f, "of", "in")
            for y, g in self.year(f):
                out.append((n.Date(d, month, y), g))
            if (y2 := self.num(f, (2,))) is not None and (f != e or self._ends_date(f + 1)):
                # "15 April of 87", "3 May, 87"; "31 Oct 74" only where the date ends ("on
                # 3 May 74 people came" counts people)
                out.append((n.Date(d, month, _two_digit_year(y2)), f + 1))
        return out

    def _ends_date(self, i: int) -> bool:
        """Whether a date may end at ``i``: the end of the text, or a stop (``.`` ``;`` ``)``)
        that a digit does not follow."""
        if i >= self.size:
            return True
        return self.sym(i, ".", ";", ")") and self.digits[i + 1] == 0

    @rule
    def holiday(self, i: int) -> R:
        """``christmas``, ``last easter``, ``black friday 2010``, ``mother's day``."""
        out: R = []
        relation, k = self.relation_at(i)
        # this year's easter, last year's christmas, next year's thanksgiving
        for period, after in self.period(i) if self.words[i + 1] in ("year's", "yr's") else ():
            if isinstance(period, n.Period) and period.grain == "year" and after == i + 2:
                for holiday, g in self.holiday(after):
                    if isinstance(holiday, n.Holiday) and not holiday.relation:
                        out.append((n.InPeriod(holiday, period), g))
        first = self.wv(k)
        if first is None:
            return out
        first = first.removesuffix("'s").removesuffix("'")
        if first not in lx.HOLIDAY_FIRST_WORDS and first not in ("st", "the", "festive"):
            return out
        # the holidays, the christmas holidays, the holiday season, the festive season: from
        # Christmas Eve through New Year's Day, approximate (when a school breaks up varies)
        m = self.opt(k, "the")
        m = self.opt(m, "christmas", "xmas")
        seasons = (("holidays",), ("holiday", "season"), ("festive", "season"))
        for season in seasons if self.wv(m) in ("holidays", "holiday", "festive") else ():
            if (e := self.seq(m, *season)) is not None and (m != k or season[0] == "festive"):
                eve = n.Holiday("christmas_eve", None, relation)
                out.append((n.Approx(n.Between(eve, n.Holiday("new_year"), None), False), e))
        start = k
        if first == "the":
            start = k + 1
        words: list[str] = []
        j = start
        for _ in range(lx.HOLIDAY_MAX_WORDS + 1):
            word = self.wv(j)
            if word is None:
                if self.sym(j, ".", "-") and words:  # "st. patrick's", "new year's-eve"
                    j += 1
                    continue
                break
            words.append(word.replace("'s", "").replace("'", "").replace("’", ""))
            j += 1
            key = lx.HOLIDAYS.get(" ".join(words))
            if key is not None:
                out.append((n.Holiday(key, None, relation), j))
                if relation == "" and (
                    self.seq(j, "before", "last") or self.seq(j, "after", "next")
                ):  # "the christmas before last", "easter after next"
                    later = self.w(j, "after")
                    out.append((n.Holiday(key, None, "next" if later else "last", 2), j + 2))
                f = self.comma(j)
                f = self.opt(f, "of", "in")
                for y, g in self.year(f):
                    out.append((n.Holiday(key, y, ""), g))
                if not relation and self.words[f] in lx.RELATIONS:  # christmas last year
                    for period, g in self.period(f):
                        if isinstance(period, n.Period) and period.grain == "year":
                            out.append((n.InPeriod(n.Holiday(key), period), g))
                if self.w(j, "eve") and not key.endswith("_eve"):
                    # "thanksgiving eve", "easter eve": the day before (christmas eve and
                    # new year's eve are names of their own)
                    one_day = _dur("day", _d(1), False)
                    out.append((n.Shift(one_day, -1, n.Holiday(key, None, relation)), j + 1))
        return out

    @rule
    def nth_of(self, i: int) -> R:
        """``the first monday of last month``, ``last friday in october``, ``the 15th day of
        next month``, ``the 20th of next month``, ``first Monday evening of next month``."""
        out: R = []
        k = self.opt(i, "the")
        for nth, j in self.ordinal(k):
            wd = self.weekday_at(j)
            if wd is not None:
                for joiner in (j + 1,):
                    m = joiner
                    parts = self.part(m)
                    targets = [(None, m)] + [(p, e) for p, e, d in parts if d is None]
                    for part, m2 in targets:
                        if not self.w(m2, "of", "in"):
                            continue
                        if part is None and self.w(m2 + 1, "every", "each"):
                            out += self.nth_of_every(nth, wd, m2 + 2)
                        for period, e in self.period_for_nth(m2 + 1):
                            node: n.Node = n.Nth(nth, "weekday", wd, period)
                            if part is not None:
                                node = n.Moment(node, part)
                            out.append((node, e))
            if self.w(j, "day") and self.w(j + 1, "of", "in") and nth > 0:
                for period, e in self.period_for_nth(j + 2):
                    out.append((n.Nth(nth, "day", None, period), e))
            # the last business day of the month, the first working day of next month
            w = j + 1 if self.w(j, "business", "working", "work") and self.w(j + 1, "day") else j
            if (w != j or self.w(j, "weekday")) and self.w(w + 1, "of", "in"):
                for period, e in self.period_for_nth(w + 2):
                    out.append((n.Nth(nth, "workday", None, period), e))
            every_month = self.w(j + 1, "every", "each") and self.w(j + 2, "month")
            if 1 <= nth <= 31 and self.w(j, "of") and every_month:
                out.append((n.Every(n.Date(nth)), j + 3))  # "the 1st of every month"
            if self.w(j, "of", "in") and 1 <= nth <= 31:
                for period, e in self.period_for_nth(j + 1):
                    # the 20th of next month (a plain "the 17th of April" is a calendar date);
                    # "first of next month" drops its "the" when the month is relative
                    relative = isinstance(period, n.Period) and period.grain == "month"
                    moved = isinstance(period, n.Period) and period.offset != 0
                    if (relative and (k != i or moved)) or (
                        k != i and isinstance(period, n.Month) and period.relation
                    ):
                        out.append((n.InPeriod(n.Date(nth), period), e))
            if nth == -1 and k != i and self.w(j, "of") and not self.w(j + 1, "all"):
                for period, e in self.period_for_nth(j + 1):
                    if isinstance(period, (n.Period, n.Month)):
                        # "the last of the month", "the last of june": its last day
                        out.append((n.Nth(-1, "day", None, period), e))
        # next month on the 2nd, this month on the 15th
        month_on = self.words[i] in lx.RELATIONS and self.words[i + 1] == "month"
        for period, j in self.period(i) if month_on else ():
            m = self.opt(self.opt(self.comma(j), "on"), "the")
            if isinstance(period, n.Period) and period.grain == "month" and m != j:
                for nth, e in self.ordinal(m):
                    if 1 <= nth <= 31:
                        out.append((n.InPeriod(n.Date(nth), period), e))
        return out

    def nth_of_every(self, nth: int, weekday: int, i: int) -> R:
        """``the first monday of every month``, ``the last friday of each month``, ``the
        second sunday of every year`` (``i`` at the unit): a recurrence, its most recent
        occurrence this period's or, when that one is still to come, the last period's."""
        grain = "month" if self.w(i, "month") else "year" if self.w(i, "year") else None
        if grain is None:
            return []
        this = n.Nth(nth, "weekday", weekday, n.Period(grain, 0))
        before = n.Nth(nth, "weekday", weekday, n.Period(grain, -1))
        return [(n.Every(this, "", (before,)), i + 1)]

    @rule
    def period_for_nth(self, i: int) -> R:
        """The period an ordinal counts inside: a month, a year, ``last month``, ``2026``."""
        out: R = []
        out += [(p, j) for p, j in self.coarse(i) if not isinstance(p, n.Nth)]
        out += [(n.Period("month"), i + 2)] if self.w(i, "the") and self.w(i + 1, "month") else []
        return out

    @rule
    def day_shift(self, i: int) -> R:
        """Shifts whose result is a day: ``3 days ago``, ``in two weeks``, ``a week before
        black friday``, ``two days after today``, ``4 months from tomorrow``."""
        return [(s, j) for s, j in self.shift(i) if isinstance(s, n.Shift) and not _sub_day(s.dur)]

    @rule
    def anchor_day(self, i: int) -> R:
        """Days told from the previous expression: ``the next day``, ``the day before``,
        ``that day``, ``the same day``, ``the Monday after``."""
        out: R = []
        k = self.opt(i, "the")
        for words, days in (
            (("next", "day"), 1),
            (("following", "day"), 1),
            (("day", "after"), 1),
            (("previous", "day"), -1),
            (("day", "before"), -1),
            (("day", "prior"), -1),
            (("preceding", "day"), -1),
            (("same", "day"), 0),
        ):
            if (j := self.seq(k, *words)) is not None:
                if words[0] == "day" and (k == i or self.w(j, "yesterday", "tomorrow", "tmrw")):
                    continue  # "day after day" is no time; "the day after" is
                if words[1] == "prior" and self.w(j, "to"):
                    continue  # "the day prior to X" is read beside X
                day = n.Shift(_dur("day", _d(days), False), 1, n.Prev()) if days else n.Prev()
                out.append((day, j))
                if words[1] in ("after", "before") and self.w(j, "that", "then"):
                    out.append((day, j + 1))  # "the day after that", "the day before then"
        if self.w(i, "that") and self.w(i + 1, "day"):
            out.append((n.Prev(), i + 2))
        weekday = lx.WEEKDAYS.get(self.wv(k) or "") if k != i else None
        if weekday is not None and self.w(k + 1, "after"):
            # "retro the Monday after": the first Monday after the previous expression
            out.append((n.Weekday(weekday, "following"), k + 2))
            if self.w(k + 2, "that", "then"):  # "the Monday after that"
                out.append((n.Weekday(weekday, "following"), k + 3))
        return out

    # ------------------------------------------------------------------ moments

    @rule
    def moment(self, i: int) -> R:
        """At most one each of day, part and time, in any order, with light connectors."""
        out: R = []
        results: list[tuple[n.Node | None, n.Part | None, n.Node | None, int, bool]] = []
        stack: list[tuple[n.Node | None, n.Part | None, n.Node | None, int, int]] = [
            (None, None, None, i, 0)
        ]
        visited: set[tuple[object, ...]] = set()
        while stack:
            day, part, what, j, count = stack.pop()
            if count:
                state = (day, part, what, j)
                if state in visited:  # reached again in another order ("5pm monday")
                    continue
                visited.add(state)
                results.append((day, part, what, j, False))
            if count == 3:
                continue
            k = j
            if count:
                k = self.comma(k)
                k = self.opt(k, "at", "on", "by")
                k = k + 1 if self.sym(k, "@") else k
                if day is not None and what is None and self.sym(k, "-") and k == j:
                    k += 1  # May/22(Tue)-11:30 AM: a dash before the clock time
                if part is not None and day is None and what is None:
                    k = self.opt(k, "of")
                if not self.allowed[k]:
                    continue  # nothing can follow here (a prose word, the end)
            if day is None:
                for d, e in self.day(k):
                    stack.append((d, part, what, e, count + 1))
                if (count == 0 or k != j) and part is None:
                    for (implied_day, implied_part), e in self.next_part_day(k):
                        stack.append((implied_day, implied_part, what, e, count + 1))
            if part is None:
                # "tea at 4pm, dinner at 8": a meal after a clock time and a comma is the next
                # thing on the list, not the part of the day of that clock time
                listed_meal = what is not None and self.comma(j) != j
                for p, e, implied in self.part(k):
                    if implied is not None and day is not None:
                        continue
                    if listed_meal and self.words[k] in lx.EVENT_PARTS:
                        continue
                    stack.append((implied if implied is not None else day, p, what, e, count + 1))
                for p, e in [] if listed_meal else self.meal(k):
                    stack.append((day, p, what, e, count + 1))
                numbered = isinstance(day, n.Checked) and day.near  # "tues 1-3" + "pm": hours
                if day is not None and count and k == j and what is None and not numbered:
                    for meridiem, e in self.meridiem(j):  # "mon am", "tues a.m.", "fri p.m."
                        name = "morning" if meridiem == "am" else "afternoon"
                        stack.append((day, n.Part(name), what, e, count + 1))
            if what is None:
                for t, e in self.time(k):
                    stack.append((day, part, t, e, count + 1))
                if day is not None and count and self.w(k, "for"):
                    # "October 14 for 8:00:31am", "next Tuesday for 7:30": the time booked
                    # on that day ("Friday for 8 people" is a count)
                    for c, e in self.clock(k + 1):
                        if c.exact:
                            stack.append((day, part, c, e, count + 1))
                if count:
                    connected = k != self.comma(j)  # after "at", "by", "@": a clock time
                    for c, e in self.loose_clock(k):
                        military = c.zero_padded and e == k + 1 and self.t[k].value[:1] == "0"
                        if (
                            (not c.exact and self.part_follows(e))
                            or connected
                            or part is not None
                            or (military and day is not None)  # "tomorrow 0830"
                            or (k == j and self._dotted_clock(day, k, e))
                        ):
                            stack.append((day, part, c, e, count + 1))
                if day is not None or count == 0:  # next Monday 6-8, 6-8 next Monday
                    for a, e in self.loose_clock(k):
                        dash = self.sym(e, "-", "~") and self._dash_joins(e)
                        if not dash and not self.w(e, "to", "till", "until"):
                            continue
                        if self._minutes_to_named(k, e) or self._minutes_told(k, e):
                            continue
                        for b, f in self.loose_clock(e + 1):
                            stack.append((day, part, n.ClockRange(a, b), f, count + 1))
                if count == 0:
                    for c, e in self.loose_clock(k):
                        if not c.exact and self.part_follows(e):
                            stack.append((day, part, c, e, count + 1))
                    if (
                        self.num(k) is not None
                        and self.sym(k + 1, ",")
                        and self.w(k + 2, "tonight")
                    ):
                        hour = self.num(k) or 0
                        stack.append((day, part, n.Clock(hour), k + 1, count + 1))
        for day, part, what, j, _ in results:
            if (
                what is not None
                and isinstance(what, n.Clock)
                and not what.exact
                and part is None
                and day is None
                and not (i == 0 and j == self.size and self.w(i, "at", "@"))
            ):
                continue  # "5" is a count, "at 5" in a note may be an address; alone, a time
            bare_hour = isinstance(what, n.Clock) and not what.exact and part is None
            if bare_hour and not self._was_at(i, j):
                continue  # "5" alone is a count; "at 5", "Sat at 5" are clock times
            bare_range = isinstance(what, n.ClockRange) and not (
                what.first.exact or what.last.exact
            )
            if bare_range and day is None and part is None and not self._hours_in_words(i, j):
                continue  # "6-8" alone is no time; "next Monday 6-8" is
            if part is None and what is None and day is not None:
                out.append((day, j))
            else:
                out.append((n.Moment(day, part, what), j))
                for week, e in self._week_after(day, j):
                    out.append((n.Moment(n.InPeriod(day, week), part, what), e))
        return out

    def _week_after(self, day: n.Node | None, j: int) -> list[tuple[n.Period, int]]:
        """The week a bare weekday told with its part of the day or its time is in, after
        both: ``sunday morning last week``, ``monday evening of next week``, ``friday at 9
        this week`` (as ``sunday last week`` is that week's Sunday)."""
        if not (isinstance(day, n.Weekday) and day.relation == "" and day.count == 0):
            return []
        return [
            (week, e)
            for week, e in self.period(self.opt(j, "of"))
            if isinstance(week, n.Period) and week.grain == "week"
        ]

    def _dotted_clock(self, day: n.Node | None, k: int, e: int) -> bool:
        """``14.30``, ``9.15`` from ``k`` to ``e``: a clock written with a dot, as British
        notes write it, taken right after its day (``friday 14.30``, ``tomorrow 9.15``);
        before one (``rose 14.30 on friday``) or alone it is as likely an amount. After a
        weekday, two numbers that could be a day and a month (``friday 9.10``: 9 October?)
        are not taken for a clock: the date beside its weekday is as likely."""
        if (
            day is None
            or e != k + 3
            or not self.sym(k + 1, ".")
            or not self.t[k + 2].value.isdigit()
        ):
            return False
        if not isinstance(day, (n.Weekday, n.Checked)):
            return True
        a, b = int(self.t[k].value), int(self.t[k + 2].value)
        return not (1 <= a <= 31 and 1 <= b <= 12 or 1 <= a <= 12 and 1 <= b <= 31)

    def _hours_in_words(self, i: int, j: int) -> bool:
        """``from nine to five``, ``between two and four``: a range of hours in words, which
        no count or day of the month is written as (in digits, ``from 9 to 5`` is read by
        :meth:`between`, which weighs hours against days)."""
        k = self.opt(i, "from", "between")
        return k != i and all(self.wv(m) in lx.NUMBERS or m == k + 1 for m in range(k, j))

    def _was_at(self, i: int, j: int) -> bool:
        return any(self.w(k, "at", "@", "around", "about", "by") for k in range(i, j)) or any(
            self.sym(k, ",", "@") for k in range(i, j)
        )

    def part_follows(self, j: int) -> bool:
        """Whether a part of the day introduced as one follows: ``7 in the morning``, ``10
        tonight``, ``9 tomorrow morning`` (not ``one morning``, ``2 morning sessions``)."""
        if self.w(j, "tonight", "tonite"):
            return True
        if self.w(j, "this", "tomorrow", "yesterday", "today"):
            return self._part_name(j + 1) is not None
        if self.w(j, "at") and self._part_name(j + 1) == "night":
            return True  # "11 at night"
        k = self.opt(j, "on")
        if (
            self.weekday_at(k) is not None
            and self._part_name(k + 1) is not None
            and not (self.wv(k + 1) or "").endswith("s")
        ):
            return True  # "7 on sunday morning", "3 friday afternoon" ("5 sunday mornings")
        if not self.w(j, "in"):
            return False
        k = self.opt(self.opt(j + 1, "the"), "early", "late")
        return self._part_name(k) is not None

    @rule
    def meal(self, i: int) -> list[tuple[n.Part, int]]:
        out: list[tuple[n.Part, int]] = []
        k = self.opt(i, "at", "around", "during", "for", "over", "after", "before")
        if k == i and not (i > 0 and self.w(i - 1, *_PART_LEADS)):
            return out  # "birthday dinner": the meal is the event; "tomorrow at lunch" is not
        word = self.wv(k)
        if word in lx.EVENT_PARTS:
            out.append((n.Part(word), self._part_time(k + 1)))
        return out

    @rule
    def next_part_day(self, i: int) -> list[tuple[tuple[n.Node, n.Part], int]]:
        """``the next morning``, ``the following evening``, ``that night``."""
        out: list[tuple[tuple[n.Node, n.Part], int]] = []
        k = self.opt(i, "the")
        if self.w(k, "next", "following") and (name := self._part_name(k + 1)):
            out.append(((n.Shift(_dur("day", _d(1), False), 1, n.Prev()), n.Part(name)), k + 2))
        if self.w(i, "next") and (name := self._part_name(i + 1)) and k == i:
            out.append(((n.RelDay(1), n.Part(name)), i + 2))
        if self.w(k, "previous") and (name := self._part_name(k + 1)):
            out.append(((n.Shift(_dur("day", _d(1), False), -1, n.Prev()), n.Part(name)), k + 2))
        # the morning after the party's date, the night before christmas, the night before
        # last, the evening after next, the morning before (the previous expression's)
        name = self._part_name(k)
        if k == i and not (self.seq(k + 1, "before", "last") or self.seq(k + 1, "after", "next")):
            name = None  # without "the", only "night before last", "evening after next"
        if name is not None and self.w(k + 1, "after", "before"):
            sign = 1 if self.w(k + 1, "after") else -1
            one_day = _dur("day", _d(1), False)
            if self.w(k + 2, "last" if sign < 0 else "next"):
                out.append(((n.RelDay(2 * sign), n.Part(name)), k + 3))
            elif self._ends_clause(k + 2):
                out.append(((n.Shift(one_day, sign, n.Prev()), n.Part(name)), k + 2))
            for base, e in self.atom(k + 2):
                if not isinstance(base, n.Now) and not (
                    isinstance(base, n.Moment) and base.day is None
                ):
                    out.append(((n.Shift(one_day, sign, base), n.Part(name)), e))
        return out

    @rule
    def beside(self, i: int) -> R:
        """``the monday after easter``, ``the friday before the 15th``, ``the day after
        thanksgiving``, ``the day before my birthday``'s date: a day next to an anchor."""
        out: R = []
        k = self.opt(i, "the")
        weekday = self.weekday_at(k)
        is_day = k != i and self.w(k, "day")
        prior = self.seq(k + 1, "prior", "to")  # "the day prior to christmas"
        if (weekday is None and not is_day) or not (self.w(k + 1, "after", "before") or prior):
            return out
        sign = 1 if self.w(k + 1, "after") else -1
        for base, e in self.atom(prior or k + 2):
            if isinstance(base, n.Now) or (isinstance(base, n.Moment) and base.day is None):
                continue  # "Thursday before 5pm" is a time on Thursday, not a day before 5pm
            if is_day:
                out.append((n.Shift(_dur("day", _d(1), False), sign, base), e))
            elif weekday is not None:
                out.append((n.WeekdayFrom(weekday, sign, base), e))
        return out

    @rule
    def beside_period(self, i: int) -> R:
        """``the week after christmas``, ``the weekend before easter``, ``the month after the
        3rd of may``: the period next to the one holding the anchor."""
        out: R = []
        if not self.w(i, "the") or not self.w(i + 1, "week", "weekend", "month", "year"):
            return out
        if not self.w(i + 2, "after", "before", "prior"):
            return out
        grain, sign = self.wv(i + 1) or "week", 1 if self.w(i + 2, "after") else -1
        m = i + 4 if self.seq(i + 2, "prior", "to") else i + 3  # "the week prior (to X)"
        if self._ends_clause(m) and m == i + 3:  # "the week before, we…": next to the one before
            out.append((n.PeriodFrom(grain, sign, n.Prev()), m))
        if m == i + 3 and self.w(m, "that", "then"):  # "the week after that"
            out.append((n.PeriodFrom(grain, sign, n.Prev()), m + 1))
        for base, e in self.atom(m):
            if not isinstance(base, n.Now):
                out.append((n.PeriodFrom(grain, sign, base), e))
        return out

    @rule
    def counted(self, i: int) -> R:
        """``three weekends ago``, ``two summers ago``, ``in two winters``: named periods
        counted back or on from the current one."""
        out: R = []
        if self.w(i, "in"):
            for count, j, vague in self.number(i + 1):
                word = self.wv(j)
                if not vague and count == int(count) and word in lx.SEASON_PLURALS:
                    month = lx.SEASON_PLURALS[word or ""]
                    out.append((n.Season(month, None, "next", int(count)), j + 1))
            return out
        for count, j, vague in self.number(i):
            word = self.wv(j)
            if vague or count != int(count) or word is None:
                continue
            back = self.w(j + 1, "ago", "back")
            ahead = self.seq(j + 1, "from", "now") or (j + 2 if self.w(j + 1, "hence") else None)
            if not back and ahead is None:
                continue
            end = j + 2 if back else ahead or j + 2
            if word in ("weekend", "weekends", "wknd", "wknds", "wkend", "wkends"):
                out.append((n.Period("weekend", int(count) * (-1 if back else 1)), end))
            elif word in lx.SEASON_PLURALS or (word in lx.SEASONS and count == 1):
                month = lx.SEASON_PLURALS.get(word) or lx.SEASONS[word]
                out.append((n.Season(month, None, "last" if back else "next", int(count)), end))
        return out

    @rule
    def near(self, i: int) -> R:
        """``just after midnight``, ``shortly before christmas``, ``right after lunch``,
        ``a little after 5``, ``soon after the 3rd``, ``not long before easter``."""
        out: R = []
        k = i + 1
        if self.seq(i, "a", "little") or self.seq(i, "a", "bit") or self.seq(i, "not", "long"):
            k = i + 2
        elif not self.w(i, "just", "shortly", "right", "soon", "immediately"):
            return out
        if not self.w(k, "after", "before"):
            return out
        side = self.wv(k) or "after"
        for base, e in self.atom(k + 1) + [(p, e) for p, e in self.meal(k + 1)]:
            if not isinstance(base, n.Now):
                out.append((n.Near(side, base), e))
        return out

    # ------------------------------------------------------------------ coarse periods

    @rule
    def coarse(self, i: int) -> R:
        return self.union(i, _COARSE)

    @rule
    def period(self, i: int) -> R:
        """``this week``, ``last month``, ``the following quarter``, ``the week after next``,
        ``this working week``, ``this calendar year``, ``the fortnight``, ``next decade``."""
        out: R = []
        k = self.opt(i, "the")
        word = self.wv(k)
        relation = lx.RELATIONS.get(word or "")
        j = k + 1 if relation is not None else k
        if word == "this" and self.w(k + 1, "past"):
            if self.w(k + 2, "weekend"):  # this past weekend: the one that has begun
                out.append((n.Period("weekend", 0, False, True), k + 3))
                return out
            relation, word, j = "last", "previous", k + 2
        elif word == "this" and self.w(k + 1, "coming", "upcoming"):
            relation, word, j = "coming", "coming", k + 2  # this coming week / weekend
        if relation is None and k == i:
            if self.w(k, "weekend"):
                out.append((n.Period("weekend", 0, False, True), k + 1))
            if self.w(k, "weekend") and (
                (later := self.seq(k + 1, "after", "next")) or self.seq(k + 1, "before", "last")
            ):  # "weekend after next" without "the" ("month before last": :meth:`rest`)
                out.append((n.Period("weekend", 2 if later else -2), k + 3))
            return out
        working = False
        if self.w(j, "working", "work", "business", "calendar", "fiscal"):
            working = self.w(j, "working", "work", "business")
            j += 1
        unit = self.wv(j)
        if unit is None:
            return out
        unit = unit.removesuffix("'s")
        grain = {
            "week": "week",
            "month": "month",
            "quarter": "quarter",
            "year": "year",
            "weekend": "weekend",
            "decade": "decade",
            "century": "century",
            "fortnight": "fortnight",
            "day": "day",
            "wk": "week",
            "yr": "year",
            "qtr": "quarter",
            "mo": "month",
            "mth": "month",
            "mnth": "month",
            "wknd": "weekend",
            "wkend": "weekend",
            "hour": "hour",
            "minute": "minute",
        }.get(unit)
        if grain is None:
            return out
        if grain in ("hour", "minute") and (relation != "this" or working):
            return out  # "this hour", "this minute"; "next hour" is a span from now
        if relation is None:  # the week, the month: the current one
            gone = self._just_gone(j + 1)
            if gone is not None and not working and grain in _GONE:
                # "the weekend just gone", "the month just past": the last one
                out.append((n.Period(grain, -1), gone))
                return out
            if self.w(j + 1, "after") and self.w(j + 2, "next"):
                out.append((n.Period(grain, 2), j + 3))
            elif self.w(j + 1, "before") and self.w(j + 2, "last"):
                out.append((n.Period(grain, -2), j + 3))
            elif grain == "weekend" and not working:
                out.append((n.Period("weekend", 0, False, True), j + 1))  # as a bare weekend
            elif grain in ("week", "month", "year", "fortnight", "day") and not working:
                out.append((n.Period(grain), j + 1))
            return out
        if relation == "last" and word == "past" and grain not in ("weekend", "decade", "century"):
            return out  # "past week" is a span ending now (trailing); "past decade" a decade
        if grain == "day" and relation not in ("next", "last", "this"):
            return out
        if relation == "coming" and grain == "weekend":
            # the first weekend after today, as "coming friday" is the first Friday after it
            out.append((n.PeriodFrom("weekend", 1, n.RelDay(0)), j + 1))
            return out
        told = _TOLD_FROM_PREVIOUS.get(word or "")
        if told is not None and not working and (grain in ("week", "month", "year") or told == 0):
            # "the following month", "that year": next to (holding) the previous expression
            out.append((n.PeriodFrom(grain, told, n.Prev()), j + 1))
            return out
        offset = {"last": -1, "this": 0, "next": 1, "coming": 1}[relation]
        out.append((n.Period(grain, offset, working), j + 1))
        if self.w(j + 1, "after") and self.w(j + 2, "next"):
            out.append((n.Period(grain, 2), j + 3))
        if self.w(j + 1, "before") and self.w(j + 2, "last"):
            out.append((n.Period(grain, -2), j + 3))
        return out

    @rule
    def month_phrase(self, i: int) -> R:
        """``november``, ``last march``, ``march 2026``, ``2017 april``, ``april of 87``,
        ``march of last year``, ``march after next``, ``this September``."""
        out: R = []
        if (m := self.seq(self.opt(i, "the"), "month", "of")) is not None:
            out += self.month_phrase(m)  # "the month of july", "month of march 2020"
        relation, k = self.relation_at(i)
        found = self.month_at(k)
        if found is not None:
            month, j = found
            out.append((n.Month(month, None, relation), j))
            if relation == "" and self.w(j, "after") and self.w(j + 1, "next"):
                out.append((n.Month(month, None, "next", 1), j + 2))
            if relation == "":
                m = self.opt(self.comma(j), "of", "in")
                for y, e in self.year(m):
                    out.append((n.Month(month, y), e))
                if m != j and (y2 := self.num(m, (2,))) is not None and self.w(m - 1, "of"):
                    out.append((n.Month(month, _two_digit_year(y2)), m + 1))
                m2 = self.opt(j, "of")
                for period, e in self.period(m2):
                    if isinstance(period, n.Period) and period.grain == "year":
                        out.append((n.InPeriod(n.Month(month), period), e))
        for y, j in self.year(i):  # 2017 april
            if (found := self.month_at(j)) is not None:
                out.append((n.Month(found[0], y), found[1]))
        return out

    @rule
    def year_phrase(self, i: int) -> R:
        out: R = []
        k = self.opt(i, "the")
        k2 = self.opt(k, "year")
        if k2 != k and self.w(k2, "of") and self.num(k2 + 1, (4,)) is not None:
            k2 += 1  # "the year of 2016"
        for y, j in self.year(k2):
            out.append((n.Year(y), j))
            if (
                self.sym(j, "-", "/", glued=True)
                and (short := self.num(j + 1, (2,))) is not None
                and self.glued(j + 1)
                and (last := _short_year_after(y, short)) is not None
                and (last == y + 1 or self._whole_phrase(i, j + 2))
            ):  # "2019-20", "2024/25": a season or school year; "2011-13": three years
                out.append((n.Between(n.Year(y), n.Year(last)), j + 2))
        if self.w(k, "year") and (y3 := self.num(k + 1, (4,))) is not None:
            out.append((n.Year(y3), k + 2))
        return out

    def _whole_phrase(self, i: int, j: int) -> bool:
        """Whether ``i`` to ``j`` is the whole text, after at most one leading preposition
        (``2011-13``, ``during 2011-13``): read so on the command line, where the text is
        a time; in a note's sentence the same shape is as often a code or a score."""
        return j == self.size and (i == 0 or (i == 1 and self.words[0] in _PHRASE_LEADS))

    @rule
    def quarter(self, i: int) -> R:
        """``q3``, ``Q3 2026``, ``2019-Q1``, ``2019 H2``, ``the first quarter of 2013``."""
        out: R = []
        relation = ""
        k = i
        if (r := lx.RELATIONS.get(self.wv(i) or "")) is not None:
            relation, k = r, i + 1
        for letter, half in (("q", False), ("h", True)):
            if self.w(k, letter) and (q := self.num(k + 1, (1,))) is not None and self.glued(k + 1):
                out.append((n.Quarter(q, None, relation, half), k + 2))
                if self.sym(k + 2, "/", "-"):  # "Q2/2025", "Q2-2025", "H1/2026"
                    for y, e in self.year(k + 3):
                        out.append((n.Quarter(q, y, "", half), e))
                m = self.opt(self.comma(k + 2), "of")
                for y, e in self.year(m):
                    out.append((n.Quarter(q, y, "", half), e))
                if not relation:  # Q4 last year, H1 next year, q2 of this year
                    for period, e in self.period(m):
                        if isinstance(period, n.Period) and period.grain == "year":
                            out.append((n.Nth(q, "half" if half else "quarter", None, period), e))
        for y, j in self.year(i):
            m = j + 1 if self.sym(j, "-", "/") else j  # "2025-Q2", "2025/Q2"
            for letter, half in (("q", False), ("h", True)):
                if (
                    self.w(m, letter)
                    and (q := self.num(m + 1, (1,))) is not None
                    and self.glued(m + 1)
                ):
                    out.append((n.Quarter(q, y, "", half), m + 2))
        k = self.opt(i, "the")
        for nth, j in self.ordinal(k):
            if self.w(j, "quarter", "qtr") and 1 <= nth <= 4:
                out.append((n.Quarter(nth), j + 1))
                m = self.opt(j + 1, "of", "in")
                for y, e in self.year(m):
                    out.append((n.Quarter(nth, y), e))
                for period, e in self.period(m):
                    if isinstance(period, n.Period) and period.grain == "year":
                        out.append((n.Nth(nth, "quarter", None, period), e))
            if self.w(j, "half") and nth in (1, 2):
                m = self.opt(j + 1, "of", "in")
                for y, e in self.year(m):
                    out.append((n.Quarter(nth, y, "", True), e))
        # next year's first quarter
        for period, j in self.period(i):
            if (
                isinstance(period, n.Period)
                and period.grain == "year"
                and self.t[j - 1].value.endswith("'s")
            ):
                for nth, e in self.ordinal(j):
                    if self.w(e, "quarter") and 1 <= nth <= 4:
                        out.append((n.Nth(nth, "quarter", None, period), e + 1))
        return out

    @rule
    def season(self, i: int) -> R:
        out: R = []
        relation, k = self.relation_at(self.opt(i, "the"))
        word = self.wv(k)
        if word in lx.SEASONS:
            month = lx.SEASONS[word]
            out.append((n.Season(month, None, relation), k + 1))
            if relation == "" and (
                self.seq(k + 1, "before", "last") or self.seq(k + 1, "after", "next")
            ):
                later = self.w(k + 1, "after")
                out.append((n.Season(month, None, "next" if later else "last", 2), k + 3))
            m = self.opt(k + 1, "of", "in")
            for y, e in self.year(m):
                out.append((n.Season(month, y), e))
                if month == 12 and (f := self._next_year_after(y, e)) is not None:
                    out.append((n.Season(month, y), f))  # "winter 2020/21": the one they share
            if relation == "" and self.words[m] in lx.RELATIONS:  # summer next year
                for period, e in self.period(m):
                    if isinstance(period, n.Period) and period.grain == "year":
                        out.append((n.InPeriod(n.Season(month), period), e))
        if (y4 := self.num(i, (4,))) is not None and self.wv(i + 1) in lx.SEASONS:
            out.append((n.Season(lx.SEASONS[self.wv(i + 1) or "summer"], y4), i + 2))  # 2016 fall
        # next year's summer, last year's winter
        for period, j in self.period(i) if self.words[i + 1] in ("year's", "yr's") else ():
            if (
                isinstance(period, n.Period)
                and period.grain == "year"
                and (self.wv(j - 1) or "").endswith("'s")
                and (word := self.wv(j)) in lx.SEASONS
            ):
                out.append((n.InPeriod(n.Season(lx.SEASONS[word or "summer"]), period), j + 1))
        return out

    def _next_year_after(self, year: int, i: int) -> int | None:
        """Where ``/21``, ``-21`` or ``/2021`` ends when it names the year after ``year``
        (a winter or a season that spans the new year: ``winter 2020/21``), else ``None``."""
        if not self.sym(i, "/", "-") or self.glued(i + 2) and self.syms[i + 2] in ("/", "-"):
            return None
        second = self.num(i + 1, (2, 4))
        if second is None or year < 100:
            return None
        wanted = year + 1
        if second == wanted or (self.digits[i + 1] == 2 and second == wanted % 100):
            return i + 2
        return None

    @rule
    def decade(self, i: int) -> R:
        """``the 1990s``, ``the 90s``, ``90 s``, ``'90s``, ``nineties``, ``15th century``."""
        out: R = []
        k = self.opt(i, "the")
        k = k + 1 if self.sym(k, "'") else k
        value = self.num(k, (2, 4))
        s_at = k + 2 if self.sym(k + 1, "'") and self.glued(k + 1) else k + 1  # "1990's"
        if value is not None and value % 10 == 0 and self.w(s_at, "s", "'s"):
            if 1000 <= value < 2000 and value % 100 == 0:
                out.append((n.Century(value // 100 + 1), s_at + 1))  # the 1800s: 1800-1899
            elif value >= 1000:
                out.append((n.Decade(value), s_at + 1))
            else:
                out.append((n.Decade(None, value), s_at + 1))
        word = self.wv(k)
        decades = _DECADES
        if word in decades:
            out.append((n.Decade(None, decades[word]), k + 1))
        for high, j in self.word_number(k):
            j = j + 1 if self.sym(j, "-") else j  # "the nineteen-eighties"
            if 10 <= high <= 29 and self.wv(j) in decades:
                out.append((n.Decade(high * 100 + decades[self.wv(j) or ""]), j + 1))
        for nth, j in self.ordinal(k):
            if self.w(j, "century") and nth > 0:
                out.append((n.Century(nth), j + 1))
        if value is not None and self.w(k + 1, "th", "st") and self.w(k + 2, "century"):
            out.append((n.Century(value), k + 3))
        return out

    @rule
    def nth_period(self, i: int) -> R:
        """``the last week of july``, ``first week of Jan 2015``, ``the second week of 2021``,
        ``the 9th month of next year``, ``first ten days of last year``, ``week 31``,
        ``2026-W48``, ``week 3 of 2027``."""
        out: R = []
        k = self.opt(i, "the")
        for nth, j in self.ordinal(k):
            word = self.wv(j)
            word = {"wk": "week", "wknd": "weekend", "mth": "month"}.get(word or "", word)
            if word in ("week", "weekend", "month", "day") and self.w(j + 1, "of", "in"):
                for period, e in self.period_for_nth(j + 2):
                    out.append((n.Nth(nth, word, None, period), e))
            if word in ("half", "quarter") and self.w(j + 1, "of") and nth in (1, 2, 3, 4, -1):
                # the first half of next year, the second quarter of last year
                for period, e in self.period(j + 2) + self.period(self.opt(j + 2, "the")):
                    if isinstance(period, n.Period) and period.grain == "year":
                        out.append((n.Nth(nth, word, None, period), e))
                for period, e in self.year_phrase(j + 2) if word == "quarter" else ():
                    if isinstance(period, n.Year):  # "the last quarter of 2025"
                        out.append((n.Nth(nth, word, None, period), e))
            if word == "half" and self.w(j + 1, "of") and nth in (1, 2, -1):
                # the second half of the month, the first half of june, of next week
                for period, e in self.period_for_nth(j + 2):
                    if not (isinstance(period, n.Period) and period.grain == "year"):
                        out.append((n.Nth(nth, "half", None, period), e))
            for count, m, vague in self.number(j):
                # the first ten days of last year, the last 2 weeks of june, the first three
                # months of 2025 (counted from the start, or back from the end)
                unit = self.wv(m)
                if (
                    count == int(count)
                    and unit in ("days", "weeks", "months")
                    and self.w(m + 1, "of", "in")
                    and nth in (1, -1)
                ):
                    for period, e in self.period_for_nth(m + 2):
                        node: n.Node = n.Nth(nth * int(count), unit, None, period)
                        out.append((n.Approx(node, False) if vague else node, e))
            if self.w(j, "days", "weeks") and self.w(j + 1, "of", "in") and nth in (1, -1):
                # "the last days of june", "the first weeks of the year": a few of them
                few = 3 if self.w(j, "days") else 2
                for period, e in self.period_for_nth(j + 2):
                    node = n.Nth(nth * few, self.wv(j) or "days", None, period)
                    out.append((n.Approx(node, False), e))
        if self.w(k, "latter", "former", "back", "front") and self.w(k + 1, "half"):
            # "the latter half of june", "the back half of the year"
            nth_ = 2 if self.w(k, "latter", "back") else 1
            for period, e in (
                self.period_for_nth(self.opt(k + 2, "of")) if self.w(k + 2, "of") else ()
            ):
                out.append((n.Nth(nth_, "half", None, period), e))
        if (
            i == 0
            and self.t[0].text == "W"
            and self.glued(1)
            and (w := self.num(1, (1, 2))) is not None
        ):
            # "W42" opening the text (a week planner's heading, a whole expression): ISO
            # week 42; further in, "W42" is as likely a room or a part number
            out.append((n.IsoWeek(None, w), 2))
            for y, e in self.year(self.opt(2, "of", "in")):
                out.append((n.IsoWeek(y, w), e))
        if self.w(k, "week", "wk") and (w := self.num(k + 1, (1, 2))) is not None:
            out.append((n.IsoWeek(None, w), k + 2))
            m = self.opt(k + 2, "of", "in")
            for y, e in self.year(m):
                out.append((n.IsoWeek(y, w), e))
        for y, j in self.year(i):
            if (
                self.sym(j, "-", glued=True)
                and self.w(j + 1, "w")
                and (w := self.num(j + 2, (1, 2))) is not None
            ):
                out.append((n.IsoWeek(y, w), j + 3))
        return out

    @rule
    def containing(self, i: int) -> R:
        """``the week of April 10th``, ``the weekend of halloween``, ``labor day weekend``,
        ``the week beginning February 4``, ``the 4th of july weekend``."""
        out: R = []
        first = (self.wv(i) or "").removesuffix("'s").removesuffix("'")  # mother's day weekend
        # a date before "weekend" (the 4th of july weekend, may 5th weekend: a month that is
        # also a holiday's first word is still a month)
        if "weekend" in self.words[i + 1 : i + 6]:
            for d, j in self.calendar_date(i):
                if self.w(j, "weekend") and isinstance(d, n.Date) and d.month is not None:
                    out.append((n.Edge("weekend_of", d), j + 1))
        if first not in _CONTAINING_WORDS:
            return out
        k = self.opt(i, "the")
        if self.w(k, "week", "weekend", "wk", "wknd") and self.w(k + 1, "of"):
            what = {"wk": "week", "wknd": "weekend"}.get(self.wv(k) or "", self.wv(k) or "week")
            for d, e in self.day(k + 2):
                out.append((n.Edge("week_of" if what == "week" else "weekend_of", d), e))
        if self.w(k, "week") and self.w(k + 1, "ending"):  # the week ending friday: 7 days
            for d, e in self.day(self.opt(k + 2, "on")):
                out.append((n.Between(n.Shift(_dur("day", _d(6), False), -1, d), d), e))
        if self.w(k, "week") and self.w(k + 1, "beginning", "commencing", "starting"):
            m = self.opt(k + 2, "on", "from")
            for d, e in self.day(m):
                out.append((n.DurFrom(_dur("week", _d(1), False), d), e))
        for d, j in self.holiday(i):
            if self.w(j, "week"):  # christmas week, thanksgiving week
                out.append((n.Edge("week_of", d), j + 1))
            if self.w(j, "weekend"):
                out.append((n.Edge("weekend_of", d), j + 1))
                if isinstance(d, n.Holiday) and d.year is None and (y := self.num(j + 1, (4,))):
                    out.append((n.Edge("weekend_of", n.Holiday(d.key, y)), j + 2))
            if (
                isinstance(d, n.Holiday)
                and (y := self.num(j, (4,))) is not None
                and self.w(j + 1, "weekend")
            ):
                out.append((n.Edge("weekend_of", n.Holiday(d.key, y)), j + 2))
        return out

    # ------------------------------------------------------------------ relative spans

    @rule
    def now(self, i: int) -> R:
        out: R = []
        k = self.opt(i, "right", "just")
        if self.w(k, "now"):
            out.append((n.Now(), k + 1))
        for words, _ in _NOW_WORDS.get(self.wv(i) or "", ()):
            if (j := self.seq(i, *words)) is not None:
                out.append((n.Now(), j))
        return out

    @rule
    def shift(self, i: int) -> R:
        """``3 days ago``, ``in 2 hours``, ``two weeks from now``, ``30 minutes later``,
        ``a week before black friday``, ``16 days from 01/02/2018``, ``-7d``, ``today+2d``,
        ``a year ago today``, ``this time last year``."""
        out: R = []
        if self.words[i] in _HEDGE_ALONE:
            return out  # "about 5 minutes ago" is read by :meth:`approx`, vague by the amount
        out += self.same_time(i)
        grain = self.unit_at(i)
        if (
            grain in _VAGUE_PLURALS
            and self.words[i] == _VAGUE_PLURALS[grain]
            and self.w(i + 1, "ago")
            and not (i > 0 and (self.t[i - 1].kind == "num" or self.words[i - 1] in _COUNTED))
        ):  # "years ago", "months ago": some of them, as "some years ago" reads
            out.append((n.Shift(_dur(grain, _d(lx.VAGUE_COUNTS["some"]), True), -1), i + 2))
        for dur, j in self.duration(i):
            if self.w(j - 1, "weekend", "weekends", "wknd", "wknds", "wkend", "wkends") and (
                self.w(j, "ago", "back", "hence") or self.seq(j, "from", "now")
            ):
                continue  # "three weekends ago" is a weekend (counted), not six days
            if self.w(j - 1, "night", "nights") and not dur.approx:
                out += [(_night_of(node), e) for node, e in self._shifted(dur, j)]
                continue
            out += self._shifted(dur, j)
        out += self._parts_away(i)
        out += self._shift_ranges(i)
        return out

    def _parts_away(self, i: int) -> R:
        """``three mornings ago``, ``two evenings later``, ``two mornings before christmas``:
        that part of the day on the day so many days away (as ``two nights ago`` is), a
        whole count only (``a few evenings ago`` says no evening)."""
        out: R = []
        for count, j, vague in self.number(i):
            name = self._part_name(j)
            if vague or count != int(count) or name not in _COUNTED_PARTS:
                continue
            if (count == 1) != (self.words[j] == name):
                continue  # "one morning ago", "three mornings ago"; not "two morning ago"
            for node, e in self._shifted(_dur("day", count, False), j + 1):
                if isinstance(node, n.Shift):
                    out.append((n.Moment(node, n.Part(name), None), e))
        return out

    def _shifted(self, dur: n.Dur, j: int) -> R:
        """``dur`` then ``ago``, ``from now``, ``later``, ``before X`` … at ``j``."""
        out: R = []
        if self.w(j, "ago", "back", "before", "earlier", "prior") and not self.w(j + 1, "of", "to"):
            if self.w(j, "ago", "back"):
                out.append((n.Shift(dur, -1), j + 1))
                day = {"today": 0, "yesterday": -1, "tomorrow": 1}.get(self.wv(j + 1) or "")
                if day is not None and not _sub_day(dur):  # a year ago today
                    out.append((n.Shift(dur, -1, n.RelDay(day)), j + 2))
            elif self._ends_clause(j + 1) or self.w(j, "earlier"):
                out.append((n.Shift(dur, -1, n.Prev()), j + 1))  # "a week earlier"
        henceforth = self.w(j + 2, "onwards", "onward") or (
            self.w(j + 2, "on") and self._ends_clause(j + 3)
        )
        if self.w(j, "from") and self.w(j + 1, "now") and not henceforth:
            # "four runs a week from now on": a rate from today on, not a day a week ahead
            out.append((n.Shift(dur, 1), j + 2))
        if self.w(j, "hence"):
            out.append((n.Shift(dur, 1), j + 1))
        adverb = self.w(j, "later", "afterwards", "afterward")
        if (adverb or (self.w(j, "after") and self._ends_clause(j + 1))) and not self.atom(j + 1):
            out.append((n.Shift(dur, 1, n.Prev()), j + 1))  # "two days later"
        if self.words[j] in ("before", "after") and self.words[j + 1] in ("that", "then"):
            # "two weeks before that", "3 days after that": from the expression before
            out.append((n.Shift(dur, -1 if self.w(j, "before") else 1, n.Prev()), j + 2))
        if self.w(j, "before", "after", "from", "prior", "following") or (self.w(j, "since")):
            m = j + 2 if self.w(j, "prior") and self.w(j + 1, "to") else j + 1
            sign = -1 if self.w(j, "before", "prior") else 1
            for base, e in self.atom(m):
                if isinstance(base, n.Now):
                    continue
                if _bare_clock(base) and not _sub_day(dur):
                    continue  # "a quarter after noon" is 12:15, not three months on
                if self.w(j, "from") and isinstance(base, n.Weekday) and base.relation == "":
                    base = n.Weekday(base.weekday, "soonest")  # a week from (the coming) Saturday
                out.append((n.Shift(dur, sign, base), e))
        return out

    def _shift_ranges(self, i: int) -> R:
        """``two to three hours ago``, ``in 3 working days``, ``in 2 weeks`` … from ``i``."""
        out: R = []
        # two to three hours ago, in 2-3 days, an hour or two ago: between the two
        k = i + 1 if self.w(i, "in", "within") else i
        ranged = any(
            self.words[m] in ("to", "or") or self.syms[m] in ("-", "\u2013")
            for m in (k + 1, k + 2, k + 3)
        )
        for low, high, j in self.amount_range(k) if ranged else ():
            if k != i:
                node: n.Node = n.Between(n.Shift(low, 1), n.Shift(high, 1))
                out.append((n.Approx(node, False), j))
            elif self.w(j, "ago", "back"):
                node = n.Between(n.Shift(high, -1), n.Shift(low, -1))
                out.append((n.Approx(node, False), j + 1))
            elif self.seq(j, "from", "now") is not None:
                node = n.Between(n.Shift(low, 1), n.Shift(high, 1))
                out.append((n.Approx(node, False), j + 2))
        # in 3 working days, 2 business days ago, five working days from now, within 3 to 5
        # working days (approximate, between the two), within 3 working days (from today)
        k = i + 1 if self.w(i, "in", "within") else i
        for days, j, vague in self.number(k):
            ends: list[tuple[Decimal, int, Decimal | None]] = [(days, j, None)]
            if k != i and (self.w(j, "to", "or") or self.sym(j, "-", "\u2013")):
                ends += [(top, e, days) for top, e, v in self.number(j + 1) if not v]
            for many, e, fewer in ends:
                m = e + 1 if self.w(e, "business", "working", "work") else e
                if vague or many != int(many) or not self.w(m, "days", "day", "weekdays"):
                    continue
                if m == e and not self.w(m, "weekdays"):
                    continue
                far = n.BusinessDays(int(many), 1, True)
                if fewer is not None and k != i and fewer == int(fewer) and fewer < many:
                    near_ = n.Between(n.BusinessDays(int(fewer), 1, True), far)
                    out.append((n.Approx(near_, False), m + 1))
                elif fewer is None and self.w(i, "within"):
                    out.append((n.Between(n.RelDay(0), far), m + 1))
        k = i + 1 if self.w(i, "in") else i
        for days, j, vague in self.number(k):
            m = j + 1 if self.w(j, "business", "working", "work") else j
            if vague or days != int(days) or not self.w(m, "days", "day", "weekdays"):
                continue
            if m == j and not self.w(m, "weekdays"):
                continue
            if k != i:
                out.append((n.BusinessDays(int(days), 1, True), m + 1))
            elif self.w(m + 1, "ago"):
                out.append((n.BusinessDays(int(days), -1, True), m + 2))
            elif self.seq(m + 1, "from", "now") or self.seq(m + 1, "from", "today"):
                out.append((n.BusinessDays(int(days), 1, True), m + 3))
        if self.w(i, "in", "within") and not self.w(i + 1, "the"):
            for dur, j in self.duration(i + 1):
                if self.w(i, "in"):
                    nights = self.w(j - 1, "night", "nights") and not dur.approx
                    out.append((_night_of(n.Shift(dur, 1)) if nights else n.Shift(dur, 1), j))
                    # in a fortnight's time, in 3 weeks' time; the apostrophe is often dropped
                    possessive = (self.wv(j - 1) or "").endswith(("'", "'s", "s"))
                    if possessive and self.w(j, "time"):
                        out.append((n.Shift(dur, 1), j + 1))
        # compact: -7d, +2w, now-3d, today+2d, -fri
        k = i
        origin: n.Node | None = None
        if self.w(i, "now", "today") and self.sym(i + 1, "+", "-", glued=True):
            origin, k = (None if self.w(i, "now") else n.RelDay(0)), i + 1
        if self.sym(k, "+", "-") and (k == i or self.glued(k)):
            sign = 1 if self.t[k].value == "+" else -1
            count = self.num(k + 1)
            if count is not None and self.glued(k + 1) and self.glued(k + 2):
                letter = self.wv(k + 2)
                grain = {
                    "s": "second",
                    "min": "minute",
                    "h": "hour",
                    "d": "day",
                    "w": "week",
                    "m": "month",
                    "y": "year",
                    "q": "quarter",
                }.get(letter or "")
                if grain is not None:
                    node = n.Shift(_dur(grain, _d(count), False), sign, origin)
                    if origin is None and grain in ("day", "week", "month", "year", "quarter"):
                        node = n.Shift(_dur(grain, _d(count), False), sign, n.RelDay(0))
                    out.append((node, k + 3))
            if count is None and self.glued(k + 1) and (wd := self.weekday_at(k + 1)) is not None:
                out.append((n.Weekday(wd, "last" if sign < 0 else "coming"), k + 2))
        return out

    @rule
    def days_beside(self, i: int) -> R:
        """``the three days before christmas``, ``the two weeks after easter``, ``the first
        ten days after the move``'s date: the span that long next to a day (the day itself
        not included); without ``the`` it is the day that far away (:meth:`shift`)."""
        out: R = []
        if not self.w(i, "the"):
            return out
        for dur, j in self.exact_duration(i + 1):
            if not self.w(j, "before", "after") or dur.finest() not in ("day", "week", "month"):
                continue
            sign = 1 if self.w(j, "after") else -1
            for base, e in self.atom(j + 1):
                if isinstance(base, (n.Holiday, n.Date, n.Weekday, n.RelDay, n.Checked)):
                    out.append((n.SpanBeside(dur, sign, base), e))
        return out

    @rule
    def amount_range(self, i: int) -> list[tuple[n.Dur, n.Dur, int]]:
        """Two amounts of one unit: ``two to three hours``, ``2-3 days``, ``20 or 30
        minutes``, ``an hour or two`` (the smaller first, each one a length)."""
        out: list[tuple[n.Dur, n.Dur, int]] = []
        words, syms = self.words, self.syms
        if not any(
            words[k] in ("to", "or") or syms[k] in ("-", "\u2013") for k in (i + 1, i + 2, i + 3)
        ):
            return out
        for low, j, vague in self.number(i):
            if vague:
                continue
            if self.w(j, "to", "or") or self.sym(j, "-", "–"):
                for high, k, vague2 in self.number(j + 1):
                    grain = self.unit_at(k)
                    if not vague2 and grain is not None and high > low:
                        out.append((_dur(grain, low, False), _dur(grain, high, False), k + 1))
            grain = self.unit_at(j)
            if grain is not None and low == 1 and self.w(j + 1, "or"):
                for high, k, vague2 in self.number(j + 2):  # an hour or two
                    if not vague2 and high > 1 and not self.unit_at(k):
                        out.append((_dur(grain, low, False), _dur(grain, high, False), k))
        return out

    @rule
    def same_time(self, i: int) -> R:
        """``this time last year``, ``same time tomorrow``, ``this time next week``: now moved
        by one unit (a day or a week: the same minute; a month or a year: about that day)."""
        out: R = []
        days = {"yesterday": -1, "yday": -1, "tomorrow": 1, "tmrw": 1}.get(self.wv(i) or "")
        if days is not None:  # yesterday at this time, tomorrow same time
            m = self.opt(i + 1, "at", "around", "about")
            m = self.opt(m, "the")
            if (e := self.seq(m, "this", "time") or self.seq(m, "same", "time")) is not None:
                out.append((n.Shift(_dur("day", _d(1), False), days, n.Now()), e))
        d = self.seq(i, "this", "day")
        if d is None:  # "same day last week", "(the) same day next year": as "this day next year"
            d = self.seq(i, "same", "day")
        if d is not None and self.w(d, "last", "next") and self.w(d + 1, "week", "month", "year"):
            # "this day last year": that date, a unit away
            unit = self.wv(d + 1) or "year"
            moved = n.Shift(_dur(unit, _d(1), False), 1 if self.w(d, "next") else -1, n.RelDay(0))
            out.append((moved, d + 2))
        k = self.seq(i, "this", "time") or self.seq(i, "same", "time")
        if k is None:
            k = self.seq(i, "at", "this", "time") or self.seq(i, "at", "the", "same", "time")
        if k is None:
            return out
        days = {"yesterday": -1, "tomorrow": 1}.get(self.wv(k) or "")
        if days is not None:
            out.append((n.Shift(_dur("day", _d(1), False), days, n.Now()), k + 1))
        if self.w(k, "last", "next") and self.w(k + 1, "week", "month", "year"):
            sign = 1 if self.w(k, "next") else -1
            grain = self.wv(k + 1) or "week"
            if grain == "week":
                out.append((n.Shift(_dur("week", _d(1), False), sign, n.Now()), k + 2))
            else:
                moved = n.Shift(_dur(grain, _d(1), False), sign, n.RelDay(0))
                out.append((n.Approx(moved, False), k + 2))
        return out

    @rule
    def trailing(self, i: int) -> R:
        """``last 3 days``, ``the past week``, ``next 2 weeks``, ``5 upcoming years``,
        ``within 9 months``, ``next hour``, ``over the last 24 hours``, ``for 3 days from today``."""
        out: R = []
        k = self.opt(i, "over", "in", "during", "for", "within")
        k = self.opt(k, "the")
        word = self.wv(k)
        within = self.w(i, "within")
        if within and k == i + 2 and self.w(k, "hour"):
            # "within the hour": from now until an hour from now, as "within the next hour"
            out.append((n.Trailing(_dur("hour", _d(1), False), 0), k + 1))
        # next 4 business days, the last 3 working days, 2 next weekdays
        lead = {"next": 1, "coming": 1, "following": 1, "last": -1, "past": -1, "previous": -1}
        for count, j, vague in self.number(k + 1 if word in lead else k):
            after = j + 1 if word not in lead and self.wv(j) in lead else j
            business = self.w(after, "business", "working", "work") and self.w(
                after + 1, "days", "day"
            )
            weekdays = self.w(after, "weekdays")
            direction = lead.get(word or "") or lead.get(self.wv(j) or "")
            if (business or weekdays) and direction and not vague and count == int(count):
                out.append((n.BusinessDays(int(count), direction), after + (2 if business else 1)))
        sign = {
            "last": -1,
            "past": -1,
            "previous": -1,
            "preceding": -1,
            "prior": -1,
            "next": 1,
            "coming": 1,
            "upcoming": 1,
            "following": 1,
        }.get(word or "")
        unit = self.wv(k + 1)
        if (
            word in ("coming", "recent")
            and unit in ("days", "weeks", "months", "years")
            and (k > i or word == "recent")
        ):
            # "in the coming weeks", "over the coming days", "in recent months": a few of them
            few = _dur(lx.UNITS[unit or "days"], _d(3), True)
            out.append((n.Trailing(few, 1 if word == "coming" else -1), k + 2))
        if sign is not None:
            for dur, j in self.duration(k + 1):
                if dur.approx and not self.w(k + 1, "few", "couple", "several"):
                    continue
                if len(dur.units) > 1 and self._ago_follows(j):
                    continue  # "the last 3 months and 2 weeks and 2 days ago …": two times
                if self.w(j - 1, "decade", "decades") and len(dur.units) == 1:
                    # "the next two decades": whole decades, like quarters
                    dur = n.Dur((("decade", dur.units[0][1] / 10),), dur.approx)
                out.append((n.Trailing(dur, 0 if within and sign > 0 else sign), j))
                if sign > 0 and (self.seq(j, "from", "today") or self.seq(j, "from", "now")):
                    out.append((n.Trailing(dur, 0 if within else sign), j + 2))  # counted on
            unit = self.wv(k + 1)
            grain = lx.UNITS.get(unit or "") if unit in lx.UNIT_WORDS else None
            if grain is not None and (
                grain in ("hour", "minute", "second")
                or (
                    word == "past"
                    and grain in ("week", "month", "year", "day", "fortnight", "quarter")
                )
                or grain == "fortnight"
                and sign < 0
            ):
                out.append((n.Trailing(_dur(grain, _d(1), False), sign), k + 2))
            if grain is not None and self.w(k + 2, "and"):
                # "within the next day and 5 hours": one unit, then finer ones
                for more, e in self.exact_duration(k + 3):
                    if _UNIT_RANK[_coarsest(more)] < _UNIT_RANK[grain] and not self._ago_follows(e):
                        length = _dur(grain, _d(1), False).plus(more)
                        out.append((n.Trailing(length, 0 if within and sign > 0 else sign), e))
        for count, j, vague in self.number(i):
            word2 = self.wv(j)
            sign2 = {
                "past": -1,
                "previous": -1,
                "last": -1,
                "next": 1,
                "upcoming": 1,
                "coming": 1,
                "following": 1,
            }.get(word2 or "")
            plural = (self.wv(j + 1) or "").endswith("s") or count == 1
            if sign2 is not None and plural and (grain := self.unit_at(j + 1)) is not None:
                out.append((n.Trailing(_dur(grain, count, vague), sign2), j + 2))
        if self.w(i, "within"):
            m = self.opt(i + 1, "the")
            m2 = m + 1 if self.w(m, "next") else m
            if self.w(m, "last", "past"):
                pass
            else:
                for dur, j in self.duration(m2):
                    out.append((n.Trailing(dur, 0), j))
                if m2 != m and (grain := self.unit_at(m2)) is not None:
                    out.append((n.Trailing(_dur(grain, _d(1), False), 0), m2 + 1))
        if self.w(i, "for"):
            for dur, j in self.duration(i + 1):
                if self.w(j, "from", "starting"):
                    m = self.opt(j + 1, "from", "on")
                    for base, e in self.atom(m):
                        if not isinstance(base, n.Now):
                            out.append((n.DurFrom(dur, base), e))
        for dur, j in self.duration(i):
            if self.w(j, "starting", "beginning", "commencing"):
                m = self.opt(j + 1, "from", "on", "with")
                for base, e in self.atom(m):
                    if not isinstance(base, n.Now):
                        out.append((n.DurFrom(dur, base), e))
        # a count of weekends is of weekends, not of days ("the past 3 weekends")
        for at, (node, e) in enumerate(out):
            if (
                isinstance(node, n.Trailing)
                and self.words[e - 1] in _WEEKEND_WORDS
                and len(node.dur.units) == 1
                and node.dur.units[0][0] == "day"
            ):
                weekends = n.Dur((("weekend", node.dur.units[0][1] / 2),), node.dur.approx)
                out[at] = (node.replace(dur=weekends), e)
        return out

    @rule
    def between(self, i: int) -> R:
        """``from A to B``, ``between A and B``, ``A - B``, ``Feb 12-15``, ``Nov-Feb 2017``,
        ``between 3 and 12 of Sept``, ``from 4-23 in next month``."""
        out: R = []
        opener = self.wv(i)
        k = i + 1 if opener in ("from", "between") else i
        is_between = opener == "between"
        firsts = self.atom(k) + self.partial(k)
        for a, j in firsts:
            if is_between:
                joins = (
                    [j + 1] if self.w(j, "and") or self.w(j, "to") or self.sym(j, "-", "~") else []
                )
            else:
                joins = []
                dash = self.sym(j, "-", "~", "\u2013") and self._dash_joins(j)
                # "the second to last friday" is an ordinal counted from the end, no range
                from_end = (
                    self.w(j, "to") and self.w(j + 1, "last") and self.words[j - 1] in _ORDINAL_ENDS
                )
                if not from_end and (
                    self.w(j, "to", "till", "until", "til", "through", "thru", "into") or dash
                ):
                    joins.append(j + 1)
                    if (
                        self.w(j, "to")
                        and self.w(j + 1, "the", "about")
                        and isinstance(a, (n.DayNum, n.Date))
                    ):
                        joins.append(j + 2)
            for m in joins:
                present = self.opt(m, "the")
                if self.w(present, "present", "date") and not isinstance(a, (n.DayNum, n.Now)):
                    out.append((n.Between(a, n.Now()), present + 1))  # from 2019 to present
                lasts = self.atom(m) + self.partial(m)
                whole = {e for _, e in lasts}  # where a last side ends by itself
                for b, e in lasts:
                    if self._one_day_clock_range(a, b, m):
                        continue
                    if (
                        not isinstance(a, n.Moment)
                        and isinstance(b, n.Moment)
                        and b.day is None
                        and b.part is None
                        and self.sym(j, "-")
                    ):
                        continue  # May/22(Tue)-11:30 AM: the day at that time, not a range
                    if isinstance(a, n.DayNum) and isinstance(b, n.DayNum) and k == i:
                        # "4-23 in next month", "12-15 of next month": days only with a month
                        f = self.opt(self.opt(self.comma(e), "in", "of"), "the")
                        for tail, g in self.period(f):
                            if isinstance(tail, n.Period) and tail.grain == "month":
                                out.append((n.Between(a, b, tail), g))
                        continue
                    if (
                        isinstance(a, n.DayNum)
                        and isinstance(b, n.DayNum)
                        and self._plain_number(k, j)
                        and self._plain_number(m, e)
                    ):
                        # "from 9 to 5", "between 1 and 3": hours when they run forward in
                        # waking hours; days only when they run forward as days
                        if _waking(a.day) < _waking(b.day) and b.day <= 12:
                            first = n.Clock(a.day, 0, None, "", False)
                            last = n.Clock(b.day, 0, None, "", False)
                            out.append((n.Moment(None, None, n.ClockRange(first, last)), e))
                        if a.day >= b.day:
                            continue
                    if isinstance(a, n.DayNum) and not isinstance(b, (n.Date, n.DayNum)):
                        continue
                    if isinstance(b, n.DayNum) and not isinstance(a, (n.Date, n.DayNum)):
                        continue
                    out.append((n.Between(a, b), e))
                    f = self.comma(e)
                    f = self.opt(f, "in", "of")
                    f2 = self.opt(f, "the")
                    for tail, g in self.month_phrase(f2) + self.year_phrase(f) + self.period(f):
                        if g not in whole:  # "summer 2019 to spring 2020": 2020 is spring's
                            out.append((n.Between(a, b, tail), g))
        if self.w(i, "between") or self.w(i, "from"):
            pass
        return out

    def _plain_number(self, i: int, j: int) -> bool:
        """One bare number from ``i`` to ``j`` (not ``the 3rd``, ``3rd``)."""
        return j == i + 1 and self.t[i].kind == "num"

    def _one_day_clock_range(self, a: n.Node, b: n.Node, m: int) -> bool:
        """``3:00 to 4:00 tomorrow``, ``10am to 12pm Monday``: a clock range on the day named
        after it (the moment rule reads it), not a range from today's 3:00 to tomorrow's 4:00.
        ``from 2pm till tomorrow 4:30pm`` names the day before the end's clock: a range."""
        clock_only = isinstance(a, n.Moment) and a.day is None and a.time is not None
        starts_with_clock = bool(self.clock(m) or self.loose_clock(m))
        return clock_only and isinstance(b, n.Moment) and b.day is not None and starts_with_clock

    def _just_gone(self, j: int) -> int | None:
        """Past ``just gone`` or ``just past`` at ``j`` after a period (``the week just
        gone``); ``just past`` before a noun is a place in time (``the week just past the
        solstice``, after it), so only the end of the phrase or a clause's verb may follow."""
        if (e := self.seq(j, "just", "gone")) is not None:
            return e
        e = self.seq(j, "just", "past")
        if e is None or not (e >= self.size or self.t[e].kind == "sym" or self.w(e, *_AFTER_GONE)):
            return None
        return e

    def _ends_clause(self, j: int) -> bool:
        """Nothing, punctuation or a new clause's subject at ``j``: "a week before, we…",
        "two days after." — not "45 minutes before work" (before an event)."""
        if j >= self.size or self.t[j].kind == "sym":
            return True
        return self.w(j, "i", "we", "you", "he", "she", "it", "they", "that", "the", "and", "but")

    def _dash_joins(self, j: int) -> bool:
        """Whether a dash at ``j`` joins two sides of a range (``2014-2018``, ``Jan-Feb``,
        ``Nov 18-Dec 19``) rather than a compound (``day-after-tomorrow``, ``2019-Q1``)."""
        if not (self.glued(j) and self.glued(j + 1)):
            return True
        left, right = self.t[j - 1], self.t[j + 1]
        names = (lx.MONTHS, lx.WEEKDAYS)
        named_hours = ("noon", "midnight", "midday")
        if left.kind == "word" and right.kind == "word":
            if left.value in ("am", "pm", "m") and right.value in named_hours:
                return True  # "10am-noon"
            return any(left.value in t and right.value in t for t in names)
        if (
            left.kind == "num"
            and right.kind == "num"
            and len(left.value) == 4
            and self.sym(j + 2, "-", glued=True)
            and self.glued(j + 3)
        ):
            return False  # "2026-03-12": a date, not the year 2026 to "03-12"
        if left.kind == "num" and right.kind == "num" and self._dashed_numbers_before(j) == 2:
            return False  # "09-03-2027", "3-9-27": the dash that ends a date, not "9/3 to 2027"
        if left.kind == "num" and right.kind == "word":
            morning = left.value.isdigit() and int(left.value) < 12
            return right.value in lx.MONTHS or (  # "9-noon", "8-midnight" (not "14-noon")
                right.value in named_hours and (morning or right.value == "midnight")
            )
        if left.kind == "word" and right.kind == "num":
            decades = left.value == "s" and self.digits[j - 2] == 4 and len(right.value) == 4
            return (
                left.value in ("am", "pm", "m", "noon", "midday")
                or left.value in lx.ORDINAL_SUFFIXES
                or decades
            )  # "9am-5pm", "noon-3pm", "3rd-5th", "1980s-1990s" (not "10s-20s": seconds)
        return True

    def _dashed_numbers_before(self, j: int) -> int:
        """How many numbers run glued by dashes up to the dash at ``j`` (``09-03`` before
        ``-2027`` is two: the dash after them completes a day-month-year date; after a whole
        ``2019-01-01`` it is three, and the dash is a range's)."""
        count, k = 0, j - 1
        while k >= 0 and self.digits[k] and self.glued(k + 1):
            count += 1
            if k < 1 or not (self.sym(k - 1, "-", glued=True) and self.glued(k)):
                break
            k -= 2
        return count

    @rule
    def partial(self, i: int) -> R:
        """One side of a range that borrows its month from the other: ``15``, ``the 3rd``."""
        out: R = []
        k = self.opt(i, "the")
        value = self.num(k, (1, 2))
        # "15:30", "15.30" are clock times; "Feb 12-15." ends its sentence at the day
        clock = self.sym(k + 1, ":", glued=True) or (
            self.sym(k + 1, ".", glued=True) and self.glued(k + 2)
        )
        if value is not None and 1 <= value <= 31 and not clock:
            out.append((n.DayNum(value), k + 1))
        for d, j in self.ordinal(k):
            if 1 <= d <= 31:
                out.append((n.DayNum(d), j))
        return out

    @rule
    def open(self, i: int) -> R:
        """``before 2018``, ``after the beginning of March``, ``since tomorrow``,
        ``1/1/2016 and later``, ``2018 or later``, ``year 2012 or later``."""
        out: R = []
        for side, j in self.open_words(i):
            k = self.opt(j, "around", "about")
            through = self.w(i, "through", "thru")
            for base, e in self.atom(k) + self.edge(k):
                if through and not _a_day_to_go_through(base):
                    continue  # "through the night", "through 3 chapters": not a bound
                if isinstance(base, n.Now) and side in ("since", "after", "before"):
                    continue  # "until now", "up to now" are read: the past up to now
                if (
                    side == "since"
                    and isinstance(base, n.Moment)
                    and isinstance(base.time, n.ClockFor)
                ):
                    out.append((base, e))  # "starting at noon for three hours": it has an end
                    continue
                out.append((n.Open(side, n.Approx(base) if k != j else base), e))
                dated = not isinstance(base, n.Clock) and not (
                    isinstance(base, n.Moment) and base.day is None
                )  # a clock time's second bound is the clock rule's ("… but before 11 on Thursday")
                m = self.opt(e, "but", "and")
                if dated and side in ("after", "since") and self.w(m, "before"):
                    # "after 2012 but before 2015", "after monday and before friday": both
                    # bounds, as "later than 9:30 but before 11" is for clock times
                    for last, f in self.atom(m + 1):
                        if not isinstance(last, n.Now):
                            out.append((n.Between(n.Open(side, base), n.Open("before", last)), f))
        if (
            i == 0
            and self.words[0] == "from"
            and not any(self.t[k].value in _RANGE_MARKS for k in range(1, self.size))
        ):
            # "from next monday", "from 2019" as a whole phrase: since then (in running text
            # "from" is a source as often: "a letter from Monday"; "from 3 to 4pm" a range)
            for base, e in self.atom(1):
                if e != self.size or isinstance(base, n.Now):
                    continue
                if isinstance(base, n.Moment) and isinstance(base.time, n.ClockFor):
                    out.append((base, e))  # "from 10 am for 3 hours": it has an end
                else:
                    out.append((n.Open("since", base), e))
        # more than 2 weeks before today, less than 3 days after tomorrow
        comparing = self.w(i, "more", "less") and self.w(i + 1, "than")
        over = self.w(i, "over")  # "over a year ago": more than a year ago
        under = self.w(i, "under")  # "under an hour ago": less than an hour ago
        for dur, j in (
            self.duration(i + 2) if comparing else self.duration(i + 1) if over or under else ()
        ):
            if (over or under) and not self.w(j, "ago"):
                continue  # "over a week" is a length, "over the weekend" a period
            # measured from the start of the anchor: "less than 3 days after tomorrow" is the
            # three days from tomorrow's start, "more than 2 weeks after today" from two weeks
            # after today's start on; "ago" and "from now" count from now (from today for days)
            sign = -1 if self.w(j, "before", "ago") else 1 if self.w(j, "after", "from") else 0
            bases: R = self.atom(j + 1) if sign else []
            if self.w(j, "ago") or (self.w(j, "from") and self.w(j + 1, "now")):
                now_base: n.Node = n.RelDay(0) if not _sub_day(dur) else n.Now()
                bases = [(now_base, j + (1 if self.w(j, "ago") else 2))]
            for base, e in bases:
                moved = n.Shift(dur, sign, base)
                if self.w(i, "more", "over"):
                    out.append((n.Open("before" if sign < 0 else "since", moved), e))
                else:
                    out.append((n.DurFrom(dur, base if sign > 0 else moved), e))
        # "in under 10 minutes", "in less than a week", "in no more than 3 days": from now
        # up to that far ahead (as "less than a week from now")
        k = i + 1 if self.w(i, "in", "within") else i
        within = (
            self.w(k, "under") or self.seq(k, "less", "than") or self.seq(k, "no", "more", "than")
        )
        if k != i and within:
            m = k + 1 if self.w(k, "under") else k + 2 if self.w(k, "less") else k + 3
            for dur, j in self.duration(m):
                if not self.w(j, "ago", "from", "after", "before", "later"):
                    start: n.Node = n.RelDay(0) if not _sub_day(dur) else n.Now()
                    out.append((n.DurFrom(dur, start), j))
        for base, j in self.atom(i):
            if (
                self.w(j, "or", "and")
                and self.w(j + 1, "later", "after", "greater", "beyond", "onwards")
                and not (self.w(j + 1, "after") and self.atom(j + 2))  # "… and after 6pm"
            ):
                out.append((n.Open("since", base), j + 2))
            if self.w(j, "or", "and") and self.w(j + 1, "earlier", "before"):
                out.append((n.Open("until", base), j + 2))
            if self.w(j, "onwards", "onward", "on") and not self.w(j, "on"):
                out.append((n.Open("since", base), j + 1))
            # "friday at the latest": by its end; "3pm at the earliest": from it on
            m = self.opt(self.comma(j), "at")
            if self.w(m, "the"):
                m2 = self.opt(m + 1, "very")
                if self.w(m2, "latest"):
                    out.append((n.Open("until", base), m2 + 1))
                elif self.w(m2, "earliest"):
                    out.append((n.Open("since", base), m2 + 1))
        if self.w(i, "from"):  # from now on, from today onwards, from monday onward
            for base, j in self.atom(i + 1):
                if self.w(j, "on", "onwards", "onward") and not self.atom(j + 1):
                    out.append((n.Open("since", base), j + 1))
        if self.seq(i, "so", "far") is not None:  # so far; so far this year
            out.append((n.Open("until", n.Now()), i + 2))
        if self.sym(i, "<", ">") or self.sym(i, "="):
            k = i + 1
            side = {"<": "before", ">": "after", "=": "since"}[self.t[i].value]
            if self.sym(k, "="):
                side = {"before": "until", "after": "since", "since": "since"}[side]
                k += 1
            for base, e in self.year_phrase(k):
                out.append(
                    (n.Open(side, base) if side != "since" or self.t[i].value != "=" else base, e)
                )
        return out

    @rule
    def approx(self, i: int) -> R:
        out: R = []
        k = i
        if self.w(
            i,
            "around",
            "about",
            "approximately",
            "approx",
            "roughly",
            "circa",
            "ca",
            "sometime",
            "somewhere",
            "near",
            "nearly",
            "almost",
        ):
            k = self.opt(i + 1, "around", "about", "in", "on", "at")
            if self.w(i, "ca", "approx") and self.sym(i + 1, ".", glued=True):
                k = i + 2  # "ca. 1990", "approx. 3pm"
        if self.w(i, "on") and self.w(i + 1, "or") and self.w(i + 2, "about", "around"):
            k = i + 3  # "on or about June 3", "on or around the 15th": about that day
        if k != i:
            # "sometime next week" is somewhere inside it; "sometime around 3" is around 3
            inside = self.w(i, "sometime", "somewhere") and not self.w(i + 1, "around", "about")
            for base, e in self.atom(k):
                if isinstance(base, n.Shift) and base.base is None and not inside:
                    # "about 5 minutes ago": vague by the amount, as "a few minutes ago" is
                    out.append((base.replace(dur=base.dur.replace(approx=True)), e))
                    continue
                out.append((n.Approx(base, not inside), e))
        first = self.words[i]
        if (j := self.seq(i, "at", "some", "point")) is not None:
            # "at some point next week": somewhere inside it, as "sometime next week"
            m = self.opt(j, "in", "on", "during")
            if not self.w(m, "ago", "after", "before", "from", "since"):
                for base, e in self.atom(m):
                    out.append((n.Approx(base, False), e))
        if (first in ("some", "any") and self.words[i + 1] == "time") or first == "anytime":
            # "some time in june", "any time next week": somewhere inside it
            m = self.opt(i + (1 if self.w(i, "anytime") else 2), "in", "on", "during")
            if not self.w(m, "ago", "after", "before", "from", "since"):
                for base, e in self.atom(m):
                    out.append((n.Approx(base, False), e))
        for base, j in self.atom(i):
            if self.w(j, "ish") or (self.sym(j, "-") and self.w(j + 1, "ish")):
                out.append((n.Approx(base), j + (1 if self.w(j, "ish") else 2)))
            if self.w(j, "or") and self.w(j + 1, "so", "thereabouts"):
                out.append((n.Approx(base), j + 2))
            m = self.comma(j)
            if self.seq(m, "give", "or", "take") is not None:  # "3pm give or take"
                out.append((n.Approx(base), m + 3))
            if (
                m != j
                and self.w(m, "roughly", "approximately", "approx", "about")
                and (m + 1 >= self.size or self.t[m + 1].kind == "sym")
            ):
                out.append((n.Approx(base), m + 1))  # "june 3rd, roughly." ("roughly speaking")
        if self.seq(i, "close", "to") is not None:  # "close to midnight", "close to june"
            for base, e in self.atom(i + 2):
                out.append((n.Approx(base), e))
        return out

    @rule
    def edge(self, i: int) -> R:
        """``the beginning of next month``, ``end of the week``, ``mid May``, ``early March``,
        ``late last year``, ``eod``, ``the eom``."""
        out: R = []
        if self.w(i, "halfway") and self.w(i + 1, "through", "into"):
            # "halfway through the month", "halfway through next week": its middle, as
            # "the middle of" reads it
            m = self.opt(i + 2, "the")
            if self.wv(m) in ("day", "week", "month", "quarter", "year") and not self.atom(m):
                out.append((n.Edge("mid", n.Period(self.wv(m) or "day")), m + 1))
            out += [(n.Edge("mid", base), e) for base, e in self.coarse(i + 2)]
            return out
        k = self.opt(i, "towards", "toward")  # "towards the end of the month": approximate
        k = self.opt(k, "the")
        k = self.opt(k, "very", "tail")  # "the tail end of last year"
        if self.w(k - 1, "tail") and not self.w(k, "end"):
            return out
        word = self.wv(k)
        which = {
            "beginning": "start",
            "start": "start",
            "middle": "mid",
            "end": "end",
            "close": "end",
        }.get(word or "")
        if k != i and self.w(k + 1, "part") and self.w(k + 2, "of"):
            # "the early part of next month", "the latter part of the week", "the first part
            # of may": as "the beginning / middle / end of" (a part is no half: "the latter
            # half" is one); "the mid of the month" as "the middle of"
            which = _PART_EDGES.get(word or "")
            k += 1
        elif word == "mid" and k != i:
            which = "mid"
        if self.w(k, "turn") and self.w(k + 1, "of") and k != i:
            # "the turn of the year": the days either side of the most recent new year
            # (of the month: either side of the 1st), approximate
            m = self.opt(k + 2, "the")
            if (grain := self.wv(m)) in ("year", "month"):
                last = n.Nth(-1, "day", None, n.Period(grain or "year", -1))
                first = n.Nth(1, "day", None, n.Period(grain or "year", 0))
                out.append((n.Approx(n.Between(last, first)), m + 1))
        if k != i and which is None:
            return out
        if which is not None and self.w(k + 1, "of"):
            m = self.opt(k + 2, "the")
            if self.wv(m) in ("day", "week", "month", "quarter", "year") and not self.atom(m):
                out.append((n.Edge(which, n.Period(self.wv(m) or "day")), m + 1))
            else:
                if self.wv(m) in ("day", "week", "month", "quarter", "year"):
                    out.append((n.Edge(which, n.Period(self.wv(m) or "day")), m + 1))
                for base, e in self.atom(k + 2) + self.atom(m):
                    out.append((n.Edge(which, base), e))
        if (unit := _MID_UNITS.get(word or "")) is not None and k == i:
            # "midweek", "midyear": the middle of the current one (Tuesday to Thursday …)
            out.append((n.Edge("mid", n.Period(unit)), i + 1))
        if self.w(i, "mid"):
            m = i + 2 if self.sym(i + 1, "-") else i + 1
            if self.w(m, "week", "month", "year") and not self.w(m + 1, "of"):
                # "mid-week", "mid month", "mid-year" (not "mid month of june")
                out.append((n.Edge("mid", n.Period(self.wv(m) or "week")), m + 1))
        if self.w(i, "early", "mid", "late", "middle") or (
            self.w(i, "mid") and self.sym(i + 1, "-")
        ):
            which2 = {"early": "start", "mid": "mid", "middle": "mid", "late": "end"}[
                self.wv(i) or "mid"
            ]
            m = i + 2 if self.sym(i + 1, "-") else i + 1
            for base, e in self.coarse(m) + self.day(m):
                if isinstance(
                    base,
                    (n.Month, n.Year, n.Period, n.Season, n.Decade, n.Quarter, n.Century, n.Period),
                ):
                    out.append((n.Edge(which2, base), e))
        if (
            self.w(i, "early", "late", "mid")
            and self.seq(i + 1, "in", "the")
            and self.w(i + 3, "week", "month", "year")
        ):  # late in the month, early in the year: a part of the current one
            which3 = {"early": "start", "mid": "mid", "late": "end"}[self.wv(i) or "mid"]
            out.append((n.Edge(which3, n.Period(self.wv(i + 3) or "month")), i + 4))
        if self.w(i, "early", "late") and self.w(i + 1, "in"):
            # late in 2024, early in march, late in the summer: as "late 2024"
            which4 = "start" if self.w(i, "early") else "end"
            m = self.opt(i + 2, "the")
            for base, e in self.coarse(m):
                if isinstance(base, (n.Month, n.Year, n.Season, n.Decade, n.Quarter)):
                    out.append((n.Edge(which4, base), e))
        if word in ("month", "quarter", "year") and k == self.opt(i, "the"):
            # "month end", "year-end", "the quarter end": as "the end of the month"
            e = k + 2 if self.sym(k + 1, "-") else k + 1
            if self.w(e, "end"):
                out.append((n.Edge("end", n.Period(word or "month")), e + 1))
        if word in lx.ANCHORS:
            edge, grain = lx.ANCHORS[word]
            out.append((n.Edge("start" if edge == "s" else "end", n.Period(grain), True), k + 1))
            if grain == "day":  # EOD friday, eod tomorrow: the end of that day
                for d, e in self.day(self.opt(k + 1, "on")):
                    out.append((n.Edge("start" if edge == "s" else "end", d, True), e))
        if which == "end" and self.w(k + 1, "of") and self.w(m := self.opt(k + 2, "the"), "day"):
            # "end of day tomorrow", "the end of the day friday" (not across a comma: "at the
            # end of the day, monday was fine" is the idiom)
            after = self.comma(m + 1) if m == k + 2 else m + 1
            for d, e in self.day(self.opt(after, "on")):
                out.append((n.Edge("end", d, True), e))
        return out

    @rule
    def rest(self, i: int) -> R:
        """``rest of the week``, ``earlier this month``, ``later today``, ``year to date``."""
        out: R = []
        k = self.opt(i, "the", "for")
        k = self.opt(k, "the")
        if self.w(k, "rest", "remainder", "balance") and self.w(k + 1, "of"):
            for base, e in self.coarse(k + 2) + self.day(k + 2) + self.moment(k + 2):
                out.append((n.Rest("rest", base), e))
            m = self.opt(k + 2, "the")
            if self.wv(m) in ("day", "week", "month", "year", "quarter"):
                out.append((n.Rest("rest", n.Period(self.wv(m) or "day")), m + 1))
        if self.w(i, "all", "whole", "entire") or self.w(k, "whole", "entire"):
            m = self.opt(i + 1, "the") if self.w(i, "all") else k + 1
            if self.wv(m) in ("day", "week", "month", "year") and not self.w(m + 1, "long"):
                out.append((n.Period(self.wv(m) or "day"), m + 1))
                if self.w(m, "day"):  # "all day tomorrow", "the whole day on friday"
                    for day, e in self.day(self.opt(m + 1, "on")):
                        out.append((day, e))
            name = self._part_name(m)
            if name is not None and not (self.wv(m) or "").endswith("s"):
                # "all morning (long)", "the whole evening", "all night on friday": that part
                f = self.opt(m + 1, "long")
                out.append((n.Moment(None, n.Part(name), None), f))
                for day, e in self.day(self.opt(f, "on")):
                    out.append((n.Moment(day, n.Part(name), None), e))
            if self.w(m, "of"):  # "the whole of next week", "all of 2025": the period itself
                for base, e in self.coarse(m + 1) + self.day(m + 1):
                    out.append((base, e))
        if self.w(i, "earlier", "later"):
            side = self.wv(i) or "later"
            m = self.opt(i + 1, "in", "on")
            m2 = self.opt(m, "the")
            for base, e in self.coarse(m) + self.day(m) + self.moment(m):
                out.append((n.Rest(side, base), e))
            if m2 != m and self.wv(m2) in ("day", "week", "month", "year"):
                out.append((n.Rest(side, n.Period(self.wv(m2) or "day")), m2 + 1))
        if self.w(i, "week", "month", "year") and (
            (later := self.seq(i + 1, "after", "next")) or self.seq(i + 1, "before", "last")
        ):  # "month before last", "year after next" without "the"
            out.append((n.Period(self.wv(i) or "month", 2 if later else -2), i + 3))
        for words, grain in (
            (("year", "to", "date"), "year"),
            (("ytd",), "year"),
            (("month", "to", "date"), "month"),
            (("mtd",), "month"),
            (("week", "to", "date"), "week"),
            (("quarter", "to", "date"), "quarter"),
            (("qtd",), "quarter"),
        ):
            if (j := self.seq(i, *words)) is not None:
                out.append((n.Rest("todate", n.Period(grain)), j))
        if (j := self.seq(i, "to", "date")) is not None:  # "raised $5k to date": up to now
            out.append((n.Open("until", n.Now()), j))
        far = self.seq(i, "so", "far")
        if (
            far is not None
            and self.w(far, "this")
            and self.w(far + 1, "day", "week", "month", "year")
        ):
            unit = self.wv(far + 1) or "year"
            out.append((n.Rest("todate", n.Period(unit)), far + 2))  # so far this year
        if far is not None and self.w(far, "today"):
            out.append((n.Rest("todate", n.Period("day")), far + 1))
        m = self.opt(i, "this")
        if self.w(m, "week", "month", "quarter", "year") and self.seq(m + 1, "so", "far"):
            # "this year so far", "the month so far": as "so far this year"
            out.append((n.Rest("todate", n.Period(self.wv(m) or "year")), m + 3))
        return out

    @rule
    def every(self, i: int) -> R:
        """``every monday``, ``each morning``, ``daily``, ``on mondays``, ``every other week``."""
        out: R = []
        joined = False  # several weekdays joined into one recurrence (``tuesdays and fridays``)
        word = self.wv(i)
        units = {
            "daily": "day",
            "weekly": "week",
            "monthly": "month",
            "yearly": "year",
            "annually": "year",
            "hourly": "hour",
            "nightly": "day",
            "quarterly": "quarter",
            "fortnightly": "fortnight",
            "biweekly": "fortnight",  # every two weeks (as calendars use it)
        }
        if word in units:
            out.append((n.Every(None, units[word]), i + 1))
            if self.w(i + 1, "on") and word in ("weekly", "fortnightly"):
                # "weekly on thursdays", "fortnightly on a monday"
                k = self.opt(i + 2, "a")
                wd = lx.WEEKDAY_PLURALS.get(self.wv(k) or "", self.weekday_at(k))
                if wd is not None:
                    out.append((n.Every(n.Weekday(wd)), k + 1))
        # "once a year", "twice a week", "3 times a day": a recurrence of that unit (not
        # "twice a week ago": called twice, a week ago)
        starts = [i + 1] if word in ("once", "twice", "thrice") else []
        if word in ("once", "twice", "thrice") and self.wv(i + 1) in units:
            out.append((n.Every(None, units[self.wv(i + 1) or ""]), i + 2))  # "twice yearly"
        if word == "once" and self.w(i + 1, "every", "each"):
            # "once every two weeks", "once every 3 days": a recurrence of that unit
            for _count, j, vague in self.number(i + 2):
                if (grain := self.unit_at(j)) is not None and not vague:
                    out.append((n.Every(None, grain), j + 1))
        starts += [j + 1 for _, j, vague in self.number(i) if self.w(j, "times") and not vague]
        for k in starts:
            grain = self.unit_at(k + 1) if self.w(k, "a", "per", "every", "each") else None
            if grain is not None and not self.w(k + 2, "ago", "back", "later", "earlier"):
                out.append((n.Every(None, grain), k + 2))
        if word in ("every", "each"):
            k = self.opt(i + 1, "other", "single")
            starts = [k]
            if self.w(i + 1, "second", "third", "fourth"):
                starts.append(i + 2)  # "every second tuesday": which of them is not said
            for k in starts:
                for base, e in self.moment(k) + self.coarse(k):
                    out.append((n.Every(base), e))
                    if type(base) is n.Weekday and not base.relation:
                        # "every tuesday and thursday", "each mon, wed and fri"
                        for days, f in self.more_weekdays(e, plural=False):
                            out.append((n.Every(base, "days", days), f))
                            joined = True
                if (grain := self.unit_at(k)) is not None:
                    out.append((n.Every(None, grain), k + 1))
                if (
                    self.w(k, "weekday")
                    or self.seq(k, "working", "day")
                    or self.seq(k, "business", "day")
                ):
                    # "every weekday", "each working day": Monday to Friday
                    e = k + (1 if self.w(k, "weekday") else 2)
                    out.append((n.Every(None, "weekday"), e))
                    if (name := self._part_name(e)) is not None:  # "each weekday morning"
                        working_day = n.Every(None, "weekday")
                        out.append((n.Every(n.Moment(working_day, n.Part(name))), e + 1))
                for count, j, _ in self.number(k):
                    if (grain := self.unit_at(j)) is not None:
                        out.append((n.Every(None, grain), j + 1))
        # "daily at 9am", "every day at 7:30", "each weekday at 8", "every monday, 4pm"; and
        # the time first: "4pm every monday", "at 9 every morning"
        if word == "monthly" or (word in ("every", "each") and self.w(i + 1, "month")):
            # "monthly on the 1st", "every month on the 15th": that day of each month
            k = self.opt(i + (1 if word == "monthly" else 2), "on")
            if k != i + (1 if word == "monthly" else 2):
                for d, e in self.calendar_date(k):
                    if isinstance(d, n.Date) and d.month is None and d.year is None:
                        out.append((n.Every(d), e))
        if word in ("yearly", "annually") or (word in ("every", "each") and self.w(i + 1, "year")):
            # "every year on 1 May", "annually on June 3rd": that date of each year
            k = i + (1 if word in ("yearly", "annually") else 2)
            if self.w(k, "on"):
                for d, e in self.calendar_date(k + 1):
                    if isinstance(d, n.Date) and d.month is not None and d.year is None:
                        out.append((n.Every(d), e))
        if word == "nightly":  # "nightly at 10": at night
            out.append((n.Every(n.Moment(None, n.Part("night"))), i + 1))
        for node, e in list(out):
            if word == "nightly" and isinstance(node, n.Every) and node.base is None:
                continue  # its night reading takes the time
            k = self.opt(self.comma(e), "at", "@")
            for t, f in self.time(k) + (self.loose_clock(k) if k != self.comma(e) else []):
                if (timed := _every_at(node, t)) is not None:
                    out.append((timed, f))
        for t, e in self.time(i):
            if not isinstance(t, (n.Clock, n.ClockRange)) or not (
                self.w(e, "every", "each", "daily", "nightly")
            ):
                continue
            for node, f in self.every(e):
                if (timed := _every_at(node, t)) is not None:
                    out.append((timed, f))
        k = self.opt(i, "on")
        if self.w(k, "weekdays", "weekends") and (k != i or i + 1 == self.size):
            # "on weekdays", "on weekends"; alone as the whole phrase ("weekends" in a note is
            # as often a topic)
            out.append((n.Every(None, "weekday" if self.w(k, "weekdays") else "weekend"), k + 1))
        if self.w(k, "weekday", "weekend") and (name := self._part_name(k + 1)) is not None:
            # "weekday mornings", "on weekend afternoons": that part of each such day (the
            # part in the plural, or "weekday morning" is one morning of them)
            if (self.wv(k + 1) or "").endswith("s") and self.w(k, "weekday"):
                working = n.Every(None, "weekday")
                out.append((n.Every(n.Moment(working, n.Part(name))), k + 2))
            elif (self.wv(k + 1) or "").endswith("s"):  # on Saturday and on Sunday
                sunday = (n.Moment(n.Weekday(6), n.Part(name)),)
                out.append((n.Every(n.Moment(n.Weekday(5), n.Part(name)), "", sunday), k + 2))
        if self.wv(k) in lx.WEEKDAY_PLURALS:
            wd = lx.WEEKDAY_PLURALS[self.wv(k) or ""]
            out.append((n.Every(n.Weekday(wd)), k + 1))
            # "tuesdays and thursdays", "on mondays, wednesdays and fridays"
            for days, f in self.more_weekdays(k + 1, plural=True):
                out.append((n.Every(n.Weekday(wd), "days", days), f))
                joined = True
            # mondays at 10, tuesday evenings, on fridays from 2 to 4
            for part, e, implied in self.part(k + 1):
                if implied is None:
                    out.append((n.Every(n.Moment(n.Weekday(wd), part)), e))
            for t, e in self.time(self.comma(k + 1)) + self.loose_clock(self.comma(k + 1)):
                if isinstance(t, n.Clock) and not t.exact and not self.w(self.comma(k + 1), "at"):
                    continue
                out.append((n.Every(n.Moment(n.Weekday(wd), None, t)), e))
        if joined:
            # several days joined as one recurrence only as a whole phrase; in running text
            # each is found by itself, as two times joined by "and" always are
            out = [
                (node, e)
                for node, e in out
                if not (isinstance(node, n.Every) and node.unit == "days")
                or (i == 0 and e == self.size)
            ]
        return out

    def more_weekdays(self, i: int, *, plural: bool) -> list[tuple[tuple[n.Node, ...], int]]:
        """The other days of a recurrence on several weekdays, after its first: ``and
        thursday``, ``, wednesday and friday``, ``& fri`` (plural after a plural: ``tuesdays
        and thursdays``); each list of days with where it ends, the last joined by ``and``,
        ``&`` or a comma."""
        out: list[tuple[tuple[n.Node, ...], int]] = []
        days: list[n.Node] = []
        k = i
        while len(days) < 6:
            joined = self.w(k, "and") or self.sym(k, "&")
            if self.sym(k, ","):
                k += 1
                joined = self.w(k, "and") or self.sym(k, "&")
            elif not joined:
                break
            k = k + 1 if joined else k
            word = self.wv(k) or ""
            wd = lx.WEEKDAY_PLURALS.get(word) if plural else self.weekday_at(k)
            if wd is None:
                break
            days.append(n.Weekday(wd))
            k += 1
            if joined:
                out.append((tuple(days), k))
                break
        return out

    @rule
    def vague(self, i: int) -> R:
        out: R = []
        for words, (back, to) in _VAGUE_WORDS.get(self.wv(i) or "", ()):
            if (j := self.seq(i, *words)) is not None:
                out.append((n.Vague(back, to), j))
        return out

    @rule
    def stamp(self, i: int) -> R:
        tok = self.t[i]
        if tok.kind == "org":
            return [(n.Stamp(tok.value, "org"), i + 1)]
        if tok.kind == "iso":
            return [(n.Stamp(tok.value, "iso"), i + 1)]
        if (
            self.sym(i, "@")
            and (self.num(i + 1, tuple(range(1, 13))) is not None)
            and self.glued(i + 1)
        ) and not self.sym(i + 2, ":", glued=True):
            return [(n.Stamp(self.t[i + 1].value, "epoch"), i + 2)]
        if (
            self.sym(i, "-")
            and self.glued(i + 1)
            and self.t[i + 1].kind == "num"
            and self.sym(i + 2, ".") is False
        ):
            pass
        return []


def _rules(*names: str) -> list[tuple[int, Callable[[Grammar, int], R]]]:
    return [(_RULES.index(name), getattr(Grammar, name)) for name in names]


#: the alternatives of the union rules, in the order their readings are listed
_EXPRESSION = _rules(
    "stamp", "now", "between", "open", "approx", "edge", "rest", "trailing", "days_beside", "shift",
    "every",
    "vague", "near", "moment", "coarse",
)  # fmt: skip
_ATOM = _rules("now", "edge", "moment", "coarse", "shift", "stamp")
_DAY = _rules(
    "relday", "weekday_phrase", "calendar_date", "holiday", "nth_of", "day_shift", "anchor_day",
    "beside", "week_on",
)  # fmt: skip
_COARSE = _rules(
    "period", "month_phrase", "year_phrase", "quarter", "season", "decade", "nth_period",
    "containing", "beside_period", "counted",
)  # fmt: skip

#: the last word of an ordinal ("second", "2nd"): before "to last" it counts from the end
_ORDINAL_ENDS = frozenset(lx.ORDINAL_WORDS) | lx.ORDINAL_SUFFIXES

_DECADES = {
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
    "noughties": 0,
}
_NOW_WORDS = _index(
    (
        (("at", "the", "moment"), None),
        (("at", "present"), None),
        (("at", "the", "present", "time"), None),
        (("at", "this", "time"), None),
        (("at", "the", "minute"), None),
        (("this", "moment"), None),
        (("the", "present"), None),
        (("currently",), None),
        (("as", "of", "now"), None),
        (("at", "this", "moment"), None),
        (("current", "date"), None),
        (("current", "time"), None),
    )
)
_VAGUE_WORDS = _index(
    (
        (("recently",), (14, 0)),
        (("lately",), (14, 0)),
        (("the", "other", "day"), (7, 1)),
        (("the", "other", "week"), (21, 7)),
        (("the", "other", "month"), (75, 21)),
        (("a", "while", "ago"), (60, 7)),
        (("a", "while", "back"), (60, 7)),
        (("some", "time", "ago"), (60, 7)),
        (("not", "long", "ago"), (14, 0)),
        (("not", "so", "long", "ago"), (14, 0)),
        (("just", "recently"), (14, 0)),
        (("very", "recently"), (14, 0)),
        (("a", "good", "while", "ago"), (60, 7)),
        (("the", "other", "night"), (7, 1)),  # as "the other day": one of those nights
        (("the", "other", "weekend"), (21, 7)),  # as "the other week"
    )
)


#: one word for the middle of the current week, month or year
_MID_UNITS = {"midweek": "week", "midmonth": "month", "midyear": "year"}
#: "the <word> part of X": which edge of X it is
_PART_EDGES = {
    "early": "start", "earlier": "start", "first": "start", "former": "start",
    "middle": "mid", "mid": "mid",
    "late": "end", "later": "end", "latter": "end", "last": "end", "final": "end",
}  # fmt: skip


def _a_day_to_go_through(base: n.Node) -> bool:
    """Whether ``through X`` bounds a window at X's end: X names a day ("valid through
    friday", "through june 3rd", "through the end of the year"). Through a part of the day,
    a period or a number ("through the night", "through 2019 reports") is a span or no time."""
    if isinstance(base, n.Date):
        return base.month is not None
    return isinstance(base, (n.Weekday, n.RelDay, n.Holiday, n.Edge))


_OPEN_WORDS = _index(
    (
        (("after",), "after"),
        (("before",), "before"),
        (("by",), "until"),
        (("until",), "until"),
        (("till",), "until"),
        (("til",), "until"),
        (("since",), "since"),
        (("later", "than"), "after"),
        (("earlier", "than"), "before"),
        (("no", "later", "than"), "until"),
        (("no", "earlier", "than"), "since"),
        (("as", "early", "as"), "since"),
        (("as", "late", "as"), "until"),
        (("prior", "to"), "before"),
        (("up", "to"), "until"),
        (("any", "time", "from"), "since"),
        (("anytime", "from"), "since"),
        (("starting",), "since"),
        (("starting", "on"), "since"),
        (("starting", "from"), "since"),
        (("starting", "in"), "since"),
        (("beginning",), "since"),
        (("greater", "than"), "after"),
        (("year", "greater", "than"), "after"),
        (("not", "before"), "since"),
        (("not", "after"), "until"),
        (("any", "time", "after"), "after"),
        (("anytime", "after"), "after"),
        (("any", "time", "before"), "before"),
        (("anytime", "before"), "before"),
        (("as", "of"), "since"),
        # the same bounds in other wordings: "valid through friday", "on or before june 1"
        (("through",), "until"),
        (("thru",), "until"),
        (("up", "until"), "until"),
        (("up", "till"), "until"),
        (("on", "or", "before"), "until"),
        (("on", "or", "after"), "since"),
        (("not", "later", "than"), "until"),
        (("not", "earlier", "than"), "since"),
        (("as", "from"), "since"),
    )
)


def _first_words() -> None:
    """What each rule can begin with: a word from its set (or, unless ``words_only``, any
    number or symbol). Written from each rule's first test; the composite rules (``moment``,
    ``day``, ``between``, ``approx`` …) begin with whatever their parts begin with, so they
    carry no set. A test checks that the table drops no reading the full grammar finds."""
    numbers = set(lx.NUMBERS) | set(lx.TENS)
    ordinals = set(lx.ORDINAL_WORDS) | {"twenty", "thirty", "last", "final", "penultimate"}
    relations = set(lx.RELATIONS)
    holidays = relations | lx.HOLIDAY_FIRST_WORDS | {"st", "the", "festive"}
    counts = numbers | {"a", "an", "one", "couple", "few", "several", "some", "dozen", "half"}
    clock = numbers | {"noon", "midday", "midnight", "mid", "a", "half", "quarter"}
    clock |= {"cob", "eob", "close", "end", "eod"}
    parts = set(lx.PARTS) | set(lx.PART_ALIASES)

    def words(text: str) -> set[str]:
        return set(text.split())

    table: dict[str, tuple[set[str], bool]] = {
        "word_number": (numbers, True),
        "year_words": (numbers, True),
        "minute_words": (numbers | words("oh o"), True),
        "ordinal": (ordinals, False),
        "day_number": (ordinals | numbers, False),
        "year": (numbers | words("fy cy ad"), False),
        "number": (counts, False),
        "quantity": (counts | words("quarter threequarters"), False),
        "duration": (
            counts
            | words("quarter threequarters just slightly well not upwards about around")
            | words("roughly approximately approx nearly almost"),
            False,
        ),
        "meridiem": (words("am pm a p ampm"), True),
        "hour": (numbers, False),
        "relative_clock": (numbers | words("a half quarter"), False),
        "clock": (clock, False),
        "loose_clock": (clock, False),
        "time": (
            clock
            | words("at around about circa approximately roughly from between for later after")
            | set(_OPEN_WORDS),
            False,
        ),
        "relday": (words("today yesterday yday yest tomorrow tmrw tmr tmw the day otd"), True),
        "holiday": (holidays, True),
        "containing": (holidays | words("week weekend wk wknd") | set(lx.MONTHS) | ordinals, False),
        "season": ({"the"} | relations | set(lx.SEASONS), False),
        "now": (words("right just now") | set(_NOW_WORDS), True),
        "vague": (set(_VAGUE_WORDS), True),
        "every": (
            words("every each on daily weekly monthly yearly annually hourly nightly quarterly")
            | {"fortnightly", "biweekly", "once", "twice", "thrice", "at", "noon", "midnight"}
            | words("weekdays weekends weekday weekend")
            | numbers
            | set(lx.WEEKDAY_PLURALS),
            False,
        ),
        "rest": (
            words("the for rest remainder balance all whole entire earlier later year ytd")
            | words("month mtd week quarter qtd to so this"),
            True,
        ),
        "edge": (
            words(
                "the very beginning start middle end close early mid late towards toward midweek midmonth midyear tail halfway"
            )
            | set(_PART_EDGES)
            | words("month quarter year")
            | set(lx.ANCHORS),
            True,
        ),
        "part": (
            words("in during at for around over the early late mid later tonight tonite first")
            | words("tonigh this that same last overnight eve")
            | parts,
            True,
        ),
        "meal": (words("at around during for over after before") | lx.EVENT_PARTS, True),
        "anchor_day": (words("the next following day previous preceding same that"), True),
        "next_part_day": (words("the next following previous") | parts, True),
        "period": ({"the", "weekend"} | relations, True),
        "month_phrase": (relations | set(lx.MONTHS) | numbers | words("the month"), False),
        "year_phrase": (words("the year cy fy ad") | numbers, False),
        "nth_of": ({"the"} | ordinals | relations, False),
        "nth_period": (
            words("the week wk latter former back front w") | ordinals | numbers,
            False,
        ),
        "numeric_date": (set(lx.MONTHS), False),
        "month_day": (set(lx.MONTHS), True),
        "day_month": ({"the"} | ordinals | numbers, False),
        "stamp": (set(), False),
        "beside": ({"the"} | set(lx.WEEKDAYS), True),
        "beside_period": ({"the"}, True),
        "near": (words("just shortly right soon immediately a not"), True),
        "same_time": (words("this same at yesterday yday tomorrow tmrw"), True),
        "amount_range": (counts, False),
        "week_on": (set(lx.WEEKDAYS) | counts | words("today tomorrow tmrw yesterday"), False),
        "days_beside": ({"the"}, True),
    }
    # the composite rules begin with what their parts begin with (the large ones made by one
    # ``union`` each: a chain of ``|`` copied every partial union again, a third of this
    # function's cost, which the import of the engine pays)
    firsts = {name: words for name, (words, _) in table.items()}
    hedges = words("around about approximately approx roughly circa ca sometime somewhere")
    leads = words("next coming following last past previous preceding prior upcoming")
    firsts["exact_duration"] = firsts["duration"]
    table["exact_duration"] = table["duration"]
    counted = {"in"} | counts
    # a shift never begins with a lone hedge ("about 5 minutes ago" is read by approx)
    shift = (firsts["duration"] - _HEDGE_ALONE) | words("in within now today") | firsts["same_time"]
    shift |= set(_VAGUE_PLURALS.values())  # "years ago"
    week_period = words("the week week's") | relations | shift
    weekday = words("this the") | relations | set(lx.WEEKDAYS) | week_period | counts
    weekday |= ordinals | words("week wk")  # the first week of october on friday
    calendar = set(lx.MONTHS) | {"the", "weekend"} | ordinals | numbers | relations
    day = set().union(
        firsts["relday"], weekday, calendar, holidays, firsts["nth_of"],
        firsts["anchor_day"], firsts["beside"],
    )  # fmt: skip
    moment = day.union(
        firsts["next_part_day"], firsts["part"], firsts["meal"], firsts["time"]
    )  # fmt: skip
    quarter = relations | words("q h the weekend") | numbers | ordinals
    decade = {"the"} | set(_DECADES) | numbers | ordinals
    coarse = set().union(
        firsts["period"], firsts["month_phrase"], firsts["year_phrase"], quarter,
        firsts["season"], decade, firsts["nth_period"], firsts["containing"],
        firsts["beside_period"], counted,
    )  # fmt: skip
    atom = moment.union(firsts["now"], firsts["edge"], coarse, shift)
    partial = {"the"} | ordinals
    trailing = words("over in during for within the recent") | leads | firsts["duration"]
    composite: dict[str, set[str]] = {
        "counted": counted,
        "shift": shift,
        "day_shift": shift,
        "week_period": week_period,
        "weekday_phrase": weekday,
        "calendar_date": calendar,
        "day": day,
        "moment": moment,
        "quarter": quarter,
        "decade": decade,
        "coarse": coarse,
        "period_for_nth": coarse | {"the"},
        "atom": atom,
        "partial": partial,
        "between": atom.union(words("from between"), partial),
        "open": atom.union(_OPEN_WORDS, words("more less so from over under in within")),
        "approx": atom.union(hedges, words("near nearly almost some any anytime close at")),
        "trailing": trailing,
        "expression": set(),  # filled below: the union of the top-level rules
    }
    composite["expression"] = set().union(
        composite["between"], composite["open"], composite["approx"], firsts["rest"],
        trailing, shift, firsts["every"], firsts["days_beside"], firsts["vague"], firsts["near"], moment,
        coarse, firsts["now"], firsts["edge"],
    )  # fmt: skip
    table.update({name: (first, False) for name, first in composite.items()})
    for name, (begin, words_only) in table.items():
        FIRST[name][0] = (frozenset(begin), words_only)
    _after_number()
    reset_first_words()


def _after_number() -> None:
    """Which rules may begin with a number, given its digits and the token after it: a
    number before "weeks" is a count, not a clock time or a date (each test is written from
    the rule's own first checks; the composite rules combine their parts')."""
    suffix = {"st", "nd", "rd", "th"}
    era = {"ad", "ce", "bc", "bce"}
    meridiem = {"am", "pm", "a", "p", "ampm"}
    relative = {"minutes", "minute", "mins", "min", "past", "after", "to", "before", "till", "of"}
    clock_next = {":", ".", "-", "h", "o'clock", "oclock", "o", "noon", "midnight", "sharp"}
    clock_next |= meridiem | relative
    units = set(lx.UNITS) | set(lx.LETTER_UNITS) | {"min"}
    amounts = {".", "/", "and", "more", "extra", "further", "additional"} | units
    leads = {"next", "coming", "following", "last", "past", "previous", "upcoming"}
    hours = {"hrs", "hours", "h"}
    named = {"weekend", "weekends", "wknd", "wknds", "wkend", "wkends"}
    named |= set(lx.SEASON_PLURALS) | set(lx.SEASONS)
    listed = {"and", "or", ",", "&"}
    rules: dict[str, Callable[[int, str], bool]] = {}

    def ordinal(d: int, x: str) -> bool:
        return d <= 2 and x in suffix

    def year(d: int, x: str) -> bool:
        return d == 4 or x in era

    def duration(d: int, x: str) -> bool:
        return x in amounts

    def shift(d: int, x: str) -> bool:
        return (
            x in amounts
            or x in ("business", "working", "work", "weekdays")
            or (d <= 3 and x in ("to", "or", "-"))  # two to three hours ago, 2-3 days
        )

    def clock(d: int, x: str) -> bool:
        return (d <= 2 and x in clock_next) or (d in (3, 4) and x in meridiem | hours)

    def loose_clock(d: int, x: str) -> bool:
        return d <= 4 or clock(d, x)

    def numeric_date(d: int, x: str) -> bool:
        return d == 8 or x in ("/", "-", ".")

    def day_month(d: int, x: str) -> bool:
        return d <= 2 and (x in suffix or x == "of" or x in lx.MONTHS)

    def calendar_date(d: int, x: str) -> bool:
        return (
            numeric_date(d, x)
            or day_month(d, x)
            or ordinal(d, x)
            or (d == 4 and x == "#num")
            or (d == 4 and x in lx.MONTHS)  # "2026 sept 3"
            or (d <= 2 and x in listed)
            or (d <= 2 and x == "#end")  # "on 15"
        )

    def weekday_phrase(d: int, x: str) -> bool:
        return shift(d, x) or x in lx.WEEKDAY_PLURALS or ordinal(d, x)

    def day(d: int, x: str) -> bool:
        return calendar_date(d, x) or weekday_phrase(d, x) or ordinal(d, x)

    def decade(d: int, x: str) -> bool:
        return (d in (2, 4) and x in ("s", "'s", "'")) or x in ("th", "st")

    def coarse(d: int, x: str) -> bool:
        return year(d, x) or ordinal(d, x) or decade(d, x) or x in named

    def moment(d: int, x: str) -> bool:
        return day(d, x) or loose_clock(d, x) or x == ","

    def atom(d: int, x: str) -> bool:
        return moment(d, x) or coarse(d, x) or shift(d, x)

    def trailing(d: int, x: str) -> bool:
        return x in leads or shift(d, x)

    def short(d: int, x: str) -> bool:
        return d <= 2

    rules.update(
        ordinal=ordinal, nth_of=ordinal, day_number=short, hour=short, partial=short,
        quantity=duration, duration=duration, shift=shift, day_shift=shift,
        week_period=duration, year=year, month_phrase=year, year_phrase=year,
        decade=decade, numeric_date=numeric_date, day_month=day_month,
        calendar_date=calendar_date, weekday_phrase=weekday_phrase, day=day,
        clock=clock, relative_clock=lambda d, x: d <= 2 and x in relative,
        loose_clock=loose_clock, time=loose_clock, moment=moment,
        quarter=lambda d, x: year(d, x) or ordinal(d, x),
        nth_period=lambda d, x: ordinal(d, x) or d == 4,
        coarse=coarse, period_for_nth=coarse, atom=atom, open=atom, approx=atom,
        between=lambda d, x: atom(d, x) or short(d, x), trailing=trailing,
        stamp=lambda d, x: False, counted=lambda d, x: x in named,
        exact_duration=duration, week_on=duration, containing=ordinal,
        every=lambda d, x: x == "times" or clock(d, x),
        season=lambda d, x: d == 4 and x in lx.SEASONS,
        amount_range=lambda d, x: x in amounts or (d <= 3 and x in ("to", "or", "-", "–")),
    )  # fmt: skip
    AFTER_NUMBER.clear()
    AFTER_NUMBER.update(rules)


#: relation words told from the previous expression in running text (from the reference
#: time alone): ``the following week`` is the one after the previous expression's week,
#: ``that year`` the one holding it, ``the previous month`` the one before
#: what makes ``from X …`` a range rather than a bound (``from 3 to 4pm``)
_RANGE_MARKS = frozenset(("to", "till", "til", "until", "through", "thru", "-", "~"))
_TOLD_FROM_PREVIOUS = {"following": 1, "previous": -1, "preceding": -1, "prior": -1, "that": 0}


def _every_at(node: n.Node, time: n.Node) -> n.Every | None:
    """A recurrence with the clock time it happens at (``daily at 9am``), or ``None`` when
    the recurrence already has one or is coarser than a day (``every month at 9``)."""
    if not isinstance(node, n.Every) or not isinstance(time, (n.Clock, n.ClockRange)):
        return None
    base = node.base
    if base is None and node.unit == "day":
        return n.Every(n.Moment(None, None, time))
    if base is None and node.unit == "weekday":
        return n.Every(n.Moment(n.Every(None, "weekday"), None, time))
    if isinstance(base, n.Weekday):
        also = tuple(n.Moment(day, None, time) for day in node.also)
        return n.Every(n.Moment(base, None, time), node.unit, also)
    if isinstance(base, n.Moment) and base.time is None and base.part is not None:
        return n.Every(base.replace(time=time))
    return None


def _dur(grain: str, count: Decimal, approx: bool) -> n.Dur:
    if grain == "fortnight":
        return n.Dur((("week", count * 2),), approx)
    if grain == "night":
        return n.Dur((("day", count),), approx)
    if grain == "weekend":
        return n.Dur((("day", count * 2),), approx)
    if grain == "decade":
        return n.Dur((("year", count * 10),), approx)
    if grain == "century":
        return n.Dur((("year", count * 100),), approx)
    return n.Dur(((grain, count),), approx)


#: words a hedge on an amount begins with, and those that are a hedge alone
#: a unit said in the plural with no count before "ago" ("years ago"): some of them
_VAGUE_PLURALS = {
    "minute": "minutes", "hour": "hours", "day": "days", "week": "weeks", "month": "months",
    "year": "years", "decade": "decades",
}  # fmt: skip
#: words before a plural unit that count it (their own rules read "few years ago")
_COUNTED = frozenset(lx.NUMBERS) | frozenset(lx.TENS) | frozenset(lx.VAGUE_COUNTS) | {
    "many", "a", "an", "the", "more", "extra", "of", "dozen", "hundred", "thousand",
}  # fmt: skip
#: days whose evening "eve" can be ("tomorrow eve"); after a weekday too ("sat eve")
_EVE_DAYS = frozenset({"today", "tomorrow", "tmrw", "tmr", "yesterday", "yday", "yest"})
#: words after which "21h" is a clock time, not a number of hours
#: words before ``1h30`` that make it a length of time rather than the clock time 01:30
_LENGTH_LEADS = ("in", "for", "within", "over", "takes", "took", "lasted", "spent")
_CLOCK_LEADS = ("at", "@", "from", "to", "till", "until", "by", "before", "after", "since")
#: a clock time and the name of the hour it is, written together ("12:00 noon")
_NAMED_TWELVES = frozenset(
    {(12, "noon"), (12, "midday"), (12, "midnight"), (0, "midnight"), (24, "midnight")}
)
_HEDGE_ALONE = frozenset(
    {"about", "around", "roughly", "approximately", "approx", "nearly", "almost"}
)
_HEDGE_FIRST = _HEDGE_ALONE | {"just", "slightly", "well", "a", "not", "upwards", "some"}
#: words between a count and its unit that add to what came before ("in 4 more weeks")
_MORE = frozenset({"more", "extra", "further", "additional"})
#: the words the rule :meth:`Grammar.containing` begins with, besides a date before "weekend"
_WEEKEND_WORDS = frozenset({"weekend", "weekends", "wknd", "wknds", "wkend", "wkends"})
_CONTAINING_WORDS = (
    frozenset(lx.RELATIONS)
    | lx.HOLIDAY_FIRST_WORDS
    | {"st", "the", "festive", "week", "weekend", "wk", "wknd"}
)
#: the units "a week on tuesday", "a month today" count in
_WEEK_WORDS = frozenset(
    {"week", "weeks", "fortnight", "fortnights", "month", "months", "year", "years"}
)
#: the days a week is counted on from ("a week today", "tomorrow week"), and which way
_WEEK_ON_DAYS = {"today": 0, "tomorrow": 1, "tmrw": 1, "yesterday": -1}
#: units from finest to coarsest, for durations written coarse to fine
_UNIT_RANK = {g: k for k, g in enumerate(UNIT_ORDER)}


def _coarsest(dur: n.Dur) -> str:
    return max((g for g, _ in dur.units), key=_UNIT_RANK.__getitem__)


def _waking(hour: int) -> int:
    """An hour without am/pm as waking hours read it (1-6 are afternoon)."""
    return hour + 12 if 1 <= hour <= 6 else hour


def _bare_clock(node: n.Node) -> bool:
    """A time of day without a day: ``noon``, ``5pm``."""
    return isinstance(node, n.Moment) and node.day is None and node.time is not None


def _sub_day(dur: n.Dur) -> bool:
    return any(g in ("second", "minute", "hour") for g, _ in dur.units) or any(
        g == "day" and c != int(c) for g, c in dur.units
    )


def _two_digit_year(value: int) -> int:
    """A two-digit year, marked for interpretation as ``SHORT_YEAR + value``: which century
    it means depends on the reference time (:func:`~prme_cli.timeexpr.interpret.near_year`)."""
    return n.SHORT_YEAR + value


_first_words()  # last: the tables it reads are all defined above


#: the prepositions a whole phrase may open with before what it names (``during 2011-13``)
_PHRASE_LEADS = frozenset(("in", "during", "from", "over", "since", "until", "through", "for"))

#: the periods ``just gone`` or ``just past`` follows: ``the week just gone``
_GONE = frozenset(("week", "weekend", "month", "quarter", "year", "fortnight"))
#: words after ``the week just past`` that keep it a period (a verb, a conjunction)
_AFTER_GONE = ("was", "were", "is", "has", "had", "and", "but", "we", "i", "they", "seemed")

#: the parts of the day counted like days before ``ago``, ``later``: ``three mornings ago``
_COUNTED_PARTS = frozenset(("morning", "afternoon", "evening"))


def _night_of(node: n.Node) -> n.Node:
    """``two nights ago``, ``three nights later``: the night of the day so many nights away
    (18:00 to 04:00, as ``last night`` is yesterday's), not the whole day, which leaves out
    the small hours after its midnight; a span of nights (``in the next 3 nights``) stays days."""
    return n.Moment(node, n.Part("night"), None) if isinstance(node, n.Shift) else node


def _short_year_after(year: int, short: int) -> int | None:
    """The year ``short`` (two digits) ends a run of years from ``year`` with: the next one
    (``2019-20``, ``1999-00``), or a later one of the same century that cannot be a month
    (``2011-13``, ``1998-99``: after ``2019-05`` comes May, never a range to 2005), for a
    year of the last century or this one and a run of at most twenty years — ``1530-44``,
    ``2150-60`` or ``1990-2019``'s short form are as likely a code or a score."""
    if short == (year + 1) % 100:
        return year + 1
    if 12 < short and 0 < short - year % 100 <= 20 and 1900 <= year <= 2099:
        return year - year % 100 + short
    return None
