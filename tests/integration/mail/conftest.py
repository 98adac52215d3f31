"""The mail outbox on a seeded desk, sending to a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from api.bootstrap import build_mail
from outbound.mail_follower import MailFollower
from outbound.mail_sender import MailSender, SenderConfig
from outbound.mail_server import SmtpServer
from tests.e2e.api.conftest import (  # noqa: F401  (fixtures)
    Portal,
    client_a,
    database_url,
    operator,
    portal,
    seeded_template,
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Received:
    """One mail the server accepted: its envelope and message."""

    sender: str
    recipients: list[str]
    message: EmailMessage


class Recorder:
    """An SMTP handler that keeps what it accepts, or refuses the next n mails."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.refuse = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse > 0:
            self.refuse -= 1
            return "451 4.3.0 Try again later"
        message = message_from_bytes(envelope.content, policy=default)
        self.received.append(
            Received(envelope.mail_from, list(envelope.rcpt_tos), message)  # type: ignore[arg-type]
        )
        return "250 OK"


@dataclass
class SmtpUnderTest:
    """A running aiosmtpd server on a free port, stoppable and startable."""

    port: int
    recorder: Recorder = field(default_factory=Recorder)
    controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(
            self.recorder, hostname="127.0.0.1", port=self.port
        )
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def server(self) -> SmtpServer:
        return SmtpServer("127.0.0.1", self.port, "none")

    @property
    def received(self) -> list[Received]:
        return self.recorder.received


def smtp_server() -> Iterator[SmtpUnderTest]:
    running = SmtpUnderTest(free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


smtp = pytest.fixture(smtp_server)
tenant_smtp = pytest.fixture(smtp_server)


class Clock:
    """A clock the test moves on, to reach the next attempt without waiting."""

    def __init__(self) -> None:
        self.ahead = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead

    def advance(self, seconds: float) -> None:
        self.ahead += timedelta(seconds=seconds)


@dataclass
class Outbox:
    """The follower and sender of the desk under test."""

    portal: Portal
    follower: MailFollower
    sender: MailSender
    clock: Clock

    def follow(self) -> int:
        self.portal.svc.follower.catch_up()
        written = 0
        while True:
            count = self.follower.step()
            written += count
            if count == 0 and self.follower.caught_up():
                return written

    def send(self) -> Any:
        return self.sender.step()

    def run(self) -> Any:
        self.follow()
        return self.send()


def make_outbox(
    desk: Portal, server: SmtpServer | None, max_attempts: int = 8
) -> Outbox:
    svc = desk.svc
    follower, _ = build_mail(svc.settings, svc.domain, svc.engine)
    clock = Clock()
    sender = MailSender(
        svc.engine,
        SenderConfig(default_smtp=server, max_attempts=max_attempts, timeout=5),
        clock=clock,
    )
    return Outbox(desk, follower, sender, clock)


@pytest.fixture
def outbox(portal: Portal, smtp: SmtpUnderTest) -> Outbox:  # noqa: F811
    """The outbox sending through the process default SMTP server `smtp`."""
    return make_outbox(portal, smtp.server)
