"""Context tokens of time-scoped queries against a full dump of the store (SPEC §1, §7).

For ``sample_org/`` and for the real org files in ``../shared/corpora/org``, ingest into a
fresh store, then run time-scoped ``query --context`` selections through the library and
print, per query, the tokens used against the tokens a full dump of the store would take,
and the saving. Target: a time-scoped query saves ≥ 90 % of the tokens.

Windows: for sample_org the ones a person asks for at its ``--now``; for the corpus (whose
dates span decades) every calendar month holding at least one timestamp, summarised.

usage: python bench/bench_context.py [--budget 4096]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "sample_org"
CORPUS = HERE.parent.parent / "shared" / "corpora" / "org"
TZ = ZoneInfo("Europe/London")


def _store(path: Path, root: Path, now: datetime):  # type: ignore[no-untyped-def]
    from prme_cli.ingest import ingest_paths
    from prme_cli.store import Store

    store = Store.open(path)
    ingest_paths(store, [root], now=now)
    return store


def _context(store, window, text, budget):  # type: ignore[no-untyped-def]
    from prme_cli import config
    from prme_cli.query import Filters
    from prme_cli.service import context_for_query

    cfg = config.load(environ={})
    outcome = context_for_query(
        store,
        cfg,
        text=text,
        window=window,
        filters=Filters(),
        fts=False,
        budget=budget,
        limit=None,
        now=window[1] if window else datetime.now(TZ),
        tz=TZ,
    )
    return outcome.bundle


def sample(budget: int) -> list[float]:
    from prme_cli.timeexpr import resolve, resolve_range

    now = datetime(2026, 11, 27, 20, 0, tzinfo=TZ)
    queries = [
        ("since today", None, "today"),
        ("since yesterday", None, "yesterday"),
        ("this week", None, "this week"),
        ("last week", None, "last week"),
        ("range 'last monday' yesterday", None, ("last monday", "yesterday")),
        ("frame, this month", "frame", "this month"),
        ("pottery, last month", "pottery", "last month"),
        ("this month", None, "this month"),
    ]
    savings = []
    with tempfile.TemporaryDirectory() as tmp:
        store = _store(Path(tmp) / "s.sqlite3", SAMPLE, now)
        print(f"\nsample_org (budget {budget}):")
        print(f"  {'query':34} {'records':>7} {'tokens':>7} {'full dump':>9} {'saving':>7}")
        for label, text, expr in queries:
            if isinstance(expr, tuple):
                a, b = resolve_range(expr[0], expr[1], now, TZ)
                window = (a.start, b.end)
            else:
                w = resolve(expr, now, TZ)
                window = (w.start, min(w.end, now))
            bundle = _context(store, window, text, budget)
            saving = 1 - bundle.tokens_used / bundle.full_dump_tokens
            savings.append(saving)
            print(
                f"  {label:34} {len(bundle.records):7} {bundle.tokens_used:7} "
                f"{bundle.full_dump_tokens:9} {saving:7.1%}"
            )
        store.close()
    return savings


def corpus(budget: int) -> list[float]:
    now = datetime(2026, 11, 29, 12, 0, tzinfo=TZ)
    savings = []
    with tempfile.TemporaryDirectory() as tmp:
        store = _store(Path(tmp) / "c.sqlite3", CORPUS, now)
        months = sorted(
            {
                (r[0] // 100, r[0] % 100)
                for r in store.conn.execute(
                    "SELECT DISTINCT CAST(strftime('%Y%m', start, 'unixepoch') AS INTEGER) "
                    "FROM timestamps WHERE start IS NOT NULL"
                )
            }
        )
        for year, month in months:
            start = datetime(year, month, 1, tzinfo=TZ)
            end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=TZ)
            bundle = _context(store, (start, end), None, budget)
            if bundle.records:
                savings.append(1 - bundle.tokens_used / bundle.full_dump_tokens)
        full = bundle.full_dump_tokens if months else 0
        store.close()
    print(
        f"\ncorpora/org (budget {budget}): {len(savings)} month windows with matches, "
        f"full dump {full} tokens"
    )
    if savings:
        print(
            f"  saving: min {min(savings):.1%}, median {statistics.median(savings):.1%}, "
            f"max {max(savings):.1%}"
        )
    return savings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=4096)
    args = parser.parse_args()
    a = sample(args.budget)
    b = corpus(args.budget) if CORPUS.is_dir() else []
    print("\n== figures ==")
    print(
        f"sample_org   median saving {statistics.median(a):.1%} (min {min(a):.1%}) "
        f"over {len(a)} time-scoped queries"
    )
    if b:
        print(
            f"corpora/org  median saving {statistics.median(b):.1%} (min {min(b):.1%}) "
            f"over {len(b)} month windows"
        )


if __name__ == "__main__":
    main()
