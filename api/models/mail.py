"""Request and response models of a tenant's mail settings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Security = Literal["starttls", "tls", "none"]
UnknownSenders = Literal["create", "review"]


class MailSettingsBase(BaseModel):
    smtp_host: str | None = Field(None, max_length=253)
    smtp_port: int | None = Field(None, ge=1, le=65535)
    smtp_security: Security | None = None
    smtp_user: str | None = Field(None, max_length=254)
    from_address: str | None = Field(None, max_length=254)
    imap_host: str | None = Field(None, max_length=253)
    imap_port: int | None = Field(None, ge=1, le=65535)
    imap_security: Security | None = None
    imap_user: str | None = Field(None, max_length=254)
    imap_folder: str | None = Field(None, max_length=200)
    addresses: list[str] = Field(default_factory=list, max_length=20)
    unknown_senders: UnknownSenders = "review"


class MailSettingsIn(MailSettingsBase):
    """The whole settings; a missing or empty password keeps the stored one.

    Without smtp_host the process default server is used; without imap_host no
    mailbox is fetched.
    """

    smtp_password: str | None = Field(None, max_length=500)
    imap_password: str | None = Field(None, max_length=500)


class MailSettingsOut(MailSettingsBase):
    """The settings as stored; passwords are never returned, only whether set."""

    smtp_password_set: bool
    imap_password_set: bool
    default_smtp: bool
    """No own SMTP server: mail leaves through the process default."""


class TestMailIn(BaseModel):
    to: str = Field(max_length=254)


class TestMailQueued(BaseModel):
    id: str
    status: Literal["queued"]
