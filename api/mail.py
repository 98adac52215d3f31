"""Outgoing mail behind one interface: SMTP when configured, else files in var/mail."""

from __future__ import annotations

import os
import smtplib
import threading
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any, Protocol
from uuid import uuid4

SENDER = os.environ.get("LEDGERDESK_MAIL_FROM", "no-reply@ledgerdesk.local")


def public_url(template: str, subdomain: str, configs: dict[str, Any]) -> str:
    """A tenant's base URL for links in mail: its config, else the setting's template.

    Never the request's Host header, which anyone can set.
    """
    own = configs.get("portal.public_url")
    base = str(own) if isinstance(own, str) and own.strip() else template
    return base.replace("{tenant}", subdomain).rstrip("/")


class Mailer(Protocol):
    """Anything that can send one plain-text message."""

    def send(self, to: str, subject: str, text: str) -> None: ...


def _message(to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = SENDER
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = datetime.now(UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    message.set_content(text)
    return message


class SmtpMailer:
    """Sends through the SMTP server named by LEDGERDESK_SMTP_* variables."""

    def __init__(self, host: str, port: int, user: str | None, password: str | None):
        self.host, self.port, self.user, self.password = host, port, user, password

    def send(self, to: str, subject: str, text: str) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=10) as smtp:
            if self.port != 25:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(_message(to, subject, text))


class FileMailer:
    """Writes each message as an .eml file, for development and demos."""

    def __init__(self, directory: str) -> None:
        self.directory = Path(directory)

    def send(self, to: str, subject: str, text: str) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"{datetime.now(UTC):%Y%m%dT%H%M%S}-{uuid4().hex[:8]}.eml"
        (self.directory / name).write_bytes(bytes(_message(to, subject, text)))


class MemoryMailer:
    """Keeps messages in a list, for tests."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []
        self._lock = threading.Lock()

    def send(self, to: str, subject: str, text: str) -> None:
        with self._lock:
            self.sent.append((to, subject, text))


def mailer_from_env() -> Mailer:
    """SMTP when LEDGERDESK_SMTP_HOST is set, else files under LEDGERDESK_MAIL_DIR."""
    host = os.environ.get("LEDGERDESK_SMTP_HOST")
    if host:
        return SmtpMailer(
            host,
            int(os.environ.get("LEDGERDESK_SMTP_PORT", "587")),
            os.environ.get("LEDGERDESK_SMTP_USER"),
            os.environ.get("LEDGERDESK_SMTP_PASSWORD"),
        )
    return FileMailer(os.environ.get("LEDGERDESK_MAIL_DIR", "var/mail"))
