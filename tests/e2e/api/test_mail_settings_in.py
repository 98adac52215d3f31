"""Mail in with the operators' own settings, and replies to the mail we sent."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from api.mail_intake import intake_of
from inbound.imap import Fetcher
from projections import tables as t
from tests.e2e.api.conftest import Portal
from tests.outbox import follow, outbox
from tests.support.dovecot import Dovecot, available


def mail(message_id: str, sender: str = "client@demo.test", **headers: str) -> bytes:
    m = EmailMessage()
    m["From"], m["To"] = sender, "helpdesk@acme-support.test"
    m["Subject"], m["Message-ID"] = "The scanner is offline", message_id
    for name, value in headers.items():
        m[name.replace("_", "-")] = value
    m.set_content("The scanner on the second floor is offline.")
    return m.as_bytes()


def test_a_reply_to_our_acknowledgement_lands_on_its_ticket(
    portal: Portal,
) -> None:
    intake = intake_of(portal.svc)
    demo = portal.tenant_id()
    opened = intake.take(mail("<scan-1@demo.test>"), demo)
    follow(portal.svc)
    sent = [o for o in outbox(portal.svc.engine) if o.ticket_id == opened.ticket_id]
    assert sent, "the new ticket is acknowledged"
    ours = sent[0].message["Message-ID"]
    answer = intake.take(mail("<scan-2@demo.test>", In_Reply_To=ours), demo)
    assert (answer.kind, answer.ticket_id) == ("reply", opened.ticket_id)


def test_noise_is_never_answered(portal: Portal) -> None:
    intake = intake_of(portal.svc)
    before = len(outbox(portal.svc.engine))
    outcome = intake.take(
        mail("<ooo@demo.test>", Auto_Submitted="auto-replied"), portal.tenant_id()
    )
    assert outcome.kind == "ignored"
    follow(portal.svc)
    assert len(outbox(portal.svc.engine)) == before


@pytest.mark.skipif(not available(), reason="dovecot-imapd is not installed")
def test_the_settings_an_operator_saves_route_and_fetch(
    portal: Portal, operator: dict[str, str]
) -> None:
    with Dovecot() as server:
        server.add_account("helpdesk@acme-support.test", "s3cret")
        saved = portal.client.put(
            "/api/mail-settings",
            headers=operator,
            json={
                "imap_host": "127.0.0.1",
                "imap_port": server.port,
                "imap_security": "none",
                "imap_user": "helpdesk@acme-support.test",
                "imap_password": "s3cret",
                "addresses": ["helpdesk@acme-support.test"],
                "unknown_senders": "review",
            },
        )
        assert saved.status_code == 200, saved.text
        portal.svc.follower.catch_up()
        intake = intake_of(portal.svc)
        assert intake.router.tenant_of("HelpDesk@Acme-Support.test") == (
            portal.tenant_id()
        )
        assert intake.router.tenant_of("helpdesk@acme-support.test") != (
            portal.tenant_id("other")
        )
        server.append(
            "helpdesk@acme-support.test",
            "s3cret",
            mail("<imap-1@demo.test>"),
            mail("<imap-2@elsewhere.test>", sender="x@elsewhere.test"),
        )
        assert Fetcher(intake).fetch_all() == 2
    portal.svc.follower.catch_up()
    rows = portal.rows(t.tickets, tenant_id=portal.tenant_id())
    assert [r.original_email_from for r in rows if r.original_email_from] == [
        "client@demo.test"
    ]
    held = portal.get("/api/mail-review", operator).json()["data"]
    assert [h["from"] for h in held] == ["x@elsewhere.test"]


@pytest.mark.skipif(not available(), reason="dovecot-imapd is not installed")
def test_ledgerdesk_mail_fetch_once_reads_the_saved_mailbox(
    portal: Portal,
    operator: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from api.cli import main

    with Dovecot() as server:
        server.add_account("helpdesk@acme-support.test", "s3cret")
        saved = portal.client.put(
            "/api/mail-settings",
            headers=operator,
            json={
                "imap_host": "127.0.0.1",
                "imap_port": server.port,
                "imap_security": "none",
                "imap_user": "helpdesk@acme-support.test",
                "imap_password": "s3cret",
            },
        )
        assert saved.status_code == 200, saved.text
        server.append("helpdesk@acme-support.test", "s3cret", mail("<cmd@demo.test>"))
        settings = portal.svc.settings
        monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
        monkeypatch.setenv("LEDGERDESK_UPLOAD_DIR", settings.upload_dir)
        assert main(["mail-fetch", "--once"]) == 0
        assert "1 mails taken in" in capsys.readouterr().out
        assert main(["mail-fetch", "--once"]) == 0
        assert "0 mails taken in" in capsys.readouterr().out
    portal.svc.follower.catch_up()
    rows = portal.rows(t.tickets, tenant_id=portal.tenant_id())
    assert [r.original_email_from for r in rows if r.original_email_from] == [
        "client@demo.test"
    ]
