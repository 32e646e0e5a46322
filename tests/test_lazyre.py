"""The lazily compiled patterns of relate's readers behave as ``re.compile``'s, method by method."""

from __future__ import annotations

import re

import pytest

from prme_cli import lazyre

SOURCE = r"(?P<day>mon|tue)\w*day\b"
TEXT = "Monday, then tuesday; not sunday"


def test_a_lazy_pattern_is_not_compiled_until_it_is_used() -> None:
    pattern = lazyre.compile(SOURCE, re.IGNORECASE)
    assert pattern.pattern == SOURCE
    assert pattern._compiled is None  # type: ignore[attr-defined]
    assert pattern.search(TEXT) is not None
    assert pattern._compiled is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "call",
    [
        lambda p: p.search(TEXT).group("day"),
        lambda p: p.search(TEXT, 3).span(),
        lambda p: p.match(TEXT) is not None,
        lambda p: p.match(TEXT, 8) is not None,
        lambda p: p.fullmatch("Monday") is not None,
        lambda p: [m.span() for m in p.finditer(TEXT)],
        lambda p: p.findall(TEXT),
        lambda p: p.split(TEXT),
        lambda p: p.split(TEXT, 1),
        lambda p: p.sub("X", TEXT),
        lambda p: p.sub(lambda m: m.group(0).upper(), TEXT, 1),
        lambda p: p.subn("X", TEXT),
        lambda p: p.flags,
        lambda p: dict(p.groupindex),
    ],
)
def test_each_method_answers_as_the_compiled_pattern_does(call) -> None:  # type: ignore[no-untyped-def]
    assert call(lazyre.compile(SOURCE, re.IGNORECASE)) == call(re.compile(SOURCE, re.IGNORECASE))


def test_the_readers_patterns_are_lazy() -> None:
    from prme_cli.relate.symbolic import gate, resolver

    assert isinstance(gate._LENGTH_HEDGES, frozenset)  # a word table stays what it was
    lazy = [v for v in vars(resolver).values() if isinstance(v, lazyre.LazyPattern)]
    assert len(lazy) > 50


# --- the compiled-pattern cache (what a CLI process keeps for the next) ---------------------


def _every_lazy_pattern() -> list[tuple[str, int]]:
    """The sources of every lazily compiled pattern of the package's readers."""
    import importlib
    import pkgutil

    import prme_cli

    found: dict[tuple[str, int], None] = {}
    for info in pkgutil.walk_packages(prme_cli.__path__, "prme_cli."):
        if ".cli" in info.name or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, lazyre.LazyPattern):
                found[(value.pattern, value._flags)] = None
    return list(found)


def test_patterns_built_from_kept_code_equal_what_re_compiles(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sources = _every_lazy_pattern()
    assert len(sources) > 300
    first = lazyre._KeptCode()
    first.use(tmp_path / "patterns.marshal")
    for source, flags in sources:
        assert first.compile(source, flags) == re.compile(source, flags), source
    first.save()
    again = lazyre._KeptCode()  # the next process: every pattern from the file's code
    again.use(tmp_path / "patterns.marshal")
    assert len(again._loaded()) == len(sources)
    for source, flags in sources:
        built = again.compile(source, flags)
        assert built == re.compile(source, flags), source
    assert not again._added  # nothing compiled afresh, so nothing to write


def test_a_damaged_cache_file_is_only_a_slower_start(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "patterns.marshal"
    path.write_bytes(b"\x00not marshal at all")
    kept = lazyre._KeptCode()
    kept.use(path)
    assert kept.compile(SOURCE, re.IGNORECASE).search(TEXT).group("day") == "Mon"  # type: ignore[union-attr]
    kept.save()
    assert lazyre._KeptCode()._loaded() == {}  # no path: nothing read
    reread = lazyre._KeptCode()
    reread.use(path)
    assert (SOURCE, int(re.IGNORECASE)) in reread._loaded()


def test_kept_code_the_engine_rejects_is_compiled_afresh(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import marshal

    path = tmp_path / "patterns.marshal"
    bad = (int(re.IGNORECASE), [999, 999, 999], 1, {"day": 1}, (None, "day"))
    path.write_bytes(marshal.dumps({(SOURCE, int(re.IGNORECASE)): bad}))
    kept = lazyre._KeptCode()
    kept.use(path)
    pattern = kept.compile(SOURCE, re.IGNORECASE)
    assert pattern == re.compile(SOURCE, re.IGNORECASE)
    assert kept._added  # the mended entry is written back


def test_the_cache_file_is_named_for_the_interpreter_and_release(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import sys

    name = lazyre.cache_file(tmp_path, "9.9.9").name
    assert name.startswith("patterns-9.9.9-") and name.endswith(".marshal")
    assert str(sys.implementation.cache_tag) in name
    assert lazyre.cache_file(tmp_path, "9.9.9") != lazyre.cache_file(tmp_path, "9.9.10")


def test_saving_drops_the_files_of_other_releases(tmp_path) -> None:  # type: ignore[no-untyped-def]
    old = lazyre.cache_file(tmp_path, "0.0.1")
    old.write_bytes(b"")
    kept = lazyre._KeptCode()
    kept.use(lazyre.cache_file(tmp_path, "0.0.2"))
    kept.compile(SOURCE, 0)
    kept.save()
    assert not old.exists()
    assert lazyre.cache_file(tmp_path, "0.0.2").exists()


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    kept = lazyre._KeptCode()
    kept.use(blocker / "prme" / "patterns.marshal")
    assert kept.compile(SOURCE, 0).pattern == SOURCE
    kept.save()  # no exception: the next process just compiles again


def test_the_installed_prme_keeps_its_patterns_in_the_cache_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys
    from pathlib import Path

    prme = Path(sys.executable).with_name("prme")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRME_")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    store = str(tmp_path / "s.sqlite3")
    args = [str(prme), "--store", store, "--now", "2026-11-27T20:00", "--tz", "UTC"]
    sample = str(Path(__file__).resolve().parents[1] / "sample_org")
    subprocess.run([*args, "ingest", sample], capture_output=True, env=env, check=True)
    question = [*args, "relate", "--format", "json", "When did I finish the frame?"]
    first = subprocess.run(question, capture_output=True, text=True, env=env, check=False)
    kept = list((tmp_path / "cache" / "prme").glob("patterns-*.marshal"))
    assert len(kept) == 1, first.stderr
    stamp = kept[0].stat().st_mtime_ns
    second = subprocess.run(question, capture_output=True, text=True, env=env, check=False)
    import json

    answers = [json.loads(run.stdout) for run in (first, second)]
    assert answers[0]["status"] == answers[1]["status"] == "accepted"
    assert answers[0]["value"] == answers[1]["value"]
    assert kept[0].stat().st_mtime_ns == stamp  # every pattern came from the file
    off = {**env, "XDG_CACHE_HOME": str(tmp_path / "off"), "PRME_NO_CACHE": "1"}
    subprocess.run(question, capture_output=True, text=True, env=off, check=False)
    assert not (tmp_path / "off").exists()
