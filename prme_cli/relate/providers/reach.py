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

_JEV_KEYS = ("JEV_API_KEY", "TYPESAFE_API_KEY")


def _default_url(name: str) -> str:
    """Each provider module's own default endpoint (one home for each constant)."""
    if name == "ollama":
        from prme_cli.relate.providers.ollama import DEFAULT_BASE_URL
    elif name == "openai":
        from prme_cli.relate.providers.openai import DEFAULT_BASE_URL
    elif name == "jev":
        from prme_cli.relate.providers.jev import DEFAULT_BASE_URL
    else:
        return ""
    return DEFAULT_BASE_URL


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

    url = str(settings.get("url") or _default_url(name))
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
            from prme_cli.relate.providers.ollama import DEFAULT_MODEL, digest_key, model_key

            tags = _get_json(endpoint.url + "/api/tags", timeout)
            version = _get_json(endpoint.url + "/api/version", timeout).get("version", "?")
            model = str(settings.get("model") or DEFAULT_MODEL)
            entry = next(
                (
                    m
                    for m in tags.get("models", [])
                    if any(
                        model_key(str(m.get(k, ""))) == model_key(model) for k in ("name", "model")
                    )
                ),
                None,
            )
            if entry is None:
                return False, f"{endpoint.url} (ollama {version}) does not list model {model}"
            pinned = settings.get("digest")
            if pinned and digest_key(str(entry.get("digest", ""))) != digest_key(str(pinned)):
                return False, (
                    f"{endpoint.url} (ollama {version}): {model} digest differs from the pinned one"
                )
            return True, f"{endpoint.url} (ollama {version}) lists {model}"
        if name == "openai":
            wanted = settings.get("model")
            _get_json(endpoint.url.removesuffix("/v1") + "/v1/models", timeout)
            if not wanted:
                return False, f"{endpoint.url} answers, but temporal_relation.{role}.model is unset"
            return True, f"{endpoint.url} answers; model {wanted}"
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
