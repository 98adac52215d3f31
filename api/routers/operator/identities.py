"""Linking a person to a Microsoft Entra account (tid, oid) by an operator."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import select

from api.deps import ServicesDep, User, staff
from api.errors import ApiError, not_found
from api.operator.records import one
from projections import tables as t

ENTRA_ISSUER = "https://login.microsoftonline.com/{tid}/v2.0"


class IdentityIn(BaseModel):
    tid: str = Field(min_length=1, max_length=100)
    oid: str = Field(min_length=1, max_length=100)
    issuer: str | None = Field(None, max_length=300)


def identity_router(route: str, operators: bool) -> APIRouter:
    """PUT /{route}/{id}/identity for clients or operators."""
    router = APIRouter(prefix=f"/{route}", tags=[f"operator-{route}"])

    @router.put("/{user_id}/identity", name="link-identity")
    def link(
        user_id: str,
        body: IdentityIn,
        svc: ServicesDep,
        me: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Link the person to one Entra account; it then signs in by (tid, oid)."""
        row = one(svc.engine, t.users, me.tenant_id, user_id)
        if row is None or (int(row.is_operator) > 0) != operators:
            raise not_found()
        tid, oid = body.tid.strip().lower(), body.oid.strip().lower()
        c = t.users.c
        with svc.engine.connect() as connection:
            holder = connection.execute(
                select(c.id).where(
                    c.tenant_id == me.tenant_id,
                    c.identity_tid == tid,
                    c.identity_oid == oid,
                )
            ).scalar()
        if holder is not None and holder != user_id:
            raise ApiError(409, "This Microsoft account is linked to someone else.")
        issuer = body.issuer or ENTRA_ISSUER.format(tid=tid)
        svc.domain.link_identity(me.tenant_id, me.id, user_id, issuer, tid, oid)
        svc.settle()
        return {"id": user_id, "identity": {"issuer": issuer, "tid": tid, "oid": oid}}

    return router


clients = identity_router("clients", operators=False)
operators = identity_router("operators", operators=True)
