"""Assets: the hardware and licences a provider manages for its clients."""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidValue
from domain.periods import parse_date
from domain.threads import new_message

STATUS_TYPES = {1: "quoted", 2: "ordered", 3: "instock", 4: "active", 5: "inactive"}
ASSET_FIELDS = frozenset(
    {
        "name",
        "description",
        "serial_number",
        "tracking_number",
        "warranty_until",
        "client_id",
        "company_id",
        "location_id",
        "category_ids",
        "status_id",
        "status_type",
        "operator_id",
    }
)


def check_asset_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """Checked asset fields: known names, a name, a date and a status type."""
    unknown = set(fields) - ASSET_FIELDS
    if unknown:
        field = sorted(unknown)[0]
        raise InvalidValue(f"Assets have no field {field!r}.", field)
    checked = dict(fields)
    if "name" in checked:
        checked["name"] = require_text(checked["name"], "name", 200)
    if "warranty_until" in checked:
        day = parse_date(checked["warranty_until"], "warranty_until")
        checked["warranty_until"] = day.isoformat() if day else None
    if "status_type" in checked and checked["status_type"] not in STATUS_TYPES:
        raise InvalidValue("Unknown asset status type.", "status_id")
    if "category_ids" in checked:
        checked["category_ids"] = sorted(
            {int(c) for c in checked["category_ids"] or []}
        )
    return checked


class Asset(LedgerAggregate):
    """One managed item, with its warranty, location and notes."""

    @event("Registered")
    def __init__(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> None:
        self.tenant_id = tenant_id
        self.fields: dict[str, Any] = {name: None for name in ASSET_FIELDS}
        self.fields["category_ids"] = []
        self.fields.update(fields)
        self.messages: list[dict[str, Any]] = []

    @classmethod
    def register(cls, tenant_id: str, actor: str, fields: dict[str, Any]) -> Asset:
        """Register an asset after checking its fields."""
        checked = check_asset_fields(fields)
        if "name" not in checked:
            raise InvalidValue("The name field is required.", "name")
        return cls(tenant_id=tenant_id, actor=actor, fields=checked)

    def update(self, actor: str, changes: dict[str, Any]) -> None:
        """Change fields; only differences are recorded."""
        checked = check_asset_fields(changes)
        changed = {k: v for k, v in checked.items() if self.fields.get(k) != v}
        if changed:
            self._updated(actor=actor, changes=changed)

    @event("Updated")
    def _updated(self, actor: str, changes: dict[str, Any]) -> None:
        self.fields.update(changes)

    def post_message(
        self, actor: str, message_id: str, message: str, visible_to_client: bool
    ) -> None:
        """Attach a note or a client-visible message to the asset."""
        require_text(message, "message", 100_000)
        self._message_posted(
            actor=actor,
            message_id=message_id,
            message=message,
            visible_to_client=visible_to_client,
        )

    @event("MessagePosted")
    def _message_posted(
        self, actor: str, message_id: str, message: str, visible_to_client: bool
    ) -> None:
        kind = "reply" if visible_to_client else "note"
        self.messages.append(
            new_message(
                message_id, actor, message, kind, visible_to_client, False, [], [], []
            )
        )
