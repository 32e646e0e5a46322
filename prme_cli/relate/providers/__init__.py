"""Model providers for the relate stage: resolvers and gates behind small protocols.

Importing this package is cheap on purpose (no ``httpx``): provider modules are imported by
the factories only when a provider is actually built, so ``prme since today`` never pays for
the network stack.

Settings keys read by the factories (``None`` means "not set", unknown keys are ignored so one
mapping can carry several providers' settings):

========================  ==============================================================
``url`` / ``base_url``    endpoint; defaults: ollama ``http://127.0.0.1:11434``, openai
                          ``http://127.0.0.1:8080``, jev ``https://api.typesafe.ai``
``model``                 model name (ollama default ``deepseek-v4.1-flash:cloud``, jev
                          ``jev-1.13.0``, openai: required)
``digest``                ollama only: pinned model digest, checked against ``/api/tags``
``seed``                  ollama/openai sampling seed
``num_ctx``               ollama context window; ``num_predict`` its output limit
``max_tokens``            openai output limit (omitted from the request when unset)
``timeout_s``             read/write timeout in seconds (alias ``timeout``)
``connect_timeout_s``     connect timeout in seconds
``max_attempts``          attempts per request including retries (1-10)
``allow_remote``          permit a non-loopback host (``temporal_relation.allow_remote``)
``transport``, ``sleep``  test seams: an ``httpx.BaseTransport`` and a sleep function
========================  ==============================================================
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from prme_cli.errors import UsageError
from prme_cli.relate.types import Gate, Resolver

ResolverFactory = Callable[[Mapping[str, Any]], Resolver]
GateFactory = Callable[[Mapping[str, Any]], Gate]

_COMMON = {
    "url": "base_url",
    "base_url": "base_url",
    "model": "model",
    "timeout_s": "timeout_s",
    "timeout": "timeout_s",
    "connect_timeout_s": "connect_timeout_s",
    "max_attempts": "max_attempts",
    "allow_remote": "allow_remote",
    "transport": "transport",
    "sleep": "sleep",
}
_KINDS = {
    "base_url": str,
    "model": str,
    "digest": str,
    "seed": int,
    "num_ctx": int,
    "num_predict": int,
    "max_tokens": int,
    "timeout_s": float,
    "connect_timeout_s": float,
    "max_attempts": int,
    "allow_remote": bool,
}


def _coerce(section: str, key: str, value: Any, kind: type | None) -> Any:
    """Config files and ``PRME_*`` variables give strings; constructors want real types."""
    where = f"{section}.{key}"
    if kind is None:
        return value
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in {"1", "true", "yes", "on"}:
            return True
        if text in {"0", "false", "no", "off"}:
            return False
        raise UsageError(f"{where} must be true or false, got {value!r}")
    if kind is int:
        if isinstance(value, bool):
            raise UsageError(f"{where} must be an integer, got {value!r}")
        try:
            return int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise UsageError(f"{where} must be an integer, got {value!r}") from None
    if kind is float:
        if isinstance(value, bool):
            raise UsageError(f"{where} must be a number, got {value!r}")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise UsageError(f"{where} must be a number, got {value!r}") from None
        if not math.isfinite(number):
            raise UsageError(f"{where} must be a finite number, got {value!r}")
        return number
    if not isinstance(value, str):
        raise UsageError(f"{where} must be a string, got {value!r}")
    return value


def _kwargs(section: str, settings: Mapping[str, Any], extra: tuple[str, ...]) -> dict[str, Any]:
    names = dict(_COMMON)
    names.update({key: key for key in extra})
    kwargs: dict[str, Any] = {}
    for key, value in settings.items():
        target = names.get(key)
        if target is None or value is None:
            continue
        kwargs[target] = _coerce(section, key, value, _KINDS.get(target))
    return kwargs


_RESOLVER = "temporal_relation.resolver"
_GATE = "temporal_relation.gate"


def _ollama_resolver(settings: Mapping[str, Any]) -> Resolver:
    from prme_cli.relate.providers.ollama import OllamaResolver

    options = ("digest", "seed", "num_ctx", "num_predict")
    return OllamaResolver(**_kwargs(_RESOLVER, settings, options))


def _openai_resolver(settings: Mapping[str, Any]) -> Resolver:
    from prme_cli.relate.providers.openai import OpenAIResolver

    return OpenAIResolver(**_kwargs(_RESOLVER, settings, ("seed", "max_tokens")))


def _ollama_gate(settings: Mapping[str, Any]) -> Gate:
    from prme_cli.relate.providers.ollama import OllamaGate

    options = ("digest", "seed", "num_ctx", "num_predict")
    return OllamaGate(**_kwargs(_GATE, settings, options))


def _jev_gate(settings: Mapping[str, Any]) -> Gate:
    from prme_cli.relate.providers.jev import JevGate

    return JevGate(**_kwargs(_GATE, settings, ()))


def _symbolic_resolver(settings: Mapping[str, Any]) -> Resolver:
    from prme_cli.relate.symbolic.resolver import SymbolicResolver

    return SymbolicResolver()


def _symbolic_gate(settings: Mapping[str, Any]) -> Gate:
    from prme_cli.relate.symbolic.gate import SymbolicGate

    return SymbolicGate()


#: name -> factory. Other providers (the offline "symbolic" ones) register here too, either by
#: adding an entry or with :func:`register_resolver`; keep factories lazy about imports.
RESOLVERS: dict[str, ResolverFactory] = {
    "symbolic": _symbolic_resolver,
    "ollama": _ollama_resolver,
    "openai": _openai_resolver,
}
GATES: dict[str, GateFactory] = {
    "symbolic": _symbolic_gate,
    "ollama": _ollama_gate,
    "jev": _jev_gate,
}


def register_resolver(name: str, factory: ResolverFactory) -> None:
    RESOLVERS[name] = factory


def register_gate(name: str, factory: GateFactory) -> None:
    GATES[name] = factory


def make_resolver(name: str, settings: Mapping[str, Any] | None = None) -> Resolver:
    """Build the named resolver; an unknown name or a bad setting is a :class:`UsageError`."""
    factory = RESOLVERS.get(name)
    if factory is None:
        known = ", ".join(sorted(RESOLVERS))
        raise UsageError(f"unknown resolver {name!r} (choose one of: {known})")
    return factory(settings or {})


def make_gate(name: str, settings: Mapping[str, Any] | None = None) -> Gate:
    """Build the named gate; an unknown name or a bad setting is a :class:`UsageError`."""
    factory = GATES.get(name)
    if factory is None:
        known = ", ".join(sorted(GATES))
        raise UsageError(f"unknown gate {name!r} (choose one of: {known})")
    return factory(settings or {})


def describe_egress(provider: object, records: int | None = None) -> str | None:
    """One line for stderr saying what leaves the machine, or ``None`` when nothing does.

    Providers announce themselves through ``leaves_machine`` and ``egress_url``; providers
    without them (the offline symbolic ones) never send anything.
    """
    if not getattr(provider, "leaves_machine", False):
        return None
    name = getattr(provider, "name", type(provider).__name__)
    url = getattr(provider, "egress_url", None) or "a remote service"
    if hasattr(provider, "resolve"):
        count = "the" if records is None else str(records)
        noun = "record" if records == 1 else "records"
        what = f"the question and {count} packed {noun}"
        role = "resolver"
    else:
        what = "the question, the proposed operands and their exact evidence quotes"
        role = "gate"
    line = f"{name} {role} sends {what} to {url}"
    model = getattr(provider, "model", "")
    if getattr(provider, "runs_in_cloud", False):
        line += f" (model {model} runs on ollama.com)"
    return line


__all__ = [
    "GATES",
    "RESOLVERS",
    "describe_egress",
    "make_gate",
    "make_resolver",
    "register_gate",
    "register_resolver",
]
