"""Context packing: the budget is never exceeded, nothing is dropped silently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from prme_cli import context as ctx
from prme_cli import tokens
from prme_cli.context import (
    REPRESENTATIONS,
    Bundle,
    ContextRecord,
    full_dump_text,
    pack,
    render_record,
    repack,
)

REPO = Path(__file__).resolve().parents[1]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FRAME_BODY = (
    "CLOSED: [2026-10-02 Fri 17:40]\n"
    ":LOGBOOK:\n"
    "CLOCK: [2026-10-02 Fri 15:00]--[2026-10-02 Fri 17:40] =>  2:40\n"
    ":END:\n"
    "Glued the last corner.\n"
    "Will hang it next weekend.\n"
)


def _frame(**changes: object) -> ContextRecord:
    fields: dict[str, object] = {
        "id": "frame-1",
        "title": "Finish the frame",
        "path": ("Projects", "Frame"),
        "todo": "DONE",
        "tags": ("woodwork",),
        "event_time": datetime(2026, 10, 2, 17, 40),
        "file": "notes.org",
        "line": 12,
        "body": FRAME_BODY,
        "timestamps": (
            ("closed", "[2026-10-02 Fri 17:40]"),
            ("clock", "[2026-10-02 Fri 15:00]--[2026-10-02 Fri 17:40]"),
        ),
        "priority": 1.0,
    }
    fields.update(changes)
    return ContextRecord(**fields)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- strategies

ORG_LINES = st.sampled_from(
    [
        "CLOSED: [2026-10-02 Fri 17:40]",
        "SCHEDULED: <2026-11-29 Sun 09:30-11:00 +1w>",
        ":PROPERTIES:",
        ":CREATED: [2025-01-13 周一 11:23]",
        ":END:",
        '- State "DONE"       from "TODO"       [2026-10-02 Fri 17:40]',
        "CLOCK: [2026-10-02 Fri 15:00]--[2026-10-02 Fri 17:40] =>  2:40",
        "Hung it in the hallway on 11 October.",
        "Nothing dated here at all.",
        "  indented line with trailing spaces   ",
        "",
        "<|endoftext|> looks special but is text.",
        '},{"json": "lookalike"}]',
        "* not a heading inside a body?",
    ]
)
BODIES = st.one_of(
    st.just(""),
    st.text(max_size=300),
    st.lists(ORG_LINES, max_size=12).map("\n".join),
    st.lists(st.one_of(ORG_LINES, st.text(max_size=80)), min_size=20, max_size=60).map("\n".join),
)
IDS = st.text(alphabet="abcdef0123456789-", min_size=1, max_size=12)
STAMPS = st.lists(
    st.tuples(
        st.sampled_from(["closed", "scheduled", "clock", "inactive", "active", "diary"]),
        st.sampled_from(["[2026-10-02 Fri 17:40]", "<2026-11-29 Sun>", "<%%(diary-float t 4 2)>"]),
    ),
    max_size=4,
).map(tuple)


@st.composite
def records(draw: st.DrawFn, record_id: str) -> ContextRecord:
    return ContextRecord(
        id=record_id,
        title=draw(st.text(max_size=40)),
        path=tuple(draw(st.lists(st.text(max_size=12), max_size=3))),
        todo=draw(st.one_of(st.none(), st.sampled_from(["TODO", "DONE", "WAITING"]))),
        tags=tuple(
            draw(st.lists(st.text(alphabet="abcxyz_@", min_size=1, max_size=6), max_size=3))
        ),
        event_time=draw(
            st.one_of(st.none(), st.datetimes(datetime(2000, 1, 1), datetime(2030, 12, 31)))
        ),
        file=draw(st.sampled_from(["notes.org", "journal/2026-10-02.org", "ünï cödé.org"])),
        line=draw(st.integers(1, 100_000)),
        body=draw(BODIES),
        timestamps=draw(STAMPS),
        priority=draw(st.one_of(st.floats(-10, 10, allow_nan=False), st.sampled_from([0.0, 1.0]))),
    )


@st.composite
def record_lists(draw: st.DrawFn, max_size: int = 8) -> list[ContextRecord]:
    ids = draw(st.lists(IDS, max_size=max_size, unique=True))
    return [draw(records(record_id)) for record_id in ids]


def _expected_order(items: list[ContextRecord]) -> list[str]:
    return [r.id for _, r in sorted(enumerate(items), key=lambda p: (-p[1].priority, p[0]))]


def _check_bundle(bundle: Bundle, items: list[ContextRecord], budget: int) -> None:
    assert tokens.count(bundle.context) == bundle.tokens_used
    assert bundle.tokens_used <= budget
    packed = [p.id for p in bundle.records]
    excluded = list(bundle.excluded_ids)
    assert len(set(packed)) == len(packed) and len(set(excluded)) == len(excluded)
    assert not set(packed) & set(excluded)
    assert sorted(packed + excluded) == sorted(r.id for r in items)
    order = _expected_order(items)
    assert packed == [i for i in order if i in set(packed)]
    assert excluded == [i for i in order if i in set(excluded)]
    position = 0
    for record in bundle.records:  # each record's text appears, in order, in the context
        found = bundle.context.find(record.text, position)
        assert found >= 0
        position = found + len(record.text)
        assert record.tokens == tokens.count(record.text)
        assert record.representation in REPRESENTATIONS


# --------------------------------------------------------------------------- rendering


def test_full_reader_keeps_everything_verbatim() -> None:
    text = render_record(_frame(), "full", "reader")
    assert text.splitlines()[:5] == [
        ":ID: frame-1",
        "path: Projects > Frame",
        "event_time: 2026-10-02 17:40",
        "source: notes.org:12",
        "* DONE Finish the frame :woodwork:",
    ]
    # the heading and its text are contiguous, as in the file
    assert "* DONE Finish the frame :woodwork:\n" + FRAME_BODY.strip() in text


def test_structured_reader_keeps_timestamps_and_dated_lines_only() -> None:
    text = render_record(_frame(), "structured", "reader")
    lines = text.splitlines()
    assert lines[0] == ":ID: frame-1"
    assert "* DONE Finish the frame :woodwork:" in lines
    assert "timestamp closed: [2026-10-02 Fri 17:40]" in lines
    assert "timestamp clock: [2026-10-02 Fri 15:00]--[2026-10-02 Fri 17:40]" in lines
    assert "CLOSED: [2026-10-02 Fri 17:40]" in lines
    assert "Will hang it next weekend." in lines  # a relative date is a date
    assert "Glued the last corner." not in lines
    assert ":LOGBOOK:" not in lines
    assert "source:" not in text


def test_reference_is_one_line_with_id_time_title() -> None:
    text = render_record(_frame(), "reference", "reader")
    assert text == "- reference :ID: frame-1 | event_time: 2026-10-02 17:40 | Finish the frame"
    assert render_record(_frame(event_time=None), "reference", "reader") == (
        "- reference :ID: frame-1 | Finish the frame"
    )


def test_midnight_event_time_is_shown_as_a_date() -> None:
    text = render_record(_frame(event_time=datetime(2026, 10, 11)), "reference", "reader")
    assert "event_time: 2026-10-11 |" in text


def test_titles_with_newlines_stay_on_one_line() -> None:
    text = render_record(_frame(title="two\nlines"), "reference", "reader")
    assert "\n" not in text and "two lines" in text


def test_json_record_has_stable_keys() -> None:
    keys = {"id", "representation", "title", "todo", "tags", "path", "event_time", "source", "text"}
    for representation in REPRESENTATIONS:
        obj = json.loads(render_record(_frame(), representation, "json"))
        assert set(obj) == keys
        assert obj["id"] == "frame-1" and obj["representation"] == representation
    full = json.loads(render_record(_frame(), "full", "json"))
    assert full["text"] == FRAME_BODY and full["event_time"] == "2026-10-02T17:40:00"
    assert json.loads(render_record(_frame(), "reference", "json"))["text"] is None


def test_full_dump_text_is_the_full_reader_form() -> None:
    assert full_dump_text(_frame()) == render_record(_frame(), "full", "reader")


def test_render_rejects_unknown_names() -> None:
    with pytest.raises(ValueError):
        render_record(_frame(), "summary", "reader")
    with pytest.raises(ValueError):
        render_record(_frame(), "full", "yaml")


# --------------------------------------------------------------------------- packing


def test_pack_examples_degrade_with_budget() -> None:
    hang = _frame(
        id="hang-1",
        title="Hang the frame",
        todo=None,
        body="Hung it in the hallway on 11 October.\n",
        timestamps=(),
        priority=0.5,
    )
    reps = []
    for budget in (0, 10, 40, 80, 120, 400):
        bundle = pack([hang, _frame()], budget)
        _check_bundle(bundle, [hang, _frame()], budget)
        reps.append([(p.id, p.representation) for p in bundle.records])
    assert reps[0] == [] and reps[1] == []
    assert reps[-1] == [("frame-1", "full"), ("hang-1", "full")]
    assert ("frame-1", "reference") in reps[2] or ("frame-1", "structured") in reps[2]


@pytest.mark.parametrize("budget", [-1, 1.5, "10", None, True])
def test_bad_budget_is_rejected(budget: object) -> None:
    with pytest.raises(ValueError):
        pack([_frame()], budget)  # type: ignore[arg-type]


def test_duplicate_ids_and_bad_format_are_rejected() -> None:
    with pytest.raises(ValueError):
        pack([_frame(), _frame()], 100)
    with pytest.raises(ValueError):
        pack([_frame()], 100, fmt="yaml")


def test_empty_input() -> None:
    bundle = pack([], 100)
    assert bundle.context == "" and bundle.tokens_used == 0 and bundle.records == ()
    assert json.loads(pack([], 100, fmt="json").context) == []
    assert pack([], 0, fmt="json").context == ""  # not even "[]" fits in zero tokens


def test_header_never_costs_a_record_its_place() -> None:
    items = [_frame(), _frame(id="frame-2", priority=0.0)]
    for budget in range(0, 260, 7):
        plain = pack(items, budget)
        headed = pack(items, budget, header="Context for: frame (2 records)")
        _check_bundle(headed, items, budget)
        assert [(p.id, p.representation) for p in headed.records] == [
            (p.id, p.representation) for p in plain.records
        ]
        if headed.header is not None:
            assert headed.context.startswith("Context for: frame (2 records)\n")
    assert pack(items, 1000, header="hdr").header == "hdr"


def test_to_json_shape_and_saving() -> None:
    bundle = pack([_frame()], 500, full_dump_tokens=10_000)
    data = bundle.to_json()
    assert data["records"] == [
        {"id": "frame-1", "representation": "full", "tokens": bundle.records[0].tokens}
    ]
    assert data["tokens_used"] == tokens.count(data["context"])
    assert data["budget"] == 500 and data["full_dump_tokens"] == 10_000
    assert data["excluded_ids"] == [] and data["dropped_ids"] == []
    assert bundle.saving == pytest.approx(1 - bundle.tokens_used / 10_000)
    assert pack([_frame()], 500).saving is None
    footer = bundle.footer()
    assert footer.startswith("context: 1 nodes; ") and "full dump 10,000 tokens" in footer
    assert "saving" not in pack([_frame()], 500).footer()
    assert "(1 excluded)" in pack([_frame()], 0).footer()


@FAST
@given(items=record_lists(), budget=st.integers(0, 5000), fmt=st.sampled_from(ctx.FORMATS))
def test_pack_never_exceeds_budget_and_loses_nothing(
    items: list[ContextRecord], budget: int, fmt: str
) -> None:
    bundle = pack(items, budget, fmt=fmt)
    _check_bundle(bundle, items, budget)
    for record in bundle.records:
        if fmt == "json":
            assert json.loads(record.text)["id"] == record.id
        else:
            assert f":ID: {record.id}" in record.text
    if fmt == "json" and bundle.context:
        parsed = json.loads(bundle.context)
        assert [obj["id"] for obj in parsed] == [p.id for p in bundle.records]


@FAST
@given(
    item=records("only"),
    budgets=st.tuples(st.integers(0, 3000), st.integers(0, 3000)).map(sorted),
    fmt=st.sampled_from(ctx.FORMATS),
)
def test_first_record_gets_the_richest_fitting_representation(
    item: ContextRecord, budgets: list[int], fmt: str
) -> None:
    rank = {None: -1, "reference": 0, "structured": 1, "full": 2}
    chosen = []
    for budget in budgets:
        bundle = pack([item], budget, fmt=fmt)
        representation = bundle.records[0].representation if bundle.records else None
        # Exactly the richest representation whose whole context fits.
        layout = ctx._LAYOUTS[fmt]
        fitting = [
            r
            for r in REPRESENTATIONS
            if tokens.count(layout.render([render_record(item, r, fmt)])) <= budget
        ]
        assert representation == (fitting[0] if fitting else None)
        chosen.append(rank[representation])
    assert chosen[0] <= chosen[1]  # more budget never gives a poorer representation


@FAST
@given(
    items=st.lists(
        st.one_of(
            st.text(min_size=1, max_size=60),
            st.lists(ORG_LINES, min_size=1, max_size=4).map("\n".join),
        ),
        min_size=1,
        max_size=6,
    ),
    fmt=st.sampled_from(ctx.FORMATS),
)
def test_additive_identity_holds_for_clean_items(items: list[str], fmt: str) -> None:
    """The counting argument in the module docstring, checked on arbitrary text."""
    cleaned = [ctx._clean_item(item) for item in items]
    assume(all(cleaned))
    layout = ctx._LAYOUTS[fmt]
    assert ctx._sequence_cost(layout, cleaned, exact_sum=True) == tokens.count(
        layout.render(cleaned)
    )


def test_fast_path_needs_no_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal packing decides with the additive sum alone; the slow path is a safety net."""
    modes: list[bool] = []
    real = ctx._greedy

    def spy(*args: object, exact_sum: bool) -> object:
        modes.append(exact_sum)
        return real(*args, exact_sum=exact_sum)  # type: ignore[arg-type]

    monkeypatch.setattr(ctx, "_greedy", spy)
    items = [
        _frame(id=f"r{i}", priority=float(i % 3), body=FRAME_BODY * (i % 4) + "end." * i)
        for i in range(12)
    ]
    for fmt in ctx.FORMATS:
        for budget in range(0, 1500, 37):
            pack(items, budget, fmt=fmt, header="hdr.")
    assert modes and all(modes)


