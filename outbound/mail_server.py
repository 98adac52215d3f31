"""Where mail is handed over: one SMTP server, from a URL or a tenant's settings."""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote, urlparse

Security = Literal["starttls", "tls", "none"]
SECURITIES: tuple[Security, ...] = ("starttls", "tls", "none")

_SCHEMES: dict[str, tuple[Security, int]] = {
    "smtp": ("none", 25),
    "smtp+starttls": ("starttls", 587),
    "smtps": ("tls", 465),
}


@dataclass(frozen=True)
class SmtpServer:
    """An SMTP server and its login; `from_address` is the sender it allows."""

    host: str
    port: int
    security: Security = "starttls"
    user: str | None = None
    password: str | None = None
    from_address: str | None = None

    def __repr__(self) -> str:  # never print the password
        return f"SmtpServer({self.host}:{self.port}, {self.security}, {self.user})"


def parse_smtp_url(url: str) -> SmtpServer:
    """smtp://host:port, smtp+starttls://user:pass@host:587, smtps://...:465."""
    parts = urlparse(url)
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise ValueError(f"not an SMTP URL: {parts.scheme}://{parts.hostname or ''}")
    security, port = _SCHEMES[parts.scheme]
    return SmtpServer(
        host=parts.hostname,
        port=parts.port or port,
        security=security,
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


def hand_over(
    server: SmtpServer,
    sender: str,
    recipients: list[str],
    content: bytes,
    timeout: float,
) -> None:
    """Hand one message, byte for byte, to the server; returns once it accepted."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if server.security == "tls":
        smtp = smtplib.SMTP_SSL(
            server.host, server.port, timeout=timeout, context=context
        )
    else:
        smtp = smtplib.SMTP(server.host, server.port, timeout=timeout)
    with smtp:
        if server.security == "starttls":
            smtp.starttls(context=context)
        if server.user:
            smtp.login(server.user, server.password or "")
        smtp.sendmail(sender, recipients, content)
