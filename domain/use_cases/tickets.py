"""Use cases for tickets: opened, changed, merged, cloned, deleted and restored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar
from uuid import UUID, uuid4

from domain.base import stable_id
from domain.errors import InvalidValue, NotFound
from domain.settings import SettingList
from domain.store import Store
from domain.tickets import Ticket
from domain.use_cases.commands import UNSET, Unset, expect_version, given
from domain.use_cases.messages import PostMessage, post_on
from domain.use_cases.settings import Settings
from domain.use_cases.users import Users

REFERENCES = "tickets"


@dataclass(frozen=True)
class OpenTicket:
    """A new ticket: its description and what it is about; status None: default."""

    unknown_field: ClassVar[str] = "Tickets have no field {field!r}."

    description: str
    client_id: str | None | Unset = UNSET
    company_id: str | None | Unset = UNSET
    priority_id: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    ticket_type_id: int | None | Unset = UNSET
    source_id: int | None | Unset = UNSET
    ticket_group_id: str | None | Unset = UNSET
    location_id: str | None | Unset = UNSET
    sla_id: int | None | Unset = UNSET
    operator_id: str | None | Unset = UNSET
    scheduled_at: str | None | Unset = UNSET
    original_email_from: str | None | Unset = UNSET
    custom_values: dict[str, Any] | Unset = UNSET
    status_id: int | None = None
    is_template: bool = False

    def fields(self) -> dict[str, Any]:
        """The ticket's fields as given, without its status and template flag."""
        found = given(self)
        del found["status_id"], found["is_template"]
        return found


@dataclass(frozen=True)
class UpdateTicket:
    """The ticket fields to change, and with status_id its status."""

    unknown_field: ClassVar[str] = "Tickets have no field {field!r}."

    description: str | Unset = UNSET
    client_id: str | None | Unset = UNSET
    company_id: str | None | Unset = UNSET
    priority_id: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    ticket_type_id: int | None | Unset = UNSET
    source_id: int | None | Unset = UNSET
    ticket_group_id: str | None | Unset = UNSET
    location_id: str | None | Unset = UNSET
    sla_id: int | None | Unset = UNSET
    operator_id: str | None | Unset = UNSET
    scheduled_at: str | None | Unset = UNSET
    original_email_from: str | None | Unset = UNSET
    custom_values: dict[str, Any] | Unset = UNSET
    status_id: int | None | Unset = UNSET


