"""Quotes, prepaid cards, new tickets, replies with files, PDFs and permissions."""

from __future__ import annotations

from typing import Any

from api.security import quote_token
from demo.seed import SIGNATURE
from domain.base import SYSTEM
from domain.use_cases.users import RegisterUser
from tests.e2e.api.conftest import HASH, Portal


def _quote(portal: Portal, headers: dict[str, str], status: int) -> dict[str, Any]:
    data = portal.get(
        "/api/quotes",
        headers,
        params={"builder[where][0][]": ["status_id", "=", status]},
    ).json()["data"]
    return data[0]  # type: ignore[no-any-return]


def test_accept_a_sent_quote_with_a_signature(
    portal: Portal, client_a: dict[str, str]
) -> None:
    quote = _quote(portal, client_a, 2)
    answer = portal.post(
        f"/api/quotes/{quote['id']}/accept",
        client_a,
        json={"name": "Anna de Vries", "note": "Go ahead", "signature": SIGNATURE},
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status_id"] == 3
    assert body["acceptance"]["name"] == "Anna de Vries"
    assert body["acceptance"]["note"] == "Go ahead"
    listed = portal.get(f"/api/quotes/{quote['id']}", client_a).json()
    assert listed["status_id"] == 3
    again = portal.post(
        f"/api/quotes/{quote['id']}/accept",
        client_a,
        json={"name": "Anna", "note": "", "signature": SIGNATURE},
    )
    assert again.status_code == 409


def test_accept_needs_a_signature_and_a_sent_quote(
    portal: Portal, client_a: dict[str, str]
) -> None:
    sent = _quote(portal, client_a, 2)
    empty = portal.post(
        f"/api/quotes/{sent['id']}/accept",
        client_a,
        json={"name": "A", "signature": ""},
    )
    assert empty.status_code == 422
    assert "signature" in empty.json()["errors"]
    concept = _quote(portal, client_a, 1)
    early = portal.post(
        f"/api/quotes/{concept['id']}/accept",
        client_a,
        json={"name": "A", "signature": SIGNATURE},
    )
    assert early.status_code == 409


def test_decline_a_sent_quote(portal: Portal, client_a: dict[str, str]) -> None:
    quote = _quote(portal, client_a, 2)
    answer = portal.post(f"/api/quotes/{quote['id']}/decline", client_a)
    assert answer.status_code == 200
    assert answer.json()["status_id"] == 4


def test_quote_pdf_shows_the_signature_once_accepted(
    portal: Portal, client_a: dict[str, str]
) -> None:
    from api.pdf import html_of, words

    accepted = _quote(portal, client_a, 3)
    answer = portal.post(f"/api/quotes/{accepted['id']}/download", client_a)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    from projections import tables as t

    row = portal.rows(t.quotes, id=accepted["id"])[0]
    html = html_of(
        "quote.html",
        t=words("nl"),
        language="nl",
        tenant_name="Demo",
        quote=row,
        lines=row.lines,
        acceptance=row.acceptance,
        signature=row.acceptance["signature"],
        accepted_at="",
    )
    assert 'src="data:image/png;base64,' in html and "Offerte" in html


def test_a_quote_token_opens_its_quote_and_nothing_else(portal: Portal) -> None:
    from projections import tables as t

    tenant_id = portal.tenant_id()
    quotes = portal.rows(t.quotes, tenant_id=tenant_id, status_id=2)
    mine, other = quotes[0], quotes[1]
    token = quote_token(portal.svc.settings.secret_key, tenant_id, mine.id)
    header = {"X-Quote-token": token}
    assert (
        portal.client.get(f"/api/quotes/{mine.id}", headers=header).status_code == 200
    )
    by_query = portal.client.get(f"/api/quotes/{mine.id}", params={"token": token})
    assert by_query.status_code == 200
    assert (
        portal.client.get(f"/api/quotes/{other.id}", headers=header).status_code == 401
    )
    assert portal.client.get("/api/tickets", headers=header).status_code == 401
    assert (
        portal.client.post(f"/api/quotes/{mine.id}/decline", headers=header).status_code
        == 401
    )
    pdf = portal.client.post(f"/api/quotes/{mine.id}/download", headers=header)
    assert pdf.content.startswith(b"%PDF")
    accepted = portal.client.post(
        f"/api/quotes/{mine.id}/accept",
        headers=header,
        json={"name": "", "note": "", "signature": SIGNATURE},
    )
    assert accepted.status_code == 200
    assert accepted.json()["acceptance"]["name"] == mine.client_name
    elsewhere = portal.client.get(
        f"/api/quotes/{mine.id}", headers={**header, "host": "other.localhost"}
    )
    assert elsewhere.status_code == 401


def _contract(portal: Portal, headers: dict[str, str], prepaid: bool) -> dict[str, Any]:
    key = "whereNull" if prepaid else "whereNotNull"
    return portal.get(  # type: ignore[no-any-return]
        "/api/contracts", headers, params={f"builder[{key}][]": "period"}
    ).json()["data"][0]


def test_buy_a_prepaid_card(portal: Portal, client_a: dict[str, str]) -> None:
    contract = _contract(portal, client_a, prepaid=True)
    cards = portal.get("/api/auth/me", client_a).json()["lookups"]["prepaid_cards"]
    card = next(c for c in cards if c["hours"] == 5)
    answer = portal.post(
        f"/api/contracts/{contract['id']}/buy",
        client_a,
        json={"prepaid_card_id": card["id"]},
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["message"] == "Prepaid card upgraded"
    assert body["minutes_remaining"] == contract["minutes_remaining"] + 300
    assert body["hours_remaining"] == round(body["minutes_remaining"] / 60, 2)
    detail = portal.get(f"/api/contracts/{contract['id']}", client_a).json()
    assert detail["minutes_remaining"] == body["minutes_remaining"]
    assert len(detail["contractPeriods"]) == 1


def test_buy_refuses_periodic_contracts_and_unknown_cards(
    portal: Portal, client_a: dict[str, str]
) -> None:
    monthly = _contract(portal, client_a, prepaid=False)
    answer = portal.post(
        f"/api/contracts/{monthly['id']}/buy", client_a, json={"prepaid_card_id": 1}
    )
    assert answer.status_code == 422
    prepaid = _contract(portal, client_a, prepaid=True)
    unknown = portal.post(
        f"/api/contracts/{prepaid['id']}/buy", client_a, json={"prepaid_card_id": 999}
    )
    assert unknown.status_code == 422
    assert "prepaid_card_id" in unknown.json()["errors"]


def test_contract_detail_has_periods_and_time(
    portal: Portal, client_a: dict[str, str]
) -> None:
    monthly = _contract(portal, client_a, prepaid=False)
    detail = portal.get(f"/api/contracts/{monthly['id']}", client_a).json()
    periods = detail["contractPeriods"]
    assert periods
    registrations = [r for p in periods for r in p["time_registrations"]]
    assert registrations
    first = registrations[0]
    assert first["ticket_reference"].startswith("T-")
    assert first["operator"]["full_name"] and first["activity"]["name"]


def _limited_client(portal: Portal, permissions: list[str]) -> dict[str, str]:
    tenant_id = portal.tenant_id()
    company = portal.get("/api/auth/me", portal.login("client@demo.test")).json()[
        "user"
    ]["company"]["id"]
    portal.svc.domain.users.register(
        tenant_id,
        SYSTEM,
        RegisterUser(
            email="limited@demo.test",
            first_name="Lim",
            last_name="Ited",
            is_operator=0,
            company_ids=[company],
            role="client",
            permissions=permissions,
            password_hash=HASH,
        ),
    )
    portal.svc.follower.catch_up()
    return portal.login("limited@demo.test")


def test_missing_permissions_are_403(portal: Portal) -> None:
    headers = _limited_client(portal, ["tickets.index", "contracts.show"])
    assert portal.get("/api/tickets", headers).status_code == 200
    for path in ("/api/quotes", "/api/invoices", "/api/assets", "/api/subscriptions"):
        answer = portal.get(path, headers)
        assert answer.status_code == 403, path
        assert answer.json() == {"message": "Permission denied."}
    contract = _contract(portal, portal.login("client@demo.test"), prepaid=True)
    buy = portal.post(
        f"/api/contracts/{contract['id']}/buy", headers, json={"prepaid_card_id": 1}
    )
    assert buy.status_code == 403
    invoice = portal.get("/api/invoices", portal.login("client@demo.test")).json()[
        "data"
    ][0]
    assert portal.get(invoice["ViewURL"], headers).status_code == 403
    create = portal.post(
        "/api/tickets", headers, json={"description": "x", "priority_id": 1}
    )
    assert create.status_code == 403
    export = portal.post(
        "/api/exports", headers, json={"model": "tickets", "filter": {}}
    )
    assert export.status_code == 403


def test_create_a_ticket_with_required_fields(
    portal: Portal, client_a: dict[str, str]
) -> None:
    missing = portal.post(
        "/api/tickets", client_a, json={"description": "Printer", "message": "x"}
    )
    assert missing.status_code == 422
    assert missing.json()["errors"] == {"priority_id": ["Priority is required"]}
    empty = portal.post(
        "/api/tickets", client_a, json={"description": "", "priority_id": 1}
    )
    assert empty.json()["errors"]["description"] == ["Subject is required"]
    answer = portal.post(
        "/api/tickets",
        client_a,
        json={
            "description": "Printer jams",
            "message": "<p>Again</p>",
            "priority_id": 2,
        },
    )
    assert answer.status_code == 201, answer.text
    ticket = answer.json()
    assert ticket["company"]["name"] == "Northwind Trading"
    assert ticket["client"]["full_name"] == "Anna de Vries"
    assert [m["message"] for m in ticket["messages"]] == ["<p>Again</p>"]
    listed = portal.get("/api/tickets", client_a).json()["data"][0]
    assert listed["id"] == ticket["id"]
    bad = portal.post(
        "/api/tickets", client_a, json={"description": "x", "priority_id": 99}
    )
    assert bad.status_code == 422 and "priority_id" in bad.json()["errors"]


def test_create_a_ticket_as_multipart_with_a_file(
    portal: Portal, client_a: dict[str, str]
) -> None:
    answer = portal.post(
        "/api/tickets",
        client_a,
        data={
            "description": "Screenshot attached",
            "priority_id": "1",
            "message": "See file",
        },
        files={"file[0]": ("screen.png", b"\x89PNG fake", "image/png")},
    )
    assert answer.status_code == 201, answer.text
    attachment = answer.json()["messages"][0]["attachments"][0]
    assert attachment["name"] == "screen.png" and attachment["size"] == 9
    file = portal.client.get(attachment["url"])
    assert file.status_code == 200 and file.content == b"\x89PNG fake"


def test_reply_with_attachments_and_limits(
    portal: Portal, client_a: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets", client_a).json()["data"][0]
    form = {
        "message": "<p>Here it is</p>",
        "morphable_type": "Ticket",
        "morphable_id": ticket["id"],
    }
    answer = portal.post(
        "/api/messages",
        client_a,
        data=form,
        files=[
            ("file[0]", ("log.txt", b"error 42", "text/plain")),
            ("file[1]", ("report.pdf", b"%PDF-1.4 x", "application/pdf")),
        ],
    )
    assert answer.status_code == 201, answer.text
    message = answer.json()
    assert message["is_from_client"] is True and message["visible_to_client"] is True
    assert [a["name"] for a in message["attachments"]] == ["log.txt", "report.pdf"]
    thread = portal.get(f"/api/tickets/{ticket['id']}", client_a).json()["messages"]
    assert thread[-1]["id"] == message["id"]
    wrong_type = portal.post(
        "/api/messages",
        client_a,
        data=form,
        files={"file[0]": ("run.exe", b"MZ", "application/octet-stream")},
    )
    assert wrong_type.status_code == 422 and "file[0]" in wrong_type.json()["errors"]
    too_big = portal.post(
        "/api/messages",
        client_a,
        data=form,
        files={"file[0]": ("big.txt", b"x" * (10 * 1024 * 1024 + 1), "text/plain")},
    )
    assert too_big.status_code == 422
    bad_token = portal.client.get(message["attachments"][0]["url"][:-3] + "xyz")
    assert bad_token.status_code == 404


def test_invoice_pdf(portal: Portal, client_a: dict[str, str]) -> None:
    invoice = portal.get("/api/invoices", client_a, params={"version": 2}).json()[
        "data"
    ][0]
    answer = portal.get(invoice["ViewURL"], client_a)
    assert answer.status_code == 200
    assert answer.content.startswith(b"%PDF")


def test_details_carry_their_related_data(
    portal: Portal, client_a: dict[str, str]
) -> None:
    asset = portal.get("/api/assets", client_a).json()["data"][0]
    detail = portal.get(f"/api/assets/{asset['id']}", client_a).json()
    assert "messages" in detail and detail["categories"]
    sub = portal.get("/api/subscriptions", client_a).json()["data"][0]
    lines = portal.get(f"/api/subscriptions/{sub['id']}", client_a).json()["lines"]
    assert lines and {"description", "quantity", "price", "total"} <= set(lines[0])
    quote = portal.get("/api/quotes", client_a).json()["data"][0]
    qd = portal.get(f"/api/quotes/{quote['id']}", client_a).json()
    assert qd["lines"] and "custom_fields" in qd and "acceptance" in qd
