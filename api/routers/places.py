"""Locations and ticket groups: list, show, create, update, archive and restore;
the archive, restore and delete routes of every archivable kind (companies too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel
from sqlalchemy import ColumnElement, Table

from api.deps import ServicesDep, User, staff
from api.listing import builder_page
from api.models import directory as models
from api.models.directory import PlaceIn
from api.present.directory import located
from api.query.compile import like_pattern
from api.records import check_references, one
from api.schemas import Message, Page
from domain.organisations import Archivable, Location, TicketGroup
from domain.use_cases.commands import command_of
from domain.use_cases.organisations import (
    ARCHIVABLE_CHANGES,
    FormTicketGroup,
    RegisterLocation,
)
from projections import tables as t

DELETED = "Item verwijderd."


Shown = Callable[[Any, str, str], dict[str, Any]]


def change_archivable(
    svc: Any,
    user: User,
    table: Table,
    cls: type[Archivable],
    record_id: str,
    sent: dict[str, Any],
) -> None:
    """Change the fields sent (a null clears one; a required one answers 422)
    and, when archived_at is sent as null, restore the record in the same save."""
    row = one(svc.engine, table, user.tenant_id, record_id)
    restore = "archived_at" in sent and sent.pop("archived_at") is None
    svc.domain.organisations.change(
        user.tenant_id,
        user.id,
        record_id,
        command_of(
            ARCHIVABLE_CHANGES[cls],
            {k: v for k, v in sent.items() if k in cls.allowed_fields},
        ),
        restore=restore and row.archived_at is not None,
    )
    svc.settle()


def add_archive_routes(
    router: APIRouter,
    route: str,
    table: Table,
    cls: type[Archivable],
    model: type[BaseModel],
    shown: Shown,
    param: str = "record_id",
) -> None:
    """Archive, restore and delete (archived for good) for one archivable kind;
    param names the id in the path."""

    @router.post(f"/{{{param}}}/archive", response_model=model, name="archive")
    def archive(
        svc: ServicesDep,
        record_id: str = Path(alias=param),
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Archive: shown struck through, hidden from pickers."""
        one(svc.engine, table, user.tenant_id, record_id)
        svc.domain.organisations.archive(user.tenant_id, user.id, cls, record_id)
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.post(f"/{{{param}}}/restore", response_model=model, name="restore")
    def restore(
        svc: ServicesDep,
        record_id: str = Path(alias=param),
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Restore: archived_at back to null."""
        one(svc.engine, table, user.tenant_id, record_id)
        svc.domain.organisations.restore(user.tenant_id, user.id, cls, record_id)
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.delete(f"/{{{param}}}", response_model=Message, name="delete")
    def delete(
        svc: ServicesDep,
        record_id: str = Path(alias=param),
        user: User = staff(f"{route}.destroy"),
    ) -> dict[str, str]:
        """Delete: the history stays, so the record is archived for good."""
        row = one(svc.engine, table, user.tenant_id, record_id)
        if row.archived_at is None:
            svc.domain.organisations.archive(user.tenant_id, user.id, cls, record_id)
            svc.settle()
        return {"message": DELETED}


def place_router(
    route: str,
    table: Table,
    cls: type[Location] | type[TicketGroup],
    model: type[BaseModel],
) -> APIRouter:
    """CRUD plus archive and restore for one archivable kind."""
    router = APIRouter(prefix=f"/{route}", tags=[route])
    fields = set(cls.allowed_fields)

    def shown(svc: Any, tenant_id: str, record_id: str) -> dict[str, Any]:
        return located(one(svc.engine, table, tenant_id, record_id))

    @router.get("", response_model=Page[model], name="list")  # type: ignore[valid-type]
    def index(
        request: Request,
        svc: ServicesDep,
        user: User = staff(f"{route}.index"),
        search: str | None = Query(None, max_length=100),
        company_id: str | None = None,
        archived: bool | None = None,
    ) -> dict[str, Any]:
        """Records by name under builder[...]; or by search, company or archived."""
        c = table.c
        extra: list[ColumnElement[bool]] = []
        if search:
            extra.append(c.name.ilike(like_pattern(search.strip()), escape="\\"))
        if company_id:
            extra.append(c.company_id == company_id)
        if archived is not None:
            extra.append(
                c.archived_at.is_not(None) if archived else c.archived_at.is_(None)
            )
        return builder_page(
            svc.engine,
            route,
            user.tenant_id,
            request.query_params.multi_items(),
            lambda rows: [located(row) for row in rows],
            extra,
        )

    @router.post("", status_code=201, response_model=model, name="create")
    def create(
        body: PlaceIn, svc: ServicesDep, user: User = staff(f"{route}.store")
    ) -> dict[str, Any]:
        """Create a record with a name and optionally a company."""
        values = body.model_dump(exclude_none=True, include=fields)
        check_references(svc.engine, user.tenant_id, values)
        if cls is Location:
            record_id = svc.domain.organisations.register_location(
                user.tenant_id, user.id, command_of(RegisterLocation, values)
            )
        else:
            record_id = svc.domain.organisations.form_ticket_group(
                user.tenant_id, user.id, command_of(FormTicketGroup, values)
            )
        svc.settle()
        return shown(svc, user.tenant_id, record_id)

    @router.get("/{record_id}", response_model=model, name="show")
    def show(
        record_id: str, svc: ServicesDep, user: User = staff(f"{route}.show")
    ) -> dict[str, Any]:
        """One record with its company."""
        return shown(svc, user.tenant_id, record_id)

    @router.put("/{record_id}", response_model=model, name="update")
    def update(
        record_id: str,
        body: PlaceIn,
        svc: ServicesDep,
        user: User = staff(f"{route}.update"),
    ) -> dict[str, Any]:
        """Change fields; archived_at null restores an archived record."""
        sent = body.model_dump(exclude_unset=True)
        check_references(svc.engine, user.tenant_id, sent)
        change_archivable(svc, user, table, cls, record_id, sent)
        return shown(svc, user.tenant_id, record_id)

    add_archive_routes(router, route, table, cls, model, shown)
    return router


locations = place_router("locations", t.locations, Location, models.Location)
ticket_groups = place_router(
    "ticket-groups", t.ticket_groups, TicketGroup, models.TicketGroup
)
