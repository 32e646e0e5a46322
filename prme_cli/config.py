"""Effective configuration: defaults < config file < ``PRME_*`` environment < flags.

The file is ``$XDG_CONFIG_HOME/prme/config.toml`` (``PRME_CONFIG`` names another one).
Environment variables nest with ``__``: ``PRME_TEMPORAL_RELATION__ENABLED=true`` sets
``temporal_relation.enabled``. Values from the environment are read as TOML scalars when they
parse as such (``true``, ``3``, ``0.9``, ``["a", "b"]``), else as plain strings, so
``PRME_TZ=Europe/Berlin`` works without quotes.

Secrets never live here: provider keys are read from their own environment variables by the
providers at the moment of use. :func:`redacted` masks anything that looks like one anyway, in
case a user writes a key into the file.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from prme_cli.errors import UsageError

DEFAULTS: dict[str, Any] = {
    "store": None,
    "tz": None,
    "now": None,
    "owner": None,
    "week_start": "monday",
    "dayfirst": False,
    "org": {"todo_keywords": ["TODO", "|", "DONE"]},
    "ingest": {"glob": "*.org", "exclude": [], "include_archived": False, "max_file_mb": 100},
    "context": {"budget": 4096, "format": "reader"},
    # `prme mcp`: read-only unless the user lets agents re-ingest roots already ingested.
    "mcp": {"allow_ingest": False},
    "temporal_relation": {
        "enabled": False,
        "failure_policy": "fallback",
        "threshold": 0.85,
        "allow_remote": False,
        "resolver": {
            "provider": "symbolic",
            "url": None,
            "model": None,
            "digest": None,
            "seed": 7,
            "timeout": 60.0,
            "max_attempts": 3,
        },
        "gate": {
            "provider": "symbolic",
            "url": None,
            "model": None,
            "digest": None,
            "seed": 7,
            "timeout": 60.0,
            "max_attempts": 3,
        },
    },
}

#: Top-level variables that are plain settings rather than nested paths.
_FLAT_ENV = {
    "PRME_STORE": "store",
    "PRME_TZ": "tz",
    "PRME_NOW": "now",
    "PRME_OWNER": "owner",
    "PRME_DAYFIRST": "dayfirst",
}
#: Variables that belong to the program's plumbing, not to the configuration tree.
_NOT_SETTINGS = {"PRME_CONFIG", "PRME_NO_CACHE"}
_SECRET_KEY = re.compile(
    r"(^|_)(api_?key|key|token|secret|password|authorization|credentials?)$", re.IGNORECASE
)

#: ``scheme://userinfo@`` in any text: the authority ends at the first ``/ ? #`` or space, and
#: the greedy match takes the last ``@`` in it, as URL parsers do (a raw ``@`` in a password).
_URL_USERINFO = re.compile(r"(?P<scheme>\b[A-Za-z][A-Za-z0-9+.-]*://)[^/?#\s@]*(?:@[^/?#\s@]*)*@")

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the configuration file is looked for (it need not exist)."""
    env = os.environ if environ is None else environ
    if env.get("PRME_CONFIG"):
        return Path(env["PRME_CONFIG"]).expanduser()
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "prme" / "config.toml"


def default_store_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/prme/memory.sqlite3``, as the XDG base directory spec places data."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "prme" / "memory.sqlite3"


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/prme``: what prme keeps only to start faster (safe to delete)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "prme"


def store_path(cfg: Mapping[str, Any]) -> Path:
    """The store the configuration names (``--store``, ``PRME_STORE``), else the default."""
    return Path(cfg["store"]).expanduser() if cfg.get("store") else default_store_path()


