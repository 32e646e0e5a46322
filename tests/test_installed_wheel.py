"""What users install: the wheel and the sdist hold the whole program, and it runs.

A wheel once held only ``prme_cli/*.py`` (a hand-written package list) and every command
beyond ``since`` crashed with ``ModuleNotFoundError``; the suite ran from the source tree and
never saw it. These tests build the distributions from the checkout with setuptools' own
PEP 517 backend (no build environment to download), compare their contents with the source
tree, install the wheel into a fresh virtual environment and run the commands from there,
from a directory where the source tree cannot be imported.

The fresh environment gets prme only from the wheel. Its third-party dependencies come from
the environment running the tests, through a ``.pth`` line (tests use no network); a ``.pth``
line adds a directory without running that directory's own ``.pth`` files, so an editable
install of prme there stays invisible. ``.ci/run`` also installs the wheel with its
dependencies from the package index into another fresh environment and runs these tests
against it by setting ``PRME_INSTALLED_VENV``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_org"
NOW = "2026-11-27T20:00"
TZ = "Europe/London"

#: Files of the source tree that are part of the program (code and package data).
PROGRAM_FILES = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "prme_cli").rglob("*")
    if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
)


def _build(kind: str, out: Path) -> Path:
    """Build a wheel or sdist from a copy of the checkout (the checkout stays untouched)."""
    src = out / "src"
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", ".ci-venv", "build", "dist", "*.egg-info", "__pycache__",
            ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", "*.sqlite3*",
        ),
    )  # fmt: skip
    hook = "build_wheel" if kind == "wheel" else "build_sdist"
    dist = out / "dist"
    dist.mkdir()
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(dist)!r}))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=src, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return dist / done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("wheel", tmp_path_factory.mktemp("wheel"))


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / "python"


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with prme installed from the wheel alone (``--ignore-installed``:
    a ``PYTHONPATH`` that reaches an editable checkout's ``prme.egg-info`` must not make pip
    take the wheel for installed already)."""
    given = os.environ.get("PRME_INSTALLED_VENV")
    if given:
        return Path(given).resolve()
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = _venv_python(venv)
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", "--ignore-installed", str(wheel)],
        check=True, capture_output=True,
    )  # fmt: skip
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "_borrowed_dependencies.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    return venv


