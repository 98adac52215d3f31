"""The ticket templates list is the registry's: builder[...] filters, sorts and
pages it, and it holds only the tenant's live templates."""

from __future__ import annotations

from typing import Any

from projections import tables as t
from tests.e2e.api.conftest import Portal


def _list(portal: Portal, headers: dict[str, str], params: Any) -> Any:
    return portal.get("/api/ticket-templates", headers, params=params)


def test_templates_are_filtered_sorted_and_paged_by_the_builder(
    portal: Portal, operator: dict[str, str]
) -> None:
    made = {}
    for text in ("Alpha laptop", "Beta phone", "Gamma laptop bag"):
        answer = portal.post(
            "/api/ticket-templates", operator, json={"description": text}
        )
        assert answer.status_code == 201, answer.text
        made[text] = answer.json()["id"]
    binned = made.pop("Gamma laptop bag")
    gone = portal.client.delete(f"/api/ticket-templates/{binned}", headers=operator)
    assert gone.status_code == 200

    body = _list(
        portal,
        operator,
        {
            "builder[where][0][]": ["description", "like", "%a%"],
            "builder[orderBy][0][]": ["description", "desc"],
            "builder[paginate]": 100,
        },
    ).json()
    ids = [r["id"] for r in body["data"]]
    assert ids.index(made["Beta phone"]) < ids.index(made["Alpha laptop"])
    descriptions = [r["description"] for r in body["data"]]
    assert descriptions == sorted(descriptions, reverse=True)
    assert binned not in ids
    assert all(r["is_template"] for r in body["data"])
    assert body["total"] == len(ids)

    laptops = _list(portal, operator, {"builder[s]": "laptop"}).json()
    assert [r["id"] for r in laptops["data"]] == [made["Alpha laptop"]]
    searched = _list(portal, operator, {"search": "PHONE"}).json()
    assert [r["id"] for r in searched["data"]] == [made["Beta phone"]]
    past_the_end = _list(portal, operator, {"builder[s]": "laptop", "page": 2})
    assert past_the_end.status_code == 200, past_the_end.text
    assert past_the_end.json()["data"] == [] and past_the_end.json()["total"] == 1


def test_only_the_tenants_templates_and_only_for_operators(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ours = portal.post("/api/ticket-templates", operator, json={"description": "Ours"})
    elsewhere = portal.login("first@other.test", host="other.localhost")
    theirs = portal.post(
        "/api/ticket-templates", elsewhere, json={"description": "Theirs"}
    )
    assert theirs.status_code == 201, theirs.text
    ids = {
        r["id"]
        for r in _list(portal, operator, {"builder[paginate]": 100}).json()["data"]
    }
    assert ours.json()["id"] in ids and theirs.json()["id"] not in ids
    tickets = portal.rows(t.tickets, tenant_id=portal.tenant_id(), is_template=False)
    assert not {r.id for r in tickets} & ids
    assert _list(portal, client_a, {}).status_code == 403
    unknown = _list(portal, operator, {"builder[where][0][]": ["nope", "=", "1"]})
    assert unknown.status_code == 422
    assert (
        portal.get(f"/api/ticket-templates/{theirs.json()['id']}", operator).status_code
        == 404
    )
