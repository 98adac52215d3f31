"""Mail taken in: tickets and replies, exactly once, per tenant and company."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from api.mail_intake import intake_of
from domain.use_cases.organisations import RegisterCompany
from inbound.intake import Intake, Outcome
from inbound.routing import Router, TenantMail
from inbound.tables import inbound_mail
from projections import tables as t
from tests.e2e.api.conftest import Portal

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "mail"


def mail(
    sender: str = "Anna de Vries <client@demo.test>",
    subject: str = "The plotter prints blank pages",
    body: str = "Hello,\n\nthe plotter prints blank pages.\n\nAnna",
    message_id: str = "<m-1@demo.test>",
    to: str = "support@demo.localhost",
    **headers: str,
) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Message-ID"] = sender, to, subject, message_id
    m["Date"] = "Wed, 25 Nov 2026 10:00:00 +0100"
    for name, value in headers.items():
        m[name.replace("_", "-")] = value
    m.set_content(body)
    return m.as_bytes()


@pytest.fixture
def intake(portal: Portal) -> Intake:
    return intake_of(portal.svc)


def take(portal: Portal, intake: Intake, raw: bytes, host: str = "demo") -> Outcome:
    tenant_id = intake.router.tenant_of(f"support@{host}.localhost")
    assert tenant_id is not None
    outcome = intake.take(raw, tenant_id)
    portal.svc.follower.catch_up()
    return outcome


def ticket(
    portal: Portal, headers: dict[str, str], ticket_id: str, whole: bool = True
) -> Any:
    """The ticket as the portal shows it, or with whole its operator's edit form."""
    path = f"/api/tickets/{ticket_id}" + ("/edit" if whole else "")
    answer = portal.get(path, headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_clients_mail_opens_a_ticket_with_its_origin_and_original(
    portal: Portal, intake: Intake, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    outcome = take(portal, intake, mail(Cc="boss@demo.test"))
    assert outcome.kind == "ticket"
    row = portal.rows(t.tickets, id=outcome.ticket_id)[0]
    assert row.description == "The plotter prints blank pages"
    assert row.client_id == portal.user_id("client@demo.test")
    assert row.company_name == "Northwind Trading"
    assert row.original_email_from == "client@demo.test"
    shown = ticket(portal, operator, outcome.ticket_id)["messages"][0]
    assert shown["message"] == "Hello,\n\nthe plotter prints blank pages.\n\nAnna"
    assert shown["original_email_from"] == "client@demo.test"
    assert shown["email_to"] == ["support@demo.localhost"]
    assert shown["email_cc"] == ["boss@demo.test"]
    assert shown["email_date"].startswith("2026-11-25T09:00:00")
    assert shown["email_message_id"] == "<m-1@demo.test>"
    assert [a["name"] for a in shown["attachments"]] == ["original.eml"]
    own = ticket(portal, client_a, outcome.ticket_id, whole=False)["messages"][0]
    assert own["email_cc"] == ["boss@demo.test"]
    assert "bcc" not in own and "email_message_id" not in own


def test_a_reply_lands_on_the_ticket_it_answers(portal: Portal, intake: Intake) -> None:
    first = take(portal, intake, mail())
    by_id = take(
        portal,
        intake,
        mail(
            subject="Re: plotter",
            message_id="<m-2@demo.test>",
            In_Reply_To="<m-1@demo.test>",
            body="Still blank.",
        ),
    )
    assert (by_id.kind, by_id.ticket_id) == ("reply", first.ticket_id)
    reference = portal.rows(t.tickets, id=first.ticket_id)[0].reference
    by_subject = take(
        portal,
        intake,
        mail(subject=f"Re: [{reference}] plotter", message_id="<m-3@demo.test>"),
    )
    assert (by_subject.kind, by_subject.ticket_id) == ("reply", first.ticket_id)
    by_root = take(
        portal,
        intake,
        mail(
            subject="Re: x",
            message_id="<m-4@demo.test>",
            References=f"<ticket-{first.ticket_id}@demo.localhost>",
        ),
    )
    assert by_root.ticket_id == first.ticket_id
    assert portal.rows(t.tickets, id=first.ticket_id)[0].message_count == 4


def test_a_mail_delivered_twice_is_taken_in_once(
    portal: Portal, intake: Intake
) -> None:
    first = take(portal, intake, mail())
    again = take(portal, intake, mail())
    assert again.kind == "duplicate" and again.ticket_id == first.ticket_id
    tenant_id = portal.tenant_id()
    mine = [
        r
        for r in portal.rows(t.tickets, tenant_id=tenant_id)
        if r.original_email_from == "client@demo.test"
    ]
    assert len(mine) == 1


def test_a_crash_between_storing_and_recording_duplicates_nothing(
    portal: Portal, intake: Intake, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = mail()
    crash = RuntimeError("the process died here")

    def died(*_: Any, **__: Any) -> Outcome:
        raise crash

    with monkeypatch.context() as patched:
        patched.setattr(intake, "_record", died)
        with pytest.raises(RuntimeError):
            take(portal, intake, raw)
    again = take(portal, intake, raw)
    assert again.kind == "ticket"
    tickets = [
        r
        for r in portal.rows(t.tickets, tenant_id=portal.tenant_id())
        if r.original_email_from == "client@demo.test"
    ]
    assert len(tickets) == 1 and tickets[0].id == again.ticket_id
    assert tickets[0].message_count == 1
    reply = mail(message_id="<r@demo.test>", In_Reply_To="<m-1@demo.test>")
    with monkeypatch.context() as patched:
        patched.setattr(intake, "_record", died)
        with pytest.raises(RuntimeError):
            take(portal, intake, reply)
    assert take(portal, intake, reply).kind == "reply"
    assert portal.rows(t.tickets, id=again.ticket_id)[0].message_count == 2


@pytest.mark.parametrize(
    "name", ["out-of-office.eml", "bounce-dsn.eml", "bulk-newsletter.eml"]
)
def test_noise_never_opens_a_ticket(portal: Portal, intake: Intake, name: str) -> None:
    before = len(portal.rows(t.tickets, tenant_id=portal.tenant_id()))
    outcome = take(portal, intake, (CORPUS / name).read_bytes())
    assert outcome.kind == "ignored" and outcome.ticket_id is None
    assert len(portal.rows(t.tickets, tenant_id=portal.tenant_id())) == before


def test_a_sender_over_the_rate_is_not_taken_in(portal: Portal, intake: Intake) -> None:
    intake.rate_limit = 3
    kinds = [
        take(portal, intake, mail(message_id=f"<loop-{i}@demo.test>")).kind
        for i in range(5)
    ]
    assert kinds == ["ticket", "ticket", "ticket", "limited", "limited"]
    other = take(portal, intake, mail("client2@demo.test", message_id="<b@demo.test>"))
    assert other.kind == "ticket"


def test_a_mail_to_one_tenant_never_lands_in_another(
    portal: Portal, intake: Intake
) -> None:
    demo, other = portal.tenant_id("demo"), portal.tenant_id("other")
    assert intake.router.tenant_of("help@other.localhost") == other
    assert intake.router.tenant_of("help@nowhere.localhost") is None
    assert intake.router.tenant_of("help@demo.example.org") is None
    first = take(portal, intake, mail())
    # client@demo.test is no client of 'other': held there, not on demo's ticket
    there = take(
        portal,
        intake,
        mail(
            message_id="<o-1@demo.test>",
            In_Reply_To="<m-1@demo.test>",
            to="support@other.localhost",
        ),
        host="other",
    )
    assert there.kind == "review" and there.ticket_id is None
    with portal.svc.engine.connect() as connection:
        kept = list(connection.execute(inbound_mail.select()))
    assert {(r.tenant_id, r.message_key) for r in kept} == {
        (demo, "<m-1@demo.test>"),
        (other, "<o-1@demo.test>"),
    }
    assert portal.rows(t.tickets, id=first.ticket_id)[0].message_count == 1


def test_a_client_cannot_write_on_another_companys_ticket(
    portal: Portal, intake: Intake
) -> None:
    theirs = take(portal, intake, mail())  # company A's ticket
    reference = portal.rows(t.tickets, id=theirs.ticket_id)[0].reference
    outcome = take(
        portal,
        intake,
        mail(
            "client2@demo.test",
            subject=f"Re: [{reference}]",
            message_id="<b-1@demo.test>",
            In_Reply_To="<m-1@demo.test>",
        ),
    )
    assert outcome.kind == "ticket" and outcome.ticket_id != theirs.ticket_id
    assert portal.rows(t.tickets, id=outcome.ticket_id)[0].company_name == (
        "Contoso Legal"
    )
    assert portal.rows(t.tickets, id=theirs.ticket_id)[0].message_count == 1


def test_files_are_kept_within_the_upload_limits(
    portal: Portal, intake: Intake, operator: dict[str, str]
) -> None:
    outcome = take(portal, intake, (CORPUS / "nested-inline-image.eml").read_bytes())
    shown = ticket(portal, operator, outcome.ticket_id)["messages"][0]
    assert [a["name"] for a in shown["attachments"]] == [
        "original.eml",
        "screenshot.png",
        "invoice.pdf",
    ]
    assert "setup.exe: files of this type are not kept" in shown["message"]
    winmail = take(portal, intake, (CORPUS / "winmail-dat.eml").read_bytes())
    names = [
        a["name"]
        for a in ticket(portal, operator, winmail.ticket_id)["messages"][0][
            "attachments"
        ]
    ]
    assert names == ["original.eml", "winmail.dat"]
    original = portal.client.get(
        ticket(portal, operator, outcome.ticket_id)["messages"][0]["attachments"][0][
            "url"
        ],
        headers=operator,
    )
    assert original.status_code == 200
    assert original.content == (CORPUS / "nested-inline-image.eml").read_bytes()


def test_an_unknown_sender_becomes_a_client_of_the_company_of_its_domain(
    portal: Portal,
) -> None:
    svc = portal.svc
    tenant_id = portal.tenant_id()
    company = svc.domain.organisations.register_company(
        tenant_id, "system", RegisterCompany(name="Acme", email="info@acme.test")
    )
    svc.follower.catch_up()
    intake = intake_of(svc)
    intake.router = Router(
        svc.engine,
        "localhost",
        settings_of=lambda _c, _t: TenantMail(unknown_senders="create"),
    )
    known = take(portal, intake, mail("Wile Coyote <wile@acme.test>"))
    assert known.kind == "ticket"
    row = portal.rows(t.tickets, id=known.ticket_id)[0]
    assert row.company_id == company and row.client_name == "Wile Coyote"
    stranger = take(
        portal, intake, mail("x@elsewhere.test", message_id="<x@elsewhere.test>")
    )
    assert stranger.kind == "review"


def test_health_and_metrics_show_the_intake(portal: Portal, intake: Intake) -> None:
    take(portal, intake, mail())
    take(portal, intake, (CORPUS / "out-of-office.eml").read_bytes())
    take(portal, intake, mail("x@elsewhere.test", message_id="<x@elsewhere.test>"))
    health = portal.client.get("/api/health").json()
    assert health["intake"] == {
        "mailboxes": 0,
        "last_fetch": None,
        "mailbox_errors": 0,
        "last_24h": {"ticket": 1, "ignored": 1, "review": 1},
        "held_for_review": 1,
    }
    text = portal.client.get("/metrics").text
    assert 'ledgerdesk_mail_intake_last_24h{outcome="ticket"} 1.0' in text
    assert "ledgerdesk_mail_held_for_review 1.0" in text
    assert "ledgerdesk_mail_intake_mailbox_errors 0.0" in text
