"""Queries: time bases, window edges, repeaters, filters, full-text, ordering, get/stats."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prme_cli.errors import UsageError
from prme_cli.ingest import ingest_paths, ingest_text
from prme_cli.org import parse_org
from prme_cli.orgtime import occurs_in
from prme_cli.query import Filters, all_records, get_object, select, stats
from prme_cli.store import Store

TZ = ZoneInfo("Europe/Paris")
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def w(a: str, b: str) -> tuple[datetime, datetime]:
    """Window from naive ISO wall times in TZ."""
    return (
        datetime.fromisoformat(a).replace(tzinfo=TZ),
        datetime.fromisoformat(b).replace(tzinfo=TZ),
    )


def stamp(dt: datetime, *, time: bool = True, active: bool = True, extra: str = "") -> str:
    o, c = ("<", ">") if active else ("[", "]")
    text = f"{dt:%Y-%m-%d} {DAYS[dt.weekday()]}"
    if time:
        text += f" {dt:%H:%M}"
    return f"{o}{text}{extra}{c}"


def titles(rows: list[Any]) -> list[str]:
    return [r.title for r in rows]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path / "memory.sqlite3")
    yield s
    s.close()


EDGES = """\
* Point at ten
<2026-11-10 Tue 10:00>
* Day only
<2026-11-10 Tue>
* Range across
<2026-11-09 Mon>--<2026-11-12 Thu>
* Clock span
:LOGBOOK:
CLOCK: [2026-11-10 Tue 08:00]--[2026-11-10 Tue 09:00] =>  1:00
:END:
* TODO Weekly standup :work:
SCHEDULED: <2026-11-02 Mon 09:30 +1w>
* Monthly bill
<2026-01-31 Sat +1m>
* Diary thing
<%%(diary-float t 4 2)>
* DONE Closed item :work:home:
CLOSED: [2026-11-11 Wed 17:00]
"""


@pytest.fixture
def edges(store: Store) -> Store:
    report = ingest_text(store, EDGES, "edges.org", now=NOW)
    assert report.errors == []
    return store


def test_point_window_edges(edges: Store) -> None:
    assert "Point at ten" in titles(select(edges, window=w("2026-11-10T10:00", "2026-11-10T11:00")))
    assert "Point at ten" not in titles(
        select(edges, window=w("2026-11-10T09:00", "2026-11-10T10:00"))
    )


def test_date_only_covers_its_day(edges: Store) -> None:
    assert "Day only" in titles(select(edges, window=w("2026-11-10T23:59", "2026-11-11T00:00")))
    assert "Day only" in titles(select(edges, window=w("2026-11-09T23:00", "2026-11-10T00:01")))
    assert "Day only" not in titles(select(edges, window=w("2026-11-11T00:00", "2026-11-12T00:00")))
    assert "Day only" not in titles(select(edges, window=w("2026-11-09T00:00", "2026-11-10T00:00")))


def test_ranges_spanning_and_touching(edges: Store) -> None:
    rows = select(edges, window=w("2026-11-12T12:00", "2026-11-12T13:00"))
    assert "Range across" in titles(rows)  # date range ends at the midnight after its last day
    assert "Range across" not in titles(
        select(edges, window=w("2026-11-13T00:00", "2026-11-13T01:00"))
    )
    assert "Clock span" in titles(select(edges, window=w("2026-11-10T08:59", "2026-11-10T09:30")))
    assert "Clock span" not in titles(
        select(edges, window=w("2026-11-10T09:00", "2026-11-10T09:30"))
    )


def test_repeaters_match_each_occurrence(edges: Store) -> None:
    # A repeating SCHEDULED projects its occurrences when SCHEDULED is asked for (agenda
    # questions); under the default `event` basis it matches at its base date only (below).
    rows = select(
        edges, window=w("2026-11-16T09:00", "2026-11-16T10:00"), filters=Filters(by="scheduled")
    )
    standup = [r for r in rows if r.title == "Weekly standup"]
    assert standup and standup[0].matched is not None
    assert standup[0].matched.start == datetime(2026, 11, 16, 9, 30)
    assert standup[0].matched.repeater == "+1w"
    assert "Weekly standup" not in titles(
        select(
            edges, window=w("2026-11-17T00:00", "2026-11-18T00:00"), filters=Filters(by="scheduled")
        )
    )
    # Before the first occurrence: nothing.
    assert "Weekly standup" not in titles(
        select(
            edges, window=w("2026-10-26T00:00", "2026-10-27T00:00"), filters=Filters(by="scheduled")
        )
    )
    # Monthly, day clamped by the calendar: Jan 31 -> Feb 28.
    rows = select(edges, window=w("2026-02-28T00:00", "2026-03-01T00:00"))
    assert "Monthly bill" in titles(rows)
    assert "Monthly bill" not in titles(
        select(edges, window=w("2026-03-01T00:00", "2026-03-30T00:00"))
    )


def test_diary_never_matches(edges: Store) -> None:
    rows = select(edges, window=w("2000-01-01T00:00", "2100-01-01T00:00"))
    assert "Diary thing" not in titles(rows)


def test_by_kind_and_any_and_changed(edges: Store) -> None:
    window = w("2026-11-01T00:00", "2026-12-01T00:00")
    closed = select(edges, window=window, filters=Filters(by="closed"))
    assert titles(closed) == ["Closed item"]
    assert closed[0].matched is not None and closed[0].matched.kind == "closed"
    sched = select(edges, window=window, filters=Filters(by="scheduled"))
    assert titles(sched) == ["Weekly standup"]
    with pytest.raises(UsageError):
        select(edges, window=window, filters=Filters(by="nonsense"))
    # Changed: the ingest time (12:00 UTC = 13:00 in Paris).
    changed = select(
        edges, window=w("2026-11-29T12:59", "2026-11-29T13:01"), filters=Filters(by="changed")
    )
    assert len(changed) == 9  # file object + 8 headings
    assert all(r.matched is not None and r.matched.kind == "version" for r in changed)
    assert changed[0].matched is not None
    assert changed[0].matched.start == datetime(2026, 11, 29, 13, 0)
    assert (
        select(
            edges, window=w("2026-11-29T13:01", "2026-11-29T14:00"), filters=Filters(by="changed")
        )
        == []
    )
    assert select(edges, window=w("2026-11-29T12:59", "2026-11-29T13:01")) == []
    assert (
        len(
            select(
                edges, window=w("2026-11-29T12:59", "2026-11-29T13:01"), filters=Filters(by="any")
            )
        )
        == 9
    )


def test_one_row_per_object_with_earliest_match_and_order(edges: Store) -> None:
    rows = select(edges, window=w("2026-11-09T00:00", "2026-11-12T00:00"))
    ids = [r.id for r in rows]
    assert len(ids) == len(set(ids))
    starts = [r.matched.start for r in rows if r.matched]
    assert starts == sorted(starts)
    rev = select(edges, window=w("2026-11-09T00:00", "2026-11-12T00:00"), reverse=True)
    assert [r.id for r in rev] == ids[::-1]
    limited = select(edges, window=w("2026-11-09T00:00", "2026-11-12T00:00"), limit=2)
    assert [r.id for r in limited] == ids[:2]
    limited_rev = select(
        edges, window=w("2026-11-09T00:00", "2026-11-12T00:00"), limit=2, reverse=True
    )
    assert [r.id for r in limited_rev] == ids[::-1][:2]
    rng = {r.title: r.matched for r in rows}
    assert rng["Range across"] is not None and rng["Range across"].start == datetime(2026, 11, 9)


def test_filters(edges: Store) -> None:
    window = w("2026-11-01T00:00", "2026-12-01T00:00")
    assert set(titles(select(edges, window=window, filters=Filters(todos=("TODO", "DONE"))))) == {
        "Weekly standup",
        "Closed item",
    }
    assert titles(select(edges, window=window, filters=Filters(tags=("work", "home")))) == [
        "Closed item"
    ]
    assert set(titles(select(edges, window=window, filters=Filters(tags=("work",))))) == {
        "Weekly standup",
        "Closed item",
    }
    # TODO states and tags match without regard to case (`--tag Work`, `--todo done`).
    assert titles(select(edges, window=window, filters=Filters(tags=("Work", "HOME")))) == [
        "Closed item"
    ]
    assert titles(select(edges, window=window, filters=Filters(todos=("done",)))) == ["Closed item"]
    files = select(edges, window=window, filters=Filters(types=("file",)))
    assert all(r.type == "file" for r in files)
    assert select(edges, window=window, filters=Filters(files=("edges",)))
    assert select(edges, window=window, filters=Filters(files=("*.org",)))
    assert select(edges, window=window, filters=Filters(files=("nope",))) == []
    assert select(edges, window=window, filters=Filters(files=("*.txt",))) == []


def test_file_glob_and_substring_on_disk(store: Store, tmp_path: Path) -> None:
    root = tmp_path / "notes"
    (root / "journal").mkdir(parents=True)
    (root / "journal" / "j.org").write_text("* J\n<2026-11-10 Tue>\n")
    (root / "work.org").write_text("* W\n<2026-11-10 Tue>\n")
    ingest_paths(store, [root], now=NOW)
    window = w("2026-11-10T00:00", "2026-11-11T00:00")

    def t(pattern: str) -> set[str]:
        rows = select(store, window=window, filters=Filters(files=(pattern,), types=("heading",)))
        return set(titles(rows))

    assert t("journal/*.org") == {"J"}
    assert t("*/journal/*") == {"J"}
    assert t("work") == {"W"}
    assert t("*.org") == {"J", "W"}


def test_full_text_quoting_and_raw(store: Store) -> None:
    text = """\
