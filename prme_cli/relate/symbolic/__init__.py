"""The offline symbolic provider pair: a resolver that aligns question phrases to records and
their org timestamps or in-text time expressions, and an independent gate that judges each
cited quote by a different method. Deterministic, zero tokens, explains every choice.

When to trust them: see :mod:`prme_cli.relate.symbolic.resolver` (what the resolver refuses)
and :mod:`prme_cli.relate.symbolic.gate` (what the gate's probability means).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prme_cli.relate.symbolic.gate import SymbolicGate
    from prme_cli.relate.symbolic.resolver import SymbolicResolver

__all__ = ["SymbolicGate", "SymbolicResolver", "gate_factory", "resolver_factory"]


def resolver_factory(settings: Mapping[str, Any] | None = None) -> SymbolicResolver:
    """For the provider registry: the symbolic resolver takes no network settings (model,
    url, allow_remote … are accepted and ignored, since nothing leaves the machine)."""
    from prme_cli.relate.symbolic.resolver import SymbolicResolver

    return SymbolicResolver()


def gate_factory(settings: Mapping[str, Any] | None = None) -> SymbolicGate:
    """For the provider registry, like :func:`resolver_factory`."""
    from prme_cli.relate.symbolic.gate import SymbolicGate

    return SymbolicGate()


def __getattr__(name: str) -> Any:
    """The provider classes, imported when first named: the question analyser reads this
    package's lexicon and question modules for every routed question, and a question the
    router turns away, or one the resolver refuses, needs neither the resolver nor the gate
    (together about a fifth of a ``prme relate`` process's start)."""
    if name == "SymbolicGate":
        from prme_cli.relate.symbolic.gate import SymbolicGate

        return SymbolicGate
    if name == "SymbolicResolver":
        from prme_cli.relate.symbolic.resolver import SymbolicResolver

        return SymbolicResolver
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
