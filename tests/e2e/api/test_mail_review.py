"""The review queue: held mail from unknown senders, accepted or rejected."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from api.mail_intake import intake_of
from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal


def held(portal: Portal, sender: str = "x@elsewhere.test", n: int = 1) -> str:
    m = EmailMessage()
    m["From"], m["To"] = f"Xavier Stranger <{sender}>", "support@demo.localhost"
    m["Subject"], m["Message-ID"] = "Who am I", f"<held-{n}@elsewhere.test>"
    m.set_content("I am nobody you know.")
    intake = intake_of(portal.svc)
    outcome = intake.take(m.as_bytes(), portal.tenant_id())
    assert outcome.kind == "review"
    assert outcome.message_id is not None
    return outcome.message_id


def test_operators_list_held_mail(portal: Portal, operator: dict[str, str]) -> None:
    held_id = held(portal)
    answer = portal.get("/api/mail-review", operator)
    assert answer.status_code == 200
    [row] = answer.json()["data"]
    assert row["id"] == held_id
    assert row["from"] == "x@elsewhere.test"
    assert row["from_name"] == "Xavier Stranger"
    assert row["to"] == ["support@demo.localhost"]
    assert row["subject"] == "Who am I"
    assert row["preview"] == "I am nobody you know."


def test_accepting_opens_the_ticket_under_the_company_chosen(
    portal: Portal, operator: dict[str, str]
) -> None:
    held_id = held(portal)
    company = portal.rows(t.companies, name="Contoso Legal")[0].id
    answer = portal.post(
        f"/api/mail-review/{held_id}/accept", operator, json={"company_id": company}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["outcome"] == "ticket"
    row = portal.rows(t.tickets, id=body["ticket_id"])[0]
    assert row.company_id == company and row.client_name == "Xavier Stranger"
    assert portal.get("/api/mail-review", operator).json()["data"] == []
    again = portal.post(f"/api/mail-review/{held_id}/accept", operator)
    assert again.status_code == 409
    # the sender is a client now: their next mail goes straight in
    m = EmailMessage()
    m["From"], m["To"] = "x@elsewhere.test", "support@demo.localhost"
    m["Subject"], m["Message-ID"] = "More", "<more@elsewhere.test>"
    m.set_content("And another thing.")
    intake = intake_of(portal.svc)
    assert intake.take(m.as_bytes(), portal.tenant_id()).kind == "ticket"


def test_accepting_under_an_existing_client(
    portal: Portal, operator: dict[str, str]
) -> None:
    held_id = held(portal)
    client = portal.user_id("client2@demo.test")
    answer = portal.post(
        f"/api/mail-review/{held_id}/accept", operator, json={"client_id": client}
    )
    assert answer.status_code == 200, answer.text
    assert portal.rows(t.tickets, id=answer.json()["ticket_id"])[0].client_id == client


def test_rejecting_drops_it_for_good(portal: Portal, operator: dict[str, str]) -> None:
    held_id = held(portal)
    answer = portal.post(f"/api/mail-review/{held_id}/reject", operator)
    assert answer.status_code == 204
    assert portal.get("/api/mail-review", operator).json()["data"] == []
    assert (
        portal.post(f"/api/mail-review/{held_id}/accept", operator).status_code == 409
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"company_id": "00000000-0000-0000-0000-000000000000"}, "company_id"),
        ({"client_id": "nobody"}, "client_id"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_choice_is_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], body: dict[str, str], field: str
) -> None:
    held_id = held(portal)
    answer = portal.post(f"/api/mail-review/{held_id}/accept", operator, json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.text


def test_clients_may_not_and_other_tenants_cannot_see_it(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    held_id = held(portal)
    for method, path in (
        ("GET", "/api/mail-review"),
        ("POST", f"/api/mail-review/{held_id}/accept"),
        ("POST", f"/api/mail-review/{held_id}/reject"),
    ):
        assert portal.client.request(method, path, headers=client_a).status_code == 403
    other = portal.login("first@other.test", host=OTHER)
    assert portal.get("/api/mail-review", other).json()["data"] == []
    assert portal.post(f"/api/mail-review/{held_id}/accept", other).status_code == 404
    assert portal.post(f"/api/mail-review/{held_id}/reject", other).status_code == 404
    assert portal.post("/api/mail-review/nope/reject", operator).status_code == 404


def test_mail_from_an_operators_address_is_held_and_needs_a_client(
    portal: Portal, operator: dict[str, str]
) -> None:
    m = EmailMessage()
    m["From"], m["To"] = "first@demo.test", "support@demo.localhost"
    m["Subject"], m["Message-ID"] = "Forwarded", "<fwd@demo.test>"
    m.set_content("Forwarding a client's question.")
    outcome = intake_of(portal.svc).take(m.as_bytes(), portal.tenant_id())
    assert outcome.kind == "review"
    held_id = outcome.message_id
    answer = portal.post(f"/api/mail-review/{held_id}/accept", operator, json={})
    assert answer.status_code == 422 and "client_id" in answer.text
    client = portal.user_id("client@demo.test")
    answer = portal.post(
        f"/api/mail-review/{held_id}/accept", operator, json={"client_id": client}
    )
    assert answer.status_code == 200
