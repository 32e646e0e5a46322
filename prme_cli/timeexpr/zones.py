"""Time zones: ``--tz`` names, the system zone, and the name to print for a zone."""

from __future__ import annotations

import os
from datetime import tzinfo
from zoneinfo import ZoneInfo

from prme_cli.errors import UsageError


def zone(name: str | None) -> ZoneInfo:
    """The zone for ``--tz`` / ``PRME_TZ``; ``None`` is the system zone, else UTC.

    The system zone is ``TZ``, then the ``/etc/localtime`` link, ``/etc/timezone``, the
    ``/etc/localtime`` file itself, and finally UTC. A name that is not an IANA zone is a
    :class:`UsageError` (a POSIX ``TZ`` string would be silently misread otherwise).
    """
    if name is not None:
        return _named_zone(name.strip(), name)
    env = os.environ.get("TZ", "").strip()
    if env:
        key = env.lstrip(":")
        if "/zoneinfo/" in key:
            key = key.split("/zoneinfo/", 1)[1]
        return _named_zone(key, env, source="TZ")
    return _system_zone()


def zone_name(tz: tzinfo) -> str:
    """The name to print for a zone (the IANA key when there is one)."""
    key = getattr(tz, "key", None)
    return key if isinstance(key, str) else str(tz)


def _named_zone(key: str, shown: str, *, source: str = "") -> ZoneInfo:
    """Load an IANA zone by name, forgiving letter case only (``europe/berlin``)."""
    found = _try_zone(key)
    if found is None and key:
        from zoneinfo import available_timezones  # only on the error path: it lists the disk

        matches = [k for k in available_timezones() if k.casefold() == key.casefold()]
        if len(matches) == 1:
            found = _try_zone(matches[0])
    if found is None:
        where = f" (from {source}; set --tz or PRME_TZ)" if source else ""
        raise UsageError(f"unknown time zone {shown!r}{where}")
    return found


def _try_zone(key: str) -> ZoneInfo | None:
    if not key:
        return None
    try:
        return ZoneInfo(key)
    except (ValueError, OSError):  # ZoneInfoNotFoundError is a KeyError...
        return None
    except KeyError:
        return None


def _system_zone() -> ZoneInfo:
    link = "/etc/localtime"
    try:
        target = os.path.realpath(link)
    except OSError:
        target = ""
    if "/zoneinfo/" in target:
        key = target.split("/zoneinfo/", 1)[1]
        for prefix in ("posix/", "right/"):
            key = key.removeprefix(prefix)
        found = _try_zone(key)
        if found is not None:
            return found
    try:
        with open("/etc/timezone", encoding="utf-8") as handle:
            found = _try_zone(handle.read().strip())
        if found is not None:
            return found
    except OSError:
        pass
    try:
        with open(link, "rb") as handle:
            return ZoneInfo.from_file(handle, key="localtime")
    except (OSError, ValueError):
        return ZoneInfo("UTC")
