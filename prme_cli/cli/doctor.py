"""``prme doctor``: the checks a user runs when something seems off.

Each check is a dict ``{"name", "ok", "detail", "required"}``. A failed store, schema or
tokenizer check makes the command exit 3; a configured resolver or gate that cannot be reached
(or lists another model or digest) makes it exit 4, the provider-error status. Only the
configured providers are checked, and a health check never sends notes anywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prme_cli.errors import PrmeError

if TYPE_CHECKING:
    from prme_cli.cli.app import State


def _check(name: str, ok: bool, detail: str, *, required: bool = True) -> dict[str, Any]:
    return {"name": name, "ok": ok, "detail": detail, "required": required}


def store_checks(state: State) -> list[dict[str, Any]]:
    from prme_cli.store import Store

    path = state.store_path
    if not path.exists():
        return [_check("store", False, f"no store at {path} (run `prme ingest PATH`)")]
    try:
        store = Store.open(path, create=False)
    except PrmeError as exc:
        return [_check("store", False, str(exc))]
    with store:
        problems = store.integrity_check()
        checks = [
            _check("store", True, str(path)),
            _check(
                "integrity",
                not problems,
                "ok" if not problems else "; ".join(problems[:5]),
            ),
            _check(
                "schema",
                True,
                f"version {store.schema_version} ({', '.join(n for n, _ in store.migrations())})",
            ),
        ]
    return checks


def tokenizer_check() -> dict[str, Any]:
    from prme_cli.tokens import encoding_available

    ok, detail = encoding_available()
    return _check("tokenizer", ok, detail)


def provider_checks(state: State) -> list[dict[str, Any]]:
    """Reachability of the configured resolver and gate (symbolic ones are always there)."""
    from prme_cli.relate.providers.reach import check_reachable

    tr = state.cfg["temporal_relation"]
    checks = []
    for role in ("resolver", "gate"):
        settings = dict(tr[role])
        settings["allow_remote"] = tr["allow_remote"]
        name = settings.get("provider", "symbolic")
        ok, detail = check_reachable(role, name, settings)
        # The configured provider is the one relate will use: its failure is a failure.
        check = _check(f"{role} ({name})", ok, detail)
        check["kind"] = "provider"
        checks.append(check)
    return checks


def run_checks(state: State) -> list[dict[str, Any]]:
    return [*store_checks(state), tokenizer_check(), *provider_checks(state)]
