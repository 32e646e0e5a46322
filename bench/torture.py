"""Faults, load and hostile input against prme, measured (issue 8). Prints one table.

usage: python bench/torture.py [--kill-trials N] [--sigint-trials N] [--load-seconds S]
           [--readers N] [--concurrent-trials N] [--fuzz-org N] [--fuzz-time N] [--fuzz-cli N]
           [--deep-levels N] [--wide-headings N] [--sigint-points N] [--seed S] [--jobs J]
           [--only PARTS] [--quick] [--keep DIR] [--json FILE]

What it does, on a generated corpus (``gen_corpus.py``, seeded) plus ``sample_org``:

1. **SIGKILL** during first ingest and during re-ingest after edits (changed, added and
   deleted files). Kills land at a random time, at a random SQL write (a trace hook in the
   child), or inside a WAL checkpoint (a watcher thread in the child kills it once the main
   database file starts changing, which in WAL mode only a checkpoint does). After each kill:
   the store must open (a store SQLite reads as healthy must never be refused), pass
   ``integrity_check`` and ``prme doctor``, hold every file wholly as before or wholly as
   after the run, and converge: the same ingest run again gives exactly the store an
   uninterrupted run gives.
2. **SIGINT**: the same, with Ctrl-C; exit 130, ``prme: interrupted`` and what was committed.
   And a sweep: the installed ``prme`` script, with a Ctrl-C sent at chosen points of its run
   (counted in Python calls and returns from prme's first line to the process's end: while
   modules load, in the command, while the answer is printed, in ``atexit``, at the very
   end), for an ingest and for a query: each must say ``prme: interrupted`` once, exit 130,
   print no traceback and leave a whole store that converges.
3. **Load**: 1 writer (ingest in a loop, files edited between runs) and N readers (open,
   query, close, again) for a fixed time: reader errors, "database is locked", p50/p99.
4. **Two ingests at once** into a fresh and into an existing store: both must succeed and
   the result must equal one uninterrupted ingest.
5. **Disk full** (root only: a small tmpfs): the ingest fails with exit 3 naming the full
   disk, the store stays healthy with whole files, and a rerun with room converges.
6. **Fuzz**: the org reader, the time engine and the command line (in process, through the
   error boundary) on seeded hostile input (``fuzz.py``).
7. **Sizes**: a 10,000-deep outline and a 200,000-heading file: ingest time, peak RSS, store
   size.

Reproducible: every random choice comes from ``--seed``; a kill's effect still depends on
timing, so the schedule (not each outcome) repeats. Bounded: every child has a timeout.
Default sizes take a few minutes; the issue's targets need ``--kill-trials 200 --fuzz-cli
50000 --load-seconds 60``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import fuzz
from _util import child_peak_rss_mb, table

NOW_FIRST = "2026-11-20T09:00"
NOW_AGAIN = "2026-11-27T20:00"
TZ = "UTC"
CHILD_TIMEOUT = 300
#: What ``--only`` can pick: kills and Ctrl-C trials during ingest, the Ctrl-C sweep, load with
#: concurrent ingests and the full disk, fuzzing, pathological sizes.
PARTS = ("faults", "sweep", "load", "fuzz", "sizes")

#: The child ingest, with the kill hooks the harness asks for by environment variable. It is
#: the real command line (``prme_cli.cli.main``); the hooks only decide when it dies.
_CHILD = r"""
import os, signal, sys, threading, time
sys.argv[0] = "prme"  # what the console script is called: prme guards Ctrl-C from its first line
mode = os.environ.get("TORTURE_KILL", "")
if mode == "write":
    import prme_cli.store as store_mod
    target = int(os.environ["TORTURE_AT"])
    seen = [0]
    original = store_mod.Store._prepare
    def prepare(self, *, wal):
        original(self, wal=wal)
        def trace(sql):
            head = sql.lstrip()[:7].upper()
            if head.startswith(("INSERT", "UPDATE", "DELETE", "COMMIT")):
                seen[0] += 1
                if seen[0] >= target:
                    os.kill(os.getpid(), signal.SIGKILL)
        self.conn.set_trace_callback(trace)
    store_mod.Store._prepare = prepare
elif mode == "checkpoint":
    db = os.environ["TORTURE_DB"]
    delay = float(os.environ["TORTURE_AT"])
    def watch():
        def look():
            try:
                st = os.stat(db)
                return (st.st_size, st.st_mtime_ns, st.st_ino)
            except OSError:
                return None
        first = look()
        while first is None or not os.path.exists(db + "-wal"):
            time.sleep(0.0005)
            first = look()
        while True:
            now = look()
            if now is not None and now != first:
                time.sleep(delay)
                os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(0.00005)
    threading.Thread(target=watch, daemon=True).start()
elif mode == "count":
    import atexit, prme_cli.store as store_mod
    seen = [0]
    original = store_mod.Store._prepare
    def prepare(self, *, wal):
        original(self, wal=wal)
        def trace(sql):
            if sql.lstrip()[:7].upper().startswith(("INSERT", "UPDATE", "DELETE", "COMMIT")):
                seen[0] += 1
        self.conn.set_trace_callback(trace)
    store_mod.Store._prepare = prepare
    atexit.register(lambda: open(os.environ["TORTURE_COUNT"], "w").write(str(seen[0])))
