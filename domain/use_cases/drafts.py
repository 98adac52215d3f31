"""Which draft invoice a company's billable work goes on: one at a time.

The chosen draft is kept by a DraftChoice aggregate per company, saved in the
same commit as the invoice lines, so two concurrent invoicings agree on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from domain.base import LedgerAggregate
from domain.invoice_sources import (
    DraftChoice,
    InvoiceSource,
    draft_choice_id,
    takes_lines,
)
from domain.invoices import Invoice
from domain.organisations import Company
from domain.store import Store
from domain.tenants import Sequence
from domain.use_cases.settings import Settings


@dataclass
class Batch:
    """The aggregates one invoicing command loads, changes and saves together."""

    tenant_id: str
    actor: str
    invoices: dict[str, Invoice] = field(default_factory=dict)
    choices: dict[str | None, DraftChoice] = field(default_factory=dict)
    records: dict[tuple[str, str], InvoiceSource] = field(default_factory=dict)
    sequence: Sequence | None = None
    survivors: dict[str | None, str | None] = field(default_factory=dict)

    def aggregates(self) -> list[LedgerAggregate]:
        """Everything with pending events, the number sequence first."""
        found: list[LedgerAggregate | None] = [self.sequence]
        found += [*self.choices.values(), *self.invoices.values()]
        found += list(self.records.values())
        return [a for a in found if a is not None and a.pending_events]


class Drafts:
    """The draft invoice of each company, chosen once and kept open."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def invoice_in(self, batch: Batch, invoice_id: str) -> Invoice | None:
        """The invoice, loaded once per batch; None if there is none."""
        if invoice_id not in batch.invoices:
            found = self.store.find(batch.tenant_id, Invoice, invoice_id)
            if found is None:
                return None
            batch.invoices[invoice_id] = found
        return batch.invoices[invoice_id]

    def draft(
        self,
        batch: Batch,
        company_id: str | None,
        client_id: str | None,
        newest: str | None,
    ) -> Invoice:
        """The company's draft: the newer of the chosen and the newest known one
        that is still an open draft of the company, else a new one. A merged
        company's work goes to the company it was merged into."""
        company_id = self.survivor(batch, company_id)
        choice = batch.choices.get(company_id)
        if choice is None:
            choice = self.store.find(
                batch.tenant_id,
                DraftChoice,
                draft_choice_id(batch.tenant_id, company_id),
            ) or DraftChoice.start(batch.tenant_id, batch.actor, company_id)
            batch.choices[company_id] = choice
        # The newest open draft, as before drafts were chosen: one made by hand
        # after the chosen one (known from the read model) takes over.
        open_drafts: list[Invoice] = []
        for candidate in dict.fromkeys((choice.invoice_id, newest)):
            found = self.invoice_in(batch, candidate) if candidate else None
            if found is not None and takes_lines(found, company_id):
                open_drafts.append(found)
        if open_drafts:
            invoice = max(open_drafts, key=lambda found: found.number)
            choice.choose(batch.actor, invoice)
            return invoice
        if batch.sequence is None:
            batch.sequence, (number,) = self.settings.allocate_numbers(
                batch.tenant_id, "invoices"
            )
        else:
            (number,) = batch.sequence.allocate("system")
        invoice = Invoice.create(
            batch.tenant_id,
            batch.actor,
            number,
            company_id,
            client_id,
            date.today().isoformat(),
        )
        batch.invoices[str(invoice.id)] = invoice
        choice.choose(batch.actor, invoice)
        return invoice

    def survivor(self, batch: Batch, company_id: str | None) -> str | None:
        """The company that lives on for this one: itself unless it was merged."""
        if company_id not in batch.survivors:
            current, seen = company_id, set()
            while current is not None and current not in seen:
                seen.add(current)
                company = self.store.find(batch.tenant_id, Company, current)
                if company is None or not company.merged_into:
                    break
                current = str(company.merged_into)
            batch.survivors[company_id] = current
        return batch.survivors[company_id]

    def draft_of(self, tenant_id: str, company_id: str | None) -> str | None:
        """The draft a company's work goes to next, if one is chosen and open."""
        choice = self.store.find(
            tenant_id, DraftChoice, draft_choice_id(tenant_id, company_id)
        )
        if choice is None or choice.invoice_id is None:
            return None
        invoice = self.store.find(tenant_id, Invoice, choice.invoice_id)
        return choice.invoice_id if takes_lines(invoice, company_id) else None
