"""Fixtures for the relate tests: a real local provider server and a recording sleep."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fakeservers import FakeProviderServer


@pytest.fixture
def fake_server() -> Iterator[FakeProviderServer]:
    """A started :class:`FakeProviderServer` on 127.0.0.1; closed after the test."""
    with FakeProviderServer() as server:
        yield server


@pytest.fixture
def sleeps() -> list[float]:
    """Pass ``sleeps.append`` as a provider's ``sleep``: backoff waits are recorded, not slept."""
    return []
