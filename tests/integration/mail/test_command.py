"""`ledgerdesk mail-send --once` sends what the log asks for through the default
server; without one, the mail waits."""

from __future__ import annotations

from typing import Any

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


def test_ledgerdesk_parked_lists_and_retries_the_outboxs_parked_mail_and_events(
    portal: Portal,
    operator: dict[str, str],
    smtp: SmtpUnderTest,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from outbound import mail_events
    from tests.integration.mail.conftest import make_outbox

    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", portal.svc.settings.database_url)
    mine, other = tickets(portal, 2)
    reply(portal, operator, mine.id, "first")
    desk = make_outbox(portal, smtp.server, max_attempts=1)
    smtp.recorder.refuse = 1
    desk.run()  # refused once, and once is all it may try: parked
    with monkeypatch.context() as patch:

        def broken(*_: object) -> None:
            raise RuntimeError("a bug in making the mail")

        patch.setitem(mail_events.HANDLERS, "Ticket.MessagePosted", broken)
        reply(portal, operator, other.id, "second")
        desk.follow()  # the event whose mail cannot be made is parked
    assert [m.status for m in outbox(portal.svc.engine)] == ["parked"]

    assert main(["parked"]) == 0
    listed = capsys.readouterr().out
    assert "mail-outbox" in listed and "a bug in making the mail" in listed
    assert "1 parked mail(s)" in listed and "451" in listed

    assert main(["parked", "--retry", "--follower", "mail-outbox"]) == 0

    assert "Released 1 parked mail(s)" in capsys.readouterr().out
    assert sorted(m.status for m in outbox(portal.svc.engine)) == [
        "pending",
        "pending",
    ]
    desk.send()
    assert len(smtp.received) == 2


def test_serve_on_the_embedded_default_sends_mail_from_a_thread(
    portal: Portal, operator: dict[str, str], smtp: SmtpUnderTest
) -> None:
    import time

    from api.commands.serve import embedded_app

    settings = portal.svc.settings.model_copy(
        update={"smtp_url": f"smtp://127.0.0.1:{smtp.port}", "poll_interval": 0.05}
    )
    app = embedded_app(settings, projector=True, mail=True)
    try:
        [ticket] = tickets(portal, 1)
        reply(portal, operator, ticket.id, "first")
        deadline = time.monotonic() + 20
        while not replies(smtp) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        for halt in app.state.followers.values():  # the SLA timer's thread too
            halt()
        app.state.services.domain.close()
        app.state.services.engine.dispose()
    [mail] = replies(smtp)
    assert mail.message["Message-ID"].startswith("<reply-")


def replies(smtp: SmtpUnderTest) -> list[Any]:
    """The mail to the client (other kinds may leave beside it)."""
    return [m for m in smtp.received if m.recipients == ["client@demo.test"]]
