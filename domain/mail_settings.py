"""A tenant's own mail: its SMTP server, its IMAP mailbox, its addresses.

Passwords arrive here already encrypted (the key lives outside the database and
outside the domain); the aggregate only keeps the ciphertext, or keeps the one
it has when a change brings none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import event

from domain.base import LedgerAggregate, stable_id
from domain.errors import InvalidValue
from domain.people import EMAIL

SECURITIES = ("starttls", "tls", "none")
UNKNOWN_SENDERS = ("create", "review")
MAX_ADDRESSES = 20
HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$")


def mail_settings_id(tenant_id: str) -> UUID:
    """One mail-settings aggregate per tenant."""
    return stable_id("mail-settings", tenant_id)


@dataclass(frozen=True)
class Server:
    """An SMTP or IMAP server as asked for; `password` None keeps the stored one."""

    host: str
    port: int
    security: str
    user: str | None = None
    password: str | None = None
    from_address: str | None = None
    folder: str | None = None


def _server(kind: str, server: Server | None, kept: dict[str, Any] | None) -> Any:
    """The server's stored fields, checked; the stored password kept when none."""
    if server is None:
        return None
    host = (server.host or "").strip()
    if not HOST.match(host):
        raise InvalidValue(f"The {kind}_host field is not a host name.", f"{kind}_host")
    if not isinstance(server.port, int) or not 0 < server.port < 65536:
        raise InvalidValue(
            f"The {kind}_port field must be between 1 and 65535.", f"{kind}_port"
        )
    if server.security not in SECURITIES:
        raise InvalidValue(
            f"The {kind}_security field must be one of {', '.join(SECURITIES)}.",
            f"{kind}_security",
        )
    user = (server.user or "").strip() or None
    if user is not None and len(user) > 254:
        raise InvalidValue(f"The {kind}_user field is too long.", f"{kind}_user")
    password = server.password
    if password is None and kept is not None and kept.get("user") == user:
        password = kept.get("password")
    fields: dict[str, Any] = {
        "host": host,
        "port": server.port,
        "security": server.security,
        "user": user,
        "password": password if user else None,
    }
    if kind == "smtp":
        sender = (server.from_address or "").strip().lower() or None
        if sender is not None and (len(sender) > 254 or not EMAIL.match(sender)):
            raise InvalidValue(
                "The from_address field is not an e-mail address.", "from_address"
            )
        fields["from_address"] = sender
    else:
        folder = (server.folder or "INBOX").strip() or "INBOX"
        if len(folder) > 200:
            raise InvalidValue("The imap_folder field is too long.", "imap_folder")
        fields["folder"] = folder
    return fields


def _addresses(addresses: list[str]) -> list[str]:
    found = []
    for item in addresses:
        address = str(item).strip().lower()
        if not address:
            continue
        if len(address) > 254 or not EMAIL.match(address):
            raise InvalidValue(
                f"The addresses field holds an invalid address: {address}.",
                "addresses",
            )
        found.append(address)
    if len(found) > MAX_ADDRESSES:
        raise InvalidValue(
            f"The addresses field holds more than {MAX_ADDRESSES}.", "addresses"
        )
    return list(dict.fromkeys(found))


class MailSettings(LedgerAggregate):
    """The tenant's SMTP server, IMAP mailbox, addresses and unknown-sender rule."""

    @staticmethod
    def create_id(tenant_id: str) -> UUID:
        return mail_settings_id(tenant_id)

    @event("Created")
    def __init__(self, tenant_id: str, actor: str) -> None:
        self.tenant_id = tenant_id
        self.smtp: dict[str, Any] | None = None
        self.imap: dict[str, Any] | None = None
        self.addresses: list[str] = []
        self.unknown_senders = "review"

    def change(
        self,
        actor: str,
        smtp: Server | None,
        imap: Server | None,
        addresses: list[str],
        unknown_senders: str,
    ) -> None:
        """Replace the settings; a password left out keeps the stored one."""
        if unknown_senders not in UNKNOWN_SENDERS:
            raise InvalidValue(
                "The unknown_senders field must be create or review.",
                "unknown_senders",
            )
        values = {
            "smtp": _server("smtp", smtp, self.smtp),
            "imap": _server("imap", imap, self.imap),
            "addresses": _addresses(addresses),
            "unknown_senders": unknown_senders,
        }
        current = {
            "smtp": self.smtp,
            "imap": self.imap,
            "addresses": self.addresses,
            "unknown_senders": self.unknown_senders,
        }
        if values != current:
            self._changed(actor=actor, **values)

    @event("Changed")
    def _changed(
        self,
        actor: str,
        smtp: dict[str, Any] | None,
        imap: dict[str, Any] | None,
        addresses: list[str],
        unknown_senders: str,
    ) -> None:
        self.smtp, self.imap = smtp, imap
        self.addresses, self.unknown_senders = addresses, unknown_senders

    def request_test(self, actor: str, to: str) -> str:
        """Ask for a test mail to `to` through the outbox; answers its id."""
        address = (to or "").strip().lower()
        if len(address) > 254 or not EMAIL.match(address):
            raise InvalidValue("The to field is not an e-mail address.", "to")
        request_id = str(uuid4())
        self._test_requested(actor=actor, to=address, request_id=request_id)
        return request_id

    @event("TestRequested")
    def _test_requested(self, actor: str, to: str, request_id: str) -> None:
        pass
