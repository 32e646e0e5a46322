"""Tests for prme_cli.org.parse_org: outline, settings, bodies, time kinds, event_time."""

from __future__ import annotations

import re
from datetime import datetime as D
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prme_cli.model import Node
from prme_cli.org import parse_org

FIXTURES = Path(__file__).parent / "fixtures" / "org"
CORPUS = next(
    (
        p
        for p in (
            Path(__file__).resolve().parents[2] / "shared" / "corpora" / "org",
            Path("/work/shared/corpora/org"),
        )
        if p.is_dir()
    ),
    Path("/work/shared/corpora/org"),
)


def parse(text: str, path: str = "notes.org", **kw):
    return parse_org(text, path, **kw)


def heading(pf, title: str) -> Node:
    return next(n for n in pf.nodes if n.title == title)


def kinds(node: Node) -> list[tuple[str, int]]:
    return [(t.kind, t.line) for t in node.timestamps]


# ------------------------------------------------------------------ file node


def test_file_node_from_title_and_preamble():
    pf = parse(
        "#+TITLE: My notes\n#+DATE: <2026-11-29 Sun>\nintro [2026-11-01]\n\n\n* A\n", "/x/notes.org"
    )
    f = pf.nodes[0]
    assert (f.kind, f.level, f.line, f.title, f.parent) == ("file", 0, 1, "My notes", None)
    assert f.body == "#+TITLE: My notes\n#+DATE: <2026-11-29 Sun>\nintro [2026-11-01]"
    assert kinds(f) == [("keyword", 2), ("inactive", 3)]
    assert (f.event_time, f.event_source) == (D(2026, 11, 29), "keyword")


def test_file_node_title_defaults_to_stem_and_daily_name_dates_it():
    pf = parse("* A\n", "/j/2026-11-29.org")
    f = pf.nodes[0]
    assert f.title == "2026-11-29" and f.body == ""
    assert kinds(f) == [("filename", 0)]
    assert (f.event_time, f.event_source) == (D(2026, 11, 29), "filename")


def test_bare_date_keyword_and_bad_date_keyword():
    assert parse("#+date: 2026-11-29\n").nodes[0].event_time == D(2026, 11, 29)
    pf = parse("#+DATE: whenever\n")
    assert pf.nodes[0].event_time is None
    assert pf.warnings == ["notes.org:1: #+DATE: value is not a date: whenever"]


def test_org_roam_file_properties():
    pf = parse(
        ":PROPERTIES:\n:ID: 1f2e\n:END:\n#+title: Roam node\n\nText\n",
        "20261129101530-roam_node.org",
    )
    f = pf.nodes[0]
    assert f.properties == {"ID": "1f2e"} and f.title == "Roam node"
    assert f.event_time == D(2026, 11, 29, 10, 15, 30)


def test_empty_file_has_only_the_file_node():
    pf = parse("", "empty.org")
    assert len(pf.nodes) == 1 and pf.nodes[0].title == "empty" and pf.warnings == []


# ------------------------------------------------------------------ headings

HEADINGS = [
    # line, level, todo, priority, title, own tags
    ("* Plain", 1, None, None, "Plain", ()),
    ("** TODO Task", 2, "TODO", None, "Task", ()),
    ("* DONE [#A] Done task :work:", 1, "DONE", "A", "Done task", ("work",)),
    ("* [#B] Priority only", 1, None, "B", "Priority only", ()),
    ("* TODOs are not a keyword", 1, None, None, "TODOs are not a keyword", ()),
    ("* TODO", 1, "TODO", None, "", ()),
    ("*   Spaces   inside  kept    :a:b:", 1, None, None, "Spaces   inside  kept", ("a", "b")),
    ("*\tTabbed\ttitle\t:t:", 1, None, None, "Tabbed\ttitle", ("t",)),
    ("* TODO\tTab after keyword", 1, "TODO", None, "Tab after keyword", ()),
    ("* Time 10:30 is not a tag", 1, None, None, "Time 10:30 is not a tag", ()),
    ("* Ends with colon:", 1, None, None, "Ends with colon:", ()),
    ("* :onlytag:", 1, None, None, "", ("onlytag",)),
    (
        "* Tags with odd chars :@home:q_1:#x:%y:",
        1,
        None,
        None,
        "Tags with odd chars",
        ("@home", "q_1", "#x", "%y"),
    ),
    ("* Unicode tags :réunion:会议:", 1, None, None, "Unicode tags", ("réunion", "会议")),
    ("* Dup tags :a:a:", 1, None, None, "Dup tags", ("a",)),
    ("*** Deep", 3, None, None, "Deep", ()),
]


