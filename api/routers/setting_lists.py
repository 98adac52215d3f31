"""Setting lists (priorities, ticket statuses, SLAs, prepaid cards, ...): one router
per list kind, each with its own item and body models.

No ``from __future__ import annotations`` here: the routes are made per kind,
and FastAPI reads their body annotation (the kind's model) at definition time.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from sqlalchemy import select

from api.deps import ServicesDep, User, staff
from api.errors import invalid, not_found
from api.listing import builder_page
from api.models.directory import SETTING_MODELS, OrderIn, SettingItemIn
from api.present.directory import setting
from api.query.compile import like_pattern
from api.records import MAX_ITEM_ID
from api.schemas import Message, Page
from domain.settings import LIST_KINDS
from domain.tickets import STATUS_TYPES
from projections import tables as t

ItemId = Annotated[int, Path(ge=1, le=MAX_ITEM_ID)]
RESERVED = {"id", "label", "name", "order", "is_default"}


def route_of(kind: str) -> str:
    """The path of a list kind: ticket_statuses is /ticket-statuses."""
    return kind.replace("_", "-")


def _data(kind: str, body: SettingItemIn) -> dict[str, Any]:
    """The item's fields beside its label: its kind's own and any custom ones."""
    sent = body.model_dump(
        exclude_unset=True, by_alias=True, exclude={"label", "name", "is_default"}
    )
    data = {k: v for k, v in sent.items() if k not in RESERVED}
    if kind == "ticket_statuses" and "type" in data:
        if data["type"] not in STATUS_TYPES:
            raise invalid("type", "The type must be one of 1 to 6.")
    return data


def items(svc: Any, tenant_id: str, kind: str) -> list[Any]:
    """A list's rows in their order."""
    s = t.setting_items
    with svc.engine.connect() as connection:
        return list(
            connection.execute(
                select(s)
                .where(s.c.tenant_id == tenant_id, s.c.kind == kind)
                .order_by(s.c.position, s.c.id)
            )
        )


def _item(svc: Any, tenant_id: str, kind: str, item_id: int) -> Any:
    found = [row for row in items(svc, tenant_id, kind) if row.id == item_id]
    if not found:
        raise not_found()
    return found[0]


def moved(ids: list[int], item_id: int, position: int) -> list[int]:
    """The ids with one moved to a 1-based position."""
    rest = [i for i in ids if i != item_id]
    spot = min(max(position, 1), len(rest) + 1) - 1
    return [*rest[:spot], item_id, *rest[spot:]]


def settings_router(kind: str) -> APIRouter:
    """List, show, create, update, delete and reorder the items of one list kind."""
    route = route_of(kind)
    router = APIRouter(prefix=f"/{route}", tags=[route])
    item_model, body_model = SETTING_MODELS[kind]

    @router.get("", response_model=Page[item_model], name="list")  # type: ignore[valid-type]
    def index(
        request: Request,
        svc: ServicesDep,
        user: User = staff("settings.index"),
        search: str | None = Query(None, max_length=100),
    ) -> dict[str, Any]:
        """The items in order under builder[...]; search narrows by label."""
        s = t.setting_items.c
        extra = [s.kind == kind]
        if search:
            extra.append(s.label.ilike(like_pattern(search.strip()), escape="\\"))
        return builder_page(
            svc.engine,
            "settings",
            user.tenant_id,
            request.query_params.multi_items(),
            lambda rows: [setting(row) for row in rows],
            extra,
        )

    @router.post("", status_code=201, response_model=item_model, name="create")
    def create(
        body: body_model,  # type: ignore[valid-type]
        svc: ServicesDep,
        user: User = staff("settings.store"),
    ) -> dict[str, Any]:
        """Append an item; is_default takes the flag from the others."""
        sent: SettingItemIn = body
        item_id = svc.domain.settings.add(
            user.tenant_id,
            user.id,
            kind,
            sent.label or sent.name or "",
            _data(kind, sent),
            bool(sent.is_default),
        )
        svc.settle()
        return setting(_item(svc, user.tenant_id, kind, item_id))

    @router.get("/{item_id}", response_model=item_model, name="show")
    def show(
        item_id: ItemId, svc: ServicesDep, user: User = staff("settings.index")
    ) -> dict[str, Any]:
        """One item."""
        return setting(_item(svc, user.tenant_id, kind, item_id))

    @router.put("/{item_id}", response_model=item_model, name="update")
    def update(
        item_id: ItemId,
        body: body_model,  # type: ignore[valid-type]
        svc: ServicesDep,
        user: User = staff("settings.update"),
    ) -> dict[str, Any]:
        """Change label or data; is_default true makes it the only default."""
        row = _item(svc, user.tenant_id, kind, item_id)
        given: SettingItemIn = body
        sent = _data(kind, given)
        svc.domain.settings.change(
            user.tenant_id,
            user.id,
            kind,
            item_id,
            label=given.label or given.name,
            data={**(row.data or {}), **sent} if sent else None,
            is_default=bool(given.is_default),
        )
        svc.settle()
        return setting(_item(svc, user.tenant_id, kind, item_id))

    @router.put(
        "/{item_id}/update-order",
        response_model=list[item_model],  # type: ignore[valid-type]
        name="update-order",
    )
    def update_order(
        item_id: ItemId,
        body: OrderIn,
        svc: ServicesDep,
        user: User = staff("settings.update"),
    ) -> list[dict[str, Any]]:
        """Move the item to position order (1-based), or set the whole order."""
        ids = [row.id for row in items(svc, user.tenant_id, kind)]
        if item_id not in ids:
            raise not_found()
        if isinstance(body.order, list):
            order = [int(i) for i in body.order]
        else:
            order = moved(ids, item_id, body.order)
        svc.domain.settings.reorder(user.tenant_id, user.id, kind, order)
        svc.settle()
        return [setting(row) for row in items(svc, user.tenant_id, kind)]

    @router.delete("/{item_id}", response_model=Message, name="delete")
    def delete(
        item_id: ItemId, svc: ServicesDep, user: User = staff("settings.destroy")
    ) -> dict[str, str]:
        """Remove the item."""
        _item(svc, user.tenant_id, kind, item_id)
        svc.domain.settings.change(user.tenant_id, user.id, kind, item_id, remove=True)
        svc.settle()
        return {"message": "Item verwijderd."}

    return router


ROUTERS = [settings_router(kind) for kind in LIST_KINDS]
