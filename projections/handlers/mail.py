"""A tenant's mail settings and the addresses that route to it."""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update

from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler


def created(a: Apply) -> None:
    a.connection.execute(
        insert(t.mail_settings).values(
            tenant_id=a.tenant_id,
            id=a.aggregate_id,
            smtp=None,
            imap=None,
            addresses=[],
            unknown_senders="review",
            created_at=a.at,
            updated_at=a.at,
            version=a.version,
        )
    )


def changed(a: Apply) -> None:
    e = a.event
    connection = a.connection
    connection.execute(
        update(t.mail_settings)
        .where(t.mail_settings.c.tenant_id == a.tenant_id)
        .values(
            smtp=e.smtp,
            imap=e.imap,
            addresses=list(e.addresses),
            unknown_senders=e.unknown_senders,
            updated_at=a.at,
            version=a.version,
        )
    )
    m = t.mail_addresses
    connection.execute(delete(m).where(m.c.tenant_id == a.tenant_id))
    for address in e.addresses:
        # an address another tenant named first stays with it: no tenant can
        # take over another's mail by naming its address
        taken = connection.execute(
            select(m.c.tenant_id).where(m.c.address == address)
        ).first()
        if taken is None:
            connection.execute(insert(m).values(address=address, tenant_id=a.tenant_id))


HANDLERS: dict[str, Handler] = {
    "MailSettings.Created": created,
    "MailSettings.Changed": changed,
}
