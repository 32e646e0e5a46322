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
    from prme_cli.store import Store


def _check(name: str, ok: bool, detail: str, *, required: bool = True) -> dict[str, Any]:
    return {"name": name, "ok": ok, "detail": detail, "required": required}


def store_checks(state: State) -> list[dict[str, Any]]:
    from prme_cli.store import Store, store_exists

    path = state.store_path
    try:
        if not store_exists(path):
            return [_check("store", False, f"no store at {path} (run `prme ingest PATH`)")]
        store = Store.open(path, create=False)
    except PrmeError as exc:
        return [_check("store", False, str(exc))]
    with store:
        problems = store.integrity_check()
        where = f"{path} (read-only location: reads only)" if store.read_only else str(path)
        checks = [
            _check("store", True, where),
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
            storage_check(store.storage_facts()),
            events_check(store),
        ]
    return checks


def events_check(store: Store) -> dict[str, Any]:
    """Whether every file's events were read by this prme's extraction rules: after an
    upgrade that changed them, relate answers from the old reading of each file until it is
    read again (not a failure of the store: a warning that says what to run)."""
    from prme_cli.events import EXTRACTION_VERSION
    from prme_cli.ingest import stale_event_files

    total, stale, piped = stale_event_files(store)
    if not stale:
        return _check(
            "events", True, f"{total} files read by extraction rules {EXTRACTION_VERSION}"
        )
    detail = (
        f"{stale} of {total} files have events read by older extraction rules (this prme "
        f"has rules {EXTRACTION_VERSION}): relate reads them the old way until `prme ingest` "
        "reads them again (it re-reads only those files)"
    )
    if piped:
        detail += f"; {piped} of them came from stdin: pipe them again (`prme ingest - --name …`)"
    return _check("events", False, detail, required=False)


def storage_check(facts: dict[str, Any]) -> dict[str, Any]:
    """Size, free pages, WAL and last checkpoint: what explains a store larger than its notes
    or a WAL that keeps growing (a reader holding an old snapshot blocks checkpoints)."""
    mib = 1024 * 1024
    free = int(facts["free_pages"]) * int(facts["page_size"])
    detail = (
        f"{int(facts['bytes']) / mib:.1f} MiB in {facts['pages']} pages of {facts['page_size']} "
        f"bytes, {facts['free_pages']} free ({free / mib:.1f} MiB); WAL "
        f"{int(facts['wal_bytes']) / mib:.1f} MiB ({facts['wal_frames']} frames); "
        f"last checkpoint {facts['last_checkpoint'] or 'unknown'}"
    )
    check = _check("storage", True, detail)
    check["facts"] = facts
    return check


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
