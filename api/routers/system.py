"""GET /system/status: whether the tenant exists, is set up and in trial."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import TenantDep

router = APIRouter(prefix="/system", tags=["system"])


class SystemStatus(BaseModel):
    setup_completed: bool
    trial_ends_in: int | None
    tenant_name: str
    tenant: str


@router.get("/status", response_model=SystemStatus)
def status(tenant: TenantDep) -> SystemStatus:
    """The tenant's setup state and the days left in its trial (null: no trial)."""
    days = None
    if tenant.trial_ends_on:
        days = (date.fromisoformat(tenant.trial_ends_on) - date.today()).days
    return SystemStatus(
        setup_completed=tenant.setup_completed,
        trial_ends_in=days,
        tenant_name=tenant.name,
        tenant=tenant.subdomain,
    )
