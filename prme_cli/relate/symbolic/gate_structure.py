"""The gate's check of an operand cited from org structure (a LOGBOOK line, CLOSED, CLOCK, a
planning line, a date range, a heading's own stamp, ``:CREATED:``).

It shares nothing with the resolver's structure family (:mod:`structure`) but the org
timestamp reader: it re-reads the cited line and the record's heading itself and asks

1. **Is the expression a whole tagged phrase?** It must be one complete org timestamp of the
   quote (or the ``=> H:MM`` of a CLOCK line for a duration), never part of one.
2. **Is this heading the named event?** Every specific word of the operand's name must meet a
   word of the heading's title by spelling: a shared prefix of four letters or a character
   trigram similarity of at least 0.5 ("renovation" meets "Renovate"). Function words and
   the words that only say which part of the event is meant are left out by this module's
   own lists.
3. **Does the line assert what the name asks?** The line's kind is read from its keyword: a
   state change into a done state or CLOSED of a task not cancelled asserts an end, into an
   active state a start, into a cancelled state nothing done; SCHEDULED and DEADLINE are
   plans (only a question about the future may cite them); CLOCK is work; a range's first
   stamp its start and its second its end. The name's own aspect (started, finished, got
   back, created) must agree.
4. **Is it the writer's own?** Org structure is the writer's account: a question about
   someone else must name that person in the heading.
5. **Does the heading's own body let its dates stand?** A body that says the event did not
   take place or was moved (:func:`prme_cli.denial.read_body`, the one reading the resolver
   also uses) refuses the heading's range, stamp, start and end; one that says it ended
   otherwise ("came back a day early") refuses the range's end; one that says a done task
   was ticked off late ("finally did it on …") refuses its CLOSED / done state.
6. **Is the relation plausible?** Two ends of one event must not put the end before the start.

The probability is 0.95 when every check passes, else capped by the failed check (0.0 for a
broken citation, 0.2 for a wrong kind, 0.3 for a name that is not the heading's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prme_cli import denial, lazyre, orgtime, words
from prme_cli.events import NO_FILE_KEYWORDS, FileKeywords
from prme_cli.relate.types import (
    EvidenceRecord,
    Operand,
    Resolution,
    duration_terms,
    span_end,
)

_FUNCTION = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "its",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "with",
        "and",
        "or",
        "by",
        "up",
        "did",
        "do",
        "does",
        "was",
        "were",
        "is",
        "are",
        "i",
        "we",
        "me",
        "us",
        "it",
        "this",
        "that",
    ]
)
_PART_WORDS = {
    "start": frozenset(
        ["start", "started", "starting", "begin", "began", "begun", "beginning", "kick"]
    ),
    "end": frozenset(
        [
            "finish",
            "finished",
            "finishing",
            "complete",
            "completed",
            "end",
            "ended",
            "wrap",
            "back",
            "return",
            "returned",
            "home",
        ]
    ),
    "create": frozenset(
        ["create", "created", "creating", "add", "added", "open", "opened", "file", "filed"]
    ),
}
_LIGHT = frozenset(["get", "got", "go", "went", "come", "came", "have", "had", "take", "took"])
#: Words of a present-tense question that pick the one of a series still to come.
_TO_COME = frozenset(["next", "upcoming", "coming"])
#: Nouns by which a question refers to the task itself ("the task for repainting …").
_SELF_NOUNS = frozenset(["task", "ticket", "item", "todo", "issue", "card", "entry"])
_DONE_STATES = lazyre.compile(r"^(?:DONE|FINISHED|COMPLETED?|CLOSED|FIXED|SHIPPED|OK)$")
_CANCEL_STATES = lazyre.compile(
    r"^(?:CANCEL+ED|CANCEL|DROPPED|ABANDONED|KILLED|WONTDO|WONTFIX|SKIPPED|SKIP|MISSED|DELEGATED?"
    r"|REJECTED|SCRAPPED|FAILED|DECLINED|WITHDRAWN)$"  # closings by another outcome than the deed
)
#: Closings by another party's verdict ("SUBMITTED | ACCEPTED"): the day the answer came.
_VERDICT_STATES = lazyre.compile(r"^(?:ACCEPTED|APPROVED|GRANTED)$")
_STATE = lazyre.compile(r'^-?\s*State\s+"(?P<state>[^"]+)"')
_HEADING = lazyre.compile(
    r"^(?P<stars>\*+)\s+(?:(?P<kw>[A-Z]{2,})\s+)?(?P<title>.*)$", re.MULTILINE
)
#: A question about the future: its modal words, or a present progressive of a coming
#: arrangement ("When are we painting the kids' room?", "When is Ines moving out?").
_PLAN_QUESTION = lazyre.compile(
    r"\b(?:going\s+to|will|shall|planned|planning|scheduled|due|supposed\s+to)\b"
    r"|^\s*when\s+(?:am|is|are)\s+(?:I|we|(?-i:[A-Z][\w'-]*)(?<!'s))"
    r"(?:\s+and\s+(?-i:[A-Z][\w'-]*))?\s+[a-z]+ing\b",
    re.IGNORECASE,
)
_STRUCTURE_LINE = lazyre.compile(
    r"^\s*(?:-\s*State\s+\"|CLOSED:|CLOCK:|SCHEDULED:|DEADLINE:|:CREATED:|"
    r"(?i::(?:when|date|event_date|event_time):)|:[A-Za-z]+:\s*[\[<]\d{4}-)"
)
#: A property line, and the gate's own names of the properties that date a heading's event
#: (``:WHEN: [a]--[b]``): any other property's stamp (``:REMINDER:``, ``:LAST_SEEN:``) says
#: nothing of when the event was.
_PROPERTY_LINE = lazyre.compile(r"^\s*:(?P<name>[\w-]+):")
_EVENT_DATE_NAMES = frozenset({"when", "date", "event_date", "event_time"})
#: A property that dates the heading's start (``:STARTED: [..]`` in a reading log); one
#: named by a done keyword (``:FINISHED:``) dates its end.
_BEGUN_NAMES = frozenset({"STARTED", "BEGUN", "BEGAN"})


@dataclass(frozen=True, slots=True)
class StructureCheck:
    probability: float
    reasons: tuple[str, ...]


_PATH_LINE = lazyre.compile(r"^path: (.+)$", re.MULTILINE)


def _heading(record: EvidenceRecord) -> tuple[str | None, str]:
    """(TODO keyword, title) of the record's own heading, read from its text."""
    m = _HEADING.search(record.text)
    if not m:
        return None, record.title
    return m["kw"], m["title"]


