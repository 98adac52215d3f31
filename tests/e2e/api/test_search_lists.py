"""The lists' builder[s] through the search index, and one kind's pages of results.

Quotes, assets, contracts, subscriptions, companies and clients are found by
stemmed words and by references as substrings; a portal client finds nothing of
another company, another tenant or an internal note, on both databases.
"""

from __future__ import annotations

from typing import Any

import pytest

from projections import tables as t
from tests.e2e.api.conftest import OTHER, Portal


def _parties(portal: Portal, email: str = "client@demo.test") -> dict[str, Any]:
    client_id = portal.user_id(email)
    (user,) = portal.rows(t.users, tenant_id=portal.tenant_id(), id=client_id)
    return {"company_id": user.company_id, "client_id": client_id}


def _made(portal: Portal, headers: dict[str, str], path: str, **body: Any) -> str:
    answer = portal.post(path, headers, json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _listed(portal: Portal, headers: dict[str, str], path: str, s: str) -> list[str]:
    answer = portal.get(path, headers, params={"builder[s]": s})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["total"] == len(body["data"])
    return [str(row["id"]) for row in body["data"]]


@pytest.fixture
def records(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> dict[str, str]:
    """An asset, quote, contract and subscription of company A, and a company."""
    parties = _parties(portal)
    return {
        "asset": _made(
            portal,
            operator,
            "/api/assets",
            **parties,
            name="Hallway laser",
            description="The printers on the second floor",
            serial_number="SN-QX-784512",
            status_id=4,
        ),
        "quote": _made(
            portal,
            operator,
            "/api/quotes",
            **parties,
            name="Replacement plotters",
            lines=[{"description": "Plotter", "quantity": 1, "price": "900"}],
        ),
        "contract": _made(
            portal,
            operator,
            "/api/contracts",
            **parties,
            name="Helpdesk hours for the warehouses",
            period=None,
            quantity=4,
        ),
        "subscription": _made(
            portal,
            operator,
            "/api/subscriptions",
            **parties,
            description="Managed firewalls",
            period="month",
            billing_start_date="2026-01-01",
            lines=[{"description": "Firewall", "quantity": 1, "price": "25"}],
        ),
        "company": _made(portal, operator, "/api/companies", name="Kestrel Logistics"),
    }


@pytest.mark.parametrize(
    ("kind", "path", "q"),
    [
        ("asset", "/api/assets", "printer"),  # stemmed: the text says printers
        ("asset", "/api/assets", "784512"),  # a serial number as a substring
        ("asset", "/api/assets", "qx-7845"),
        ("quote", "/api/quotes", "plotter"),
        ("contract", "/api/contracts", "warehouse"),
        ("subscription", "/api/subscriptions", "firewall"),
        ("company", "/api/companies", "kestrel"),
        ("company", "/api/companies", "logist"),  # being typed
    ],
)
def test_a_list_finds_its_records_through_the_index(
    portal: Portal,
    operator: dict[str, str],
    records: dict[str, str],
    kind: str,
    path: str,
    q: str,
) -> None:
    found = _listed(portal, operator, path, q)
    assert records[kind] in found
    mine = set(records.values())
    assert set(found) & mine == {records[kind]}  # not the other records made


def test_a_list_still_finds_records_by_their_company_or_client_name(
    portal: Portal, operator: dict[str, str], records: dict[str, str]
) -> None:
    quote = portal.get(f"/api/quotes/{records['quote']}", operator).json()
    company = quote["company"]["name"]
    assert records["quote"] in _listed(portal, operator, "/api/quotes", company)


def test_clients_are_found_by_name_and_e_mail(
    portal: Portal, operator: dict[str, str]
) -> None:
    found = _listed(portal, operator, "/api/clients", "client2")
    ids = [portal.user_id("client2@demo.test")]
    assert found == ids


def test_a_client_finds_only_its_own_companys_records(
    portal: Portal,
    operator: dict[str, str],
    client_a: dict[str, str],
    client_b: dict[str, str],
    records: dict[str, str],
) -> None:
    assert records["asset"] in _listed(portal, client_a, "/api/assets", "printer")
    assert _listed(portal, client_a, "/api/quotes", "plotters") == [records["quote"]]
    for kind, path, q in (
        ("asset", "/api/assets", "printer"),
        ("asset", "/api/assets", "784512"),
        ("quote", "/api/quotes", "plotters"),
        ("contract", "/api/contracts", "warehouses"),
        ("subscription", "/api/subscriptions", "firewalls"),
    ):
        assert records[kind] in _listed(portal, client_a, path, q), path
        assert records[kind] not in _listed(portal, client_b, path, q), path
    elsewhere = portal.login("first@other.test", host=OTHER)
    for path, q in (("/api/assets", "784512"), ("/api/companies", "kestrel")):
        assert _listed(portal, elsewhere, path, q) == [], path


def test_an_internal_notes_words_find_no_record_for_a_client(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets", client_a).json()["data"][0]
    answer = portal.post(
        "/api/messages",
        operator,
        data={
            "message": "Narwhal licence keys are on the plotter quote",
            "morphable_type": "Ticket",
            "morphable_id": ticket["id"],
            "visible_to_client": "0",
            "is_from_client": "0",
        },
    )
    assert answer.status_code == 201, answer.text
    for path in ("/api/tickets", "/api/assets", "/api/quotes", "/api/contracts"):
        assert _listed(portal, client_a, path, "narwhal") == [], path
    page = portal.get(
        "/api/search",
        client_a,
        params={"q": "narwhal", "types": "message", "page": 1},
    )
    assert page.status_code == 200 and page.json()["groups"] == []


def test_two_characters_match_the_lists_columns_as_before(
    portal: Portal, operator: dict[str, str], records: dict[str, str]
) -> None:
    assert records["company"] in _listed(portal, operator, "/api/companies", "el")


# -- one kind's pages -----------------------------------------------------------


def _page(portal: Portal, headers: dict[str, str], **params: Any) -> dict[str, Any]:
    answer = portal.get("/api/search", headers, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_one_kinds_results_come_a_page_at_a_time(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    parties = _parties(portal)
    made = {
        _made(
            portal,
            operator,
            "/api/assets",
            **parties,
            name=f"Capybara scanner {n}",
            status_id=4,
        )
        for n in range(7)
    }
    seen: list[str] = []
    for number, size, more in ((1, 3, True), (2, 3, True), (3, 3, False)):
        body = _page(
            portal, operator, q="capybara", types="asset", page=number, per_page=size
        )
        assert body["page"] == number and body["per_page"] == size
        assert body["has_more"] is more
        assert [g["kind"] for g in body["groups"]] == ["asset"]
        results = body["groups"][0]["results"]
        assert len(results) == (3 if more else 1)
        assert all("<mark>" in r["snippet"] for r in results)
        seen += [r["id"] for r in results]
    assert len(seen) == len(set(seen)) == 7 and set(seen) == made
    past = _page(portal, operator, q="capybara", types="asset", page=4, per_page=3)
    assert past["groups"] == [] and past["has_more"] is False
    grouped = _page(portal, operator, q="capybara")
    assert "page" not in grouped or grouped["page"] is None


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"q": "printer", "page": "1"}, "types"),
        ({"q": "printer", "types": "asset,quote", "page": "1"}, "types"),
        ({"q": "printer", "types": "asset", "page": "0"}, "page"),
        ({"q": "printer", "types": "asset", "page": "x"}, "page"),
        ({"q": "printer", "types": "asset", "page": "1", "per_page": "0"}, "per_page"),
        ({"q": "printer", "types": "asset", "page": "1", "per_page": "51"}, "per_page"),
        ({"q": "printer", "types": "asset", "per_page": "5"}, "page"),
    ],
)
def test_bad_paging_is_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], params: dict[str, str], field: str
) -> None:
    answer = portal.get("/api/search", operator, params=params)
    assert answer.status_code == 422, answer.text
    assert field in str(answer.json()["errors"])
