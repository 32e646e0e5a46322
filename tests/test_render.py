"""Renderers: every format from the same result dicts; terminal output is literal."""

from __future__ import annotations

import io
import json

from prme_cli.cli.render import TSV_COLUMNS, write_results

RESULT = {
    "id": "abc",
    "title": "Fix the :ID: parser\tbug :smile:",
    "path": ["Work", "Parser"],
    "file": "/notes/work.org",
    "line": 7,
    "todo": "TODO",
    "tags": ["work", "home"],
    "matched": {
        "kind": "scheduled",
        "start": "2026-11-27T00:00:00+00:00",
        "raw": "<2026-11-27 Fri>",
    },
    "version": "2026-11-27T20:00:00Z",
}


def _render(fmt: str) -> str:
    out = io.StringIO()
    write_results(out, fmt, [RESULT], {"command": "since"}, color=False)
    return out.getvalue()


def test_table_prints_org_text_literally() -> None:
    text = _render("table")
    assert ":ID:" in text and ":smile:" in text  # no emoji substitution, no markup
    assert "TODO" in text


def test_tsv_is_one_clean_line_per_result() -> None:
    line = _render("tsv").rstrip("\n")
    fields = line.split("\t")
    assert len(fields) == len(TSV_COLUMNS)
    assert fields[0] == "abc" and fields[2] == "scheduled"
    assert fields[7] == "/notes/work.org:7"


def test_json_and_jsonl_carry_the_result_unchanged() -> None:
    doc = json.loads(_render("json"))
    assert doc["count"] == 1 and doc["results"][0] == RESULT
    assert json.loads(_render("jsonl")) == RESULT


def test_org_and_ids() -> None:
    org = _render("org")
    assert org.startswith("* TODO Fix the :ID: parser\tbug :smile: :work:home:")
    assert ":FILE: /notes/work.org:7" in org
    assert _render("ids") == "abc\n"