def _merge(
    base: dict[str, Any],
    over: Mapping[str, Any],
    where: str,
    *,
    from_env: bool = False,
    types: Mapping[str, Any] = DEFAULTS,
) -> None:
    for key, value in over.items():
        if key not in base:
            raise UsageError(f"{where}: unknown setting {key!r}")
        if isinstance(base[key], dict):
            if not isinstance(value, Mapping):
                raise UsageError(f"{where}: {key!r} must be a table")
            _merge(
                base[key],
                value,
                f"{where}.{key}" if where else key,
                from_env=from_env,
                types=types[key],
            )
        elif from_env:
            if str(value).strip() == "":
                continue  # an empty variable is unset, as for PRME_STORE= in a crontab
            base[key] = _env_value(types[key], str(value), f"{where}.{key}")
        else:
            base[key] = value


def _env_value(default: Any, text: str, name: str) -> Any:
    """An environment string read as the setting's own type (the default's), so that a model
    named ``1234`` stays a string and a digest like ``1234e5`` never becomes a float."""
    import tomllib

    if isinstance(default, bool):
        return _as_bool(text, name)
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"{name} must be a whole number, not {text!r}") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise UsageError(f"{name} must be a number, not {text!r}") from None
    if isinstance(default, list):
        if text.lstrip().startswith("["):
            try:
                return tomllib.loads(f"v = {text}")["v"]
            except tomllib.TOMLDecodeError:
                raise UsageError(f"{name} must be a TOML array, not {text!r}") from None
        return text.split()
    return text


