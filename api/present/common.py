"""Shared shaping: dates, parties and the tenant's lookup lists."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, select

from api.cache import ReadCache
from projections import tables as t

PERIOD_LABELS = {
    None: "Prepaid card",
    "month": "Month",
    "quarter": "Quarter",
    "year": "Year",
}
PERIOD_MONTHS = {"month": 1, "quarter": 3, "year": 12}


def amount(value: Decimal | str | int | float | None) -> float | None:
    """An exact decimal (money, a quantity) as the JSON number the contract gives.

    The read model keeps Decimal; any sum is done on Decimal before this, so the
    float made here is the nearest to the exact value and prints as it (0.3).
    """
    if value is None:
        return None
    return float(Decimal(str(value)))


def iso(moment: datetime | None) -> str | None:
    """A datetime as ISO 8601 in UTC; the read model keeps UTC."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def party(
    row_id: str | None, name: str | None, key: str = "name"
) -> dict[str, Any] | None:
    """A related record as {id, name} (or full_name), or None."""
    return None if row_id is None else {"id": row_id, key: name}


def gravatar(email: str | None) -> str:
    """The avatar address of an e-mail address."""
    digest = hashlib.md5((email or "").strip().lower().encode()).hexdigest()  # noqa: S324
    return f"https://www.gravatar.com/avatar/{digest}?d=mp"


class Lookups:
    """A tenant's setting-list items, loaded once per request and kind."""

    def __init__(
        self, connection: Connection, tenant_id: str, cache: ReadCache | None = None
    ) -> None:
        self.connection = connection
        self.tenant_id = tenant_id
        self.cache = cache
        self._kinds: dict[str, dict[int, dict[str, Any]]] = {}

    def kind(self, kind: str) -> dict[int, dict[str, Any]]:
        """Every item of a list by id."""
        if kind not in self._kinds:
            if self.cache is None:
                self._kinds[kind] = self._load(kind)
            else:
                key = ("lookups", self.tenant_id, kind)
                self._kinds[kind] = self.cache.get(key, lambda: self._load(kind))
        return self._kinds[kind]

    def _load(self, kind: str) -> dict[int, dict[str, Any]]:
        s = t.setting_items
        rows = self.connection.execute(
            select(s)
            .where(s.c.tenant_id == self.tenant_id, s.c.kind == kind)
            .order_by(s.c.position, s.c.id)
        )
        return {
            r.id: {
                "id": r.id,
                "label": r.label,
                "order": r.position,
                "is_default": bool(r.is_default),
                **dict(r.data or {}),
            }
            for r in rows
        }

    def item(self, kind: str, item_id: int | None) -> dict[str, Any] | None:
        """One item, or None."""
        return None if item_id is None else self.kind(kind).get(item_id)

    def status(self, status_id: int) -> dict[str, Any]:
        """A ticket status as {id, name, name_client, style, style_client, type}."""
        item = self.item("ticket_statuses", status_id) or {"id": status_id}
        return {
            "id": status_id,
            "name": item.get("label"),
            "name_client": item.get("name_client") or item.get("label"),
            "style": item.get("style"),
            "style_client": item.get("style_client") or item.get("style"),
            "type": item.get("type"),
        }

    def labelled(
        self, kind: str, item_id: int | None, *extra: str
    ) -> dict[str, Any] | None:
        """An item as {id, label, ...extra}, or None."""
        item = self.item(kind, item_id)
        if item is None:
            return None
        return {
            "id": item["id"],
            "label": item["label"],
            **{k: item.get(k) for k in extra},
        }


def custom_values(
    lookups: Lookups, owner_id: str, model: str, values: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """A record's custom values as the contract names them: id, the field's name,
    the value and the field's definition (None for a field since removed)."""
    fields = {
        item.get("name"): item
        for item in lookups.kind("custom_fields").values()
        if item.get("morphable_type") in (None, model)
    }
    shown = []
    for name, value in (values or {}).items():
        item = fields.get(name)
        shown.append(
            {
                "id": f"{owner_id}:{name}",
                "custom_field": name,
                "value": value,
                "custom_field_object": None
                if item is None
                else {
                    "id": item["id"],
                    "name": name,
                    "title": item["label"],
                    "type": item.get("type", 0),
                    "order": item["order"],
                    "options": item.get("options", []),
                },
            }
        )
    return shown


def people(connection: Connection, tenant_id: str, ids: set[str]) -> dict[str, Any]:
    """Users by id (actors, operators)."""
    if not ids:
        return {}
    u = t.users
    rows = connection.execute(
        select(u).where(u.c.tenant_id == tenant_id, u.c.id.in_(sorted(ids)))
    )
    return {r.id: r for r in rows}


def actor(user: Any, actor_id: str | None) -> dict[str, Any] | None:
    """The author of a message as the contract shows it."""
    if user is None:
        return (
            None
            if actor_id is None
            else {
                "id": actor_id,
                "full_name": "System",
                "first_name": "System",
                "last_name": "",
                "acronym": "S",
                "is_operator": 1,
                "gravatar": gravatar(None),
            }
        )
    first, last = user.first_name or "", user.last_name or ""
    return {
        "id": user.id,
        "full_name": user.full_name,
        "first_name": first,
        "last_name": last,
        "acronym": (first[:1] + last[:1]).upper() or "?",
        "is_operator": int(user.is_operator),
        "gravatar": gravatar(user.email),
    }
