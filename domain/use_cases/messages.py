"""Use cases for a ticket's thread: replies and internal notes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar
from uuid import uuid4

from domain.settings import SettingList
from domain.store import Store
from domain.threads import MailOrigin
from domain.tickets import Ticket
from domain.use_cases.commands import UNSET, Unset, given
from domain.use_cases.settings import Settings


@dataclass(frozen=True)
class PostMessage:
    """A reply (visible to the client) or an internal note; format text or html.

    author: who wrote it when not the one who acts (a first message of a ticket
    opened for a client); origin: the mail it came in as."""

    unknown_field: ClassVar[str] = "Messages have no field {field!r}."

    message: str
    visible_to_client: bool
    is_from_client: bool
    recipients: list[dict[str, Any]] = field(default_factory=list)
    attachment_ids: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    format: str = "text"
    author: str | None = None
    origin: MailOrigin | None = None
    attachment_sha256: dict[str, str] = field(default_factory=dict)
    """Each attached file's sha256 by attachment id (docs/audit.md)."""


@dataclass(frozen=True)
class EditMessage:
    """The message fields to change: its text, description or visibility."""

    unknown_field: ClassVar[str] = "The {field} field cannot be changed."

    message: str | Unset = UNSET
    description: str | None | Unset = UNSET
    visible_to_client: bool | Unset = UNSET


WAITING_FOR_REPLY = 4
GOT_REPLY = 5


def got_reply_status(statuses: SettingList) -> dict[str, Any] | None:
    """The tenant's first status of the got_reply type, if it has one."""
    return next(
        (s for s in statuses.ordered() if s["data"].get("type") == GOT_REPLY), None
    )


def post_on(
    ticket: Ticket,
    actor: str,
    message_id: str,
    command: PostMessage,
    at: datetime | None = None,
) -> None:
    """Put the message on the ticket's thread under its id (at: if not now)."""
    ticket.post_message(
        command.author or actor,
        message_id,
        command.message,
        command.visible_to_client,
        command.is_from_client,
        command.recipients,
        command.attachment_ids,
        command.mentions,
        command.format,
        command.origin,
        attachment_sha256=command.attachment_sha256,
        at=at,
    )


class Messages:
    """Post, edit and remove the messages of a ticket's thread."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def post(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        command: PostMessage,
        message_id: str | None = None,
    ) -> str:
        """Reply or add an internal note; answers the message id.

        A message_id given (derived from a mail's Message-ID) is posted once:
        posting it again changes nothing. A client's reply to a ticket waiting
        for one moves it to the tenant's got_reply status, so the SLA clock that
        the wait paused runs again."""
        message_id = message_id or str(uuid4())

        def action() -> str:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            already = any(m["id"] == message_id for m in ticket.messages)
            post_on(ticket, actor, message_id, command)
            if not already and self._answers_a_wait(ticket, command):
                status = got_reply_status(
                    self.settings.setting_list(tenant_id, "ticket_statuses")
                )
                if status is not None:
                    ticket.change_status(
                        actor, status["id"], GOT_REPLY, status["label"], str(uuid4())
                    )
            self.store.commit(ticket)
            return message_id

        return self.store.retrying(action)

    @staticmethod
    def _answers_a_wait(ticket: Ticket, command: PostMessage) -> bool:
        return (
            command.is_from_client
            and command.visible_to_client
            and getattr(ticket, "status_type", None) == WAITING_FOR_REPLY
        )

    def edit(
        self,
        tenant_id: str,
        actor: str,
        ticket_id: str,
        message_id: str,
        command: EditMessage,
    ) -> None:
        """Change a message's text or visibility."""

        def action() -> None:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            ticket.edit_message(actor, message_id, given(command))
            self.store.commit(ticket)

        self.store.retrying(action)

    def remove(
        self, tenant_id: str, actor: str, ticket_id: str, message_id: str
    ) -> None:
        """Delete a message from a ticket's thread."""

        def action() -> None:
            ticket = self.store.load(tenant_id, Ticket, ticket_id)
            ticket.remove_message(actor, message_id)
            self.store.commit(ticket)

        self.store.retrying(action)