def _env_overrides(environ: Mapping[str, str]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for name, raw in environ.items():
        if not name.startswith("PRME_") or name in _NOT_SETTINGS:
            continue
        if name in _FLAT_ENV:
            tree[_FLAT_ENV[name]] = raw
            continue
        parts = name[len("PRME_") :].lower().split("__")
        node = tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise UsageError(f"environment variable {name} conflicts with another setting")
        node[parts[-1]] = raw
    return tree


def load(
    environ: Mapping[str, str] | None = None,
    flags: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Build the effective configuration. ``flags`` is a nested dict of values given on the
    command line (``None`` values are ignored, so unset options do not mask lower layers)."""
    import tomllib

    env = os.environ if environ is None else environ
    effective = copy.deepcopy(DEFAULTS)
    path = config_path(env)
    if path.is_file():
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise UsageError(f"cannot read configuration file {path}: {exc}") from None
        _merge(effective, data, str(path))
    overrides = _env_overrides(env)
    # Unknown PRME_* variables are an error only when they nest into a known table: a stray
    # PRME_SOMETHING from another tool must not break every command.
    known = {k: v for k, v in overrides.items() if k in effective}
    _merge(effective, known, "environment", from_env=True)
    if flags:
        _merge(effective, _drop_none(flags), "option")
    _check(effective)
    return effective


def defaults() -> dict[str, Any]:
    """The built-in configuration alone: no file, no environment (for library callers)."""
    effective = copy.deepcopy(DEFAULTS)
    _check(effective)
    return effective


def _drop_none(tree: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in tree.items():
        if isinstance(value, Mapping):
            sub = _drop_none(value)
            if sub:
                out[key] = sub
        elif value is not None:
            out[key] = value
    return out


def _check(cfg: dict[str, Any]) -> None:
    """Reject values that would only fail later and obscurely."""
    tr = cfg["temporal_relation"]
    tr["enabled"] = _as_bool(tr["enabled"], "temporal_relation.enabled")
    tr["allow_remote"] = _as_bool(tr["allow_remote"], "temporal_relation.allow_remote")
    if tr["failure_policy"] not in ("fallback", "raise"):
        raise UsageError("temporal_relation.failure_policy must be 'fallback' or 'raise'")
    try:
        tr["threshold"] = float(tr["threshold"])
    except (TypeError, ValueError):
        raise UsageError("temporal_relation.threshold must be a number") from None
    if not 0.0 <= tr["threshold"] <= 1.0:
        raise UsageError("temporal_relation.threshold must be between 0 and 1")
    budget = cfg["context"]["budget"]
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 0:
        raise UsageError("context.budget must be a whole number of tokens ≥ 0")
    if cfg["context"]["format"] not in ("reader", "json"):
        raise UsageError("context.format must be 'reader' or 'json'")
    cfg["dayfirst"] = _as_bool(cfg["dayfirst"], "dayfirst")
    if str(cfg["week_start"]).lower() not in WEEKDAYS:
        raise UsageError(f"week_start must be a weekday name, not {cfg['week_start']!r}")
    cfg["org"]["todo_keywords"] = _str_list(cfg["org"]["todo_keywords"], "org.todo_keywords")
    # A single pattern written as a string must not become a list of its characters
    # (list("attic/*") holds "*", which would exclude every file).
    cfg["ingest"]["exclude"] = _str_list(cfg["ingest"]["exclude"], "ingest.exclude", split=False)
    if not isinstance(cfg["ingest"]["glob"], str) or not cfg["ingest"]["glob"].strip():
        raise UsageError("ingest.glob must be a non-empty pattern such as '*.org'")
    cfg["ingest"]["include_archived"] = _as_bool(
        cfg["ingest"]["include_archived"], "ingest.include_archived"
    )
    cfg["mcp"]["allow_ingest"] = _as_bool(cfg["mcp"]["allow_ingest"], "mcp.allow_ingest")
    cap = cfg["ingest"]["max_file_mb"]
    if not isinstance(cap, int) or isinstance(cap, bool) or cap < 1:
        raise UsageError("ingest.max_file_mb must be a whole number of MiB ≥ 1")


def _str_list(value: Any, name: str, *, split: bool = True) -> list[str]:
    if isinstance(value, str):
        return value.split() if split else [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{name} must be a list of strings")
    return list(value)


def _as_bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    raise UsageError(f"{name} must be true or false, not {value!r}")


def week_start_index(cfg: Mapping[str, Any]) -> int:
    return WEEKDAYS.index(str(cfg["week_start"]).lower())


def mask_url_userinfo(text: str) -> str:
    """``text`` with the credentials of every URL in it (``https://user:key@host``) masked as
    ``https://***@host``: the one place messages and printed settings are cleaned of them."""
    if "@" not in text:
        return text
    return _URL_USERINFO.sub(r"\g<scheme>***@", text)


def redacted(cfg: Any) -> Any:
    """A copy safe to print or hash: values under secret-looking keys are masked, and so are
    credentials written inside URLs."""
    if isinstance(cfg, Mapping):
        return {
            k: ("***" if _SECRET_KEY.search(k) and v not in (None, "") else redacted(v))
            for k, v in cfg.items()
        }
    if isinstance(cfg, list):
        return [redacted(v) for v in cfg]
    if isinstance(cfg, str):
        return mask_url_userinfo(cfg)
    return cfg


def config_sha256(cfg: Mapping[str, Any]) -> str:
    """Canonical-JSON hash of the redacted configuration (for relate metadata and receipts)."""
    from prme_cli.canonical import sha256_json

    return sha256_json(redacted(cfg))


def to_toml(cfg: Mapping[str, Any], prefix: str = "") -> str:
    """Render a configuration tree as TOML (for ``prme config show``)."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in cfg.items():
        if isinstance(value, Mapping):
            tables.append((f"{prefix}{key}", value))
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    out = "\n".join(lines)
    for name, table in tables:
        body = to_toml(table, f"{name}.")
        head = f"[{name}]"
        out += ("\n\n" if out else "") + head + ("\n" + body if body else "")
    return out


def _toml_value(value: Any) -> str:
    if value is None:
        return '""  # unset'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def apply_flags(cfg: Mapping[str, Any], flags: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``cfg`` with per-run option values on top (``None`` = not given)."""
    effective = copy.deepcopy(dict(cfg))
    _merge(effective, _drop_none(flags), "option")
    _check(effective)
    return effective
