"""Values a ticket is sent with: moments with a zone, parties that fit, files
behind links that expire."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from api.actions.attachments import link_token
from projections import tables as t
from storage.tables import attachments
from tests.e2e.api.conftest import Portal


def _company(portal: Portal, email: str, subdomain: str = "demo") -> str:
    row = portal.rows(t.users, tenant_id=portal.tenant_id(subdomain), email=email)[0]
    return str(row.company_id)


def _errors(answer: object) -> dict[str, list[str]]:
    assert answer.status_code == 422, answer.text  # type: ignore[attr-defined]
    return answer.json()["errors"]  # type: ignore[attr-defined,no-any-return]


def test_a_moment_without_a_zone_is_422_on_its_field(
    portal: Portal, operator: dict[str, str]
) -> None:
    company = _company(portal, "client@demo.test")
    for naive in ("2030-01-02 09:05:00", "2030-01-02T09:05", "2030-01-02"):
        opened = portal.post(
            "/api/tickets/open",
            operator,
            json={"description": "x", "company_id": company, "scheduled_at": naive},
        )
        assert "scheduled_at" in _errors(opened), naive
    made = portal.post(
        "/api/tickets/open",
        operator,
        json={
            "description": "Zoned",
            "company_id": company,
            "scheduled_at": "2030-01-02T10:05:00+01:00",
        },
    )
    assert made.status_code == 201, made.text
    ticket = made.json()
    assert ticket["scheduled_at"] == "2030-01-02T09:05:00Z"
    naive_change = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"scheduled_at": "2030-02-03 08:00:00"},
    )
    assert "scheduled_at" in _errors(naive_change)
    zulu = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"scheduled_at": "2030-02-03T08:00:00Z"},
    )
    assert zulu.json()["scheduled_at"] == "2030-02-03T08:00:00Z"

    time = {"ticket_id": ticket["id"], "minutes": 30}
    naive_time = portal.post(
        "/api/time-registrations",
        operator,
        json={**time, "executed_at": "2026-03-02 10:00:00"},
    )
    assert "executed_at" in _errors(naive_time)
    booked = portal.post(
        "/api/time-registrations",
        operator,
        json={**time, "executed_at": "2026-03-02T10:00:00+01:00"},
    )
    assert booked.status_code == 201, booked.text
    assert booked.json()["executed_at"] == "2026-03-02T09:00:00Z"


def test_an_operator_ticket_names_parties_of_its_tenant_that_fit(
    portal: Portal, operator: dict[str, str]
) -> None:
    company_a = _company(portal, "client@demo.test")
    client_a = portal.user_id("client@demo.test")
    client_b = portal.user_id("client2@demo.test")
    foreign_company = _company(portal, "client@other.test", "other")
    foreign_client = portal.user_id("client@other.test", "other")
    operator_id = portal.user_id("first@demo.test")
    for path in ("/api/tickets", "/api/tickets/open"):
        for field, value in (
            ("company_id", foreign_company),
            ("client_id", foreign_client),
        ):
            answer = portal.post(
                path, operator, json={"description": "x", field: value}
            )
            assert field in _errors(answer), (path, field)
        not_theirs = portal.post(
            path,
            operator,
            json={"description": "x", "company_id": company_a, "client_id": client_b},
        )
        assert "client_id" in _errors(not_theirs), path
        staff_as_client = portal.post(
            path, operator, json={"description": "x", "client_id": operator_id}
        )
        assert "client_id" in _errors(staff_as_client), path
        client_as_staff = portal.post(
            path, operator, json={"description": "x", "operator_id": client_a}
        )
        assert "operator_id" in _errors(client_as_staff), path

    made = portal.post(
        "/api/tickets",
        operator,
        json={"description": "For A", "company_id": company_a, "client_id": client_a},
    )
    assert made.status_code == 201, made.text
    ticket = made.json()
    assert ticket["company"]["id"] == company_a
    assert ticket["client"]["id"] == client_a
    moved = portal.client.put(
        f"/api/tickets/{ticket['id']}", headers=operator, json={"client_id": client_b}
    )
    assert "client_id" in _errors(moved)
    elsewhere = portal.client.put(
        f"/api/tickets/{ticket['id']}",
        headers=operator,
        json={"company_id": foreign_company},
    )
    assert "company_id" in _errors(elsewhere)


def test_an_attachment_link_carries_its_expiry(
    portal: Portal, client_a: dict[str, str]
) -> None:
    ticket = portal.get("/api/tickets", client_a).json()["data"][0]
    answer = portal.post(
        "/api/messages",
        client_a,
        data={"message": "log", "morphable_id": ticket["id"]},
        files={"file[0]": ("log.txt", b"error 42", "text/plain")},
    )
    assert answer.status_code == 201, answer.text
    url = answer.json()["attachments"][0]["url"]
    attachment_id, token = url.rsplit("/", 2)[-2:]
    expires, signature = token.split(".")
    now = datetime.now(UTC).timestamp()
    assert now + 11 * 3600 < int(expires) <= now + 13 * 3600
    assert portal.client.get(url).content == b"error 42"

    with portal.svc.engine.connect() as connection:
        row = connection.execute(
            select(attachments).where(attachments.c.id == attachment_id)
        ).one()
    base = url.rsplit("/", 1)[0]
    # the stored secret itself no longer opens the file
    assert portal.client.get(f"{base}/{row.token}").status_code == 404
    longer = f"{int(expires) + 3600}.{signature}"
    assert portal.client.get(f"{base}/{longer}").status_code == 404
    past = link_token(row, now=datetime.now(UTC) - timedelta(days=1))
    expired = portal.client.get(f"{base}/{past}")
    assert expired.status_code == 410
    assert "expired" in expired.json()["message"]
