"""`prme doctor` reports provider reachability; `prme config show` never shows secrets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fakeservers import FakeProviderServer

from prme_cli.cli import main


def _cli(capsys: Any, *args: str) -> tuple[int, str, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _ingest(tmp_path: Path, store: Path, capsys: Any) -> None:
    note = tmp_path / "a.org"
    note.write_text("* Note\n<2026-11-20 Fri>\n")
    assert _cli(capsys, "--store", str(store), "ingest", str(note))[0] == 0


def _checks(out: str) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in json.loads(out)}


def test_doctor_reaches_a_listed_ollama_model(
    tmp_path: Path, fake_server: FakeProviderServer, capsys: Any, monkeypatch: Any
) -> None:
    store = tmp_path / "m.sqlite3"
    _ingest(tmp_path, store, capsys)
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__PROVIDER", "ollama")
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__URL", fake_server.url)
    code, out, _ = _cli(capsys, "--store", str(store), "doctor", "--format", "json")
    checks = _checks(out)
    assert checks["resolver (ollama)"]["ok"], checks
    assert "0.12.6" in checks["resolver (ollama)"]["detail"]
    assert fake_server.count("/api/chat") == 0  # a health check never generates
    assert code == 0
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__DIGEST", "sha256:" + "0" * 64)
    code, out, _ = _cli(capsys, "--store", str(store), "doctor", "--format", "json")
    assert "digest" in _checks(out)["resolver (ollama)"]["detail"] and code == 4
    monkeypatch.delenv("PRME_TEMPORAL_RELATION__RESOLVER__DIGEST")
    fake_server.models = []
    code, out, _ = _cli(capsys, "--store", str(store), "doctor", "--format", "json")
    assert not _checks(out)["resolver (ollama)"]["ok"]
    assert code == 4  # the configured provider is down: a provider error, not a store error


def test_doctor_reports_an_unreachable_server_and_a_missing_key(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    store = tmp_path / "m.sqlite3"
    _ingest(tmp_path, store, capsys)
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__PROVIDER", "ollama")
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__URL", "http://127.0.0.1:9")
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__GATE__PROVIDER", "jev")
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__GATE__URL", "http://127.0.0.1:9")
    _, out, _ = _cli(capsys, "--store", str(store), "doctor", "--format", "json")
    checks = _checks(out)
    assert not checks["resolver (ollama)"]["ok"]
    assert "unreachable" in checks["resolver (ollama)"]["detail"]
    assert "JEV_API_KEY" in checks["gate (jev)"]["detail"]


def test_config_show_masks_secrets_and_reflects_precedence(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    cfg_dir = tmp_path / "cfg" / "prme"
    cfg_dir.mkdir(parents=True)
    (cfg_dir / "config.toml").write_text(
        '[temporal_relation]\nthreshold = 0.9\n[temporal_relation.gate]\nprovider = "jev"\n'
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__THRESHOLD", "0.95")
    monkeypatch.setenv("JEV_API_KEY", "secret-key-abc")
    _, out, _ = _cli(capsys, "config", "show", "--format", "json")
    doc = json.loads(out)
    assert doc["temporal_relation"]["threshold"] == 0.95
    assert doc["temporal_relation"]["gate"]["provider"] == "jev"
    assert "secret-key-abc" not in out
    _code, out, _ = _cli(capsys, "config", "show")
    assert "threshold = 0.95" in out and "secret-key-abc" not in out
