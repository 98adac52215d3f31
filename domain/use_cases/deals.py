"""Use cases for deals, projects and used products."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from domain.deals import Deal, Engagement, Project, UsedProduct
from domain.errors import InvalidValue, NotFound
from domain.invoice_sources import source_record
from domain.store import Store
from domain.tickets import Ticket
from domain.use_cases.commands import UNSET, Unset, expect_version, given
from domain.use_cases.users import Users

Number = int | str | Decimal


@dataclass(frozen=True)
class DealFields:
    """A deal's fields, given when opened or changed: a description at least."""

    unknown_field: ClassVar[str] = "The {field} field is not known here."
    kind: ClassVar[type[Engagement]] = Deal

    description: str | Unset = UNSET
    company_id: str | None | Unset = UNSET
    client_id: str | None | Unset = UNSET


@dataclass(frozen=True)
class ProjectFields:
    """A project's fields, given when started or changed."""

    unknown_field: ClassVar[str] = "The {field} field is not known here."
    kind: ClassVar[type[Engagement]] = Project

    description: str | Unset = UNSET
    company_id: str | None | Unset = UNSET
    deal_id: str | None | Unset = UNSET


@dataclass(frozen=True)
class UsedProductFields:
    """A used product's fields: what, how many at which price, booked where."""

    unknown_field: ClassVar[str] = "The {field} field is not known here."
    kind: ClassVar[type[Engagement]] = UsedProduct

    description: str | Unset = UNSET
    company_id: str | None | Unset = UNSET
    product_id: int | None | Unset = UNSET
    ticket_id: str | None | Unset = UNSET
    project_id: str | None | Unset = UNSET
    deal_id: str | None | Unset = UNSET
    quantity: Number | Unset = UNSET
    price: Number | Unset = UNSET
    type: int | Unset = UNSET
    invoice_moment: int | Unset = UNSET


EngagementFields = DealFields | ProjectFields | UsedProductFields
KINDS: dict[str, type[Engagement]] = {
    "deals": Deal,
    "projects": Project,
    "used-products": UsedProduct,
}
FIELDS: dict[str, type[EngagementFields]] = {
    "deals": DealFields,
    "projects": ProjectFields,
    "used-products": UsedProductFields,
}
LINKED: dict[str, type[Any]] = {
    "deal_id": Deal,
    "project_id": Project,
    "ticket_id": Ticket,
}


class Deals:
    """Open, change and remove deals, projects and used products."""

    def __init__(self, store: Store, users: Users) -> None:
        self.store = store
        self.users = users

    def get(self, tenant_id: str, cls: type[Engagement], record_id: str) -> Engagement:
        """The deal, project or used product, or NotFound."""
        return self.store.load(tenant_id, cls, record_id)

    def _check_links(self, tenant_id: str, fields: dict[str, Any]) -> None:
        """Company, client, deal, project and ticket must exist in the tenant."""
        self.users.check_parties(
            tenant_id, fields.get("company_id"), fields.get("client_id")
        )
        for name, cls in LINKED.items():
            if fields.get(name):
                try:
                    found = self.store.load(tenant_id, cls, fields[name])
                except NotFound as error:
                    raise InvalidValue(
                        f"The selected {name} is invalid.", name
                    ) from error
                if getattr(found, "removed", False):
                    raise InvalidValue(f"The selected {name} is invalid.", name)

    def create(self, tenant_id: str, actor: str, command: EngagementFields) -> str:
        """Open a deal, start a project or register a used product; answers its id."""
        fields = given(command)
        self._check_links(tenant_id, fields)
        if isinstance(command, DealFields):
            record: Engagement = Deal.open(tenant_id, actor, fields)
        elif isinstance(command, ProjectFields):
            record = Project.start(tenant_id, actor, fields)
        else:
            record = UsedProduct.register(tenant_id, actor, fields)
        self.store.commit(record)
        return str(record.id)

    def change(
        self,
        tenant_id: str,
        actor: str,
        record_id: str,
        command: EngagementFields,
        expected_version: int | None = None,
    ) -> None:
        """Change the fields of a deal, project or used product; a change made on
        an older version than the stored one is refused (StaleVersion)."""
        changes = given(command)
        self._check_links(tenant_id, changes)
        record = self.get(tenant_id, command.kind, record_id)
        expect_version(record, expected_version)
        record.change(actor, changes)
        self.store.commit(record)

    def remove(
        self, tenant_id: str, actor: str, cls: type[Engagement], record_id: str
    ) -> None:
        """Remove a deal, project or used product; a used product not while it is
        on an invoice (its invoicing record is retired in the same commit)."""

        def action() -> None:
            record = self.get(tenant_id, cls, record_id)
            record.remove(actor)
            source = None
            if isinstance(record, UsedProduct):
                source = source_record(
                    self.store, tenant_id, actor, "used_product", str(record.id)
                )
                source.retire(actor, "Take the used product off its invoice first.")
            self.store.commit(record, source)

        self.store.retrying(action)
