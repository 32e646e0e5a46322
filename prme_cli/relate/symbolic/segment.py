"""Cut a record's text into the units a quote can be: org headings with their planning
stamps, and the sentences (and clauses) of body text.

Every unit keeps its character offsets in the record text, so whatever the resolver quotes
is a verbatim substring by construction. Drawers (``:PROPERTIES:``, ``:LOGBOOK:``) are not
prose; their state-change and clock lines are kept as org facts of the heading instead.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from prme_cli import lazyre
from prme_cli.events import CANCEL_STATES, NO_FILE_KEYWORDS, FileKeywords

#: TODO keywords seen in the wild, for a file that declares none: the record's own ``#+TODO``
#: line is not in its text, so a leading all-caps word is also taken as a keyword when a
#: planning line follows. A file's own keyword sets (:class:`FileKeywords`) replace them.
DONE_KEYWORDS = frozenset(
    {
        "DONE",
        "FINISHED",
        "COMPLETE",
        "COMPLETED",
        "CLOSED",
        "FIXED",
        "RESOLVED",
        "SHIPPED",
        "DELIVERED",
        "MERGED",
    }
)
#: A task closed without its event taking place: the library's one list of those states.
CANCEL_KEYWORDS = CANCEL_STATES
OPEN_KEYWORDS = frozenset(
    {
        "TODO",
        "NEXT",
        "WAITING",
        "WAIT",
        "HOLD",
        "SOMEDAY",
        "MAYBE",
        "STARTED",
        "DOING",
        "INPROGRESS",
        "IN-PROGRESS",
        "PLANNED",
        "PROJ",
        "PROJECT",
        "BLOCKED",
        "DELEGATED",
        "APPT",
        "REVIEW",
    }
)
ALL_KEYWORDS = DONE_KEYWORDS | CANCEL_KEYWORDS | OPEN_KEYWORDS

_HEADING = lazyre.compile(
    r"^(?P<stars>\*+)[ \t]+(?:(?P<todo>[A-Z][A-Z-]+)[ \t]+)?(?:\[#[A-Z0-9]\][ \t]+)?"
    r"(?P<title>.*?)(?:[ \t]+(?P<tags>:[\w@#%:]+:))?[ \t]*$"
)
_STAMP = lazyre.compile(
    r"[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>](?:--[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>])?"
)
#: The time of day an org-journal entry or a timed datetree entry opens its title with
#: ("** 07:45 Title", "**** 08:40–09:10 Title").
_ENTRY_CLOCK = lazyre.compile(
    r"(?:[01]?\d|2[0-3]):[0-5]\d(?:[ \t]*[-\u2013][ \t]*(?:[01]?\d|2[0-3]):[0-5]\d)?[ \t]+(?=\S)"
)
_PLANNING_WORD = lazyre.compile(r"(SCHEDULED|DEADLINE|CLOSED):[ \t]*")
_STATE = lazyre.compile(
    r"^[ \t]*[-+][ \t]+State[ \t]+\"(?P<to>[^\"]+)\"(?:[ \t]+from[ \t]+"
    r"\"(?P<from>[^\"]*)\")?[ \t]*(?P<stamp>\[[^\]]+\])"
)
#: A LOGBOOK line that opens a note: a state change or "Note taken on" ending in "\\".
_LOG_NOTE = lazyre.compile(
    r"^[ \t]*[-+][ \t]+(?:State[ \t]+\"[^\"]+\"(?:[ \t]+from[ \t]+\"[^\"]*\")?|Note[ \t]+taken"
    r"[ \t]+on)[ \t]*(?P<stamp>\[[^\]\n]+\])[ \t]*\\\\[ \t]*$"
)
_CLOCK = lazyre.compile(r"^[ \t]*CLOCK:[ \t]*(?P<stamp>\[[^\]]+\])(?:--(?P<end>\[[^\]]+\]))?")
_DRAWER_START = lazyre.compile(r"^[ \t]*:(?P<name>[A-Za-z_-]+):[ \t]*$")
_DRAWER_END = lazyre.compile(r"^[ \t]*:END:[ \t]*$", re.IGNORECASE)
#: Lines that describe the record rather than tell anything: a property line, and the
#: metadata a packed record carries (``:ID:``, ``path:``, ``event_time:``, ``source:``,
#: ``timestamp <kind>:``), whose times are the record's own, not a sentence's.
_META_LINE = lazyre.compile(
    r"^[ \t]*(?::[\w@#%+-]+:(?:[ \t].*)?$|(?:path|event_time|source|"
    r"timestamp[ \t]+\w+)[ \t]*:|\[structured[:\]]|- reference :ID:)"
)
_STRUCTURED_STAMP = lazyre.compile(
    r"^[ \t]*timestamp[ \t]+(?P<kind>\w+)[ \t]*:[ \t]*"
    r"(?P<stamp>[<\[]\d{4}-\d{2}-\d{2}[^\]>\n]*[\]>])"
)
_SENTENCE_END = lazyre.compile(
    r"(?<=[.!?])[\"')\]]*[ \t]+(?=[\"'(\[]?[A-Z0-9])|(?<=[a-z0-9]{2}[.!?])[ \t]+(?=[a-z])"
    r"|(?<=[.!?])[\"')\]]*"
    r"\n|\n[ \t]*\n|\n(?=[ \t]*[-+*][ \t])|\n(?=[ \t]*\d+[.)][ \t])|\n(?=[ \t]*\|)"
)
#: Abbreviations that end in a dot without ending the sentence.
_ABBREVIATIONS = lazyre.compile(
    r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|vs|etc|e\.g|i\.e|approx|"
    r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|No|Mt|Ave|"
    r"U\.S|a\.m|p\.m)\.)$"
)
#: Before a word in lower case, a dot ends a terse fragment ("fixed bike. rode 20k.") unless
#: it ends a short word that is often an abbreviation ("approx. three", "3 km. then").
_LOWER_ABBREVIATIONS = lazyre.compile(
    r"\b(?:[A-Za-z]|approx|incl|esp|min|mins|hr|hrs|km|kg|ca|cca|cf|no|nr|tel|fig|vol|pp|"
    r"ofc|resp|ed|eds|ch|sec|dept|est|viz|al|etc|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)\.$"
    r"|\b(?-i:[A-Z][a-z]{1,3})\.$",  # "Ltd.", "Inc.", "Co.", "Dept." before a lower-case word
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class OrgFact:
    """A dated org construct under a heading: planning stamp, state change or clock line.

    ``kind`` is ``closed``, ``scheduled``, ``deadline``, ``state`` (with ``state`` the new
    keyword), ``clock`` or ``active`` (an active stamp in the heading or body). ``start``/
    ``end`` are offsets of the stamp in the record text.
    """

    kind: str
    start: int
    end: int
    line_start: int
    state: str = ""


@dataclass(frozen=True, slots=True)
class Heading:
    start: int
    end: int
    title_start: int
    title_end: int
    todo: str | None
    level: int
    facts: tuple[OrgFact, ...] = ()
    #: whether its file's own keyword sets say ``todo`` closes the task done (None: the file
    #: declares none, the keyword is read by its name)
    done: bool | None = None


@dataclass(frozen=True, slots=True)
class Sentence:
    """A unit of prose: ``start``/``end`` are offsets in the record text."""

    start: int
    end: int
    text: str
    heading: Heading | None = None  # set for a heading title used as a sentence
    index: int = 0
    #: who says it: a "Name:" line it sits under, else the record's speaker, else None
    speaker: str | None = None
    #: where the words naming the speaker start (the label or the heading), if any
    speaker_at: int | None = None
    #: the speaker is named by a "Name:" label on the sentence's own line, inside the text
    #: ("Jo: I spent …" quoted in a journal entry), not by the record's own heading ("** user")
    #: or the label that opens the record (a turn kept as "Tomas: …")
    labelled: bool = False


@dataclass(slots=True)
class Segmented:
    headings: list[Heading] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    speaker: str | None = None


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    pos = 0
    for line in text.split("\n"):
        out.append((pos, line))
        pos += len(line) + 1
    return out


def _is_keyword(word: str | None, next_is_planning: bool) -> bool:
    if not word:
        return False
    return word in ALL_KEYWORDS or (next_is_planning and word.isupper() and len(word) >= 2)


def _heading_keyword(
    line: str, heading: re.Match[str], planning_follows: bool, keywords: FileKeywords
) -> tuple[str | None, int]:
    """A heading's TODO keyword (None if it has none) and where its title starts in ``line``.
    A file that declares its keywords has exactly those (in any spelling org allows:
    ``WAIT_EXT``, ``Done``); else a keyword seen in the wild, or an all-caps word before a
    planning line."""
    todo = heading.group("todo")
    if keywords.declared:
        word = _FIRST_WORD.match(line, heading.end("stars"))
        if word is not None and keywords.lists(word.group("word")):
            cookie = _PRIORITY.match(line, word.end())
            rest = line[word.end() :]
            return word.group("word"), cookie.end() if cookie else len(line) - len(rest.lstrip())
        return None, heading.start("todo") if todo else heading.start("title")
    if todo and not _is_keyword(todo, planning_follows):
        return None, heading.start("todo")
    return todo, heading.start("title")


#: The first word after a heading's stars, and the priority cookie that may follow a keyword.
_FIRST_WORD = lazyre.compile(r"[ \t]+(?P<word>[^\s]+)")
_PRIORITY = lazyre.compile(r"[ \t]+\[#[A-Z0-9]\][ \t]+")


def segment(text: str, keywords: FileKeywords = NO_FILE_KEYWORDS) -> Segmented:
    """Split ``text`` into headings (with their org facts) and prose sentences; ``keywords``
    are the TODO keyword sets the record's file declares itself, if any."""
    out = Segmented()
    lines = _lines(text)
    prose: list[tuple[int, int]] = []  # (start, end) offsets of prose runs
    current: dict | None = None
    in_drawer: str | None = None
    note_open = False
    for i, (pos, line) in enumerate(lines):
        heading = _HEADING.match(line) if line.startswith("*") else None
        if heading:
            _close_heading(out, current)
            nxt = lines[i + 1][1] if i + 1 < len(lines) else ""
            planning_follows = bool(_PLANNING_WORD.match(nxt.strip()))
            todo, title_at = _heading_keyword(line, heading, planning_follows, keywords)
            title_start = pos + title_at
            title_end = pos + heading.end("title")
            clock = _ENTRY_CLOCK.match(text, title_start, title_end)
            if clock is not None:
                title_start = clock.end()  # "** 07:45 First session with …": the time is no word
            current = {
                "start": pos,
                "end": pos + len(line),
                "title_start": title_start,
                "title_end": title_end,
                "todo": todo,
                "done": keywords.finished(todo) if todo else None,
                "level": len(heading.group("stars")),
                "facts": [],
            }
            for m in _STAMP.finditer(line):
                if m.group(0).startswith("<"):
                    current["facts"].append(OrgFact("active", pos + m.start(), pos + m.end(), pos))
            in_drawer = None
            continue
        stripped = line.strip()
        if in_drawer:
            if _DRAWER_END.match(line):
                in_drawer = None
                note_open = False
                prose.append((pos, pos))
                continue
            if current is not None:
                _drawer_line(current, pos, line)
            opened = _LOG_NOTE.match(line) if in_drawer == "LOGBOOK" else None
            if opened:
                # "- State "WAITING" from "TODO" [stamp] \\" or "- Note taken on [stamp] \\":
                # the note's text below is a sentence of its own, dated by the stamp
                prose.append((pos, pos))
                prose.append((pos + opened.start("stamp"), pos + opened.end("stamp")))
                note_open = True
            elif note_open and stripped and not stripped.startswith(("-", "CLOCK:")):
                prose.append((pos, pos + len(line)))
            else:
                note_open = False
            continue
        drawer = _DRAWER_START.match(line)
        if drawer and drawer.group("name").upper() != "END":
            in_drawer = drawer.group("name").upper()
            continue
        structured = _STRUCTURED_STAMP.match(line)
        if structured and current is not None:
            # A packed record in its structured form lists its stamps as "timestamp closed:
            # [..]": the same org facts, in another dress.
            kind = structured.group("kind").lower()
            kind = {"state": "state"}.get(kind, kind)
            stamp_start = pos + structured.start("stamp")
            if kind in ("closed", "scheduled", "deadline", "clock", "active"):
                current["facts"].append(
                    OrgFact(kind, stamp_start, pos + structured.end("stamp"), pos)
                )
            continue
        if stripped.startswith("#+") or _DRAWER_END.match(line) or _META_LINE.match(line):
            continue
        if _STAMP.fullmatch(stripped):
            # A line holding only a stamp: an active one is the heading's appointment, an
            # inactive one the moment the entry was captured (org-capture's %U) — the note's
            # own time, not a sentence's.
            if stripped.startswith("<") and current is not None:
                current["facts"].append(
                    OrgFact(
                        "active",
                        pos + line.index(stripped),
                        pos + line.index(stripped) + len(stripped),
                        pos,
                    )
                )
            prose.append((pos, pos))
            continue
        if _PLANNING_WORD.match(stripped) and current is not None:
            for m in _PLANNING_WORD.finditer(line):
                stamp = _STAMP.match(line, m.end())
                if stamp:
                    current["facts"].append(
                        OrgFact(m.group(1).lower(), pos + stamp.start(), pos + stamp.end(), pos)
                    )
            continue
        if _CLOCK.match(line) or _STATE.match(line):
            if current is not None:
                _drawer_line(current, pos, line)
            continue
        if current is not None:
            for m in _STAMP.finditer(line):
                if m.group(0).startswith("<"):
                    current["facts"].append(OrgFact("active", pos + m.start(), pos + m.end(), pos))
        if stripped:
            prose.append((pos, pos + len(line)))
        else:
            prose.append((pos, pos))  # a blank line ends a paragraph
    _close_heading(out, current)
    out.sentences.extend(_sentences(text, prose, out.headings))
    out.speaker = _speaker(text, out.headings)
    turns = [(m.start("name"), m.group("name")) for m in _SPEAKER_TURN.finditer(text)]
    record_speaker_at = (
        out.headings[0].start
        if out.speaker and out.headings
        else (turns[0][0] if out.speaker and turns else None)
    )
    turn_starts = [at for at, _ in turns]  # in text order
    for n, s in enumerate(out.sentences):
        said = bisect_right(turn_starts, s.start)  # the turns that began before it
        speaker_at: int | None
        speaker: str | None
        if said:
            speaker_at, speaker = turns[said - 1]
        else:
            speaker_at, speaker = record_speaker_at, out.speaker
        out.sentences[n] = Sentence(
            s.start,
            s.end,
            s.text,
            s.heading,
            n,
            speaker,
            speaker_at if speaker else None,
            bool(said)
            and speaker_at is not None
            and speaker_at != record_speaker_at
            and "\n" not in text[speaker_at : s.start],
        )
    return out


