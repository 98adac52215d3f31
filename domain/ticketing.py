"""Use cases for tickets, their threads and time, and for assets."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import uuid4

from domain.assets import Asset
from domain.base import LedgerAggregate
from domain.contracts import Contract
from domain.directory import DirectoryUseCases
from domain.errors import InvalidValue, NotFound, StaleVersion
from domain.invoice_sources import source_record
from domain.organisations import Company
from domain.people import User
from domain.settings import SettingList
from domain.tickets import Ticket

REFERENCES = "tickets"


class TicketingUseCases(DirectoryUseCases):
    """Open, answer, move, time, merge, clone, delete and restore tickets; assets."""

    def ticket(
        self, tenant_id: str, ticket_id: str, version: int | None = None
    ) -> Ticket:
        """The ticket, or NotFound."""
        return self.load(tenant_id, Ticket, ticket_id, version)

    def status(
        self,
        tenant_id: str,
        status_id: int | None,
        statuses: SettingList | None = None,
    ) -> dict[str, Any]:
        """A ticket status item; None means the default (or the first open one)."""
        if statuses is None:
            statuses = self.setting_list(tenant_id, "ticket_statuses")
        if status_id is not None:
            try:
                return statuses.get(status_id)
            except NotFound as error:
                raise InvalidValue(
                    "The selected status is invalid.", "status_id"
                ) from error
        chosen = statuses.default() or next(
            (s for s in statuses.ordered() if s["data"].get("type") == 1), None
        )
        if chosen is None:
            raise InvalidValue("The tenant has no open ticket status.", "status_id")
        return chosen

    def _check_references(self, tenant_id: str, fields: dict[str, Any]) -> None:
        if fields.get("company_id"):
            self.load(tenant_id, Company, fields["company_id"])
        for name in ("client_id", "operator_id"):
            if fields.get(name):
                try:
                    self.load(tenant_id, User, fields[name])
                except NotFound as error:
                    raise InvalidValue(
                        f"The selected {name} is invalid.", name
                    ) from error

    def open_tickets(
        self,
        tenant_id: str,
        actor: str,
        specs: list[dict[str, Any]],
        first_messages: list[dict[str, Any] | None] | None = None,
        check: bool = True,
    ) -> list[str]:
        """Open several tickets in one save (one reference block); answers their ids."""
        statuses = self.setting_list(tenant_id, "ticket_statuses")
        default_status = self.status(tenant_id, None, statuses)

        def action() -> list[str]:
            sequence, numbers = self.allocate_numbers(tenant_id, REFERENCES, len(specs))
            tickets = []
            for number, spec, first in zip(
                numbers, specs, first_messages or [None] * len(specs), strict=True
            ):
                spec = dict(spec)
                is_template = bool(spec.pop("is_template", False))
                status_id = spec.pop("status_id", None)
                try:
                    status = statuses.get(status_id) if status_id else default_status
                except NotFound as error:
                    raise InvalidValue(
                        "The selected status is invalid.", "status_id"
                    ) from error
                if check:
                    self._check_references(tenant_id, spec)
                ticket = Ticket.open(
                    tenant_id,
                    actor,
                    number,
                    status["id"],
                    status["data"].get("type", 1),
                    spec,
                    is_template,
                )
                if first:
                    ticket.post_message(
                        actor=first.get("actor", actor),
                        message_id=str(uuid4()),
                        **{k: v for k, v in first.items() if k != "actor"},
                    )
                tickets.append(ticket)
            self.commit(sequence, *tickets)
            return [str(t.id) for t in tickets]

        return self.retrying(action)

    def open_ticket(
        self,
        tenant_id: str,
        actor: str,
        fields: dict[str, Any],
        message: dict[str, Any] | None = None,
    ) -> str:
        """Open one ticket, optionally with its first message; answers its id."""
        return self.open_tickets(tenant_id, actor, [fields], [message])[0]

    def update_ticket(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        changes: dict[str, Any],
        expected_version: int | None = None,
    ) -> None:
        """Change ticket fields and, with status_id, its status.

        Retried when a concurrent save (a reply, a note) won, unless the change
        was made on a stale expected_version (StaleVersion, 409).
        """
        changes = dict(changes)
        status_id = changes.pop("status_id", None)
        self._check_references(tenant_id, changes)
        status = None if status_id is None else self.status(tenant_id, int(status_id))
        message_id = str(uuid4())

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            self.expect_version(ticket, expected_version)
            ticket.update(actor, changes)
            if status is not None:
                ticket.change_status(
                    actor,
                    status["id"],
                    status["data"].get("type", 1),
                    status["label"],
                    message_id,
                )
            self.commit(ticket)

        self.retrying(action)

    def expect_version(self, aggregate: LedgerAggregate, expected: int | None) -> None:
        """Refuse a change made on top of an older version than the current one."""
        if expected is not None and int(expected) != aggregate.version:
            raise StaleVersion(
                "This record was changed by someone else while you edited it. "
                "Reload to see their change."
            )

    def post_message(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        message: str,
        visible_to_client: bool,
        is_from_client: bool,
        recipients: list[dict[str, Any]] | None = None,
        attachment_ids: list[str] | None = None,
        mentions: list[str] | None = None,
        format: str = "text",
    ) -> str:
        """Reply or add an internal note (format "text" or "html"); answers its id."""
        message_id = str(uuid4())

        def action() -> str:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.post_message(
                actor,
                message_id,
                message,
                visible_to_client,
                is_from_client,
                recipients,
                attachment_ids,
                mentions,
                format,
            )
            self.commit(ticket)
            return message_id

        return self.retrying(action)

    def edit_message(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        message_id: str,
        changes: dict[str, Any],
    ) -> None:
        """Change a message's text or visibility."""

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.edit_message(actor, message_id, changes)
            self.commit(ticket)

        self.retrying(action)

    def remove_message(
        self, tenant_id: str, actor: str, ticket_id: str, message_id: str
    ) -> None:
        """Delete a message from a ticket's thread."""

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.remove_message(actor, message_id)
            self.commit(ticket)

        self.retrying(action)

    def register_time(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        minutes: int,
        executed_at: datetime,
        operator_id: str | None = None,
        activity_id: int | None = None,
        description: str = "",
        contract_id: str | None = None,
    ) -> str:
        """Register time on a ticket, booked on a contract when one is named."""
        registration_id = str(uuid4())
        if activity_id is not None:
            self.setting_item(tenant_id, "activities", activity_id)

        def action() -> str:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.register_time(
                actor,
                registration_id,
                minutes,
                executed_at,
                operator_id or actor,
                activity_id,
                description,
                contract_id,
            )
            contract = None
            if contract_id:
                contract = self.load(tenant_id, Contract, contract_id)
                contract.book_time(
                    actor,
                    registration_id,
                    str(ticket.id),
                    int(minutes),
                    executed_at.date(),
                )
            self.commit(ticket, contract)
            return registration_id

        return self.retrying(action)

    def remove_time(
        self, tenant_id: str, actor: str, ticket_id: str, registration_id: str
    ) -> None:
        """Take back a time registration not on an invoice, and its booking.

        Its invoicing record is retired in the same commit, so a concurrent
        invoicing of the registration and its removal cannot both succeed.
        """

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            registration = ticket.remove_time(actor, registration_id)
            record = source_record(
                self, tenant_id, actor, "time_registration", registration_id
            )
            record.retire(actor, "Take the time off its invoice first.")
            contract = None
            if registration["contract_id"]:
                contract = self.load(tenant_id, Contract, registration["contract_id"])
                contract.unbook_time(actor, registration_id)
            self.commit(ticket, contract, record)

        self.retrying(action)

    def merge_tickets(self, tenant_id: str, actor: str, ids: list[str]) -> str:
        """Merge tickets into the first of ids; answers the surviving ticket."""
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise InvalidValue("Name at least two different tickets.", "ids")

        def action() -> str:
            target = self.ticket(tenant_id, ids[0])
            sources = [self.ticket(tenant_id, i) for i in ids[1:]]
            for source in sources:
                source.merge_into(actor, str(target.id))
                target.absorb(actor, str(source.id), source.messages)
            self.commit(target, *sources)
            return str(target.id)

        # A reply posted meanwhile is reloaded and moves with the thread.
        return self.retrying(action)

    def clone_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> str:
        """Open a new ticket with the fields of another; answers the clone's id."""
        original = self.ticket(tenant_id, ticket_id)

        def action() -> str:
            sequence, (number,) = self.allocate_numbers(tenant_id, REFERENCES)
            status = self.status(tenant_id, None)
            fields = {k: v for k, v in original.fields.items() if v is not None}
            clone = Ticket.open(
                tenant_id,
                actor,
                number,
                status["id"],
                status["data"].get("type", 1),
                fields,
                original.is_template,
                str(original.id),
            )
            self.commit(sequence, clone)
            return str(clone.id)

        return self.retrying(action)

    def delete_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        """Move a ticket to the bin."""

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.delete(actor)
            self.commit(ticket)

        self.retrying(action)

    def restore_ticket(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        """Bring a deleted ticket back."""

        def action() -> None:
            ticket = self.ticket(tenant_id, ticket_id)
            ticket.restore(actor)
            self.commit(ticket)

        self.retrying(action)

    # -- assets --------------------------------------------------------------
    def register_asset(self, tenant_id: str, actor: str, fields: dict[str, Any]) -> str:
        """Register an asset; answers its id."""
        fields = dict(fields)
        self._check_references(tenant_id, fields)
        if fields.get("status_id") is not None:
            status = self.setting_item(tenant_id, "asset_statuses", fields["status_id"])
            fields["status_type"] = status["data"].get("type", 4)
        asset = Asset.register(tenant_id, actor, fields)
        self.commit(asset)
        return str(asset.id)

    def update_asset(
        self, tenant_id: str, actor: str, asset_id: str, changes: dict[str, Any]
    ) -> None:
        """Change an asset's fields."""
        asset = self.load(tenant_id, Asset, asset_id)
        self._check_references(tenant_id, changes)
        asset.update(actor, changes)
        self.commit(asset)

    def post_asset_message(
        self,
        tenant_id: str,
        actor: str,
        asset_id: str,
        message: str,
        visible_to_client: bool,
    ) -> str:
        """Attach a message to an asset; answers its id."""
        message_id = str(uuid4())

        def action() -> str:
            asset = self.load(tenant_id, Asset, asset_id)
            asset.post_message(actor, message_id, message, visible_to_client)
            self.commit(asset)
            return message_id

        return self.retrying(action)
