"""Invoices: draft lines, finalised with an external id, then paid or expired.

At finalising the invoice freezes what an accountant books: issue date, payment
terms, currency, seller and buyer (domain/bookkeeping.py). Version 2 of the line
and finalised events carries those; version 1 events are upcast on reading.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from eventsourcing.domain import event

from domain import bookkeeping
from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.lines import priced_line, to_decimal, total_excl, total_incl
from domain.periods import parse_date

SENT, OUTSTANDING, OUTSTANDING_REMINDED, PAID, CREDIT, EXPIRED = 1, 2, 3, 4, 8, 9
STATUS_NAMES = {
    SENT: "sent",
    OUTSTANDING: "outstanding",
    OUTSTANDING_REMINDED: "outstanding",
    PAID: "paid",
    CREDIT: "credit invoice",
    EXPIRED: "expired",
}


def status_or_default(status_id: int | None) -> int:
    """An unknown invoice status falls back to sent (1)."""
    return status_id if status_id in STATUS_NAMES else SENT


FULL_CREDIT = "A credit invoice cancels its invoice in full: it cannot be changed."
MARKABLE = {"paid": PAID, "outstanding": OUTSTANDING, "expired": EXPIRED}
"""The statuses an operator may set on a finalised invoice, by name."""


def _day_of(moment: Any) -> str:
    """The date of a stored event's timestamp (a datetime, or its ISO text)."""
    if isinstance(moment, datetime):
        return moment.date().isoformat()
    if isinstance(moment, date):
        return moment.isoformat()
    return str(moment)[:10]