# The console script's own entry (which guards the loading of the command line).
from prme_cli.__main__ import main
main()
"""


# -- corpus and reference stores --------------------------------------------------------------


@dataclass
class Lane:
    """One place trials run in, one at a time: a notes folder (always the same path, so the
    paths stored in its reference stores match) that holds the notes as they were (v1) or as
    they are after the edits (v2), and its two reference stores."""

    folder: Path
    v1: Path  # the notes' first state (content, shared by every lane)
    v2: Path  # after the edits
    notes: Path = field(init=False)
    ref_first: Path = field(init=False)  # v1 ingested at NOW_FIRST, uninterrupted
    ref_again: Path = field(init=False)  # then v2 ingested at NOW_AGAIN, uninterrupted
    first_seconds: float = 0.0
    again_seconds: float = 0.0
    first_writes: int = 0
    again_writes: int = 0
    states_first: dict[str, Any] = field(default_factory=dict)
    states_again: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.notes = self.folder / "notes"
        self.ref_first = self.folder / "ref-first.sqlite3"
        self.ref_again = self.folder / "ref-again.sqlite3"

    def use(self, version: str) -> None:
        """Put the notes of ``version`` ("v1" or "v2") in the lane's notes folder."""
        shutil.rmtree(self.notes, ignore_errors=True)
        shutil.copytree(self.v1 if version == "v1" else self.v2, self.notes)

    def build(self, scratch: Path) -> None:
        self.use("v1")
        self.first_seconds, self.first_writes = _count_writes(
            self.ref_first, self.notes, NOW_FIRST, scratch
        )
        _copy_store(self.ref_first, self.ref_again)
        self.use("v2")
        self.again_seconds, self.again_writes = _count_writes(
            self.ref_again, self.notes, NOW_AGAIN, scratch
        )
        self.states_first = file_states(self.ref_first)
        self.states_again = file_states(self.ref_again)


def _age(tree: Path, seconds: float = 3600.0) -> None:
    """Give every file an mtime well in the past, as real notes have (racy mtimes aside)."""
    past = time.time() - seconds
    for path in tree.rglob("*"):
        os.utime(path, (past, past))


