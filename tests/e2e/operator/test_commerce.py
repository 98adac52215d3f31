"""Time, quotes and invoices as operators handle them, seen from the portal too."""

from __future__ import annotations

import base64

from domain.use_cases.tenants import ChangeTenant
from projections import tables as t
from tests.e2e.operator.conftest import Desk

SIGNATURE = (
    "data:image/png;base64,"
    + base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()
)


def _prepaid(desk: Desk, email: str) -> str:
    ticket = desk.ticket_of(email)
    rows = desk.rows(
        t.contracts, tenant_id=desk.tenant_id(), company_id=ticket.company_id
    )
    return str(next(r.id for r in rows if r.period is None))


def test_time_on_a_ticket_shows_on_the_clients_contract(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    contract_id = _prepaid(desk, "client@demo.test")
    before = desk.get(f"/api/contracts/{contract_id}", client_a).json()
    made = desk.post(
        "/api/time-registrations",
        first,
        json={
            "ticket_id": ticket.id,
            "minutes": "01:15",
            "executed_at": "2026-03-02T10:00:00Z",
            "activity_id": 1,
            "description": "On site visit",
            "contract_id": contract_id,
        },
    )
    assert made.status_code == 201, made.text
    assert made.json()["time_spent_rounded"] == 75
    after = desk.get(f"/api/contracts/{contract_id}", client_a).json()
    shown = [
        r
        for block in after["contractPeriods"]
        for r in block["time_registrations"]
        if r["id"] == made.json()["id"]
    ]
    assert shown and shown[0]["description"] == "On site visit"
    assert shown[0]["operator"]["full_name"] == "Femke Bakker"
    assert after["minutes_remaining"] == before["minutes_remaining"] - 75

    plain = desk.post(
        "/api/time-registrations", first, json={"ticket_id": ticket.id, "minutes": 20}
    )
    assert plain.status_code == 201
    for wrong in ("1:75", "abc", "", "-5"):
        bad = desk.post(
            "/api/time-registrations",
            first,
            json={"ticket_id": ticket.id, "minutes": wrong},
        )
        assert bad.status_code == 422, wrong
        assert "minutes" in bad.json()["errors"]
    other = _prepaid(desk, "client2@demo.test")
    foreign = desk.post(
        "/api/time-registrations",
        first,
        json={"ticket_id": ticket.id, "minutes": 5, "contract_id": other},
    )
    assert foreign.status_code == 422


def test_open_time_is_invoiced_and_deinvoiced(
    desk: Desk, first: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    made = desk.post(
        "/api/time-registrations", first, json={"ticket_id": ticket.id, "minutes": 90}
    ).json()
    open_ids = [r["id"] for r in desk.get("/api/time-registrations/open", first).json()]
    assert made["id"] in open_ids
    added = desk.post(
        "/api/time-registrations/invoice", first, json={"ids": [made["id"]]}
    )
    assert added.status_code == 200, added.text
    assert added.json()["message"] == "Regel toegevoegd aan conceptfactuur."
    invoice = desk.get(f"/api/invoices/{added.json()['invoice_ids'][0]}", first).json()
    assert invoice["is_draft"] and invoice["company_id"] == ticket.company_id
    line = next(
        x for x in invoice["lines"] if (x["source"] or {}).get("id") == made["id"]
    )
    assert line["quantity"] == 1.5 and line["price"] == 95.0
    open_ids = [r["id"] for r in desk.get("/api/time-registrations/open", first).json()]
    assert made["id"] not in open_ids
    twice = desk.post(
        "/api/time-registrations/invoice", first, json={"ids": [made["id"]]}
    )
    assert twice.status_code == 422

    removed = desk.post(
        "/api/time-registrations/deinvoice", first, json={"ids": [made["id"]]}
    )
    assert removed.json()["message"] == "Regel verwijderd van conceptfactuur."
    open_ids = [r["id"] for r in desk.get("/api/time-registrations/open", first).json()]
    assert made["id"] in open_ids
    gone = desk.delete(f"/api/time-registrations/{made['id']}", first)
    assert gone.status_code == 200


def test_an_operator_sends_a_quote_and_the_client_accepts_it(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    made = desk.post(
        "/api/quotes",
        first,
        json={
            "name": "New docking stations",
            "client_id": ticket.client_id,
            "company_id": ticket.company_id,
            "lines": [
                {"description": "Docking station", "quantity": 2, "price": "149"}
            ],
        },
    )
    assert made.status_code == 201, made.text
    quote = made.json()
    assert quote["status_id"] == 1 and quote["total"] == 298.0
    more = desk.post(
        f"/api/quotes/{quote['id']}/lines",
        first,
        json={"description": "Installation", "quantity": 1, "price": "95"},
    ).json()
    assert len(more["lines"]) == 2 and more["total"] == 393.0
    fewer = desk.delete(f"/api/quotes/{quote['id']}/lines/2", first).json()
    assert [x["description"] for x in fewer["lines"]] == ["Docking station"]
    renamed = desk.put(
        f"/api/quotes/{quote['id']}", first, json={"name": "Docking stations"}
    ).json()
    assert renamed["name"] == "Docking stations"

    sent = desk.post(f"/api/quotes/{quote['id']}/send", first)
    assert sent.status_code == 200 and sent.json()["status_id"] == 2
    locked = desk.put(f"/api/quotes/{quote['id']}", first, json={"name": "Other"})
    assert locked.status_code == 409
    accepted = desk.post(
        f"/api/quotes/{quote['id']}/accept",
        client_a,
        json={"name": "Anna de Vries", "note": "ok", "signature": SIGNATURE},
    )
    assert accepted.status_code == 200, accepted.text
    assert desk.get(f"/api/quotes/{quote['id']}", first).json()["status_id"] == 3

    copy = desk.post(f"/api/quotes/{quote['id']}/duplicate", first)
    assert copy.status_code == 201
    assert copy.json()["status_id"] == 1 and copy.json()["id"] != quote["id"]

    billed = desk.post("/api/quotes/invoice", first, json={"ids": [quote["id"]]})
    assert billed.status_code == 200, billed.text
    concept = desk.post("/api/quotes/invoice", first, json={"ids": [copy.json()["id"]]})
    assert concept.status_code == 422
    back = desk.post("/api/quotes/deinvoice", first, json={"ids": [quote["id"]]})
    assert back.json()["message"] == "Regel verwijderd van conceptfactuur."


def test_invoice_lines_export_restore_and_csv(
    desk: Desk, first: dict[str, str]
) -> None:
    company = desk.ticket_of("client@demo.test").company_id
    made = desk.post(
        "/api/invoices",
        first,
        json={"company_id": company, "lines": [{"description": "Setup", "price": 100}]},
    )
    assert made.status_code == 201, made.text
    invoice = made.json()
    added = desk.post(
        f"/api/invoices/{invoice['id']}/lines",
        first,
        json={"description": "Cable", "quantity": 2, "price": "5"},
    ).json()
    assert added["message"] == "Regel toegevoegd aan conceptfactuur."
    assert added["amount_excl"] == 110.0
    line_id = added["lines"][-1]["id"]
    removed = desk.delete(
        f"/api/invoices/{invoice['id']}/lines/{line_id}", first
    ).json()
    assert removed["message"] == "Regel verwijderd van conceptfactuur."

    pdf = desk.post(f"/api/invoicing/export/{invoice['id']}", first)
    assert pdf.status_code == 200, pdf.text
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    shown = desk.get(f"/api/invoices/{invoice['id']}", first).json()
    assert shown["external_id"] == invoice["code"] and shown["is_draft"] is False
    locked = desk.post(
        f"/api/invoices/{invoice['id']}/lines", first, json={"description": "x"}
    )
    assert locked.status_code == 409

    desk.svc.domain.tenants.change(
        desk.tenant_id(),
        "test",
        ChangeTenant(modules={"mod_invoice_export_pdf": False}),
    )
    desk.svc.follower.catch_up()
    again = desk.post(f"/api/invoicing/export/{invoice['id']}", first)
    assert again.json()["reExport"] is True

    restored = desk.put(f"/api/invoicing/restore/{invoice['id']}", first)
    assert restored.status_code == 200 and restored.json()["is_draft"] is True
    first_export = desk.post(f"/api/invoicing/export/{invoice['id']}", first)
    assert first_export.json()["reExport"] is False

    csv = desk.post("/api/invoicing/download-csv", first, json={"ids": [invoice["id"]]})
    assert csv.headers["content-type"].startswith("text/csv")
    assert invoice["code"] in csv.text and csv.text.startswith("code;")
    saved = desk.get(f"/api/invoicing/file/{invoice['id']}", first).json()
    assert saved["Filename"] == f"{invoice['code']}.pdf"
    assert base64.b64decode(saved["Base64"]).startswith(b"%PDF")
    assert desk.post("/api/invoicing/export/nope", first).status_code == 404
