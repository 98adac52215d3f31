"""Which stored events become which mail, and to whom (the outbox follower's rules).

Each handler reads what it needs from the read model (the ticket, the client,
the operator, their languages) and adds letters to the event; the follower
composes and writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Connection, select

from outbound.mail_compose import Letter
from projections import tables as t
from storage.tables import attachments

CLIENT_STATUS_TYPES = frozenset({2, 4, 6})
"""Status types a client is told of: closed, waiting for their reply, scheduled."""


@dataclass
class Event:
    """One event with the read-model rows its mail needs."""

    connection: Connection
    event: Any
    position: int
    tenant: Any
    letters: list[tuple[str, Letter]] = field(default_factory=list)


class Writer(Protocol):
    """What a handler asks of the follower: letters, links, adding them."""

    links: Any

    def letter(self, e: Event, kind: str, **values: Any) -> Letter: ...

    def base(self, e: Event) -> str: ...

    def add(self, e: Event, kind: str, index: int, letter: Letter) -> None: ...


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


MAX_ATTACHED = 20 * 1024 * 1024
"""Files beyond this many bytes in all stay in the portal, not in the mail."""


def _attachments(e: Event, ids: list[str]) -> tuple[tuple[str, str, bytes], ...]:
    """The reply's files as sent along, while they fit in one mail."""
    if not ids:
        return ()
    a = attachments
    rows = e.connection.execute(
        select(a.c.name, a.c.content_type, a.c.size, a.c.path).where(
            a.c.tenant_id == e.tenant.id, a.c.id.in_(ids)
        )
    ).all()
    found: list[tuple[str, str, bytes]] = []
    total = 0
    for name, content_type, size, path in rows:
        total += int(size or 0)
        file = Path(path)
        if total > MAX_ATTACHED or not file.is_file():
            continue
        found.append((str(name), str(content_type), file.read_bytes()))
    return tuple(found)


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


def opened(f: Writer, e: Event) -> None:
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


def message_posted(f: Writer, e: Event) -> None:
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
            attachments=_attachments(e, list(event.attachment_ids or [])),
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


def status_changed(f: Writer, e: Event) -> None:
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


def quote_sent(f: Writer, e: Event) -> None:
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


def test_requested(f: Writer, e: Event) -> None:
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


TARGET_WORDS = {
    "response": {"en": "first response", "nl": "eerste reactie", "de": "erste Antwort"},
    "resolution": {"en": "resolution", "nl": "oplossing", "de": "Lösung"},
}


def sla_alert(f: Writer, e: Event) -> None:
    """A warning or breach of a ticket's SLA, to the operator it is assigned to."""
    ticket = _ticket(e)
    if ticket is None or not ticket.operator_id:
        return
    operator = _user(e, ticket.operator_id)
    if operator is None or not operator.email or not operator.active:
        return
    kind = "sla_warned" if type(e.event).__name__ == "SlaWarned" else "sla_breached"
    words = TARGET_WORDS.get(e.event.target, TARGET_WORDS["resolution"])
    due = e.event.due_at[:16].replace("T", " ") + " UTC"
    f.add(
        e,
        kind,
        0,
        f.letter(
            e,
            kind,
            language=operator.language,
            to=[operator.email],
            names={
                **_ticket_names(ticket, _display(operator)),
                **{f"target_{language}": word for language, word in words.items()},
                "due_at": due,
            },
            link=f"{f.base(e)}/app/operator/tickets/{ticket.id}",
            ticket_id=ticket.id,
        ),
    )


HANDLERS: dict[str, Callable[[Writer, Event], None]] = {
    "Ticket.Opened": opened,
    "Ticket.MessagePosted": message_posted,
    "Ticket.StatusChanged": status_changed,
    "Ticket.SlaWarned": sla_alert,
    "Ticket.SlaBreached": sla_alert,
    "Quote.Sent": quote_sent,
    "MailSettings.TestRequested": test_requested,
}
