"""Use cases for the time spent on tickets, booked on contracts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar
from uuid import uuid4

from domain.contracts import Contract
from domain.invoice_sources import (
    AlreadyInvoiced,
    InvoiceSource,
    source_record,
    source_record_id,
)
from domain.store import Store
from domain.tickets import Ticket
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.settings import Settings


@dataclass(frozen=True)
class RegisterTime:
    """Time spent on a ticket, booked on a contract when one is named."""

    unknown_field: ClassVar[str] = "Time registrations have no field {field!r}."

    minutes: int
    executed_at: datetime
    operator_id: str | None = None
    activity_id: int | None = None
    description: str = ""
    contract_id: str | None = None


@dataclass(frozen=True)
class ChangeTime:
    """A partial change of a time registration: what is not given stays."""

    unknown_field: ClassVar[str] = "Time registrations have no field {field!r}."

    minutes: int | Unset = UNSET
    executed_at: datetime | Unset = UNSET
    operator_id: str | None | Unset = UNSET
    activity_id: int | None | Unset = UNSET
    description: str | Unset = UNSET
    contract_id: str | None | Unset = UNSET


class Timekeeping:
    """Register and take back time on tickets, with its contract bookings."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def register(
        self, tenant_id: str, actor: str, ticket_id: str, command: RegisterTime
    ) -> str:
        """Register time on a ticket, booked on a contract when one is named."""
        registration_id = str(uuid4())
        if command.activity_id is not None:
            self.settings.item(tenant_id, "activities", command.activity_id)

        def action() -> str:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            ticket.register_time(
                actor,
                registration_id,
                command.minutes,
                command.executed_at,
                command.operator_id or actor,
                command.activity_id,
                command.description,
                command.contract_id,
            )
            contract = None
            if command.contract_id:
                contract = self.store.load(tenant_id, Contract, command.contract_id)
                contract.book_time(
                    actor,
                    registration_id,
                    str(ticket.id),
                    int(command.minutes),
                    command.executed_at.date(),
                )
            self.store.commit(ticket, contract)
            return registration_id

        return self.store.retrying(action)

    def change(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        registration_id: str,
        command: ChangeTime,
        expected_version: int | None = None,
    ) -> None:
        """Change a registration not on an invoice; its contract booking follows.

        When the contract, the minutes or the day change, the time is unbooked
        from the contract it was on and booked again where it now belongs, in
        the same commit (the contracts' events first, so the read model takes
        the old booking off before the registration's row changes).
        """
        changes = given(command)
        if changes.get("activity_id") is not None:
            self.settings.item(tenant_id, "activities", changes["activity_id"])

        def action() -> None:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            record = self.store.find(
                tenant_id,
                InvoiceSource,
                source_record_id(tenant_id, "time_registration", registration_id),
            )
            if record is not None and record.is_invoiced:
                raise AlreadyInvoiced("Take the time off its invoice first.", "id")
            before = ticket.change_time(
                actor, registration_id, changes, expected_version
            )
            after = ticket.time_registrations[registration_id]
            moved = (before["contract_id"], before["minutes"]) != (
                after["contract_id"],
                after["minutes"],
            ) or before["executed_at"].date() != after["executed_at"].date()
            old = new = None
            if moved and before["contract_id"]:
                old = self.store.load(tenant_id, Contract, before["contract_id"])
                old.unbook_time(actor, registration_id)
            if moved and after["contract_id"]:
                if old is not None and after["contract_id"] == before["contract_id"]:
                    new = old
                else:
                    new = self.store.load(tenant_id, Contract, after["contract_id"])
                new.book_time(
                    actor,
                    registration_id,
                    ticket_id,
                    int(after["minutes"]),
                    after["executed_at"].date(),
                )
            self.store.commit(old, new if new is not old else None, ticket)

        self.store.retrying(action)

    def remove(
        self, tenant_id: str, actor: str, ticket_id: str, registration_id: str
    ) -> None:
        """Take back a time registration not on an invoice, and its booking.

        Its invoicing record is retired in the same commit, so a concurrent
        invoicing of the registration and its removal cannot both succeed.
        """

        def action() -> None:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            registration = ticket.remove_time(actor, registration_id)
            record = source_record(
                self.store, tenant_id, actor, "time_registration", registration_id
            )
            record.retire(actor, "Take the time off its invoice first.")
            contract = None
            if registration["contract_id"]:
                contract = self.store.load(
                    tenant_id, Contract, registration["contract_id"]
                )
                contract.unbook_time(actor, registration_id)
            self.store.commit(ticket, contract, record)

        self.store.retrying(action)
