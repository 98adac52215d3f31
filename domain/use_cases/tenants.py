"""Use cases for tenants: created, found by subdomain, set up and configured."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.store import Store
from domain.tenants import Tenant, tenant_id_for
from domain.use_cases.commands import UNSET, Unset


@dataclass(frozen=True)
class ChangeTenant:
    """Complete setup, set configs and modules, or move (or clear) the trial end."""

    unknown_field: ClassVar[str] = "Tenants have no field {field!r}."

    setup_completed: bool = False
    configs: dict[str, Any] = field(default_factory=dict)
    modules: dict[str, bool] = field(default_factory=dict)
    trial_ends_on: str | None | Unset = UNSET


class Tenants:
    """The tenants of the service, each reached by its subdomain."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(
        self,
        actor: str,
        name: str,
        subdomain: str,
        trial_ends_on: str | None = None,
        language: str = "nl",
    ) -> str:
        """Create a tenant; answers its id."""
        tenant = Tenant.create(actor, name, subdomain, trial_ends_on, language)
        self.store.commit(tenant)
        return str(tenant.id)

    def get(self, tenant_id: str) -> Tenant:
        """The tenant, or NotFound."""
        return self.store.load(tenant_id, Tenant, tenant_id)

    def by_subdomain(self, subdomain: str) -> Tenant:
        """The tenant reached at subdomain, or NotFound."""
        tenant_id = tenant_id_for(subdomain.strip().lower())
        return self.store.load(tenant_id, Tenant, tenant_id)

    def change(self, tenant_id: str, actor: str, command: ChangeTenant) -> None:
        """Complete setup, set configs and modules, or move the trial end."""
        tenant = self.get(tenant_id)
        if command.setup_completed:
            tenant.complete_setup(actor)
        for name, value in command.configs.items():
            tenant.set_config(actor, name, value)
        for name, enabled in command.modules.items():
            tenant.set_module(actor, name, enabled)
        if not isinstance(command.trial_ends_on, Unset):
            tenant.extend_trial(actor, command.trial_ends_on)
        self.store.commit(tenant)