@pytest.mark.parametrize(("line", "level", "todo", "priority", "title", "tags"), HEADINGS)
def test_heading_parts(line, level, todo, priority, title, tags):
    [node] = parse(line + "\n").nodes[1:]
    assert (node.level, node.todo, node.priority, node.title, node.own_tags) == (
        level,
        todo,
        priority,
        title,
        tags,
    )


@pytest.mark.parametrize("line", ["*bold* text", "**", "*", " * indented list item", "x * y"])
def test_not_headings(line):
    assert len(parse(line + "\n").nodes) == 1


def test_custom_todo_keywords_from_file():
    text = (
        "#+TODO: TODO NEXT(n) | DONE(d!) CANCELLED(c@/!)\n#+SEQ_TODO: WAIT HOLD\n"
        "#+TYP_TODO: Fred Sara | Paid\n"
        "* NEXT a\n* CANCELLED b\n* HOLD c\n* WAIT d\n* Sara e\n* Paid f\n* STARTED g\n"
    )
    pf = parse(text, todo_keywords=("STARTED",), done_keywords=("FINISHED",))
    assert pf.todo_keywords == ("TODO", "NEXT", "WAIT", "Fred", "Sara")
    assert pf.done_keywords == ("DONE", "CANCELLED", "HOLD", "Paid")
    assert [n.todo for n in pf.nodes[1:]] == [
        "NEXT",
        "CANCELLED",
        "HOLD",
        "WAIT",
        "Sara",
        "Paid",
        None,
    ]


def test_configured_keywords_when_file_sets_none():
    pf = parse("* STARTED a\n* TODO b\n", todo_keywords=("STARTED",), done_keywords=("OVER",))
    assert [n.todo for n in pf.nodes[1:]] == ["STARTED", None]
    assert (pf.todo_keywords, pf.done_keywords) == (("STARTED",), ("OVER",))


def test_todo_line_inside_example_block_is_ignored():
    pf = parse("#+begin_example\n#+TODO: FOO | BAR\n#+end_example\n* FOO x\n* TODO y\n")
    assert [n.todo for n in pf.nodes[1:]] == [None, "TODO"]


def test_outline_parents_paths_and_level_jumps():
    pf = parse("* A\n*** A-deep\n** A-b\n**** A-b-deep\n* B\n** B-a\n")
    by = {n.title: n for n in pf.nodes}
    assert by["A"].parent == 0 and by["A"].path == ()
    assert by["A-deep"].parent == pf.nodes.index(by["A"]) and by["A-deep"].path == ("A",)
    assert by["A-b"].parent == pf.nodes.index(by["A"])
    assert by["A-b-deep"].path == ("A", "A-b")
    assert by["B-a"].path == ("B",) and by["B"].parent == 0


def test_occurrence_counts_same_path_and_title():
    pf = parse("* Meeting\n* Meeting\n** Notes\n* Other\n** Notes\n* Meeting\n")
    assert [(n.title, n.occurrence) for n in pf.nodes[1:]] == [
        ("Meeting", 0),
        ("Meeting", 1),
        ("Notes", 0),
        ("Other", 0),
        ("Notes", 0),
        ("Meeting", 2),
    ]


def test_tag_inheritance_with_filetags():
    text = "#+FILETAGS: :proj:home:\n* A :a:\n** B :b:proj:\n*** C :c:\n* D\n"
    pf = parse(text)
    assert pf.nodes[0].tags == ("proj", "home")
    by = {n.title: n for n in pf.nodes}
    assert by["B"].own_tags == ("b", "proj")
    assert by["C"].tags == ("proj", "home", "a", "b", "c")
    assert by["D"].tags == ("proj", "home")


def test_filetags_after_first_heading_and_space_separated():
    pf = parse("* A :x:\n#+filetags: one two\n")
    assert pf.nodes[1].tags == ("one", "two", "x")


def test_properties_and_ids():
    text = (
        "* Task\n  SCHEDULED: <2026-11-29 Sun>\n  :PROPERTIES:\n  :ID:       9a1-b\n"
        "  :CUSTOM_ID: task-1\n  :Effort:   1:00\n  :EMPTY:\n  :header-args:python: :x 1\n"
        "  :VAR: a\n  :VAR+: b\n  :END:\nbody\n"
    )
    node = parse(text).nodes[1]
    assert node.properties == {
        "ID": "9a1-b",
        "CUSTOM_ID": "task-1",
        "Effort": "1:00",
        "EMPTY": "",
        "header-args:python": ":x 1",
        "VAR": "a b",
    }