def _edit(v1: Path, v2: Path, rng: random.Random) -> None:
    """v2 = v1 with edits: TODO→DONE and body changes (some same-size), a new file, a
    deleted file, a new heading in an existing file."""
    shutil.copytree(v1, v2)
    files = sorted(v2.rglob("*.org"))
    for path in rng.sample(files, max(1, len(files) // 5)):
        text = path.read_text(encoding="utf-8")
        roll = rng.random()
        if roll < 0.4 and "TODO" in text:
            text = text.replace("TODO", "DONE", 1)  # same size
        elif roll < 0.7:
            text += f"\n* Added heading {rng.randint(0, 10**6)}\nNew body <2026-11-25 Wed>\n"
        else:
            text = text.replace("a", "A", 3)
        path.write_text(text, encoding="utf-8")
    rng.choice(files).unlink()
    (v2 / "new-notes.org").write_text(
        "* TODO Brand new task\nSCHEDULED: <2026-11-28 Sat>\n* Another\nbody\n", encoding="utf-8"
    )
    _age(v2, 1800.0)


def prme_cmd(*args: str) -> list[str]:
    return [sys.executable, "-c", _CHILD, "--tz", TZ, *args]


def run_prme(
    *args: str, env: dict[str, str] | None = None, timeout: float = CHILD_TIMEOUT
) -> subprocess.CompletedProcess[str]:
    full_env = dict(os.environ, **(env or {}))
    return subprocess.run(
        prme_cmd(*args), capture_output=True, text=True, timeout=timeout, env=full_env, check=False
    )


def _count_writes(store: Path, notes: Path, now: str, scratch: Path) -> tuple[float, int]:
    counter = Path(tempfile.mktemp(prefix="writes-", dir=scratch))
    started = time.perf_counter()
    done = run_prme(
        "--store",
        str(store),
        "--now",
        now,
        "ingest",
        str(notes),
        env={"TORTURE_KILL": "count", "TORTURE_COUNT": str(counter)},
    )
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"reference ingest failed: {done.stderr[-2000:]}")
    return elapsed, int(counter.read_text())


def make_lanes(scratch: Path, seed: int, headings: int, count: int) -> list[Lane]:
    """The notes (generated with ``seed``, plus sample_org), their edited version, and
    ``count`` lanes with reference stores built side by side."""
    import gen_corpus

    rng = random.Random(seed)
    v1 = scratch / "content-v1"
    gen_corpus.generate(v1 / "generated", headings, max(10, headings // 50), seed=seed)
    shutil.copytree(REPO / "sample_org", v1 / "sample")
    _age(v1)
    v2 = scratch / "content-v2"
    _edit(v1, v2, rng)
    lanes = [Lane(scratch / f"lane-{i}", v1, v2) for i in range(count)]
    with ThreadPoolExecutor(max_workers=count) as pool:
        list(pool.map(lambda lane: lane.build(scratch), lanes))
    return lanes


def _copy_store(source: Path, target: Path) -> None:
    for suffix in ("", "-wal"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


class LanePool:
    """Hands each trial a lane of its own for its duration."""

    def __init__(self, lanes: list[Lane]) -> None:
        import queue

        self.lanes = lanes
        self._free: queue.Queue[Lane] = queue.Queue()
        for lane in lanes:
            self._free.put(lane)

    def run(self, work: Callable[[Lane], Any]) -> Any:
        lane = self._free.get()
        try:
            return work(lane)
        finally:
            self._free.put(lane)


# -- what a store holds ------------------------------------------------------------------------


def _ro(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def file_states(store: Path) -> dict[str, Any]:
    """Per file: its recorded hash and its objects (id, content, liveness, version)."""
    conn = _ro(store)
    try:
        out: dict[str, Any] = {}
        for file_id, path, sha, deleted in conn.execute(
            "SELECT file_id, path, sha256, deleted_at IS NOT NULL FROM files"
        ):
            objects = conn.execute(
                "SELECT id, content_hash, deleted_at IS NULL, version FROM objects "
                "WHERE file_id = ? ORDER BY id",
                (file_id,),
            ).fetchall()
            out[path] = (sha, bool(deleted), tuple(objects))
        return out
    finally:
        conn.close()


def dump(store: Path) -> list[Any]:
    """Everything a converged store must equal, mtimes aside (racy ones are left unset)."""
    conn = _ro(store)
    try:
        return [
            conn.execute(
                "SELECT path, root, relpath, size, sha256, settings, first_seen, last_seen, "
                "deleted_at FROM files ORDER BY path"
            ).fetchall(),
            conn.execute(
                "SELECT o.id, f.path, o.type, o.seq, o.line, o.parent_id, o.path, o.title, "
                "o.todo, o.tags, o.body, o.event_time, o.content_hash, o.version, o.first_seen, "
                "o.last_seen, o.deleted_at FROM objects o JOIN files f USING (file_id) "
                "ORDER BY o.id"
            ).fetchall(),
            conn.execute(
                'SELECT o.id, t.kind, t.start, t."end", t.raw, t.line, t.hidden FROM timestamps t '
                "JOIN objects o ON o.pk = t.obj ORDER BY o.id, t.line, t.kind, t.start, t.raw"
            ).fetchall(),
            conn.execute(
                "SELECT o.id, v.content_hash, v.version FROM versions v JOIN objects o ON "
                "o.pk = v.obj ORDER BY o.id, v.version"
            ).fetchall(),
            conn.execute(
                "SELECT path, kind, glob, last_ingested FROM roots ORDER BY path"
            ).fetchall(),
        ]
    finally:
        conn.close()


def torn_checkpoint(store: Path) -> bool:
    """Whether the main file is shorter than its header says (a checkpoint cut short)."""
    try:
        with open(store, "rb") as fh:
            header = fh.read(100)
        size = os.path.getsize(store)
    except OSError:
        return False
    if len(header) < 100:
        return False
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    return header[24:28] == header[92:96] and size < pages * page_size


# -- one faulted run ---------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one faulted run left behind; every failure is a string naming it."""

    mode: str
    failures: list[str] = field(default_factory=list)
    torn: bool = False
    store_existed: bool = False
    status: int | None = None


def _killed_run(
    lane: Lane, store: Path, phase: str, how: str, rng: random.Random
) -> tuple[int, str]:
    """Start the ingest of ``phase`` and stop it as ``how`` says; (status, stderr)."""
    now = NOW_FIRST if phase == "first" else NOW_AGAIN
    expected = lane.first_seconds if phase == "first" else lane.again_seconds
    writes = lane.first_writes if phase == "first" else lane.again_writes
    env = dict(os.environ)
    if how == "write":
        env.update(TORTURE_KILL="write", TORTURE_AT=str(rng.randint(1, max(1, writes))))
    elif how == "checkpoint":
        env.update(TORTURE_KILL="checkpoint", TORTURE_DB=str(store))
        env["TORTURE_AT"] = f"{rng.uniform(0, 0.004):.6f}"
    proc = subprocess.Popen(
        prme_cmd("--store", str(store), "--now", now, "ingest", str(lane.notes)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    if how in ("time", "sigint"):
        # Python itself starts in ~0.05 s: a signal before any prme code runs is not ours.
        # A kill may come after the end (a run that finished is checked too); a Ctrl-C is
        # aimed inside the run, where it has something to interrupt.
        latest = expected * (1.1 if how == "time" else 0.85)
        time.sleep(rng.uniform(0.1, max(0.2, latest)))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL if how == "time" else signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=CHILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        _out, err = proc.communicate()
        return -999, "timed out: " + err
    return proc.returncode, err


def faulted_trial(lane: Lane, phase: str, how: str, seed: int) -> Outcome:
    """One kill (or Ctrl-C) trial, then every check of the module docstring."""
    rng = random.Random(seed)
    out = Outcome(mode=f"{phase}/{how}")
    folder = lane.folder / f"trial-{seed}"
    folder.mkdir()
    store = folder / "memory.sqlite3"
    before = {} if phase == "first" else lane.states_first
    after = lane.states_first if phase == "first" else lane.states_again
    reference = lane.ref_first if phase == "first" else lane.ref_again
    if phase == "again":
        _copy_store(lane.ref_first, store)
    lane.use("v1" if phase == "first" else "v2")
    status, err = _killed_run(lane, store, phase, how, rng)
    out.status = status
    if "Traceback" in err:
        out.failures.append(f"traceback: {err.strip().splitlines()[-1]}")
    if how == "sigint" and status not in (0, 130):
        out.failures.append(f"Ctrl-C exit {status}: {err.strip()[-300:]}")
    if how == "sigint" and status == 130:
        lines = err.strip().splitlines()
        if lines.count("prme: interrupted") != 1:
            out.failures.append(f"Ctrl-C message missing: {err.strip()[-300:]}")
        elif (
            not any("committed" in line or line.startswith("ingest:") for line in lines)
            and store.exists()
            and file_states(store) != before
        ):
            # Interrupted before the ingest began (while prme loaded): nothing may have changed.
            out.failures.append("Ctrl-C: the store changed but no commit was reported")
    if status == -999:
        out.failures.append("the faulted run hung")
    _check_after_fault(out, store, before, after)
    again = run_prme(
        "--store",
        str(store),
        "--now",
        NOW_FIRST if phase == "first" else NOW_AGAIN,
        "ingest",
        str(lane.notes),
    )
    if again.returncode != 0:
        out.failures.append(f"rerun exit {again.returncode}: {again.stderr.strip()[-300:]}")
    elif dump(store) != dump(reference):
        out.failures.append("diverged: the rerun did not give the uninterrupted store")
    shutil.rmtree(folder, ignore_errors=True)
    return out


def _check_after_fault(
    out: Outcome, store: Path, before: dict[str, Any], after: dict[str, Any]
) -> None:
    from prme_cli.errors import StoreError
    from prme_cli.store import Store

    if not store.exists():
        return  # killed before the store was made: nothing to check, nothing lost
    out.store_existed = True
    out.torn = torn_checkpoint(store)
    try:
        opened = Store.open(store, create=False)
    except StoreError as exc:
        probe = store.with_name("probe.sqlite3")
        _copy_store(store, probe)
        try:
            conn = sqlite3.connect(probe)
            healthy = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            conn.close()
        except sqlite3.Error:
            healthy = False
        kind = "refused a healthy store" if healthy else "store damaged"
        out.failures.append(f"{kind}: {exc}")
        return
    with opened:
        problems = opened.integrity_check()
    if problems:
        out.failures.append(f"integrity: {problems[:3]}")
    doctor = run_prme("--store", str(store), "doctor")
    if doctor.returncode != 0:
        out.failures.append(f"doctor exit {doctor.returncode}: {doctor.stdout.strip()[-300:]}")
    states = file_states(store)
    for path, state in states.items():
        if state != after.get(path) and state != before.get(path):
            out.failures.append(f"mixed file: {path}")
            break


# -- Ctrl-C at every point ---------------------------------------------------------------------

#: Runs the installed ``prme`` script (as the shell would) with a profile hook that counts every
#: Python call and return from prme's first line (``prme_cli/__init__.py``) until its last
#: ``atexit`` callback (which ignores SIGINT from then on), and sends SIGINT to itself at event
#: SWEEP_AT: a Ctrl-C lands at a chosen point while modules load, inside the
#: command, while the boundary prints, in ``atexit`` callbacks and at the very end.
_SWEEP_CHILD = r"""
import _signal, atexit, os, runpy, sys
# Started from a background job SIGINT is ignored, and inherited: a terminal gives the default.
_signal.signal(_signal.SIGINT, _signal.default_int_handler)
at = int(os.environ["SWEEP_AT"])
count = [0, 0]  # events from prme's first line on; the one by which its Ctrl-C guard was set
default = _signal.default_int_handler
def hook(frame, event, arg):
    if count[0] == 0 and "prme_cli" not in frame.f_code.co_filename:
        return  # Python starting, the script wrapper: not prme's code yet
    if frame.f_code.co_name == "_at_the_very_end":  # prme's last act: SIGINT is ignored
        sys.setprofile(None)
        return
    count[0] += 1
    if count[1] == 0 and _signal.getsignal(_signal.SIGINT) is not default:
        count[1] = count[0]
    if count[0] == at:
        sys.setprofile(None)
        open(os.environ["SWEEP_SENT"], "w").close()
        os.kill(os.getpid(), _signal.SIGINT)
def done():
    open(os.environ["SWEEP_COUNT"], "w").write(repr(count))
atexit.register(done)  # registered first, so it runs after prme's own callbacks
script = os.environ["SWEEP_SCRIPT"]
sys.argv = [script, *sys.argv[1:]]
sys.setprofile(hook)
runpy.run_path(script, run_name="__main__")
"""


def default_sigint() -> None:
    """Started in the background, a process ignores SIGINT and its children inherit that;
    give the child the default disposition, as a terminal would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def prme_script() -> Path:
    """The installed console script next to this interpreter."""
    found = Path(sys.executable).parent / ("prme.exe" if os.name == "nt" else "prme")
    if not found.exists():
        raise RuntimeError(f"no installed prme script at {found}")
    return found


def _sweep_run(
    args: Sequence[str], at: int, sent: Path, count_to: Path | None = None
) -> tuple[int, str]:
    # A fixed hash seed keeps the count of events nearly the same from run to run.
    env = dict(
        os.environ,
        SWEEP_AT=str(at),
        SWEEP_SCRIPT=str(prme_script()),
        SWEEP_SENT=str(sent),
        PYTHONHASHSEED="0",
    )
    # Always set (to the same number of variables): prme reads its environment, so each one
    # more would be events more.
    env["SWEEP_COUNT"] = str(count_to or sent.with_suffix(".count"))
    done = subprocess.run(
        [sys.executable, "-c", _SWEEP_CHILD, "--tz", TZ, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=CHILD_TIMEOUT,
        check=False,
    )
    return done.returncode, done.stderr


#: Python calls and returns of prme's first statement, which puts its Ctrl-C guard in place
#: (``prme_cli/__init__.py``): before it a Ctrl-C is Python's own, as for any program.
FIRST_STATEMENT_EVENTS = 16


def sweep_points(total: int, count: int) -> list[int]:
    """``count`` events of ``total``: a quarter over the first fiftieth (modules loading), a
    quarter over the whole run, half over its last twentieth (where the answer is printed and
    the process ends), the last one always."""
    head = max(1, count // 4)
    spread = max(1, count // 4)
    tail = max(1, count - head - spread)
    first = FIRST_STATEMENT_EVENTS + 1
    points = {first + (total // 50) * k // head for k in range(head)}
    points |= {max(first, total * (k + 1) // (spread + 1)) for k in range(spread)}
    start = total - max(tail, total // 20)
    points |= {start + (total - start) * (k + 1) // tail for k in range(tail)}
    return sorted(p for p in points if first <= p <= total)


def sigint_sweep(
    scratch: Path,
    points: int,
    jobs: int,
    *,
    ingest_points: int | None = None,
    notes_from: Sequence[Path] = (REPO / "sample_org",),
) -> dict[str, Any]:
    """A Ctrl-C at ``points`` chosen events of an ingest (``ingest_points`` if given) and of
    a query; every one must end in exactly one ``prme: interrupted``, exit 130, no
    traceback, and (ingest) a store that is whole and converges on a rerun. The notes are
    copies of ``notes_from`` (folders or files)."""
    folder = scratch / "sweep"
    notes = folder / "notes"
    notes.mkdir(parents=True)
    for source in notes_from:
        if source.is_dir():
            shutil.copytree(source, notes / source.name)
        else:
            shutil.copyfile(source, notes / source.name)
    _age(notes)
    reference = folder / "reference.sqlite3"
    ingest = ["--now", NOW_FIRST, "ingest", str(notes)]
    if run_prme("--store", str(reference), *ingest).returncode != 0:
        raise RuntimeError("sweep: the reference ingest failed")
    expected = file_states(reference)
    result: dict[str, Any] = {
        "failures": [],
        "trials": 0,
        "guard_at_event": 0,
        "after_the_end": 0,
    }
    for label, args in (("ingest", ingest), ("since", ["--now", NOW_FIRST, "since", "today"])):
        probe = folder / f"probe-{label}.sqlite3"
        if label == "since":
            _copy_store(reference, probe)
        counted = folder / f"count-{label}.txt"
        status, err = _sweep_run(["--store", str(probe), *args], 0, folder / "none", counted)
        if status != 0:
            raise RuntimeError(f"sweep: {label} failed without a signal: {err[-500:]}")
        total, guard = json.loads(counted.read_text())
        result[f"{label}_events"] = total
        result["guard_at_event"] = max(result["guard_at_event"], guard or total)

        def trial(at: int, label: str = label, args: list[str] = args) -> list[str]:
            store = folder / f"{label}-{at}.sqlite3"
            if label == "since":
                _copy_store(reference, store)
            sent = folder / f"{label}-{at}.sent"
            status, err = _sweep_run(["--store", str(store), *args], at, sent)
            where = f"{label} at event {at}"
            problems: list[str] = []
            if not sent.exists():  # this run ended sooner: the Ctrl-C came after it
                result["after_the_end"] += 1
                return problems if status == 0 else [f"exit {status} unsignalled: {where}"]
            if "Traceback" in err or "Exception ignored" in err:
                problems.append(f"traceback: {where}: {err.strip().splitlines()[-1]}")
            if status != 130 or err.splitlines().count("prme: interrupted") != 1:
                problems.append(f"exit {status}: {where}: {err.strip()[-300:]!r}")
            if label == "ingest" and store.exists():
                if not _integrity_ok(store):
                    problems.append(f"integrity: {where}")
                again = run_prme("--store", str(store), *args)
                if again.returncode != 0 or file_states(store) != expected:
                    problems.append(f"diverged: {where}: {again.stderr.strip()[-300:]}")
            for suffix in ("", "-wal", "-shm"):
                Path(f"{store}{suffix}").unlink(missing_ok=True)
            return problems

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            wanted = ingest_points if label == "ingest" and ingest_points is not None else points
            chosen = sweep_points(total, wanted)
            for problems in pool.map(trial, chosen):
                result["failures"].extend(problems)
            result["trials"] += len(chosen)
    return result


def _integrity_ok(store: Path) -> bool:
    try:
        conn = sqlite3.connect(store)
        try:
            return bool(conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
        finally:
            conn.close()
    except sqlite3.Error:
        return False


# -- load: one writer, many readers -------------------------------------------------------------

_WRITER = r"""
import json, sys, time, random
from datetime import UTC, datetime
from pathlib import Path
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
store, notes, seconds, seed = sys.argv[1], Path(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
files = sorted(notes.rglob("*.org"))
runs = errors = 0
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    for path in rng.sample(files, 5):
        text = path.read_text(encoding="utf-8")
        path.write_text(text + f"\n* Edit {runs} {rng.random()}\nbody\n", encoding="utf-8")
    try:
        with Store.open(store) as s:
            ingest_paths(s, [notes], now=datetime.now(UTC))
        runs += 1
    except Exception as exc:
        errors += 1
        print(f"writer: {type(exc).__name__}: {exc}", file=sys.stderr)
print(json.dumps({"runs": runs, "errors": errors}))
"""

_READER = r"""
import json, sys, time, random
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo
from prme_cli.query import Filters, select, stats
from prme_cli.store import Store
store, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
tz = ZoneInfo("UTC")
latencies, errors, locked = [], 0, 0
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    start = datetime(2026, 11, rng.randint(1, 28), tzinfo=tz)
    window = (start - timedelta(days=rng.randint(0, 40)), start + timedelta(days=rng.randint(1, 9)))
    t0 = time.perf_counter()
    try:
        with Store.open(store, create=False) as s:
            kind = rng.random()
            if kind < 0.5:
                select(s, window=window, filters=Filters(by="event"), limit=100)
            elif kind < 0.7:
                select(s, window=window, filters=Filters(by="changed"), reverse=True, limit=20)
            elif kind < 0.9:
                select(s, text=rng.choice(["oak", "review", "garden frame", "kiln"]), limit=20)
            else:
                stats(s, tz)
        latencies.append(time.perf_counter() - t0)
    except Exception as exc:
        errors += 1
        if "locked" in str(exc):
            locked += 1
        print(f"reader: {type(exc).__name__}: {exc}", file=sys.stderr)
print(json.dumps({"latencies": latencies, "errors": errors, "locked": locked}))
"""


def load_test(lane: Lane, scratch: Path, seconds: float, readers: int, seed: int) -> dict[str, Any]:
    notes = scratch / "load-notes"
    shutil.copytree(lane.v1, notes)
    store = scratch / "load.sqlite3"
    done = run_prme("--store", str(store), "ingest", str(notes))
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(store), str(notes), str(seconds), str(seed)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    ]
    for i in range(readers):
        procs.append(
            subprocess.Popen(
                [sys.executable, "-c", _READER, str(store), str(seconds), str(seed + i + 1)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=seconds + CHILD_TIMEOUT)
        results.append((json.loads(out.strip().splitlines()[-1]), err))
    writer = results[0][0]
    latencies = sorted(x for r, _ in results[1:] for x in r["latencies"])
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    errors = [line for _, err in results for line in err.splitlines()[:3]]
    return {
        "writer_runs": writer["runs"],
        "writer_errors": writer["errors"],
        "queries": len(latencies),
        "reader_errors": sum(r["errors"] for r, _ in results[1:]),
        "locked": sum(r["locked"] for r, _ in results[1:]),
        "p50_ms": q[49] * 1000,
        "p99_ms": q[98] * 1000,
        "messages": errors[:5],
    }


# -- two ingests at once -----------------------------------------------------------------------


def concurrent_trial(lane: Lane, fresh: bool, seed: int) -> list[str]:
    folder = lane.folder / f"pair-{seed}"
    folder.mkdir()
    store = folder / "memory.sqlite3"
    if not fresh:
        _copy_store(lane.ref_first, store)
    now = NOW_FIRST if fresh else NOW_AGAIN
    reference = lane.ref_first if fresh else lane.ref_again
    lane.use("v1" if fresh else "v2")
    procs = [
        subprocess.Popen(
            prme_cmd("--store", str(store), "--now", now, "ingest", str(lane.notes)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    failures = []
    for proc in procs:
        _out, err = proc.communicate(timeout=CHILD_TIMEOUT)
        if proc.returncode != 0:
            failures.append(f"exit {proc.returncode}: {err.strip()[-300:]}")
    if not failures and dump(store) != dump(reference):
        failures.append("two ingests did not give the store one ingest gives")
    shutil.rmtree(folder, ignore_errors=True)
    return failures


# -- a full disk --------------------------------------------------------------------------------


def disk_full(lane: Lane, scratch: Path) -> tuple[str, list[str], str]:
    """(status, failures, detail); status is 'skipped: why' off root or without mount."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return "skipped: needs root to mount a small tmpfs", [], ""
    point = scratch / "tiny"
    point.mkdir()
    size_kb = max(64, os.path.getsize(lane.ref_first) // 1024 // 3)
    lane.use("v1")
    mount = ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(point)]
    if subprocess.run(mount, capture_output=True, check=False).returncode:
        return "skipped: mounting a tmpfs failed here", [], ""
    failures: list[str] = []
    details: list[str] = []
    try:
        store = point / "memory.sqlite3"
        full = run_prme("--store", str(store), "--now", NOW_FIRST, "ingest", str(lane.notes))
        details.append(f"ingest into {size_kb} KiB: exit {full.returncode}")
        if full.returncode != 3 or "disk full" not in full.stderr:
            failures.append(f"full disk: exit {full.returncode}: {full.stderr.strip()[-300:]}")
        if "Traceback" in full.stderr:
            failures.append("full disk: traceback")
        probe = Outcome(mode="disk-full")
        _check_after_fault(probe, store, {}, lane.states_first)
        failures += probe.failures
        details.append(f"torn checkpoint left: {probe.torn}")
        remount = ["mount", "-o", "remount,size=512m", str(point)]
        subprocess.run(remount, check=True, capture_output=True)
        again = run_prme("--store", str(store), "--now", NOW_FIRST, "ingest", str(lane.notes))
        if again.returncode != 0:
            failures.append(f"with room again: exit {again.returncode}: {again.stderr[-300:]}")
        elif dump(store) != dump(lane.ref_first):
            failures.append("with room again: did not converge")
        else:
            details.append("converged once there was room")
    finally:
        subprocess.run(["umount", "-l", str(point)], check=False, capture_output=True)
    return "ran", failures, "; ".join(details)


# -- sizes ----------------------------------------------------------------------------------------

_SIZE_CHILD = r"""
import sys, time
from datetime import UTC, datetime
from prme_cli.ingest import ingest_paths
from prme_cli.store import Store
t0 = time.perf_counter()
with Store.open(sys.argv[1]) as store:
    report = ingest_paths(store, [sys.argv[2]], now=datetime(2026, 11, 29, 12, tzinfo=UTC))
elapsed = time.perf_counter() - t0
open(sys.argv[3], "w").write(repr([elapsed, report.files_ingested, len(report.errors)]))
"""


def size_run(scratch: Path, name: str, text_of: Callable[[Path], None]) -> dict[str, float]:
    notes = scratch / f"size-{name}"
    notes.mkdir()
    text_of(notes / f"{name}.org")
    _age(notes)
    store = scratch / f"size-{name}.sqlite3"
    result = scratch / f"size-{name}.txt"
    peak = child_peak_rss_mb(
        [sys.executable, "-c", _SIZE_CHILD, str(store), str(notes), str(result)]
    )
    elapsed, ingested, errors = json.loads(result.read_text())
    if ingested != 1 or errors:
        raise RuntimeError(f"{name}: ingest failed")
    file_mb = (notes / f"{name}.org").stat().st_size / 1e6
    store_mb = (
        sum(os.path.getsize(f"{store}{s}") for s in ("", "-wal") if os.path.exists(f"{store}{s}"))
        / 1e6
    )
    return {"seconds": elapsed, "peak_mb": peak, "file_mb": file_mb, "store_mb": store_mb}


def write_deep(levels: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("w", encoding="utf-8") as fh:
            for d in range(1, levels + 1):
                fh.write("*" * d + f" Heading {d}\nBody of heading {d}.\n")

    return write


def write_wide(headings: int) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        with path.open("w", encoding="utf-8") as fh:
            for i in range(headings):
                fh.write(
                    f"* TODO Task {i} :work:\nSCHEDULED: <2026-11-{i % 28 + 1:02d}>\n"
                    f"Some body text for task {i}.\n"
                )

    return write


# -- the run -------------------------------------------------------------------------------------


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kill-trials", type=int, default=30)
    parser.add_argument("--sigint-trials", type=int, default=6)
    parser.add_argument(
        "--sigint-points", type=int, default=40, help="Ctrl-C at N chosen points (per command)"
    )
    parser.add_argument("--load-seconds", type=float, default=15.0)
    parser.add_argument("--readers", type=int, default=8)
    parser.add_argument("--concurrent-trials", type=int, default=4)
    parser.add_argument("--fuzz-org", type=int, default=5000)
    parser.add_argument("--fuzz-time", type=int, default=5000)
    parser.add_argument("--fuzz-cli", type=int, default=5000)
    parser.add_argument("--deep-levels", type=int, default=10_000)
    parser.add_argument("--wide-headings", type=int, default=200_000)
    parser.add_argument("--corpus-headings", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)))
    parser.add_argument("--no-disk-full", action="store_true", help="skip the tmpfs run")
    parser.add_argument("--quick", action="store_true", help="tiny sizes (the test suite's)")
    parser.add_argument("--keep", type=Path, help="work in DIR and keep it")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--only",
        default=",".join(PARTS),
        help=f"comma-separated parts to run, of: {', '.join(PARTS)} (default: all)",
    )
    args = parser.parse_args(argv)
    only = {part.strip() for part in args.only.split(",") if part.strip()}
    if only - set(PARTS):
        parser.error(f"--only: unknown part(s) {', '.join(sorted(only - set(PARTS)))}")
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        # Started in the background by a shell, SIGINT is ignored, and children inherit that:
        # every Ctrl-C trial would then run to its end. Children of a handler get the default.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if args.quick:
        args.kill_trials, args.sigint_trials, args.load_seconds = 4, 2, 2.0
        args.sigint_points = 6
        args.readers, args.concurrent_trials = 4, 1
        args.fuzz_org, args.fuzz_time, args.fuzz_cli = 200, 200, 150
        args.deep_levels, args.wide_headings, args.corpus_headings = 1000, 2000, 300
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="prme-torture-"))
    scratch.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    rows: list[list[Any]] = []
    figures: dict[str, Any] = {"seed": args.seed}
    try:
        lanes: list[Lane] = []
        if only & {"faults", "load", "fuzz"}:  # the parts that work on the generated corpus
            lanes = make_lanes(scratch, args.seed, args.corpus_headings, args.jobs)
            figures["corpus"] = {
                "files": len(lanes[0].states_first),
                "first_ingest_s": round(lanes[0].first_seconds, 2),
                "sql_writes_first": lanes[0].first_writes,
            }
        pool = LanePool(lanes)
        phases: dict[str, float] = {"setup": time.perf_counter() - started}
        for name, phase in (
            ("faults", lambda: _faults(pool, args, figures)),
            ("sweep", lambda: _sweep(scratch, args, figures)),
            ("load", lambda: _load_and_pairs(pool, scratch, args, figures)),
            ("fuzz", lambda: _fuzzing(scratch, lanes[0], args, figures)),
            ("sizes", lambda: _sizes(scratch, args, figures)),
        ):
            if name not in only:
                continue
            t0 = time.perf_counter()
            rows += phase()
            phases[name] = time.perf_counter() - t0
        figures["phase_seconds"] = {k: round(v, 1) for k, v in phases.items()}
    finally:
        if args.keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    figures["seconds"] = round(time.perf_counter() - started, 1)
    print(table(["check", "runs", "failures", "measured", "target", ""], rows))
    print(f"\n{figures['seconds']} s ({figures.get('phase_seconds')}); seed {args.seed}; ")
    if "corpus" in figures:
        print(f"corpus {figures['corpus']}")
    shown = [f for v in figures.values() if isinstance(v, dict) for f in v.get("failures", [])]
    for line in shown[:20]:
        print(f"failure: {line}")
    figures["rows"] = rows
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, default=str), encoding="utf-8")
    return figures


def _faults(lanes: LanePool, args: Any, figures: dict[str, Any]) -> list[list[Any]]:
    rng = random.Random(args.seed)
    plan: list[tuple[str, str, int]] = []
    for i in range(args.kill_trials):
        phase = "first" if i % 2 == 0 else "again"
        how = ("time", "write", "checkpoint")[(i // 2) % 3]
        plan.append((phase, how, rng.randrange(10**9)))
    for i in range(args.sigint_trials):
        plan.append(("first" if i % 2 == 0 else "again", "sigint", rng.randrange(10**9)))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(
            pool.map(lambda p: lanes.run(lambda lane: faulted_trial(lane, p[0], p[1], p[2])), plan)
        )
    rows = []
    for label, pick in (
        (
            "SIGKILL during first ingest",
            lambda o: o.mode.startswith("first/") and "sigint" not in o.mode,
        ),
        (
            "SIGKILL during re-ingest after edits",
            lambda o: o.mode.startswith("again/") and "sigint" not in o.mode,
        ),
        ("Ctrl-C (SIGINT) during ingest", lambda o: o.mode.endswith("/sigint")),
    ):
        chosen = [o for o in outcomes if pick(o)]
        if not chosen:
            continue
        failures = [f for o in chosen for f in o.failures]
        kinds = {
            k: sum(1 for f in failures if f.startswith(k))
            for k in (
                "refused",
                "integrity",
                "doctor",
                "mixed",
                "diverged",
                "store damaged",
                "traceback",
            )
        }
        by_how: dict[str, int] = {}
        for o in chosen:
            by_how[o.mode.split("/")[1]] = by_how.get(o.mode.split("/")[1], 0) + 1
        torn = sum(o.torn for o in chosen)
        measured = (
            ", ".join(f"{k} {v}" for k, v in kinds.items() if k != "store damaged")
            + f"; kills by {'/'.join(f'{k} {v}' for k, v in sorted(by_how.items()))}; "
            + f"torn checkpoints met {torn}"
        )
        if label.startswith("Ctrl-C"):
            interrupted = sum(1 for o in chosen if o.status == 130)
            finished = sum(1 for o in chosen if o.status == 0)
            at_exit = len(chosen) - interrupted - finished
            measured = (
                f"exit 130 with the message {interrupted}, finished before the signal {finished}, "
                f"signal while exiting {at_exit}; {measured}"
            )
        rows.append(
            [label, len(chosen), len(failures), measured, "0 failures", _verdict(not failures)]
        )
        figures[label] = {
            "runs": len(chosen),
            "failures": failures[:20],
            "kinds": kinds,
            "torn": torn,
            "statuses": sorted(o.status or 0 for o in chosen),
        }
    return rows


def _sweep(scratch: Path, args: Any, figures: dict[str, Any]) -> list[list[Any]]:
    if args.sigint_points <= 0:
        return []
    found = sigint_sweep(scratch, args.sigint_points, args.jobs)
    figures["sweep"] = found
    failures = found["failures"]
    measured = (
        f"exit 130 with one message and no traceback "
        f"{found['trials'] - len(failures) - found['after_the_end']}, "
        f"run over before the point {found['after_the_end']}; "
        f"events: ingest {found['ingest_events']}, since {found['since_events']}; "
        f"Ctrl-C guard in place at event {found['guard_at_event']}"
    )
    return [
        [
            "Ctrl-C at chosen points (load, command, answer, exit)",
            found["trials"],
            len(failures),
            measured,
            "0 failures",
            _verdict(not failures),
        ]
    ]


def _load_and_pairs(
    lanes: LanePool, scratch: Path, args: Any, figures: dict[str, Any]
) -> list[list[Any]]:
    rows = []
    load = load_test(lanes.lanes[0], scratch, args.load_seconds, args.readers, args.seed)
    figures["load"] = load
    bad = load["reader_errors"] + load["writer_errors"]
    rows.append(
        [
            f"1 writer + {args.readers} readers, {args.load_seconds:g} s",
            f"{load['queries']} queries, {load['writer_runs']} ingests",
            bad,
            (
                f"reader errors {load['reader_errors']} (locked {load['locked']}), writer errors "
                f"{load['writer_errors']}; p50 {load['p50_ms']:.1f} ms, p99 {load['p99_ms']:.1f} ms"
            ),
            "0 reader errors",
            _verdict(bad == 0),
        ]
    )
    pair_failures: list[str] = []
    for i in range(args.concurrent_trials):  # one pair at a time: each pair is the load

        def pair(lane: Lane, i: int = i) -> list[str]:
            return concurrent_trial(lane, i % 2 == 0, args.seed * 1000 + i)

        pair_failures += lanes.run(pair)
    figures["concurrent"] = pair_failures[:10]
    rows.append(
        [
            "two ingests at once (fresh / existing store)",
            args.concurrent_trials,
            len(pair_failures),
            "both exit 0 and equal one ingest" if not pair_failures else pair_failures[0][:80],
            "0 failures",
            _verdict(not pair_failures),
        ]
    )
    if args.no_disk_full:
        status, failures, detail = "skipped: --no-disk-full", [], ""
    else:
        status, failures, detail = lanes.run(lambda lane: disk_full(lane, scratch))
    figures["disk_full"] = {"status": status, "failures": failures, "detail": detail}
    rows.append(
        [
            "disk full (small tmpfs)",
            1 if status == "ran" else 0,
            len(failures),
            detail if status == "ran" else status,
            "exit 3, store whole",
            _verdict(not failures) if status == "ran" else "skipped",
        ]
    )
    return rows


def _fuzzing(scratch: Path, lane: Lane, args: Any, figures: dict[str, Any]) -> list[list[Any]]:
    jobs = args.jobs
    rows = []

    def split(total: int) -> list[int]:
        return [total // jobs + (1 if i < total % jobs else 0) for i in range(jobs)]

    seeds = [args.seed * 100 + i for i in range(jobs)]
    for label, work, total in (
        ("fuzz: org reader", fuzz.fuzz_org, args.fuzz_org),
        ("fuzz: time engine (resolve, find)", fuzz.fuzz_time, args.fuzz_time),
    ):
        t0 = time.perf_counter()
        results = fuzz.spread(work, seeds, split(total))
        failures = [f for _, found in results for f in found]
        figures[label] = failures[:10]
        rows.append(
            [
                label,
                total,
                len(failures),
                f"{(time.perf_counter() - t0) / max(total, 1) * 1e3:.2f} ms per input"
                + (f"; first: {failures[0][:70]}" if failures else ""),
                "0 exceptions",
                _verdict(not failures),
            ]
        )
    places = []
    for i in range(jobs):
        root = scratch / f"fuzz-{i}"
        notes = root / "notes"
        shutil.copytree(REPO / "sample_org", notes / "sample")
        store = root / "good.sqlite3"
        _copy_store(lane.ref_first, store)
        places.append(fuzz.Places(root, notes, store))
    t0 = time.perf_counter()
    from concurrent.futures import ProcessPoolExecutor

    counts = split(args.fuzz_cli)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(fuzz.fuzz_cli, s, c, p)
            for s, c, p in zip(seeds, counts, places, strict=True)
        ]
        results = [f.result() for f in futures]
    failures = [f for _, found, _ in results for f in found]
    statuses: dict[int, int] = {}
    for _, _, found in results:
        for k, v in found.items():
            statuses[k] = statuses.get(k, 0) + v
    figures["fuzz: command line"] = {"failures": failures[:10], "statuses": statuses}
    rows.append(
        [
            "fuzz: command line (in process, every command)",
            args.fuzz_cli,
            len(failures),
            "exit "
            + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))
            + f"; {(time.perf_counter() - t0) / max(args.fuzz_cli, 1) * 1e3:.1f} ms per input"
            + (f"; first: {failures[0][:60]}" if failures else ""),
            "0 tracebacks, exits 0-4",
            _verdict(not failures),
        ]
    )
    return rows


def _sizes(scratch: Path, args: Any, figures: dict[str, Any]) -> list[list[Any]]:
    rows = []
    deep = size_run(scratch, "deep", write_deep(args.deep_levels))
    figures["deep"] = deep
    ok = deep["seconds"] <= 5 and deep["peak_mb"] <= 300
    rows.append(
        [
            f"{args.deep_levels:,}-deep outline ({deep['file_mb']:.0f} MB file)",
            1,
            0 if ok else 1,
            f"{deep['seconds']:.2f} s, peak {deep['peak_mb']:.0f} MB, store {deep['store_mb']:.1f} MB",
            "<= 5 s, <= 300 MB",
            _verdict(ok),
        ]
    )
    wide = size_run(scratch, "wide", write_wide(args.wide_headings))
    figures["wide"] = wide
    ok = wide["peak_mb"] <= 300
    rows.append(
        [
            f"{args.wide_headings:,}-heading file ({wide['file_mb']:.0f} MB)",
            1,
            0 if ok else 1,
            f"{wide['seconds']:.1f} s, peak {wide['peak_mb']:.0f} MB, store {wide['store_mb']:.0f} MB",
            "<= 300 MB",
            _verdict(ok),
        ]
    )
    return rows


if __name__ == "__main__":
    main()