def _run(venv: Path, *args: str, cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    bindir = _venv_python(venv).parent
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRME_", "PYTHON", "XDG_"))}
    env.update(
        PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PRME_STORE=str(home / "memory.sqlite3"),
        PRME_NOW=NOW,
        PRME_TZ=TZ,
        NO_COLOR="1",
    )
    exe = args[0]
    command = [str(bindir / exe), *args[1:]]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def test_wheel_holds_every_program_file(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    missing = [name for name in PROGRAM_FILES if name not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert "prme_cli/cli/app.py" in names and "prme_cli/relate/stage.py" in names
    # the manual page, installed into share/man/man1 beside bin/ (where man looks)
    manual = [n for n in names if n.endswith(".data/data/share/man/man1/prme.1")]
    assert manual, "prme.1 is not in the wheel"
    with zipfile.ZipFile(wheel) as zf:
        assert zf.read(manual[0]).decode() == (ROOT / "man" / "prme.1").read_text()


def test_sdist_holds_every_program_file_and_the_sample(tmp_path: Path) -> None:
    sdist = _build("sdist", tmp_path)
    with tarfile.open(sdist) as tf:
        names = {name.split("/", 1)[1] for name in tf.getnames() if "/" in name}
    missing = [name for name in PROGRAM_FILES if name not in names]
    assert not missing, f"not in the sdist: {missing}"
    assert {"pyproject.toml", "README.md", "sample_org/journal.org", "man/prme.1"} <= names


def test_installed_prme_is_the_wheel_not_the_checkout(venv: Path, tmp_path: Path) -> None:
    code = "import prme_cli, prme_cli.cli.app, prme_cli.relate.stage; print(prme_cli.__file__)"
    done = _run(venv, "python", "-c", code, cwd=tmp_path, home=tmp_path)
    assert done.returncode == 0, done.stderr
    location = Path(done.stdout.strip()).resolve()
    assert (ROOT / "prme_cli") not in location.parents, location
    assert venv.resolve() in location.parents, location


def test_installed_commands_run_on_the_sample(venv: Path, tmp_path: Path) -> None:
    def prme(*args: str) -> subprocess.CompletedProcess[str]:
        return _run(venv, "prme", *args, cwd=tmp_path, home=tmp_path)

    version = prme("--version")
    assert version.returncode == 0 and version.stdout.startswith("prme "), version.stderr

    ingested = prme("ingest", str(SAMPLE))
    assert ingested.returncode == 0, ingested.stderr

    since = prme("since", "monday", "--format", "json")
    assert since.returncode == 0, since.stderr
    assert json.loads(since.stdout)["count"] > 0

    accepted = prme(
        "relate",
        "How many days passed between gluing up the frame and finishing it?",
        "--format",
        "json",
    )
    assert accepted.returncode == 0, accepted.stderr
    answer = json.loads(accepted.stdout)
    assert answer["status"] == "accepted" and answer["value"]["days"] == 6

    refused = prme("relate", "When did I renew my driving licence?", "--format", "json")
    assert refused.returncode == 1, refused.stderr
    assert json.loads(refused.stdout)["status"] != "accepted"

    doctor = prme("doctor")
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr

    when = prme("when", "last friday", "--format", "json")
    assert when.returncode == 0, when.stderr
    assert json.loads(when.stdout)["start"].startswith("2026-11-20")

    module = _run(venv, "python", "-m", "prme_cli", "--version", cwd=tmp_path, home=tmp_path)
    assert module.returncode == 0 and module.stdout == version.stdout, module.stderr


def test_installed_shell_completion_offers_subcommands(venv: Path, tmp_path: Path) -> None:
    bindir = _venv_python(venv).parent

    def complete(words: str) -> list[str]:
        cword = len(words.split()) - (0 if words.endswith(" ") else 1)
        env = dict(
            os.environ, _PRME_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword)
        )
        done = subprocess.run(
            [str(bindir / "prme")],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout.split()

    assert "relate" in complete("prme rel")
    assert complete("prme since --by cl") == ["closed", "clock"]
    assert complete("prme --format js") == ["json", "jsonl"]
    assert "yesterday" in complete("prme since ye")


def test_installed_manual_page(venv: Path, tmp_path: Path) -> None:
    page = venv / "share" / "man" / "man1" / "prme.1"
    assert page.is_file(), "prme.1 was not installed"
    text = page.read_text()
    assert text.startswith(".TH PRME 1") and "prme log" in text
    man = shutil.which("man")
    if man is None:
        pytest.skip("no man program to render the page with")
    shown = subprocess.run(
        [man, "-l", str(page)],
        capture_output=True,
        text=True,
        env=dict(os.environ, MANPAGER="cat"),
        check=False,
    )
    assert shown.returncode == 0 and "EXIT STATUS" in shown.stdout


def test_library_api_runs_without_the_cli(venv: Path, tmp_path: Path) -> None:
    """The README's library example, run in the installed environment."""
    code = f"""
import sys
from prme_cli import Store, ingest_paths, since, relate_question
with Store.open({str(tmp_path / "lib.sqlite3")!r}) as store:
    report = ingest_paths(store, [{str(SAMPLE)!r}], now={NOW!r}, tz={TZ!r})
    rows = since(store, "monday", now={NOW!r}, tz={TZ!r})
    answer = relate_question(store, "How many days passed between gluing up the frame and "
                             "finishing it?", now={NOW!r}, tz={TZ!r})
print(report.files_ingested, len(rows), answer["status"], answer["value"]["days"])
print(sorted(m for m in sys.modules if m.startswith(("typer", "rich", "prme_cli.cli"))))
"""
    done = _run(venv, "python", "-c", code, cwd=tmp_path, home=tmp_path)
    assert done.returncode == 0, done.stderr
    counts, imported = done.stdout.strip().splitlines()
    files, rows, status, days = counts.split()
    assert int(files) > 0 and int(rows) > 0 and status == "accepted" and days == "6"
    assert imported == "[]"
