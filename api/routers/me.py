"""GET /auth/me (the user and lookups) and POST /auth/me (table layouts)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import ServicesDep, TenantDep, UserDep
from api.models.directory import SignedInUser, SignInLookups
from api.present.me import company_of, lookups_json, user_json
from api.schemas import Message

router = APIRouter(prefix="/auth", tags=["me"])


class MeOut(BaseModel):
    user: SignedInUser
    lookups: SignInLookups  # type: ignore[valid-type]


class ConfigIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    value: str | int | float | bool | dict[str, Any] | list[Any] | None = None


class Relationships(BaseModel):
    configs: list[ConfigIn] = Field(default_factory=list, max_length=200)


class MeIn(BaseModel):
    relationships: Relationships


@router.get("/me", response_model=MeOut)
def me(user: UserDep, tenant: TenantDep, svc: ServicesDep) -> dict[str, Any]:
    """The signed-in user with permissions, modules, configs, and every lookup."""
    with svc.engine.connect() as connection:
        company = company_of(connection, user)
        return {
            "user": user_json(user, tenant, company),
            "lookups": lookups_json(connection, user, tenant),
        }


@router.post("/me", response_model=Message)
def save_layout(
    body: MeIn, user: UserDep, tenant: TenantDep, svc: ServicesDep
) -> Message:
    """Keep the user's table layouts ({userId}_{filter|order|...}_{route})."""
    configs = {
        c.name: c.value if isinstance(c.value, str) else json.dumps(c.value)
        for c in body.relationships.configs
    }
    if configs:
        svc.domain.users.save_configs(tenant.id, user.id, user.id, configs)
        svc.settle()
    return Message(message="Changes saved.")