* Letter
I don't like e-mail much.
* Code
Programming in C++ again.
* Mail
Checking mail and e-books.
"""
    ingest_text(store, text, "t.org", now=NOW)
    assert titles(select(store, text="don't")) == ["Letter"]
    assert titles(select(store, text="e-mail")) == ["Letter"]
    assert titles(select(store, text="C++")) == ["Code"]
    assert set(titles(select(store, text="mail"))) == {"Letter", "Mail"}
    assert titles(select(store, text='mail "much"')) == ["Letter"]
    with pytest.raises(UsageError):
        select(store, text="++ --")
    with pytest.raises(UsageError, match="full-text"):
        select(store, text='"unbalanced', fts=True)
    with pytest.raises(UsageError):
        select(store, text="AND OR (", fts=True)
    assert titles(select(store, text="letter OR code", fts=True, limit=5))
    rows = select(store, text="mail")
    assert rows[0].score is not None and rows[0].score >= rows[-1].score


def test_text_with_window_and_rank(store: Store) -> None:
    text = """\
* Frame frame frame
<2026-11-10 Tue>
frame
* Frame once
<2026-11-11 Wed>
* Frame outside
<2026-12-25 Fri>
"""
    ingest_text(store, text, "f.org", now=NOW)
    rows = select(store, text="frame", window=w("2026-11-01T00:00", "2026-12-01T00:00"))
    assert titles(rows) == ["Frame frame frame", "Frame once"]
    assert rows[0].matched is not None


def test_include_deleted_and_archived(store: Store, tmp_path: Path) -> None:
    f = tmp_path / "a.org"
    f.write_text(
        "* Stays\n<2026-11-10 Tue>\n* Goes\n<2026-11-10 Tue>\n* Old :ARCHIVE:\n<2026-11-10 Tue>\n"
    )
    ingest_paths(store, [f], now=NOW, include_archived=True)
    window = w("2026-11-10T00:00", "2026-11-11T00:00")
    assert set(titles(select(store, window=window))) >= {"Stays", "Goes"}
    assert "Old" not in titles(select(store, window=window))
    assert "Old" in titles(select(store, window=window, filters=Filters(include_archived=True)))
    f.write_text("* Stays\n<2026-11-10 Tue>\n* Old :ARCHIVE:\n<2026-11-10 Tue>\n")
    ingest_paths(store, [f], now=NOW + timedelta(days=1), include_archived=True)
    assert "Goes" not in titles(select(store, window=window))
    gone = [
        r
        for r in select(store, window=window, filters=Filters(include_deleted=True))
        if r.title == "Goes"
    ]
    assert gone and gone[0].deleted_at == "2026-11-30T12:00:00Z"
    assert "Goes" in titles(select(store, text="goes", filters=Filters(include_deleted=True)))
    assert select(store, text="goes") == []


def test_no_window_no_text_lists_by_event_time(edges: Store) -> None:
    rows = select(edges, filters=Filters(types=("heading",)))
    assert len(rows) == 8
    dated = [r.event_time for r in rows if r.event_time is not None]
    assert dated == sorted(dated)


def test_row_json_and_get_object_and_stats(edges: Store) -> None:
    rows = select(edges, window=w("2026-11-10T10:00", "2026-11-10T11:00"))
    point = next(r for r in rows if r.title == "Point at ten")
    doc = point.to_json(TZ)
    assert doc["matched"]["start"] == "2026-11-10T10:00:00+01:00"
    assert doc["version"] == "2026-11-29T12:00:00Z"
    assert doc["file"] == "edges.org"
    obj = get_object(edges, point.id, TZ)
    assert obj is not None
    assert obj["timestamps"][0]["raw"] == "<2026-11-10 Tue 10:00>"
    assert obj["history"] == [
        {"version": "2026-11-29T12:00:00Z", "content_hash": point.content_hash, "current": True}
    ]
    assert obj["file_info"]["path"] == "edges.org"
    assert get_object(edges, "no-such-id") is None
    data = stats(edges)
    assert data["files"] == 1 and data["objects"] == 9 and data["headings"] == 8
    assert data["tombstoned"] == 0
    assert data["timestamps"]["closed"] == 1 and data["timestamps"]["diary"] == 1
    assert data["schema_version"] >= 1
    assert len(list(all_records(edges))) == 9


# -- property: random windows against a brute-force reference ----------------------------------


def _random_org(rng: random.Random, n: int) -> str:
    base = datetime(2026, 3, 20)
    out = []
    for i in range(n):
        out.append(f"* Item {i}")
        for _ in range(rng.randint(1, 3)):
            s = base + timedelta(minutes=rng.randrange(0, 20 * 24 * 60, 15))
            r = rng.random()
            if r < 0.3:
                out.append(stamp(s))
            elif r < 0.5:
                out.append(stamp(s, time=False))
            elif r < 0.65:
                e = s + timedelta(minutes=rng.randrange(15, 300, 15))
                if e.date() == s.date():
                    out.append(stamp(s)[:-1] + f"-{e:%H:%M}>")
                else:
                    out.append(stamp(s))
            elif r < 0.8:
                e = s + timedelta(days=rng.randint(1, 40))
                out.append(stamp(s, time=False) + "--" + stamp(e, time=False))
            elif r < 0.9:
                out.append(stamp(s, extra=rng.choice([" +1d", " +2w", " +1m", " .+3d", " +5h"])))
            else:
                out.append(stamp(s, active=False))
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def random_store(tmp_path_factory: pytest.TempPathFactory) -> Any:
    rng = random.Random(1234)
    text = _random_org(rng, 150)
    s = Store.open(tmp_path_factory.mktemp("rand") / "memory.sqlite3")
    ingest_text(s, text, "random.org", now=NOW)
    parsed = parse_org(text, "random.org")
    yield s, parsed
    s.close()


def _reference(parsed: Any, ws: datetime, we: datetime) -> dict[str, datetime]:
    """Earliest matching start per heading title, by direct evaluation of every stamp."""
    out: dict[str, datetime] = {}
    for node in parsed.nodes:
        hits = [occ for ts in node.timestamps if (occ := occurs_in(ts, ws, we)) is not None]
        if node.event_time is not None and ws <= node.event_time < we:
            hits.append(node.event_time)
        if hits:
            out[node.title] = min(hits)
    return out


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    start=st.integers(min_value=0, max_value=30 * 24 * 4),
    length=st.integers(min_value=1, max_value=10 * 24 * 4),
    limit=st.one_of(st.none(), st.integers(min_value=1, max_value=20)),
    reverse=st.booleans(),
)
def test_random_windows_match_brute_force(
    random_store: Any, start: int, length: int, limit: int | None, reverse: bool
) -> None:
    store, parsed = random_store
    ws = datetime(2026, 3, 15) + timedelta(minutes=15 * start)
    we = ws + timedelta(minutes=15 * length)
    expected = _reference(parsed, ws, we)
    rows = select(store, window=(ws.replace(tzinfo=TZ), we.replace(tzinfo=TZ)))
    got = {r.title: r.matched.start for r in rows if r.matched is not None}
    assert got == expected
    assert len(rows) == len(expected)
    keys = [r.matched.start for r in rows if r.matched]
    assert keys == sorted(keys)
    limited = select(
        store, window=(ws.replace(tzinfo=TZ), we.replace(tzinfo=TZ)), limit=limit, reverse=reverse
    )
    full = rows[::-1] if reverse else rows
    want = full if limit is None else full[:limit]
    assert [r.matched.start for r in limited if r.matched] == [
        r.matched.start for r in want if r.matched
    ]
    assert len(limited) == len(want)


DATETREE = """\
* 2026
** 2026-11 November
*** 2026-11-26 Thursday
**** Morning notes
[2026-11-26 Thu 08:10]
Fed the cat.
*** 2026-11-27 Friday
**** Evening notes
[2026-11-27 Fri 19:00]
"""


def test_datetree_containers_match_only_windows_holding_their_whole_period(store: Any) -> None:
    ingest_text(store, DATETREE, "journal.org", now=NOW)
    yesterday_on = titles(select(store, window=w("2026-11-26T00:00", "2026-11-27T20:00")))
    assert "2026" not in yesterday_on and "2026-11 November" not in yesterday_on
    assert {"2026-11-26 Thursday", "Morning notes", "Evening notes"} <= set(yesterday_on)
    november = titles(select(store, window=w("2026-11-01T00:00", "2026-12-01T00:00")))
    assert "2026-11 November" in november and "2026" not in november
    year = titles(select(store, window=w("2026-01-01T00:00", "2027-01-01T00:00")))
    assert "2026" in year


@settings(max_examples=400, deadline=None)
@given(
    base=st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2026, 12, 31)),
    has_time=st.booleans(),
    unit=st.sampled_from(["m", "y"]),
    step=st.integers(min_value=1, max_value=3),
    offset_h=st.integers(min_value=0, max_value=24 * 800),
    length_h=st.integers(min_value=1, max_value=24 * 40),
)
def test_calendar_day_prefilter_never_drops_an_occurrence(
    base: datetime, has_time: bool, unit: str, step: int, offset_h: int, length_h: int
) -> None:
    """The SQL day-of-month pre-filter for month/year repeaters is a superset of occurs_in."""
    from prme_cli.model import Timestamp
    from prme_cli.query import _calendar_days

    start = base.replace(second=0, microsecond=0)
    if not has_time:
        start = start.replace(hour=0, minute=0)
    end = start if has_time else start + timedelta(days=1)
    stamp = Timestamp("scheduled", start, end, has_time, "<r>", 1, repeater=f"+{step}{unit}")
    ws = start + timedelta(hours=offset_h)
    we = ws + timedelta(hours=length_h)
    days = _calendar_days(ws, we)
    if occurs_in(stamp, ws, we) is not None and days is not None:
        assert start.day in days


# -- property: liveness filters in the time index (tombstoned, revived, archived objects) ------


@pytest.fixture(scope="module")
def lifecycle_store(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Items ingested, then some removed (tombstoned), some of those restored (revived) and
    some tagged ``:ARCHIVE:`` (ingested with ``include_archived``): ``{title: (node, deleted,
    archived)}`` is the truth a brute-force reference filters on. Items are TODO, DONE or
    plain and some are tagged ``work`` or ``home`` (for the filters on ``objects``)."""
    rng = random.Random(99)
    blocks = _random_org(rng, 120).split("* Item ")[1:]
    items = [f"* {('TODO ', 'DONE ', '', '')[i % 4]}Item {b}" for i, b in enumerate(blocks)]
    tags = {i: [t for t, m in (("work", 3), ("home", 5)) if i % m == 0] for i in range(len(items))}

    def version(removed: set[int], archived: set[int]) -> str:
        out = []
        for i, block in enumerate(items):
            if i in removed:
                continue
            head, rest = block.split("\n", 1)
            own = tags[i] + (["ARCHIVE"] if i in archived else [])
            if own:
                head += " :" + ":".join(own) + ":"
            out.append(f"{head}\n{rest}")
        return "".join(out)

    gone = {i for i in range(len(items)) if i % 7 == 3}
    back = {i for i in gone if i % 14 == 3}
    archived = {i for i in range(len(items)) if i % 5 == 1}
    s = Store.open(tmp_path_factory.mktemp("life") / "memory.sqlite3")
    first = version(set(), set())
    ingest_text(s, first, "life.org", now=NOW, include_archived=True)
    ingest_text(s, version(gone, set()), "life.org", now=NOW + timedelta(days=1))
    final = version(gone - back, archived)
    ingest_text(s, final, "life.org", now=NOW + timedelta(days=2), include_archived=True)
    truth: dict[str, tuple[Any, bool, bool]] = {}
    for node in parse_org(first, "life.org").nodes[1:]:
        truth[node.title] = (node, True, False)
    for node in parse_org(final, "life.org").nodes[1:]:
        truth[node.title] = (node, False, node.archived)
    assert any(d for _, d, _ in truth.values()) and any(a for _, _, a in truth.values())
    assert {node.todo for node, _, _ in truth.values()} == {"TODO", "DONE", None}
    assert any("work" in node.tags for node, _, _ in truth.values())
    assert s.integrity_check() == []
    yield s, truth
    s.close()


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    start=st.integers(min_value=0, max_value=30 * 24 * 4),
    length=st.integers(min_value=1, max_value=10 * 24 * 4),
    limit=st.one_of(st.none(), st.integers(min_value=1, max_value=20)),
    reverse=st.booleans(),
    include_deleted=st.booleans(),
    include_archived=st.booleans(),
    headings_only=st.booleans(),
    todos=st.sampled_from([(), ("TODO",), ("DONE",), ("TODO", "DONE"), ("NEXT",)]),
    tags=st.sampled_from([(), ("work",), ("home",), ("work", "home")]),
    files=st.sampled_from([(), ("life.org",), ("*.org",), ("other.org",)]),
)
def test_random_windows_with_liveness_filters_match_brute_force(
    lifecycle_store: Any,
    start: int,
    length: int,
    limit: int | None,
    reverse: bool,
    include_deleted: bool,
    include_archived: bool,
    headings_only: bool,
    todos: tuple[str, ...],
    tags: tuple[str, ...],
    files: tuple[str, ...],
) -> None:
    """Liveness and the filters on ``objects`` (type, todo, tag, file), limited in either
    direction: the early-stopping scan that checks the filters on its candidates in batches
    must give the first rows of the full, brute-force answer."""
    store, truth = lifecycle_store
    ws = datetime(2026, 3, 15) + timedelta(minutes=15 * start)
    we = ws + timedelta(minutes=15 * length)
    window = (ws.replace(tzinfo=TZ), we.replace(tzinfo=TZ))
    expected: dict[str, datetime] = {}
    for title, (node, deleted, archived) in truth.items():
        if (deleted and not include_deleted) or (archived and not include_archived):
            continue
        if (todos and node.todo not in todos) or not set(tags) <= set(node.tags):
            continue
        if files == ("other.org",):
            continue
        hits = [occ for ts in node.timestamps if (occ := occurs_in(ts, ws, we)) is not None]
        if node.event_time is not None and ws <= node.event_time < we:
            hits.append(node.event_time)
        if hits:
            expected[title] = min(hits)
    filters = Filters(
        include_deleted=include_deleted,
        include_archived=include_archived,
        types=("heading",) if headings_only else (),
        todos=todos,
        tags=tags,
        files=files,
    )
    rows = select(store, window=window, filters=filters)
    assert {r.title: r.matched.start for r in rows if r.matched} == expected
    assert len(rows) == len(expected)
    limited = select(store, window=window, filters=filters, limit=limit, reverse=reverse)
    full = rows[::-1] if reverse else rows
    want = full if limit is None else full[:limit]
    assert [r.id for r in limited] == [r.id for r in want]
    assert [r.matched.start for r in limited if r.matched] == [
        r.matched.start for r in want if r.matched
    ]


