"""The review queue: mail from unknown senders, accepted or rejected by an operator.

Accepting delivers the held mail as the intake would have: under a client named
(one of the tenant's clients), else as a new client of the company named (or
suggested by the sender's domain, or of none). Rejecting drops it; either way
the mail stays recorded as taken in, so it never comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update

from domain.errors import InvalidTransition, InvalidValue, NotFound
from domain.people import CLIENT, User
from inbound.intake import Intake, Outcome
from inbound.parse import parse
from inbound.tables import review_queue

PAGE = 100


@dataclass(frozen=True)
class Held:
    """A held mail as the queue lists it."""

    id: str
    sender: str
    sender_name: str
    recipients: list[str]
    subject: str
    date: str | None
    preview: str
    company_id: str | None
    status: str


def held_mail(intake: Intake, tenant_id: str, status: str = "held") -> list[Held]:
    """The tenant's held mail, oldest first."""
    r = review_queue
    with intake.engine.connect() as connection:
        rows = connection.execute(
            select(r)
            .where(r.c.tenant_id == tenant_id, r.c.status == status)
            .order_by(r.c.created_at, r.c.id)
            .limit(PAGE)
        )
        return [_held(row) for row in rows]


def _held(row: Any) -> Held:
    return Held(
        id=row.id,
        sender=row.sender,
        sender_name=row.sender_name,
        recipients=list(row.recipients or []),
        subject=row.subject,
        date=row.date.isoformat() if row.date else None,
        preview=row.preview,
        company_id=row.company_id,
        status=row.status,
    )


def _row(intake: Intake, tenant_id: str, held_id: str) -> Any:
    r = review_queue
    with intake.engine.connect() as connection:
        row = connection.execute(
            select(r).where(r.c.tenant_id == tenant_id, r.c.id == held_id[:36])
        ).first()
    if row is None:
        raise NotFound("Held mail not found.", "id")
    if row.status != "held":
        raise InvalidTransition(f"This mail was already {row.status}.")
    return row


def _client(intake: Intake, tenant_id: str, client_id: str) -> User:
    try:
        user = intake.app.users.get(tenant_id, client_id)
    except NotFound as error:
        raise InvalidValue("The selected client_id is invalid.", "client_id") from error
    if user.is_operator != CLIENT:
        raise InvalidValue("The selected client_id is invalid.", "client_id")
    return user


def accept(
    intake: Intake,
    tenant_id: str,
    actor: str,
    held_id: str,
    company_id: str | None = None,
    client_id: str | None = None,
) -> Outcome:
    """Deliver a held mail: as the client named, else as a new client."""
    row = _row(intake, tenant_id, held_id)
    mail = parse(bytes(row.raw))
    if client_id:
        client = _client(intake, tenant_id, client_id)
    else:
        chosen = company_id or row.company_id
        if chosen:
            try:
                intake.app.organisations.company(tenant_id, chosen)
            except NotFound as error:
                raise InvalidValue(
                    "The selected company_id is invalid.", "company_id"
                ) from error
        client = intake.register_client(tenant_id, mail, [chosen] if chosen else [])
    outcome = intake.deliver(tenant_id, row.message_key, mail, client)
    intake.settle(tenant_id, row.message_key, outcome)
    _decide(intake, tenant_id, held_id, actor, "accepted")
    return outcome


def reject(intake: Intake, tenant_id: str, actor: str, held_id: str) -> None:
    """Drop a held mail; it stays recorded, so it is never taken in again."""
    row = _row(intake, tenant_id, held_id)
    intake.settle(tenant_id, row.message_key, Outcome("rejected"))
    _decide(intake, tenant_id, held_id, actor, "rejected")


def _decide(
    intake: Intake, tenant_id: str, held_id: str, actor: str, status: str
) -> None:
    r = review_queue
    with intake.engine.begin() as connection:
        connection.execute(
            update(r)
            .where(r.c.tenant_id == tenant_id, r.c.id == held_id)
            .values(
                status=status,
                decided_by=actor,
                decided_at=datetime.now(UTC),
                raw=b"" if status == "rejected" else r.c.raw,
            )
        )
