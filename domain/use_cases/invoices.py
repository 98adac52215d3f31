"""Use cases for invoices: drafted, given lines, finalised, restored, credited."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar

from domain.invoices import CREDIT, SENT, Invoice
from domain.store import Store
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
        line_id = invoice.add_line(actor, {**line, "source": None})
        self.store.commit(invoice)
        return line_id

    def finalise(
        self, tenant_id: str, actor: str, invoice_id: str, external_id: str
    ) -> None:
        """Hand a draft to accounting under its external id."""
        invoice = self.get(tenant_id, invoice_id)
        invoice.finalise(actor, external_id, CREDIT if invoice.credits else SENT)
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

    def credit(self, tenant_id: str, actor: str, invoice_id: str) -> str:
        """Draft a credit invoice cancelling an invoiced one; answers its id."""
        original = self.get(tenant_id, invoice_id)
        lines = original.credit_lines()

        def action() -> str:
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, NUMBERS)
            credit = Invoice.create(
                tenant_id,
                actor,
                number,
                original.company_id,
                original.client_id,
                date.today().isoformat(),
                original.code,
                credits=str(original.id),
            )
            for line in lines:
                credit.add_line(actor, line)
            self.store.commit(sequence, credit)
            return str(credit.id)

        return self.store.retrying(action)