def _drawer_line(current: dict, pos: int, line: str) -> None:
    state = _STATE.match(line)
    if state:
        start = pos + state.start("stamp")
        current["facts"].append(
            OrgFact("state", start, pos + state.end("stamp"), pos, state.group("to"))
        )
        return
    clock = _CLOCK.match(line)
    if clock:
        current["facts"].append(
            OrgFact("clock", pos + clock.start("stamp"), pos + clock.end("stamp"), pos)
        )


def _close_heading(out: Segmented, current: dict | None) -> None:
    if current is None:
        return
    heading = Heading(
        current["start"],
        current["end"],
        current["title_start"],
        current["title_end"],
        current["todo"],
        current["level"],
        tuple(current["facts"]),
        current["done"],
    )
    out.headings.append(heading)


def _sentences(text: str, prose: list[tuple[int, int]], headings: list[Heading]):
    """Sentences of prose runs (consecutive non-blank lines form a paragraph) and each
    heading title as a sentence of its own."""
    for h in headings:
        if h.title_end > h.title_start:
            yield Sentence(h.title_start, h.title_end, text[h.title_start : h.title_end], h)
    paragraphs: list[tuple[int, int]] = []
    start: int | None = None
    end = 0
    for a, b in prose:
        if a == b:
            if start is not None:
                paragraphs.append((start, end))
            start = None
            continue
        if start is None:
            start = a
        end = b
    if start is not None:
        paragraphs.append((start, end))
    for a, b in paragraphs:
        yield from _split_paragraph(text, a, b)