def test_newest_first_orders_by_each_objects_earliest_match(store: Store) -> None:
    """Newest first with a limit: an object is placed by its earliest match in the window, so
    objects whose late stamps come first in the index but which also match early lose to one
    matching only once, in the middle (the early-stopping scan must look them up)."""
    early = "".join(
        f"* Late and early {i}\n<2026-11-10 Tue 18:00>\n<2026-11-10 Tue 08:0{i}>\n"
        for i in range(9)
    )
    text = early + "* Middle only\n<2026-11-10 Tue 12:00>\n* Repeats daily\n<2026-11-01 Sun .+1d>\n"
    ingest_text(store, text, "late.org", now=NOW)
    window = w("2026-11-10T06:00", "2026-11-11T00:00")
    for limit in (1, 2, 3, 12):
        rows = select(store, window=window, limit=limit, reverse=True)
        want = ["Middle only", *(f"Late and early {i}" for i in range(8, -1, -1))]
        want.append("Repeats daily")  # its occurrence starts at midnight
        assert titles(rows) == want[:limit]
    assert titles(select(store, window=window, limit=2)) == ["Repeats daily", "Late and early 0"]


@pytest.mark.parametrize("basis", ["changed", "any"])
def test_newest_first_with_a_limit_over_several_ingest_times(store: Store, basis: str) -> None:
    """`--by changed --reverse -n N` once failed with "no such column: obj": the exact-key
    look-up of the newest-first early stop read a column the version arm did not name."""
    for day in range(1, 6):
        text = "".join(f"* Note {n}\nbody {n} v{day if n == day else 0}\n" for n in range(1, 6))
        ingest_text(store, text, "notes.org", now=datetime(2026, 11, 20 + day, 10, tzinfo=UTC))
    window = w("2026-11-01T00:00", "2026-11-30T00:00")
    every = select(store, window=window, filters=Filters(by=basis), reverse=True)
    for limit in (1, 2, 3, 7):
        top = select(store, window=window, filters=Filters(by=basis), reverse=True, limit=limit)
        assert titles(top) == titles(every)[:limit]
    newest = select(store, window=window, filters=Filters(by="changed"), reverse=True, limit=2)
    assert titles(newest) == ["Note 5", "Note 4"]
