"""Tenants (one per provider, reached by subdomain) and their number sequences."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text, stable_id
from domain.errors import InvalidValue
from domain.periods import parse_date

SUBDOMAIN = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")


def tenant_id_for(subdomain: str) -> str:
    """A tenant's id follows from its subdomain, so subdomains stay unique."""
    return str(stable_id("tenant", subdomain))


def trial_date(value: str | None) -> str | None:
    """A trial end as YYYY-MM-DD, None for no trial, else InvalidValue."""
    day = parse_date(value, "trial_ends_on")
    return day.isoformat() if day else None


def sequence_id(tenant_id: str, name: str) -> str:
    """The id of a tenant's named number sequence."""
    return str(stable_id("sequence", tenant_id, name))


class Tenant(LedgerAggregate):
    """A provider using Ledgerdesk: name, subdomain, setup state, trial, configs."""

    @staticmethod
    def create_id(subdomain: str) -> UUID:
        return UUID(tenant_id_for(subdomain))

    @event("Created")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        name: str,
        subdomain: str,
        trial_ends_on: str | None,
        language: str,
    ) -> None:
        self.tenant_id = tenant_id
        self.name = name
        self.subdomain = subdomain
        self.trial_ends_on = trial_ends_on
        self.language = language
        self.setup_completed = False
        self.configs: dict[str, Any] = {}
        self.modules: dict[str, bool] = {}

    @classmethod
    def create(
        cls,
        actor: str,
        name: str,
        subdomain: str,
        trial_ends_on: str | None = None,
        language: str = "nl",
    ) -> Tenant:
        """Create a tenant reached at subdomain."""
        sub = (subdomain or "").strip().lower()
        if not SUBDOMAIN.match(sub):
            raise InvalidValue(
                "The subdomain may hold lower-case letters, digits and hyphens.",
                "subdomain",
            )
        tenant_id = tenant_id_for(sub)
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            name=require_text(name, "name", 200),
            subdomain=sub,
            trial_ends_on=trial_date(trial_ends_on),
            language=language,
        )

    def complete_setup(self, actor: str) -> None:
        """Mark setup done: the portal opens."""
        if not self.setup_completed:
            self._setup_completed(actor=actor)

    @event("SetupCompleted")
    def _setup_completed(self, actor: str) -> None:
        self.setup_completed = True

    def set_config(self, actor: str, name: str, value: Any) -> None:
        """Set one tenant config value, such as ticketing.ticket_fields_config."""
        require_text(name, "name", 200)
        if self.configs.get(name) != value:
            self._config_set(actor=actor, name=name, value=value)

    @event("ConfigSet")
    def _config_set(self, actor: str, name: str, value: Any) -> None:
        self.configs[name] = value

    def set_module(self, actor: str, name: str, enabled: bool) -> None:
        """Switch a module flag such as mod_invoice_export_pdf."""
        if not name.startswith("mod_"):
            raise InvalidValue("Module names start with mod_.", "name")
        if self.modules.get(name) != enabled:
            self._module_set(actor=actor, name=name, enabled=enabled)

    @event("ModuleSet")
    def _module_set(self, actor: str, name: str, enabled: bool) -> None:
        self.modules[name] = enabled

    def extend_trial(self, actor: str, trial_ends_on: str | None) -> None:
        """Move the end of the trial (None: no trial)."""
        self._trial_changed(actor=actor, trial_ends_on=trial_date(trial_ends_on))

    @event("TrialChanged")
    def _trial_changed(self, actor: str, trial_ends_on: str | None) -> None:
        self.trial_ends_on = trial_ends_on


class Sequence(LedgerAggregate):
    """A tenant's gap-free counter, e.g. for ticket references T-000001 onwards."""

    @staticmethod
    def create_id(tenant_id: str, name: str) -> UUID:
        return UUID(sequence_id(tenant_id, name))

    @event("Started")
    def __init__(self, tenant_id: str, actor: str, name: str) -> None:
        self.tenant_id = tenant_id
        self.name = name
        self.value = 0

    @classmethod
    def start(cls, tenant_id: str, name: str) -> Sequence:
        """The sequence before its first number."""
        return cls(tenant_id=tenant_id, actor="system", name=name)

    def allocate(self, actor: str, count: int = 1) -> list[int]:
        """Take the next count numbers."""
        if count < 1:
            raise InvalidValue("Allocate at least one number.", "count")
        first = self.value + 1
        self._allocated(actor=actor, count=count)
        return list(range(first, first + count))

    @event("Allocated")
    def _allocated(self, actor: str, count: int) -> None:
        self.value += count
