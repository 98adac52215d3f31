"""System status, sign-in, refresh, sign-out, password reset and single sign-on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import jwt

from api.security import quote_token
from domain.use_cases.tenants import ChangeTenant
from tests.e2e.api.conftest import DEMO, Portal
from tests.outbox import outbox


def test_status_names_the_tenant_of_the_subdomain(portal: Portal) -> None:
    answer = portal.client.get("/api/system/status", headers={"host": DEMO})
    assert answer.json() == {
        "setup_completed": True,
        "trial_ends_in": None,
        "tenant_name": "Demo IT Services",
        "tenant": "demo",
    }
    other = portal.client.get(
        "/api/system/status", headers={"host": "other.example.com"}
    )
    assert other.json()["tenant"] == "other"


def test_bare_host_and_address_use_the_default_tenant(portal: Portal) -> None:
    for host in ("localhost:8000", "127.0.0.1:8000", "example.com"):
        answer = portal.client.get("/api/system/status", headers={"host": host})
        assert answer.json()["tenant"] == "demo", host


def test_unknown_subdomain_is_not_found(portal: Portal) -> None:
    answer = portal.client.get("/api/system/status", headers={"host": "nope.localhost"})
    assert answer.status_code == 404
    assert answer.json() == {"message": "Not found."}


def test_login_answers_user_and_tokens(portal: Portal) -> None:
    answer = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "demo"}
    )
    body = answer.json()
    assert answer.status_code == 200
    assert {"user", "access_token", "refresh_token", "expires_in"} <= set(body)
    assert body["user"]["email"] == "client@demo.test"
    assert body["user"]["is_operator"] == 0
    assert "tickets.index" in body["user"]["permissions_names"]
    assert body["user"]["company"]["name"] == "Northwind Trading"


def test_wrong_password_is_422_on_username(portal: Portal) -> None:
    answer = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "nope"}
    )
    assert answer.status_code == 422
    assert "username" in answer.json()["errors"]


def test_a_user_of_another_tenant_cannot_sign_in_here(portal: Portal) -> None:
    answer = portal.client.post(
        "/api/auth/login", json={"username": "client@other.test", "password": "demo"}
    )
    assert answer.status_code == 422


def test_repeated_failures_are_throttled(portal: Portal) -> None:
    for _ in range(5):
        portal.client.post(
            "/api/auth/login", json={"username": "first@demo.test", "password": "x"}
        )
    answer = portal.client.post(
        "/api/auth/login", json={"username": "first@demo.test", "password": "demo"}
    )
    assert answer.status_code == 429
    other_user = portal.client.post(
        "/api/auth/login", json={"username": "second@demo.test", "password": "demo"}
    )
    assert other_user.status_code == 200


def test_missing_or_broken_token_is_401(portal: Portal) -> None:
    assert portal.client.get("/api/tickets").status_code == 401
    answer = portal.client.get(
        "/api/tickets", headers={"Authorization": "Bearer not-a-token"}
    )
    assert answer.status_code == 401
    assert answer.json() == {"message": "Unauthenticated."}


def test_expired_access_token_is_401(portal: Portal, client_a: dict[str, str]) -> None:
    token = client_a["Authorization"].split()[1]
    claims = jwt.decode(token, options={"verify_signature": False})
    claims["exp"] = datetime.now(UTC) - timedelta(seconds=5)
    expired = jwt.encode(claims, portal.svc.settings.secret_key, algorithm="HS256")
    answer = portal.client.get(
        "/api/tickets", headers={"Authorization": f"Bearer {expired}"}
    )
    assert answer.status_code == 401


def test_a_token_of_one_tenant_does_not_open_another(portal: Portal) -> None:
    other = portal.login("first@other.test", host="other.localhost")
    answer = portal.client.get(
        "/api/tickets", headers={"Authorization": other["Authorization"], "host": DEMO}
    )
    assert answer.status_code == 401


def test_refresh_rotates_and_the_old_token_stops_working(portal: Portal) -> None:
    login = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "demo"}
    ).json()
    first = portal.client.post(
        "/api/auth/refresh", json={"refresh_token": login["refresh_token"]}
    )
    assert first.status_code == 200
    fresh = first.json()
    assert fresh["refresh_token"] != login["refresh_token"]
    headers = {"Authorization": f"Bearer {fresh['access_token']}"}
    assert portal.client.get("/api/tickets", headers=headers).status_code == 200
    again = portal.client.post(
        "/api/auth/refresh", json={"refresh_token": login["refresh_token"]}
    )
    assert again.status_code == 401
    # reusing a spent token ends the whole session
    assert portal.client.get("/api/tickets", headers=headers).status_code == 401


def test_logout_revokes_access_and_refresh_tokens(portal: Portal) -> None:
    login = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "demo"}
    ).json()
    headers = {"Authorization": f"Bearer {login['access_token']}"}
    answer = portal.client.post(
        "/api/auth/logout",
        json={"refresh_token": login["refresh_token"]},
        headers=headers,
    )
    assert answer.status_code == 200
    assert portal.client.get("/api/tickets", headers=headers).status_code == 401
    refreshed = portal.client.post(
        "/api/auth/refresh", json={"refresh_token": login["refresh_token"]}
    )
    assert refreshed.status_code == 401


def test_password_reset_by_mail(portal: Portal) -> None:
    answer = portal.client.post(
        "/api/auth/password/email", json={"email": "client@demo.test"}
    )
    unknown = portal.client.post(
        "/api/auth/password/email", json={"email": "x@demo.test"}
    )
    assert answer.json() == unknown.json()
    # written in the request, sent by the outbox: one mail, the known address's
    [mail] = outbox(portal.svc.engine, "password_reset")
    assert mail.recipients == ["client@demo.test"]
    assert mail.message["Auto-Submitted"] == "auto-generated"
    text = mail.text()
    token = text.split("/password/reset/")[1].split()[0]
    short = portal.client.post(
        "/api/auth/password/reset",
        json={"token": token, "password": "abc", "password_confirmation": "abc"},
    )
    assert short.status_code == 422
    assert "must be at least 8 characters long" in short.json()["errors"]["password"][0]
    done = portal.client.post(
        "/api/auth/password/reset",
        json={
            "token": token,
            "password": "s3cret-pass",
            "password_confirmation": "s3cret-pass",
        },
    )
    assert done.status_code == 200
    again = portal.client.post(
        "/api/auth/password/reset",
        json={
            "token": token,
            "password": "other-pass1",
            "password_confirmation": "other-pass1",
        },
    )
    assert again.status_code == 422
    old = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "demo"}
    )
    assert old.status_code == 422
    new = portal.client.post(
        "/api/auth/login",
        json={"username": "client@demo.test", "password": "s3cret-pass"},
    )
    assert new.status_code == 200


def test_single_sign_on_code(portal: Portal) -> None:
    portal.svc.sso.issue("good-code", "client@demo.test")  # type: ignore[union-attr]
    answer = portal.client.post(
        "/api/auth/login", json={"code": "good-code", "portal": True}
    )
    assert answer.status_code == 200
    assert answer.json()["user"]["email"] == "client@demo.test"
    reused = portal.client.post(
        "/api/auth/login", json={"code": "good-code", "portal": True}
    )
    assert reused.status_code == 422
    assert "code" in reused.json()["errors"]


def test_me_answers_user_and_every_lookup(
    portal: Portal, client_a: dict[str, str]
) -> None:
    body = portal.get("/api/auth/me", client_a).json()
    user, lookups = body["user"], body["lookups"]
    assert user["modules"]["mod_invoice_export_pdf"] is True
    for name in (
        "activities",
        "asset_categories",
        "asset_statuses",
        "business_hour_contracts",
        "categories",
        "configs",
        "countries",
        "operators",
        "contract_periods",
        "custom_fields",
        "prepaid_cards",
        "permissions",
        "priorities",
        "products",
        "roles",
        "services",
        "slas",
        "ticket_statuses",
        "ticket_sources",
        "ticket_types",
        "table_presets",
        "subscription_periods",
        "operator_types",
    ):
        assert name in lookups, name
    status = lookups["ticket_statuses"][0]
    assert {"id", "name", "name_client", "style", "style_client", "type"} <= set(status)
    card = lookups["prepaid_cards"][0]
    assert {"id", "label", "description", "hours", "price"} <= set(card)
    names = [c["name"] for c in lookups["configs"]]
    assert "ticketing.ticket_fields_config" in names


def test_me_saves_table_layouts(portal: Portal, client_a: dict[str, str]) -> None:
    user_id = portal.user_id("client@demo.test")
    name = f"{user_id}_columns_tickets"
    answer = portal.post(
        "/api/auth/me",
        client_a,
        json={"relationships": {"configs": [{"name": name, "value": '["reference"]'}]}},
    )
    assert answer.json() == {"message": "Changes saved."}
    configs = portal.get("/api/auth/me", client_a).json()["user"]["configs"]
    assert {"name": name, "value": '["reference"]'} in configs
    bad = portal.post(
        "/api/auth/me",
        client_a,
        json={"relationships": {"configs": [{"name": "someone_else", "value": "1"}]}},
    )
    assert bad.status_code == 422


def test_a_quote_token_alone_opens_no_list(portal: Portal) -> None:
    tenant_id = portal.tenant_id()
    token = quote_token(portal.svc.settings.secret_key, tenant_id, "any")
    for path in ("/api/tickets", "/api/auth/me", "/api/quotes", "/api/invoices"):
        answer = portal.client.get(path, headers={"X-Quote-token": token})
        assert answer.status_code == 401, path


def test_the_portal_is_served_at_app(portal: Portal) -> None:
    answer = portal.client.get("/app/tickets/123")
    assert answer.status_code == 200
    assert "text/html" in answer.headers["content-type"]


def test_production_refuses_the_default_secret() -> None:
    import pytest
    from pydantic import ValidationError

    from api.settings import Settings

    with pytest.raises(ValidationError):
        Settings(environment="production")
    long_enough = "a-real-secret-" + "x" * 32
    assert Settings(environment="production", secret_key=long_enough).is_production


def test_operators_see_every_company_clients_only_their_own(
    portal: Portal, client_a: dict[str, str], operator: dict[str, str]
) -> None:
    def companies(headers: dict[str, str]) -> set[str]:
        rows = portal.get(
            "/api/tickets", headers, params={"builder[paginate]": 100}
        ).json()["data"]
        return {r["company"]["name"] for r in rows}

    assert companies(client_a) == {"Northwind Trading"}
    assert len(companies(operator)) == 3


def test_a_second_sign_in_ends_the_first_on_portal_routes_when_the_tenant_says_so(
    portal: Portal,
) -> None:
    older = portal.login("client@demo.test")
    assert portal.get("/api/tickets", older).status_code == 200
    portal.svc.domain.tenants.change(
        portal.tenant_id(), "test", ChangeTenant(configs={"auth.single_session": "on"})
    )
    portal.svc.follower.catch_up()
    newer = portal.login("client@demo.test")
    refused = portal.get("/api/tickets", older)
    assert refused.status_code == 401
    assert refused.json() == {
        "message": "You cannot have multiple login sessions per account."
    }
    assert portal.get("/api/tickets", newer).status_code == 200
    assert portal.get("/api/quotes", older).status_code == 401
    # another account's sessions are its own
    assert (
        portal.get("/api/tickets", portal.login("client2@demo.test")).status_code == 200
    )


def test_what_the_read_model_shows_next_is_never_an_older_cached_answer(
    portal: Portal, client_a: dict[str, str]
) -> None:
    """Tenants and lookups are cached, but applying events empties the cache."""
    statuses = portal.get("/api/tickets", client_a).json()["data"]
    status_id = statuses[0]["status_id"]
    portal.svc.domain.settings.change(
        portal.tenant_id(),
        "test",
        "ticket_statuses",
        status_id,
        label="Renamed status",
        data={"name_client": "Renamed for clients"},
    )
    portal.svc.follower.catch_up()
    rows = portal.get("/api/tickets", client_a).json()["data"]
    names = {r["status"]["name_client"] for r in rows if r["status_id"] == status_id}
    assert names == {"Renamed for clients"}
