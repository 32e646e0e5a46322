"""The offline symbolic provider pair: a resolver that aligns question phrases to records and
their org timestamps or in-text time expressions, and an independent gate that judges each
cited quote by a different method. Deterministic, zero tokens, explains every choice.

When to trust them: see :mod:`prme_cli.relate.symbolic.resolver` (what the resolver refuses)
and :mod:`prme_cli.relate.symbolic.gate` (what the gate's probability means).
"""

from __future__ import annotations

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.symbolic.resolver import SymbolicResolver

__all__ = ["SymbolicGate", "SymbolicResolver"]
