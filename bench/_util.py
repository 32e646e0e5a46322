"""Shared helpers for the benchmarks: interleaved timing, child-process RSS, tables.

The machine these run on is shared and noisy, so every comparison is measured side by side in
one run, the competitors interleaved round by round, and the best of N kept (the best run is
the one least disturbed by neighbours; medians are printed too where they matter).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent


def corpora_dir() -> Path:
    """The shared corpora: ``$PRME_CORPORA``, else ``shared/corpora`` beside an ancestor of the
    checkout (a worktree may sit one level deeper than the main checkout), else /work's."""
    env = os.environ.get("PRME_CORPORA")
    if env:
        return Path(env)
    for parent in REPO.parents:
        candidate = parent / "shared" / "corpora"
        if candidate.is_dir():
            return candidate
    return Path("/work/shared/corpora")


CORPUS = corpora_dir() / "org"
if str(BENCH_DIR) not in sys.path:  # so `import gen_corpus` works from any working directory
    sys.path.insert(0, str(BENCH_DIR))


@dataclass
class Timing:
    """All runs of one contender, in seconds."""

    name: str
    runs: list[float] = field(default_factory=list)
    #: The same runs in CPU seconds of this process: on a shared machine a neighbour's load
    #: stretches the wall time, much less the CPU time (I/O waits are not in it).
    cpu_runs: list[float] = field(default_factory=list)

    @property
    def best(self) -> float:
        return min(self.runs)

    @property
    def best_cpu(self) -> float:
        return min(self.cpu_runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)


def interleave(
    contenders: Sequence[tuple[str, Callable[[], object]]], rounds: int
) -> dict[str, Timing]:
    """Run each contender once per round, in the same order, and time each call."""
    out = {name: Timing(name) for name, _ in contenders}
    for _ in range(rounds):
        for name, fn in contenders:
            c0 = time.process_time()
            t0 = time.perf_counter()
            fn()
            out[name].runs.append(time.perf_counter() - t0)
            out[name].cpu_runs.append(time.process_time() - c0)
    return out


def run_in_checkout(code: str, checkout: Path, *args: str) -> dict[str, Any]:
    """Run ``code`` in a new Python process that imports ``prme_cli`` from ``checkout`` (its
    ``sys.argv[1]``; ``args`` follow) and return the JSON object it prints: how a benchmark
    compares two checkouts side by side. Bytecode is written (timings are not of compiling);
    ``PRME_*`` variables are dropped."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run(
        [sys.executable, "-c", code, str(checkout), *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=str(checkout),
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def remove_store(path: Path) -> None:
    """Delete a store and its WAL/shared-memory files."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(str(path) + suffix)
        except FileNotFoundError:
            pass


@contextmanager
def scratch_dir(prefix: str, keep: Path | None = None) -> Iterator[Path]:
    """A temporary directory removed afterwards, or ``keep`` (created, never removed)."""
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        yield keep
        return
    path = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def child_peak_rss_mb(argv: Sequence[str], *, env: dict[str, str] | None = None) -> float:
    """Peak RSS (MB) of a child process, from ``getrusage(RUSAGE_CHILDREN)``.

    ``ru_maxrss`` of RUSAGE_CHILDREN is the largest of all waited-for children so far, so each
    measurement runs in a fresh grandchild: a tiny launcher process reports its own children's
    figure, which no earlier, larger child can mask.
    """
    launcher = (
        "import resource, subprocess, sys, json\n"
        "rc = subprocess.call(json.loads(sys.argv[1]))\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(json.dumps([rc, peak]))\n"
    )
    import json

    out = subprocess.run(
        [sys.executable, "-c", launcher, json.dumps(list(argv))],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    rc, peak_kb = json.loads(out.stdout.strip().splitlines()[-1])
    if rc != 0:
        raise RuntimeError(f"{argv[:3]}... exited {rc}: {out.stderr[-2000:]}")
    return float(peak_kb) / 1024.0


def self_peak_rss_mb() -> float:
    """Peak RSS of this process so far (MB; Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain aligned text table (Markdown-compatible pipes) for pasting into the README."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, r in enumerate(cells):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def secs(seconds: float) -> str:
    return f"{seconds:.2f} s"
