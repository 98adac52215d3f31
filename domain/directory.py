"""Use cases for tenants, people, organisations, setting lists and presets."""

from __future__ import annotations

from typing import Any

from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.organisations import Company, Location, TicketGroup
from domain.people import User, user_id
from domain.settings import SettingList, TablePreset, setting_list_id
from domain.store import Store
from domain.tenants import Sequence, Tenant, sequence_id, tenant_id_for


class DirectoryUseCases(Store):
    """Tenants, users, companies, locations, ticket groups, settings and presets."""

    # -- tenants -----------------------------------------------------------
    def create_tenant(
        self,
        actor: str,
        name: str,
        subdomain: str,
        trial_ends_on: str | None = None,
        language: str = "nl",
    ) -> str:
        """Create a tenant; answers its id."""
        tenant = Tenant.create(actor, name, subdomain, trial_ends_on, language)
        self.commit(tenant)
        return str(tenant.id)

    def tenant(self, tenant_id: str) -> Tenant:
        """The tenant, or NotFound."""
        return self.load(tenant_id, Tenant, tenant_id)

    def tenant_by_subdomain(self, subdomain: str) -> Tenant:
        """The tenant reached at subdomain, or NotFound."""
        tenant_id = tenant_id_for(subdomain.strip().lower())
        return self.load(tenant_id, Tenant, tenant_id)

    def change_tenant(
        self,
        tenant_id: str,
        actor: str,
        *,
        setup_completed: bool = False,
        configs: dict[str, Any] | None = None,
        modules: dict[str, bool] | None = None,
        trial_ends_on: str | None | bool = False,
    ) -> None:
        """Complete setup, set configs and modules, or move the trial end."""
        tenant = self.tenant(tenant_id)
        if setup_completed:
            tenant.complete_setup(actor)
        for name, value in (configs or {}).items():
            tenant.set_config(actor, name, value)
        for name, enabled in (modules or {}).items():
            tenant.set_module(actor, name, enabled)
        if trial_ends_on is not False:
            tenant.extend_trial(actor, trial_ends_on)  # type: ignore[arg-type]
        self.commit(tenant)

    def allocate_numbers(
        self, tenant_id: str, name: str, count: int = 1
    ) -> tuple[Sequence, list[int]]:
        """Take numbers from a tenant sequence; the caller saves the sequence."""
        sequence = self.find(tenant_id, Sequence, sequence_id(tenant_id, name))
        if sequence is None:
            sequence = Sequence.start(tenant_id, name)
        return sequence, sequence.allocate("system", count)

    # -- users ---------------------------------------------------------------
    def register_user(self, tenant_id: str, actor: str, **fields: Any) -> str:
        """Register a client or operator; answers the user id."""
        self.tenant(tenant_id)
        for company_id in fields.get("company_ids", []):
            self.load(tenant_id, Company, company_id)
        user = User.register(tenant_id=tenant_id, actor=actor, **fields)
        self.commit(user)
        return str(user.id)

    def user(self, tenant_id: str, uid: str) -> User:
        """The user, or NotFound."""
        return self.load(tenant_id, User, uid)

    def user_by_email(self, tenant_id: str, email: str) -> User:
        """The user with that address in the tenant, or NotFound."""
        return self.load(tenant_id, User, user_id(tenant_id, email))

    def update_user(
        self, tenant_id: str, actor: str, uid: str, changes: dict[str, Any]
    ) -> None:
        """Change a user's name, companies, role, permissions or language."""
        user = self.user(tenant_id, uid)
        for company_id in changes.get("company_ids") or []:
            self.load(tenant_id, Company, company_id)
        user.update(actor, changes)
        self.commit(user)

    def change_password(
        self, tenant_id: str, actor: str, uid: str, password_hash: str
    ) -> None:
        """Store a new password hash."""
        user = self.user(tenant_id, uid)
        user.change_password(actor, password_hash)
        self.commit(user)

    def link_identity(
        self, tenant_id: str, actor: str, uid: str, issuer: str, tid: str, oid: str
    ) -> None:
        """Link a user to an external sign-in identity (issuer, tid, oid) once."""
        user = self.user(tenant_id, uid)
        user.link_identity(actor, issuer, tid, oid)
        self.commit(user)

    def save_user_configs(
        self, tenant_id: str, actor: str, uid: str, configs: dict[str, str]
    ) -> None:
        """Keep a user's table layout choices."""

        def action() -> None:
            user = self.user(tenant_id, uid)
            user.save_configs(actor, configs)
            self.commit(user)

        self.retrying(action)

    # -- organisations ---------------------------------------------------------
    def register_company(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        """Register a company; answers its id."""
        company = Company.register(tenant_id, actor, fields)
        self.commit(company)
        return str(company.id)

    def change_company(
        self,
        tenant_id: str,
        actor: str,
        company_id: str,
        *,
        changes: dict[str, Any] | None = None,
        archive: bool = False,
        restore: bool = False,
    ) -> None:
        """Change, archive or restore a company."""
        company = self.load(tenant_id, Company, company_id)
        if changes:
            company.update(actor, changes)
        if archive:
            company.archive(actor)
        if restore:
            company.restore(actor)
        self.commit(company)

    def merge_companies(self, tenant_id: str, actor: str, ids: list[str]) -> str:
        """Merge the companies into the first of ids; answers the survivor."""
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise InvalidValue("Name at least two different companies.", "ids")
        target = self.load(tenant_id, Company, ids[0])
        if target.merged_into:
            raise InvalidTransition("The company has been merged into another.")
        sources = [self.load(tenant_id, Company, i) for i in ids[1:]]
        for source in sources:
            source.merge_into(actor, str(target.id))
        self.commit(*sources)
        return str(target.id)

    def register_location(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        """Register a location; answers its id."""
        if fields.get("company_id"):
            self.load(tenant_id, Company, fields["company_id"])
        location = Location.register(tenant_id, actor, fields)
        self.commit(location)
        return str(location.id)

    def form_ticket_group(
        self, tenant_id: str, actor: str, fields: dict[str, Any]
    ) -> str:
        """Form a ticket group; answers its id."""
        if fields.get("company_id"):
            self.load(tenant_id, Company, fields["company_id"])
        group = TicketGroup.form(tenant_id, actor, fields)
        self.commit(group)
        return str(group.id)

    def change_archivable(
        self,
        tenant_id: str,
        actor: str,
        cls: type[Location] | type[TicketGroup],
        record_id: str,
        *,
        changes: dict[str, Any] | None = None,
        archive: bool = False,
        restore: bool = False,
    ) -> None:
        """Change, archive or restore a location or ticket group."""
        record = self.load(tenant_id, cls, record_id)
        if changes:
            record.update(actor, changes)
        if archive:
            record.archive(actor)
        if restore:
            record.restore(actor)
        self.commit(record)

    # -- setting lists ---------------------------------------------------------
    def setting_list(self, tenant_id: str, kind: str) -> SettingList:
        """A tenant's setting list; an empty one if never written."""
        found = self.find(tenant_id, SettingList, setting_list_id(tenant_id, kind))
        return found or SettingList.start(tenant_id, "system", kind)

    def setting_item(
        self, tenant_id: str, kind: str, item_id: int | None
    ) -> dict[str, Any]:
        """One item of a setting list, or NotFound naming the list."""
        if item_id is None:
            raise NotFound(f"No such item in {kind}.", kind)
        return self.setting_list(tenant_id, kind).get(item_id)

    def add_setting(
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
            self.commit(settings)
            return item_id

        return self.retrying(action)

    def change_setting(
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
            self.commit(settings)

        self.retrying(action)

    def reorder_settings(
        self, tenant_id: str, actor: str, kind: str, order: list[int]
    ) -> None:
        """Put a setting list in the dragged order."""
        settings = self.setting_list(tenant_id, kind)
        settings.reorder(actor, order)
        self.commit(settings)

    # -- table presets ---------------------------------------------------------
    def save_preset(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> str:
        """Save a new preset for the acting user; answers its id."""
        preset = TablePreset.save_new(tenant_id, actor, actor, fields)
        self.commit(preset)
        return str(preset.id)

    def change_preset(
        self,
        tenant_id: str,
        actor: str,
        preset_id: str,
        changes: dict[str, Any] | None = None,
        delete: bool = False,
    ) -> None:
        """Change or delete one of the acting user's presets."""
        preset = self.load(tenant_id, TablePreset, preset_id)
        if preset.user_id != actor or preset.deleted:
            raise NotFound("Preset not found.", "id")
        if delete:
            preset.delete(actor)
        else:
            preset.change(actor, changes or {})
        self.commit(preset)
