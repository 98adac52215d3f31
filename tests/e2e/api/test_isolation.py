"""Another company's or tenant's records answer 404 everywhere; notes stay internal."""

from __future__ import annotations

import time
from typing import Any

import pytest

from api.security import quote_token
from projections import tables as t
from tests.e2e.api.conftest import Portal

DETAILS = ("tickets", "quotes", "contracts", "subscriptions", "assets")


def _ids(portal: Portal, headers: dict[str, str], route: str) -> set[str]:
    body = portal.get(
        f"/api/{route}", headers, params={"builder[paginate]": 100, "version": 2}
    ).json()
    return {row["id"] for row in body["data"]}


@pytest.mark.parametrize("route", DETAILS + ("invoices",))
def test_lists_hold_only_the_clients_company(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str], route: str
) -> None:
    mine, theirs = _ids(portal, client_a, route), _ids(portal, client_b, route)
    assert mine and theirs and not mine & theirs
    companies = {
        row.company_id
        for table in (getattr(t, route),)
        for row in portal.rows(table)
        if row.id in mine
    }
    assert len(companies) == 1


@pytest.mark.parametrize("route", DETAILS)
def test_another_companys_record_is_404_like_a_missing_one(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str], route: str
) -> None:
    theirs = sorted(_ids(portal, client_b, route))[0]
    foreign = portal.get(f"/api/{route}/{theirs}", client_a)
    missing = portal.get(f"/api/{route}/00000000-0000-0000-0000-000000000000", client_a)
    assert foreign.status_code == missing.status_code == 404
    assert foreign.json() == missing.json() == {"message": "Not found."}
    assert portal.get(f"/api/{route}/{theirs}", client_b).status_code == 200


@pytest.mark.parametrize("route", DETAILS)
def test_another_tenants_record_is_404(
    portal: Portal, client_a: dict[str, str], route: str
) -> None:
    other = portal.login("client@other.test", host="other.localhost")
    theirs = sorted(_ids(portal, other, route))[0]
    assert portal.get(f"/api/{route}/{theirs}", client_a).status_code == 404
    assert theirs not in _ids(portal, client_a, route)


def test_writes_and_files_of_another_company_are_404(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str]
) -> None:
    quote = next(
        q
        for q in portal.get("/api/quotes", client_b).json()["data"]
        if q["status_id"] == 2
    )
    for action in ("accept", "decline", "download"):
        answer = portal.post(
            f"/api/quotes/{quote['id']}/{action}",
            client_a,
            json={"name": "x", "signature": "data:image/png;base64,AAAA"},
        )
        assert answer.status_code == 404, action
    invoice = portal.get("/api/invoices", client_b).json()["data"][0]
    assert portal.get(invoice["ViewURL"], client_a).status_code == 404
    contract = portal.get(
        "/api/contracts", client_b, params={"builder[whereNull][]": "period"}
    ).json()["data"][0]
    buy = portal.post(
        f"/api/contracts/{contract['id']}/buy", client_a, json={"prepaid_card_id": 1}
    )
    assert buy.status_code == 404
    ticket = portal.get("/api/tickets", client_b).json()["data"][0]
    reply = portal.post(
        "/api/messages",
        client_a,
        data={
            "message": "hi",
            "morphable_type": "Ticket",
            "morphable_id": ticket["id"],
        },
    )
    assert reply.status_code == 404


def test_a_quote_token_of_another_tenant_opens_nothing_here(portal: Portal) -> None:
    other_id = portal.tenant_id("other")
    quote = portal.rows(t.quotes, tenant_id=other_id)[0]
    token = quote_token(portal.svc.settings.secret_key, other_id, quote.id)
    answer = portal.client.get(
        f"/api/quotes/{quote.id}", headers={"X-Quote-token": token}
    )
    assert answer.status_code == 401


def _export(portal: Portal, headers: dict[str, str], model: str) -> str:
    started = portal.post(
        "/api/exports", headers, json={"model": model, "filter": {"paginate": 5}}
    )
    assert started.status_code == 202, started.text
    export_id = started.json()["id"]
    for _ in range(200):
        state = portal.get(f"/api/exports/{export_id}", headers).json()
        if state["status"] != "pending":
            break
        time.sleep(0.05)
    assert state["status"] == "done"
    return str(portal.client.get(state["files"]["csv"], headers=headers).text)


@pytest.mark.parametrize("model", DETAILS + ("invoices",))
def test_exports_hold_only_the_clients_company(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str], model: str
) -> None:
    text = _export(portal, client_a, model)
    for foreign in _ids(portal, client_b, model):
        assert foreign not in text
    started = portal.post("/api/exports", client_a, json={"model": model})
    assert (
        portal.get(f"/api/exports/{started.json()['id']}", client_b).status_code == 404
    )


def test_internal_notes_never_reach_a_portal_user(
    portal: Portal, client_a: dict[str, str], operator: dict[str, str]
) -> None:
    internal = "Internal: check the warranty first."
    notes = [m for m in portal.rows(t.messages) if not m.visible_to_client]
    assert notes
    ticket_ids = _ids(portal, client_a, "tickets")
    seen: list[Any] = []
    for ticket_id in ticket_ids:
        answer = portal.get(f"/api/tickets/{ticket_id}", client_a)
        assert internal not in answer.text
        seen.extend(answer.json()["messages"])
    assert seen and all(m["visible_to_client"] for m in seen)
    assert internal not in _export(portal, client_a, "tickets")
    assert (
        internal
        not in portal.get(
            "/api/tickets", client_a, params={"builder[s]": "warranty"}
        ).text
    )
    noted = next(str(m.morphable_id) for m in notes if internal in m.message)
    assert noted in ticket_ids  # the note sits on a ticket the client does see
    staff = portal.get(f"/api/tickets/{noted}", operator).text
    assert internal in staff


def test_preset_counts_stay_within_the_company(
    portal: Portal, client_a: dict[str, str], client_b: dict[str, str]
) -> None:
    for headers in (client_a, client_b):
        created = portal.post(
            "/api/table-presets",
            headers,
            json={"label": "All", "type": "tickets", "filter_config": "{}"},
        )
        assert created.status_code == 201
    count_a = portal.get("/api/presets-result-count/tickets", client_a).json()
    total_a = portal.get("/api/tickets", client_a).json()["total"]
    assert [c["count"] for c in count_a] == [total_a]
    assert len(count_a) == 1
