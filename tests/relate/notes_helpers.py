"""Helpers for relate tests that write invented notes, ingest them and ask questions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime, tzinfo
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
