"""The read commands' option rules, shared by the CLI and the MCP server."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from prme_cli.errors import TimeExpressionError, UsageError
from prme_cli.options import budget_tokens, check_text, make_filters, query_window, result_limit

TZ = ZoneInfo("Europe/London")
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=TZ)


def test_max_results_unset_is_the_default_zero_is_no_limit() -> None:
    assert result_limit(None, 20) == 20
    assert result_limit(0, 20) is None
    assert result_limit(5, None) == 5


def test_errors_name_the_option_as_the_caller_spells_it() -> None:
    with pytest.raises(UsageError, match="--max-results must be"):
        result_limit(-1, 20)
    with pytest.raises(UsageError, match="^max_results must be"):
        result_limit(-1, 20, flag=str)
    with pytest.raises(UsageError, match="unknown by 'when'"):
        make_filters("when", flag=str)
    with pytest.raises(UsageError, match="unknown --type 'task'"):
        make_filters("event", ["task"])
    with pytest.raises(UsageError, match="^budget must be"):
        budget_tokens(-5, 4096, flag=str)
    with pytest.raises(UsageError, match="fts needs"):
        check_text(None, True, flag=str)


def test_budget_unset_is_the_configured_one() -> None:
    assert budget_tokens(None, 4096) == 4096
    assert budget_tokens(0, 4096) == 0


def test_query_window_since_alone_is_since_both_is_range() -> None:
    window, expressions = query_window("monday", None, NOW, TZ)
    assert window is not None and window[0].day == 23 and expressions == {"since": "monday"}
    closed, expressions = query_window("monday", "tuesday", NOW, TZ)
    assert closed is not None and closed[1].day == 25
    assert expressions == {"since": "monday", "until": "tuesday"}
    assert query_window(None, None, NOW, TZ) == (None, {})


def test_query_window_until_alone_and_bad_words_are_errors() -> None:
    with pytest.raises(UsageError, match="until needs since"):
        query_window(None, "friday", NOW, TZ, flag=str)
    with pytest.raises(TimeExpressionError, match="blursday"):
        query_window("blursday", None, NOW, TZ)