def _stamp_line(quote: str, expression: str) -> str:
    """The line of a quote that holds the expression: a quote may run from the heading to
    the LOGBOOK line it dates ("* DONE Essay …\n  :LOGBOOK:\n  - State …"), and that line is
    what asserts the event."""
    lines = quote.splitlines() or [quote]
    return next((line for line in lines if expression and expression in line), lines[-1])


def is_structure_quote(operand: Operand, record: EvidenceRecord | None) -> bool:
    """True when the operand cites an org structure line or its heading's own stamp."""
    if record is None or operand.time_basis not in ("org_timestamp", "duration"):
        return False
    if _STRUCTURE_LINE.match(_stamp_line(operand.quote, operand.time_expression)):
        return True
    _, title = _heading(record)
    quote = operand.quote.strip()
    return bool(quote) and (quote in title or re.fullmatch(r"[<\[][^\n]*[>\]]", quote) is not None)


def _trigrams(word: str) -> set[str]:
    padded = f"  {word} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _meets(word: str, title_words: list[str]) -> bool:
    for other in title_words:
        if word[:4] == other[:4] and min(len(word), len(other)) >= 4:
            return True
        if word == other:
            return True
        a, b = _trigrams(word), _trigrams(other)
        if a and b and 2 * len(a & b) / (len(a) + len(b)) >= 0.5:
            return True
    return False


def _words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", text)]


def _asked_part(name: str) -> str | None:
    told = _words(name)
    # "the quarterly tax return", "the year end": a part word after another content word of a
    # noun phrase heads a compound noun, it does not ask for that part of the event
    noun_phrase = bool(told) and told[0] in ("the", "a", "an", "my", "our", "your")
    found = {
        w
        for i, w in enumerate(told)
        if not (
            noun_phrase
            and i > 1
            and w not in ("back", "home")
            and told[i - 1] not in _FUNCTION
            and not any(told[i - 1] in c for c in _PART_WORDS.values())
        )
    }
    for part, cue in _PART_WORDS.items():
        if found & cue:
            return part
    return None


