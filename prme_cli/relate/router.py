"""Does a question ask for a temporal relation at all? (SPEC §6.2)

The router is the stage's cost switch: a question it does not route makes no provider call.
It therefore errs on the side of *not* routing. Only explicit constructions count:

- an interval: "how long passed between A and B", "how many weeks were there between A and
  B", "how many days after A did B", "how long had (have) I been A when B", "how many days
  ago did I A when B" (measured back from B, so an interval, not an elapsed-since), "how
  many days did it take me to finish X" (from starting X to finishing it);
- elapsed time up to the question: "how many days ago did I …", "how long ago …", "how long
  has it been since …", "how long have I been …";
- chronological order: "which did I do first, A or B", "who did I meet first, A or B",
  "which did I visit most recently (more recently, last, later), A or B" (two or more listed
  options: the answer is the latest), "did A happen before B", "in what order …", "what is
  the order of …";
- an absolute date: a question that *opens* "When did/was …", "what date / which day …";
- a duration total: "how much time (in total) did I spend …", "how many hours in total …";
- the time spent on one thing: "how many days did I spend on my walking tour", which the
  notes may answer either way — a stated duration ("I spent four days on it") or the span
  from the thing's start to its end ("set off on the walking tour" … "got back from it") —
  so it routes with ``operation`` ``None`` and both operations in ``operations`` (validation
  refuses any other);
- a schedule: "what time is … scheduled", "what time … every …".

A lone "when" used as a conjunction ("What did I buy when I was in Paris?"), a lone "last",
a calendar word alone ("What did I do in March?") and counts ("how many times …", "how many
books …") are not routed. The word lists are ordinary English grammar words, not phrases
taken from any data set.

``Route.operation`` is the operation the construction implies; the resolver still picks the
operation it can support, and ``Route.unit`` is the unit the question names (``None`` when it
names none, which the arithmetic treats as days).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prme_cli import lazyre

_UNIT = r"(?P<unit>minutes|hours|days|weeks|months|years)"
_UNITS_ALT = r"(?:minutes|hours|days|weeks|months|years)"
_PRONOUN = r"(?:i|we|you|he|she|they|it)"
_AUX = r"(?:did|do|does|was|were|is|are|had|has|have|will|would)"
#: A subject: a pronoun, or a name (the question is lower-cased, so any single word).
_SUBJECT = r"(?:i|we|you|he|she|they|[a-z][\w'.-]*)"
_OBJECT = r"(?:me|us|you|him|her|them|[a-z][\w'.-]*)"
#: A when-clause that names an event of its own: a subject, then a verb.
_CLAUSE_START = r"(?:i|we|you|he|she|they|my|our|his|her|their|the|[a-z][\w'.-]*\s+[a-z]+)\b"

# Bridges allowed between "how long" / "how many <unit>" / "how much time" and "between":
# verbs of passing time only, so "how long did I practise between March and May" (a total,
# not an interval) does not match.
_PASSING = (
    r"(?:(?:has|had|have)\s+)?(?:passed|elapsed|gone\s+by|went\s+by|gone|lapsed)"
    r"|(?:was|is|were|are|has\s+been|had\s+been)\s+(?:it|there)"
    r"|(?:did|does|would|will)\s+it\s+take"
    r"|(?:lay|lies|lie)"
)
_IN_UNIT = rf"(?:,?\s*in\s+{_UNITS_ALT},?)?"

_HOW_SPAN = rf"how\s+(?:long|much\s+time|many\s+{_UNITS_ALT})"

_ELAPSED_BETWEEN = [
    # how long passed between A and B / how many days were there between A and B
    lazyre.compile(
        rf"\b{_HOW_SPAN}{_IN_UNIT}(?:\s+(?:{_PASSING}))?{_IN_UNIT}\s+between\b"
        r"(?:.+\band\b|\s+(?:the|my|our|your|his|her|their|these|those)\s+(?:two|both)\b)"
    ),
    # how many days after A did B / how long before the trip did I …
    lazyre.compile(
        rf"\b{_HOW_SPAN}{_IN_UNIT}(?:\s+(?:{_PASSING}))?\s+(?:after|before)\b.+\b{_AUX}\s+"
    ),
    # how long was it from A until B
    lazyre.compile(
        rf"\b{_HOW_SPAN}{_IN_UNIT}(?:\s+(?:{_PASSING}))?\s+from\b.+\b(?:until|till|up\s+to)\b"
    ),
    # how long had I been A when B / before B / by the time B; "have I been A when B" is
    # the same question in a looser tense (the when-clause names the second event)
    lazyre.compile(
        rf"\bhow\s+(?:long|many\s+{_UNITS_ALT})\s+(?:had|have|has)\s+{_SUBJECT}\s+been\b.+"
        rf"\b(?:when|before|by\s+the\s+time)\s+{_CLAUSE_START}"
    ),
    # how many days ago did I A when B: "ago" is measured back from B, not from the question
    lazyre.compile(rf"\b{_HOW_SPAN}\s+ago\s+{_AUX}\s+{_SUBJECT}\b.+\bwhen\s+{_CLAUSE_START}"),
    # how many days did it take me to finish X: from starting X to finishing it
    lazyre.compile(
        rf"\b{_HOW_SPAN}\s+(?:did|does|would|will|had)\s+it\s+take\s+(?:{_OBJECT}\s+)?"
        r"to\s+(?:finish|complete)\b"
    ),
    # how many days had passed since A when B
    lazyre.compile(
        rf"\b{_HOW_SPAN}{_IN_UNIT}\s+had\s+(?:passed|elapsed|gone\s+by)\s+since\b.+"
        r"\b(?:when|by\s+the\s+time)\b"
    ),
]

_ELAPSED_SINCE = [
    # how many days ago did I … / how long ago was …
    lazyre.compile(rf"\b{_HOW_SPAN}\s+ago\b"),
    # how many weeks (have passed) since … / how long since …
    lazyre.compile(rf"\b{_HOW_SPAN}{_IN_UNIT}(?:\s+(?:{_PASSING}))?{_IN_UNIT}\s+since\b"),
    # how long has it been since …
    lazyre.compile(rf"\b{_HOW_SPAN}\s+(?:has|is)\s+it\s+been\b"),
    # how long have I been (doing) …
    lazyre.compile(rf"\bhow\s+(?:long|many\s+{_UNITS_ALT})\s+have\s+{_PRONOUN}\s+been\b"),
]

_ORDER = [
    # which did I do first, A or B / what happened earlier: A or B
    lazyre.compile(
        r"^(?:which|what|who|whom)\b.*\b(?:first|earlier|sooner|last|later"
        r"|(?:more|most)\s+recently)\b.*\bor\b"
    ),
    lazyre.compile(
        r"^(?:which|what|who|whom)\b.*\bor\b.*\b(?:first|earlier|sooner|later"
        r"|(?:more|most)\s+recently)\b"
    ),
    # in what order / what is the order of / the order in which / chronological order
    lazyre.compile(r"\bin\s+(?:what|which)\s+order\b"),
    lazyre.compile(r"\b(?:what|which)\s+(?:is|was|were|are)\s+the\s+order\s+(?:of|in\s+which)\b"),
    lazyre.compile(r"\bchronological(?:ly)?\b|\bin\s+order\s+of\s+(?:date|time)\b"),
    lazyre.compile(
        r"\bfrom\s+(?:the\s+)?(?:earliest|first|oldest)\s+to\s+(?:the\s+)?"
        r"(?:latest|last|newest|most\s+recent)\b"
    ),
]

# "did A happen before B" — a yes/no opener plus an explicit comparison of two events.
_YES_NO_OPENER = lazyre.compile(r"^(?:did|was|were|had|has|have|is|are)\b")
_ORDER_COMPARISON = lazyre.compile(
    r"\bbefore\s+or\s+after\b|\bafter\s+or\s+before\b|\b(?:earlier|later)\s+than\b"
    r"|\bprior\s+to\b"
    r"|\b(?:happen|happened|occur|occurred|take\s+place|took\s+place|come|came|start|started"
    r"|finish|finished|end|ended)\b.*\b(?:before|after)\b"
    rf"|\b(?:before|after)\s+{_PRONOUN}\b"
)

# Absolute dates: the question must *open* with an inverted "when" (a conjunction "when I
# was …" is not inverted), or ask for a date or day by name.
_ABSOLUTE = [
    lazyre.compile(rf"^when\s+{_AUX}\b"),
    lazyre.compile(
        rf"\b(?:on\s+)?(?:what|which)\s+(?:exact\s+)?(?:date|day(?:\s+of\s+the\s+week)?)\s+"
        rf"(?:{_AUX}|of\b)"
    ),
    lazyre.compile(r"\b(?:what|which)\s+(?:was|is|were)\s+the\s+(?:exact\s+)?date\b"),
]

# "how many days did I spend on my walking tour": one thing (no "and", no "in total"), whose
# time is either stated as a duration or spanned by its start and its end.
_SPENT_ON_ONE = lazyre.compile(
    rf"\bhow\s+(?:long|many\s+{_UNITS_ALT})\s+(?:did|do|does|had|have|has)\s+"
    rf"{_SUBJECT}\s+(?:spend|spent|clock|clocked|log|logged|put\s+in)\b"
    r"(?!.*\b(?:and|in\s+total|in\s+all|altogether|all\s+together|combined|"
    r"total|overall|each|every|per|a\s+(?:day|week|month))\b)"
)
SPENT_OPERATIONS: tuple[str, ...] = ("duration_sum", "elapsed_between")
#: Verbs of logging time ("clocked", "logged", "put in"): only a sum of logged time answers.
_LOGGED = lazyre.compile(r"\b(?:clock|clocked|log|logged|put\s+in)\s*$")

_DURATION_SUM = [
    lazyre.compile(
        r"\bhow\s+much\s+(?:total\s+)?time\b(?:\s+(?:in\s+total|in\s+all|altogether|overall))?"
        rf"\s+(?:{_AUX})\s+{_PRONOUN}\s+(?:spend|spent|put\s+in|log|logged|clock|clocked)\b"
    ),
    lazyre.compile(
        r"\bhow\s+(?:long|much\s+time|many\s+(?:minutes|hours|days|weeks))\b.*"
        r"\b(?:in\s+total|in\s+all|altogether|all\s+together|combined)\b"
    ),
    lazyre.compile(
        rf"\bhow\s+(?:long|many\s+(?:minutes|hours|days|weeks))\s+(?:{_AUX})\s+{_PRONOUN}\s+"
        r"(?:spend|spent|log|logged|clock|clocked)\b"
    ),
    lazyre.compile(r"\bwhat\s+(?:is|was)\s+the\s+total\s+(?:time|duration|number\s+of\s+hours)\b"),
]

_SCHEDULE = [
    lazyre.compile(r"\b(?:what|which)\s+time\b.*\b(?:scheduled|every|each)\b"),
    lazyre.compile(r"\bat\s+what\s+time\b.*\b(?:scheduled|every|each)\b"),
]

# A count of things, not of time units: never routed, whatever else the question says.
_COUNT = lazyre.compile(
    rf"\bhow\s+(?:many(?!\s+(?:(?:more|fewer|less)\s+)?{_UNITS_ALT}\b)|often)\b"
)

_UNIT_NAMED = [
    lazyre.compile(rf"\bhow\s+many\s+{_UNIT}\b"),
    lazyre.compile(rf"\bin\s+(?:whole\s+|full\s+|calendar\s+|complete\s+)?{_UNIT}\b"),
    lazyre.compile(rf"\bnumber\s+of\s+{_UNIT}\b"),
]


@dataclass(frozen=True, slots=True)
class Route:
    """The router's decision. ``reason`` says which construction matched (or why none did)."""

    routed: bool
    operation: str | None
    unit: str | None
    reason: str
    #: every operation that can answer the question: ``(operation,)`` for one construction,
    #: several (with ``operation`` ``None``) when the construction admits more than one
    operations: tuple[str, ...] = ()


