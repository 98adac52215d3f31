"""A company merge moves every record and client to the survivor, and stays moved."""

from __future__ import annotations

import json
from typing import Any

from projections import tables as t
from projections.rebuild import rebuild
from tests.e2e.operator.conftest import Desk
from tests.integration.projections.conftest import snapshot

PORTAL_LISTS = ("tickets", "quotes", "contracts", "invoices", "assets", "subscriptions")
OPERATOR_LISTS = (
    *PORTAL_LISTS,
    "deals",
    "projects",
    "used-products",
    "locations",
    "ticket-groups",
)
TABLES = {
    "tickets": t.tickets,
    "quotes": t.quotes,
    "contracts": t.contracts,
    "invoices": t.invoices,
    "assets": t.assets,
    "subscriptions": t.subscriptions,
    "deals": t.deals,
    "projects": t.projects,
    "used-products": t.used_products,
    "locations": t.locations,
    "ticket-groups": t.ticket_groups,
}


def _all(desk: Desk, route: str, headers: dict[str, str]) -> dict[str, Any]:
    answer = desk.get(f"/api/{route}", headers, params={"per_page": 500})
    assert answer.status_code == 200, (route, answer.text)
    return answer.json()  # type: ignore[no-any-return]


def _company_of(item: dict[str, Any]) -> tuple[Any, Any]:
    company = item.get("company") or {}
    return item.get("company_id", company.get("id")), company.get("name")


def _counts(desk: Desk, headers: dict[str, str]) -> dict[str, int]:
    answer = desk.get("/api/presets-result-count/tickets", headers)
    assert answer.status_code == 200, answer.text
    return {c["id"]: c["count"] for c in answer.json()}


