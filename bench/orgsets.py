"""Question sets over one folder of org notes: ingest once, ask every question, judge, tabulate.

usage: python bench/orgsets.py
       [--set everyday|household|operations|sessions|pairs|strangers|orgqa|strangers2|pairs2|
              strangers3|pairs3|strangers4|pairs4|sessions4|strangers5|pairs5|sessions5|
              strangers6|pairs6|sessions6|strangers7|pairs7|strangers8|pairs8|sessions7|
              strangers9|pairs9|sessions8|adversarial|adversarial3|bodies|deeds|all]
                              [--part tune|held|all] [--cli] [--verbose]

These sets share this runner:

- ``everyday`` — ``tests/fixtures/everyday/``: invented notes of one person (a GTD file with
  LOGBOOK state changes, CLOCK lines, CLOSED, a cancelled and a repeated task; trips as active
  ranges; a datetree journal; org-roam daily files; a ``#+DATE`` note; third-person chats
  between Noor and Pieter; a chat with an assistant) and 64 questions with answers worked out
  by hand, written before relate was tuned on them (asked 2027-04-20 19:00, Europe/Amsterdam).
- ``household`` — ``tests/fixtures/household/``: another invented household (GTD with a
  custom ``IN-PROGRESS`` keyword and a canceled task, CLOCK, CREATED, a monthly repeat, a
  deadline; trips; a datetree journal; an org-roam daily; Ines and Omar's chats), 32
  questions written after relate's design was done and kept aside: never tuned on (asked
  2028-03-15 21:00, America/New_York).
- ``operations`` — ``tests/fixtures/operations/``: 40 questions written before the operations
  of issue 10's second part were built (enumerated orders, duration sums and differences,
  vague times in orders, ongoing states, present-perfect news, neighbouring-clause times,
  paraphrase), over another invented person's projects with CLOCK lines, trips, a datetree
  journal, org-roam dailies and Lena and Marco's chats (asked 2029-06-20 20:00,
  Europe/Dublin).
- ``sessions`` — ``tests/fixtures/sessions/``: 15 questions in the LongMemEval style (one org
  file per chat session, a heading stamped with the session's date, a child heading per user or
  assistant turn, first person) over eleven invented sessions, written with their answers before
  the issue-10 round that aimed at LongMemEval coverage, and run once before it (asked
  2030-05-20 18:00, UTC).
- ``pairs`` — ``tests/fixtures/pair_chats/``: third-person questions over three long chats
  between two named friends (Maya and Jonas, Lucía and Ben, Hana and Dev; 10–11 sessions each
  from January to June 2031, 17–22 turns a session, much distractor talk), written in
  LongMemEval's shape (``conversations.json``, a speaker's name as each turn's role) and
  converted by the corpus's ``to_org.py`` into ``notes/<pair>/session-NN.org``; 65 questions
  (16 to refuse: the other speaker's deed, a plan asked as done, a negated event, a vague "a
  while ago", an event never said) with answers worked out by hand, written before relate was
  run on them (asked 2031-06-21 20:00, UTC).
- ``strangers`` — ``tests/fixtures/strangers/``: org notes kept the way other people keep them,
  in styles the sets above lack (a GTD ``projects.org`` and ``inbox.org`` with ``TODO NEXT
  WAITING | DONE CANCELLED``, state notes and "Note taken on" lines in the LOGBOOK, a ``++1m``
  repeat and a ``.+1d`` habit with ``LAST_REPEAT``; a week-tree journal with terse fragments; a
  house log with a table of dated rows, dated list items and headings dated in the title; an
  org-roam folder with ``:ID:`` drawers, person nodes and ``[[id:…][Name]]`` links; a ``#+DATE``
  note in prose with "two days later"), 59 questions (15 to refuse) with answers worked out by
  hand, written and committed before relate was run on them (asked 2032-06-30 20:00,
  Europe/Oslo).
- ``strangers2`` and ``pairs2`` — ``tests/fixtures/strangers2/`` (four people's org notes: a
  datetree journal, org-roam dailies, a GTD project file with LOGBOOK, CLOCK and a repeat, a
  trip and reading log with ranges; 54 questions, 13 to refuse; asked 2033-07-02 20:00,
  Europe/Oslo) and ``tests/fixtures/pair_chats2/`` (three two-person chats, 25 sessions; 55
  third-person questions, 14 to refuse; asked 2034-07-15 20:00, UTC): written by a helper who
  neither read nor ran relate, and first run only after the round's rules were merged — the
  honest figure for notes nobody tuned on. Not part of ``all``. Since their first run they are
  development sets, each split in two by a fixed rule fixed before any answer was read
  (``part_of``: the first byte of the SHA-256 of the question id, even → ``tune``, odd →
  ``held``); ``--part tune`` or ``--part held`` runs one half (ingest is still of every note),
  and only the tune halves' misses are read.
- ``strangers3`` — ``tests/fixtures/strangers3/``: four more people's org notes, written the
  same way (by a helper who neither read nor ran relate): a lab notebook of ``#+DATE`` files
  with dated list items, a family log of ``:WHEN:``/``:CREATED:`` headings with tags, a
  runner's log with a table of runs, CLOCK and custom TODO keywords, a novelist's
  one-file-per-week notes and a house file with repeaters, a habit and ``LAST_REPEAT``; 61
  questions, 14 to refuse (asked 2035-06-30 20:00, Europe/Stockholm). Not part of ``all``.
- ``pairs3`` — ``tests/fixtures/pair_chats3/``: three more two-person chats written the same
  way (Ana and Luca, Femi and Greta, Ottilie and Rashid; 27 sessions, plans confirmed, moved or
  called off in later sessions, close but different deeds side by side); 55 third-person
  questions, 13 to refuse (asked 2036-06-20 20:00, America/Chicago). Not part of ``all``.
- ``strangers4`` — ``tests/fixtures/strangers4/``: four new people's org notes, written the same
  way (by a helper who neither read nor ran relate): an org-roam daily folder with ``#+title:``
  only, an org datetree with the time in each entry's heading, an org-journal file
  (``* Wednesday, 03/11/37`` / ``** 07:45 Title``), a GTD project file with ``NEXT``/``HOLD``,
  LOGBOOK state notes, CLOCK, DEADLINE, SCHEDULED, a delegated and a cancelled task and a
  table; 68 questions, 16 to refuse (asked 2037-07-15 20:00, Australia/Melbourne). Not part of
  ``all``.
- ``pairs4`` — ``tests/fixtures/pair_chats4/``: three new two-person chats written the same way
  (Bram and Yusra, Kalani and Rafael, Wen and Isolde; 27 sessions, events told across turns,
  plans confirmed, moved or dropped, corrections, third persons' deeds); 60 third-person
  questions, 13 to refuse (asked 2038-06-25 20:00, America/Denver). Not part of ``all``.
- ``sessions4`` — ``tests/fixtures/sessions4/``: eleven first-person sessions of one user with an
  assistant (LongMemEval's kind, written the same way: deeds told with a weekday, "yesterday",
  "last Saturday", moved and dropped plans, a retracted deed, a neighbour's and a sister's
  deeds, the assistant's own dates); 40 questions, 10 to refuse (asked 2038-11-20 19:00,
  Pacific/Auckland). Not part of ``all``.
- ``strangers5`` — ``tests/fixtures/strangers5/``: four new people's org notes of the fifth
  unseen round, written the same way (by a helper who neither read nor ran relate): an org-roam
  folder of topic notes (``:ID:``/``:CREATED:`` drawers, ``#+title:``, ``#+filetags:``, id
  links, dated body lines, a table), a weekly review file (``* Week 19 (…)`` with ``** Done`` /
  ``** Next``), a habit and repeater file (``.+2d``, ``LAST_REPEAT``, LOGBOOK state lines,
  CLOCK, an ``:ARCHIVE:`` subtree), meeting notes with inactive stamps in the headings and
  others' action items, a prose diary with one heading per month and dates in words; 77
  questions, 19 to refuse (asked 2039-07-20 20:00, Asia/Kolkata). Not part of ``all``.
- ``pairs5`` — ``tests/fixtures/pair_chats5/``: three new two-person chats of the fifth round
  written the same way (Niamh and Tobiah, Aurelio and Birte, Hamza and Lior; 26 sessions,
  events told across turns, plans confirmed, moved or dropped, corrections, third persons'
  deeds); 67 third-person questions, 13 to refuse (asked 2040-04-15 20:00, America/St_Johns).
  Not part of ``all``.
- ``sessions5`` — ``tests/fixtures/sessions5/``: eleven first-person sessions of one user with an
  assistant of the fifth round (LongMemEval's kind, written the same way: a climb planned,
  moved and done, an application, interview, offer and deposit, a cat's vaccines given by the
  shelter and by the user, a sister's engagement, the assistant's own dates and suggestions, a
  hedged loss, abandoned and unconfirmed plans); 40 questions, 10 to refuse (asked 2040-09-20
  19:00, Africa/Nairobi). Not part of ``all``.
- ``strangers6`` — ``tests/fixtures/strangers6/``: four new people's org notes of the sixth
  unseen round, written the same way (by a helper who neither read nor ran relate): a datetree
  journal with times in prose, a GTD file with three ``#+TODO:`` sequences, LOGBOOK state
  notes, CLOCK, ``:CREATED:``, repeaters with ``LAST_REPEAT``, an org-journal folder of one file
  per day with a film log table, and headings with timestamp ranges and a reading table; 74
  questions, 16 to refuse (asked 2041-06-30 20:00, Australia/Adelaide). Not part of ``all``.
- ``pairs6`` — ``tests/fixtures/pair_chats6/``: three new two-person chats of the sixth round,
  written the same way (Ximena and Teodor, Ingrid and Kwame, Marisol and Anders; 27 sessions,
  events told across turns, corrections, plans moved or dropped, third persons' deeds); 75
  third-person questions, 16 to refuse (asked 2042-02-20 20:00, America/Mexico_City). Not part
  of ``all``.
- ``sessions6`` — ``tests/fixtures/sessions6/``: eleven first-person sessions of one user with
  an assistant of the sixth round, written the same way (a boat bought, restored and launched a
  few days after a stormed-off plan, a test and its results, a move moved by the movers, a
  brother's and a friend's deeds, a loss in a stated week on a hedged day, the assistant's own dates and advice, plans
  given up, undecided or still to come); 42 questions, 10 to refuse (asked 2042-08-25 19:00,
  Europe/Helsinki). Not part of ``all``.
- ``strangers7`` — ``tests/fixtures/strangers7/``: four new people's org notes of the seventh
  unseen round, written the same way (by a helper who neither read nor ran relate): org-roam
  dailies with ``:ID:`` drawers and linked topic notes, a GTD file with three ``#+TODO:``
  sequences (``TRY | WORKED FAILED``, ``APPLY | GOT REJECTED``), LOGBOOK notes, CLOCK, a habit
  with ``LAST_REPEAT``, a datetree by ISO week with times in prose, and run and reading tables
  beside headings with timestamp ranges; 65 questions, 16 to refuse (asked 2043-06-30 20:00,
  Asia/Tokyo). Not part of ``all``.
- ``pairs7`` — ``tests/fixtures/pair_chats7/``: three new two-person chats of the seventh round,
  written the same way (Leonor and Caspar, Fatima and Rhys, Marta and Vasco; 26 sessions,
  events told across turns and as a yes to the other's question, plans moved, called off or
  still to come, other people's deeds, a deed told with no time); 62 third-person questions,
  16 to refuse (asked 2044-03-15 20:00, Europe/Lisbon). Not part of ``all``.
- ``strangers8`` — ``tests/fixtures/strangers8/``: four new people's org notes of the eighth
  unseen round, written the same way (by a helper who neither read nor ran relate): org-journal
  monthly files (``* Tuesday, 03/07/45`` day headings with ``:CREATED: 20450307``, ``** 22:00``
  entries) whose prose dates deeds relative to the entry ("on Saturday night", "last Tuesday",
  "a fortnight ago", "on the 3rd", "yesterday … that evening"), an org-capture inbox
  (``:CREATED:`` drawers and ``Entered on [..]`` lines) beside a log of dated list items and a
  file of things with ``:BOUGHT:``/``:INSTALLED:``/``:RETURNED:`` properties, a work file with
  appointments as active stamps (one moved by a LOGBOOK note), CLOCK on several tasks, an
  ``:ARCHIVE:`` subtree and an archive file with ``:ARCHIVE_TIME:``, and a reading log, a habit
  with ``LAST_REPEAT``, an invented ``:READINGS:`` drawer and a prose diary of one file per day;
  67 questions, 16 to refuse (asked 2045-04-30 21:00, America/Chicago). Not part of ``all``.
- ``pairs8`` — ``tests/fixtures/pair_chats8/``: three new two-person chats of the eighth round,
  written the same way (Ruby and Anh, Grady and Ilse, Manaia and Josefine; 25 sessions, events
  told across turns and as a yes to the other's question, "a week ago Sunday", "two weekends
  ago", hedged days, plans moved, called off or still to come, partners', colleagues' and
  relatives' deeds, a deed told with no time); 68 third-person questions, 18 to refuse (asked
  2046-02-10 20:00, Australia/Sydney). Not part of ``all``.
- ``sessions7`` — ``tests/fixtures/sessions7/``: eleven first-person sessions of one user with
  an assistant of the eighth round, written the same way (flying lessons from a discovery flight
  to a checkride moved by the examiner and then passed, a kitchen remodel whose countertops are
  pushed back and put in by installers, bees picked up as planned and a swarm caught by a
  neighbour, a job applied and interviewed for with no answer yet, a sister's wedding, a loss
  on a hedged day of last week, the assistant's own spans, traditions and advice, undecided
  plans); 43 questions, 10 to refuse (asked 2046-06-20 19:00, America/Denver). Not part of
  ``all``.
- ``strangers9`` — ``tests/fixtures/strangers9/``: four new people's org notes of the ninth
  unseen round, written the same way (by a helper who neither read nor ran relate): org-roam
  dailies (one file per day, an ``:ID:`` drawer and ``#+title: 2045-06-03``, prose only) with
  topic nodes reached by id links, an org datetree (``*** 2045-06-05 Monday``) with a
  ``#+begin_quote`` letter, a footnote and a table of rides, a GTD file with ``CLOSED``,
  ``SCHEDULED``, ``DEADLINE``, LOGBOOK state and ``Rescheduled from`` notes, CLOCK, a ``+1w``
  repeat and a habit with ``LAST_REPEAT``, and a prose journal of ``* [2045-06-19 Mon] Title``
  entries whose times are relative ("the day after", "a fortnight ago", "on the 1st", "some day
  last week, Wednesday or Thursday") and corrected in later entries; 72 questions, 16 to refuse
  (asked 2045-10-05 22:00, Asia/Kolkata). Not part of ``all``.
- ``pairs9`` — ``tests/fixtures/pair_chats9/``: three new two-person chats of the ninth round,
  written the same way (Odalys and Bertrand, Zofia and Emeka, Henrike and Dashiell; 25
  sessions, events told across turns and as a yes to the other's question, "a week ago
  Sunday", "a week ago Thursday", "two weekends ago", hedged days of last week, plans moved,
  called off or still to come, partners', husbands', a boss's and a father's deeds, a day told
  only as "over the holidays"); 70 third-person questions, 17 to refuse (asked 2046-05-02
  18:00, America/New_York). Not part of ``all``.
- ``sessions8`` — ``tests/fixtures/sessions8/``: eleven first-person sessions of one user with
  an assistant of the ninth round, written the same way (a first triathlon moved and then
  raced, a motorbike exam moved by a strike and passed, a motorbike test-ridden and bought, a
  balcony garden, a bare "yes, last week" and a thing named in one turn and dated in the next,
  a brother's, a partner's and parents' deeds, hedged days, the assistant's own spans, advice
  and rules, plans undecided or still to come); 40 questions, 10 to refuse (asked 2046-08-14
  09:00, Europe/Madrid). Not part of ``all``.
- ``adversarial`` and ``adversarial3`` — ``tests/fixtures/adversarial_round2/`` and
  ``tests/fixtures/adversarial_round3/``: invented traps for what relate claims (a near-identical
  event that is not the one asked, plans, wishes, quoted questions, hypotheticals, corrections,
  cancelled or moved events, one end of a span missing), each with near-misses that must be
  answered; round 3 was written and committed before relate was run on it (sessions asked
  2037-06-15 18:00, pairs 2038-06-20 20:00, org 2039-03-20 21:00, all UTC). Not part of ``all``.
- ``bodies`` — ``tests/fixtures/body_denial/``: 24 probe questions over one person's trips and
  tasks whose heading body calls the heading's event off, changes its dates or says when it
  was really done, with near-misses that must stay answered (asked 2035-09-30 20:00, UTC);
  written and first run before the body-denial rules were built. Not part of ``all``.
- ``deeds`` — ``tests/fixtures/deed_senses/``: 33 questions (18 to refuse) written before the
  rule that a deed is not another deed on the same object was built: five first-person sessions
  and three sessions of a two-person chat (Noor and Felix) in which a thing is test-driven,
  viewed, tried on, pre-ordered, booked, planned, given up or unpacked, asked as the deed done
  ("When did I buy the Corolla?" after "I test-drove a Corolla yesterday") and as the deed
  told (asked 2035-06-30 20:00, UTC). Not part of ``all``.
- ``orgqa`` — ``../shared/corpora/orgqa`` (32 questions, 2026-09-30 21:00, Europe/Berlin), judged
  the way its own ``score.py`` judges them (that script stays the reference:
  ``python3 ../shared/corpora/orgqa/score.py --prme .venv/bin/prme``).

Kinds (``judge``): ``days`` (value.days == gold), ``days_or_next`` (gold or gold + 1),
``weeks`` / ``hours`` / ``minutes`` (quantity within 0.5 of gold in that unit), ``duration``
(a total exactly ``gold["minutes"]`` minutes, in whatever exact unit it is given), ``date`` (a
day-grain answer on gold), ``date_or_week`` (that day, or a week-grain window holding it),
``week`` (a week or weekend window holding gold: a single day would be a guess), ``month`` (a
month-grain answer in that month), ``planned`` (that date, marked planned), ``choice`` (the
first name of the order contains gold), ``order`` (every gold item in that order), ``abstain``
(anything but accepted), ``not_routed``. A run prints one line per question, then right, wrong
answers accepted, coverage (right / answerable) and precision (right / accepted) overall, by
question family and by the evidence basis of the accepted answers, and the time per question
spent in relate (library) or in the ``prme relate`` process (``--cli``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _util import corpora_dir


@dataclass(frozen=True)
class QuestionSet:
    name: str
    notes: Path
    questions: Path
    now: str
    tz: str


def sets() -> dict[str, QuestionSet]:
    everyday = HERE.parent / "tests" / "fixtures" / "everyday"
    household = HERE.parent / "tests" / "fixtures" / "household"
    operations = HERE.parent / "tests" / "fixtures" / "operations"
    sessions = HERE.parent / "tests" / "fixtures" / "sessions"
    pairs = HERE.parent / "tests" / "fixtures" / "pair_chats"
    strangers = HERE.parent / "tests" / "fixtures" / "strangers"
    orgqa = corpora_dir() / "orgqa"
    adversarial = HERE.parent / "tests" / "fixtures" / "adversarial_round2"
    adversarial3 = HERE.parent / "tests" / "fixtures" / "adversarial_round3"
    strangers2 = HERE.parent / "tests" / "fixtures" / "strangers2"
    pairs2 = HERE.parent / "tests" / "fixtures" / "pair_chats2"
    deeds = HERE.parent / "tests" / "fixtures" / "deed_senses"
    strangers3 = HERE.parent / "tests" / "fixtures" / "strangers3"
    pairs3 = HERE.parent / "tests" / "fixtures" / "pair_chats3"
    bodies = HERE.parent / "tests" / "fixtures" / "body_denial"
    strangers4 = HERE.parent / "tests" / "fixtures" / "strangers4"
    pairs4 = HERE.parent / "tests" / "fixtures" / "pair_chats4"
    sessions4 = HERE.parent / "tests" / "fixtures" / "sessions4"
    strangers5 = HERE.parent / "tests" / "fixtures" / "strangers5"
    pairs5 = HERE.parent / "tests" / "fixtures" / "pair_chats5"
    sessions5 = HERE.parent / "tests" / "fixtures" / "sessions5"
    strangers6 = HERE.parent / "tests" / "fixtures" / "strangers6"
    pairs6 = HERE.parent / "tests" / "fixtures" / "pair_chats6"
    sessions6 = HERE.parent / "tests" / "fixtures" / "sessions6"
    strangers7 = HERE.parent / "tests" / "fixtures" / "strangers7"
    pairs7 = HERE.parent / "tests" / "fixtures" / "pair_chats7"
    strangers8 = HERE.parent / "tests" / "fixtures" / "strangers8"
    pairs8 = HERE.parent / "tests" / "fixtures" / "pair_chats8"
    sessions7 = HERE.parent / "tests" / "fixtures" / "sessions7"
    strangers9 = HERE.parent / "tests" / "fixtures" / "strangers9"
    pairs9 = HERE.parent / "tests" / "fixtures" / "pair_chats9"
    sessions8 = HERE.parent / "tests" / "fixtures" / "sessions8"
    return {
        "everyday": QuestionSet(
            "everyday",
            everyday / "notes",
            everyday / "questions.jsonl",
            "2027-04-20T19:00",
            "Europe/Amsterdam",
        ),
        "household": QuestionSet(
            "household",
            household / "notes",
            household / "questions.jsonl",
            "2028-03-15T21:00",
            "America/New_York",
        ),
        "operations": QuestionSet(
            "operations",
            operations / "notes",
            operations / "questions.jsonl",
            "2029-06-20T20:00",
            "Europe/Dublin",
        ),
        "sessions": QuestionSet(
            "sessions", sessions / "notes", sessions / "questions.jsonl", "2030-05-20T18:00", "UTC"
        ),
        "pairs": QuestionSet(
            "pairs", pairs / "notes", pairs / "questions.jsonl", "2031-06-21T20:00", "UTC"
        ),
        "strangers": QuestionSet(
            "strangers",
            strangers / "notes",
            strangers / "questions.jsonl",
            "2032-06-30T20:00",
            "Europe/Oslo",
        ),
        "strangers2": QuestionSet(
            "strangers2",
            strangers2 / "notes",
            strangers2 / "questions.jsonl",
            "2033-07-02T20:00",
            "Europe/Oslo",
        ),
        "pairs2": QuestionSet(
            "pairs2", pairs2 / "notes", pairs2 / "questions.jsonl", "2034-07-15T20:00", "UTC"
        ),
        "deeds": QuestionSet(
            "deeds", deeds / "notes", deeds / "questions.jsonl", "2035-06-30T20:00", "UTC"
        ),
        "strangers3": QuestionSet(
            "strangers3",
            strangers3 / "notes",
            strangers3 / "questions.jsonl",
            "2035-06-30T20:00",
            "Europe/Stockholm",
        ),
        "pairs3": QuestionSet(
            "pairs3",
            pairs3 / "notes",
            pairs3 / "questions.jsonl",
            "2036-06-20T20:00",
            "America/Chicago",
        ),
        "strangers4": QuestionSet(
            "strangers4",
            strangers4 / "notes",
            strangers4 / "questions.jsonl",
            "2037-07-15T20:00",
            "Australia/Melbourne",
        ),
        "pairs4": QuestionSet(
            "pairs4",
            pairs4 / "notes",
            pairs4 / "questions.jsonl",
            "2038-06-25T20:00",
            "America/Denver",
        ),
        "sessions4": QuestionSet(
            "sessions4",
            sessions4 / "notes",
            sessions4 / "questions.jsonl",
            "2038-11-20T19:00",
            "Pacific/Auckland",
        ),
        "strangers5": QuestionSet(
            "strangers5",
            strangers5 / "notes",
            strangers5 / "questions.jsonl",
            "2039-07-20T20:00",
            "Asia/Kolkata",
        ),
        "pairs5": QuestionSet(
            "pairs5",
            pairs5 / "notes",
            pairs5 / "questions.jsonl",
            "2040-04-15T20:00",
            "America/St_Johns",
        ),
        "sessions5": QuestionSet(
            "sessions5",
            sessions5 / "notes",
            sessions5 / "questions.jsonl",
            "2040-09-20T19:00",
            "Africa/Nairobi",
        ),
        "strangers6": QuestionSet(
            "strangers6",
            strangers6 / "notes",
            strangers6 / "questions.jsonl",
            "2041-06-30T20:00",
            "Australia/Adelaide",
        ),
        "pairs6": QuestionSet(
            "pairs6",
            pairs6 / "notes",
            pairs6 / "questions.jsonl",
            "2042-02-20T20:00",
            "America/Mexico_City",
        ),
        "sessions6": QuestionSet(
            "sessions6",
            sessions6 / "notes",
            sessions6 / "questions.jsonl",
            "2042-08-25T19:00",
            "Europe/Helsinki",
        ),
        "strangers7": QuestionSet(
            "strangers7",
            strangers7 / "notes",
            strangers7 / "questions.jsonl",
            "2043-06-30T20:00",
            "Asia/Tokyo",
        ),
        "pairs7": QuestionSet(
            "pairs7",
            pairs7 / "notes",
            pairs7 / "questions.jsonl",
            "2044-03-15T20:00",
            "Europe/Lisbon",
        ),
        "strangers8": QuestionSet(
            "strangers8",
            strangers8 / "notes",
            strangers8 / "questions.jsonl",
            "2045-04-30T21:00",
            "America/Chicago",
        ),
        "pairs8": QuestionSet(
            "pairs8",
            pairs8 / "notes",
            pairs8 / "questions.jsonl",
            "2046-02-10T20:00",
            "Australia/Sydney",
        ),
        "sessions7": QuestionSet(
            "sessions7",
            sessions7 / "notes",
            sessions7 / "questions.jsonl",
            "2046-06-20T19:00",
            "America/Denver",
        ),
        "strangers9": QuestionSet(
            "strangers9",
            strangers9 / "notes",
            strangers9 / "questions.jsonl",
            "2045-10-05T22:00",
            "Asia/Kolkata",
        ),
        "pairs9": QuestionSet(
            "pairs9",
            pairs9 / "notes",
            pairs9 / "questions.jsonl",
            "2046-05-02T18:00",
            "America/New_York",
        ),
        "sessions8": QuestionSet(
            "sessions8",
            sessions8 / "notes",
            sessions8 / "questions.jsonl",
            "2046-08-14T09:00",
            "Europe/Madrid",
        ),
        "bodies": QuestionSet(
            "bodies", bodies / "notes", bodies / "questions.jsonl", "2035-09-30T20:00", "UTC"
        ),
        "orgqa": QuestionSet(
            "orgqa", orgqa / "notes", orgqa / "questions.jsonl", "2026-09-30T21:00", "Europe/Berlin"
        ),
        **{
            f"adv-{part}": QuestionSet(
                f"adv-{part}",
                adversarial / part / "notes",
                adversarial / part / "questions.jsonl",
                now,
                "UTC",
            )
            for part, now in (
                ("sessions", "2032-06-15T18:00"),
                ("pairs", "2033-06-20T20:00"),
                ("org", "2034-03-20T21:00"),
            )
        },
        **{
            f"adv3-{part}": QuestionSet(
                f"adv3-{part}",
                adversarial3 / part / "notes",
                adversarial3 / part / "questions.jsonl",
                now,
                "UTC",
            )
            for part, now in (
                ("sessions", "2037-06-15T18:00"),
                ("pairs", "2038-06-20T20:00"),
                ("org", "2039-03-20T21:00"),
            )
        },
    }


#: Sets split into a tuning half and a held half (``--part``).
SPLIT_SETS = ("strangers2", "pairs2")


def part_of(question_id: str) -> str:
    """``tune`` or ``held``, by the question id alone (a rule fixed before any answer was read)."""
    return "tune" if hashlib.sha256(question_id.encode()).digest()[0] % 2 == 0 else "held"


#: ``--set adversarial`` runs these three.
ADVERSARIAL = ("adv-sessions", "adv-pairs", "adv-org")

#: ``--set adversarial3`` runs these three (round 3, not part of ``all``).
ADVERSARIAL3 = ("adv3-sessions", "adv3-pairs", "adv3-org")


UNSCORED = ("abstain", "not_routed")

#: Every question kind ``judge`` knows (see the module docstring); any other kind is never right.
KINDS = (
    "days",
    "days_or_next",
    "weeks",
    "hours",
    "minutes",
    "duration",
    "date",
    "date_or_week",
    "week",
    "month",
    "planned",
    "choice",
    "order",
    *UNSCORED,
)

#: ``--set all`` runs these; the unseen sets (strangers2, pairs2, strangers3, …) stay out.
ALL = ("everyday", "household", "operations", "sessions", "pairs", "strangers", "orgqa")


def _quantity(value: dict[str, Any], unit: str) -> float | None:
    if value.get("unit") != unit:
        return None
    try:
        return float(value["quantity"])
    except (KeyError, TypeError, ValueError):
        return None


_MINUTES = {"minutes": 1, "hours": 60, "days": 60 * 24, "weeks": 60 * 24 * 7}


def _exact_minutes(value: dict[str, Any]) -> Decimal | None:
    """A duration value in minutes, exactly (None for months, years or no quantity)."""
    factor = _MINUTES.get(str(value.get("unit")))
    try:
        return Decimal(str(value["quantity"])) * factor if factor else None
    except (KeyError, ArithmeticError, ValueError):
        return None


def _window_holds(value: dict[str, Any], day: str) -> bool:
    start, end = str(value.get("start") or "")[:10], str(value.get("end") or "")[:10]
    return bool(start) and bool(end) and start <= day < end


def judge(kind: str, gold: Any, status: str | None, value: dict[str, Any] | None) -> bool:
    """True when the answer is right for its kind (see the module docstring)."""
    accepted = status == "accepted"
    if kind == "abstain":
        return not accepted
    if kind == "not_routed":
        return status == "not_routed"
    if not accepted:
        return False
    value = value or {}
    grain = value.get("grain")
    if kind == "days":
        return value.get("days") == gold
    if kind == "days_or_next":
        return value.get("days") in (gold, gold + 1)
    if kind in ("weeks", "hours", "minutes"):
        got = _quantity(value, kind)
        return got is not None and abs(got - float(gold)) < 0.5
    if kind == "duration":
        got = _exact_minutes(value)
        return got is not None and abs(got - Decimal(gold["minutes"])) < 1
    if kind == "date":
        return value.get("date") == gold and grain in (None, "day")
    if kind == "date_or_week":
        return (value.get("date") == gold and grain in (None, "day")) or (
            grain in ("week", "weekend") and _window_holds(value, gold)
        )
    if kind == "week":
        return grain in ("week", "weekend") and _window_holds(value, gold)
    if kind == "month":
        return grain == "month" and str(value.get("date") or "").startswith(gold)
    if kind == "planned":
        return value.get("date") == gold and value.get("planned") is True
    order = [str(x).lower() for x in value.get("order") or []]
    if kind == "choice":
        return bool(order) and gold in order[0]
    if kind == "order":
        return len(order) == len(gold) and all(g in o for g, o in zip(gold, order, strict=True))
    return False


def _bases(doc: dict[str, Any]) -> str:
    operands = (doc.get("metadata") or {}).get("operands") or []
    found = sorted({str(o.get("time_basis")) for o in operands if isinstance(o, dict)})
    return "+".join(found) or "-"


def _ask_library(qs: QuestionSet, store_path: Path, questions: list[dict[str, Any]]) -> list[Any]:
    from prme_cli import config
    from prme_cli.ingest import ingest_paths
    from prme_cli.service import relate
    from prme_cli.store import Store
    from prme_cli.timeexpr import parse_now, zone

    tz = zone(qs.tz)
    now = parse_now(qs.now, tz)
    cfg = config.load(environ={})
    out = []
    with Store.open(store_path) as store:
        report = ingest_paths(store, [qs.notes], now=now)
        if report.errors:
            raise RuntimeError(f"ingest errors: {report.errors[:2]}")
        for q in questions:
            started = time.perf_counter()
            doc = relate(
                store,
                cfg,
                q["question"],
                now=now,
                tz=tz,
                budget=int(cfg["context"]["budget"]),
                owner="bench",
                save_receipt=False,
            ).document
            out.append((doc, time.perf_counter() - started))
    return out


def _ask_cli(qs: QuestionSet, store_path: Path, questions: list[dict[str, Any]]) -> list[Any]:
    exe = str(Path(sys.executable).parent / "prme")
    base = [exe, "--store", str(store_path), "--now", qs.now, "--tz", qs.tz]
    subprocess.run([*base, "ingest", str(qs.notes)], check=True, capture_output=True)
    out = []
    for q in questions:
        started = time.perf_counter()
        proc = subprocess.run(
            [*base, "relate", q["question"], "--format", "json"],
            check=False,
            capture_output=True,
            text=True,
        )
        elapsed = time.perf_counter() - started
        try:
            doc = json.loads(proc.stdout)
        except ValueError:
            doc = {"status": f"exit {proc.returncode}"}
        out.append((doc, elapsed))
    return out


def run(qs: QuestionSet, *, cli: bool = False, part: str = "all") -> list[dict[str, Any]]:
    """Every question of the set (or of one part of a split set) with its answer, verdict, time."""
    questions = [
        json.loads(line) for line in qs.questions.read_text(encoding="utf-8").splitlines() if line
    ]
    if part != "all" and qs.name in SPLIT_SETS:
        questions = [q for q in questions if part_of(q["id"]) == part]
    with tempfile.TemporaryDirectory(prefix=f"prme-{qs.name}-") as tmp:
        ask = _ask_cli if cli else _ask_library
        answers = ask(qs, Path(tmp) / "store.sqlite3", questions)
    rows = []
    for q, (doc, elapsed) in zip(questions, answers, strict=True):
        ok = judge(q["kind"], q.get("gold"), doc.get("status"), doc.get("value"))
        rows.append({"q": q, "doc": doc, "ok": ok, "elapsed": elapsed})
    return rows


def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Right, wrong acceptances, coverage and precision over rows (orgqa's definitions)."""
    answerable = [r for r in rows if r["q"]["kind"] not in UNSCORED]
    accepted = [
        r for r in rows if r["doc"].get("status") == "accepted" and r["q"]["kind"] != "not_routed"
    ]
    wrong = [r for r in accepted if not r["ok"]]
    good = len(accepted) - len(wrong)
    return {
        "n": len(rows),
        "right": sum(r["ok"] for r in rows),
        "wrong": len(wrong),
        "answerable": len(answerable),
        "accepted": len(accepted),
        "good": good,
        "coverage": good / max(len(answerable), 1),
        "precision": good / max(len(accepted), 1),
    }


