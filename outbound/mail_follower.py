"""The outbox follower: which stored events become which mail.

It reads the log after its position, up to where the read model has got (the
names, addresses and languages come from there), and writes each event's mail
into the outbox in the transaction that moves its position: every event's
mail is written exactly once. An event it cannot turn into mail (a bug) is
parked in that transaction and the rest flows on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from eventsourcing.utils import get_topic
from sqlalchemy import Connection, Engine, insert, select, update

from domain.mail_settings import MailSettings
from domain.quotes import Quote
from domain.store import Store
from domain.tickets import Ticket
from outbound.mail_compose import Letter
from outbound.mail_outbox import (
    MailIdentity,
    mail_outbox,
    mail_outbox_tracking,
    prepare,
)
from outbound.mail_settings import tenant_mail
from projections import tables as t
from projections.parked import describe, park

log = logging.getLogger("ledgerdesk.mail")

NAME = "mail-outbox"
READ_MODEL = "read_model"
CLIENT_STATUS_TYPES = frozenset({2, 4, 6})
"""Status types a client is told of: closed, waiting for their reply, scheduled."""

EVENTS = (
    (Ticket, "Opened"),
    (Ticket, "MessagePosted"),
    (Ticket, "StatusChanged"),
    (Quote, "Sent"),
    (MailSettings, "TestRequested"),
)
TOPICS = [get_topic(vars(cls)[name]) for cls, name in EVENTS]
"""The stored-event topics the outbox reads; the rest of the log is skipped."""


@dataclass(frozen=True)
class Links:
    """The addresses mail points to, made by the API's own rules."""

    base: Callable[[str, dict[str, Any]], str]
    """A tenant's public base URL, from its subdomain and configs."""
    quote_token: Callable[[str, str], str]
    """A token opening one quote, from the tenant and quote ids."""


@dataclass
class Event:
    """One event with the read-model rows its mail needs."""

    connection: Connection
    event: Any
    position: int
    tenant: Any
    letters: list[tuple[str, Letter]] = field(default_factory=list)


def _key(event: Any, kind: str, index: int = 0) -> str:
    """The outbox id (and so the Message-ID) of an event's n-th mail of a kind."""
    name = f"mail/{event.originator_id}/{event.originator_version}/{kind}/{index}"
    return str(uuid5(NAMESPACE_URL, name))


class MailFollower:
    """Turns stored events into outbox rows, a batch per transaction."""

    def __init__(
        self,
        app: Store,
        engine: Engine,
        identity: MailIdentity,
        links: Links,
        batch_size: int = 100,
        name: str = NAME,
    ) -> None:
        self.app = app
        self.engine = engine
        self.identity = identity
        self.links = links
        self.batch_size = batch_size
        self.name = name

    # -- position ----------------------------------------------------------------
    def _position(self, connection: Connection) -> int:
        query = select(mail_outbox_tracking.c.position).where(
            mail_outbox_tracking.c.name == self.name
        )
        if connection.dialect.name == "postgresql":
            query = query.with_for_update()
        found = connection.execute(query).scalar()
        if found is None:
            connection.execute(
                insert(mail_outbox_tracking).values(
                    name=self.name, position=0, updated_at=datetime.now(UTC)
                )
            )
            return 0
        return int(found)

    def begin_at_head(self, force: bool = False) -> int:
        """Start after the last stored event when not started yet (or `force`):
        a desk's history from before the outbox is never mailed."""
        head = self.app.recorder.max_notification_id() or 0
        with self.engine.begin() as connection:
            start = self._position(connection)
            if start and not force:
                return start
            connection.execute(
                update(mail_outbox_tracking)
                .where(mail_outbox_tracking.c.name == self.name)
                .values(position=head, updated_at=datetime.now(UTC))
            )
        return head

    def position(self) -> int:
        """The id of the last notification whose mail is in the outbox."""
        with self.engine.begin() as connection:
            return self._position(connection)

    def _read_model_position(self, connection: Connection) -> int:
        found = connection.execute(
            select(t.tracking.c.position).where(t.tracking.c.name == READ_MODEL)
        ).scalar()
        return int(found or 0)

    def caught_up(self) -> bool:
        """Whether every stored event has been looked at."""
        return self.position() >= (self.app.recorder.max_notification_id() or 0)

    # -- a batch -------------------------------------------------------------------
    def step(self) -> int:
        """Write the mail of the next batch of events; answers how many mails."""
        written = 0
        with self.engine.begin() as connection:
            start = self._position(connection)
            head = min(
                self.app.recorder.max_notification_id() or 0,
                self._read_model_position(connection),
            )
            if head <= start:
                return 0
            notifications = self.app.recorder.select_notifications(
                start + 1, self.batch_size, stop=head, topics=TOPICS
            )
            end = head
            if len(notifications) == self.batch_size:
                end = notifications[-1].id
            for notification in notifications:
                written += self._handle(connection, notification)
            connection.execute(
                update(mail_outbox_tracking)
                .where(mail_outbox_tracking.c.name == self.name)
                .values(position=end, updated_at=datetime.now(UTC))
            )
        return written

    def _handle(self, connection: Connection, notification: Any) -> int:
        """Write an event's mail; an event whose mail cannot be made is parked.

        Everything is read and composed before anything is written, so a
        failure leaves nothing of that event behind and the batch goes on.
        """
        try:
            event = self.app.mapper.to_domain_event(notification)
            rows = self._rows(connection, event, notification.id)
        except Exception as error:  # a bug in making one mail: set it aside
            log.error("parking event %s: %s", notification.id, describe(error))
            park(connection, self.name, notification, error, None)
            return 0
        if rows:
            connection.execute(mail_outbox.insert(), rows)
        return len(rows)

    def _rows(
        self, connection: Connection, event: Any, position: int
    ) -> list[dict[str, Any]]:
        tenant = connection.execute(
            select(t.tenants).where(t.tenants.c.id == event.tenant_id)
        ).first()
        if tenant is None:
            return []
        found = Event(connection, event, position, tenant)
        handler = HANDLERS.get(type(event).__qualname__)
        if handler is not None:
            handler(self, found)
        if not found.letters:
            return []
        own = tenant_mail(connection, event.tenant_id)
        sender = own.smtp.from_address if own.smtp else None
        return [
            prepare(
                letter,
                self.identity,
                sender=sender,
                key=key,
                position=position,
                event_at=event.timestamp,
            )
            for key, letter in found.letters
        ]

    # -- what each event sends ---------------------------------------------------
    def letter(self, e: Event, kind: str, **values: Any) -> Letter:
        """A letter of the event's tenant, names and configs filled in."""
        tenant = e.tenant
        values.setdefault("language", tenant.language)
        return Letter(
            kind=kind,
            tenant_id=tenant.id,
            subdomain=tenant.subdomain,
            tenant_name=tenant.name,
            overrides=dict(tenant.configs or {}),
            **values,
        )

    def base(self, e: Event) -> str:
        return self.links.base(e.tenant.subdomain, dict(e.tenant.configs or {}))

    def add(self, e: Event, kind: str, index: int, letter: Letter) -> None:
        e.letters.append((_key(e.event, kind, index), letter))