def state_kind(state: str, keywords: FileKeywords) -> str:
    """What a change into ``state`` asserts: ``end``, ``cancel``, ``verdict`` or ``start``. A keyword its
    file declares is read by the file's sets (one before the ``|`` opens, one after closes,
    by a cancel when the gate's own list names it one); any other by the gate's lists."""
    if keywords.lists(state):
        if state in keywords.open:
            return "start"
        return _closing_kind(state)
    if _CANCEL_STATES.match(state) or _VERDICT_STATES.match(state):
        return _closing_kind(state)
    return "end" if _DONE_STATES.match(state) else "start"


#: The keywords a LOGBOOK state change names on either side ('- State "FIXED" from
#: "REPAIR"'): the states the task has been in.
_BEEN_IN = lazyre.compile(
    r'^[ \t]*-[ \t]*State[ \t]+"[A-Za-z-]+"[ \t]+from[ \t]+"([A-Za-z-]+)"', re.MULTILINE
)


def _closing_kind(keyword: str | None) -> str:
    """What a closing keyword asserts: ``cancel`` (the event did not take place),
    ``verdict`` (another party's answer to it) or ``end`` (the deed done)."""
    word = (keyword or "").upper()
    if _CANCEL_STATES.match(word):
        return "cancel"
    return "verdict" if _VERDICT_STATES.match(word) else "end"


def _kind(
    quote: str, expression: str, keyword: str | None, keywords: FileKeywords = NO_FILE_KEYWORDS
) -> str:
    """What the cited line asserts: start, end, cancel, verdict, plan, work, range-start, range-end,
    created, stamp (an event-date property's too), property (another property's stamp)."""
    m = _STATE.match(quote.strip())
    if m:
        return state_kind(m["state"], keywords)
    head = quote[: quote.find(expression)] if expression in quote else quote
    if re.search(r"CLOCK:\s*$", head) or quote.lstrip().startswith("CLOCK:"):
        return "work"
    if re.search(r"(?:SCHEDULED|DEADLINE):\s*$", head):
        return "plan"
    if re.search(r"CLOSED:\s*$", head):
        return _closing_kind(keyword)
    if re.search(r":CREATED:\s*$", head):
        return "created"
    prop = _PROPERTY_LINE.match(quote)
    if prop and prop["name"].lower() not in _EVENT_DATE_NAMES:
        name = prop["name"].upper()
        if _DONE_STATES.match(name):
            return "end"
        return "start" if name in _BEGUN_NAMES else "property"
    if "--" in quote and expression in quote:
        first, _, second = quote.partition("--")
        if expression in second and expression not in first:
            return "range-end"
        return "range-start"
    # an appointment's stamp under a cancelled or skipped keyword did not take place
    return "cancel" if keyword and _CANCEL_STATES.match(keyword) else "stamp"


def _rank_among_changes(text: str, state: str, expression: str) -> tuple[bool, bool] | None:
    """(is it the earliest, is it the latest) of the changes into ``state`` in ``text``, for
    the one dated ``expression``; None when that change is not there."""
    dated = []
    for line in text.splitlines():
        m = _STATE.match(line.strip())
        if m and m["state"] == state:
            for ts in orgtime.find_timestamps(line):
                if ts.start is not None:
                    dated.append((ts.start, ts.raw))
    mine = [start for start, raw in dated if raw == expression.strip()]
    if not mine:
        return None
    starts = [start for start, _ in dated]
    return mine[0] == min(starts), mine[0] == max(starts)


def _whole_stamp(expression: str, quote: str) -> bool:
    if re.fullmatch(r"=>\s*\d+:[0-5]\d", expression.strip()):
        return expression in quote
    try:
        stamp = orgtime.parse_timestamp(expression.strip())
    except ValueError:
        return False
    if stamp.start is None:
        return False
    return any(
        ts.raw == expression.strip() or expression.strip() in ts.raw.split("--")
        for ts in orgtime.find_timestamps(quote)
    )


