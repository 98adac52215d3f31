"""Use cases for companies, their locations and ticket groups."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.errors import InvalidTransition, InvalidValue
from domain.organisations import Archivable, Company, Location, TicketGroup
from domain.store import Store
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.drafts import Batch, Drafts


@dataclass(frozen=True)
class RegisterCompany:
    """A new company: a name, and where and how it is reached."""

    unknown_field: ClassVar[str] = "Companies have no field {field!r}."

    name: str | Unset = UNSET
    address_1: str | None | Unset = UNSET
    city: str | None | Unset = UNSET
    country: str | None | Unset = UNSET
    email: str | None | Unset = UNSET
    phone: str | None | Unset = UNSET
    postal_code: str | None | Unset = UNSET
    vat_number: str | None | Unset = UNSET
    kvk_number: str | None | Unset = UNSET
    electronic_address_scheme: str | None | Unset = UNSET
    electronic_address_id: str | None | Unset = UNSET


@dataclass(frozen=True)
class ChangeCompany(RegisterCompany):
    """The company fields to change."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."


@dataclass(frozen=True)
class RegisterLocation:
    """A new site of a company (or of none)."""

    unknown_field: ClassVar[str] = "Locations have no field {field!r}."

    name: str | Unset = UNSET
    company_id: str | None | Unset = UNSET
    address_1: str | None | Unset = UNSET
    city: str | None | Unset = UNSET


@dataclass(frozen=True)
class ChangeLocation(RegisterLocation):
    """The location fields to change."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."


@dataclass(frozen=True)
class FormTicketGroup:
    """A new named bundle of tickets, of a company or of none."""

    unknown_field: ClassVar[str] = "Ticket groups have no field {field!r}."

    name: str | Unset = UNSET
    company_id: str | None | Unset = UNSET


@dataclass(frozen=True)
class ChangeTicketGroup(FormTicketGroup):
    """The ticket group fields to change."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."


ArchivableChanges = ChangeCompany | ChangeLocation | ChangeTicketGroup
ARCHIVABLE_CHANGES: dict[type[Archivable], type[ArchivableChanges]] = {
    Company: ChangeCompany,
    Location: ChangeLocation,
    TicketGroup: ChangeTicketGroup,
}
ARCHIVABLE = {changes: cls for cls, changes in ARCHIVABLE_CHANGES.items()}


class Organisations:
    """Companies (registered, changed, archived, merged), locations, groups."""

    def __init__(self, store: Store, drafts: Drafts) -> None:
        self.store = store
        self.drafts = drafts

    def company(self, tenant_id: str, company_id: str) -> Company:
        """The company, or NotFound."""
        return self.store.load(tenant_id, Company, company_id)

    def register_company(
        self, tenant_id: str, actor: str, command: RegisterCompany
    ) -> str:
        """Register a company; answers its id."""
        company = Company.register(tenant_id, actor, given(command))
        self.store.commit(company)
        return str(company.id)

    def merge_companies(
        self,
        tenant_id: str,
        actor: str,
        ids: list[str],
        drafts: Mapping[str, list[str]] | None = None,
    ) -> str:
        """Merge the companies into the first of ids; answers the survivor.

        The merged companies' draft invoices do not become more drafts of the
        survivor: their lines move onto its draft in the same commit. drafts:
        each company's open drafts as the read model knows them (hints).
        """
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise InvalidValue("Name at least two different companies.", "ids")

        def action() -> str:
            target = self.company(tenant_id, ids[0])
            if target.merged_into:
                raise InvalidTransition("The company has been merged into another.")
            sources = [self.company(tenant_id, i) for i in ids[1:]]
            batch = Batch(tenant_id, actor)
            survivor_drafts = (drafts or {}).get(ids[0]) or []
            newest = survivor_drafts[0] if survivor_drafts else None
            for source in sources:
                source.merge_into(actor, str(target.id))
                self.drafts.fold(
                    batch,
                    str(source.id),
                    str(target.id),
                    list((drafts or {}).get(str(source.id), [])),
                    newest,
                )
            self.store.commit(*sources, *batch.aggregates())
            return str(target.id)

        return self.store.retrying(action)

    def register_location(
        self, tenant_id: str, actor: str, command: RegisterLocation
    ) -> str:
        """Register a location; answers its id."""
        if command.company_id:
            self.company(tenant_id, command.company_id)
        location = Location.register(tenant_id, actor, given(command))
        self.store.commit(location)
        return str(location.id)

    def form_ticket_group(
        self, tenant_id: str, actor: str, command: FormTicketGroup
    ) -> str:
        """Form a ticket group; answers its id."""
        if command.company_id:
            self.company(tenant_id, command.company_id)
        group = TicketGroup.form(tenant_id, actor, given(command))
        self.store.commit(group)
        return str(group.id)

    def change(
        self,
        tenant_id: str,
        actor: str,
        record_id: str,
        command: ArchivableChanges,
        restore: bool = False,
    ) -> None:
        """Change the fields of a company, location or ticket group and, with
        restore, bring it back from the archive in the same save."""
        record = self.store.load(tenant_id, ARCHIVABLE[type(command)], record_id)
        changes = given(command)
        if changes:
            record.update(actor, changes)
        if restore:
            record.restore(actor)
        self.store.commit(record)

    def archive(
        self, tenant_id: str, actor: str, cls: type[Archivable], record_id: str
    ) -> None:
        """Archive a company, location or ticket group."""
        record = self.store.load(tenant_id, cls, record_id)
        record.archive(actor)
        self.store.commit(record)

    def restore(
        self, tenant_id: str, actor: str, cls: type[Archivable], record_id: str
    ) -> None:
        """Restore an archived company, location or ticket group."""
        record = self.store.load(tenant_id, cls, record_id)
        record.restore(actor)
        self.store.commit(record)