def test_body_is_verbatim_own_text():
    text = (
        "* A\n  SCHEDULED: <2026-11-29 Sun>\n  :PROPERTIES:\n  :ID: x\n  :END:\n"
        "  :LOGBOOK:\n  CLOCK: [2026-11-29 Sun 09:00]--[2026-11-29 Sun 10:00] =>  1:00\n"
        "  :END:\n\n  text [2026-11-29 Sun]\n\n\n** Child\nchild text\n"
    )
    pf = parse(text)
    a = pf.nodes[1]
    assert a.body.split("\n") == text.split("\n")[1:10]
    assert pf.nodes[2].body == "child text"
    # body line i is file line node.line + 1 + i
    lines = text.split("\n")
    for ts in a.timestamps:
        assert ts.raw in lines[ts.line - 1]
        assert a.body.split("\n")[ts.line - a.line - 1] == lines[ts.line - 1]


# ------------------------------------------------------------------ timestamps on nodes


def test_every_kind_on_a_node_with_line_numbers():
    text = """\
* TODO Review <2026-11-30 Mon 10:00> draft :x:
  DEADLINE: <2026-12-01 Tue -2d> SCHEDULED: <2026-11-29 Sun +1w>
  :PROPERTIES:
  :CREATED:  [2026-11-20 Fri 08:00]
  :LAST_REPEAT: [2026-11-22 Sun 09:00]
  :END:
  :LOGBOOK:
  - State "DONE"       from "TODO"       [2026-11-22 Sun 09:00]
  - Note taken on [2026-11-21 Sat 18:00] \\\\
    a note with [2026-11-19 Thu] inside
  CLOCK: [2026-11-21 Sat 10:00]--[2026-11-21 Sat 11:15] =>  1:15
  CLOCK: [2026-11-23 Mon 10:00]
  :END:
  - Rescheduled from "[2026-11-25 Wed]" on [2026-11-24 Tue 12:00]
  Meet <2026-12-03 Thu>--<2026-12-04 Fri>, pay [2026-12-05 Sat 11:00-12:00],
  and <%%(diary-float t 4 2)>.
"""
    node = parse(text).nodes[1]
    assert kinds(node) == [
        ("active", 1),
        ("deadline", 2),
        ("scheduled", 2),
        ("created", 4),
        ("property", 5),
        ("state", 8),
        ("note", 9),
        ("inactive", 10),
        ("clock", 11),
        ("clock", 12),
        ("note", 14),
        ("range", 15),
        ("inactive", 15),
        ("diary", 16),
    ]
    labels = [t.label for t in node.timestamps]
    assert labels[3:7] == ["CREATED", "LAST_REPEAT", "DONE", "note"]
    assert labels[8] == "1:15" and labels[10] == "rescheduled"
    sched = node.timestamps[2]
    assert (sched.repeater, sched.start) == ("+1w", D(2026, 11, 29))
    assert node.timestamps[1].warning == "-2d"


def test_orgparse_logbook_fixture():
    pf = parse_org((FIXTURES / "orgparse_logbook.org").read_text(), "orgparse_logbook.org")
    drawer, rent = pf.nodes[1], pf.nodes[2]
    assert [t.kind for t in drawer.timestamps] == ["clock"] * 4
    assert drawer.timestamps[0].end == drawer.timestamps[0].start  # open clock: a point
    assert drawer.timestamps[1].end - drawer.timestamps[1].start == D(1, 1, 1, 0, 10) - D(1, 1, 1)
    assert [(t.kind, t.label) for t in rent.timestamps] == [("deadline", None)] + [
        ("state", "DONE")
    ] * 3
    assert rent.timestamps[0].repeater == "+1m"
    assert pf.warnings == []


def test_orgql_ts_fixture():
    pf = parse_org((FIXTURES / "orgql_ts.org").read_text(), "orgql_ts.org")
    by = {n.title: n for n in pf.nodes}
    single = by["Single-timestamp, without repeater"].timestamps[0]
    assert (single.kind, single.start, single.end) == (
        "active",
        D(2024, 6, 25, 8),
        D(2024, 6, 25, 9),
    )
    rep = by["Single-timestamp, with repeater (deadline)"].timestamps[0]
    assert (rep.kind, rep.repeater) == ("deadline", "++7d")
    multi = by["Multi-timestamp, without repeater"].timestamps[0]
    assert (multi.kind, multi.end) == ("range", D(2024, 6, 26, 8))
    assert by["French"].timestamps[0].start == D(2024, 7, 12)
    assert by["Canary"].timestamps == []


