"""Tokens: the typed pieces the grammar is written over.

Text is cut into words, digit runs, org timestamps, ISO datetimes and single punctuation marks.
Each token keeps its character offsets in the original text (the finder reports them) and
whether it is *glued* to the previous one, so the grammar can tell ``3h`` from ``3 h``,
``2.5`` from ``2. 5`` and ``10/1`` from ``10 / 1`` without a second tokenizer. Nothing here
decides what a token means: ``7.6`` is three tokens, and whether they are a date, a clock
time or a decimal is the grammar's business.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from prme_cli.timeexpr.lexicon import ABBREVIATION_DOTS, CHAT_DAYS, SMALL_NUMBERS

#: Longest text a single expression may have, in tokens; longer input is refused outright so
#: that no reading of hostile input ever costs more than a bounded amount of work.
MAX_TOKENS = 64


class Token(NamedTuple):
    """One piece: ``kind`` is ``word``, ``num``, ``sym``, ``org`` or ``iso`` (a named tuple:
    a note is cut into hundreds of them, and tuples are the cheapest to make)."""

    kind: str
    text: str  # as written
    value: str  # lower-cased word, digits, the symbol, or the whole stamp
    start: int
    end: int
    glued: bool  # no space between this token and the previous one


#: org timestamps and ISO datetimes: each begins with ``<`` or ``[``, or holds a ``-``
_STAMPS = r"""
    (?P<org>[<\[]\d{4}-\d{2}-\d{2}(?:\ [^\s\d<>\[\]]+)?(?:\ \d{1,2}:\d{2}(?:-\d{1,2}:\d{2})?)?
        (?:\ (?:\+\+|\.\+|\+)\d+[hdwmyHDWMY](?:/\d+[hdwmyHDWMY])?|\ --?\d+[hdwmyHDWMY])*\ ?[>\]]
        (?:--[<\[]\d{4}-\d{2}-\d{2}[^<>\[\]\n]{0,40}[>\]])?)
    |(?P<iso>\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?
        |\d{4}-\d{2}-\d{2}\ \d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2}))
    |"""
_PIECES = r"""
    (?P<word>[^\W\d_]+(?:['\u2019][a-zA-Z\u0130\u0131\u017f\u212a]+|['\u2019](?=\s|$))?)
    |(?P<num>\d+)
    |(?P<sym>[^\w\s])
    """
#: the two patterns, compiled at first use (compiling the stamps' part was a tenth of what
#: the engine's import added to ``prme since today``): ``True`` with the stamps, ``False``
#: for a text that holds none of ``<``, ``[``, ``-`` and so cannot hold a stamp (there the
#: pieces' part alone matches exactly what the whole pattern would). Neither is compiled
#: with ``re.IGNORECASE``, which costs compile time for the two classes it changed: they
#: list the letters it matched (``[a-z]`` case-blind is also ``İ ı ſ K``; a test compares
#: each class with its case-blind form over every code point)
_PATTERNS: dict[bool, re.Pattern[str]] = {}


def _pattern(stamps: bool) -> re.Pattern[str]:
    found = _PATTERNS.get(stamps)
    if found is None:
        source = _STAMPS + _PIECES if stamps else _PIECES
        found = _PATTERNS[stamps] = re.compile(source, re.VERBOSE)
    return found


#: words that take a glued "-ish" of vagueness ("noonish", "sevenish"); ``am``/``pm`` only
#: glued to a number ("3pmish"): "the Amish" is no time
_ISH_MERIDIEMS = {"am", "pm"}
#: words that take a glued "-ish" of vagueness ("noonish", "sevenish")
_ISH_STEMS = {
    "noon",
    "midnight",
    "midday",
    "lunch",
    "lunchtime",
    "dinner",
    "dinnertime",
    "teatime",
    *SMALL_NUMBERS[1:13],  # one … twelve: "sevenish"
}
_FRACTIONS = {"\u00bd": "half", "\u00bc": "quarter", "\u00be": "threequarters"}
#: typographic marks the grammar reads as their plain forms: the dashes of ranges and words
#: (hyphen, non-breaking hyphen, figure dash, en dash, minus) as ``-`` (``9–5``, ``3–4 pm``),
#: curly single quotes as ``'`` (``’90s``, ``summer ’19``); the token's text keeps what was
#: written. An em dash stays itself: in prose it parts clauses ("left at 5 — 6 was late")
_SYM_VALUES = {
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2212", "-"),
    **dict.fromkeys("\u2018\u2019", "'"),
}


#: the value of each word as written (case folded, curly apostrophe straightened, a fraction
#: sign named): the same few thousand words make up every note, so each is folded once
_WORD_VALUES: dict[str, str] = {}
_KEPT_WORDS = 50_000
_make = tuple.__new__  # a Token without the named tuple's keyword-argument layer


def _abbreviated(tokens: list[Token]) -> bool:
    """The last token is a short form of a time word that a dot may follow (``yest``,
    ``mos``, ``St``), standing as a word: ``1st.`` is an ordinal's suffix ending a sentence."""
    last = tokens[-1] if tokens else None
    return (
        last is not None
        and last.kind == "word"
        and last.value in ABBREVIATION_DOTS
        and not (last.glued and len(tokens) > 1 and tokens[-2].kind == "num")
    )


def tokenize(text: str) -> list[Token]:
    """Cut ``text`` into tokens; unknown characters become ``sym`` tokens, never an error."""
    tokens: list[Token] = []
    append = tokens.append
    previous_end = -1
    stamps = "<" in text or "[" in text or "-" in text
    for match in _pattern(stamps).finditer(text):
        kind = match.lastgroup or "sym"
        raw = match.group()
        start, end = match.span()
        if kind == "word":
            value = _WORD_VALUES.get(raw)
            if value is None:
                value = raw.casefold().replace("\u2019", "'")
                value = _FRACTIONS.get(value, value)
                if len(_WORD_VALUES) < _KEPT_WORDS:
                    _WORD_VALUES[raw] = value
        elif kind == "sym" and raw in _FRACTIONS:
            kind, value = "word", _FRACTIONS[raw]
        elif kind == "sym":
            if raw == "." and start == previous_end and _abbreviated(tokens):
                previous_end = end  # "yest.", "mos.": the dot of a short form is dropped
                continue
            value = _SYM_VALUES.get(raw, raw)
        else:
            value = raw
        if kind == "word":
            if value in CHAT_DAYS and start == previous_end and tokens and tokens[-1].value == "2":
                # "2nite", "2day", "2moro": one word, as the one they stand for
                two = tokens.pop()
                append(
                    _make(
                        Token,
                        (
                            "word",
                            text[two.start : end],
                            CHAT_DAYS[value],
                            two.start,
                            end,
                            two.glued,
                        ),
                    )
                )
                previous_end = end
                continue
            if value.endswith("ish") and (
                value[:-3] in _ISH_STEMS
                or value[:-3] in _ISH_MERIDIEMS
                and start == previous_end
                and tokens[-1].kind == "num"
            ):
                # "noonish", "elevenish": the stem and a glued "ish", as "11ish" is
                cut = end - 3
                append(
                    _make(Token, (kind, raw[:-3], value[:-3], start, cut, start == previous_end))
                )
                append(_make(Token, (kind, raw[-3:], "ish", cut, end, True)))
                previous_end = end
                continue
        append(_make(Token, (kind, raw, value, start, end, start == previous_end)))
        previous_end = end
    return tokens
