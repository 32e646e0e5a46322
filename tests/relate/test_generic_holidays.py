""" "The holidays" with no name names no particular holiday.

The time engine reads "the holidays" as the Christmas holidays, but a writer in September
who "repainted the hallway during the holidays" most likely means the summer, and "our
holiday" may be any trip away. Such an expression dates nothing (``interpret``, shared by the
resolver and validation); a named holiday ("Easter", "Christmas Eve") is read as before.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from prme_cli.relate import interpret
from prme_cli.timeexpr import zone

TZ = zone("UTC")
WRITTEN = datetime(2025, 9, 10, 19, 0, tzinfo=TZ)
ASKED = datetime(2025, 9, 30, 12, 0, tzinfo=TZ)


@pytest.mark.parametrize(
    "expression", ["the holidays", "weekend of the holidays", "during our holidays", "the Holidays"]
)
def test_an_unnamed_holiday_dates_nothing(expression: str) -> None:
    with pytest.raises(interpret.InterpretError, match="no particular holiday"):
        interpret.interpret_text_expression(expression, WRITTEN, question_date=ASKED, tz=TZ)


@pytest.mark.parametrize("expression", ["Easter", "Christmas Eve", "last weekend"])
def test_a_named_holiday_or_a_plain_expression_is_read(expression: str) -> None:
    dated = interpret.interpret_text_expression(expression, WRITTEN, question_date=ASKED, tz=TZ)
    assert dated.start is not None and dated.start < WRITTEN
