"""Clients and operators: list, show, register, update, deactivate and link to a
Microsoft Entra account. One router each, built by one function."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import or_, select

from api.auth.permissions import OPERATOR_PERMISSIONS, PORTAL_CLIENT_PERMISSIONS
from api.deps import ServicesDep, User, staff
from api.errors import ApiError, invalid, not_found
from api.listing import builder_page
from api.models.directory import IdentityIn, IdentityLink, PersonIn, PersonRecord
from api.present.directory import company_names, person
from api.query.compile import like_pattern
from api.records import one
from api.schemas import Message, Page
from domain.use_cases.commands import command_of
from domain.use_cases.users import RegisterUser, UpdateUser
from projections import tables as t

ENTRA_ISSUER = "https://login.microsoftonline.com/{tid}/v2.0"


def known_companies(svc: Any, tenant_id: str, ids: list[str] | None) -> None:
    """Every named company must exist in the tenant, else 422 on company_ids."""
    if not ids:
        return
    with svc.engine.connect() as connection:
        found = company_names(connection, tenant_id, set(ids))
    if len(found) != len(set(ids)):
        raise invalid("company_ids", "The selected company_ids is invalid.")


def people_router(route: str, operators: bool) -> APIRouter:
    """The routes of /clients (is_operator 0) or /operators (1 and 2)."""
    router = APIRouter(prefix=f"/{route}", tags=[route])
    c = t.users

    def of_kind(row: Any) -> Any:
        if row is None or (int(row.is_operator) > 0) != operators:
            raise not_found()
        return row

    def shown(svc: Any, tenant_id: str, user_id: str) -> dict[str, Any]:
        row = of_kind(one(svc.engine, c, tenant_id, user_id))
        with svc.engine.connect() as connection:
            names = company_names(connection, tenant_id, set(row.company_ids or []))
        return person(row, names)

    def shaped(svc: Any, tenant_id: str, rows: list[Any]) -> list[dict[str, Any]]:
        ids = {i for r in rows for i in r.company_ids or []}
        with svc.engine.connect() as connection:
            names = company_names(connection, tenant_id, ids)
        return [person(row, names) for row in rows]

    @router.get("", response_model=Page[PersonRecord], name="list")
    def index(
        request: Request,
        svc: ServicesDep,
        me: User = staff(f"{route}.index"),
        search: str | None = Query(None, max_length=100),
        company_id: str | None = None,
    ) -> dict[str, Any]:
        """People by name under builder[...]; or by search text or company."""
        extra = [c.c.is_operator > 0 if operators else c.c.is_operator == 0]
        if search:
            text = like_pattern(search.strip())
            extra.append(
                or_(
                    c.c.full_name.ilike(text, escape="\\"),
                    c.c.email.ilike(text, escape="\\"),
                )
            )
        if company_id:
            extra.append(c.c.company_id == company_id)
        return builder_page(
            svc.engine,
            route,
            me.tenant_id,
            request.query_params.multi_items(),
            lambda rows: shaped(svc, me.tenant_id, rows),
            extra,
        )

    @router.post("", status_code=201, response_model=PersonRecord, name="create")
    def create(
        body: PersonIn, svc: ServicesDep, me: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """Register a person; operators are first (1) or second (2) line."""
        line = body.is_operator if body.is_operator is not None else int(operators)
        if (line > 0) != operators:
            raise invalid(
                "is_operator", f"The is_operator field is invalid for {route}."
            )
        if not body.email:
            raise invalid("email", "The email field is required.")
        known_companies(svc, me.tenant_id, body.company_ids)
        uid = svc.domain.users.register(
            me.tenant_id,
            me.id,
            RegisterUser(
                email=body.email,
                first_name=body.first_name or "",
                last_name=body.last_name or "",
                is_operator=line,
                company_ids=body.company_ids or [],
                role=body.role or ("first line" if operators else "client"),
                permissions=body.permissions
                or (OPERATOR_PERMISSIONS if operators else PORTAL_CLIENT_PERMISSIONS),
                language=body.language or "nl",
            ),
        )
        svc.settle()
        return shown(svc, me.tenant_id, uid)

    @router.get("/{user_id}", response_model=PersonRecord, name="show")
    def show(
        user_id: str, svc: ServicesDep, me: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        """One person with companies."""
        return shown(svc, me.tenant_id, user_id)

    @router.put("/{user_id}", response_model=PersonRecord, name="update")
    def update(
        user_id: str,
        body: PersonIn,
        svc: ServicesDep,
        me: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Change name, companies, role, permissions or language."""
        of_kind(one(svc.engine, c, me.tenant_id, user_id))
        changes = body.model_dump(exclude_unset=True, exclude={"email", "is_operator"})
        known_companies(svc, me.tenant_id, changes.get("company_ids"))
        svc.domain.users.update(
            me.tenant_id, me.id, user_id, command_of(UpdateUser, changes)
        )
        svc.settle()
        return shown(svc, me.tenant_id, user_id)

    @router.put(
        "/{user_id}/identity", response_model=IdentityLink, name="link-identity"
    )
    def link(
        user_id: str,
        body: IdentityIn,
        svc: ServicesDep,
        me: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Link the person to one Entra account; it then signs in by (tid, oid)."""
        of_kind(one(svc.engine, c, me.tenant_id, user_id))
        tid, oid = body.tid.strip().lower(), body.oid.strip().lower()
        with svc.engine.connect() as connection:
            holder = connection.execute(
                select(c.c.id).where(
                    c.c.tenant_id == me.tenant_id,
                    c.c.identity_tid == tid,
                    c.c.identity_oid == oid,
                )
            ).scalar()
        if holder is not None and holder != user_id:
            raise ApiError(409, "This Microsoft account is linked to someone else.")
        issuer = body.issuer or ENTRA_ISSUER.format(tid=tid)
        svc.domain.users.link_identity(me.tenant_id, me.id, user_id, issuer, tid, oid)
        svc.settle()
        return {"id": user_id, "identity": {"issuer": issuer, "tid": tid, "oid": oid}}

    @router.delete("/{user_id}", response_model=Message, name="delete")
    def delete(
        user_id: str, svc: ServicesDep, me: User = staff(f"{route}.destroy")
    ) -> dict[str, str]:
        """Deactivate: the person can no longer sign in; their history stays."""
        of_kind(one(svc.engine, c, me.tenant_id, user_id))
        if user_id == me.id:
            raise invalid("id", "You cannot delete yourself.")
        account = svc.domain.users.get(me.tenant_id, user_id)
        account.deactivate(me.id)
        svc.domain.commit(account)
        svc.settle()
        return {"message": "Item verwijderd."}

    return router


clients = people_router("clients", operators=False)
operators = people_router("operators", operators=True)
