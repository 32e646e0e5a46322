"""The provider factory, settings coercion, egress descriptions and import cost."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest
from fakeservers import FakeProviderServer

from prme_cli.errors import UsageError
from prme_cli.relate import providers
from prme_cli.relate.providers import (
    describe_egress,
    make_gate,
    make_resolver,
    register_resolver,
)
from prme_cli.relate.providers.jev import JevGate
from prme_cli.relate.providers.ollama import OllamaGate, OllamaResolver
from prme_cli.relate.providers.openai import OpenAIResolver
from prme_cli.relate.types import ProviderAudit, Resolution, ResolveRequest


def test_package_import_does_not_import_httpx() -> None:
    code = (
        "import sys, prme_cli.relate.providers as p; "
        "assert 'httpx' not in sys.modules, 'httpx imported'; "
        "assert 'prme_cli.relate.providers.ollama' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_make_ollama_resolver_coerces_string_settings(fake_server: FakeProviderServer) -> None:
    sleeps: list[float] = []
    provider = make_resolver(
        "ollama",
        {
            "url": fake_server.url,
            "model": None,  # unset: the default tag
            "seed": "7",
            "timeout": "2.5",
            "max_attempts": "2",
            "allow_remote": "false",
            "num_ctx": 4096,
            "unrelated_key": "ignored",
            "sleep": sleeps.append,
        },
    )
    assert isinstance(provider, OllamaResolver)
    assert (provider.seed, provider.timeout_s, provider.max_attempts) == (7, 2.5, 2)
    assert provider.model == "deepseek-v4.1-flash:cloud"
    request = ResolveRequest("How long between a and b?", datetime(2026, 1, 1, tzinfo=UTC), ())
    provider.resolve(request, ProviderAudit(provider="ollama"))
    assert fake_server.bodies("/api/chat")[0]["options"]["seed"] == 7
    assert fake_server.bodies("/api/chat")[0]["options"]["num_ctx"] == 4096


def test_make_each_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "k")
    assert isinstance(make_resolver("openai", {"model": "m"}), OpenAIResolver)
    assert isinstance(make_gate("ollama", {"base_url": "http://localhost:11434"}), OllamaGate)
    assert isinstance(make_gate("jev", {"allow_remote": True}), JevGate)


@pytest.mark.parametrize(
    ("settings", "fragment"),
    [
        ({"seed": "seven"}, "temporal_relation.resolver.seed"),
        ({"seed": True}, "temporal_relation.resolver.seed"),
        ({"allow_remote": "maybe"}, "temporal_relation.resolver.allow_remote"),
        ({"timeout_s": "inf"}, "temporal_relation.resolver.timeout_s"),
        ({"model": 3}, "temporal_relation.resolver.model"),
    ],
)
def test_bad_settings_name_the_key(settings: Mapping[str, Any], fragment: str) -> None:
    with pytest.raises(UsageError, match=fragment):
        make_resolver("ollama", settings)


def test_unknown_names() -> None:
    with pytest.raises(UsageError, match="ollama, openai"):
        make_resolver("gpt-magic", {})
    with pytest.raises(UsageError, match="jev, ollama"):
        make_gate("coin-flip", {})


def test_openai_without_model_names_the_setting() -> None:
    with pytest.raises(UsageError, match="--resolver-model"):
        make_resolver("openai", {})


def test_jev_without_key_names_both_variables() -> None:
    with pytest.raises(UsageError, match="JEV_API_KEY or TYPESAFE_API_KEY"):
        make_gate("jev", {"allow_remote": True})


def test_registry_accepts_new_providers(monkeypatch: pytest.MonkeyPatch) -> None:
    class Offline:
        name = "symbolic"

        def resolve(self, request: ResolveRequest, audit: ProviderAudit) -> Resolution:
            return Resolution("unsupported")

    monkeypatch.setattr(providers, "RESOLVERS", dict(providers.RESOLVERS))
    register_resolver("symbolic", lambda settings: Offline())
    provider = make_resolver("symbolic", {})
    assert provider.name == "symbolic"
    assert describe_egress(provider, 3) is None


def test_describe_egress() -> None:
    local = OllamaResolver(model="llama3.2:3b")
    assert describe_egress(local, 5) is None

    cloud = OllamaResolver()  # the default tag is an Ollama cloud model
    line = describe_egress(cloud, 5)
    assert line is not None
    assert "5 packed records" in line
    assert "ollama.com" in line

    remote = OpenAIResolver(base_url="https://llm.example.com/v1", model="m", allow_remote=True)
    assert describe_egress(remote, 1) == (
        "openai resolver sends the question and 1 packed record to "
        "https://llm.example.com/v1/chat/completions"
    )