class Tickets:
    """Open, change, merge, clone, delete and restore tickets."""

    def __init__(self, store: Store, settings: Settings, users: Users) -> None:
        self.store = store
        self.settings = settings
        self.users = users

    def get(self, tenant_id: str, ticket_id: str, version: int | None = None) -> Ticket:
        """The ticket, or NotFound."""
        return self.store.load(tenant_id, Ticket, ticket_id, version)

    def status(
        self,
        tenant_id: str,
        status_id: int | None,
        statuses: SettingList | None = None,
    ) -> dict[str, Any]:
        """A ticket status item; None means the default (or the first open one)."""
        if statuses is None:
            statuses = self.settings.setting_list(tenant_id, "ticket_statuses")
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

    def _check_parties(self, tenant_id: str, fields: dict[str, Any]) -> None:
        self.users.check_parties(
            tenant_id,
            fields.get("company_id"),
            fields.get("client_id"),
            fields.get("operator_id"),
        )

    def open_many(
        self,
        tenant_id: str,
        actor: str,
        commands: list[tuple[OpenTicket, PostMessage | None]],
        check: bool = True,
        ticket_id: str | None = None,
        at: datetime | None = None,
    ) -> list[str]:
        """Open several tickets in one save (one reference block); answers their ids.

        check=False skips the party checks, for a seed that made them itself.
        ticket_id (one command only): a derived id, so opening it again (a mail
        handled twice) answers the ticket opened the first time. at: when they
        and their first messages were made, if not now (the demo's past)."""
        if ticket_id is not None and len(commands) != 1:
            raise InvalidValue("A given id opens one ticket.", "ids")
        statuses = self.settings.setting_list(tenant_id, "ticket_statuses")
        default_status = self.status(tenant_id, None, statuses)

        def action() -> list[str]:
            if ticket_id is not None and self.store.exists(ticket_id):
                return [ticket_id]
            sequence, numbers = self.settings.allocate_numbers(
                tenant_id, REFERENCES, len(commands)
            )
            tickets = []
            for number, (command, first) in zip(numbers, commands, strict=True):
                status = default_status
                if command.status_id:
                    status = self.status(tenant_id, command.status_id, statuses)
                fields = command.fields()
                if check:
                    self._check_parties(tenant_id, fields)
                ticket = Ticket.open(
                    tenant_id,
                    actor,
                    number,
                    status["id"],
                    status["data"].get("type", 1),
                    fields,
                    command.is_template,
                    ticket_id=None if ticket_id is None else UUID(ticket_id),
                    at=at,
                )
                if first:
                    first_id = str(uuid4())
                    if ticket_id is not None:
                        first_id = str(stable_id(ticket_id, "first"))
                    post_on(ticket, actor, first_id, first, at)
                tickets.append(ticket)
            self.store.commit(sequence, *tickets)
            return [str(t.id) for t in tickets]

        return self.store.retrying(action)

    def open(
        self,
        tenant_id: str,
        actor: str,
        command: OpenTicket,
        first: PostMessage | None = None,
        ticket_id: str | None = None,
        check: bool = True,
        at: datetime | None = None,
    ) -> str:
        """Open one ticket, optionally with its first message; answers its id.

        ticket_id: a derived id that makes opening it again change nothing.
        check=False skips loading the company and client to check they exist,
        for a caller that took them from the signed-in user itself. at: when
        it was opened, if not now."""
        return self.open_many(
            tenant_id,
            actor,
            [(command, first)],
            check=check,
            ticket_id=ticket_id,
            at=at,
        )[0]

    def update(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        command: UpdateTicket,
        expected_version: int | None = None,
    ) -> None:
        """Change ticket fields and, with status_id, its status.

        Retried when a concurrent save (a reply, a note) won, unless the change
        was made on a stale expected_version (StaleVersion, 409).
        """
        changes = given(command)
        status_id = changes.pop("status_id", None)
        self._check_parties(tenant_id, changes)
        status = None if status_id is None else self.status(tenant_id, int(status_id))
        message_id = str(uuid4())

        def action() -> None:
            ticket = self.get(tenant_id, ticket_id)
            expect_version(ticket, expected_version)
            ticket.update(actor, changes)
            if status is not None:
                ticket.change_status(
                    actor,
                    status["id"],
                    status["data"].get("type", 1),
                    status["label"],
                    message_id,
                )
            self.store.commit(ticket)

        self.store.retrying(action)

    def merge(self, tenant_id: str, actor: str, ids: list[str]) -> str:
        """Merge tickets into the first of ids; answers the surviving ticket."""
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise InvalidValue("Name at least two different tickets.", "ids")

        def action() -> str:
            target = self.get(tenant_id, ids[0])
            sources = [self.get(tenant_id, i) for i in ids[1:]]
            for source in sources:
                source.merge_into(actor, str(target.id))
                target.absorb(actor, str(source.id), source.messages)
            self.store.commit(target, *sources)
            return str(target.id)

        # A reply posted meanwhile is reloaded and moves with the thread.
        return self.store.retrying(action)

    def clone(self, tenant_id: str, actor: str, ticket_id: str) -> str:
        """Open a new ticket with the fields of another; answers the clone's id."""
        original = self.get(tenant_id, ticket_id)

        def action() -> str:
            sequence, (number,) = self.settings.allocate_numbers(tenant_id, REFERENCES)
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
            self.store.commit(sequence, clone)
            return str(clone.id)

        return self.store.retrying(action)

    def delete(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        """Move a ticket to the bin."""
        self.change(tenant_id, ticket_id, lambda ticket: ticket.delete(actor))

    def restore(self, tenant_id: str, actor: str, ticket_id: str) -> None:
        """Bring a deleted ticket back."""
        self.change(tenant_id, ticket_id, lambda ticket: ticket.restore(actor))

    def change(
        self, tenant_id: str, ticket_id: str, change: Callable[[Ticket], object]
    ) -> None:
        """Load, change and save a ticket, again when a concurrent save won."""

        def action() -> None:
            ticket = self.get(tenant_id, ticket_id)
            change(ticket)
            self.store.commit(ticket)

        self.store.retrying(action)

    def raise_sla_alert(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        target: str,
        level: str,
        due_at: str,
    ) -> bool:
        """Warn of or record a breach of a ticket's SLA target, once; answers
        whether it was raised now (False when raised before)."""
        raised: list[bool] = []

        def action() -> None:
            ticket = self.get(tenant_id, ticket_id)
            raised[:] = [ticket.raise_sla_alert(actor, target, level, due_at)]
            self.store.commit(ticket)

        self.store.retrying(action)
        return raised[0]
