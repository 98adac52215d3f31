"""GET /system/status: whether the tenant exists, is set up and in trial;
GET /health: whether the desk's databases answer and its followers keep up."""

from __future__ import annotations

from datetime import date
from typing import Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from api.deps import ServicesDep, TenantDep
from api.observability_state import health

router = APIRouter(prefix="/system", tags=["system"])
health_router = APIRouter(tags=["system"])


class FollowerHealth(BaseModel):
    name: str
    position: int
    lag: int
    lag_seconds: float | None = None
    parked: int


class MailHealth(BaseModel):
    """The mail outbox: its place in the log and what waits, is parked or sent."""

    position: int
    lag: int
    pending: int
    parked: int
    sent: int
    oldest_pending_seconds: float
    smtp_default: bool
    waiting_for_smtp: int
    note: str | None = None


class IntakeHealth(BaseModel):
    """Mail in: the tenants' mailboxes fetched, what came in, what is held."""

    mailboxes: int
    last_fetch: str | None
    mailbox_errors: int
    last_24h: dict[str, int]
    held_for_review: int


class Health(BaseModel):
    """The desk's databases answer; each follower's and relay's place in the log."""

    status: Literal["ok", "degraded"]
    database: bool
    head: int
    followers: list[FollowerHealth]
    relays: list[FollowerHealth]
    parked: int
    mail: MailHealth | None = None
    intake: IntakeHealth | None = None


class Down(BaseModel):
    status: Literal["down"]
    database: bool


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


@health_router.get(
    "/health",
    response_model=Health,
    responses={503: {"model": Down, "description": "The databases do not answer"}},
    name="health",
)
def health_check(svc: ServicesDep) -> JSONResponse:
    """200 when the databases answer (with each follower's position, lag and
    parked events, and the relay's), 503 when they do not. No sign-in needed."""
    status, answer = health(svc.domain, svc.engine, bool(svc.settings.smtp_url))
    return JSONResponse(answer, status)