def check(
    question: str, resolution: Resolution, operand: Operand, record: EvidenceRecord
) -> StructureCheck:
    quote, expression = operand.quote, operand.time_expression
    if quote not in record.text or expression not in quote:
        return StructureCheck(0.0, ("quote or expression not verbatim",))
    if not _whole_stamp(expression, quote):
        return StructureCheck(0.0, ("the expression is not a whole org timestamp of the line",))
    keyword, title = _heading(record)
    title_words = _words(re.sub(r"[<\[][^>\]]*[>\]]", " ", title))
    name_words = [
        w
        for w in _words(operand.name)
        if w not in _FUNCTION
        and w not in _LIGHT
        and w not in _SELF_NOUNS
        and not any(w in c for c in _PART_WORDS.values())
    ]
    if not name_words:
        # "finish it": the other operand on the same heading names the thing
        for other in resolution.operands:
            if other is not operand and other.evidence_id == operand.evidence_id:
                name_words = [
                    w
                    for w in _words(other.name)
                    if w not in _FUNCTION
                    and w not in _LIGHT
                    and w not in _SELF_NOUNS
                    and not any(w in c for c in _PART_WORDS.values())
                ]
                break
    if not name_words and re.search(r"\b(?:it|them|one)\b", operand.name, re.IGNORECASE):
        # "between gluing up the frame and finishing it": the pronoun stands for the thing
        # the other name does something to (its words after its verb)
        for other in resolution.operands:
            if other is operand:
                continue
            name_words = [
                w
                for w in _words(other.name)[1:]
                if w not in _FUNCTION
                and w not in _LIGHT
                and w not in _SELF_NOUNS
                and not any(w in c for c in _PART_WORDS.values())
            ]
            if name_words:
                break
    if re.match(r"\s*when\s+(?:is|are)\b", question, re.IGNORECASE):
        # "When is my next check-up?": "next" picks the one still to come, no title word
        name_words = [w for w in name_words if w not in _TO_COME]
    if not name_words:
        return StructureCheck(0.3, ("the name has no specific words",))
    missing = [w for w in name_words if not _meets(w, title_words)]
    trip_words = {"trip", "journey", "holiday", "vacation", "stay", "visit", "weekend", "travel"}
    missing = [
        w for w in missing if not (w.removesuffix("s") in trip_words and "--" in record.text)
    ]
    outline = _PATH_LINE.search(record.text)
    if missing and outline and operand.time_basis == "duration":
        # work clocked on a task is work on the project it lies under ("path: Website
        # relaunch" above "* DONE Migrate the blog posts")
        path_words = _words(outline.group(1))
        missing = [w for w in missing if not _meets(w, path_words)]
    if missing and operand.time_basis == "duration":
        # work clocked on "Bicycle: rear hub grinding" while its LOGBOOK had it in REPAIR is
        # work on the rear hub's repair: a state the task was in names its activity
        been_in = [k.lower() for k in _BEEN_IN.findall(record.text)]
        missing = [w for w in missing if not _meets(w, been_in)]
    line = _stamp_line(quote, expression)
    state = _STATE.match(line.strip())
    prop = _PROPERTY_LINE.match(line)
    named = (
        prop["name"]
        if prop and not state and words.is_past_participle(prop["name"].lower())
        else None
    )
    deed_by_state = False
    if missing and (state or named):
        # "When did I submit the essay?" over '- State "SUBMITTED" …', "When did I buy the
        # dishwasher?" over ':BOUGHT: [..]': the keyword or property, a participle of the
        # asked verb, names the deed the change or the property dates
        told = state["state"] if state else named or ""
        keyword_key = words.event_key(told.lower())
        deed = [w for w in missing if words.event_key(w) == keyword_key]
        if deed and keyword_key != told.lower():
            missing = [w for w in missing if w not in deed]
            deed_by_state = True
            # "first"/"last" of several changes into the keyword: the cited one must be it
            rank = _rank_among_changes(record.text, told, expression) if state else None
            for word, wanted_rank in (("first", 0), ("last", -1)):
                if word in missing and rank is not None and rank[wanted_rank]:
                    missing.remove(word)
    if named and not deed_by_state:
        # "return the espresso machine" over ':RETURNED: [..]': a part word ("return",
        # "finish") is no specific word, yet the property names that very deed
        keyword_key = words.event_key(named.lower())
        deed_by_state = keyword_key != named.lower() and any(
            words.event_key(w) == keyword_key for w in _words(operand.name)
        )
    if missing and keyword and re.match(r"\s*CLOSED:", line):
        # "* RAN Autumn 5k in the park" / "CLOSED: […]": the closing keyword is the deed done
        closing_key = words.event_key(keyword.lower())
        if closing_key != keyword.lower():
            missing = [w for w in missing if words.event_key(w) != closing_key]
    if missing:
        return StructureCheck(0.3, (f"the heading does not name: {', '.join(missing)}",))
    kind = _kind(line, expression, keyword, record.keywords)
    if deed_by_state:
        kind = "deed"
    asked = _asked_part(operand.name)
    span = span_end(resolution, operand)
    wanted = span or asked
    reasons = [f"line asserts {kind}", f"name asks {wanted or 'the event'}"]
    if kind == "cancel":
        return StructureCheck(0.1, (*reasons, "a cancelled task did not happen"))
    if kind == "verdict":
        return StructureCheck(0.1, (*reasons, "a verdict on the task is not the date of its deed"))
    if kind == "plan" and not _PLAN_QUESTION.search(question):
        return StructureCheck(0.2, (*reasons, "a plan cited for a deed"))
    body = denial.read_body(record.whole_text, title)
    stamped = kind in ("range-start", "range-end", "stamp")
    if (body.denied and (stamped or kind in ("start", "end"))) or (body.moved and stamped):
        # a moved plan does not undo a task's done change; a denied event has no part at all
        return StructureCheck(0.1, (*reasons, f"the heading's {body.reason()}"))
    attending = denial.attendance(operand.name)
    if (
        attending is not None
        and (stamped or kind in ("start", "end"))
        and not denial.writer_is_doer(re.sub(r"[<\[][^>\]]*[>\]]", " ", title))
    ):
        # "Lena's graduation <…>" with "I wasn't there, flight delayed" under it: the event
        # took place, the writer's attendance asked did not
        absent = denial.body_absence(record.whole_text, title, attending)
        if absent:
            return StructureCheck(
                0.1, (*reasons, f"the heading's body says the writer took no part: '{absent}'")
            )
    if body.ended_otherwise and kind == "range-end":
        return StructureCheck(
            0.2, (*reasons, f"the body says it ended otherwise: '{body.ended_otherwise}'")
        )
    if body.marked_late and kind == "end":
        return StructureCheck(
            0.2, (*reasons, f"the body says it was done before it was marked: '{body.marked_late}'")
        )
    if kind == "deed":
        # a gerund keyword (DRAFTING) is when the deed began; a participle when it was done
        begun = (state is not None and state["state"].lower().endswith("ing")) or (
            named is not None and named.upper() in _BEGUN_NAMES
        )
        ok = (wanted == "start") == begun and operand.time_basis != "duration"
    elif operand.time_basis == "duration":
        ok = kind == "work"
    elif wanted == "start":
        ok = kind in ("start", "range-start", "work")
    elif wanted == "end":
        ok = kind in ("end", "range-end")
    elif wanted == "create":
        ok = kind == "created"
    else:
        ok = kind in ("end", "range-start", "stamp", "plan")
    if not ok:
        return StructureCheck(0.2, (*reasons, "the line is another part of the event"))
    subject = re.match(
        r"\s*(?i:when|how|which|what)\b.*?\b(?i:did|was|were|has|had)\s+"
        r"(?P<who>[A-Z][a-z]+)\b",
        question,
    )
    if subject and subject["who"] not in ("I",) and subject["who"].lower() not in title.lower():
        return StructureCheck(0.2, (*reasons, "someone else's event: the heading is the writer's"))
    if not _plausible(resolution, record):
        return StructureCheck(0.1, (*reasons, "the end is dated before the start"))
    return StructureCheck(0.95, tuple(reasons))


def _plausible(resolution: Resolution, record: EvidenceRecord) -> bool:
    """The two ends of one event in time order: an interval's two operands with one name,
    and each span term of a sum whose two ends are both org stamps."""
    ops = resolution.operands
    if resolution.operation == "duration_sum":
        pairs = [
            (ops[t[0]], ops[t[1]])
            for t in duration_terms(ops) or []
            if len(t) == 2 and all(ops[i].time_basis == "org_timestamp" for i in t)
        ]
    elif resolution.operation == "elapsed_between" and len(ops) == 2 and ops[0].name == ops[1].name:
        pairs = [(ops[0], ops[1])]
    else:
        return True
    for first, second in pairs:
        try:
            a = orgtime.parse_timestamp(first.time_expression.strip()).start
            b = orgtime.parse_timestamp(second.time_expression.strip()).start
        except ValueError:
            return False
        if a is None or b is None or a > b:
            return False
    return True
