"""Setting lists (priorities, statuses, prepaid cards, ...) and saved table presets."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain import values
from domain.base import LedgerAggregate, require_text, stable_id
from domain.errors import InvalidValue, NotFound
from domain.sla import check_calendar, check_policy

LIST_KINDS = (
    "activities",
    "asset_categories",
    "asset_statuses",
    "business_hour_contracts",
    "categories",
    "countries",
    "contract_periods",
    "custom_fields",
    "prepaid_cards",
    "priorities",
    "products",
    "roles",
    "services",
    "slas",
    "ticket_statuses",
    "ticket_sources",
    "ticket_types",
    "subscription_periods",
    "operator_types",
)
PRESET_TYPES = ("tickets", "quotes", "subscriptions", "assets", "contracts", "invoices")
PRESET_JSON_FIELDS = (
    "columns_config",
    "order_config",
    "filter_config",
    "pagination_config",
)


def check_item_data(kind: str, data: dict[str, Any] | None) -> dict[str, Any]:
    """An item's extra fields, with the numbers its kind counts checked.

    A prepaid card's hours become whole minutes when bought, and its price is
    money: both are checked here so a purchase event is always valid.
    """
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > 50:
        raise InvalidValue("The item's fields must be an object.", "data")
    checked: dict[str, Any] = {}
    for key, value in data.items():
        name = values.text(key, "data", 100)
        checked[name] = (
            values.text(value, name, required=False)
            if isinstance(value, str)
            else value
        )
    if kind == "prepaid_cards":
        hours = values.hours(checked.get("hours"), "hours")
        checked["hours"] = int(hours) if hours == hours.to_integral() else str(hours)
        price = values.money(checked.get("price"), "price", positive=True)
        checked["price"] = str(price)
    if kind == "slas":
        checked = check_policy(checked)
    if kind == "business_hour_contracts":
        if "hours" not in checked and checked.get("from") and checked.get("to"):
            days = ("monday", "tuesday", "wednesday", "thursday", "friday")
            checked["hours"] = {day: [[checked["from"], checked["to"]]] for day in days}
        checked = check_calendar(checked)
    return checked


def setting_list_id(tenant_id: str, kind: str) -> str:
    """The id of a tenant's setting list of one kind."""
    return str(stable_id("settings", tenant_id, kind))


class SettingList(LedgerAggregate):
    """An ordered lookup list with one default item."""

    @staticmethod
    def create_id(tenant_id: str, kind: str) -> UUID:
        return UUID(setting_list_id(tenant_id, kind))

    @event("Started")
    def __init__(self, tenant_id: str, actor: str, kind: str) -> None:
        self.tenant_id = tenant_id
        self.kind = kind
        self.items: dict[int, dict[str, Any]] = {}
        self.last_id = 0

    @classmethod
    def start(cls, tenant_id: str, actor: str, kind: str) -> SettingList:
        """Start an empty list of one of the known kinds."""
        if kind not in LIST_KINDS:
            raise InvalidValue(f"Unknown setting list {kind!r}.", "kind")
        return cls(tenant_id=tenant_id, actor=actor, kind=kind)

    def ordered(self) -> list[dict[str, Any]]:
        """The items in their order."""
        return sorted(self.items.values(), key=lambda item: (item["order"], item["id"]))

    def get(self, item_id: int) -> dict[str, Any]:
        """One item, or NotFound."""
        try:
            return self.items[int(item_id)]
        except (KeyError, TypeError, ValueError) as error:
            raise NotFound(f"No such item in {self.kind}.", "id") from error

    def add(
        self,
        actor: str,
        label: str,
        data: dict[str, Any] | None = None,
        is_default: bool = False,
    ) -> int:
        """Append an item; answers its id."""
        item_id = self.last_id + 1
        self._item_added(
            actor=actor,
            item_id=item_id,
            label=require_text(label, "label", 200),
            data=check_item_data(self.kind, data),
        )
        if is_default:
            self.set_default(actor, item_id)
        return item_id

    @event("ItemAdded")
    def _item_added(
        self, actor: str, item_id: int, label: str, data: dict[str, Any]
    ) -> None:
        self.last_id = item_id
        self.items[item_id] = {
            "id": item_id,
            "label": label,
            # After removals the count can be below the highest order in use.
            "order": max((i["order"] for i in self.items.values()), default=0) + 1,
            "is_default": False,
            "data": data,
        }

    def change(
        self, actor: str, item_id: int, label: str | None, data: dict[str, Any] | None
    ) -> None:
        """Change an item's label or data."""
        item = self.get(item_id)
        changes: dict[str, Any] = {}
        if label is not None and label != item["label"]:
            changes["label"] = require_text(label, "label", 200)
        if data is not None and data != item["data"]:
            changes["data"] = check_item_data(self.kind, {**item["data"], **data})
        if changes:
            self._item_changed(actor=actor, item_id=item["id"], changes=changes)

    @event("ItemChanged")
    def _item_changed(self, actor: str, item_id: int, changes: dict[str, Any]) -> None:
        self.items[item_id].update(changes)

    def remove(self, actor: str, item_id: int) -> None:
        """Delete an item."""
        item = self.get(item_id)
        self._item_removed(actor=actor, item_id=item["id"])

    @event("ItemRemoved")
    def _item_removed(self, actor: str, item_id: int) -> None:
        del self.items[item_id]

    def reorder(self, actor: str, order: list[int]) -> None:
        """Put the items in the given order (as dragged)."""
        try:
            ids = [int(i) for i in order]
        except (TypeError, ValueError) as error:
            raise InvalidValue("The order must list item ids.", "order") from error
        if sorted(ids) != sorted(self.items):
            raise InvalidValue("The order must name every item exactly once.", "order")
        if ids != [item["id"] for item in self.ordered()]:
            self._reordered(actor=actor, order=ids)

    @event("Reordered")
    def _reordered(self, actor: str, order: list[int]) -> None:
        for position, item_id in enumerate(order, start=1):
            self.items[item_id]["order"] = position

    def set_default(self, actor: str, item_id: int) -> None:
        """Make one item the default; the others lose the flag."""
        item = self.get(item_id)
        if not item["is_default"]:
            self._default_set(actor=actor, item_id=item["id"])

    @event("DefaultSet")
    def _default_set(self, actor: str, item_id: int) -> None:
        for item in self.items.values():
            item["is_default"] = item["id"] == item_id

    def default(self) -> dict[str, Any] | None:
        """The default item, if one is set."""
        return next((i for i in self.items.values() if i["is_default"]), None)


