"""Configuration layering: flags > environment > file > defaults, and secrets never shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from prme_cli import config
from prme_cli.errors import UsageError


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_when_nothing_is_configured(tmp_path: Path) -> None:
    cfg = config.load(environ={"XDG_CONFIG_HOME": str(tmp_path)})
    assert cfg["temporal_relation"]["enabled"] is False
    assert cfg["temporal_relation"]["threshold"] == 0.85
    assert cfg["context"]["budget"] == 4096
    assert cfg["org"]["todo_keywords"] == ["TODO", "|", "DONE"]


def test_precedence_flags_over_env_over_file(tmp_path: Path) -> None:
    _write(
        tmp_path / "prme" / "config.toml",
        'tz = "Asia/Tokyo"\n[context]\nbudget = 100\n[temporal_relation]\nthreshold = 0.9\n',
    )
    env = {
        "XDG_CONFIG_HOME": str(tmp_path),
        "PRME_TZ": "Europe/Berlin",
        "PRME_CONTEXT__BUDGET": "200",
    }
    cfg = config.load(environ=env)
    assert cfg["tz"] == "Europe/Berlin"  # env beats file
    assert cfg["context"]["budget"] == 200
    assert cfg["temporal_relation"]["threshold"] == 0.9  # file beats default
    cfg = config.load(environ=env, flags={"tz": "UTC", "context": {"budget": None}})
    assert cfg["tz"] == "UTC"  # flag beats env
    assert cfg["context"]["budget"] == 200  # an unset flag does not mask lower layers


def test_nested_environment_variable_turns_the_stage_on(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path), "PRME_TEMPORAL_RELATION__ENABLED": "true"}
    assert config.load(environ=env)["temporal_relation"]["enabled"] is True
    env["PRME_TEMPORAL_RELATION__RESOLVER__MODEL"] = "qwen3:8b"
    assert config.load(environ=env)["temporal_relation"]["resolver"]["model"] == "qwen3:8b"


@pytest.mark.parametrize(
    "env",
    [
        {"PRME_TEMPORAL_RELATION__ENABLD": "true"},
        {"PRME_TEMPORAL_RELATION__FAILURE_POLICY": "ignore"},
        {"PRME_TEMPORAL_RELATION__THRESHOLD": "1.5"},
        {"PRME_CONTEXT__BUDGET": "-3"},
        {"PRME_TEMPORAL_RELATION__ENABLED": "perhaps"},
    ],
)
def test_bad_settings_are_named(tmp_path: Path, env: dict[str, str]) -> None:
    with pytest.raises(UsageError) as err:
        config.load(environ={"XDG_CONFIG_HOME": str(tmp_path), **env})
    key = next(iter(env)).removeprefix("PRME_").lower().replace("__", ".")
    assert key.split(".")[-1][:6] in str(err.value)


def test_unreadable_config_file_is_a_usage_error(tmp_path: Path) -> None:
    _write(tmp_path / "prme" / "config.toml", "this is = = not toml")
    with pytest.raises(UsageError, match="config.toml"):
        config.load(environ={"XDG_CONFIG_HOME": str(tmp_path)})


def test_unrelated_prme_variables_do_not_break_commands(tmp_path: Path) -> None:
    cfg = config.load(environ={"XDG_CONFIG_HOME": str(tmp_path), "PRME_SOMETHING_ELSE": "x"})
    assert "something_else" not in cfg


def test_redaction_masks_secret_looking_keys_only() -> None:
    shown = config.redacted(
        {"api_key": "sk-123", "org": {"todo_keywords": ["TODO"]}, "gate": {"token": "abc"}}
    )
    assert shown["api_key"] == "***"
    assert shown["gate"]["token"] == "***"
    assert shown["org"]["todo_keywords"] == ["TODO"]


def test_config_hash_is_canonical_and_ignores_secret_values() -> None:
    a = {"b": 1, "a": {"api_key": "one"}}
    b = {"a": {"api_key": "two"}, "b": 1}
    assert config.config_sha256(a) == config.config_sha256(b)
    assert config.config_sha256(a) != config.config_sha256({"b": 2, "a": {"api_key": "one"}})


def test_environment_values_take_the_settings_type(tmp_path: Path) -> None:
    env = {
        "XDG_CONFIG_HOME": str(tmp_path),
        "PRME_TEMPORAL_RELATION__RESOLVER__MODEL": "1234",
        "PRME_TEMPORAL_RELATION__RESOLVER__DIGEST": "1234e5",
        "PRME_TEMPORAL_RELATION__RESOLVER__SEED": "42",
        "PRME_ORG__TODO_KEYWORDS": "TODO NEXT | DONE",
        "PRME_TZ": "",
    }
    cfg = config.load(environ=env)
    resolver = cfg["temporal_relation"]["resolver"]
    assert resolver["model"] == "1234" and resolver["digest"] == "1234e5"
    assert resolver["seed"] == 42
    assert cfg["org"]["todo_keywords"] == ["TODO", "NEXT", "|", "DONE"]
    assert cfg["tz"] is None  # an empty variable is unset


def test_a_single_exclude_pattern_is_one_pattern(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path), "PRME_INGEST__EXCLUDE": "attic/*"}
    assert config.load(environ=env)["ingest"]["exclude"] == ["attic/*"]
    _write(tmp_path / "prme" / "config.toml", '[ingest]\nexclude = "drafts/*"\n')
    assert config.load(environ={"XDG_CONFIG_HOME": str(tmp_path)})["ingest"]["exclude"] == [
        "drafts/*"
    ]
    env["PRME_INGEST__EXCLUDE"] = '["a/*", "b/*"]'
    assert config.load(environ=env)["ingest"]["exclude"] == ["a/*", "b/*"]


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("http://alice:s3cret@127.0.0.1:11434/v1", "http://***@127.0.0.1:11434/v1"),
        ("https://token@api.example.com", "https://***@api.example.com"),
        ("see https://u:p@ss@host/x and ftp://a:b@c", "see https://***@host/x and ftp://***@c"),
        ("http://127.0.0.1:11434/api?x=a@b", "http://127.0.0.1:11434/api?x=a@b"),
        ("mail alice@example.com", "mail alice@example.com"),
    ],
)
def test_url_userinfo_is_masked_in_any_text(text: str, masked: str) -> None:
    assert config.mask_url_userinfo(text) == masked


def test_config_show_masks_credentials_inside_urls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prme_cli.cli import main

    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__URL", "http://alice:s3cret@127.0.0.1:1")
    (tmp_path / "c.toml").write_text(
        '[temporal_relation.gate]\nurl = "https://bob:hunter2@gate.example.com/v1"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("PRME_CONFIG", str(tmp_path / "c.toml"))
    for fmt in ("toml", "json"):
        with pytest.raises(SystemExit) as done:
            main(["--format", fmt, "config", "show"] if fmt == "json" else ["config", "show"])
        out = capsys.readouterr().out
        assert done.value.code in (0, None)
        assert "s3cret" not in out and "hunter2" not in out and "alice" not in out
        assert "http://***@127.0.0.1:1" in out and "https://***@gate.example.com/v1" in out


def test_doctor_and_error_messages_never_show_url_credentials(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prme_cli.cli import main

    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__PROVIDER", "ollama")
    monkeypatch.setenv("PRME_TEMPORAL_RELATION__RESOLVER__URL", "ftp://alice:s3cret@127.0.0.1:1")
    with pytest.raises(SystemExit):
        main(["--store", str(tmp_path / "s.sqlite3"), "--format", "json", "doctor"])
    captured = capsys.readouterr()
    assert "http(s) URL" in captured.out
    assert "s3cret" not in captured.out + captured.err and "alice" not in captured.out

    import prme_cli.query

    def failing(*args: object, **kwargs: object) -> None:
        raise UsageError("cannot reach https://bob:hunter2@example.com/x")

    monkeypatch.setattr(prme_cli.query, "stats", failing)
    from prme_cli.store import Store

    Store.open(tmp_path / "s.sqlite3").close()
    with pytest.raises(SystemExit) as done:
        main(["--store", str(tmp_path / "s.sqlite3"), "stats"])
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert err == "prme: error: cannot reach https://***@example.com/x\n"
