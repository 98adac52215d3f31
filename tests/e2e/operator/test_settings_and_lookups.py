"""Setting lists, search selectors and the one-session rule, through HTTP."""

from __future__ import annotations

from typing import Any

import pytest

from domain.settings import LIST_KINDS
from domain.use_cases.tenants import ChangeTenant
from tests.e2e.operator.conftest import Desk

ALL = {"builder[paginate]": "100"}


def _items(desk: Desk, route: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    answer = desk.get(route, headers, params=ALL)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["data"])


@pytest.mark.parametrize("kind", LIST_KINDS)
def test_every_setting_list_is_served(
    desk: Desk, first: dict[str, str], kind: str
) -> None:
    route = f"/api/{kind.replace('_', '-')}"
    listed = _items(desk, route, first)
    # A prepaid card is sold, so it needs its hours and price.
    card = {"hours": 2, "price": "190.00"} if kind == "prepaid_cards" else {}
    made = desk.post(route, first, json={"label": "Extra", "style": "info", **card})
    assert made.status_code == 201, made.text
    item = made.json()
    assert item["label"] == "Extra" and item["style"] == "info"
    assert item["order"] == max([i["order"] for i in listed] or [0]) + 1
    changed = desk.put(f"{route}/{item['id']}", first, json={"label": "Extra 2"})
    assert changed.json()["label"] == "Extra 2" and changed.json()["style"] == "info"
    gone = desk.delete(f"{route}/{item['id']}", first)
    assert gone.json() == {"message": "Item verwijderd."}
    assert desk.get(f"{route}/{item['id']}", first).status_code == 404


def test_reorder_and_the_exclusive_default(desk: Desk, first: dict[str, str]) -> None:
    route = "/api/priorities"
    before = _items(desk, route, first)
    last = before[-1]
    moved = desk.put(f"{route}/{last['id']}/update-order", first, json={"order": 1})
    assert moved.status_code == 200, moved.text
    assert [i["id"] for i in moved.json()] == [
        last["id"],
        *[i["id"] for i in before[:-1]],
    ]
    assert [i["order"] for i in moved.json()] == list(range(1, len(before) + 1))
    whole = [i["id"] for i in before]
    back = desk.put(f"{route}/{last['id']}/update-order", first, json={"order": whole})
    assert [i["id"] for i in back.json()] == whole
    partial = desk.put(f"{route}/{last['id']}/update-order", first, json={"order": [1]})
    assert partial.status_code == 422

    for item in before[:2]:
        desk.put(f"{route}/{item['id']}", first, json={"is_default": True})
    defaults = [i["id"] for i in _items(desk, route, first) if i["is_default"]]
    assert defaults == [before[1]["id"]]
    new = desk.post(route, first, json={"label": "Now", "is_default": True}).json()
    defaults = [i["id"] for i in _items(desk, route, first) if i["is_default"]]
    assert defaults == [new["id"]]


def test_ticket_statuses_check_their_type(desk: Desk, first: dict[str, str]) -> None:
    bad = desk.post("/api/ticket-statuses", first, json={"label": "X", "type": 9})
    assert bad.status_code == 422 and "type" in bad.json()["errors"]
    good = desk.post(
        "/api/ticket-statuses",
        first,
        json={"label": "On hold", "type": 6, "name_client": "Paused", "style": "dark"},
    )
    assert good.json()["name_client"] == "Paused"
    assert (
        desk.post("/api/ticket-statuses", first, json={"label": ""}).status_code == 422
    )


def test_settings_need_operator_permissions(
    desk: Desk, client_a: dict[str, str]
) -> None:
    answer = desk.post("/api/priorities", client_a, json={"label": "x"})
    assert answer.status_code == 403


def test_search_needs_two_characters_and_honours_constraints(
    desk: Desk, first: dict[str, str]
) -> None:
    short = desk.get("/api/lookups/companies", first, params={"search": "a"})
    assert short.status_code == 422 and "search" in short.json()["errors"]
    company = desk.get("/api/companies", first).json()["data"][0]
    word = company["name"][:3]
    found = desk.get("/api/lookups/companies", first, params={"search": word}).json()
    assert company["id"] in [c["id"] for c in found]
    desk.post(f"/api/companies/{company['id']}/archive", first)
    live = desk.get(
        "/api/lookups/companies",
        first,
        params={"search": word, "archived_at": "null"},
    ).json()
    assert company["id"] not in [c["id"] for c in live]

    location = desk.post(
        "/api/locations", first, json={"name": "Warehouse", "company_id": company["id"]}
    ).json()
    mine = desk.get(
        "/api/lookups/locations",
        first,
        params={"search": "ware", "company_id": company["id"]},
    ).json()
    assert [x["id"] for x in mine] == [location["id"]]
    assert mine[0]["company"]["id"] == company["id"]
    other = desk.get(
        "/api/lookups/locations", first, params={"search": "ware", "company_id": "x"}
    ).json()
    assert other == []

    clients = desk.get("/api/lookups/clients", first, params={"search": "anna"}).json()
    assert clients[0]["email"] == "client@demo.test" and clients[0]["company_ids"]
    one = desk.get(f"/api/lookups/clients/{clients[0]['id']}", first).json()
    assert one["full_name"] == "Anna de Vries"
    operator = desk.user_id("first@demo.test")
    assert desk.get(f"/api/lookups/clients/{operator}", first).status_code == 404
    assert (
        desk.get("/api/lookups/nothing", first, params={"search": "ab"}).status_code
        == 404
    )
    percent = desk.get("/api/lookups/companies", first, params={"search": "%%"}).json()
    assert percent == []


