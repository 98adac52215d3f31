"""Each kind of mail is sent once, to the right people, in their language, with
threading headers and both an HTML and a plain-text part."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import select

from domain.base import SYSTEM
from domain.threads import MailOrigin
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import UpdateTicket
from domain.use_cases.users import UpdateUser
from projections import tables as t
from tests.e2e.api.conftest import Portal
from tests.integration.mail.conftest import Outbox, SmtpUnderTest

MESSAGE_ID = re.compile(r"^<([a-z-]+)-[0-9a-f-]{36}@demo\.localhost>$")


def both_parts(message: Any) -> tuple[str, str]:
    html = message.get_body(("html",))
    text = message.get_body(("plain",))
    assert html is not None and text is not None
    return html.get_content(), text.get_content()


def ticket_of(portal: Portal, email: str) -> Any:
    tenant_id = portal.tenant_id()
    k = t.tickets
    with portal.svc.engine.connect() as connection:
        return connection.execute(
            select(k)
            .where(
                k.c.tenant_id == tenant_id,
                k.c.client_id == portal.user_id(email),
                k.c.is_template.is_(False),
            )
            .order_by(k.c.number)
        ).first()


def speaks(portal: Portal, email: str, language: str) -> None:
    portal.svc.domain.users.update(
        portal.tenant_id(), SYSTEM, portal.user_id(email), UpdateUser(language=language)
    )
    portal.svc.follower.catch_up()


def reply_form(ticket_id: str, message: str, **extra: str) -> dict[str, str]:
    return {
        "message": message,
        "is_from_client": "0",
        "visible_to_client": "1",
        "morphable_type": "Ticket",
        "morphable_id": ticket_id,
        **extra,
    }


def test_a_reply_goes_to_the_client_and_the_chosen_cc_and_bcc_in_their_language(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    speaks(portal, "client@demo.test", "de")
    ticket = ticket_of(portal, "client@demo.test")
    answer = portal.post(
        "/api/messages",
        operator,
        data={
            **reply_form(ticket.id, "<p>Der Drucker l&auml;uft wieder.</p>"),
            "cc": "boss@example.com",
            "bcc": "audit@example.com",
        },
    )
    assert answer.status_code == 201, answer.text
    assert smtp.received == []  # nothing leaves inside the request

    outcome = outbox.run()

    assert outcome.sent == 1
    [mail] = smtp.received
    assert mail.recipients == [
        "client@demo.test",
        "boss@example.com",
        "audit@example.com",
    ]
    message = mail.message
    assert message["To"] == "client@demo.test"
    assert message["Cc"] == "boss@example.com"
    assert message["Bcc"] is None
    assert message["Subject"] == f"[{ticket.reference}] {ticket.description}"
    assert MESSAGE_ID.match(message["Message-ID"]).group(1) == "reply"  # type: ignore[union-attr]
    root = f"<ticket-{ticket.id}@demo.localhost>"
    assert message["References"] == root and message["In-Reply-To"] == root
    assert message["Auto-Submitted"] is None  # a person wrote it
    assert message["Content-Language"] == "de"
    html, text = both_parts(message)
    assert "<p>Der Drucker läuft wieder.</p>" in html and "Hallo" in html
    assert "Der Drucker läuft wieder." in text and "<p>" not in text
    assert f"/app/tickets/{ticket.id}" in text
    assert outbox.run().sent == 0  # once


def test_a_reply_answers_the_clients_own_mail(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    ticket = ticket_of(portal, "client@demo.test")
    portal.svc.domain.messages.post(
        portal.tenant_id(),
        portal.user_id("client@demo.test"),
        ticket.id,
        PostMessage(
            message="Still broken",
            visible_to_client=True,
            is_from_client=True,
            origin=MailOrigin(
                original_email_from="client@demo.test",
                email_message_id="<abc.123@client.example>",
                email_to=["support@demo.localhost"],
            ),
        ),
    )
    portal.post("/api/messages", operator, data=reply_form(ticket.id, "<p>On it</p>"))

    outbox.run()

    [mail] = [m for m in smtp.received if m.recipients == ["client@demo.test"]]
    assert mail.message["In-Reply-To"] == "<abc.123@client.example>"
    assert mail.message["References"] == (
        f"<ticket-{ticket.id}@demo.localhost> <abc.123@client.example>"
    )


def test_a_ticket_a_client_opens_is_acknowledged_with_its_reference(
    portal: Portal, client_a: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    speaks(portal, "client@demo.test", "nl")
    opened = portal.post(
        "/api/tickets", client_a, json={"description": "Printer", "priority_id": 1}
    )
    assert opened.status_code == 201, opened.text
    reference = opened.json()["reference"]

    outbox.run()

    [mail] = smtp.received
    assert mail.recipients == ["client@demo.test"]
    assert mail.message["Subject"].startswith(f"[{reference}] ")
    assert mail.message["Auto-Submitted"] == "auto-generated"
    html, text = both_parts(mail.message)
    assert f"geregistreerd als {reference}" in text
    assert reference in html


def test_an_operator_opening_a_ticket_sends_no_acknowledgement(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    opened = portal.post(
        "/api/tickets",
        operator,
        json={
            "description": "Phone call",
            "priority_id": 1,
            "client_id": portal.user_id("client@demo.test"),
        },
    )
    assert opened.status_code == 201, opened.text

    outbox.run()

    assert smtp.received == []


def test_a_move_to_a_client_facing_status_tells_the_client(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    speaks(portal, "client@demo.test", "en")
    ticket = ticket_of(portal, "client@demo.test")
    tenant_id = portal.tenant_id()
    statuses = {
        row.data["type"]: row.id
        for row in portal.rows(
            t.setting_items, tenant_id=tenant_id, kind="ticket_statuses"
        )
    }
    domain = portal.svc.domain
    operator_id = portal.user_id("first@demo.test")
    domain.tickets.update(
        tenant_id, operator_id, ticket.id, UpdateTicket(status_id=statuses[5])
    )
    domain.tickets.update(
        tenant_id, operator_id, ticket.id, UpdateTicket(status_id=statuses[2])
    )

    outbox.run()

    [mail] = smtp.received  # "got reply" is internal; "closed" is told
    assert mail.message["Subject"] == f"[{ticket.reference}] Status: Closed"
    assert mail.message["Auto-Submitted"] == "auto-generated"
    assert mail.message["References"] == f"<ticket-{ticket.id}@demo.localhost>"


def test_a_sent_quote_carries_its_token_link(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    tenant_id = portal.tenant_id()
    [concept, *_] = [
        q
        for q in portal.rows(t.quotes, tenant_id=tenant_id, status_id=1)
        if q.client_id
    ]
    client = portal.rows(t.users, tenant_id=tenant_id, id=concept.client_id)[0]
    portal.svc.domain.quotes.send(
        tenant_id, portal.user_id("first@demo.test"), concept.id
    )

    outbox.run()

    [mail] = smtp.received
    assert mail.recipients == [client.email]
    _, text = both_parts(mail.message)
    link = re.search(r"http\S+/app/quotes/\S+", text)
    assert link is not None and f"/app/quotes/{concept.id}?token=" in link.group(0)
    token = link.group(0).split("token=")[1]
    opened = portal.client.get(
        f"/api/quotes/{concept.id}",
        headers={"X-Quote-token": token, "host": "demo.localhost"},
    )
    assert opened.status_code == 200, opened.text


def test_a_password_reset_is_sent_by_the_outbox(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    speaks(portal, "client@demo.test", "de")
    answer = portal.client.post(
        "/api/auth/password/email", json={"email": "client@demo.test"}
    )
    assert answer.status_code == 200
    assert smtp.received == []

    outbox.send()

    [mail] = smtp.received
    assert mail.recipients == ["client@demo.test"]
    assert mail.message["Subject"] == "Demo IT Services Portal: Passwort zurücksetzen"
    assert MESSAGE_ID.match(mail.message["Message-ID"]).group(1) == "password-reset"  # type: ignore[union-attr]
    _, text = both_parts(mail.message)
    assert "/app/password/reset/" in text


def test_a_mention_mails_the_operator_and_a_client_reply_its_operator(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    ticket = ticket_of(portal, "client@demo.test")
    tenant_id = portal.tenant_id()
    second = portal.user_id("second@demo.test")
    note = f'<p>Look, <span data-mention="{second}">@Second</span></p>'
    posted = portal.post(
        "/api/messages",
        operator,
        data={**reply_form(ticket.id, note), "visible_to_client": "0"},
    )
    assert posted.status_code == 201, posted.text
    portal.svc.domain.tickets.update(
        tenant_id, SYSTEM, ticket.id, UpdateTicket(operator_id=second)
    )
    portal.svc.domain.messages.post(
        tenant_id,
        portal.user_id("client@demo.test"),
        ticket.id,
        PostMessage(message="Any news?", visible_to_client=True, is_from_client=True),
    )

    outbox.run()

    kinds = sorted(
        MESSAGE_ID.match(m.message["Message-ID"]).group(1)  # type: ignore[union-attr]
        for m in smtp.received
    )
    assert kinds == ["client-reply", "mention"]
    assert all(m.recipients == ["second@demo.test"] for m in smtp.received)
    assert all(m.message["Auto-Submitted"] == "auto-generated" for m in smtp.received)
    assert all(
        f"/app/operator/tickets/{ticket.id}" in both_parts(m.message)[1]
        for m in smtp.received
    )


def test_a_tenants_own_words_replace_the_built_in_ones(
    portal: Portal, client_a: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    from domain.use_cases.tenants import ChangeTenant

    speaks(portal, "client@demo.test", "en")
    portal.svc.domain.tenants.change(
        portal.tenant_id(),
        SYSTEM,
        ChangeTenant(
            configs={
                "mail.template.opened.en": {
                    "subject": "Got it: {{ reference }}",
                    "lines": ["Thanks {{ name }}, we are on {{ reference }}."],
                }
            }
        ),
    )
    opened = portal.post(
        "/api/tickets", client_a, json={"description": "Printer", "priority_id": 1}
    )
    reference = opened.json()["reference"]

    outbox.run()

    [mail] = smtp.received
    assert mail.message["Subject"] == f"Got it: {reference}"
    assert f"we are on {reference}." in both_parts(mail.message)[1]


def test_a_replys_files_travel_along(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    ticket = ticket_of(portal, "client@demo.test")
    answer = portal.client.post(
        "/api/messages",
        headers=operator,
        data=reply_form(ticket.id, "<p>The log is attached.</p>"),
        files={"file[0]": ("log.txt", b"log line", "text/plain")},
    )
    assert answer.status_code == 201, answer.text

    outbox.run()

    [mail] = smtp.received
    [attached] = list(mail.message.iter_attachments())
    assert attached.get_filename() == "log.txt"
    assert attached.get_content() == "log line"
    assert "The log is attached." in both_parts(mail.message)[1]
