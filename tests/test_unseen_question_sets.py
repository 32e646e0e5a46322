"""The unseen and adversarial question sets' files are well formed, without running relate.

``strangers3``, ``pairs3``, the fourth round (``strangers4``, ``pairs4``, ``sessions4``), the
fifth (``strangers5``, ``pairs5``, ``sessions5``), the sixth (``strangers6``, ``pairs6``,
``sessions6``), the seventh (``strangers7``, ``pairs7``), the eighth (``strangers8``, ``pairs8``,
``sessions7``) and the ninth (``strangers9``, ``pairs9``, ``sessions8``) were written by
helpers who neither read nor ran relate; their first run is the integrator's.
``adversarial3`` (three parts) was written and committed before relate was run on it, and must
ask more to refuse than the others (a trap set). These tests only load ``bench/orgsets.py`` and
the sets' files: every question is one JSON object with the fields the runner reads, its kind is
one the judge knows, its gold has the shape that kind needs — the judge accepts a value built
from the gold and rejects one that is off — and the set stays out of ``--set all``.
"""

from __future__ import annotations

import datetime as dt
import json
from types import ModuleType
from typing import Any

import pytest

UNSEEN = (
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
)
ADVERSARIAL3 = ("adv3-sessions", "adv3-pairs", "adv3-org")
FIELDS = {"id", "family", "question", "kind", "gold", "why"}


def _questions(runner: ModuleType, name: str) -> list[dict[str, Any]]:
    qs = runner.sets()[name]
    lines = qs.questions.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _right_and_off(kind: str, gold: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A value the judge must accept for this gold, and a near miss it must not."""
    if kind in ("days", "days_or_next"):
        return {"days": gold}, {"days": gold + 2}
    if kind in ("weeks", "hours", "minutes"):
        return {"quantity": str(gold), "unit": kind}, {"quantity": str(gold + 1), "unit": kind}
    if kind == "duration":
        minutes = gold["minutes"]
        return {"quantity": str(minutes), "unit": "minutes"}, {
            "quantity": str(minutes + 5),
            "unit": "minutes",
        }
    day = (
        dt.date.fromisoformat(gold) if kind in ("date", "date_or_week", "week", "planned") else None
    )
    if kind in ("date", "date_or_week"):
        assert day is not None
        return {"date": gold, "grain": "day"}, {
            "date": str(day + dt.timedelta(days=1)),
            "grain": "day",
        }
    if kind == "week":
        assert day is not None
        start = day - dt.timedelta(days=day.weekday())
        window = {"start": str(start), "end": str(start + dt.timedelta(days=7)), "grain": "week"}
        return window, {"date": gold, "grain": "day"}
    if kind == "month":
        return {"date": f"{gold}-01", "grain": "month"}, {"date": f"{gold}-01", "grain": "day"}
    if kind == "planned":
        return {"date": gold, "planned": True}, {"date": gold}
    if kind == "choice":
        return {"order": [gold, "something else"]}, {"order": ["something else", gold]}
    if kind == "order":
        return {"order": list(gold)}, {"order": list(reversed(gold))}
    raise AssertionError(f"no value for kind {kind}")


@pytest.mark.parametrize("name", UNSEEN)
def test_unseen_set_is_registered_with_its_notes_and_kept_out_of_all(
    name: str, orgsets: ModuleType
) -> None:
    runner = orgsets
    qs = runner.sets()[name]
    assert qs.notes.is_dir() and any(qs.notes.rglob("*.org"))
    readme = (qs.questions.parent / "README.md").read_text(encoding="utf-8")
    assert f"{qs.now.replace('T', ' ')}, {qs.tz}" in readme  # the README says when to ask
    assert name not in runner.ALL


@pytest.mark.parametrize("name", UNSEEN)
def test_unseen_set_questions_have_the_runners_fields_and_known_kinds(
    name: str, orgsets: ModuleType
) -> None:
    runner = orgsets
    questions = _questions(runner, name)
    assert len(questions) >= 40
    assert len({q["id"] for q in questions}) == len(questions)
    for q in questions:
        assert set(q) == FIELDS, q["id"]
        assert q["kind"] in runner.KINDS, q["id"]
        assert q["question"].endswith("?") and q["why"] and q["family"], q["id"]
        if q["kind"] in runner.UNSCORED:
            assert q["gold"] is None, q["id"]
    refused = sum(q["kind"] == "abstain" for q in questions)
    assert 0.15 <= refused / len(questions) <= 0.35


def test_adversarial3_is_registered_kept_out_of_all_and_refuses_at_least_two_in_five(
    orgsets: ModuleType,
) -> None:
    runner = orgsets
    assert runner.ADVERSARIAL3 == ADVERSARIAL3
    readme = (runner.sets()["adv3-org"].notes.parents[1] / "README.md").read_text(encoding="utf-8")
    questions = []
    for name in ADVERSARIAL3:
        qs = runner.sets()[name]
        assert name not in runner.ALL
        assert qs.notes.is_dir() and any(qs.notes.rglob("*.org"))
        assert f"{qs.now.replace('T', ' ')}, {qs.tz}" in readme  # the README says when to ask
        part = _questions(runner, name)
        assert len(part) >= 25
        questions += part
    assert len({q["id"] for q in questions}) == len(questions)
    for q in questions:
        assert set(q) == FIELDS, q["id"]
        assert q["kind"] in runner.KINDS, q["id"]
        assert q["question"].endswith("?") and q["why"] and q["family"], q["id"]
    refused = sum(q["kind"] == "abstain" for q in questions)
    assert refused / len(questions) >= 0.40
    # every trap family that is refused somewhere has answerable near-misses beside it
    assert len(questions) - refused >= 40


@pytest.mark.parametrize("name", UNSEEN + ADVERSARIAL3)
def test_unseen_set_golds_have_the_shape_their_kind_is_judged_by(
    name: str, orgsets: ModuleType
) -> None:
    runner = orgsets
    for q in _questions(runner, name):
        if q["kind"] in runner.UNSCORED:
            status = "not_routed" if q["kind"] == "not_routed" else "unsupported"
            assert runner.judge(q["kind"], None, status, None), q["id"]
            assert not runner.judge(q["kind"], None, "accepted", {"days": 1}), q["id"]
            continue
        right, off = _right_and_off(q["kind"], q["gold"])
        assert runner.judge(q["kind"], q["gold"], "accepted", right), q["id"]
        assert not runner.judge(q["kind"], q["gold"], "accepted", off), q["id"]
        assert not runner.judge(q["kind"], q["gold"], "unsupported", None), q["id"]