def test_huge_body_is_ruled_out_without_tokenizing(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens.clear_cache()
    tokens.max_token_bytes()
    seen: list[int] = []
    real = tokens._encode_len

    def spy(text: str) -> int:
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(tokens, "_encode_len", spy)
    huge = _frame(body="Glued the corner. " * 100_000)
    bundle = pack([huge], 300)
    assert [p.representation for p in bundle.records] == ["structured"]
    assert max(seen) < 10_000


def test_broken_identity_falls_back_to_whole_text_counting(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a joiner that lets pieces merge, the fast sum is wrong; the budget still holds."""
    monkeypatch.setitem(ctx._LAYOUTS, "reader", ctx._Layout("", "", "", ""))
    items = [
        _frame(id=f"r{i}", title="x" * i, body="aaaa " * i, timestamps=()) for i in range(1, 12)
    ]
    for budget in range(0, 400, 3):
        bundle = pack(items, budget)
        assert tokens.count(bundle.context) == bundle.tokens_used <= budget


def test_context_module_imports_tiktoken_lazily() -> None:
    code = """
        import sys
        from datetime import datetime
        from prme_cli.context import ContextRecord, render_record, pack
        record = ContextRecord("a", "t", (), None, (), None, "f.org", 1, "body", ())
        render_record(record, "full", "reader")
        assert "tiktoken" not in sys.modules, "imported before counting was needed"
        pack([record], 100)
        assert "tiktoken" in sys.modules
        print("ok")
    """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        check=False,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# --------------------------------------------------------------------------- repacking


def _guidance(ids: set[str]) -> str:
    return "# inferred, verify against the cited records\nevidence: " + ", ".join(sorted(ids))


@FAST
@given(
    items=record_lists(max_size=6),
    budget=st.integers(0, 3000),
    fmt=st.sampled_from(ctx.FORMATS),
    data=st.data(),
)
def test_repack_keeps_cited_records_and_the_budget(
    items: list[ContextRecord], budget: int, fmt: str, data: st.DataObject
) -> None:
    original = pack(items, budget, fmt=fmt, header=data.draw(st.sampled_from([None, "hdr"])))
    assume(original.records)
    packed_ids = [p.id for p in original.records]
    keep = set(data.draw(st.lists(st.sampled_from(packed_ids), min_size=1, unique=True)))
    guidance = _guidance(keep)
    result = repack(items, original, keep_ids=keep, guidance=guidance)
    by_id = {p.id: p for p in original.records}
    if result is None:
        # Rejected only if guidance + header + cited records alone really do not fit.
        layout = ctx._LAYOUTS[fmt]
        minimal = [ctx._block_item(guidance, "guidance", fmt)]
        if original.header:
            minimal.append(ctx._block_item(original.header, "header", fmt))
        minimal += [p.text for p in original.records if p.id in keep]
        assert tokens.count(layout.render(minimal)) > budget
        return
    assert tokens.count(result.context) == result.tokens_used <= budget
    result_ids = [p.id for p in result.records]
    assert set(result_ids) <= set(packed_ids)  # nothing new enters
    assert result_ids == [i for i in packed_ids if i in set(result_ids)]
    for record_id in keep:  # cited records stay, byte for byte
        assert record_id in result_ids
        assert result.records[result_ids.index(record_id)] == by_id[record_id]
    assert set(result.dropped_ids) == set(packed_ids) - set(result_ids)
    assert not set(result.dropped_ids) & keep
    assert result.excluded_ids == original.excluded_ids + result.dropped_ids
    assert len(set(result.excluded_ids)) == len(result.excluded_ids)
    assert result.dropped_ids == tuple(i for i in packed_ids if i in set(result.dropped_ids))
    if fmt == "json":
        parsed = json.loads(result.context)
        assert parsed[0]["representation"] == "guidance"
    else:
        assert result.context.startswith(guidance)


def test_repack_displaces_lowest_priority_uncited_first() -> None:
    items = [
        _frame(id=f"r{i}", priority=float(10 - i), body=f"{FRAME_BODY}note {i}\n") for i in range(5)
    ]
    original = pack(items, 2000)
    assert [p.representation for p in original.records] == ["full"] * 5
    keep = {"r4"}  # the lowest-priority record is the evidence
    guidance = _guidance(keep) + "\n" + "padding words " * 60
    result = repack(items, original, keep_ids=keep, guidance=guidance, budget=original.tokens_used)
    assert result is not None
    assert "r4" in result.ids
    assert result.dropped_ids  # something had to go...
    survivors = [i for i in ("r0", "r1", "r2", "r3") if i in result.ids]
    assert survivors == ["r0", "r1", "r2", "r3"][: len(survivors)]  # ...from the bottom up
    assert result.excluded_ids == result.dropped_ids


def test_repack_appends_to_original_exclusions_without_duplicates() -> None:
    items = [_frame(id=f"r{i}", priority=float(10 - i)) for i in range(6)]
    original = pack(items, 260)
    assert original.excluded_ids  # the budget already left some out
    keep = {original.records[0].id}
    result = repack(items, original, keep_ids=keep, guidance=_guidance(keep) + " pad" * 40)
    assert result is not None
    assert result.excluded_ids[: len(original.excluded_ids)] == original.excluded_ids
    assert len(set(result.excluded_ids)) == len(result.excluded_ids)
    assert set(result.excluded_ids) | set(result.ids) == {r.id for r in items}


def test_repack_rejects_when_cited_records_leave_no_room() -> None:
    original = pack([_frame()], 200)
    assert original.records[0].representation == "full"
    guidance = _guidance({"frame-1"}) + " filler" * 300
    assert repack([_frame()], original, keep_ids={"frame-1"}, guidance=guidance) is None


def test_repack_argument_errors() -> None:
    original = pack([_frame()], 500)
    with pytest.raises(ValueError, match="not in the packed bundle"):
        repack([_frame()], original, keep_ids={"nope"}, guidance="nope")
    with pytest.raises(ValueError, match="does not name"):
        repack([_frame()], original, keep_ids={"frame-1"}, guidance="inferred")
    with pytest.raises(ValueError):
        repack([_frame()], original, keep_ids={"frame-1"}, guidance="   ")
    with pytest.raises(ValueError):
        repack([_frame()], original, keep_ids={"frame-1"}, guidance="frame-1", budget=-5)


def test_repack_ignores_records_outside_the_original() -> None:
    stranger = _frame(id="stranger", priority=100.0)
    original = pack([_frame()], 500)
    result = repack([stranger, _frame()], original, keep_ids={"frame-1"}, guidance="frame-1")
    assert result is not None and result.ids == ("frame-1",)
    assert "stranger" not in result.context
