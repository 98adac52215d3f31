"""The signed-in user and every lookup list the portal loads at start."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, select

from api.deps import Tenant, User
from api.present.common import Lookups, amount
from projections import tables as t

KINDS = (
    "activities",
    "asset_categories",
    "asset_statuses",
    "business_hour_contracts",
    "categories",
    "countries",
    "contract_periods",
    "priorities",
    "products",
    "roles",
    "services",
    "slas",
    "ticket_sources",
    "ticket_types",
    "subscription_periods",
    "operator_types",
)
MODULES = ("mod_invoice_export_pdf",)


def preset_json(row: Any) -> dict[str, Any]:
    """A table preset as the contract shows it (configs as JSON strings)."""
    return {
        "id": row.id,
        "label": row.label,
        "styling": row.styling,
        "type": row.type,
        "columns_config": row.columns_config,
        "order_config": row.order_config,
        "filter_config": row.filter_config,
        "pagination_config": row.pagination_config,
    }


def user_json(user: User, tenant: Tenant, company: Any) -> dict[str, Any]:
    """The user object of /auth/me and /auth/login."""
    return {
        "id": user.id,
        "full_name": user.full_name,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "is_operator": user.is_operator,
        "company": None
        if company is None
        else {"id": company.id, "name": company.name},
        "permissions_names": sorted(user.permissions),
        "modules": {
            **{name: False for name in MODULES},
            **{k: bool(v) for k, v in tenant.modules.items()},
        },
        "configs": [{"name": k, "value": v} for k, v in sorted(user.configs.items())],
        "categories": [],
        "language": user.language or tenant.language,
    }


def company_of(connection: Connection, user: User) -> Any:
    """The user's (first) company row, or None."""
    if not user.company_id:
        return None
    c = t.companies
    return connection.execute(
        select(c).where(c.c.tenant_id == user.tenant_id, c.c.id == user.company_id)
    ).first()


def _config_value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def lookups_json(connection: Connection, user: User, tenant: Tenant) -> dict[str, Any]:
    """Every lookup list of the contract for this user."""
    lookups = Lookups(connection, tenant.id)
    result: dict[str, Any] = {k: list(lookups.kind(k).values()) for k in KINDS}
    result["ticket_statuses"] = [
        {**lookups.status(item["id"]), **item, "name": item["label"]}
        for item in lookups.kind("ticket_statuses").values()
    ]
    result["prepaid_cards"] = [
        {
            "id": item["id"],
            "label": item["label"],
            "description": item.get("description", item["label"]),
            "hours": amount(item.get("hours", 0)),
            "price": amount(item.get("price", 0)),
            "quantity": item.get("quantity", 1),
        }
        for item in lookups.kind("prepaid_cards").values()
    ]
    result["custom_fields"] = [
        {
            "id": item["id"],
            "name": item.get("name"),
            "type": item.get("type", 0),
            "morphable_type": item.get("morphable_type"),
            "title": item["label"],
            "order": item.get("order", item["order"]),
            "required": bool(item.get("required", False)),
            "options": item.get("options", []),
        }
        for item in lookups.kind("custom_fields").values()
    ]
    result["configs"] = [
        {"name": k, "value": _config_value(v), "input_type": "json"}
        for k, v in sorted(tenant.configs.items())
    ]
    result["permissions"] = sorted(user.permissions)
    u = t.users
    operators = connection.execute(
        select(u.c.id, u.c.full_name, u.c.is_operator)
        .where(u.c.tenant_id == tenant.id, u.c.is_operator > 0, u.c.active)
        .order_by(u.c.full_name)
    )
    result["operators"] = [
        {"id": r.id, "full_name": r.full_name, "is_operator": r.is_operator}
        for r in operators
    ]
    p = t.table_presets
    presets = connection.execute(
        select(p)
        .where(p.c.tenant_id == tenant.id, p.c.user_id == user.id)
        .order_by(p.c.type, p.c.label)
    )
    result["table_presets"] = [preset_json(r) for r in presets]
    return result
