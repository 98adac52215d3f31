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
    source_record_id,
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

    def fold(
        self,
        batch: Batch,
        merged_id: str,
        survivor_id: str,
        drafts: list[str] | None = None,
        survivor_draft: str | None = None,
    ) -> None:
        """Move the open drafts of a company merged into another onto the
        survivor's draft, so the survivor keeps one draft: each line moves with
        its invoicing record, and the emptied drafts are folded into it.

        drafts: the merged company's open drafts as the read model knows them
        (made by hand, before it had a draft choice); survivor_draft: the
        survivor's newest, likewise. Both are hints, each checked here.
        """
        choice = self.store.find(
            batch.tenant_id, DraftChoice, draft_choice_id(batch.tenant_id, merged_id)
        )
        found = [choice.invoice_id] if choice and choice.invoice_id else []
        open_drafts = []
        for invoice_id in dict.fromkeys([*found, *(drafts or [])]):
            invoice = self.invoice_in(batch, invoice_id)
            if invoice is not None and takes_lines(invoice, merged_id):
                open_drafts.append(invoice)
        batch.survivors[merged_id] = survivor_id
        for invoice in open_drafts:
            target = self.draft(batch, survivor_id, invoice.client_id, survivor_draft)
            moved: dict[tuple[str, str], list[str]] = {}
            for line in list(invoice.lines):
                new_id = target.add_line(
                    batch.actor, {k: v for k, v in line.items() if k != "id"}
                )
                invoice.remove_line(batch.actor, line["id"])
                source = line.get("source") or {}
                if source.get("type") and source.get("id"):
                    key = (str(source["type"]), str(source["id"]))
                    moved.setdefault(key, []).append(new_id)
            for (kind, source_id), line_ids in moved.items():
                record = batch.records.get((kind, source_id)) or self.store.find(
                    batch.tenant_id,
                    InvoiceSource,
                    source_record_id(batch.tenant_id, kind, source_id),
                )
                if record is None or record.invoice_id != str(invoice.id):
                    continue  # invoiced before records were kept: the line says it
                batch.records[(kind, source_id)] = record
                record.release(batch.actor)
                record.hold(batch.actor, str(target.id), line_ids)
            invoice.fold_into(batch.actor, str(target.id))

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
