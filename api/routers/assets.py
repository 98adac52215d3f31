"""Assets for both audiences: list and detail with client-visible messages;
operators register and change them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import ServicesDep, User, staff
from api.models.commerce import AssetIn, OperatorAsset
from api.present.common import Lookups
from api.present.rows import asset_detail
from api.records import check_references, one
from api.routers.lists import add_detail, add_list
from api.schemas import AssetDetail, AssetRow
from domain.use_cases.assets import RegisterAsset, UpdateAsset
from domain.use_cases.commands import command_of
from projections import tables as t

router = APIRouter(prefix="/assets", tags=["assets"])


def _detail(row: Any, user: User, lookups: Lookups) -> dict[str, Any]:
    return asset_detail(row, lookups, lookups.connection, user.is_client)


add_list(router, "assets", AssetRow, "Assets, by name by default.")
add_detail(router, "assets", AssetDetail, _detail)


def _shown(svc: Any, user: User, asset_id: str) -> dict[str, Any]:
    row = one(svc.engine, t.assets, user.tenant_id, asset_id)
    with svc.engine.connect() as connection:
        lookups = Lookups(connection, user.tenant_id)
        shown = asset_detail(row, lookups, connection, False)
    return {**shown, "version": row.version}


@router.post("", status_code=201, name="create", response_model=OperatorAsset)
def create_asset(
    body: AssetIn, svc: ServicesDep, user: User = staff("assets.store")
) -> dict[str, Any]:
    """Register an asset."""
    fields = body.model_dump(exclude_none=True)
    # The asset projector needs the list even when empty.
    fields.setdefault("category_ids", [])
    check_references(
        svc.engine, user.tenant_id, fields, {"status_id": "asset_statuses"}
    )
    asset_id = svc.domain.assets.register(
        user.tenant_id, user.id, command_of(RegisterAsset, fields)
    )
    svc.settle()
    return _shown(svc, user, asset_id)


@router.put("/{asset_id}", name="update", response_model=OperatorAsset)
def update_asset(
    asset_id: str, body: AssetIn, svc: ServicesDep, user: User = staff("assets.update")
) -> dict[str, Any]:
    """Change an asset's fields (only those sent)."""
    one(svc.engine, t.assets, user.tenant_id, asset_id)
    changes = body.model_dump(exclude_unset=True)
    if "category_ids" in changes and changes["category_ids"] is None:
        changes["category_ids"] = []
    check_references(
        svc.engine, user.tenant_id, changes, {"status_id": "asset_statuses"}
    )
    svc.domain.assets.update(
        user.tenant_id, user.id, asset_id, command_of(UpdateAsset, changes)
    )
    svc.settle()
    return _shown(svc, user, asset_id)
