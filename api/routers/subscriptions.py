"""Subscriptions: list and detail with lines."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import User
from api.present.common import Lookups
from api.present.rows import subscription_detail
from api.routers.lists import add_detail, add_list
from api.schemas import SubscriptionDetail, SubscriptionRow

router = APIRouter(prefix="/subscriptions", tags=["subscriptions"])


def _detail(row: Any, user: User, connection: Any) -> dict[str, Any]:
    return subscription_detail(row, Lookups(connection, user.tenant_id), connection)


add_list(router, "subscriptions", SubscriptionRow, "Subscriptions, next bill first.")
add_detail(router, "subscriptions", SubscriptionDetail, _detail)
