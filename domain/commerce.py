"""Use cases for quotes, contracts, invoices and subscriptions."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from domain import values
from domain.contracts import Contract
from domain.errors import InvalidValue
from domain.invoices import CREDIT, SENT, Invoice
from domain.quotes import Quote
from domain.settings import check_item_data
from domain.subscriptions import Subscription
from domain.ticketing import TicketingUseCases


class CommerceUseCases(TicketingUseCases):
    """Quote, contract, invoice and subscription use cases."""

    # -- quotes --------------------------------------------------------------
    def quote(self, tenant_id: str, quote_id: str, version: int | None = None) -> Quote:
        """The quote, or NotFound."""
        return self.load(tenant_id, Quote, quote_id, version)

    def draft_quote(
        self,
        tenant_id: str,
        actor: str,
        name: str,
        client_id: str | None,
        company_id: str | None,
        lines: list[dict[str, Any]],
        custom_fields: dict[str, Any] | None = None,
    ) -> str:
        """Draft a quote in concept; answers its id."""
        self._check_references(
            tenant_id, {"client_id": client_id, "company_id": company_id}
        )

        def action() -> str:
            sequence, (number,) = self.allocate_numbers(tenant_id, "quotes")
            quote = Quote.draft(
                tenant_id,
                actor,
                number,
                name,
                client_id,
                company_id,
                lines,
                custom_fields,
            )
            self.commit(sequence, quote)
            return str(quote.id)

        return self.retrying(action)

    def revise_quote(
        self, tenant_id: str, actor: str, quote_id: str, **changes: Any
    ) -> None:
        """Change a concept quote's name, lines or custom fields."""
        quote = self.quote(tenant_id, quote_id)
        quote.revise(actor, **changes)
        self.commit(quote)

    def send_quote(self, tenant_id: str, actor: str, quote_id: str) -> None:
        """Offer a concept quote to the client."""
        quote = self.quote(tenant_id, quote_id)
        quote.send(actor)
        self.commit(quote)

    def accept_quote(
        self,
        tenant_id: str,
        actor: str,
        quote_id: str,
        name: str,
        note: str,
        signature: str,
    ) -> None:
        """Accept a sent quote with a drawn signature."""
        quote = self.quote(tenant_id, quote_id)
        quote.accept(actor, name, note, signature)
        self.commit(quote)

    def decline_quote(
        self, tenant_id: str, actor: str, quote_id: str, reason: str = ""
    ) -> None:
        """Reject a sent quote."""
        quote = self.quote(tenant_id, quote_id)
        quote.decline(actor, reason)
        self.commit(quote)

    def duplicate_quote(self, tenant_id: str, actor: str, quote_id: str) -> str:
        """Draft a new concept quote with another's content; answers its id."""
        original = self.quote(tenant_id, quote_id)

        def action() -> str:
            sequence, (number,) = self.allocate_numbers(tenant_id, "quotes")
            copy = Quote.draft(
                tenant_id,
                actor,
                number,
                original.name,
                original.client_id,
                original.company_id,
                original.lines,
                original.custom_fields,
                str(original.id),
            )
            self.commit(sequence, copy)
            return str(copy.id)

        return self.retrying(action)

    # -- contracts -------------------------------------------------------------
    def contract(self, tenant_id: str, contract_id: str) -> Contract:
        """The contract, or NotFound."""
        return self.load(tenant_id, Contract, contract_id)

    def conclude_contract(self, tenant_id: str, actor: str, **terms: Any) -> str:
        """Start a contract; answers its id."""
        self._check_references(
            tenant_id, {k: terms.get(k) for k in ("client_id", "company_id")}
        )
        if terms.get("service_id") is not None:
            self.setting_item(tenant_id, "services", terms["service_id"])
        contract = Contract.conclude(tenant_id=tenant_id, actor=actor, **terms)
        self.commit(contract)
        return str(contract.id)

    def amend_contract(
        self, tenant_id: str, actor: str, contract_id: str, changes: dict[str, Any]
    ) -> None:
        """Change a contract's name, service, hours or end date."""
        contract = self.contract(tenant_id, contract_id)
        contract.amend(actor, dict(changes))
        self.commit(contract)

    def buy_prepaid_card(
        self, tenant_id: str, actor: str, contract_id: str, prepaid_card_id: int
    ) -> int:
        """Top up a prepaid contract; answers the minutes now remaining."""
        try:
            card = self.setting_item(tenant_id, "prepaid_cards", prepaid_card_id)
        except Exception as error:
            raise InvalidValue(
                "The selected prepaid card is invalid.", "prepaid_card_id"
            ) from error

        # A card stored before its values were checked may still be invalid.
        data = check_item_data("prepaid_cards", card["data"])
        description = values.text(
            data.get("description") or card["label"], "description", 500
        )

        def action() -> int:
            contract = self.contract(tenant_id, contract_id)
            contract.buy_prepaid_card(
                actor,
                card["id"],
                values.hours(data["hours"], "hours"),
                data["price"],
                description,
            )
            self.commit(contract)
            return contract.minutes_remaining()

        return self.retrying(action)

    # -- invoices --------------------------------------------------------------
    def invoice(self, tenant_id: str, invoice_id: str) -> Invoice:
        """The invoice, or NotFound."""
        return self.load(tenant_id, Invoice, invoice_id)

    def create_invoice(
        self,
        tenant_id: str,
        actor: str,
        company_id: str | None,
        client_id: str | None,
        day: str | None = None,
        reference_number: str = "",
        lines: list[dict[str, Any]] | None = None,
    ) -> str:
        """Start a draft invoice, optionally with lines; answers its id."""
        self._check_references(
            tenant_id, {"client_id": client_id, "company_id": company_id}
        )

        def action() -> str:
            sequence, (number,) = self.allocate_numbers(tenant_id, "invoices")
            invoice = Invoice.create(
                tenant_id,
                actor,
                number,
                company_id,
                client_id,
                day or date.today().isoformat(),
                reference_number,
            )
            for line in lines or []:
                invoice.add_line(actor, line)
            self.commit(sequence, invoice)
            return str(invoice.id)

        return self.retrying(action)

    def add_invoice_line(
        self, tenant_id: str, actor: str, invoice_id: str, line: dict[str, Any]
    ) -> str:
        """Add a typed line to a draft; answers the line id.

        A line for a source goes on through invoice_sources (domain/invoicing.py),
        which records it, so a source given here is dropped.
        """
        invoice = self.invoice(tenant_id, invoice_id)
        line_id = invoice.add_line(actor, {**line, "source": None})
        self.commit(invoice)
        return line_id

    def finalise_invoice(
        self, tenant_id: str, actor: str, invoice_id: str, external_id: str
    ) -> None:
        """Hand a draft to accounting under its external id."""
        invoice = self.invoice(tenant_id, invoice_id)
        invoice.finalise(actor, external_id, CREDIT if invoice.credits else SENT)
        self.commit(invoice)

    def change_invoice_status(
        self, tenant_id: str, actor: str, invoice_id: str, status_id: int
    ) -> None:
        """Record accounting's status for an invoiced invoice."""
        invoice = self.invoice(tenant_id, invoice_id)
        invoice.change_status(actor, status_id)
        self.commit(invoice)

    def restore_invoice(self, tenant_id: str, actor: str, invoice_id: str) -> None:
        """Take an invoiced invoice back to draft."""
        invoice = self.invoice(tenant_id, invoice_id)
        invoice.restore(actor)
        self.commit(invoice)

    def credit_invoice(self, tenant_id: str, actor: str, invoice_id: str) -> str:
        """Draft a credit invoice cancelling an invoiced one; answers its id."""
        original = self.invoice(tenant_id, invoice_id)
        lines = original.credit_lines()

        def action() -> str:
            sequence, (number,) = self.allocate_numbers(tenant_id, "invoices")
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
            self.commit(sequence, credit)
            return str(credit.id)

        return self.retrying(action)

    # -- subscriptions ---------------------------------------------------------
    def subscription(self, tenant_id: str, subscription_id: str) -> Subscription:
        """The subscription, or NotFound."""
        return self.load(tenant_id, Subscription, subscription_id)

    def start_subscription(self, tenant_id: str, actor: str, **terms: Any) -> str:
        """Start a subscription; answers its id."""
        self._check_references(
            tenant_id, {k: terms.get(k) for k in ("client_id", "company_id")}
        )
        subscription = Subscription.start(tenant_id=tenant_id, actor=actor, **terms)
        self.commit(subscription)
        return str(subscription.id)

    def change_subscription(
        self,
        tenant_id: str,
        actor: str,
        subscription_id: str,
        *,
        lines: list[dict[str, Any]] | None = None,
        bill: bool = False,
        terminate_on: str | None = None,
    ) -> None:
        """Replace lines, bill the next period or terminate."""
        subscription = self.subscription(tenant_id, subscription_id)
        if lines is not None:
            subscription.change_lines(actor, lines)
        if bill:
            subscription.bill_period(actor)
        if terminate_on is not None:
            subscription.terminate(actor, terminate_on)
        self.commit(subscription)


def money(value: Decimal | str) -> float:
    """A Decimal amount as a float rounded to cents, for read models."""
    return float(Decimal(str(value)).quantize(Decimal("0.01")))
