"""The cheap test before a heading is read for a day: ``timeexpr.may_hold_time``.

Reading every heading of a file dated by ``#+DATE`` through the time engine ("Friday 9th"
inside a week file is that Friday's entry) made ``parse_org`` half as slow again; most
headings hold no word that can carry time, and the engine can find nothing in those. The test
must never say "no time" of a text the engine reads: checked here against the engine itself
over every heading title and body line of the shared org corpus and every phrase of the timex
corpus, and on invented titles (``bench/bench_parse.py`` measures the speed).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from prme_cli.org import NAMED_DAY, NO_DAY, heading_day, parse_org
from prme_cli.timeexpr import day_words, find, may_hold_time

CORPORA = Path("/work/shared/corpora")
NOW = datetime(2026, 3, 2, tzinfo=UTC)


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    for path in sorted((CORPORA / "org").rglob("*.org"))[:60]:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:400]:
            line = line.lstrip("* ").strip()
            if line and len(line) < 200:
                texts.append(line)
    timex = CORPORA / "timex" / "recognizers_en.json"
    if timex.exists():
        for case in json.loads(timex.read_text(encoding="utf-8"))["cases"][:3000]:
            text = case.get("input")
            if isinstance(text, str) and len(text) < 300:
                texts.append(text)
    return texts


def test_no_text_the_engine_reads_is_said_to_hold_no_time() -> None:
    texts = _corpus_texts()
    if len(texts) < 500:
        pytest.skip("the shared corpora are not here")
    skipped = 0
    for text in texts:
        if not may_hold_time(text):
            skipped += 1
            assert find(text, NOW, UTC) == [], text
            assert day_words(text) == [], text
    # and it does skip most of them: the point of it
    assert skipped > len(texts) // 4


@pytest.mark.parametrize(
    "title",
    [
        "Review the budget report",
        "Call the plumber about the boiler",
        "Pottery: glaze the blue bowls",
        "Notes from the reading group",
    ],
)
def test_a_title_without_a_time_word_is_skipped(title: str) -> None:
    assert not may_hold_time(title)
    assert heading_day(title, datetime(2026, 3, 2), timedelta(days=42)) == (NO_DAY, None)


@pytest.mark.parametrize(
    ("title", "day"),
    [
        ("Friday 6th", datetime(2026, 3, 6)),
        ("Wed 11 March", datetime(2026, 3, 11)),
        ("Tuesday standup", datetime(2026, 3, 3)),
        ("Thursday's errands", datetime(2026, 3, 5)),
    ],
)
def test_a_title_naming_a_day_is_still_read(title: str, day: datetime) -> None:
    assert may_hold_time(title)
    assert heading_day(title, datetime(2026, 3, 2), timedelta(days=42)) == (NAMED_DAY, day)


def test_words_that_carry_time_but_name_no_weekday_still_go_to_the_engine() -> None:
    for text in (
        "Dinner with Sam",
        "Evening",
        "2pm dentist",
        "Christmas shopping",
        "in a fortnight",
    ):
        assert may_hold_time(text), text


def test_a_week_file_s_day_headings_are_dated_as_before() -> None:
    text = (
        "#+DATE: 2026-03-02\n"
        "* Review the budget report\nPlain words.\n"
        "* Friday 6th\nKiln day.\n"
        "* Call the plumber\n"
    )
    parsed = parse_org(text, "week.org")
    days = {n.title: n.event_time for n in parsed.nodes if n.kind == "heading"}
    assert days["Friday 6th"] == datetime(2026, 3, 6, tzinfo=days["Friday 6th"].tzinfo)
    assert days["Review the budget report"] == days["Call the plumber"]
    assert days["Review the budget report"] != days["Friday 6th"]
