"""`ledgerdesk mail-send --once` sends what the log asks for through the default
server; without one, the mail waits."""

from __future__ import annotations

import pytest

from api.cli import main
from tests.e2e.api.conftest import Portal
from tests.integration.mail.conftest import SmtpUnderTest
from tests.integration.mail.test_delivery import reply, tickets
from tests.outbox import outbox


def test_mail_send_once_sends_the_waiting_mail(
    portal: Portal,
    operator: dict[str, str],
    smtp: SmtpUnderTest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", portal.svc.settings.database_url)
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    monkeypatch.delenv("LEDGERDESK_SMTP_URL", raising=False)

    assert main(["mail-send", "--once"]) == 0

    assert smtp.received == []
    [waiting] = outbox(portal.svc.engine)
    assert (waiting.status, waiting.attempts) == ("pending", 0)
    monkeypatch.setenv("LEDGERDESK_SMTP_URL", f"smtp://127.0.0.1:{smtp.port}")

    assert main(["mail-send", "--once"]) == 0

    [mail] = smtp.received
    assert mail.recipients == ["client@demo.test"]
    assert outbox(portal.svc.engine)[0].status == "sent"
