"""Use cases that put billable work on draft invoices and take it off again.

Every change saves the invoices, their sources' records and the draft choices in
one commit, retried when a concurrent commit won: so a source lands on one invoice
at most and a company's work on one draft, whatever the read model says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.deals import UsedProduct
from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.invoice_sources import (
    AlreadyInvoiced,
    InvoiceSource,
    source_record,
    source_record_id,
)
from domain.invoices import Invoice
from domain.quotes import ACCEPTED, Quote
from domain.store import Store
from domain.use_cases.drafts import Batch, Drafts

ON_INVOICE = "This item is already on an invoice."
NOT_ON_INVOICE = "The selected ids are not on an invoice."
INVOICED = "The line is on an invoice that has been invoiced."


@dataclass(frozen=True)
class Billable:
    """One line of work to invoice: its source, its company and client, the line."""

    kind: str
    source_id: str
    company_id: str | None
    client_id: str | None
    line: dict[str, Any]


class Invoicing:
    """Invoice and deinvoice sources; remove lines; a company's draft invoice."""

    def __init__(self, store: Store, drafts: Drafts) -> None:
        self.store = store
        self.drafts = drafts

    def _source_of(self, batch: Batch, kind: str, source_id: str) -> InvoiceSource:
        key = (kind, source_id)
        if key not in batch.records:
            batch.records[key] = source_record(
                self.store, batch.tenant_id, batch.actor, kind, source_id
            )
        return batch.records[key]

    def _check_source(self, tenant_id: str, kind: str, source_id: str) -> None:
        """A used product must not be removed; a quote must be accepted."""
        if kind == "used_product":
            product = self.store.find(tenant_id, UsedProduct, source_id)
            if product is None or product.removed:
                raise InvalidValue("The selected ids is invalid.", "ids")
        elif kind == "quote":
            quote = self.store.find(tenant_id, Quote, source_id)
            if quote is None or quote.status_id != ACCEPTED:
                raise InvalidValue("Only accepted quotes can be invoiced.", "ids")

    def invoice(
        self,
        tenant_id: str,
        actor: str,
        items: list[Billable],
        newest_drafts: dict[str | None, str] | None = None,
        placed: dict[tuple[str, str], str] | None = None,
    ) -> list[str]:
        """Put each item on its company's draft invoice; answers the invoices touched.

        All or nothing: an item already on an invoice refuses the whole call
        (AlreadyInvoiced), also when a concurrent call put it there first.
        `newest_drafts` (company -> draft) names drafts made before a company had
        a draft choice; `placed` ((kind, id) -> invoice) sources invoiced before
        they had a record. Both are only hints: each is checked on the invoice.
        """
        if not items:
            raise InvalidValue("Name at least one item to invoice.", "ids")
        for kind, source_id in dict.fromkeys((i.kind, i.source_id) for i in items):
            self._check_source(tenant_id, kind, source_id)

        def action() -> list[str]:
            batch = Batch(tenant_id, actor)
            held: dict[tuple[str, str], tuple[str, list[str]]] = {}
            touched: list[str] = []
            for item in items:
                key = (item.kind, item.source_id)
                if key not in held:
                    record = self._source_of(batch, item.kind, item.source_id)
                    if record.is_invoiced or self._placed_before(
                        batch, item, (placed or {}).get(key)
                    ):
                        raise AlreadyInvoiced(ON_INVOICE, "ids")
                invoice = self.drafts.draft(
                    batch,
                    item.company_id,
                    item.client_id,
                    (newest_drafts or {}).get(item.company_id),
                )
                line = dict(item.line, source={"type": item.kind, "id": item.source_id})
                line_id = invoice.add_line(actor, line)
                invoice_id, line_ids = held.setdefault(key, (str(invoice.id), []))
                if invoice_id != str(invoice.id):
                    raise InvalidValue("One source goes on one invoice.", "ids")
                line_ids.append(line_id)
                touched.append(invoice_id)
            for (kind, source_id), (invoice_id, line_ids) in held.items():
                self._source_of(batch, kind, source_id).hold(
                    actor, invoice_id, line_ids
                )
            self.store.commit(*batch.aggregates())
            return list(dict.fromkeys(touched))

        return self.store.retrying(action)

    def _placed_before(
        self, batch: Batch, item: Billable, invoice_id: str | None
    ) -> bool:
        """Whether an invoice names the source on a line from before its record."""
        invoice = self.drafts.invoice_in(batch, invoice_id) if invoice_id else None
        return invoice is not None and bool(_lines_of(invoice, item.source_id))

    def deinvoice(
        self,
        tenant_id: str,
        actor: str,
        kind: str,
        source_ids: list[str],
        placed: dict[str, str] | None = None,
    ) -> list[str]:
        """Take the sources' lines off their draft invoices; answers those touched.

        A source on no invoice is a 422, one on an invoiced invoice a 409.
        `placed` (id -> invoice) finds lines added before sources had a record.
        """

        def action() -> list[str]:
            batch = Batch(tenant_id, actor)
            touched: list[str] = []
            for source_id in source_ids:
                record = self._source_of(batch, kind, source_id)
                invoice_id = record.invoice_id or (placed or {}).get(source_id)
                invoice = (
                    self.drafts.invoice_in(batch, invoice_id) if invoice_id else None
                )
                lines = _lines_of(invoice, source_id) if invoice else []
                if record.invoice_id:
                    lines = [i for i in lines if i in record.line_ids]
                if invoice is None or not lines:
                    raise InvalidValue(NOT_ON_INVOICE, "ids")
                if not invoice.is_draft:
                    raise InvalidTransition(INVOICED)
                for line_id in lines:
                    invoice.remove_line(actor, line_id)
                record.release(actor)
                touched.append(str(invoice.id))
            self.store.commit(*batch.aggregates())
            return list(dict.fromkeys(touched))

        return self.store.retrying(action)

    def remove_line(
        self, tenant_id: str, actor: str, invoice_id: str, line_id: str
    ) -> None:
        """Remove a line from a draft; a source it held is free again."""

        def action() -> None:
            batch = Batch(tenant_id, actor)
            invoice = self.drafts.invoice_in(batch, invoice_id)
            if invoice is None:
                raise NotFound("Invoice not found.", "id")
            line = next((x for x in invoice.lines if x["id"] == line_id), None)
            invoice.remove_line(actor, line_id)
            source = (line or {}).get("source") or {}
            if source.get("type") and source.get("id"):
                record = self._source_of(batch, source["type"], str(source["id"]))
                if record.invoice_id == invoice_id:
                    record.release(actor, [line_id])
            self.store.commit(*batch.aggregates())

        self.store.retrying(action)

    def draft_of(self, tenant_id: str, company_id: str | None) -> str | None:
        """The draft a company's work goes to next, if one is chosen and open."""
        return self.drafts.draft_of(tenant_id, company_id)

    def invoice_of(self, tenant_id: str, kind: str, source_id: str) -> str | None:
        """The invoice holding a source, by its record."""
        record = self.store.find(
            tenant_id, InvoiceSource, source_record_id(tenant_id, kind, source_id)
        )
        return record.invoice_id if record else None


def _lines_of(invoice: Invoice, source_id: str) -> list[str]:
    """The ids of the invoice's lines that carry the source."""
    return [
        line["id"]
        for line in invoice.lines
        if str((line.get("source") or {}).get("id")) == str(source_id)
    ]
