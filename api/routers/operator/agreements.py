"""Contracts, subscriptions and assets: operator writes (the portal serves reads)."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import ServicesDep, User, staff
from api.operator.records import one
from api.operator.references import check_references
from api.present.common import Lookups
from api.present.rows import asset_detail, contract_detail, subscription_detail
from projections import tables as t

contracts = APIRouter(prefix="/contracts", tags=["operator-contracts"])
subscriptions = APIRouter(prefix="/subscriptions", tags=["operator-subscriptions"])
assets = APIRouter(prefix="/assets", tags=["operator-assets"])


class ContractIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    client_id: str | None = None
    company_id: str | None = None
    service_id: int | None = None
    period: str | None = Field(None, description="month, quarter, year; none = prepaid")
    quantity: float | None = None
    start_date: str | None = None
    end_date: str | None = None


class LineIn(BaseModel):
    description: str = Field(max_length=500)
    quantity: float | str = "1"
    price: float | str = "0"
    vat_rate: float | str = "21"


class SubscriptionIn(BaseModel):
    description: str | None = Field(None, max_length=200)
    company_id: str | None = None
    client_id: str | None = None
    period: str | None = None
    billing_start_date: str | None = None
    direct_debit: bool = False
    lines: list[LineIn] | None = None
    termination_date: str | None = None
    bill: bool = False


class AssetIn(BaseModel):
    name: str | None = Field(None, max_length=200)
    description: str | None = None
    serial_number: str | None = Field(None, max_length=200)
    tracking_number: str | None = Field(None, max_length=200)
    warranty_until: str | None = None
    client_id: str | None = None
    company_id: str | None = None
    location_id: str | None = None
    category_ids: list[int] | None = None
    status_id: int | None = None
    operator_id: str | None = None


def _shown(
    svc: Any, user: User, table: Any, record_id: str, shape: Any
) -> dict[str, Any]:
    row = one(svc.engine, table, user.tenant_id, record_id)
    with svc.engine.connect() as connection:
        lookups = Lookups(connection, user.tenant_id)
        if shape is asset_detail:
            return {**shape(row, lookups, connection, False), "version": row.version}
        return {**shape(row, lookups, connection), "version": row.version}


@contracts.post("", status_code=201, name="create")
def create_contract(
    body: ContractIn, svc: ServicesDep, user: User = staff("contracts.store")
) -> dict[str, Any]:
    """Conclude a contract; period none makes it a prepaid-card contract."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    contract_id = svc.domain.conclude_contract(
        user.tenant_id,
        user.id,
        name=body.name or "",
        client_id=body.client_id,
        company_id=body.company_id,
        service_id=body.service_id,
        period=body.period or None,
        quantity=body.quantity or 0,
        start_date=body.start_date or date.today().isoformat(),
        end_date=body.end_date,
    )
    svc.settle()
    return _shown(svc, user, t.contracts, contract_id, contract_detail)


@contracts.put("/{contract_id}", name="update")
def update_contract(
    contract_id: str,
    body: ContractIn,
    svc: ServicesDep,
    user: User = staff("contracts.update"),
) -> dict[str, Any]:
    """Change name, parties, service, hours or end date."""
    one(svc.engine, t.contracts, user.tenant_id, contract_id)
    changes = body.model_dump(exclude_unset=True, exclude={"period", "start_date"})
    check_references(svc.engine, user.tenant_id, changes)
    svc.domain.amend_contract(user.tenant_id, user.id, contract_id, changes)
    svc.settle()
    return _shown(svc, user, t.contracts, contract_id, contract_detail)


@subscriptions.post("", status_code=201, name="create")
def create_subscription(
    body: SubscriptionIn, svc: ServicesDep, user: User = staff("subscriptions.store")
) -> dict[str, Any]:
    """Start a subscription with its lines."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    subscription_id = svc.domain.start_subscription(
        user.tenant_id,
        user.id,
        description=body.description or "",
        company_id=body.company_id,
        client_id=body.client_id,
        period=body.period or "",
        billing_start_date=body.billing_start_date or "",
        direct_debit=body.direct_debit,
        lines=[line.model_dump() for line in body.lines or []],
    )
    svc.settle()
    return _shown(svc, user, t.subscriptions, subscription_id, subscription_detail)


@subscriptions.put("/{subscription_id}", name="update")
def update_subscription(
    subscription_id: str,
    body: SubscriptionIn,
    svc: ServicesDep,
    user: User = staff("subscriptions.update"),
) -> dict[str, Any]:
    """Replace the lines, bill the next period (bill) or terminate on a date."""
    one(svc.engine, t.subscriptions, user.tenant_id, subscription_id)
    svc.domain.change_subscription(
        user.tenant_id,
        user.id,
        subscription_id,
        lines=None if body.lines is None else [x.model_dump() for x in body.lines],
        bill=body.bill,
        terminate_on=body.termination_date,
    )
    svc.settle()
    return _shown(svc, user, t.subscriptions, subscription_id, subscription_detail)


@assets.post("", status_code=201, name="create")
def create_asset(
    body: AssetIn, svc: ServicesDep, user: User = staff("assets.store")
) -> dict[str, Any]:
    """Register an asset."""
    fields = body.model_dump(exclude_none=True)
    # The asset projector needs the list even when empty.
    fields.setdefault("category_ids", [])
    check_references(
        svc.engine, user.tenant_id, fields, {"status_id": "asset_statuses"}
    )
    asset_id = svc.domain.register_asset(user.tenant_id, user.id, fields)
    svc.settle()
    return _shown(svc, user, t.assets, asset_id, asset_detail)


@assets.put("/{asset_id}", name="update")
def update_asset(
    asset_id: str, body: AssetIn, svc: ServicesDep, user: User = staff("assets.update")
) -> dict[str, Any]:
    """Change an asset's fields (only those sent)."""
    one(svc.engine, t.assets, user.tenant_id, asset_id)
    changes = body.model_dump(exclude_unset=True)
    if "category_ids" in changes and changes["category_ids"] is None:
        changes["category_ids"] = []
    check_references(
        svc.engine, user.tenant_id, changes, {"status_id": "asset_statuses"}
    )
    if changes.get("status_id") is not None:
        status = svc.domain.setting_item(
            user.tenant_id, "asset_statuses", changes["status_id"]
        )
        changes["status_type"] = status["data"].get("type", 4)
    svc.domain.update_asset(user.tenant_id, user.id, asset_id, changes)
    svc.settle()
    return _shown(svc, user, t.assets, asset_id, asset_detail)
