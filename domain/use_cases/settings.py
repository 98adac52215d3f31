"""Use cases for a tenant's setting lists, number sequences and table presets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from domain.errors import NotFound
from domain.settings import SettingList, TablePreset, setting_list_id
from domain.store import Store
from domain.tenants import Sequence, sequence_id
from domain.use_cases.commands import UNSET, Unset, given


@dataclass(frozen=True)
class SavePreset:
    """A new preset of a user's list: label, list type, styling and configs."""

    unknown_field: ClassVar[str] = "Presets have no field {field!r}."

    label: str | Unset = UNSET
    type: str | Unset = UNSET
    styling: str | None | Unset = UNSET
    columns_config: Any = UNSET
    order_config: Any = UNSET
    filter_config: Any = UNSET
    pagination_config: Any = UNSET


@dataclass(frozen=True)
class ChangePreset(SavePreset):
    """The preset fields to change; the configs as JSON text or as objects."""


class Settings:
    """Setting lists (statuses, services, cards...), numbers and presets."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- number sequences ------------------------------------------------------
    def allocate_numbers(
        self, tenant_id: str, name: str, count: int = 1
    ) -> tuple[Sequence, list[int]]:
        """Take numbers from a tenant sequence; the caller saves the sequence."""
        sequence = self.store.find(tenant_id, Sequence, sequence_id(tenant_id, name))
        if sequence is None:
            sequence = Sequence.start(tenant_id, name)
        return sequence, sequence.allocate("system", count)

    # -- setting lists ---------------------------------------------------------
    def setting_list(self, tenant_id: str, kind: str) -> SettingList:
        """A tenant's setting list; an empty one if never written."""
        found = self.store.find(
            tenant_id, SettingList, setting_list_id(tenant_id, kind)
        )
        return found or SettingList.start(tenant_id, "system", kind)

    def item(self, tenant_id: str, kind: str, item_id: int | None) -> dict[str, Any]:
        """One item of a setting list, or NotFound naming the list."""
        if item_id is None:
            raise NotFound(f"No such item in {kind}.", kind)
        return self.setting_list(tenant_id, kind).get(item_id)

    def add(
        self,
        tenant_id: str,
        actor: str,
        kind: str,
        label: str,
        data: dict[str, Any] | None = None,
        is_default: bool = False,
    ) -> int:
        """Append an item to a setting list; answers its id."""

        def action() -> int:
            settings = self.setting_list(tenant_id, kind)
            item_id = settings.add(actor, label, data, is_default)
            self.store.commit(settings)
            return item_id

        return self.store.retrying(action)

    def change(
        self,
        tenant_id: str,
        actor: str,
        kind: str,
        item_id: int,
        *,
        label: str | None = None,
        data: dict[str, Any] | None = None,
        is_default: bool = False,
        remove: bool = False,
    ) -> None:
        """Change, make default or remove one item of a setting list."""

        def action() -> None:
            settings = self.setting_list(tenant_id, kind)
            if remove:
                settings.remove(actor, item_id)
            else:
                settings.change(actor, item_id, label, data)
                if is_default:
                    settings.set_default(actor, item_id)
            self.store.commit(settings)

        self.store.retrying(action)

    def reorder(self, tenant_id: str, actor: str, kind: str, order: list[int]) -> None:
        """Put a setting list in the dragged order."""
        settings = self.setting_list(tenant_id, kind)
        settings.reorder(actor, order)
        self.store.commit(settings)

    # -- table presets ---------------------------------------------------------
    def save_preset(self, tenant_id: str, actor: str, command: SavePreset) -> str:
        """Save a new preset for the acting user; answers its id."""
        preset = TablePreset.save_new(tenant_id, actor, actor, given(command))
        self.store.commit(preset)
        return str(preset.id)

    def change_preset(
        self, tenant_id: str, actor: str, preset_id: str, command: ChangePreset
    ) -> None:
        """Change one of the acting user's presets."""
        preset = self._own_preset(tenant_id, actor, preset_id)
        preset.change(actor, given(command))
        self.store.commit(preset)

    def delete_preset(self, tenant_id: str, actor: str, preset_id: str) -> None:
        """Delete one of the acting user's presets."""
        preset = self._own_preset(tenant_id, actor, preset_id)
        preset.delete(actor)
        self.store.commit(preset)

    def _own_preset(self, tenant_id: str, actor: str, preset_id: str) -> TablePreset:
        preset = self.store.load(tenant_id, TablePreset, preset_id)
        if preset.user_id != actor or preset.deleted:
            raise NotFound("Preset not found.", "id")
        return preset