def test_product_search(desk: Desk, first: dict[str, str]) -> None:
    by_code = desk.get("/api/products/search", first, params={"search": "ds-"}).json()
    assert [p["product_code"] for p in by_code] == ["DS-1"]
    by_name = desk.get(
        "/api/products/search", first, params={"search": "laptop"}
    ).json()
    assert by_name[0]["product_name"] == "Laptop 14 inch"
    short = desk.get("/api/products/search", first, params={"search": "l"})
    assert short.status_code == 422


def test_a_second_session_ends_the_first_when_the_tenant_says_so(desk: Desk) -> None:
    older = desk.login("first@demo.test")
    assert desk.get("/api/companies", older).status_code == 200
    desk.svc.domain.tenants.change(
        desk.tenant_id(), "test", ChangeTenant(configs={"auth.single_session": True})
    )
    desk.svc.follower.catch_up()
    newer = desk.login("first@demo.test")
    refused = desk.get("/api/companies", older)
    assert refused.status_code == 401
    assert refused.json() == {
        "message": "You cannot have multiple login sessions per account."
    }
    assert desk.get("/api/companies", newer).status_code == 200
    assert desk.get("/api/companies", older).status_code == 401


def test_operator_lists_speak_the_builder_language(
    desk: Desk, first: dict[str, str]
) -> None:
    archived = desk.post("/api/companies", first, json={"name": "Zulu"}).json()
    desk.post(f"/api/companies/{archived['id']}/archive", first)
    live = desk.get(
        "/api/companies",
        first,
        params={"builder[whereNull][]": "archived_at", "builder[paginate]": "100"},
    ).json()
    assert archived["id"] not in [c["id"] for c in live["data"]]
    gone = desk.get(
        "/api/companies",
        first,
        params={"builder[whereNotNull][]": "archived_at", "builder[s]": "zul"},
    ).json()
    assert [c["id"] for c in gone["data"]] == [archived["id"]]
    ordered = desk.get(
        "/api/companies",
        first,
        params={"builder[orderBy][0][]": ["name", "desc"], "builder[paginate]": "5"},
    ).json()
    names = [c["name"] for c in ordered["data"]]
    assert names == sorted(names, reverse=True) and ordered["per_page"] == 5
    bad = desk.get(
        "/api/companies", first, params={"builder[where][0][]": ["x", "=", "1"]}
    )
    assert bad.status_code == 422

    company_id = desk.ticket_of("client@demo.test").company_id
    clients = desk.get(
        "/api/clients",
        first,
        params={
            "builder[s]": "anna",
            "builder[where][0][]": ["company_id", "=", company_id],
        },
    ).json()
    assert [c["email"] for c in clients["data"]] == ["client@demo.test"]
    statuses = desk.get(
        "/api/ticket-statuses",
        first,
        params={"builder[orderBy][0][]": ["order", "desc"], "page": "1"},
    ).json()
    orders = [s["order"] for s in statuses["data"]]
    assert orders == sorted(orders, reverse=True)


def test_huge_numbers_and_nul_characters_are_422_not_500(
    desk: Desk, first: dict[str, str]
) -> None:
    huge = 2**70
    assert desk.get(f"/api/priorities/{huge}", first).status_code == 422
    ticket_id = desk.ticket_of("client@demo.test").id
    answer = desk.put(f"/api/tickets/{ticket_id}", first, json={"priority_id": huge})
    assert answer.status_code == 422 and "priority_id" in answer.json()["errors"]
    timed = desk.post(
        "/api/time-registrations",
        first,
        json={"ticket_id": ticket_id, "minutes": 5, "activity_id": huge},
    )
    assert timed.status_code == 422
    nul = desk.post(
        "/api/messages/store",
        first,
        data={"message": "a\x00b", "morphable_id": ticket_id, "visible_to_client": "0"},
    )
    assert nul.status_code == 422