def _split_paragraph(text: str, a: int, b: int):
    pos = a
    chunk = text[a:b]
    for m in _SENTENCE_END.finditer(chunk):
        end = a + m.start()
        piece = text[pos:end]
        if _ABBREVIATIONS.search(piece.rstrip()) and "\n" not in m.group(0):
            continue
        if (
            "\n" not in m.group(0)
            and text[a + m.end() : a + m.end() + 1].islower()
            and _LOWER_ABBREVIATIONS.search(piece.rstrip())
        ):
            continue
        yield from _emit(text, pos, end)
        pos = a + m.end()
    yield from _emit(text, pos, b)


def _emit(text: str, a: int, b: int):
    while a < b and text[a] in " \t\n-+*|":
        a += 1
    while b > a and text[b - 1] in " \t\n|":
        b -= 1
    if b - a >= 3 and (text[a - 1 : a] != "|" or _TABLE_CELLS.search(text[a:b])):
        # a table row is a sentence of its own (a log's dated row); its rule line is not
        yield Sentence(a, b, text[a:b])


#: A table row that has words in it (not a ``|---+---|`` rule line).
_TABLE_CELLS = lazyre.compile(r"[A-Za-z0-9]")


#: Org's own ``WORD:`` line openers (planning, clock and todo keywords): a line
#: "SCHEDULED: <…>" or "CLOCK: […]" is org's, not a person's turn. Org keyword lines
#: ("#+TITLE:") and drawer/property lines (":PROPERTIES:", ":ID:") cannot match a label,
#: which starts with a capital letter.
_NOT_A_NAME = r"(?!(?:SCHEDULED|DEADLINE|CLOSED|CLOCK|TODO|DONE)\b)"

