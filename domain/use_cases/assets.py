"""Use cases for assets: the hardware and licences a provider manages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar
from uuid import uuid4

from domain.assets import Asset
from domain.store import Store
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.settings import Settings
from domain.use_cases.users import Users


@dataclass(frozen=True)
class RegisterAsset:
    """A new asset: a name, what it is, whose it is and where it stands."""

    unknown_field: ClassVar[str] = "Assets have no field {field!r}."

    name: str | Unset = UNSET
    description: str | None | Unset = UNSET
    serial_number: str | None | Unset = UNSET
    tracking_number: str | None | Unset = UNSET
    warranty_until: str | None | Unset = UNSET
    client_id: str | None | Unset = UNSET
    company_id: str | None | Unset = UNSET
    location_id: str | None | Unset = UNSET
    category_ids: list[int] | None | Unset = UNSET
    status_id: int | None | Unset = UNSET
    operator_id: str | None | Unset = UNSET


@dataclass(frozen=True)
class UpdateAsset(RegisterAsset):
    """The asset fields to change."""


class Assets:
    """Register and change assets; post notes on them."""

    def __init__(self, store: Store, settings: Settings, users: Users) -> None:
        self.store = store
        self.settings = settings
        self.users = users

    def get(self, tenant_id: str, asset_id: str) -> Asset:
        """The asset, or NotFound."""
        return self.store.load(tenant_id, Asset, asset_id)

    def _checked(self, tenant_id: str, command: RegisterAsset) -> dict[str, Any]:
        """The given fields, parties checked, with the status's type."""
        fields = given(command)
        self.users.check_parties(
            tenant_id,
            fields.get("company_id"),
            fields.get("client_id"),
            fields.get("operator_id"),
        )
        if fields.get("status_id") is not None:
            status = self.settings.item(
                tenant_id, "asset_statuses", fields["status_id"]
            )
            fields["status_type"] = status["data"].get("type", 4)
        return fields

    def register(self, tenant_id: str, actor: str, command: RegisterAsset) -> str:
        """Register an asset; answers its id."""
        asset = Asset.register(tenant_id, actor, self._checked(tenant_id, command))
        self.store.commit(asset)
        return str(asset.id)

    def update(
        self, tenant_id: str, actor: str, asset_id: str, command: UpdateAsset
    ) -> None:
        """Change an asset's fields."""
        asset = self.get(tenant_id, asset_id)
        asset.update(actor, self._checked(tenant_id, command))
        self.store.commit(asset)

    def post_message(
        self,
        tenant_id: str,
        actor: str,
        asset_id: str,
        message: str,
        visible_to_client: bool,
    ) -> str:
        """Attach a message to an asset; answers its id."""
        message_id = str(uuid4())

        def action() -> str:
            asset = self.get(tenant_id, asset_id)
            asset.post_message(actor, message_id, message, visible_to_client)
            self.store.commit(asset)
            return message_id

        return self.store.retrying(action)
