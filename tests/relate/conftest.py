"""Fixtures for the relate tests: a real local provider server and a recording sleep."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

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


#: ``PRME_TEST_SABOTAGE`` replaces a provider by one that cannot tell anything apart, so that
#: ``test_tests_can_fail.py`` can check the tests would notice: ``refuse-resolver`` (the
#: symbolic resolver refuses everything) or ``accept-gate`` (the symbolic gate accepts every
#: operand). ``PRME_TEST_SABOTAGE_LOG`` names a file that gets one line per test: its id, its
#: outcome and whether the sabotaged provider was used. Never set outside that check.
SABOTAGE = os.environ.get("PRME_TEST_SABOTAGE", "")
SABOTAGE_LOG = os.environ.get("PRME_TEST_SABOTAGE_LOG", "")  # read now: tests clear PRME_*
_USED: list[bool] = [False]


@pytest.fixture(autouse=True)
def _sabotage(monkeypatch: pytest.MonkeyPatch) -> None:
    _USED[0] = False
    if SABOTAGE == "refuse-resolver":
        from prme_cli.relate.symbolic import resolver
        from prme_cli.relate.types import Resolution

        def refuse(self: object, request: object) -> Resolution:
            _USED[0] = True
            return Resolution("unsupported", (), ("sabotaged",))

        monkeypatch.setattr(resolver.SymbolicResolver, "_resolve", refuse)
    elif SABOTAGE == "accept-gate":
        from prme_cli.relate.symbolic import gate
        from prme_cli.relate.types import GateVerdict

        def accept_all(self: object, question: str, resolution: Any, *_: Any) -> GateVerdict:
            _USED[0] = True
            return GateVerdict(tuple(1.0 for _ in resolution.operands))

        def accept_one(self: object, *_: Any) -> Any:
            _USED[0] = True
            return gate.OperandCheck(1.0, 1.0, 1.0, ())

        monkeypatch.setattr(gate.SymbolicGate, "evaluate", accept_all)
        monkeypatch.setattr(gate.SymbolicGate, "check", accept_one)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    log = SABOTAGE_LOG
    if not log or call.when != "call":
        return
    report = outcome.get_result()
    line = {"id": item.nodeid, "outcome": report.outcome, "used": _USED[0]}
    with open(log, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