def test_stamps_in_src_and_example_blocks_are_not_extracted():
    text = (
        "* A\n#+begin_src python\nprint('<2026-01-01 Thu>')\n#+end_src\n"
        "#+BEGIN_EXAMPLE\n[2026-01-02 Fri]\n#+END_EXAMPLE\n"
        "#+BEGIN: clocktable :scope file\n#+CAPTION: Clock summary at [2026-01-03 Sat 10:00]\n"
        "#+END:\n#+begin_quote\nquoted <2026-01-04 Sun>\n#+end_quote\nafter [2026-01-05 Mon]\n"
    )
    node = parse(text).nodes[1]
    assert [t.start.day for t in node.timestamps] == [4, 5]
    assert "print('<2026-01-01 Thu>')" in node.body


def test_heading_inside_src_block_is_a_heading_like_org():
    text = "* A\n#+begin_src org\n* Inner\n#+end_src\n<2026-01-01 Thu>\n"
    pf = parse(text, "f.org")
    assert [n.title for n in pf.nodes[1:]] == ["A", "Inner"]
    expected = (
        "f.org:2: #+begin_src block not closed before the heading at line 3;"
        " org-mode reads that line as a heading"
    )
    assert pf.warnings == [expected]
    assert kinds(pf.nodes[2]) == [("active", 5)]  # the block ended at the heading


# ------------------------------------------------------------------ datetrees


def test_datetree_year_month_day():
    text = "* 2026\n** 2026-11 November\n*** 2026-11-29 Sunday\n**** Entry\n* 1984\n** Chapter\n"
    pf = parse(text)
    by = {n.title: n for n in pf.nodes}
    assert [(t.kind, t.label) for t in by["2026"].timestamps] == [("datetree", "year")]
    assert by["2026-11 November"].timestamps[0].label == "month"
    assert by["2026-11-29 Sunday"].event_time == D(2026, 11, 29)
    assert (by["Entry"].event_time, by["Entry"].event_source) == (D(2026, 11, 29), "datetree")
    assert by["1984"].timestamps == [] and by["Chapter"].event_time is None  # a book, not a year


def test_week_tree_and_standalone_day():
    pf = parse("* 2026\n** 2026-W48\n*** 2026-11-25 Wednesday\n**** e\n* 2026-12-01 Tuesday\n")
    by = {n.title: n for n in pf.nodes}
    assert by["2026"].timestamps[0].label == "year"
    week = by["2026-W48"].timestamps[0]
    assert (week.label, week.start, week.end) == ("week", D(2026, 11, 23), D(2026, 11, 30))
    assert by["e"].event_time == D(2026, 11, 25)
    assert by["2026-12-01 Tuesday"].event_time == D(2026, 12, 1)


def test_datetree_inside_a_daily_file_wins_over_the_file_name():
    pf = parse("* Top\n* 2026-11-28 Saturday\n** Under\n", "2026-11-29.org")
    by = {n.title: n for n in pf.nodes}
    assert (by["Top"].event_time, by["Top"].event_source) == (D(2026, 11, 29), "filename")
    assert (by["Under"].event_time, by["Under"].event_source) == (D(2026, 11, 28), "datetree")


# ------------------------------------------------------------------ event_time rules

