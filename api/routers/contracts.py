"""Contracts: list, detail with periods and time, and buying a prepaid card."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import ServicesDep, User, require
from api.errors import invalid
from api.listing import find
from api.present.common import Lookups
from api.present.rows import contract_detail
from api.routers.lists import add_detail, add_list
from api.schemas import ContractDetail, ContractRow

router = APIRouter(prefix="/contracts", tags=["contracts"])


class BuyIn(BaseModel):
    prepaid_card_id: int


class BuyOut(BaseModel):
    message: str
    minutes_remaining: int
    hours_remaining: float


def _detail(row: Any, user: User, connection: Any) -> dict[str, Any]:
    return contract_detail(row, Lookups(connection, user.tenant_id), connection)


add_list(router, "contracts", ContractRow, "Contracts, by name by default.")
add_detail(router, "contracts", ContractDetail, _detail)


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
    minutes = svc.domain.buy_prepaid_card(
        user.tenant_id, user.id, record_id, body.prepaid_card_id
    )
    svc.settle()
    return BuyOut(
        message="Prepaid card upgraded",
        minutes_remaining=minutes,
        hours_remaining=round(minutes / 60, 2),
    )
