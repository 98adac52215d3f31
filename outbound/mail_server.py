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


def connect(server: SmtpServer, timeout: float) -> smtplib.SMTP:
    """An open, greeted (and logged-in) connection to the server."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if server.security == "tls":
        smtp = smtplib.SMTP_SSL(
            server.host, server.port, timeout=timeout, context=context
        )
    else:
        smtp = smtplib.SMTP(server.host, server.port, timeout=timeout)
    try:
        if server.security == "starttls":
            smtp.starttls(context=context)
        if server.user:
            smtp.login(server.user, server.password or "")
    except BaseException:
        smtp.close()
        raise
    return smtp


def hand_over(
    server: SmtpServer,
    sender: str,
    recipients: list[str],
    content: bytes,
    timeout: float,
) -> None:
    """Hand one message, byte for byte, to the server; returns once it accepted."""
    with connect(server, timeout) as smtp:
        smtp.sendmail(sender, recipients, content)


class Connections:
    """Connections kept open across the mails of one pass, one per server."""

    def __init__(self) -> None:
        self.open: dict[SmtpServer, smtplib.SMTP] = {}

    def hand_over(
        self,
        server: SmtpServer,
        sender: str,
        recipients: list[str],
        content: bytes,
        timeout: float,
    ) -> None:
        """Like `hand_over`, on the server's open connection (made when none)."""
        smtp = self.open.get(server)
        if smtp is None:
            smtp = self.open[server] = connect(server, timeout)
        try:
            smtp.sendmail(sender, recipients, content)
        except smtplib.SMTPServerDisconnected:
            self.drop(server)
            smtp = self.open[server] = connect(server, timeout)
            smtp.sendmail(sender, recipients, content)
        except BaseException:
            self.drop(server)
            raise

    def drop(self, server: SmtpServer) -> None:
        """Close the server's connection (after an error, or at the end)."""
        smtp = self.open.pop(server, None)
        if smtp is not None:
            try:
                smtp.quit()
            except (smtplib.SMTPException, OSError):
                smtp.close()

    def close(self) -> None:
        """Close every connection."""
        for server in list(self.open):
            self.drop(server)
