"""Table presets (saved list views) and the result count of each."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import select

from api.counts import preset_counts, preset_query
from api.deps import ServicesDep, User, UserDep, require
from api.errors import denied, not_found
from api.present.me import preset_json
from api.query.params import BuilderError
from api.query.resources import RESOURCES
from api.schemas import Message, Preset, PresetChange, PresetCount, PresetIn
from domain.settings import PRESET_TYPES
from domain.use_cases.commands import command_of
from domain.use_cases.settings import ChangePreset, SavePreset
from projections import tables as t

router = APIRouter(tags=["presets"])


def _check_filter(route: str, filter_config: Any) -> None:
    text = (
        filter_config if isinstance(filter_config, str) else json.dumps(filter_config)
    )
    try:
        preset_query(route, text)
    except BuilderError as error:
        raise BuilderError(f"filter_config.{error.param}", error.message) from error


def _preset(svc: ServicesDep, user: UserDep, preset_id: str) -> Any:
    p = t.table_presets
    with svc.engine.connect() as connection:
        row = connection.execute(
            select(p).where(
                p.c.tenant_id == user.tenant_id,
                p.c.id == preset_id[:40],
                p.c.user_id == user.id,
            )
        ).first()
    if row is None:
        raise not_found()
    return row


@router.get(
    "/presets-result-count/{route}", response_model=list[PresetCount], name="count"
)
async def result_count(
    route: str, svc: ServicesDep, user: UserDep
) -> list[dict[str, Any]]:
    """How many rows each of the user's presets for this list matches."""
    # Counted in the thread pool and checked against the model here: a plain
    # `def` route would go to the pool a second time for that check, and under
    # load wait for a free thread twice.
    if route not in PRESET_TYPES:  # the registry's other lists keep no presets
        raise not_found()
    if not user.can(f"{route}.index"):
        raise denied()

    def counted() -> list[dict[str, Any]]:
        with svc.reader.connect() as connection:
            return preset_counts(connection, route, user, svc.cache)

    return await run_in_threadpool(counted)


@router.get("/table-presets", response_model=list[Preset], name="list")
def list_presets(
    svc: ServicesDep,
    user: UserDep,
    type: str | None = Query(None, max_length=40),  # noqa: A002 (the contract's name)
) -> list[dict[str, Any]]:
    """The user's presets, optionally of one list."""
    p = t.table_presets
    query = select(p).where(p.c.tenant_id == user.tenant_id, p.c.user_id == user.id)
    if type:
        query = query.where(p.c.type == type)
    with svc.engine.connect() as connection:
        rows = connection.execute(query.order_by(p.c.type, p.c.label, p.c.id))
        return [preset_json(r) for r in rows]


@router.post("/table-presets", response_model=Preset, status_code=201, name="create")
def create(
    body: PresetIn, svc: ServicesDep, user: User = require("table-presets.store")
) -> dict[str, Any]:
    """Save a new preset for the user."""
    if body.type in RESOURCES:
        _check_filter(body.type, body.filter_config)
    preset_id = svc.domain.settings.save_preset(
        user.tenant_id,
        user.id,
        command_of(SavePreset, body.model_dump(exclude_none=True)),
    )
    svc.settle()
    return preset_json(_preset(svc, user, preset_id))


@router.get("/table-presets/{preset_id}", response_model=Preset, name="show")
def show(preset_id: str, svc: ServicesDep, user: UserDep) -> dict[str, Any]:
    """One of the user's presets."""
    return preset_json(_preset(svc, user, preset_id))


@router.put("/table-presets/{preset_id}", response_model=Preset, name="update")
def update(
    preset_id: str,
    body: PresetChange,
    svc: ServicesDep,
    user: User = require("table-presets.store"),
) -> dict[str, Any]:
    """Change a preset's label, styling or configs."""
    row = _preset(svc, user, preset_id)
    changes = body.model_dump(exclude_unset=True, exclude_none=True)
    if "filter_config" in changes:
        _check_filter(row.type, changes["filter_config"])
    svc.domain.settings.change_preset(
        user.tenant_id, user.id, preset_id, command_of(ChangePreset, changes)
    )
    svc.settle()
    return preset_json(_preset(svc, user, preset_id))


@router.delete("/table-presets/{preset_id}", response_model=Message, name="delete")
def delete(
    preset_id: str, svc: ServicesDep, user: User = require("table-presets.store")
) -> Message:
    """Delete one of the user's presets."""
    _preset(svc, user, preset_id)
    svc.domain.settings.delete_preset(user.tenant_id, user.id, preset_id)
    svc.settle()
    return Message(message="Item verwijderd.")
