"""Hash chains over an aggregate's events, so a changed stored event shows.

Each event's chain is sha256(previous chain + canonical JSON of its fields),
leaving out the chain itself and originator_id (the id is the chain's name, and
leaving it out lets a created event be hashed before its id is chosen).
The canonical form survives the store's round trip: UUIDs, dates, times and
Decimals become strings, tuples become lists, keys are sorted.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from uuid import UUID

EXCLUDED_FIELDS = frozenset({"chain", "originator_id"})
GENESIS = ""


def plain(value: Any) -> Any:
    """A value as JSON primitives, the same before and after storage."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, UUID | Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [plain(item) for item in value]
        return sorted(items, key=canonical_json) if isinstance(value, set) else items
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain(dataclasses.asdict(value))
    return str(value)


def canonical_json(value: Any) -> str:
    """Compact, key-sorted JSON of a value made plain."""
    return json.dumps(
        plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )


def chained_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of an event that its chain covers."""
    return {k: v for k, v in fields.items() if k not in EXCLUDED_FIELDS}


def event_fields(domain_event: Any) -> dict[str, Any]:
    """The dataclass fields of an event object, by name."""
    return {
        field.name: getattr(domain_event, field.name)
        for field in dataclasses.fields(domain_event)
    }


def link(previous: str, fields: Mapping[str, Any]) -> str:
    """The chain value of an event with these fields after the previous chain."""
    payload = previous + canonical_json(chained_fields(fields))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def link_event(previous: str, domain_event: Any) -> str:
    """The chain value an event should carry after the previous chain."""
    return link(previous, event_fields(domain_event))