def _ticket(e: Event) -> Any:
    k = t.tickets
    return e.connection.execute(
        select(k).where(
            k.c.tenant_id == e.tenant.id, k.c.id == str(e.event.originator_id)
        )
    ).first()


def _user(e: Event, user_id: str | None) -> Any:
    if not user_id:
        return None
    u = t.users
    return e.connection.execute(
        select(u).where(u.c.tenant_id == e.tenant.id, u.c.id == user_id)
    ).first()


def _user_by_email(e: Event, email: str) -> Any:
    u = t.users
    return e.connection.execute(
        select(u).where(u.c.tenant_id == e.tenant.id, u.c.email == email.lower())
    ).first()


def _client_address(e: Event, ticket: Any) -> tuple[str | None, Any]:
    """Where a ticket's client mail goes, and the client's user row if any."""
    client = _user(e, ticket.client_id)
    if client is not None and client.email:
        return client.email, client
    if ticket.original_email_from:
        return ticket.original_email_from, _user_by_email(e, ticket.original_email_from)
    return None, None


def _last_inbound(e: Event, ticket_id: str) -> str | None:
    """The Message-ID of the client's last mail on the ticket (to answer it)."""
    m = t.messages
    found = e.connection.execute(
        select(m.c.email_message_id)
        .where(
            m.c.tenant_id == e.tenant.id,
            m.c.morphable_id == ticket_id,
            m.c.email_message_id.is_not(None),
        )
        .order_by(m.c.created_at.desc())
        .limit(1)
    ).scalar()
    if not found:
        return None
    value = str(found).strip()
    return value if value.startswith("<") else f"<{value}>"


def _ticket_names(ticket: Any, name: str) -> dict[str, Any]:
    return {
        "reference": ticket.reference,
        "description": ticket.description,
        "name": name,
    }


def _display(user: Any, fallback: str = "") -> str:
    if user is None:
        return fallback
    return str(user.first_name or user.full_name or fallback)


def opened(f: MailFollower, e: Event) -> None:
    """A ticket a client opened (portal or mail) is acknowledged with its reference."""
    ticket = _ticket(e)
    if ticket is None or ticket.is_template:
        return
    actor = _user(e, e.event.actor)
    by_client = actor is not None and not actor.is_operator
    if not (by_client or ticket.original_email_from):
        return
    address, client = _client_address(e, ticket)
    if not address:
        return
    letter = f.letter(
        e,
        "opened",
        language=client.language if client is not None else e.tenant.language,
        to=[address],
        names=_ticket_names(ticket, _display(client, address)),
        link=f"{f.base(e)}/app/tickets/{ticket.id}",
        ticket_id=ticket.id,
        in_reply_to=_last_inbound(e, ticket.id),
        references=[r for r in [_last_inbound(e, ticket.id)] if r],
    )
    f.add(e, "opened", 0, letter)


