"""Use cases for a tenant's mail settings: change them, ask for a test mail."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.mail_settings import MailSettings, Server, mail_settings_id
from domain.store import Store


@dataclass(frozen=True)
class ChangeMailSettings:
    """The whole mail settings; passwords already encrypted, None keeps them."""

    smtp: Server | None = None
    imap: Server | None = None
    addresses: list[str] = field(default_factory=list)
    unknown_senders: str = "review"


class MailSettingsUseCase:
    """A tenant's own SMTP server, mailbox and addresses."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _get(self, tenant_id: str, actor: str) -> MailSettings:
        found = self.store.find(tenant_id, MailSettings, mail_settings_id(tenant_id))
        return found or MailSettings(tenant_id=tenant_id, actor=actor)

    def change(self, tenant_id: str, actor: str, command: ChangeMailSettings) -> None:
        """Replace the tenant's mail settings."""
        settings = self._get(tenant_id, actor)
        settings.change(
            actor,
            command.smtp,
            command.imap,
            command.addresses,
            command.unknown_senders,
        )
        self.store.commit(settings)

    def request_test(self, tenant_id: str, actor: str, to: str) -> str:
        """Queue a test mail through the outbox; answers the request's id."""
        settings = self._get(tenant_id, actor)
        request_id = settings.request_test(actor, to)
        self.store.commit(settings)
        return request_id
