"""A merged company's draft invoice does not become a second draft of the survivor:
its lines, with what they bill, move onto the survivor's one draft."""

from __future__ import annotations

from typing import Any

from projections import tables as t
from projections.rebuild import rebuild
from tests.e2e.operator.conftest import Desk
from tests.integration.projections.conftest import snapshot


def _invoice_time(desk: Desk, headers: dict[str, str], ticket: Any) -> tuple[str, str]:
    made = desk.post(
        "/api/time-registrations",
        headers,
        json={"ticket_id": ticket.id, "minutes": 60, "description": ticket.id[:8]},
    )
    assert made.status_code == 201, made.text
    added = desk.post(
        "/api/time-registrations/invoice", headers, json={"ids": [made.json()["id"]]}
    )
    assert added.status_code == 200, added.text
    return made.json()["id"], added.json()["invoice_ids"][0]


def _drafts(desk: Desk, company_id: str) -> list[Any]:
    rows = desk.rows(t.invoices, tenant_id=desk.tenant_id(), company_id=company_id)
    return [r for r in rows if r.external_id is None and r.credits is None]


def test_the_merged_companys_draft_lines_join_the_survivors_draft(
    desk: Desk, first: dict[str, str]
) -> None:
    ours = desk.ticket_of("client@demo.test")
    theirs = desk.ticket_of("client2@demo.test")
    survivor, merged = ours.company_id, theirs.company_id
    kept_time, kept_draft = _invoice_time(desk, first, ours)
    moved_time, gone_draft = _invoice_time(desk, first, theirs)
    before = {r.id for r in _drafts(desk, survivor)}
    assert kept_draft in before and gone_draft not in before
    lines_before = [
        len(desk.get(f"/api/invoices/{i}", first).json()["lines"])
        for i in (kept_draft, gone_draft)
    ]

    answer = desk.post("/api/companies/merge", first, json={"ids": [survivor, merged]})
    assert answer.status_code == 200, answer.text

    drafts = _drafts(desk, survivor)
    assert [r.id for r in drafts] == [kept_draft]
    assert desk.get(f"/api/invoices/{gone_draft}", first).status_code == 404
    invoice = desk.get(f"/api/invoices/{kept_draft}", first).json()
    assert len(invoice["lines"]) == sum(lines_before)
    sources = {(x["source"] or {}).get("id") for x in invoice["lines"]}
    assert {kept_time, moved_time} <= sources
    shown = desk.get(f"/api/time-registrations/{moved_time}", first).json()
    assert shown["invoice_id"] == kept_draft

    # the moved line is held by the survivor's draft: it comes off from there
    off = desk.post(
        "/api/time-registrations/deinvoice", first, json={"ids": [moved_time]}
    )
    assert off.status_code == 200, off.text
    assert off.json()["invoice_ids"] == [kept_draft]
    back = desk.post(
        "/api/time-registrations/invoice", first, json={"ids": [moved_time]}
    )
    assert back.json()["invoice_ids"] == [kept_draft]

    followed = snapshot(desk.svc.engine)
    rebuild(desk.svc.domain, desk.svc.engine)
    assert snapshot(desk.svc.engine) == followed


def test_a_survivor_without_a_draft_gets_one_holding_the_merged_lines(
    desk: Desk, first: dict[str, str]
) -> None:
    theirs = desk.ticket_of("client2@demo.test")
    moved_time, gone_draft = _invoice_time(desk, first, theirs)
    survivor = desk.post("/api/companies", first, json={"name": "Fresh BV"}).json()
    answer = desk.post(
        "/api/companies/merge",
        first,
        json={"ids": [survivor["id"], theirs.company_id]},
    )
    assert answer.status_code == 200, answer.text
    (draft,) = _drafts(desk, survivor["id"])
    assert draft.id != gone_draft
    sources = {(x.get("source") or {}).get("id") for x in draft.lines}
    assert moved_time in sources
    assert desk.get(f"/api/invoices/{gone_draft}", first).status_code == 404
