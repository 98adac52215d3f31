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
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from eventsourcing.utils import get_topic
from sqlalchemy import Connection, Engine, insert, select, update

from domain.invoices import Invoice
from domain.mail_settings import MailSettings
from domain.quotes import Quote
from domain.store import Store
from domain.tickets import Ticket
from outbound.mail_compose import Letter
from outbound.mail_events import HANDLERS, Event
from outbound.mail_invoices import invoice_finalised
from outbound.mail_outbox import (
    MailIdentity,
    mail_outbox,
    mail_outbox_tracking,
    prepare,
)
from outbound.mail_settings import tenant_mail
from projections import tables as t
from projections.parked import Parked, describe, failed_again, park, resolve

log = logging.getLogger("ledgerdesk.mail")

NAME = "mail-outbox"
READ_MODEL = "read_model"

EVENTS = (
    (Ticket, "Opened"),
    (Ticket, "MessagePosted"),
    (Ticket, "StatusChanged"),
    (Ticket, "SlaWarned"),
    (Ticket, "SlaBreached"),
    (Quote, "Sent"),
    (MailSettings, "TestRequested"),
    (Invoice, "Finalised"),
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
    invoice_pdf: Callable[[Any, Any], bytes] | None = None
    """An invoice's PDF, from the tenant's and the invoice's read-model rows."""


INVOICE_MAIL = {"Invoice.Finalised": invoice_finalised}
"""The invoice mail, beside the ticket, quote and settings mail of HANDLERS."""


def mail_of(name: str) -> Callable[..., None] | None:
    """An event's mail maker, looked up when the event comes (never a copy)."""
    return HANDLERS.get(name) or INVOICE_MAIL.get(name)


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

    def retry(self, parked: list[Parked]) -> list[tuple[Parked, str]]:
        """Write the mail of parked events again (after a fix); answers those
        still failing. Each is written and resolved in one transaction."""
        failing: list[tuple[Parked, str]] = []
        for item in parked:
            [notification] = self.app.recorder.select_notifications(
                item.notification_id, 1
            )
            try:
                with self.engine.begin() as connection:
                    event = self.app.mapper.to_domain_event(notification)
                    rows = self._rows(connection, event, notification.id)
                    if rows:
                        connection.execute(mail_outbox.insert(), rows)
                    resolve(connection, item.id)
            except Exception as error:  # reported, counted and kept parked
                with self.engine.begin() as connection:
                    failed_again(connection, item.id, error)
                failing.append((item, describe(error)))
        return failing

    def _rows(
        self, connection: Connection, event: Any, position: int
    ) -> list[dict[str, Any]]:
        tenant = connection.execute(
            select(t.tenants).where(t.tenants.c.id == event.tenant_id)
        ).first()
        if tenant is None:
            return []
        found = Event(connection, event, position, tenant)
        handler = mail_of(type(event).__qualname__)
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
