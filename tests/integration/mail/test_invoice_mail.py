"""The invoice mail: a finalised invoice goes once to its company's clients who
may see invoices and to the company's own address, each in their language,
with the e-invoice (UBL) and the PDF attached."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from domain.base import SYSTEM
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.organisations import ChangeCompany
from domain.use_cases.users import UpdateUser
from projections import tables as t
from tests.e2e.api.conftest import Portal
from tests.integration.mail.conftest import Outbox, SmtpUnderTest
from tests.integration.mail.test_kinds import both_parts
from tests.support.invoices import PROFILE, company_of
from tests.support.ubl_rules import xsd_errors

LINES = [{"description": "Support hours", "quantity": "2", "price": "95.00"}]


def invoice_for(portal: Portal, company_name: str, profile: bool = True) -> str:
    """A draft of the company, its billing address set."""
    tenant = portal.tenant_id()
    actor = portal.user_id("second@demo.test")
    app = portal.svc.domain
    # without a full profile the seller has no VAT number or endpoint: no UBL
    bare = {"name": "Demo", "country_code": "NL"}
    app.invoices.set_billing_profile(tenant, actor, PROFILE if profile else bare)
    company = company_of(portal, company_name)
    app.organisations.change(
        tenant, actor, company, ChangeCompany(email="Accounts@Company.test")
    )
    invoice_id = app.invoices.create(
        tenant,
        actor,
        CreateInvoice(
            company_id=company, client_id=None, day="2026-11-01", lines=LINES
        ),
    )
    portal.svc.follower.catch_up()
    return invoice_id


def files_of(message: Any) -> dict[str, tuple[str, bytes]]:
    return {
        part.get_filename(): (part.get_content_type(), part.get_content())
        for part in message.iter_attachments()
    }


def test_a_finalised_invoice_is_mailed_with_its_e_invoice_and_pdf(
    portal: Portal, operator: dict[str, str], outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    portal.svc.domain.users.update(
        portal.tenant_id(),
        SYSTEM,
        portal.user_id("client@demo.test"),
        UpdateUser(language="de"),
    )
    invoice_id = invoice_for(portal, "Northwind Trading")
    answer = portal.post(f"/api/invoicing/export/{invoice_id}", operator)
    assert answer.status_code == 200, answer.text
    assert smtp.received == []  # nothing leaves inside the request
    code = portal.rows(t.invoices, id=invoice_id)[0].code

    outcome = outbox.run()

    by_address = {m.recipients[0]: m.message for m in smtp.received}
    assert outcome.sent == len(smtp.received) == len(by_address)
    assert "client2@demo.test" not in by_address  # another company's client
    client = by_address["client@demo.test"]
    assert client["Subject"].startswith(f"Rechnung {code} von ")
    assert client["Content-Language"] == "de"
    html, text = both_parts(client)
    due = (date.today() + timedelta(days=14)).strftime("%d-%m-%Y")
    assert f"über € 229,90, fällig am {due}." in text
    assert "E-Rechnung (UBL)" in html and "/app/invoices" in text
    company = by_address["accounts@company.test"]
    assert company["Content-Language"] == "nl"
    assert company["Subject"].startswith(f"Factuur {code} van ")
    for message in (client, company):
        files = files_of(message)
        kind, xml = files[f"{code}.xml"]
        assert kind == "application/xml"
        assert xsd_errors(xml) == []
        kind, pdf = files[f"{code}.pdf"]
        assert kind == "application/pdf" and pdf.startswith(b"%PDF")
    assert outbox.run().sent == 0  # once


def test_a_credit_invoice_is_mailed_as_a_credit_note(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    invoice_id = invoice_for(portal, "Northwind Trading")
    tenant, actor = portal.tenant_id(), portal.user_id("second@demo.test")
    app = portal.svc.domain
    app.invoices.finalise(tenant, actor, invoice_id, "EXT-1", "2026-11-26")
    outbox.run()
    smtp.received.clear()
    credit = app.invoices.credit(tenant, actor, invoice_id)
    app.invoices.finalise(tenant, actor, credit, "EXT-2", "2026-11-27")

    outbox.run()

    mail = next(m for m in smtp.received if m.recipients == ["client@demo.test"])
    code = portal.rows(t.invoices, id=credit)[0].code
    assert mail.message["Subject"].startswith(f"Creditfactuur {code} van ")
    [(kind, xml)] = [v for k, v in files_of(mail.message).items() if k.endswith(".xml")]
    assert b"<CreditNote" in xml and xsd_errors(xml) == []


def test_only_the_company_address_when_no_client_may_see_invoices(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    # Fabrikam's client (client3@) has no invoice permissions
    invoice_id = invoice_for(portal, "Fabrikam Logistics")
    tenant, actor = portal.tenant_id(), portal.user_id("second@demo.test")
    portal.svc.domain.invoices.finalise(tenant, actor, invoice_id, "EXT-3")

    outbox.run()

    assert [m.recipients for m in smtp.received] == [["accounts@company.test"]]


def test_with_an_incomplete_billing_profile_the_mail_goes_without_the_e_invoice(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    invoice_id = invoice_for(portal, "Northwind Trading", profile=False)
    tenant, actor = portal.tenant_id(), portal.user_id("second@demo.test")
    portal.svc.domain.invoices.finalise(tenant, actor, invoice_id, "EXT-4")

    outbox.run()

    mail = next(m for m in smtp.received if m.recipients == ["client@demo.test"])
    code = portal.rows(t.invoices, id=invoice_id)[0].code
    assert set(files_of(mail.message)) == {f"{code}.pdf"}
    html, _ = both_parts(mail.message)
    assert "UBL" not in html


def test_a_pdf_that_cannot_be_rendered_leaves_the_mail_with_its_e_invoice(
    portal: Portal, outbox: Outbox, smtp: SmtpUnderTest
) -> None:
    def broken_pdf(tenant: Any, row: Any) -> bytes:
        raise RuntimeError("no fonts")

    outbox.follower.links = replace(outbox.follower.links, invoice_pdf=broken_pdf)
    invoice_id = invoice_for(portal, "Northwind Trading")
    tenant, actor = portal.tenant_id(), portal.user_id("second@demo.test")
    portal.svc.domain.invoices.finalise(tenant, actor, invoice_id, "EXT-5")

    outbox.run()

    mail = next(m for m in smtp.received if m.recipients == ["client@demo.test"])
    code = portal.rows(t.invoices, id=invoice_id)[0].code
    assert set(files_of(mail.message)) == {f"{code}.xml"}
