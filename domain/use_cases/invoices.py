"""Use cases for invoices: drafted, given lines, finalised, restored, credited."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar

from domain import bookkeeping
from domain.errors import InvalidTransition
from domain.invoices import CREDIT, FULL_CREDIT, SENT, Invoice
from domain.organisations import Company
from domain.store import Store
from domain.tenants import Tenant
from domain.use_cases.settings import Settings
from domain.use_cases.users import Users

NUMBERS = "invoices"


@dataclass(frozen=True)
class CreateInvoice:
    """A new draft invoice: parties, its date (today if None), reference, lines."""

    unknown_field: ClassVar[str] = "Invoices have no field {field!r}."

    company_id: str | None
    client_id: str | None
    day: str | None = None
    reference_number: str = ""
    lines: list[dict[str, Any]] = field(default_factory=list)


class Invoices:
    """Draft, finalise, restore and credit invoices; lines added by hand."""

    def __init__(self, store: Store, settings: Settings, users: Users) -> None:
        self.store = store
        self.settings = settings
        self.users = users

    def get(self, tenant_id: str, invoice_id: str) -> Invoice:
        """The invoice, or NotFound."""
        return self.store.load(tenant_id, Invoice, invoice_id)

    def create(self, tenant_id: str, actor: str, command: CreateInvoice) -> str:
        """Start a draft invoice, optionally with lines; answers its id."""
        self.users.check_parties(tenant_id, command.company_id, command.client_id)

        def action() -> str:
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, NUMBERS)
            invoice = Invoice.create(
                tenant_id,
                actor,
                number,
                command.company_id,
                command.client_id,
                command.day or date.today().isoformat(),
                command.reference_number,
            )
            for line in command.lines:
                invoice.add_line(actor, line)
            self.store.commit(sequence, invoice)
            return str(invoice.id)

        return self.store.retrying(action)

    def add_line(
        self, tenant_id: str, actor: str, invoice_id: str, line: dict[str, Any]
    ) -> str:
        """Add a typed line to a draft; answers the line id.

        A line for a source goes on through Invoicing (use_cases/invoicing.py),
        which records it, so a source given here is dropped.
        """
        invoice = self.get(tenant_id, invoice_id)
        if invoice.credits:
            raise InvalidTransition(FULL_CREDIT)
        line_id = invoice.add_line(actor, {**line, "source": None})
        self.store.commit(invoice)
        return line_id

    # -- the seller's billing profile and the parties -------------------------
    def billing_profile(self, tenant_id: str) -> dict[str, Any]:
        """The tenant's billing profile (the seller), with its defaults."""
        tenant = self.store.load(tenant_id, Tenant, tenant_id)
        stored = tenant.configs.get(bookkeeping.BILLING_PROFILE) or {}
        return {
            **bookkeeping.seller_of(stored, tenant.name),
            "currency": stored.get("currency") or bookkeeping.DEFAULT_CURRENCY,
            "payment_terms_days": stored.get(
                "payment_terms_days", bookkeeping.DEFAULT_TERMS
            ),
        }

    def set_billing_profile(
        self, tenant_id: str, actor: str, values: dict[str, Any]
    ) -> dict[str, Any]:
        """Check and store the tenant's billing profile (a tenant config event)."""
        profile = bookkeeping.billing_profile(values)
        tenant = self.store.load(tenant_id, Tenant, tenant_id)
        tenant.set_config(actor, bookkeeping.BILLING_PROFILE, profile)
        self.store.commit(tenant)
        return profile

    def _parties(self, tenant_id: str, invoice: Invoice) -> dict[str, Any]:
        """Seller, buyer, currency and terms as they are now, for finalising."""
        profile = self.billing_profile(tenant_id)
        company = (
            self.store.find(tenant_id, Company, invoice.company_id)
            if invoice.company_id
            else None
        )
        return {
            "seller": {k: profile[k] for k in bookkeeping.PARTY_FIELDS},
            "buyer": bookkeeping.buyer_of(
                invoice.company_id, company.fields if company else None
            ),
            "currency": profile["currency"],
            "payment_terms_days": profile["payment_terms_days"],
        }

    def snapshot(self, tenant_id: str, invoice_id: str) -> dict[str, Any]:
        """The invoice as an accountant books it (bookkeeping.invoice_snapshot):
        the input of the UBL writer and the value of the snapshot topic."""
        return self.snapshot_of(tenant_id, self.get(tenant_id, invoice_id))

    def snapshot_of(self, tenant_id: str, invoice: Invoice) -> dict[str, Any]:
        """The snapshot of a loaded invoice (any version of it)."""
        credited_number = None
        if invoice.credits and not invoice.frozen:
            original = self.store.find(tenant_id, Invoice, invoice.credits)
            credited_number = original.code if original else None
        return invoice.snapshot(
            **self._parties(tenant_id, invoice), credited_number=credited_number
        )

    def finalise(
        self,
        tenant_id: str,
        actor: str,
        invoice_id: str,
        external_id: str,
        issue_date: str | None = None,
    ) -> None:
        """Hand a draft to accounting under its external id, freezing its issue
        date, terms and parties."""
        invoice = self.get(tenant_id, invoice_id)
        self._finalise(tenant_id, actor, invoice, external_id, issue_date)
        self.store.commit(invoice)

    def _finalise(
        self,
        tenant_id: str,
        actor: str,
        invoice: Invoice,
        external_id: str,
        issue_date: str | None = None,
    ) -> None:
        credited = None
        if invoice.credits:
            original = self.store.find(tenant_id, Invoice, invoice.credits)
            credited = {
                "invoice_id": invoice.credits,
                "number": original.code if original else "",
            }
        invoice.finalise(
            actor,
            external_id,
            CREDIT if invoice.credits else SENT,
            issue_date=issue_date,
            credited_invoice=credited,
            **self._parties(tenant_id, invoice),
        )

    def mark(self, tenant_id: str, actor: str, invoice_id: str, status: str) -> None:
        """Mark a finalised invoice paid, outstanding or expired."""
        invoice = self.get(tenant_id, invoice_id)
        invoice.mark(actor, status)
        self.store.commit(invoice)

    def change_status(
        self, tenant_id: str, actor: str, invoice_id: str, status_id: int
    ) -> None:
        """Record accounting's status for an invoiced invoice."""
        invoice = self.get(tenant_id, invoice_id)
        invoice.change_status(actor, status_id)
        self.store.commit(invoice)

    def restore(self, tenant_id: str, actor: str, invoice_id: str) -> None:
        """Take an invoiced invoice back to draft."""
        invoice = self.get(tenant_id, invoice_id)
        invoice.restore(actor)
        self.store.commit(invoice)

    def credit(
        self,
        tenant_id: str,
        actor: str,
        invoice_id: str,
        finalise: bool = False,
        day: str | None = None,
    ) -> str:
        """A credit invoice cancelling a finalised one in full; answers its id.

        The original records it (so it is credited once); with finalise the
        credit invoice is issued at once under its own code, else it stays a
        draft to export. Only a finalised invoice, never a credit, is credited.
        Its date is today unless `day` says otherwise (an import, the demo).
        """

        def action() -> str:
            original = self.get(tenant_id, invoice_id)
            lines = original.credit_lines()
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, NUMBERS)
            credit = Invoice.create(
                tenant_id,
                actor,
                number,
                original.company_id,
                original.client_id,
                day or date.today().isoformat(),
                original.code,
                credits=str(original.id),
            )
            for line in lines:
                credit.add_line(actor, line)
            original.mark_credited(actor, str(credit.id), credit.code)
            if finalise:
                self._finalise(tenant_id, actor, credit, credit.code)
            self.store.commit(sequence, credit, original)
            return str(credit.id)

        return self.store.retrying(action)