def message_posted(f: MailFollower, e: Event) -> None:
    """A reply to the client, a client's reply to the operator, @mentions."""
    event = e.event
    ticket = _ticket(e)
    if ticket is None or ticket.is_template:
        return
    actor = _user(e, event.actor)
    inbound = _last_inbound(e, ticket.id)
    if event.visible_to_client and not event.is_from_client and event.recipients:
        kinds: dict[str, list[str]] = {"to": [], "cc": [], "bcc": []}
        for recipient in event.recipients:
            kinds.get(recipient.get("type") or "to", kinds["to"]).append(
                str(recipient["address"]).lower()
            )
        address, client = _client_address(e, ticket)
        if client is None and kinds["to"]:
            client = _user_by_email(e, kinds["to"][0])
        letter = f.letter(
            e,
            "reply",
            language=client.language if client is not None else e.tenant.language,
            to=kinds["to"] or kinds["cc"][:1],
            cc=[a for a in kinds["cc"] if a not in kinds["to"]],
            bcc=kinds["bcc"],
            names=_ticket_names(ticket, _display(client, address or "")),
            message_html=event.message,
            link=f"{f.base(e)}/app/tickets/{ticket.id}",
            ticket_id=ticket.id,
            in_reply_to=inbound,
            references=[inbound] if inbound else [],
            automatic=False,
        )
        f.add(e, "reply", 0, letter)
    if (
        event.is_from_client
        and ticket.operator_id
        and ticket.operator_id != event.actor
    ):
        operator = _user(e, ticket.operator_id)
        if operator is not None and operator.email and operator.active:
            writer = (
                actor.full_name
                if actor is not None
                else (event.original_email_from or "")
            )
            f.add(
                e,
                "client_reply",
                0,
                f.letter(
                    e,
                    "client_reply",
                    language=operator.language,
                    to=[operator.email],
                    names={
                        **_ticket_names(ticket, _display(operator)),
                        "actor": writer,
                    },
                    message_html=event.message if event.format == "html" else None,
                    link=f"{f.base(e)}/app/operator/tickets/{ticket.id}",
                    ticket_id=ticket.id,
                ),
            )
    for index, operator_id in enumerate(event.mentions or []):
        if operator_id == event.actor:
            continue
        operator = _user(e, operator_id)
        if operator is None or not operator.email or not operator.active:
            continue
        f.add(
            e,
            "mention",
            index,
            f.letter(
                e,
                "mention",
                language=operator.language,
                to=[operator.email],
                names={
                    **_ticket_names(ticket, _display(operator)),
                    "actor": actor.full_name if actor is not None else "",
                },
                link=f"{f.base(e)}/app/operator/tickets/{ticket.id}",
                ticket_id=ticket.id,
            ),
        )


def status_changed(f: MailFollower, e: Event) -> None:
    """A move to a status the client is told of."""
    event = e.event
    if event.status_type not in CLIENT_STATUS_TYPES:
        return
    ticket = _ticket(e)
    if ticket is None or ticket.is_template:
        return
    address, client = _client_address(e, ticket)
    if not address:
        return
    s = t.setting_items
    item = e.connection.execute(
        select(s.c.label, s.c.data).where(
            s.c.tenant_id == e.tenant.id,
            s.c.kind == "ticket_statuses",
            s.c.id == event.status_id,
        )
    ).first()
    status = event.status_name
    if item is not None:
        status = (item.data or {}).get("name_client") or item.label or status
    inbound = _last_inbound(e, ticket.id)
    f.add(
        e,
        "status",
        0,
        f.letter(
            e,
            "status",
            language=client.language if client is not None else e.tenant.language,
            to=[address],
            names={
                **_ticket_names(ticket, _display(client, address)),
                "status": status,
            },
            link=f"{f.base(e)}/app/tickets/{ticket.id}",
            ticket_id=ticket.id,
            in_reply_to=inbound,
            references=[inbound] if inbound else [],
        ),
    )


def quote_sent(f: MailFollower, e: Event) -> None:
    """A sent quote, with the link that opens and accepts it."""
    q = t.quotes
    quote = e.connection.execute(
        select(q).where(
            q.c.tenant_id == e.tenant.id, q.c.id == str(e.event.originator_id)
        )
    ).first()
    if quote is None:
        return
    client = _user(e, quote.client_id)
    if client is None or not client.email:
        return
    token = f.links.quote_token(e.tenant.id, quote.id)
    f.add(
        e,
        "quote",
        0,
        f.letter(
            e,
            "quote",
            language=client.language,
            to=[client.email],
            names={"name": _display(client), "quote": quote.name},
            link=f"{f.base(e)}/app/quotes/{quote.id}?token={token}",
        ),
    )


def test_requested(f: MailFollower, e: Event) -> None:
    """The test mail an operator asked for from the mail settings."""
    actor = _user(e, e.event.actor)
    f.add(
        e,
        "test",
        0,
        f.letter(
            e,
            "test",
            language=actor.language if actor is not None else e.tenant.language,
            to=[e.event.to],
        ),
    )


HANDLERS: dict[str, Callable[[MailFollower, Event], None]] = {
    "Ticket.Opened": opened,
    "Ticket.MessagePosted": message_posted,
    "Ticket.StatusChanged": status_changed,
    "Quote.Sent": quote_sent,
    "MailSettings.TestRequested": test_requested,
}
