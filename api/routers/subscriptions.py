"""Subscriptions for both audiences: list and detail with lines; operators start,
change, bill and terminate them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import ServicesDep, User, staff
from api.models.commerce import OperatorSubscription, SubscriptionIn
from api.present.common import Lookups
from api.present.rows import subscription_detail
from api.records import check_references, one
from api.routers.lists import add_detail, add_list
from api.schemas import SubscriptionDetail, SubscriptionRow
from domain.use_cases.subscriptions import ChangeSubscription, StartSubscription
from projections import tables as t

router = APIRouter(prefix="/subscriptions", tags=["subscriptions"])


def _detail(row: Any, user: User, lookups: Lookups) -> dict[str, Any]:
    return subscription_detail(row, lookups, lookups.connection)


add_list(router, "subscriptions", SubscriptionRow, "Subscriptions, next bill first.")
add_detail(router, "subscriptions", SubscriptionDetail, _detail)


def _shown(svc: Any, user: User, subscription_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.subscriptions, user.tenant_id, subscription_id)
    with svc.engine.connect() as connection:
        lookups = Lookups(connection, user.tenant_id)
        shown = subscription_detail(row, lookups, connection)
    return {**shown, "version": row.version}


@router.post("", status_code=201, name="create", response_model=OperatorSubscription)
def create_subscription(
    body: SubscriptionIn, svc: ServicesDep, user: User = staff("subscriptions.store")
) -> dict[str, Any]:
    """Start a subscription with its lines."""
    check_references(svc.engine, user.tenant_id, body.model_dump())
    subscription_id = svc.domain.subscriptions.start(
        user.tenant_id,
        user.id,
        StartSubscription(
            description=body.description or "",
            company_id=body.company_id,
            client_id=body.client_id,
            period=body.period or "",
            billing_start_date=body.billing_start_date or "",
            direct_debit=body.direct_debit,
            lines=[line.model_dump() for line in body.lines or []],
        ),
    )
    svc.settle()
    return _shown(svc, user, subscription_id)


@router.put("/{subscription_id}", name="update", response_model=OperatorSubscription)
def update_subscription(
    subscription_id: str,
    body: SubscriptionIn,
    svc: ServicesDep,
    user: User = staff("subscriptions.update"),
) -> dict[str, Any]:
    """Replace the lines, bill the next period (bill) or terminate on a date."""
    one(svc.engine, t.subscriptions, user.tenant_id, subscription_id)
    svc.domain.subscriptions.change(
        user.tenant_id,
        user.id,
        subscription_id,
        ChangeSubscription(
            lines=None if body.lines is None else [x.model_dump() for x in body.lines],
            bill=body.bill,
            terminate_on=body.termination_date,
        ),
    )
    svc.settle()
    return _shown(svc, user, subscription_id)
