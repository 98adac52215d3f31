"""Which tenant a mail is for: by recipient address.

A tenant is reached at any address of `<subdomain>.<mail domain>`
(support@demo.localhost reaches the tenant demo) and at the addresses its
operators configured in the mail settings (outbound.mail_settings).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, select

from projections import tables as t

POLICIES = ("create", "review")
DEFAULT_POLICY = "review"
"""Without settings, mail from an unknown sender waits for an operator."""


@dataclass(frozen=True)
class TenantMail:
    """What inbound needs of a tenant's mail settings."""

    addresses: tuple[str, ...] = ()
    unknown_senders: str = DEFAULT_POLICY
    imap: Any = None


SettingsReader = Callable[[Connection, str], TenantMail]


def read_settings(connection: Connection, tenant_id: str) -> TenantMail:
    """The tenant's mail settings as stored by the operators (none: defaults)."""
    try:
        from outbound.mail_settings import tenant_mail
    except ImportError:  # the settings arrive with the outbound side
        return TenantMail()
    found = tenant_mail(connection, tenant_id)
    if found is None:
        return TenantMail()
    policy = getattr(found, "unknown_senders", DEFAULT_POLICY)
    return TenantMail(
        addresses=tuple(a.lower() for a in getattr(found, "addresses", ()) or ()),
        unknown_senders=policy if policy in POLICIES else DEFAULT_POLICY,
        imap=getattr(found, "imap", None),
    )


@dataclass
class Router:
    """Finds a recipient's tenant; configured addresses are cached a few seconds."""

    engine: Engine
    mail_domain: str
    settings_of: SettingsReader = read_settings
    cache_seconds: float = 10.0
    _configured: dict[str, str] = field(default_factory=dict)
    _loaded_at: float = -1e9

    def tenant_of(self, recipient: str) -> str | None:
        """The tenant a recipient address reaches, or None."""
        address = recipient.strip().lower().strip("<>")
        local, _, host = address.rpartition("@")
        if not local or not host:
            return None
        suffix = "." + self.mail_domain.lower()
        with self.engine.connect() as connection:
            if host.endswith(suffix):
                subdomain = host[: -len(suffix)]
                found = connection.execute(
                    select(t.tenants.c.id).where(t.tenants.c.subdomain == subdomain)
                ).scalar()
                if found:
                    return str(found)
            try:
                from outbound.mail_settings import tenant_of_address
            except ImportError:  # the settings arrive with the outbound side
                return self.configured(connection).get(address)
            found = tenant_of_address(connection, address)
            return str(found) if found else None

    def first_tenant(self, recipients: Iterable[str]) -> str | None:
        """The tenant of the first recipient that reaches one."""
        for recipient in recipients:
            found = self.tenant_of(recipient)
            if found:
                return found
        return None

    def configured(self, connection: Connection) -> dict[str, str]:
        """Every configured address and its tenant."""
        now = time.monotonic()
        if now - self._loaded_at > self.cache_seconds:
            found: dict[str, str] = {}
            for tenant_id in connection.execute(select(t.tenants.c.id)).scalars():
                for address in self.settings_of(connection, tenant_id).addresses:
                    found.setdefault(address, tenant_id)
            self._configured = found
            self._loaded_at = now
        return self._configured