class Invoice(LedgerAggregate):
    """A draft while external_id is unset; invoiced once an accounting id is set."""

    class LineAdded(LedgerAggregate.Event):
        """A line went on the draft; since version 2 it has a unit code, a VAT
        category and an exemption reason."""

        class_version = 2
        line: dict[str, Any]

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """A version 1 line: pieces (C62), standard rated above 0 %, zero
            rated (Z) at 0 %, no exemption reason."""
            state["line"] = {
                **state["line"],
                **bookkeeping.line_terms_of(state["line"]),
            }

    class Finalised(LedgerAggregate.Event):
        """Handed to accounting; since version 2 with its issue date and the
        snapshot an accountant books (bookkeeping.invoice_snapshot)."""

        class_version = 2
        external_id: str
        status_id: int
        issue_date: str
        snapshot: dict[str, Any] | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """A version 1 finalising: issued the day it happened; no parties
            were frozen, so its snapshot is made when it is read."""
            state["issue_date"] = _day_of(state.get("timestamp"))
            state["snapshot"] = None

    class StatusChanged(LedgerAggregate.Event):
        """Accounting's status; since version 2 with the amount paid."""

        class_version = 2
        status_id: int
        paid: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Version 1 recorded no amount: paid follows from the status."""
            state["paid"] = None

    @event("Created")
    def __init__(
        self,
        tenant_id: str,
        actor: str,
        number: int,
        company_id: str | None,
        client_id: str | None,
        date: str,
        reference_number: str,
        credits: str | None = None,
    ) -> None:
        self.tenant_id = tenant_id
        self.number = number
        self.code = f"F{number:06d}"
        self.company_id = company_id
        self.client_id = client_id
        self.date = date
        self.reference_number = reference_number
        self.credits = credits
        self.lines: list[dict[str, Any]] = []
        self.line_counter = 0
        self.external_id: str | None = None
        self.status_id: int | None = None
        self.issue_date: str | None = None
        self.frozen: dict[str, Any] | None = None
        self.paid: str | None = None
        self.credited_by: dict[str, str] | None = None

    @classmethod
    def create(
        cls,
        tenant_id: str,
        actor: str,
        number: int,
        company_id: str | None,
        client_id: str | None,
        date: str,
        reference_number: str = "",
        credits: str | None = None,
    ) -> Invoice:
        """Start a draft invoice."""
        day = parse_date(date, "date")
        if day is None:
            raise InvalidValue("The date field is required.", "date")
        return cls(
            tenant_id=tenant_id,
            actor=actor,
            number=number,
            company_id=company_id,
            client_id=client_id,
            date=day.isoformat(),
            reference_number=(reference_number or "").strip()[:100],
            credits=credits,
        )

    @property
    def is_draft(self) -> bool:
        return self.external_id is None

    @property
    def amount_excl(self) -> str:
        return str(total_excl(self.lines))

    @property
    def amount_incl(self) -> str:
        return str(total_incl(self.lines))

    @property
    def folded_into(self) -> str | None:
        """The draft this one's lines moved to when its company was merged."""
        return self.__dict__.get("_folded_into")

    def _check_draft(self) -> None:
        if not self.is_draft or self.folded_into:
            raise InvalidTransition("Only a draft invoice can be changed.")

    def add_line(self, actor: str, line: dict[str, Any]) -> str:
        """Add a line to the draft; answers the line's id."""
        self._check_draft()
        line_id = str(self.line_counter + 1)
        priced = priced_line(line_id, line)
        priced.update(bookkeeping.vat_terms(line, Decimal(priced["vat_rate"])))
        priced["source"] = line.get("source")
        self._line_added(actor=actor, line=priced)
        return line_id

    @event(LineAdded)
    def _line_added(self, actor: str, line: dict[str, Any]) -> None:
        self.line_counter += 1
        self.lines.append(line)

    def remove_line(self, actor: str, line_id: str) -> None:
        """Remove a line from the draft; a credit invoice cancels in full, so
        its lines stay."""
        self._check_draft()
        if self.credits:
            raise InvalidTransition(FULL_CREDIT)
        if not any(line["id"] == line_id for line in self.lines):
            raise NotFound("Invoice line not found.", "line_id")
        self._line_removed(actor=actor, line_id=line_id)

    @event("LineRemoved")
    def _line_removed(self, actor: str, line_id: str) -> None:
        self.lines = [line for line in self.lines if line["id"] != line_id]

    def fold_into(self, actor: str, target_id: str) -> None:
        """Close an emptied draft whose lines went to another draft (its company
        was merged into the other's): it is no longer an invoice."""
        self._check_draft()
        if self.lines:
            raise InvalidTransition("Move the lines off the draft first.")
        if target_id == str(self.id):
            raise InvalidValue("A draft cannot be folded into itself.", "id")
        self._folded_into(actor=actor, target_id=target_id)

    @event("FoldedInto")
    def _folded_into(self, actor: str, target_id: str) -> None:
        self.__dict__["_folded_into"] = target_id

    def finalise(
        self,
        actor: str,
        external_id: str,
        status_id: int = SENT,
        *,
        issue_date: str | None = None,
        seller: dict[str, Any] | None = None,
        buyer: dict[str, Any] | None = None,
        currency: str = bookkeeping.DEFAULT_CURRENCY,
        payment_terms_days: int = bookkeeping.DEFAULT_TERMS,
        credited_invoice: dict[str, str] | None = None,
    ) -> None:
        """Hand the invoice to accounting under its external id, freezing its
        issue date (today unless given), terms, currency, seller and buyer."""
        self._check_draft()
        if not self.lines:
            raise InvalidValue("An invoice needs at least one line.", "lines")
        external = require_text(external_id, "external_id", 100)
        status = status_or_default(status_id)
        day = issue_date or date.today().isoformat()
        snapshot = bookkeeping.invoice_snapshot(
            invoice_id=str(self.id),
            number=self.code,
            lines=self.lines,
            seller=seller or bookkeeping.seller_of(None, ""),
            buyer=buyer or bookkeeping.buyer_of(self.company_id, None),
            issue_date=day,
            payment_terms_days=payment_terms_days,
            currency=currency,
            status=STATUS_NAMES[status],
            reference=self.reference_number,
            credited_invoice=credited_invoice,
        )
        self._finalised(
            actor=actor,
            external_id=external,
            status_id=status,
            issue_date=day,
            snapshot=snapshot,
        )

    @event(Finalised)
    def _finalised(
        self,
        actor: str,
        external_id: str,
        status_id: int,
        issue_date: str,
        snapshot: dict[str, Any] | None,
    ) -> None:
        self.external_id = external_id
        self.status_id = status_id
        self.issue_date = issue_date
        self.frozen = snapshot
        self.paid = None

    @property
    def gross(self) -> Decimal:
        """The gross total by the VAT breakdown's rounding (positive for a
        credit invoice, as its credit note shows it)."""
        return bookkeeping.gross_of(self.lines, -1 if self.credits else 1)

    @property
    def paid_amount(self) -> Decimal:
        """What has been paid: recorded since version 2, else the whole gross
        of a paid invoice and nothing of any other."""
        if self.paid is not None:
            return Decimal(self.paid)
        return self.gross if self.status_id == PAID else Decimal("0.00")

    def change_status(
        self, actor: str, status_id: int, paid: Decimal | str | None = None
    ) -> None:
        """Record what accounting says of the invoice: outstanding, paid, expired.

        Paid records the whole gross as paid unless an amount is given; any
        other status records nothing paid."""
        if self.is_draft:
            raise InvalidTransition("A draft invoice has no status yet.")
        if status_id not in STATUS_NAMES:
            raise InvalidValue("Unknown invoice status.", "status_id")
        if status_id == PAID:
            amount = self.gross if paid is None else to_decimal(paid, "paid")
            if amount < 0 or amount > self.gross:
                raise InvalidValue(
                    "The amount paid is between 0 and the invoice's gross total.",
                    "paid",
                )
        else:
            amount = Decimal("0.00")
        text = bookkeeping.text2(amount)
        if status_id != self.status_id or text != bookkeeping.text2(self.paid_amount):
            self._status_changed(actor=actor, status_id=status_id, paid=text)

    @event(StatusChanged)
    def _status_changed(self, actor: str, status_id: int, paid: str | None) -> None:
        self.status_id = status_id
        self.paid = paid

    def mark(self, actor: str, status: str) -> None:
        """Mark a finalised invoice paid, outstanding or expired, by name."""
        if status not in MARKABLE:
            raise InvalidValue(
                "The status must be paid, outstanding or expired.", "status"
            )
        if self.is_draft:
            raise InvalidTransition("Only a finalised invoice has a status to mark.")
        if self.credits:
            raise InvalidTransition("A credit invoice cannot be marked.")
        self.change_status(actor, MARKABLE[status])

    def check_creditable(self) -> None:
        """Only a finalised invoice, not itself a credit, credited at most once."""
        if self.is_draft:
            raise InvalidTransition("Only a finalised invoice can be credited.")
        if self.credits:
            raise InvalidTransition("A credit invoice cannot be credited.")
        if self.credited_by:
            raise InvalidTransition(
                f"The invoice has already been credited in full by "
                f"{self.credited_by['number']}."
            )

    def mark_credited(self, actor: str, credit_id: str, credit_number: str) -> None:
        """Record the credit invoice that cancels this one in full."""
        self.check_creditable()
        self._credited(actor=actor, credit_id=credit_id, credit_number=credit_number)

    @event("Credited")
    def _credited(self, actor: str, credit_id: str, credit_number: str) -> None:
        self.credited_by = {"invoice_id": credit_id, "number": credit_number}

    def snapshot(
        self,
        seller: dict[str, Any] | None = None,
        buyer: dict[str, Any] | None = None,
        currency: str = bookkeeping.DEFAULT_CURRENCY,
        payment_terms_days: int = bookkeeping.DEFAULT_TERMS,
        credited_number: str | None = None,
    ) -> dict[str, Any]:
        """The invoice as an accountant books it now (bookkeeping.invoice_snapshot).

        A finalised invoice keeps what it froze then (parties, terms, issue
        date); the arguments fill what one finalised before version 2, or a
        draft, did not freeze."""
        frozen = self.frozen or {}
        terms = (frozen.get("payment_terms") or {}).get("days", payment_terms_days)
        credited = frozen.get("credited_invoice")
        if credited is None and self.credits:
            credited = {"invoice_id": self.credits, "number": credited_number or ""}
        status = STATUS_NAMES[self.status_id] if self.status_id else "draft"
        return bookkeeping.invoice_snapshot(
            invoice_id=str(self.id),
            number=self.code,
            lines=self.lines,
            seller=frozen.get("seller") or seller or bookkeeping.seller_of(None, ""),
            buyer=frozen.get("buyer")
            or buyer
            or bookkeeping.buyer_of(self.company_id, None),
            issue_date=self.issue_date or date.today().isoformat(),
            payment_terms_days=terms,
            currency=frozen.get("currency") or currency,
            status=status,
            reference=self.reference_number,
            credited_invoice=credited,
            paid=self.paid_amount,
            credited_by=self.credited_by,
        )

    def restore(self, actor: str) -> None:
        """Take an invoiced invoice back to draft."""
        if self.is_draft:
            raise InvalidTransition("The invoice is already a draft.")
        if self.status_id == PAID:
            raise InvalidTransition("A paid invoice cannot be restored to draft.")
        if self.credited_by:
            raise InvalidTransition("A credited invoice cannot be restored to draft.")
        if self.credits:
            raise InvalidTransition(FULL_CREDIT)
        self._restored(actor=actor)

    @event("Restored")
    def _restored(self, actor: str) -> None:
        self.external_id = None
        self.status_id = None
        self.issue_date = None
        self.frozen = None
        self.paid = None

    def credit_lines(self) -> list[dict[str, Any]]:
        """The lines of a credit invoice that cancels this one."""
        self.check_creditable()
        return [
            {
                "description": require_text(line["description"], "description"),
                "quantity": f"-{line['quantity']}".replace("--", ""),
                "price": line["price"],
                "vat_rate": line["vat_rate"],
                **bookkeeping.line_terms_of(line),
                "source": None,
            }
            for line in self.lines
        ]