def normalize_question(question: str) -> str:
    """Lower-case, straighten quotes, collapse whitespace and drop trailing punctuation, so
    the patterns can be written once for every spelling of the same question."""
    text = question.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"\s+", " ", text.strip().lower())
    return text.rstrip(" ?!.")


def asked_unit(text: str) -> str | None:
    """The unit the (normalized) question names, or ``None``."""
    for pattern in _UNIT_NAMED:
        match = pattern.search(text)
        if match:
            return match.group("unit")
    return None


def _matches(patterns: list[re.Pattern[str]], text: str) -> bool:
    return any(p.search(text) for p in patterns)


def _is_order_yes_no(text: str) -> bool:
    return bool(_YES_NO_OPENER.search(text) and _ORDER_COMPARISON.search(text))


def is_count(text: str) -> bool:
    """A count of things, not of time units ("how many times", "how many books")."""
    return bool(_COUNT.search(text))


def construction(text: str) -> tuple[str | None, str | None, tuple[str, ...], str] | None:
    """The explicit construction of a normalized question: ``(operation, unit, operations,
    reason)``, or None. Checks run from the most specific construction to the broadest, so
    that "how much time in total did I spend between March and May" is a duration total,
    not an interval."""
    unit = asked_unit(text)
    spent = _SPENT_ON_ONE.search(text)
    if spent and _LOGGED.search(spent.group(0)):
        # "how many minutes did I clock on …": the time logged, never a start-to-end span
        return "duration_sum", unit, ("duration_sum",), "asks for the time logged on one thing"
    if spent:
        return (
            None,
            unit,
            SPENT_OPERATIONS,
            (
                "asks for the time spent on one thing: a stated duration "
                "or the span from its start to its end"
            ),
        )
    if _matches(_DURATION_SUM, text):
        return "duration_sum", unit, ("duration_sum",), "asks for a total amount of time"
    if _matches(_ELAPSED_BETWEEN, text):
        return (
            "elapsed_between",
            unit,
            ("elapsed_between",),
            "asks for the time between two events",
        )
    if _matches(_ELAPSED_SINCE, text):
        return (
            "elapsed_since_question",
            unit,
            ("elapsed_since_question",),
            "asks how long ago something was",
        )
    if _matches(_ORDER, text) or _is_order_yes_no(text):
        return "order", None, ("order",), "asks for a chronological order"
    if _matches(_SCHEDULE, text):
        return "schedule", None, ("schedule",), "asks for a scheduled time"
    if _matches(_ABSOLUTE, text):
        return "absolute_date", None, ("absolute_date",), "asks for a date"
    return None


def route(question: str) -> Route:
    """Decide whether ``question`` names an explicit temporal relation, and which one: it
    does exactly when the question analyser (:func:`prme_cli.relate.frame.analyse`) gives a
    frame, so routing and parsing never disagree."""
    from prme_cli.relate.frame import analyse

    text = normalize_question(question)
    if not text:
        return Route(False, None, None, "empty question")
    if is_count(text):
        return Route(False, None, None, "a count of things, not a span of time")
    frame = analyse(question)
    if frame is None:
        return Route(
            False, None, None, "no explicit interval, duration, order or date construction"
        )
    return Route(True, frame.operation, frame.unit, frame.reason, frame.operations)
