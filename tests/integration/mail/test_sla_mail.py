"""An SLA warning or breach mails the operator the ticket is assigned to, once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from outbound.sla_timer import SlaTimer
from tests.e2e.api.conftest import Portal
from tests.integration.mail.conftest import Outbox, SmtpUnderTest
from tests.integration.mail.test_kinds import both_parts, speaks


def test_warnings_and_breaches_mail_the_assigned_operator_once(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    speaks(portal, "first@demo.test", "nl")
    outbox.run()  # what the seed left behind is not ours
    smtp.received.clear()
    later = datetime.now(UTC) + timedelta(days=30)
    timer = SlaTimer(portal.svc.domain, portal.svc.engine, clock=lambda: later)
    while timer.step():
        portal.svc.follower.catch_up()

    outbox.run()

    mails = smtp.received
    assert mails
    subjects = [m.message["Subject"] for m in mails]
    assert any("SLA overschreden" in s for s in subjects)
    to_first = [m for m in mails if m.recipients == ["first@demo.test"]]
    assert to_first
    html, text = both_parts(to_first[0].message)
    assert "T-0000" in text and "/app/operator/tickets/" in html
    assert outbox.run().sent == 0  # once