def report(name: str, rows: list[dict[str, Any]], verbose: bool) -> dict[str, Any]:
    print(f"\n== {name} ({len(rows)} questions) ==")
    for r in rows:
        q, doc = r["q"], r["doc"]
        mark = "OK" if r["ok"] else ("WRONG" if doc.get("status") == "accepted" else "--")
        print(f"{q['id']:22} {doc.get('status')!s:20} {mark:5} {json.dumps(doc.get('value'))[:80]}")
        if verbose and not r["ok"]:
            for line in (doc.get("metadata") or {}).get("explanation") or []:
                print("    " + str(line)[:220])
    total = figures(rows)
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r["q"].get("family") or r["q"]["kind"]].append(r)
    print("by family:")
    for family, members in sorted(groups.items()):
        f = figures(members)
        print(
            f"  {family:12} right {f['right']:2}/{f['n']:2}  wrong {f['wrong']}  "
            f"coverage {f['good']}/{f['answerable']}  precision {f['good']}/{f['accepted']}"
        )
    basis: Counter[str] = Counter()
    basis_ok: Counter[str] = Counter()
    for r in rows:
        if r["doc"].get("status") == "accepted":
            basis[_bases(r["doc"])] += 1
            basis_ok[_bases(r["doc"])] += r["ok"]
    print(
        "accepted by evidence basis: "
        + ", ".join(f"{k} {basis_ok[k]}/{v}" for k, v in basis.most_common())
    )
    ms = [r["elapsed"] * 1000 for r in rows]
    print(
        f"right {total['right']}/{total['n']}; wrong answers accepted {total['wrong']}; coverage "
        f"{total['good']}/{total['answerable']} = {total['coverage']:.0%}; precision "
        f"{total['good']}/{total['accepted']} = {total['precision']:.0%}; relate per question "
        f"median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms"
    )
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--set",
        choices=(
            "everyday",
            "household",
            "operations",
            "sessions",
            "pairs",
            "strangers",
            "orgqa",
            *ADVERSARIAL,
            "adversarial",
            *ADVERSARIAL3,
            "adversarial3",
            "strangers2",
            "pairs2",
            "strangers3",
            "pairs3",
            "strangers4",
            "pairs4",
            "sessions4",
            "strangers5",
            "pairs5",
            "sessions5",
            "strangers6",
            "pairs6",
            "sessions6",
            "strangers7",
            "pairs7",
            "strangers8",
            "pairs8",
            "sessions7",
            "strangers9",
            "pairs9",
            "sessions8",
            "bodies",
            "deeds",
            "all",
        ),
        default="all",
    )
    parser.add_argument(
        "--part",
        choices=("tune", "held", "all"),
        default="all",
        help=f"one half of a split set ({', '.join(SPLIT_SETS)}); other sets run whole",
    )
    parser.add_argument("--cli", action="store_true", help="run the installed prme per question")
    parser.add_argument("--verbose", action="store_true", help="explanations of misses")
    args = parser.parse_args()
    os.environ.setdefault("PRME_OWNER", "bench")
    chosen = {
        "all": ALL,
        "adversarial": ADVERSARIAL,
        "adversarial3": ADVERSARIAL3,
    }.get(args.set, (args.set,))
    wrong = 0
    for name in chosen:
        qs = sets()[name]
        if not qs.questions.is_file():
            print(f"{name}: {qs.questions} not found; skipped")
            continue
        part = args.part if name in SPLIT_SETS else "all"
        label = name if part == "all" else f"{name} ({part} half)"
        wrong += report(label, run(qs, cli=args.cli, part=part), args.verbose)["wrong"]
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
