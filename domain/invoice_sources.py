"""What keeps billable work on one invoice at most, and a company on one draft.

A source (a time registration, a used product, an accepted quote, a subscription
period, a prepaid card purchase) has an `InvoiceSource` record under an id derived
from the tenant, its kind and its id, so every command about it loads and saves the
same aggregate: putting it on an invoice, taking it off, removing the source. The
record is saved in the same commit as the invoice line, so of two concurrent calls
the store's optimistic concurrency lets one win and the other reload and see it.

Time registrations live inside their ticket: a record of their own keeps invoicing
from contending with the replies and notes posted on that ticket.

`DraftChoice` names the draft invoice a company's work goes to, under an id derived
from the tenant and the company, so two concurrent calls cannot start two drafts.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.base import LedgerAggregate, stable_id
from domain.errors import InvalidTransition, InvalidValue

SOURCE_KINDS = frozenset(
    {
        "time_registration",
        "used_product",
        "quote",
        "subscription_period",
        "prepaid_card_purchase",
    }
)
NO_COMPANY = "-"


class AlreadyInvoiced(InvalidTransition):
    """The source already sits on an invoice (maps to 409)."""


def source_record_id(tenant_id: str, kind: str, source_id: str) -> UUID:
    """The id of a source's invoicing record."""
    return stable_id("invoice-source", tenant_id, kind, str(source_id))


def draft_choice_id(tenant_id: str, company_id: str | None) -> UUID:
    """The id of the record naming a company's draft invoice."""
    return stable_id("draft-invoice", tenant_id, company_id or NO_COMPANY)


class InvoiceSource(LedgerAggregate):
    """Which invoice, and which of its lines, hold one billable source."""

    @staticmethod
    def create_id(tenant_id: str, kind: str, source_id: str) -> UUID:
        return source_record_id(tenant_id, kind, source_id)

    @event("Registered")
    def __init__(self, tenant_id: str, actor: str, kind: str, source_id: str) -> None:
        self.tenant_id = tenant_id
        self.kind = kind
        self.source_id = source_id
        self.invoice_id: str | None = None
        self.line_ids: list[str] = []
        self.retired = False

    @classmethod
    def register(
        cls, tenant_id: str, actor: str, kind: str, source_id: str
    ) -> InvoiceSource:
        """The record of a source not yet on any invoice."""
        if kind not in SOURCE_KINDS:
            raise InvalidValue(f"Unknown invoice source {kind!r}.", "source")
        return cls(tenant_id=tenant_id, actor=actor, kind=kind, source_id=source_id)

    @property
    def is_invoiced(self) -> bool:
        return self.invoice_id is not None

    def hold(self, actor: str, invoice_id: str, line_ids: list[str]) -> None:
        """Record the invoice lines that now hold the source."""
        if self.retired:
            raise InvalidValue("The selected ids is invalid.", "ids")
        if self.invoice_id is not None:
            raise AlreadyInvoiced("This item is already on an invoice.", "ids")
        if not line_ids:
            raise InvalidValue("An invoiced source needs at least one line.", "ids")
        self._held(actor=actor, invoice_id=invoice_id, line_ids=list(line_ids))

    @event("Held")
    def _held(self, actor: str, invoice_id: str, line_ids: list[str]) -> None:
        self.invoice_id = invoice_id
        self.line_ids = list(line_ids)

    def release(self, actor: str, line_ids: list[str] | None = None) -> None:
        """Free the source from its lines (all of them when none are named)."""
        if self.invoice_id is None:
            return
        left = [i for i in self.line_ids if line_ids is not None and i not in line_ids]
        self._released(actor=actor, invoice_id=self.invoice_id, line_ids_left=left)

    @event("Released")
    def _released(self, actor: str, invoice_id: str, line_ids_left: list[str]) -> None:
        self.line_ids = list(line_ids_left)
        if not self.line_ids:
            self.invoice_id = None

    def retire(self, actor: str, message: str) -> None:
        """The source itself is removed: refused while an invoice holds it."""
        if self.invoice_id is not None:
            raise InvalidValue(message, "id")
        if not self.retired:
            self._retired(actor=actor)

    @event("Retired")
    def _retired(self, actor: str) -> None:
        self.retired = True


class DraftChoice(LedgerAggregate):
    """The draft invoice a company's (or the company-less) billable work goes to."""

    @staticmethod
    def create_id(tenant_id: str, company_id: str | None) -> UUID:
        return draft_choice_id(tenant_id, company_id)

    @event("Started")
    def __init__(self, tenant_id: str, actor: str, company_id: str | None) -> None:
        self.tenant_id = tenant_id
        self.company_id = company_id
        self.invoice_id: str | None = None

    @classmethod
    def start(cls, tenant_id: str, actor: str, company_id: str | None) -> DraftChoice:
        """The choice before any draft was named."""
        return cls(tenant_id=tenant_id, actor=actor, company_id=company_id)

    def choose(self, actor: str, invoice: Any) -> None:
        """Name the draft the company's work goes to from now on."""
        if not invoice.is_draft or invoice.credits or invoice.folded_into:
            raise InvalidTransition("Only a draft invoice takes new lines.")
        if invoice.company_id != self.company_id:
            raise InvalidValue("The invoice is of another company.", "company_id")
        if str(invoice.id) != self.invoice_id:
            self._chosen(actor=actor, invoice_id=str(invoice.id))

    @event("Chosen")
    def _chosen(self, actor: str, invoice_id: str) -> None:
        self.invoice_id = invoice_id


def source_record(
    store: Any, tenant_id: str, actor: str, kind: str, source_id: str
) -> InvoiceSource:
    """A source's invoicing record from the store, registered on first use."""
    found = store.find(
        tenant_id, InvoiceSource, source_record_id(tenant_id, kind, source_id)
    )
    return found or InvoiceSource.register(tenant_id, actor, kind, source_id)


def takes_lines(invoice: Any, company_id: str | None) -> bool:
    """Whether new work of the company may go on this invoice."""
    return bool(
        invoice is not None
        and invoice.is_draft
        and not invoice.folded_into
        and not invoice.credits
        and invoice.company_id == company_id
    )