EVENT_RULES = [
    # rule 1: CLOSED beats everything
    (
        "* DONE t <2026-01-05 Mon>\nCLOSED: [2026-01-09 Fri 17:00] SCHEDULED: <2026-01-02 Fri>\n",
        D(2026, 1, 9, 17),
        "closed",
    ),
    # rule 2: first active stamp in the heading, then on the planning line
    (
        "* Meet <2026-01-05 Mon 10:00> [2026-01-01 Thu]\nSCHEDULED: <2026-01-02 Fri>\n",
        D(2026, 1, 5, 10),
        "active",
    ),
    (
        "* Task [2026-01-01 Thu]\nDEADLINE: <2026-01-07 Wed> SCHEDULED: <2026-01-02 Fri>\n",
        D(2026, 1, 7),
        "deadline",
    ),
    ("* Trip <2026-01-05 Mon>--<2026-01-08 Thu>\n", D(2026, 1, 5), "range"),
    # rule 3: first inactive stamp in the heading, else alone on the first body line (%U)
    (
        "* Idea [2026-01-03 Sat 08:00]\n:PROPERTIES:\n:CREATED: [2025-12-01 Mon]\n:END:\n",
        D(2026, 1, 3, 8),
        "inactive",
    ),
    (
        "* Captured\n:PROPERTIES:\n:CREATED: [2025-12-01 Mon]\n:END:\n[2026-01-04 Sun 09:15]\n",
        D(2026, 1, 4, 9, 15),
        "inactive",
    ),
    ("* Captured %T\n<2026-01-04 Sun 09:15>\n", D(2026, 1, 4, 9, 15), "active"),
    # rule 4: datetree ancestry, or the daily file name
    (
        "* 2026-01-06 Tuesday\n** Entry\nsome text [2026-01-01 Thu] inline\n",
        D(2026, 1, 6),
        "datetree",
    ),
    # rule 5: CREATED
    (
        "* Note\n:PROPERTIES:\n:CREATED: [2025-12-01 Mon 10:00]\n:END:\ntext <2026-02-01 Sun>\n",
        D(2025, 12, 1, 10),
        "created",
    ),
    # rule 6: nearest ancestor's event_time
    ("* Parent <2026-01-10 Sat>\n** Child\n*** Grandchild\n", D(2026, 1, 10), "ancestor"),
]


@pytest.mark.parametrize(("text", "when", "source"), EVENT_RULES)
def test_event_time_rules(text, when, source):
    node = parse(text).nodes[-1]
    assert (node.event_time, node.event_source) == (when, source)


def test_event_time_filename_rule_and_file_keyword_for_descendants():
    assert parse("* x\n", "20260107.org").nodes[1].event_source == "filename"
    # #+DATE is journal structure like a daily file's name (SPEC §4.3): the headings take it
    # as "keyword", so they match by it, rather than as an ordinary ancestor's time.
    node = parse("#+DATE: [2026-01-08 Thu]\n* x\n").nodes[1]
    assert (node.event_time, node.event_source) == (D(2026, 1, 8), "keyword")
    both = parse("#+DATE: 2026-01-09\n* x\n", "2026-01-08.org").nodes[1]
    assert (both.event_time, both.event_source) == (D(2026, 1, 9), "keyword")


def test_first_body_line_must_be_alone_and_first():
    assert parse("* x\nsee [2026-01-04 Sun] later\n").nodes[1].event_time is None
    assert parse("* x\ntext\n[2026-01-04 Sun]\n").nodes[1].event_time is None


def test_no_time_at_all():
    node = parse("* Nothing\njust text\n").nodes[1]
    assert (node.event_time, node.event_source) == (None, None)


# ------------------------------------------------------------------ archive / comment


def test_archive_and_comment_subtrees():
    text = (
        "* Live\n* Old :ARCHIVE:\n** Old child\n* COMMENT Draft\n** Draft child\n"
        "* COMMENTARY is not a comment\n* Live again\n"
    )
    pf = parse(text)
    assert [(n.title, n.archived) for n in pf.nodes[1:]] == [
        ("Live", False),
        ("Old", True),
        ("Old child", True),
        ("COMMENT Draft", True),
        ("Draft child", True),
        ("COMMENTARY is not a comment", False),
        ("Live again", False),
    ]


def test_org_archive_file_is_archived():
    pf = parse("* x\n", "/n/notes.org_archive")
    assert pf.nodes[0].title == "notes" and all(n.archived for n in pf.nodes)


# ------------------------------------------------------------------ warnings


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("* A\n<2026-02-30 Mon>\n", 2, "invalid date 2026-02-30"),
        ("* A\nSCHEDULED: <2026-02-30 Mon>\n", 2, "invalid date"),
        (
            "* A\nCLOCK: [2026-01-01 Thu 10:00]--[2026-01-01 Thu 11:00] =>  1:xx\n",
            2,
            "malformed CLOCK duration",
        ),
        ("* A\nCLOCK: nonsense\n", 2, "CLOCK: line without a readable timestamp"),
        ("* A\n:PROPERTIES:\n:ID: x\n* B\n", 2, ":PROPERTIES: drawer is not closed"),
        (
            "* A\n  :LOGBOOK:\n  CLOCK: [2026-01-01 Thu 10:00]\n",
            2,
            ":LOGBOOK: drawer is not closed",
        ),
        ("* A\n:PROPERTIES:\nnot a property\n:END:\n", 3, "not a property line"),
        ("* A\n:END:\n", 2, ":END: without an open drawer"),
        ("#+begin_src sh\necho\n", 1, "#+begin_src block not closed before the end of file"),
    ],
)
def test_malformed_constructs_become_warnings(text, line, fragment):
    pf = parse(text, "w.org")
    assert any(w.startswith(f"w.org:{line}: ") and fragment in w for w in pf.warnings), pf.warnings


