"""Hash chains over an aggregate's events, so a changed stored event shows.

An event's chain is sha256 over the previous event's chain, the event's topic
and version, and the very bytes its state is stored as (without the chain),
which the store then ends with `,"chain":"<hex>"}`. So the chain covers exactly
what is kept, a check needs no re-encoding, and the state is encoded once per
save. The id is left out: it is the chain's name.

Events stored before chains covered the stored bytes carry a chain over a
canonical JSON of their fields instead (`link_event`); a check accepts either.

With a chain key (derived from the checkpoint key, docs/audit.md) the link is an
HMAC-SHA256 instead of a plain hash: someone who can write the database but does
not hold the key cannot compute a link that verifies. A keyed link has the same
shape (64 hex digits) as a plain one; the checker tells them apart by which one
the bytes match.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import re
from collections.abc import Mapping
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from uuid import UUID

EXCLUDED_FIELDS = frozenset({"chain", "originator_id"})
GENESIS = ""
PENDING = "pending"
"""The chain of an event not yet saved: only the store can compute it."""

_SEALED = re.compile(rb'(\{|,)"chain":"([0-9a-f]{64})"\}\Z')


def link_bytes(
    previous: str, topic: str, version: int, body: bytes, key: bytes | None = None
) -> str:
    """The chain of an event stored as body (its state without the chain);
    with a key, an HMAC that only the key's holder can compute."""
    head = f"{previous}\n{topic}\n{version}\n".encode()
    if key is not None:
        return hmac.new(key, head + body, hashlib.sha256).hexdigest()
    digest = hashlib.sha256(head)
    digest.update(body)
    return digest.hexdigest()


def seal(body: bytes, chain: str) -> bytes:
    """The stored state: the encoded state object with the chain as last key."""
    closing = b'"chain":"' + chain.encode("ascii") + b'"}'
    return body[:-1] + (closing if body == b"{}" else b"," + closing)


def unseal(state: bytes) -> tuple[bytes, str] | None:
    """(body, chain) of a sealed stored state, or None for an older event."""
    found = _SEALED.search(state)
    if found is None:
        return None
    body = state[: found.start()] + (b"{}" if found.group(1) == b"{" else b"}")
    return body, found.group(2).decode("ascii")


# -- the canonical form of events stored before the chain covered their bytes


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


def link(previous: str, fields: Mapping[str, Any]) -> str:
    """The canonical chain of an event with these fields after the previous one."""
    chained = {k: v for k, v in fields.items() if k not in EXCLUDED_FIELDS}
    payload = previous + canonical_json(chained)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def link_event(previous: str, domain_event: Any) -> str:
    """The canonical chain an event of the earlier form should carry."""
    fields = {
        field.name: getattr(domain_event, field.name)
        for field in dataclasses.fields(domain_event)
    }
    return link(previous, fields)