def check_preset(fields: dict[str, Any]) -> dict[str, Any]:
    """Checked preset fields: a label, a known list, and JSON strings for configs."""
    checked = dict(fields)
    if "label" in checked:
        checked["label"] = require_text(checked["label"], "label", 100)
    if "type" in checked and checked["type"] not in PRESET_TYPES:
        raise InvalidValue(
            f"The type must be one of {', '.join(PRESET_TYPES)}.", "type"
        )
    for name in PRESET_JSON_FIELDS:
        if name in checked:
            value = checked[name]
            if not isinstance(value, str):
                value = json.dumps(value)
            try:
                json.loads(value)
            except ValueError as error:
                raise InvalidValue(f"The {name} field must be JSON.", name) from error
            checked[name] = value
    unknown = set(checked) - {"label", "styling", "type", *PRESET_JSON_FIELDS}
    if unknown:
        field = sorted(unknown)[0]
        raise InvalidValue(f"Presets have no field {field!r}.", field)
    return checked


class TablePreset(LedgerAggregate):
    """A user's saved filter, order, columns and page size for one list."""

    @event("Saved")
    def __init__(
        self, tenant_id: str, actor: str, user_id: str, fields: dict[str, Any]
    ) -> None:
        self.tenant_id = tenant_id
        self.user_id = user_id
        self.fields = {
            "styling": None,
            "columns_config": "{}",
            "order_config": "{}",
            "filter_config": "{}",
            "pagination_config": "{}",
        }
        self.fields.update(fields)
        self.deleted = False

    @classmethod
    def save_new(
        cls, tenant_id: str, actor: str, user_id: str, fields: dict[str, Any]
    ) -> TablePreset:
        """Save a new preset with a label and a list type."""
        checked = check_preset(fields)
        for required in ("label", "type"):
            if required not in checked:
                raise InvalidValue(f"The {required} field is required.", required)
        return cls(tenant_id=tenant_id, actor=actor, user_id=user_id, fields=checked)

    def change(self, actor: str, changes: dict[str, Any]) -> None:
        """Change label, styling or configs."""
        checked = check_preset(changes)
        changed = {k: v for k, v in checked.items() if self.fields.get(k) != v}
        if changed:
            self._changed(actor=actor, changes=changed)

    @event("Changed")
    def _changed(self, actor: str, changes: dict[str, Any]) -> None:
        self.fields.update(changes)

    def delete(self, actor: str) -> None:
        """Delete the preset."""
        if not self.deleted:
            self._deleted(actor=actor)

    @event("Deleted")
    def _deleted(self, actor: str) -> None:
        self.deleted = True
