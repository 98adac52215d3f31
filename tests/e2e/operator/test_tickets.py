"""Tickets and templates as operators work them, through HTTP."""

from __future__ import annotations

from tests.e2e.operator.conftest import Desk


def _statuses(desk: Desk, headers: dict[str, str]) -> dict[str, int]:
    items = desk.get("/api/ticket-statuses", headers).json()["data"]
    return {item["label"]: item["id"] for item in items}


def test_open_update_with_status_and_version(desk: Desk, first: dict[str, str]) -> None:
    statuses = _statuses(desk, first)
    company = desk.get("/api/companies", first).json()["data"][0]
    made = desk.post(
        "/api/tickets/open",
        first,
        json={"description": "Printer jams", "company_id": company["id"]},
    )
    assert made.status_code == 201, made.text
    ticket = made.json()
    assert ticket["reference"].startswith("T-") and ticket["route"] == "tickets"
    changed = desk.put(
        f"/api/tickets/{ticket['id']}",
        first,
        json={"status_id": statuses["Closed"], "version": ticket["version"]},
    )
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert body["status"]["name"] == "Closed" and body["version"] > ticket["version"]
    assert body["messages"][-1]["type"] == "status-changed"
    assert body["messages"][-1]["data"]["status"]["name"] == "Closed"
    bad = desk.put(f"/api/tickets/{ticket['id']}", first, json={"status_id": 999})
    assert bad.status_code == 422 and "status_id" in bad.json()["errors"]
    wrong_date = desk.put(
        f"/api/tickets/{ticket['id']}", first, json={"scheduled_at": "soon"}
    )
    assert wrong_date.status_code == 422
    scheduled = desk.put(
        f"/api/tickets/{ticket['id']}",
        first,
        json={"scheduled_at": "2030-01-02T10:05:00+01:00"},
    )
    assert scheduled.json()["scheduled_at"] == "2030-01-02T09:05:00Z"