_SPEAKER_LINE = lazyre.compile(
    rf"^\s*{_NOT_A_NAME}(?P<name>[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s*:\s+\S"
)


#: A turn in a transcript kept as prose: "Caroline: …" at the start of a line.
_SPEAKER_TURN = lazyre.compile(
    rf"^[ \t]*{_NOT_A_NAME}(?P<name>[A-Z][\w.-]*(?:[ \t][A-Z][\w.-]*)?)[ \t]*:[ \t]+(?=\S)",
    re.MULTILINE,
)


def speaker_labels(text: str) -> str:
    """``text`` without its "Name:" turn labels (to tell a subject named in the words from
    a subject who is only the speaker)."""
    return _SPEAKER_TURN.sub("", text)


def _speaker(text: str, headings: list[Heading]) -> str | None:
    """Who speaks in a chat-like record: a one-word heading ("** user", "** Caroline") or a
    "Name: …" line opening the text."""
    if headings:
        title = text[headings[0].title_start : headings[0].title_end].strip()
        if re.fullmatch(r"[A-Za-z][\w.-]*(?:\s[A-Z][\w.-]*)?", title) and len(title) <= 30:
            return title
    m = _SPEAKER_LINE.match(text)
    if m:
        return m.group("name")
    return None


CLAUSE_BREAK = lazyre.compile(
    r"\s*;\s*|\s+[-\u2013\u2014]+\s+|:\s+|,\s+(?:and|but|so|yet|while|whereas|though|although)\s+"
    r"|\s+(?:but|whereas|although|though|because|while)\s+|,\s+(?=(?:i|we|he|she|they)\s)"
    r"|\s+and\s+(?=(?:i|we|he|she|they|it|then)\s)|\s+(?:and\s+)?then\s+",
    re.IGNORECASE,
)


#: A title or a saying in quotation marks (not an apostrophe: "I'm", "the kids' room").
_QUOTED_TITLE = lazyre.compile(r"\"[^\"]+\"|\u201c[^\u201d]+\u201d|(?<![\w])'[^']+'(?![\w])")


def clauses(sentence: str) -> list[tuple[int, int]]:
    """Clause spans inside a sentence (offsets relative to the sentence), cut at
    coordinators, semicolons and dashes: the places where a second event with its own date
    usually begins."""
    spans = []
    pos = 0
    quoted = [q.span() for q in _QUOTED_TITLE.finditer(sentence)]
    for m in CLAUSE_BREAK.finditer(sentence):
        if any(a < m.start() < b for a, b in quoted):
            continue  # "'Sapiens: A Brief History'": a title in quotation marks is one phrase
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(sentence):
        spans.append((pos, len(sentence)))
    return spans or [(0, len(sentence))]