def test_unterminated_property_drawer_still_yields_properties():
    pf = parse("* A\n:PROPERTIES:\n:ID: x\n* B\n")
    assert pf.nodes[1].properties == {"ID": "x"} and pf.nodes[2].properties == {}


# ------------------------------------------------------------------ line endings


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_line_endings_and_bom(eol):
    text = "\ufeff" + eol.join(
        ["#+TITLE: T", "* A :t:", "SCHEDULED: <2026-01-02 Fri>", "body", "* B", ""]
    )
    pf = parse(text)
    assert pf.nodes[0].title == "T"
    a, b = pf.nodes[1], pf.nodes[2]
    assert (a.title, a.own_tags, a.line, b.line) == ("A", ("t",), 2, 5)
    assert a.body == "SCHEDULED: <2026-01-02 Fri>\nbody"
    assert kinds(a) == [("scheduled", 3)]


# ------------------------------------------------------------------ robustness and corpus

ORG_ALPHABET = st.sampled_from(
    [
        "*",
        "* ",
        "** ",
        "\n",
        "\r",
        " ",
        "\t",
        ":",
        "PROPERTIES",
        "END",
        "LOGBOOK",
        "CLOCK: ",
        "SCHEDULED: ",
        "CLOSED: ",
        "DEADLINE: ",
        "<",
        ">",
        "[",
        "]",
        "--",
        "-",
        "+",
        ".+",
        "2026-02-30",
        "2026-11-29",
        "9999-12-31",
        "Sun",
        "10:00",
        "24:00",
        "=>",
        "1:00",
        "#+begin_src",
        "#+end_src",
        "#+TODO: ",
        "#+FILETAGS: ",
        "#+DATE: ",
        "|",
        "TODO",
        "DONE",
        "COMMENT",
        ":ARCHIVE:",
        "[#A]",
        '- State "DONE" from "TODO" ',
        "%%(",
        ")",
        "1w",
        "2026",
        "2026-11 November",
        "2026-W53",
        "\ufeff",
        "周一",
        "x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(ORG_ALPHABET, max_size=60).map("".join))
def test_org_like_text_never_raises(text):
    pf = parse_org(text, "2026-11-29.org")
    assert pf.nodes[0].kind == "file"
    # One leading BOM is a byte-order mark; a second one is text, as in Emacs.
    body = text.removeprefix("\ufeff")
    assert len(pf.nodes) - 1 == sum(
        1 for line in re.split(r"\r\n|\r|\n", body) if re.match(r"\*+[ \t]", line)
    )


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_arbitrary_text_never_raises(text):
    parse_org(text, "x.org", todo_keywords=("TODO", ""), done_keywords=("|",))


CORPUS_FILES = sorted(CORPUS.rglob("*.org")) if CORPUS.is_dir() else []


@pytest.mark.skipif(not CORPUS_FILES, reason="shared org corpus not available")
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_file(path):
    """Every corpus file parses; headings are exactly org-mode's ``^\\*+\\s`` lines.

    orgparse agrees on all 53 files: like org-mode and like us it treats ``* `` lines inside
    ``#+begin_src`` blocks as headings. (Differences would come from lines such as ``*\\f``:
    ``\\s`` and orgparse's regex accept any whitespace, org-mode and prme only space and tab;
    no corpus file has one.)
    """
    orgparse = pytest.importorskip("orgparse")
    text = path.read_text(encoding="utf-8")
    pf = parse_org(text, str(path))
    expected = sum(1 for line in text.splitlines() if re.match(r"\*+\s", line))
    assert len(pf.nodes) - 1 == expected
    assert len(list(orgparse.loads(text)[1:])) == expected
    for index, node in enumerate(pf.nodes[1:], 1):
        assert node.parent is not None and node.parent < index
        assert node.line >= 1
        assert all(ts.line >= node.line for ts in node.timestamps)


def test_warnings_are_in_line_order():
    text = "* A\n:PROPERTIES:\n:ID: x\n<2026-02-30 Mon>\n* B\n<2026-02-31 Tue>\n"
    pf = parse(text, "o.org")
    assert [w.split(":")[1] for w in pf.warnings] == ["2", "4", "6"]
