"""Use cases for deals, projects and used products."""

from __future__ import annotations

from typing import Any

from domain.commerce import CommerceUseCases
from domain.deals import Deal, Engagement, Project, UsedProduct
from domain.errors import InvalidValue, NotFound
from domain.invoice_sources import source_record
from domain.tickets import Ticket

KINDS: dict[str, type[Engagement]] = {
    "deals": Deal,
    "projects": Project,
    "used-products": UsedProduct,
}


class DealUseCases(CommerceUseCases):
    """Open, change and remove deals, projects and used products."""

    def engagement(self, tenant_id: str, kind: str, record_id: str) -> Engagement:
        """The deal, project or used product, or NotFound."""
        return self.load(tenant_id, KINDS[kind], record_id)

    def _check_links(self, tenant_id: str, fields: dict[str, Any]) -> None:
        """Company, client, deal, project and ticket must exist in the tenant."""
        self._check_references(tenant_id, fields)
        linked: dict[str, type[Any]] = {
            "deal_id": Deal,
            "project_id": Project,
            "ticket_id": Ticket,
        }
        for name, cls in linked.items():
            if fields.get(name):
                try:
                    found = self.load(tenant_id, cls, fields[name])
                except NotFound as error:
                    raise InvalidValue(
                        f"The selected {name} is invalid.", name
                    ) from error
                if getattr(found, "removed", False):
                    raise InvalidValue(f"The selected {name} is invalid.", name)

    def create_engagement(
        self, tenant_id: str, actor: str, kind: str, fields: dict[str, Any]
    ) -> str:
        """Open a deal, start a project or register a used product; answers its id."""
        self._check_links(tenant_id, fields)
        if kind == "deals":
            record: Engagement = Deal.open(tenant_id, actor, fields)
        elif kind == "projects":
            record = Project.start(tenant_id, actor, fields)
        else:
            record = UsedProduct.register(tenant_id, actor, fields)
        self.commit(record)
        return str(record.id)

    def change_engagement(
        self,
        tenant_id: str,
        actor: str,
        kind: str,
        record_id: str,
        changes: dict[str, Any],
        expected_version: int | None = None,
    ) -> None:
        """Change the fields of a deal, project or used product; a change made on
        an older version than the stored one is refused (ConcurrentChange)."""
        self._check_links(tenant_id, changes)
        record = self.engagement(tenant_id, kind, record_id)
        self.expect_version(record, expected_version)
        record.change(actor, changes)
        self.commit(record)

    def remove_engagement(
        self, tenant_id: str, actor: str, kind: str, record_id: str
    ) -> None:
        """Remove a deal, project or used product; a used product not while it is
        on an invoice (its invoicing record is retired in the same commit)."""

        def action() -> None:
            record = self.engagement(tenant_id, kind, record_id)
            record.remove(actor)
            source = None
            if isinstance(record, UsedProduct):
                source = source_record(
                    self, tenant_id, actor, "used_product", str(record.id)
                )
                source.retire(actor, "Take the used product off its invoice first.")
            self.commit(record, source)

        self.retrying(action)
