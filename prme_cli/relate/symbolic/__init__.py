"""The offline symbolic provider pair: a resolver that aligns question phrases to records and
their org timestamps or in-text time expressions, and an independent gate that judges each
cited quote by a different method. Deterministic, zero tokens, explains every choice.

When to trust them: see :mod:`prme_cli.relate.symbolic.resolver` (what the resolver refuses)
and :mod:`prme_cli.relate.symbolic.gate` (what the gate's probability means).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prme_cli.relate.symbolic.gate import SymbolicGate
from prme_cli.relate.symbolic.resolver import SymbolicResolver

__all__ = ["SymbolicGate", "SymbolicResolver", "gate_factory", "resolver_factory"]


def resolver_factory(settings: Mapping[str, Any] | None = None) -> SymbolicResolver:
    """For the provider registry: the symbolic resolver takes no network settings (model,
    url, allow_remote … are accepted and ignored, since nothing leaves the machine)."""
    return SymbolicResolver()


def gate_factory(settings: Mapping[str, Any] | None = None) -> SymbolicGate:
    """For the provider registry, like :func:`resolver_factory`."""
    return SymbolicGate()
