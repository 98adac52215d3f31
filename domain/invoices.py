"""Invoices: draft lines, finalised with an external id, then paid or expired."""

from __future__ import annotations

from typing import Any

from eventsourcing.domain import event

from domain.base import LedgerAggregate, require_text
from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.lines import priced_line, total_excl, total_incl
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


class Invoice(LedgerAggregate):
    """A draft while external_id is unset; invoiced once an accounting id is set."""

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
        priced["source"] = line.get("source")
        self._line_added(actor=actor, line=priced)
        return line_id

    @event("LineAdded")
    def _line_added(self, actor: str, line: dict[str, Any]) -> None:
        self.line_counter += 1
        self.lines.append(line)

    def remove_line(self, actor: str, line_id: str) -> None:
        """Remove a line from the draft."""
        self._check_draft()
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

    def finalise(self, actor: str, external_id: str, status_id: int = SENT) -> None:
        """Hand the invoice to accounting under its external id."""
        self._check_draft()
        if not self.lines:
            raise InvalidValue("An invoice needs at least one line.", "lines")
        self._finalised(
            actor=actor,
            external_id=require_text(external_id, "external_id", 100),
            status_id=status_or_default(status_id),
        )

    @event("Finalised")
    def _finalised(self, actor: str, external_id: str, status_id: int) -> None:
        self.external_id = external_id
        self.status_id = status_id

    def change_status(self, actor: str, status_id: int) -> None:
        """Record what accounting says of the invoice: outstanding, paid, expired."""
        if self.is_draft:
            raise InvalidTransition("A draft invoice has no status yet.")
        if status_id not in STATUS_NAMES:
            raise InvalidValue("Unknown invoice status.", "status_id")
        if status_id != self.status_id:
            self._status_changed(actor=actor, status_id=status_id)

    @event("StatusChanged")
    def _status_changed(self, actor: str, status_id: int) -> None:
        self.status_id = status_id

    def restore(self, actor: str) -> None:
        """Take an invoiced invoice back to draft."""
        if self.is_draft:
            raise InvalidTransition("The invoice is already a draft.")
        if self.status_id == PAID:
            raise InvalidTransition("A paid invoice cannot be restored to draft.")
        self._restored(actor=actor)

    @event("Restored")
    def _restored(self, actor: str) -> None:
        self.external_id = None
        self.status_id = None

    def credit_lines(self) -> list[dict[str, Any]]:
        """The lines of a credit invoice that cancels this one."""
        if self.is_draft:
            raise InvalidTransition("Only an invoiced invoice can be credited.")
        return [
            {
                "description": require_text(line["description"], "description"),
                "quantity": f"-{line['quantity']}".replace("--", ""),
                "price": line["price"],
                "vat_rate": line["vat_rate"],
            }
            for line in self.lines
        ]