def _preset(desk: Desk, headers: dict[str, str], label: str, builder: object) -> str:
    answer = desk.post(
        "/api/table-presets",
        headers,
        json={"label": label, "type": "tickets", "filter_config": json.dumps(builder)},
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_merge_moves_every_record_and_the_clients_follow(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    tenant = desk.tenant_id()
    merged = desk.rows(t.users, tenant_id=tenant, email="client@demo.test")[0]
    old = merged.company_id
    for route in ("locations", "ticket-groups"):
        made = desk.post(
            f"/api/{route}", first, json={"name": f"Old {route}", "company_id": old}
        )
        assert made.status_code == 201, made.text
    for route in OPERATOR_LISTS:
        assert desk.rows(TABLES[route], tenant_id=tenant, company_id=old), route
    portal_before = {r: _all(desk, r, client_a)["total"] for r in PORTAL_LISTS}
    assert all(portal_before.values()), portal_before
    mine = _preset(desk, client_a, "Mine", {"whereIn": [["status_id", ["1", "2"]]]})
    theirs = _preset(desk, first, "Northwind", {"whereIn": [["company_id", [old]]]})
    counts_before = _counts(desk, client_a)
    operator_before = _counts(desk, first)[theirs]
    assert counts_before[mine] and operator_before

    survivor = desk.post("/api/companies", first, json={"name": "Bar Merge Survivor"})
    new = survivor.json()["id"]
    preview = desk.post("/api/companies/merge/preview", first, json={"ids": [new, old]})
    assert preview.status_code == 200, preview.text
    shown = preview.json()
    assert shown["survivor"] == {"id": new, "name": "Bar Merge Survivor"}
    assert [m["id"] for m in shown["merged"]] == [old]
    assert shown["merged"][0]["records"]["tickets"] == len(
        desk.rows(t.tickets, tenant_id=tenant, company_id=old)
    )
    assert shown["merged"][0]["records"]["clients"] == 1

    answer = desk.post("/api/companies/merge", first, json={"ids": [new, old]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["id"] == new

    for route in OPERATOR_LISTS:
        assert not desk.rows(TABLES[route], tenant_id=tenant, company_id=old), route
        rows = desk.rows(TABLES[route], tenant_id=tenant, company_id=new)
        assert rows and {r.company_name for r in rows} == {"Bar Merge Survivor"}
        listed = _all(desk, route, first)["data"]
        if route == "invoices":  # the list shape names no company; the record does
            shown = desk.get(f"/api/invoices/{rows[0].id}", first).json()
            listed = [shown]
        companies = {_company_of(item) for item in listed}
        assert all(company_id != old for company_id, _ in companies), route
        assert (new, "Bar Merge Survivor") in companies, (route, companies)

    client = desk.rows(t.users, tenant_id=tenant, id=merged.id)[0]
    assert client.company_id == new and client.company_ids == [new]
    again = desk.login("client@demo.test")
    for route in PORTAL_LISTS:
        listed = _all(desk, route, again)
        assert listed["total"] == portal_before[route], route
        if route != "invoices":
            assert {_company_of(i)[0] for i in listed["data"]} == {new}, route
        # the session that was open before the merge sees the same
        assert _all(desk, route, client_a)["total"] == portal_before[route]
    assert _counts(desk, again) == counts_before
    assert _counts(desk, first)[theirs] == operator_before


def test_later_writes_keep_the_survivor_and_rebuild_equals_following(
    desk: Desk, first: dict[str, str]
) -> None:
    tenant = desk.tenant_id()
    old = desk.rows(t.users, tenant_id=tenant, email="client@demo.test")[0].company_id
    new = desk.post("/api/companies", first, json={"name": "Bar Survivor"}).json()["id"]
    ticket = desk.rows(t.tickets, tenant_id=tenant, company_id=old)[0]
    deal = desk.rows(t.deals, tenant_id=tenant, company_id=old)[0]
    assert (
        desk.post("/api/companies/merge", first, json={"ids": [new, old]}).status_code
        == 200
    )

    changed = desk.put(
        f"/api/tickets/{ticket.id}",
        first,
        json={"description": "Changed after the merge", "version": ticket.version},
    )
    assert changed.status_code == 200, changed.text
    deal_changed = desk.put(
        f"/api/deals/{deal.id}", first, json={"description": "Renamed deal"}
    )
    assert deal_changed.status_code == 200, deal_changed.text
    # a write that still names the merged company lands on the survivor
    late = desk.post(
        "/api/locations", first, json={"name": "Late site", "company_id": old}
    )
    assert late.status_code == 201, late.text
    renamed = desk.put(f"/api/companies/{new}", first, json={"name": "Bar Renamed"})
    assert renamed.status_code == 200

    row = desk.rows(t.tickets, tenant_id=tenant, id=ticket.id)[0]
    assert (row.company_id, row.company_name) == (new, "Bar Renamed")
    moved_deal = desk.rows(t.deals, tenant_id=tenant, id=deal.id)[0]
    assert (moved_deal.company_id, moved_deal.company_name) == (new, "Bar Renamed")
    site = desk.rows(t.locations, tenant_id=tenant, id=late.json()["id"])[0]
    assert (site.company_id, site.company_name) == (new, "Bar Renamed")
    assert not desk.rows(t.ticket_counts, tenant_id=tenant, company_id=old) or all(
        r.n == 0 for r in desk.rows(t.ticket_counts, tenant_id=tenant, company_id=old)
    )

    followed = snapshot(desk.svc.engine)
    rebuild(desk.svc.domain, desk.svc.engine)
    assert snapshot(desk.svc.engine) == followed


def test_merge_preview_refuses_what_merge_refuses(
    desk: Desk, first: dict[str, str]
) -> None:
    a = desk.post("/api/companies", first, json={"name": "Alpha"}).json()["id"]
    b = desk.post("/api/companies", first, json={"name": "Beta"}).json()["id"]
    same = desk.post("/api/companies/merge/preview", first, json={"ids": [a, a]})
    assert same.status_code == 422 and "ids" in same.json()["errors"]
    missing = desk.post("/api/companies/merge/preview", first, json={"ids": [a, "x"]})
    assert missing.status_code == 404
    done = desk.post("/api/companies/merge", first, json={"ids": [a, b]})
    assert done.status_code == 200
    gone = desk.post("/api/companies/merge/preview", first, json={"ids": [b, a]})
    assert gone.status_code == 409


def test_an_auditor_sees_the_company_of_each_moment(
    desk: Desk, first: dict[str, str]
) -> None:
    tenant = desk.tenant_id()
    old = desk.rows(t.users, tenant_id=tenant, email="client@demo.test")[0].company_id
    new = desk.post("/api/companies", first, json={"name": "Bar Audit"}).json()["id"]
    ticket = desk.rows(t.tickets, tenant_id=tenant, company_id=old)[0]
    quote = desk.rows(t.quotes, tenant_id=tenant, company_id=old)[0]
    before = desk.get(f"/api/audit/tickets/{ticket.id}/state", first).json()
    assert before["state"]["fields"]["company_id"] == old
    moment = before["state"]["modified_on"]
    merged = desk.post("/api/companies/merge", first, json={"ids": [new, old]})
    assert merged.status_code == 200, merged.text

    now = desk.get(f"/api/audit/tickets/{ticket.id}/state", first)
    assert now.status_code == 200, now.text
    fields = now.json()["state"]["fields"]
    assert (fields["company_id"], fields["merged_company_id"]) == (new, old)
    then = desk.get(
        f"/api/audit/tickets/{ticket.id}/state", first, params={"at": moment}
    ).json()["state"]["fields"]
    assert then["company_id"] == old and "merged_company_id" not in then
    first_version = desk.get(
        f"/api/audit/tickets/{ticket.id}/state", first, params={"version": 1}
    ).json()["state"]["fields"]
    assert first_version["company_id"] == old
    offer = desk.get(f"/api/audit/quotes/{quote.id}/state", first).json()["state"]
    assert (offer["company_id"], offer["merged_company_id"]) == (new, old)


def test_merges_chain_to_the_last_survivor(desk: Desk, first: dict[str, str]) -> None:
    tenant = desk.tenant_id()
    x, y, z = (
        desk.post("/api/companies", first, json={"name": name}).json()["id"]
        for name in ("Chain X", "Chain Y", "Chain Z")
    )
    site = desk.post(
        "/api/locations", first, json={"name": "X site", "company_id": x}
    ).json()["id"]
    assert (
        desk.post("/api/companies/merge", first, json={"ids": [y, x]}).status_code
        == 200
    )
    assert (
        desk.post("/api/companies/merge", first, json={"ids": [z, y]}).status_code
        == 200
    )
    late = desk.post(
        "/api/locations", first, json={"name": "Late X site", "company_id": x}
    ).json()["id"]
    for location in (site, late):
        row = desk.rows(t.locations, tenant_id=tenant, id=location)[0]
        assert (row.company_id, row.company_name) == (z, "Chain Z")
    followed = snapshot(desk.svc.engine)
    rebuild(desk.svc.domain, desk.svc.engine)
    assert snapshot(desk.svc.engine) == followed
