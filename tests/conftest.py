"""Fixtures shared by every test: nothing may touch the user's real home or store."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _isolated_environment(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point XDG dirs at a throwaway folder and drop any PRME_* / provider key variables."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    for name in list(os.environ):
        if name.startswith("PRME_") or name in (
            "JEV_API_KEY",
            "TYPESAFE_API_KEY",
            "OPENAI_API_KEY",
            "NO_COLOR",
        ):
            monkeypatch.delenv(name, raising=False)
