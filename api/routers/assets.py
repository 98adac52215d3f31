"""Assets: list and detail with client-visible messages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import User
from api.present.common import Lookups
from api.present.rows import asset_detail
from api.routers.lists import add_detail, add_list
from api.schemas import AssetDetail, AssetRow

router = APIRouter(prefix="/assets", tags=["assets"])


def _detail(row: Any, user: User, connection: Any) -> dict[str, Any]:
    lookups = Lookups(connection, user.tenant_id)
    return asset_detail(row, lookups, connection, user.is_client)


add_list(router, "assets", AssetRow, "Assets, by name by default.")
add_detail(router, "assets", AssetDetail, _detail)
