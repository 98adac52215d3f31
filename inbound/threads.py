"""Which ticket a mail answers, and whether its sender may add to it.

In order: a Message-ID it answers (In-Reply-To, then References, nearest
first) that is (a) a mail taken in before, (b) a mail the outbox sent
(outbound.mail_outbox), (c) a ticket's thread root `<ticket-{id}@...>`; else
the `[T-000123]` reference in the subject. A ticket found is used only when the
sender may see it (their own ticket, or one of their company's); otherwise the
mail opens a new ticket, so a client cannot write onto another company's ticket.
"""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import Connection, select

from domain.application import Ledgerdesk
from domain.errors import NotFound
from domain.people import User
from domain.tickets import Ticket
from inbound.parse import ParsedMail
from inbound.tables import inbound_mail
from projections import tables as t

ROOT = re.compile(r"^<ticket-([0-9a-fA-F-]{36})@[^>]+>$")
REFERENCE = re.compile(r"\[(T-\d{6,})\]")


def _outbox_ticket(connection: Connection, tenant_id: str, message_id: str) -> Any:
    try:
        from outbound.mail_outbox import ticket_of_message_id
    except ImportError:  # the outbox arrives with the outbound side
        return None
    return ticket_of_message_id(connection, tenant_id, message_id)


def candidates(connection: Connection, tenant_id: str, mail: ParsedMail) -> list[str]:
    """The tickets the mail names, the likeliest first."""
    found: list[str] = []
    for message_id in mail.thread_ids:
        known = connection.execute(
            select(inbound_mail.c.ticket_id).where(
                inbound_mail.c.tenant_id == tenant_id,
                inbound_mail.c.message_key == message_id[:998],
            )
        ).scalar()
        if known:
            found.append(str(known))
        sent = _outbox_ticket(connection, tenant_id, message_id)
        if sent:
            found.append(str(sent))
        root = ROOT.match(message_id)
        if root:
            found.append(root.group(1).lower())
    for reference in REFERENCE.findall(mail.subject):
        ticket_id = connection.execute(
            select(t.tickets.c.id).where(
                t.tickets.c.tenant_id == tenant_id, t.tickets.c.reference == reference
            )
        ).scalar()
        if ticket_id:
            found.append(str(ticket_id))
    return list(dict.fromkeys(found))


def may_add_to(ticket: Ticket, client: User) -> bool:
    """A client may write on their own tickets and on their companies' tickets."""
    if ticket.deleted or ticket.is_template:
        return False
    if ticket.fields.get("client_id") == str(client.id):
        return True
    company_id = ticket.fields.get("company_id")
    return bool(company_id) and company_id in (client.company_ids or [])


def ticket_for(
    app: Ledgerdesk,
    connection: Connection,
    tenant_id: str,
    mail: ParsedMail,
    client: User,
) -> str | None:
    """The ticket this mail answers that its sender may add to, or None."""
    for ticket_id in candidates(connection, tenant_id, mail):
        try:
            ticket = app.tickets.get(tenant_id, ticket_id)
            if ticket.merged_into:
                ticket = app.tickets.get(tenant_id, ticket.merged_into)
        except NotFound:
            continue
        if may_add_to(ticket, client):
            return str(ticket.id)
    return None
