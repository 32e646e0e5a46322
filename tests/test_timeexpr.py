"""Tests for the time-expression resolver (placeholder, replaced below)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from prme_cli.timeexpr import resolve


def test_today() -> None:
    tz = ZoneInfo("Europe/Berlin")
    window = resolve("today", datetime(2026, 11, 29, 14, 30, tzinfo=tz), tz)
    assert window.start.isoformat() == "2026-11-29T00:00:00+01:00"
