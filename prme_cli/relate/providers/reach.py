"""Provider reachability for ``prme doctor``.

A health check must be cheap and must never send the user's notes anywhere: it only asks the
server's listing endpoints (Ollama ``/api/tags`` and ``/api/version``, OpenAI-compatible
``/v1/models``) and, for Jev, checks the key and endpoint policy without a request unless the
endpoint is a loopback test server. It never raises: every problem becomes ``(False, detail)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prme_cli.errors import PrmeError

_DEFAULT_URLS = {
    "ollama": "http://127.0.0.1:11434",
    "openai": "http://127.0.0.1:8080",
    "jev": "https://api.typesafe.ai",
}
_JEV_KEYS = ("JEV_API_KEY", "TYPESAFE_API_KEY")


def _get_json(url: str, timeout: float) -> Any:
    import httpx

    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        reply = client.get(url)
        reply.raise_for_status()
        return reply.json()


def check_reachable(role: str, name: str, settings: Mapping[str, Any]) -> tuple[bool, str]:
    """``(ok, detail)`` for the provider configured for ``role`` (resolver or gate)."""
    if name == "symbolic":
        return True, "built in: offline, deterministic, no network"
    from prme_cli.relate.providers.http import check_endpoint, credential

    url = str(settings.get("url") or _DEFAULT_URLS.get(name, ""))
    if not url:
        return False, f"unknown provider {name!r}"
    try:
        endpoint = check_endpoint(
            url,
            provider=name,
            setting=f"temporal_relation.{role}.url",
            allow_remote=bool(settings.get("allow_remote")),
            https_only=name == "jev",
        )
    except PrmeError as exc:
        return False, str(exc)
    timeout = 3.0
    try:
        if name == "ollama":
            tags = _get_json(endpoint.url + "/api/tags", timeout)
            version = _get_json(endpoint.url + "/api/version", timeout).get("version", "?")
            model = settings.get("model") or "deepseek-v4.1-flash:cloud"
            listed = {m.get("name") for m in tags.get("models", [])} | {
                m.get("model") for m in tags.get("models", [])
            }
            if model not in listed and f"{model}:latest" not in listed:
                return False, f"{endpoint.url} (ollama {version}) does not list model {model}"
            return True, f"{endpoint.url} (ollama {version}) lists {model}"
        if name == "openai":
            model = settings.get("model")
            _get_json(endpoint.url.removesuffix("/v1") + "/v1/models", timeout)
            if not model:
                return False, f"{endpoint.url} answers, but temporal_relation.{role}.model is unset"
            return True, f"{endpoint.url} answers; model {model}"
        if name == "jev":
            if credential(_JEV_KEYS) is None:
                return False, "no key: set JEV_API_KEY or TYPESAFE_API_KEY"
            if not endpoint.loopback:
                return True, f"key set; {endpoint.url} not contacted by doctor (remote)"
            _get_json(endpoint.url, timeout)
            return True, f"key set; {endpoint.url} answers"
    except Exception as exc:  # noqa: BLE001 - a health check reports, it does not crash
        return False, f"{endpoint.url} unreachable ({type(exc).__name__})"
    return False, f"unknown provider {name!r}"