def test_two_operators_saving_one_version_one_gets_409(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    loaded_1 = desk.get(f"/api/tickets/{ticket_id}/edit", first).json()
    loaded_2 = desk.get(f"/api/tickets/{ticket_id}/edit", second).json()
    assert loaded_1["version"] == loaded_2["version"]

    saved = desk.put(
        f"/api/tickets/{ticket_id}",
        first,
        json={"description": "Changed by Femke", "version": loaded_1["version"]},
    )
    assert saved.status_code == 200, saved.text
    late = desk.put(
        f"/api/tickets/{ticket_id}",
        second,
        json={"description": "Changed by Sander", "version": loaded_2["version"]},
    )
    assert late.status_code == 409
    assert "changed by someone else" in late.json()["message"]
    now = desk.get(f"/api/tickets/{ticket_id}/edit", second).json()
    assert now["description"] == "Changed by Femke"
    retried = desk.put(
        f"/api/tickets/{ticket_id}",
        second,
        json={"priority_id": now["priority_id"], "version": now["version"]},
    )
    assert retried.status_code == 200
    assert retried.json()["description"] == "Changed by Femke"


def test_merge_clone_delete_and_restore(desk: Desk, first: dict[str, str]) -> None:
    company = desk.get("/api/companies", first).json()["data"][0]["id"]
    a = desk.post(
        "/api/tickets/open", first, json={"description": "A", "company_id": company}
    ).json()
    b = desk.post(
        "/api/tickets/open", first, json={"description": "B", "company_id": company}
    ).json()
    desk.post(
        "/api/messages/store",
        first,
        data={
            "message": "<p>note on B</p>",
            "visible_to_client": "0",
            "is_from_client": "0",
            "morphable_type": "Ticket",
            "morphable_id": b["id"],
        },
    )
    merged = desk.post("/api/tickets/merge", first, json={"ids": [a["id"], b["id"]]})
    assert merged.status_code == 200, merged.text
    assert "<p>note on B</p>" in [m["message"] for m in merged.json()["messages"]]
    assert (
        desk.get(f"/api/tickets/{b['id']}/edit", first).json()["merged_into"] == a["id"]
    )
    twice = desk.put(f"/api/tickets/{b['id']}", first, json={"description": "x"})
    assert twice.status_code == 409

    clone = desk.post(f"/api/tickets/{a['id']}/clone", first)
    assert clone.status_code == 201
    assert clone.json()["cloned_from"] == a["id"]
    assert clone.json()["description"] == "A"

    gone = desk.delete(f"/api/tickets/{a['id']}", first)
    assert gone.json() == {"message": "Item verwijderd."}
    assert desk.get(f"/api/tickets/{a['id']}/edit", first).json()["deleted"] is True
    back = desk.post(f"/api/tickets/{a['id']}/restore", first)
    assert back.json()["deleted"] is False
    assert desk.post(f"/api/tickets/{a['id']}/restore", first).status_code == 409
    assert (
        desk.post("/api/tickets/merge", first, json={"ids": ["x"]}).status_code == 422
    )


def test_ticket_templates(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    made = desk.post("/api/ticket-templates", first, json={"description": "New laptop"})
    assert made.status_code == 201, made.text
    template = made.json()
    assert template["is_template"] is True and template["route"] == "ticket-templates"
    listed = desk.get(
        "/api/ticket-templates", first, params={"search": "laptop"}
    ).json()
    assert [r["id"] for r in listed["data"]] == [template["id"]]
    changed = desk.put(
        f"/api/ticket-templates/{template['id']}", first, json={"description": "Laptop"}
    )
    assert changed.json()["description"] == "Laptop"
    ticket_id = desk.ticket_of("client@demo.test").id
    assert desk.get(f"/api/ticket-templates/{ticket_id}", first).status_code == 404
    assert desk.get(f"/api/tickets/{template['id']}", client_a).status_code == 404
    assert (
        desk.delete(f"/api/ticket-templates/{template['id']}", first).status_code == 200
    )


def test_a_client_cannot_use_operator_ticket_routes(
    desk: Desk, client_a: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    answer = desk.put(f"/api/tickets/{ticket_id}", client_a, json={"description": "x"})
    assert answer.status_code == 403
    assert answer.json()["message"] == "Permission denied."
    assert desk.get(f"/api/tickets/{ticket_id}/edit", client_a).status_code == 403
    opened = desk.post("/api/tickets/open", client_a, json={"description": "x"})
    assert opened.status_code == 403


def test_two_operators_saving_at_the_same_moment_lose_nothing(
    desk: Desk, first: dict[str, str], second: dict[str, str]
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    ticket_id = desk.ticket_of("client2@demo.test").id
    version = desk.get(f"/api/tickets/{ticket_id}/edit", first).json()["version"]

    def save(headers: dict[str, str], text: str) -> int:
        answer = desk.put(
            f"/api/tickets/{ticket_id}",
            headers,
            json={"description": text, "version": version},
        )
        return int(answer.status_code)

    with ThreadPoolExecutor(2) as pool:
        codes = list(pool.map(save, (first, second), ("By Femke", "By Sander")))
    assert sorted(codes) == [200, 409]
    winner = "By Femke" if codes[0] == 200 else "By Sander"
    now = desk.get(f"/api/tickets/{ticket_id}/edit", first).json()
    assert now["description"] == winner and now["version"] == version + 1


def test_unknown_references_are_422_on_their_field(
    desk: Desk, first: dict[str, str]
) -> None:
    for field, value in (
        ("priority_id", 999),
        ("company_id", "nope"),
        ("ticket_group_id", "nope"),
        ("sla_id", 42),
    ):
        answer = desk.post(
            "/api/tickets/open", first, json={"description": "x", field: value}
        )
        assert answer.status_code == 422, field
        assert field in answer.json()["errors"]
    ticket_id = desk.ticket_of("client@demo.test").id
    moved = desk.put(f"/api/tickets/{ticket_id}", first, json={"location_id": "x"})
    assert moved.status_code == 422 and "location_id" in moved.json()["errors"]
    empty = desk.post("/api/tickets/open", first, json={})
    assert empty.status_code == 422 and "description" in empty.json()["errors"]
    text = desk.post(
        "/api/tickets/open", first, json={"description": "x", "priority_id": "high"}
    )
    assert text.status_code == 422
