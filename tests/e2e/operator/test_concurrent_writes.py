"""Many people writing at once: appends are all stored, a source is invoiced once.

Each test fires twenty requests from twenty threads released together by a
barrier; the test client runs the app's handlers concurrently in its worker
threads, so the commands really race for the same aggregates.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import select

from domain.invoice_sources import InvoiceSource, source_record_id
from domain.invoices import Invoice
from projections import tables as t
from tests.e2e.operator.conftest import Desk

TIMES = 20


def at_once(call: Callable[[int], Any], times: int = TIMES) -> list[Any]:
    """The answers of `times` calls started together, in call order."""
    start = threading.Barrier(times)

    def run(n: int) -> Any:
        start.wait()
        return call(n)

    with ThreadPoolExecutor(max_workers=times) as pool:
        return list(pool.map(run, range(times)))


def _form(ticket_id: str, message: str, visible: str) -> dict[str, str]:
    return {
        "message": message,
        "is_from_client": "0",
        "visible_to_client": visible,
        "morphable_type": "Ticket",
        "morphable_id": ticket_id,
    }


def _company(desk: Desk, headers: dict[str, str], name: str) -> str:
    made = desk.post("/api/companies", headers, json={"name": name})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _used_product(desk: Desk, headers: dict[str, str], company_id: str) -> str:
    made = desk.post(
        "/api/used-products",
        headers,
        json={"description": "Switch", "company_id": company_id, "price": "80"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _lines_with_source(desk: Desk, source_id: str) -> list[tuple[str, str]]:
    """(invoice id, line id) of every read-model invoice line of the source."""
    i = t.invoices
    query = select(i.c.id, i.c.lines).where(i.c.tenant_id == desk.tenant_id())
    with desk.svc.engine.connect() as connection:
        rows = list(connection.execute(query))
    return [
        (row.id, line["id"])
        for row in rows
        for line in row.lines or []
        if (line.get("source") or {}).get("id") == source_id
    ]


def _drafts_of(desk: Desk, company_id: str) -> list[Any]:
    i = t.invoices
    query = select(i).where(
        i.c.tenant_id == desk.tenant_id(),
        i.c.company_id == company_id,
        i.c.external_id.is_(None),
    )
    with desk.svc.engine.connect() as connection:
        return list(connection.execute(query))


def test_twenty_replies_and_notes_at_once_are_all_stored(
    desk: Desk,
    first: dict[str, str],
    second: dict[str, str],
    client_a: dict[str, str],
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    tenant_id = desk.tenant_id()
    before = desk.svc.domain.tickets.get(tenant_id, ticket_id).version

    def post(n: int) -> Any:
        text = f"Message {n}"
        if n % 2 == 0:  # the client answers in the portal
            form = {"message": text, "morphable_type": "Ticket"}
            return desk.post(
                "/api/messages", client_a, data={**form, "morphable_id": ticket_id}
            )
        operator = first if n % 4 == 1 else second
        visible = "1" if n % 3 == 0 else "0"
        return desk.post(
            "/api/messages/store", operator, data=_form(ticket_id, text, visible)
        )

    answers = at_once(post)
    assert [a.status_code for a in answers] == [201] * TIMES, [
        a.text for a in answers if a.status_code != 201
    ]
    posted = {a.json()["id"] for a in answers}
    assert len(posted) == TIMES

    stored = desk.svc.domain.tickets.get(tenant_id, ticket_id)
    assert posted <= {m["id"] for m in stored.messages}
    assert stored.version == before + TIMES
    thread = desk.rows(t.messages, tenant_id=tenant_id, morphable_id=ticket_id)
    assert posted <= {row.id for row in thread}
    texts = {row.message for row in thread if row.id in posted}
    assert {f"Message {n}" for n in range(TIMES)} <= {
        text.replace("<p>", "").replace("</p>", "") for text in texts
    }
    shown = desk.get(f"/api/tickets/{ticket_id}", first).json()["messages"]
    assert posted <= {m["id"] for m in shown}


def test_twenty_time_registrations_at_once_are_all_stored(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    tenant_id = desk.tenant_id()

    def register(n: int) -> Any:
        body = {"ticket_id": ticket_id, "minutes": n + 1, "description": f"Work {n}"}
        return desk.post(
            "/api/time-registrations", first if n % 2 else second, json=body
        )

    answers = at_once(register)
    assert [a.status_code for a in answers] == [201] * TIMES, [
        a.text for a in answers if a.status_code != 201
    ]
    made = {a.json()["id"] for a in answers}
    assert len(made) == TIMES
    stored = desk.svc.domain.tickets.get(tenant_id, ticket_id).time_registrations
    assert made <= set(stored)
    assert sorted(stored[i]["minutes"] for i in made) == list(range(1, TIMES + 1))
    rows = desk.rows(t.time_registrations, tenant_id=tenant_id, ticket_id=ticket_id)
    assert made <= {row.id for row in rows}


def test_replies_meanwhile_leave_an_edit_current_another_edit_makes_it_stale(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    seen = desk.get(f"/api/tickets/{ticket_id}", first).json()["version"]
    answers = at_once(
        lambda n: desk.post(
            "/api/messages/store", second, data=_form(ticket_id, f"Note {n}", "0")
        ),
        times=5,
    )
    assert [a.status_code for a in answers] == [201] * 5
    # Five notes came in since the form was read: they add to the ticket and
    # conflict with no field, so the edit is made.
    edited = desk.put(
        f"/api/tickets/{ticket_id}",
        first,
        json={"description": "Printer on fire", "version": seen},
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["description"] == "Printer on fire"

    # The second operator edits while more notes arrive: the first's next save
    # on the version read before that edit is refused.
    answers = at_once(
        lambda n: (
            desk.put(
                f"/api/tickets/{ticket_id}",
                second,
                json={"description": "Printer smoking"},
            )
            if n == 0
            else desk.post(
                "/api/messages/store", second, data=_form(ticket_id, f"More {n}", "0")
            )
        ),
        times=5,
    )
    assert [a.status_code for a in answers] == [200] + [201] * 4
    stale = desk.put(
        f"/api/tickets/{ticket_id}",
        first,
        json={"description": "Printer fixed", "version": seen},
    )
    assert stale.status_code == 409, stale.text
    assert "changed by someone else" in stale.json()["message"]
    current = desk.get(f"/api/tickets/{ticket_id}", first).json()
    assert current["description"] == "Printer smoking"
    fresh = desk.put(
        f"/api/tickets/{ticket_id}",
        first,
        json={"description": "Printer fixed", "version": current["version"]},
    )
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["description"] == "Printer fixed"


def test_twenty_invoice_calls_on_one_used_product_make_one_line(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    company_id = _company(desk, second, "Concurrent Products BV")
    product_id = _used_product(desk, second, company_id)

    answers = at_once(
        lambda n: desk.post(
            "/api/used-products/invoice",
            first if n % 2 else second,
            json={"ids": [product_id]},
        )
    )
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * (TIMES - 1), [a.text for a in answers]

    (placed,) = _lines_with_source(desk, product_id)
    drafts = _drafts_of(desk, company_id)
    assert [d.id for d in drafts] == [placed[0]]
    tenant_id = desk.tenant_id()
    invoice = desk.svc.domain.load(tenant_id, Invoice, placed[0])
    assert [line["source"]["id"] for line in invoice.lines] == [product_id]
    record = desk.svc.domain.load(
        tenant_id,
        InvoiceSource,
        source_record_id(tenant_id, "used_product", product_id),
    )
    assert record.invoice_id == placed[0] and record.line_ids == [placed[1]]

    taken_off = desk.post(
        "/api/used-products/deinvoice", first, json={"ids": [product_id]}
    )
    assert taken_off.status_code == 200, taken_off.text
    assert _lines_with_source(desk, product_id) == []
    again = desk.post("/api/used-products/invoice", first, json={"ids": [product_id]})
    assert again.status_code == 200, again.text
    assert len(_lines_with_source(desk, product_id)) == 1


def test_twenty_invoice_calls_on_one_time_registration_make_one_line(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    ticket = desk.ticket_of("client@demo.test")
    made = desk.post(
        "/api/time-registrations", first, json={"ticket_id": ticket.id, "minutes": 45}
    )
    registration_id = made.json()["id"]
    drafts_before = {d.id for d in _drafts_of(desk, ticket.company_id)}

    answers = at_once(
        lambda n: desk.post(
            "/api/time-registrations/invoice",
            first if n % 2 else second,
            json={"ids": [registration_id]},
        )
    )
    codes = [a.status_code for a in answers]
    assert codes.count(200) == 1, [a.text for a in answers]
    # Refused by the read model's early check (422, as documented) or, when the
    # winner was not yet visible there, by the domain (409).
    assert set(codes) - {200} <= {409, 422}

    ((invoice_id, _),) = _lines_with_source(desk, registration_id)
    drafts_after = {d.id for d in _drafts_of(desk, ticket.company_id)}
    assert len(drafts_after - drafts_before) <= 1 and invoice_id in drafts_after
    invoice = desk.svc.domain.load(desk.tenant_id(), Invoice, invoice_id)
    on_it = [
        x for x in invoice.lines if (x["source"] or {}).get("id") == registration_id
    ]
    assert len(on_it) == 1 and on_it[0]["quantity"] == "0.75"

    refused = desk.delete(f"/api/time-registrations/{registration_id}", first)
    assert refused.status_code == 422


def test_twenty_sources_of_a_new_company_at_once_share_one_draft(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    company_id = _company(desk, second, "One Draft BV")
    products = [_used_product(desk, second, company_id) for _ in range(TIMES)]

    answers = at_once(
        lambda n: desk.post(
            "/api/used-products/invoice",
            first if n % 2 else second,
            json={"ids": [products[n]]},
        )
    )
    assert [a.status_code for a in answers] == [200] * TIMES, [
        a.text for a in answers if a.status_code != 200
    ]
    touched = {tuple(a.json()["invoice_ids"]) for a in answers}
    (draft,) = _drafts_of(desk, company_id)
    assert touched == {(draft.id,)}
    sources = sorted(line["source"]["id"] for line in draft.lines)
    assert sources == sorted(products)
