"""Handing the outbox to SMTP: exactly once into the outbox, at most one
duplicate (the same Message-ID) across a crash, retries with back-off, parking,
holding a ticket's later mail back, a server down and up, and each tenant's own
server before the default."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from api.observability_state import health
from domain.mail_settings import Server
from domain.use_cases.mail_settings import ChangeMailSettings
from outbound.mail_outbox import mail_outbox, ticket_of_message_id
from outbound.mail_sender import release
from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal
from tests.integration.mail.conftest import (
    Outbox,
    SmtpUnderTest,
    make_outbox,
)
from tests.outbox import outbox as outbox_rows


def tickets(portal: Portal, count: int) -> list[Any]:
    tenant_id = portal.tenant_id()
    k = t.tickets
    with portal.svc.engine.connect() as connection:
        rows = connection.execute(
            select(k)
            .where(
                k.c.tenant_id == tenant_id,
                k.c.client_id.is_not(None),
                k.c.is_template.is_(False),
                k.c.deleted.is_(False),
            )
            .order_by(k.c.number)
            .limit(count)
        ).all()
    assert len(rows) == count
    return list(rows)


def reply(portal: Portal, headers: dict[str, str], ticket_id: str, text: str) -> None:
    answer = portal.post(
        "/api/messages",
        headers,
        data={
            "message": f"<p>{text}</p>",
            "is_from_client": "0",
            "visible_to_client": "1",
            "morphable_type": "Ticket",
            "morphable_id": ticket_id,
        },
    )
    assert answer.status_code == 201, answer.text


def bodies(smtp: SmtpUnderTest) -> list[str]:
    found = []
    for mail in smtp.received:
        part = mail.message.get_body(("plain",))
        assert part is not None
        text = part.get_content()  # type: ignore[attr-defined]
        found.append(next(w for w in ("first", "second", "other") if w in text))
    return found


def test_the_outbox_writes_each_events_mail_once(
    portal: Portal, operator: dict[str, str], outbox: Outbox
) -> None:
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")

    assert outbox.follow() == 1
    again = make_outbox(portal, None)
    assert again.follow() == 0  # a second follower starts where the first stopped
    assert len(outbox_rows(portal.svc.engine, "reply")) == 1


def test_a_failure_while_writing_leaves_nothing_half_written(
    portal: Portal,
    operator: dict[str, str],
    outbox: Outbox,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    portal.svc.follower.catch_up()
    before = outbox.follower.position()
    from outbound import mail_follower

    original = mail_follower.MailFollower.step

    def dying_step(self: Any) -> int:
        with self.engine.begin() as connection:
            start = self._position(connection)
            [n] = self.app.recorder.select_notifications(
                start + 1, 1, topics=mail_follower.TOPICS
            )
            self._handle(connection, n)
            raise KeyboardInterrupt  # the process dies between rows and position

    monkeypatch.setattr(mail_follower.MailFollower, "step", dying_step)
    with pytest.raises(KeyboardInterrupt):
        outbox.follower.step()
    assert outbox_rows(portal.svc.engine) == []
    assert outbox.follower.position() == before
    monkeypatch.setattr(mail_follower.MailFollower, "step", original)

    assert outbox.follow() == 1
    assert len(outbox_rows(portal.svc.engine)) == 1


def test_a_crash_after_the_server_accepted_sends_one_duplicate_with_the_same_id(
    portal: Portal,
    operator: dict[str, str],
    outbox: Outbox,
    smtp: SmtpUnderTest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    outbox.follow()

    def die(*_: Any) -> None:
        raise KeyboardInterrupt  # accepted by the server, not yet recorded

    with monkeypatch.context() as patch:
        patch.setattr(outbox.sender, "_accepted", die)
        with pytest.raises(KeyboardInterrupt):
            outbox.send()
    assert len(smtp.received) == 1

    outbox.send()  # the restarted sender hands it over again
    outbox.send()

    first, second = smtp.received
    assert first.message["Message-ID"] == second.message["Message-ID"]
    assert bytes(first.message) == bytes(second.message)
    [row] = outbox_rows(portal.svc.engine)
    assert row.status == "sent"


def test_a_refused_mail_is_tried_again_later_and_holds_its_tickets_next_mail(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    mine, other = tickets(portal, 2)
    reply(portal, operator, mine.id, "first")
    reply(portal, operator, mine.id, "second")
    reply(portal, operator, other.id, "other")
    outbox.follow()
    smtp.recorder.refuse = 1

    outcome = outbox.send()

    assert (outcome.sent, outcome.failed) == (1, 1)
    assert bodies(smtp) == ["other"]  # the second of the ticket waits behind the first
    assert outbox.send().sent == 0  # not yet time for the next attempt
    outbox.clock.advance(1.5)
    assert outbox.send().sent == 2
    assert bodies(smtp) == ["other", "first", "second"]
    rows = {r.kind + str(r.attempts) for r in outbox_rows(portal.svc.engine)}
    assert rows == {"reply1", "reply2"}


def test_after_the_last_attempt_a_mail_is_parked_and_health_shows_it(
    portal: Portal, operator: dict[str, str], smtp: SmtpUnderTest
) -> None:
    outbox = make_outbox(portal, smtp.server, max_attempts=3)
    mine, other = tickets(portal, 2)
    reply(portal, operator, mine.id, "first")
    outbox.follow()
    smtp.recorder.refuse = 3
    for _ in range(3):
        outbox.send()
        outbox.clock.advance(600)
    [row] = outbox_rows(portal.svc.engine)
    assert (row.status, row.attempts) == ("parked", 3)
    reply(portal, operator, mine.id, "second")
    reply(portal, operator, other.id, "other")

    outbox.run()

    assert bodies(smtp) == ["other"]  # the parked mail's ticket waits
    status, answer = health(portal.svc.domain, portal.svc.engine, True)
    assert status == 200 and answer["status"] == "degraded"
    assert answer["mail"]["parked"] == 1 and answer["mail"]["pending"] == 1
    metrics = portal.client.get("/metrics").text
    assert 'ledgerdesk_mail_outbox{status="parked"} 1.0' in metrics

    assert release(portal.svc.engine) == 1
    outbox.send()
    assert bodies(smtp) == ["other", "first", "second"]


def test_mail_waits_while_the_server_is_down_and_leaves_when_it_is_up(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    smtp.stop()

    outcome = outbox.run()

    assert outcome.failed == 1
    [row] = outbox_rows(portal.svc.engine)
    assert row.status == "pending" and row.attempts == 1
    smtp.start()
    outbox.clock.advance(2)
    assert outbox.send().sent == 1
    assert bodies(smtp) == ["first"]


def test_without_any_smtp_server_mail_waits_and_health_says_so(
    portal: Portal, operator: dict[str, str], smtp: SmtpUnderTest
) -> None:
    waiting = make_outbox(portal, None)
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")

    outcome = waiting.run()

    assert outcome.waiting_for_smtp == 1 and outcome.failed == 0
    [row] = outbox_rows(portal.svc.engine)
    assert (row.status, row.attempts) == ("pending", 0)  # no attempt counted
    answer = portal.client.get("/api/health").json()
    assert answer["status"] == "degraded"
    assert answer["mail"]["waiting_for_smtp"] == 1
    assert "no SMTP server configured" in answer["mail"]["note"]
    assert make_outbox(portal, smtp.server).send().sent == 1


def test_a_tenants_own_smtp_server_is_used_before_the_default(
    portal: Portal,
    operator: dict[str, str],
    outbox: Outbox,
    smtp: SmtpUnderTest,
    tenant_smtp: SmtpUnderTest,
) -> None:
    tenant_id = portal.tenant_id()
    portal.svc.domain.mail.change(
        tenant_id,
        portal.user_id("first@demo.test"),
        ChangeMailSettings(
            smtp=Server(
                "127.0.0.1",
                tenant_smtp.port,
                "none",
                from_address="help@provider.test",
            )
        ),
    )
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    other = portal.login("first@other.test", host=OTHER)
    reply_other = tickets_of_other(portal)
    reply(portal, other, reply_other, "other")

    outbox.run()

    assert bodies(tenant_smtp) == ["first"]
    assert tenant_smtp.received[0].sender == "help@provider.test"
    assert "help@provider.test" in tenant_smtp.received[0].message["From"]
    assert bodies(smtp) == ["other"]  # the other tenant has no server of its own


def tickets_of_other(portal: Portal) -> str:
    tenant_id = portal.tenant_id("other")
    k = t.tickets
    with portal.svc.engine.connect() as connection:
        return str(
            connection.execute(
                select(k.c.id)
                .where(
                    k.c.tenant_id == tenant_id,
                    k.c.client_id.is_not(None),
                    k.c.is_template.is_(False),
                    k.c.deleted.is_(False),
                )
                .order_by(k.c.number)
                .limit(1)
            ).scalar_one()
        )


def test_a_sent_mails_id_leads_back_to_its_ticket_in_its_own_tenant_only(
    portal: Portal, operator: dict[str, str], outbox: Outbox
) -> None:
    [ticket] = tickets(portal, 1)
    reply(portal, operator, ticket.id, "first")
    outbox.follow()
    with portal.svc.engine.connect() as connection:
        message_id = connection.execute(select(mail_outbox.c.message_id)).scalar_one()
        ours = ticket_of_message_id(connection, portal.tenant_id(), message_id)
        bare = ticket_of_message_id(
            connection, portal.tenant_id(), message_id.strip("<>")
        )
        theirs = ticket_of_message_id(connection, portal.tenant_id("other"), message_id)
    assert ours == bare == ticket.id
    assert theirs is None
