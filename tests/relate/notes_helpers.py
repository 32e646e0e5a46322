"""Helpers for relate tests that write invented notes, ingest them and ask questions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime, tzinfo
from decimal import Decimal
from pathlib import Path
from typing import Any

from prme_cli import config
from prme_cli.ingest import ingest_paths
from prme_cli.service import relate
from prme_cli.store import Store


def notes_store(root: Path, notes: Mapping[str, str], now: datetime) -> Iterator[Store]:
    """Write ``notes`` (file name -> org text) under ``root``, ingest them, yield the store."""
    folder = root / "notes"
    folder.mkdir()
    for name, text in notes.items():
        (folder / name).write_text(text, encoding="utf-8")
    with Store.open(root / "prme.sqlite3") as store:
        assert not ingest_paths(store, [folder], now=now).errors
        yield store


def ask(store: Store, question: str, *, now: datetime, tz: tzinfo) -> dict[str, Any]:
    """`prme relate` through the library with the default configuration; no receipt."""
    cfg = config.load(environ={})
    return relate(
        store,
        cfg,
        question,
        now=now,
        tz=tz,
        budget=int(cfg["context"]["budget"]),
        owner="tests",
        save_receipt=False,
    ).document


#: The configured gate threshold (SPEC §6.6).
GATE_THRESHOLD = 0.85


def gate_check(question: str, record: Any, operand: Any, operation: str = "absolute_date") -> float:
    """The symbolic gate's probability for one ``operand`` of ``question`` quoted from
    ``record`` (an :class:`~prme_cli.relate.types.EvidenceRecord`)."""
    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import Resolution

    resolution = Resolution(operation, (operand,))
    return SymbolicGate().check(question, resolution, operand, record).probability


def gate_verdict(question: str, record: Any, *operands: Any) -> list[float]:
    """The symbolic gate's whole verdict on ``operands`` quoted from ``record``: one is an
    absolute_date, two an elapsed_between; each operand's probability, in order."""
    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.types import ProviderAudit, Resolution

    operation = "elapsed_between" if len(operands) == 2 else "absolute_date"
    verdict = SymbolicGate().evaluate(
        question, Resolution(operation, operands), {record.id: record}, ProviderAudit("symbolic")
    )
    return list(verdict.probabilities)


def gate_probability(
    quote: str,
    name: str,
    expression: str,
    *,
    text: str | None = None,
    asked: str = "",
    written: datetime = datetime(2031, 4, 9, 10, 0),
) -> float:
    """The symbolic gate's probability for one text-dated operand of "When did I NAME?",
    quoted from a record whose text is ``text`` (the quote itself by default)."""
    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord(
        id="r1", event_time=written, text=quote if text is None else text, asked=asked
    )
    operand = Operand(name, "r1", quote, expression, "text_expression")
    return gate_check(f"When did I {name}?", record, operand)


def turn_gate_probability(
    question: str, quote: str, name: str, expression: str, *, speaker: str, written: datetime
) -> float:
    """The symbolic gate's probability for one text-dated operand of ``question``, quoted
    from a chat turn headed by ``speaker`` whose whole text is the quote."""
    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord(id="r1", event_time=written, text=f"*{quote}", title=speaker)
    operand = Operand(name, "r1", quote, expression, "text_expression")
    return gate_check(question, record, operand)


#: The day the one-file probes of the adversarial rounds are written on (a Monday).
PROBE_STAMP = datetime(2031, 5, 19, 18, 0)


def journal_day(*lines: str, day: str = "2031-05-19 Monday") -> dict[str, str]:
    """One datetree day of May 2031 (``day``: "YYYY-MM-DD Weekday") holding ``lines``."""
    body = "\n".join(lines)
    return {"journal.org": f"* 2031\n** 2031-05 May\n*** {day}\n{body}\n"}


