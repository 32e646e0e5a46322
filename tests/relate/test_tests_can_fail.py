"""The relate tests can fail: run them against providers that tell nothing apart.

A resolver that refuses everything must fail most of the resolver tests that call it, and a
gate that accepts every operand most of the gate tests (``conftest.py`` swaps the provider in
when ``PRME_TEST_SABOTAGE`` is set and logs, per test, whether it was used). A test that still
passes against such a provider checks nothing about it; refusal tests therefore carry a
control that the same question is answered when the notes tell the event plainly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

RESOLVER_TESTS = [
    "test_symbolic_resolver.py",
    "test_symbolic_phenomena.py",
    "test_org_structure_evidence.py",
    "test_third_person.py",
    "test_sample_questions.py",
    "test_symbolic_thing_subject.py",
    "test_symbolic_weekday_latest.py",
    "test_symbolic_later_denial.py",
    "test_symbolic_named_clause.py",
    "test_symbolic_wishes_questions_corrections.py",
    "test_chat_question_sets.py",
    "test_org_question_sets.py",
    "test_vague_orders.py",
    "test_ongoing_states.py",
    "test_present_perfect_news.py",
    "test_clause_attachment.py",
    "test_enumerated_orders.py",
    "test_definite_descriptions.py",
    "test_stated_durations.py",
    "test_use_states.py",
    "test_series_members.py",
    "test_everyday_paraphrase.py",
    "test_pronoun_doers.py",
    "test_family_subjects.py",
    "test_listed_orders_of_a_noun.py",
    "test_span_boundaries.py",
    "test_thing_pronouns.py",
    "test_yes_answers.py",
    "test_opening_yes.py",
    "test_times_moved_to.py",
    "test_progressive_arrangements.py",
    "test_words_quoted_after_saying.py",
    "test_times_of_an_event_counted_from.py",
    "test_claims_of_others_about_the_writer.py",
    "test_deed_verb_in_another_clause.py",
    "test_questions_and_tag_questions.py",
    "test_event_nouns_called_off.py",
    "test_dreamt_or_imagined_deeds.py",
    "test_clefts_and_exceptions_name_the_doer.py",
    "test_yes_replies_that_confirm_nothing.py",
    "test_a_wider_time_that_disagrees.py",
    "test_indefinite_weekdays.py",
    "test_parts_of_a_whole.py",
    "test_corrections_within_a_sentence.py",
    "test_ordinals_of_nouns.py",
    "test_anaphoric_times.py",
    "test_place_roles.py",
    "test_dated_log_entries.py",
    "test_spans_asked_by_a_gerund.py",
    "test_terse_fragments.py",
    "test_structure_names_of_tasks.py",
    "test_logbook_notes.py",
    "test_terse_journal_deeds.py",
    "test_naming_next_sentence.py",
    "test_dated_items_anchor_their_times.py",
    "test_person_nodes.py",
    "test_questions_up_to_now_and_progressive_plans.py",
    "test_verbless_journal_sentences.py",
    "test_times_echoed_by_the_question.py",
    "test_deed_sense_mismatch.py",
]
GATE_TESTS = [
    "test_symbolic_gate.py",
    "test_gate_structure.py",
    "test_gate_reads_the_event.py",
    "test_gate_refuses_a_synonyms_wrong_event.py",
    "test_gate_reads_what_a_pronoun_stands_for.py",
    "test_gate_reads_a_yes_answer.py",
    "test_gate_reads_phrasal_verbs.py",
    "test_gate_reads_a_deed_of_its_own.py",
]


def _sabotaged(kind: str, files: list[str], tmp_path: Path) -> tuple[int, int]:
    """(tests that used the sabotaged provider, of which failed)."""
    log = tmp_path / f"{kind}.jsonl"
    env = dict(os.environ, PRME_TEST_SABOTAGE=kind, PRME_TEST_SABOTAGE_LOG=str(log))
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
        cwd=HERE,
        env=env,
        capture_output=True,
        check=False,
        timeout=600,
    )
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    used = [r for r in rows if r["used"]]
    return len(used), sum(r["outcome"] == "failed" for r in used)


@pytest.mark.parametrize(
    ("kind", "files"), [("refuse-resolver", RESOLVER_TESTS), ("accept-gate", GATE_TESTS)]
)
def test_most_tests_fail_against_a_provider_that_tells_nothing_apart(
    kind: str, files: list[str], tmp_path: Path
) -> None:
    used, failed = _sabotaged(kind, files, tmp_path)
    assert used >= 10, (kind, used)
    assert failed > used / 2, f"{kind}: only {failed} of {used} tests noticed"
