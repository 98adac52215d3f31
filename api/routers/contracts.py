"""Contracts for both audiences: list, detail with every period and its time, buying
a prepaid card; operators conclude and amend them."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter

from api.deps import ServicesDep, User, require, staff
from api.errors import invalid
from api.listing import find
from api.models.commerce import BuyIn, BuyOut, ContractIn, OperatorContract
from api.present.common import Lookups
from api.present.rows import contract_detail
from api.records import check_references, one
from api.routers.lists import add_detail, add_list
from api.schemas import ContractDetail, ContractRow
from domain.use_cases.commands import command_of
from domain.use_cases.contracts import AmendContract, ConcludeContract
from projections import tables as t

router = APIRouter(prefix="/contracts", tags=["contracts"])


def _detail(row: Any, user: User, lookups: Lookups) -> dict[str, Any]:
    return contract_detail(row, lookups, lookups.connection)


add_list(router, "contracts", ContractRow, "Contracts, by name by default.")
add_detail(router, "contracts", ContractDetail, _detail)


def _shown(svc: Any, user: User, contract_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.contracts, user.tenant_id, contract_id)
    with svc.engine.connect() as connection:
        shown = contract_detail(row, Lookups(connection, user.tenant_id), connection)
    return {**shown, "version": row.version}


@router.post("", status_code=201, name="create", response_model=OperatorContract)
def create_contract(
    body: ContractIn, svc: ServicesDep, user: User = staff("contracts.store")
) -> dict[str, Any]:
    """Conclude a contract; period none makes it a prepaid-card contract."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    contract_id = svc.domain.contracts.conclude(
        user.tenant_id,
        user.id,
        ConcludeContract(
            name=body.name or "",
            client_id=body.client_id,
            company_id=body.company_id,
            service_id=body.service_id,
            period=body.period or None,
            quantity=body.quantity or 0,
            start_date=body.start_date or date.today().isoformat(),
            end_date=body.end_date,
        ),
    )
    svc.settle()
    return _shown(svc, user, contract_id)


@router.put("/{contract_id}", name="update", response_model=OperatorContract)
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
    svc.domain.contracts.amend(
        user.tenant_id, user.id, contract_id, command_of(AmendContract, changes)
    )
    svc.settle()
    return _shown(svc, user, contract_id)


@router.post("/{record_id}/buy", response_model=BuyOut, name="buy")
def buy(
    record_id: str,
    body: BuyIn,
    svc: ServicesDep,
    user: User = require("contracts.show", "tenant.contracts.buy"),
) -> BuyOut:
    """Top up a prepaid contract (period none) with a prepaid card."""
    row = find(svc.engine, "contracts", user, record_id)
    if row.period is not None:
        raise invalid("prepaid_card_id", "Only a prepaid contract can be topped up.")
    minutes = svc.domain.contracts.buy_prepaid_card(
        user.tenant_id, user.id, record_id, body.prepaid_card_id
    )
    svc.settle()
    return BuyOut(
        message="Prepaid card upgraded",
        minutes_remaining=minutes,
        hours_remaining=round(minutes / 60, 2),
    )
