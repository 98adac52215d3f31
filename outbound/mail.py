"""Outgoing mail behind one interface: SMTP when configured, else files in var/mail.

Which one a process uses is chosen by the composition root (api/bootstrap.py).
"""

from __future__ import annotations

import smtplib
import threading
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol
from uuid import uuid4


class Mailer(Protocol):
    """Anything that can send one plain-text message."""

    def send(self, to: str, subject: str, text: str) -> None: ...


def _message(sender: str, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = datetime.now(UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    message.set_content(text)
    return message


class SmtpMailer:
    """Sends through the SMTP server named by the LEDGERDESK_SMTP_* settings."""

    def __init__(
        self,
        sender: str,
        host: str,
        port: int,
        user: str | None = None,
        password: str | None = None,
    ) -> None:
        self.sender = sender
        self.host, self.port, self.user, self.password = host, port, user, password

    def send(self, to: str, subject: str, text: str) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=10) as smtp:
            if self.port != 25:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(_message(self.sender, to, subject, text))


class FileMailer:
    """Writes each message as an .eml file, for development and demos."""

    def __init__(self, sender: str, directory: str) -> None:
        self.sender = sender
        self.directory = Path(directory)

    def send(self, to: str, subject: str, text: str) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"{datetime.now(UTC):%Y%m%dT%H%M%S}-{uuid4().hex[:8]}.eml"
        message = _message(self.sender, to, subject, text)
        (self.directory / name).write_bytes(bytes(message))


class MemoryMailer:
    """Keeps messages in a list, for tests."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []
        self._lock = threading.Lock()

    def send(self, to: str, subject: str, text: str) -> None:
        with self._lock:
            self.sent.append((to, subject, text))
