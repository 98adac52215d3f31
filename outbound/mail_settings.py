"""A tenant's mail settings as the mail parts use them: passwords decrypted.

The Fernet key lives outside the database (LEDGERDESK_MAIL_KEY); the
composition root hands it over once with `use_key`, and nothing here reads the
environment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import Connection, Engine, select

from outbound.mail_server import SmtpServer
from projections import tables as t

_keys: list[bytes] = []


def use_key(key: bytes) -> None:
    """The key the stored passwords are encrypted with (set by the composition root)."""
    _keys[:] = [key]


def _fernet(key: bytes | None = None) -> Fernet:
    chosen = key or (_keys[0] if _keys else None)
    if chosen is None:
        raise RuntimeError("No mail key: the composition root sets it with use_key.")
    return Fernet(chosen)


def encrypt(password: str, key: bytes | None = None) -> str:
    """The stored form of a password."""
    return _fernet(key).encrypt(password.encode()).decode()


def decrypt(stored: str | None, key: bytes | None = None) -> str | None:
    """The password a stored form holds; None when absent or made with another key."""
    if not stored or not (key or _keys):
        return None
    try:
        return _fernet(key).decrypt(stored.encode()).decode()
    except InvalidToken:
        return None


@dataclass(frozen=True)
class Mailbox:
    """A tenant's IMAP mailbox."""

    host: str
    port: int
    security: str
    user: str | None
    password: str | None
    folder: str = "INBOX"

    def __repr__(self) -> str:  # never print the password
        return f"Mailbox({self.host}:{self.port}, {self.user}, {self.folder})"


@dataclass(frozen=True)
class TenantMail:
    """What one tenant set for its mail (its own SMTP server, mailbox, addresses)."""

    tenant_id: str
    smtp: SmtpServer | None = None
    imap: Mailbox | None = None
    addresses: tuple[str, ...] = ()
    unknown_senders: str = "review"
    smtp_password_set: bool = False
    imap_password_set: bool = False


def _row(connection: Connection, tenant_id: str) -> Any:
    m = t.mail_settings
    return connection.execute(select(m).where(m.c.tenant_id == tenant_id)).first()


def tenant_mail(
    bind: Connection | Engine, tenant_id: str, key: bytes | None = None
) -> TenantMail:
    """The tenant's mail settings (defaults when it set none)."""
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            row = _row(connection, tenant_id)
    else:
        row = _row(bind, tenant_id)
    if row is None:
        return TenantMail(tenant_id=tenant_id)
    smtp = imap = None
    if row.smtp:
        s = row.smtp
        smtp = SmtpServer(
            host=s["host"],
            port=int(s["port"]),
            security=s["security"],
            user=s.get("user"),
            password=decrypt(s.get("password"), key),
            from_address=s.get("from_address"),
        )
    if row.imap:
        i = row.imap
        imap = Mailbox(
            host=i["host"],
            port=int(i["port"]),
            security=i["security"],
            user=i.get("user"),
            password=decrypt(i.get("password"), key),
            folder=i.get("folder") or "INBOX",
        )
    return TenantMail(
        tenant_id=tenant_id,
        smtp=smtp,
        imap=imap,
        addresses=tuple(row.addresses or ()),
        unknown_senders=row.unknown_senders,
        smtp_password_set=bool(row.smtp and row.smtp.get("password")),
        imap_password_set=bool(row.imap and row.imap.get("password")),
    )


def tenant_of_address(bind: Connection | Engine, address: str) -> str | None:
    """The tenant that named this address as one of its own, if any."""
    m = t.mail_addresses
    query = select(m.c.tenant_id).where(m.c.address == address.strip().lower())
    if isinstance(bind, Engine):
        with bind.connect() as connection:
            return connection.execute(query).scalar_one_or_none()
    return bind.execute(query).scalar_one_or_none()