def chat_session(*turns: tuple[str, str], stamp: datetime = PROBE_STAMP) -> dict[str, str]:
    """One chat session as one file: a dated heading, a child heading per turn titled with
    the speaker (``user``/``assistant``, or two people's names)."""
    out = [f"#+TITLE: Chat of {stamp:%Y-%m-%d}", f"* Chat [{stamp:%Y-%m-%d %a %H:%M}]"]
    for speaker, words in turns:
        out += [f"** {speaker}", words]
    return {"chat.org": "\n".join(out) + "\n"}


def converted_session(stamp: str, key: str, turns: list[tuple[str, str]]) -> str:
    """One chat session in the shape LongMemEval's ``to_org.py`` writes: a ``#+TITLE``, a
    heading stamped ``stamp`` ("2030-05-24 Fri 10:00") with the session's ``:ID:`` ``key``,
    and a child heading per turn (``user``/``assistant``) with its own ``:ID:``."""
    out = [f"#+TITLE: Chat of {stamp[:10]}", f"* Chat [{stamp}]", ":PROPERTIES:", f":ID: {key}"]
    out.append(":END:")
    for i, (role, text) in enumerate(turns):
        out += [f"** {role}", ":PROPERTIES:", f":ID: {key}-t{i}", ":END:", text]
    return "\n".join(out) + "\n"


def user_says(words: str, stamp: datetime = PROBE_STAMP) -> dict[str, str]:
    """A user/assistant session in which the user says ``words``."""
    return chat_session(("user", words), ("assistant", "I see."), stamp=stamp)


def answer(
    root: Path, notes: Mapping[str, str], question: str, *, now: datetime, tz: tzinfo
) -> dict[str, Any]:
    """Ingest ``notes`` into a fresh store under ``root`` and ask ``question`` there."""
    for store in notes_store(root, notes, now):
        return ask(store, question, now=now, tz=tz)
    raise AssertionError("no store")


def gate_for(
    question: str, quote: str, name: str, expression: str, *, written: datetime = PROBE_STAMP
) -> float:
    """The symbolic gate's probability for one text-dated operand ``name`` of ``question``,
    quoted from a record whose whole text is ``quote``."""
    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord(id="r1", event_time=written, text=quote, asked="")
    operand = Operand(name, "r1", quote, expression, "text_expression")
    return gate_check(question, record, operand)


def org_stamp_gate(question: str, heading: str, line: str, stamp: str, name: str) -> float:
    """The symbolic gate's lowest probability for the org ``stamp`` on ``line`` under the
    heading ``heading`` (keyword and title), asked as ``question`` about ``name``."""
    from prme_cli.relate.types import EvidenceRecord, Operand

    record = EvidenceRecord("h", None, f"* {heading}\n{line}\n", title=heading)
    return min(gate_verdict(question, record, Operand(name, "h", stamp, stamp, "org_timestamp")))


def records_in(kind: str, line: str, reply: str = "Oh no, really?") -> dict[str, str]:
    """One line of notes as a journal day's entry (``journal``), a user's chat turn
    (``chat``), Ines's turn of a two-person chat that Bruno answers with ``reply`` (``pair``)
    or the body of a dated org heading (``heading``, Monday 2031-05-19)."""
    if kind == "journal":
        return journal_day(line)
    if kind == "chat":
        return user_says(line)
    if kind == "pair":
        return chat_session(("Ines", line), ("Bruno", reply))
    return {"house.org": f"* House\n** Garden shed [2031-05-19 Mon]\n{line}\n"}


def refused(doc: Mapping[str, Any]) -> None:
    """``doc`` (a relate document) answers nothing."""
    assert doc["status"] != "accepted", doc.get("value")


def answered(doc: Mapping[str, Any], date: str) -> None:
    """``doc`` (a relate document) is accepted with the day ``date``."""
    assert doc["status"] == "accepted", doc["metadata"].get("explanation")
    assert doc["value"]["date"] == date


def minutes_of(value: Mapping[str, Any]) -> Decimal:
    """A duration answer's ``value`` (``quantity`` in ``unit``) in minutes."""
    per = {"minutes": 1, "hours": 60, "days": 1440, "weeks": 10080}
    return Decimal(value["quantity"]) * per[value["unit"]]
