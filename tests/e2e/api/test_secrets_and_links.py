"""Secrets and links: mail links, secret length, token expiry, throttle, API docs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jwt
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError

from api.main import create_app
from api.security import ALGORITHM, quote_token, read_token
from api.settings import DEFAULT_SECRET, Settings
from domain.base import SYSTEM
from domain.use_cases.tenants import ChangeTenant
from tests.e2e.api.conftest import Portal
from tests.outbox import outbox

LONG_SECRET = "a-production-secret-" + "x" * 32


@contextmanager
def app_with(settings: Settings, **changes: Any) -> Iterator[FastAPI]:
    """A second app on the test's database with some settings changed."""
    app = create_app(settings.model_copy(update=changes))
    try:
        yield app
    finally:
        app.state.services.domain.close()
        app.state.services.engine.dispose()


def reset_link(portal: Portal, host: str) -> str:
    before = len(outbox(portal.svc.engine, "password_reset"))
    answer = portal.client.post(
        "/api/auth/password/email",
        json={"email": "client@demo.test"},
        headers={"host": host},
    )
    assert answer.status_code == 200
    text = outbox(portal.svc.engine, "password_reset")[before].text()
    return str(next(w for w in text.split() if "/password/reset/" in w))


def test_a_reset_link_uses_the_configured_address_never_the_host_header(
    portal: Portal,
) -> None:
    link = reset_link(portal, "demo.attacker.example")
    assert link.startswith("http://demo.localhost:8000/app/password/reset/")
    assert "attacker" not in link


def test_a_tenant_may_configure_its_own_address(portal: Portal) -> None:
    portal.svc.domain.tenants.change(
        portal.tenant_id(),
        SYSTEM,
        ChangeTenant(
            configs={"portal.public_url": "https://support.demo-provider.example/"}
        ),
    )
    portal.svc.settle()
    link = reset_link(portal, "demo.attacker.example")
    assert link.startswith("https://support.demo-provider.example/app/password/reset/")


def test_the_setting_names_the_address_with_the_tenant_in_it(
    portal: Portal,
) -> None:
    portal.svc.settings = portal.svc.settings.model_copy(
        update={"public_url": "https://{tenant}.desk.example"}
    )
    link = reset_link(portal, "demo.localhost")
    assert link.startswith("https://demo.desk.example/app/password/reset/")


@pytest.mark.parametrize("secret", ["", "x", "y" * 31, DEFAULT_SECRET])
def test_production_refuses_a_short_or_default_secret(secret: str) -> None:
    with pytest.raises(ValidationError, match="LEDGERDESK_SECRET_KEY"):
        Settings(environment="production", secret_key=secret)


def test_production_takes_a_secret_of_32_bytes() -> None:
    assert Settings(environment="production", secret_key="z" * 32).is_production
    assert Settings(environment="development", secret_key="short").secret_key


def test_a_token_without_exp_is_refused(portal: Portal) -> None:
    answer = portal.client.post(
        "/api/auth/login", json={"username": "client@demo.test", "password": "demo"}
    )
    access = answer.json()["access_token"]
    secret = portal.svc.settings.secret_key
    claims = jwt.decode(access, secret, algorithms=[ALGORITHM])
    assert "exp" in claims
    me = portal.client.get(
        "/api/auth/me", headers={"Authorization": f"Bearer {access}"}
    )
    assert me.status_code == 200
    forever = jwt.encode(
        {k: v for k, v in claims.items() if k != "exp"}, secret, algorithm=ALGORITHM
    )
    refused = portal.client.get(
        "/api/auth/me", headers={"Authorization": f"Bearer {forever}"}
    )
    assert refused.status_code == 401


def test_every_kind_of_signed_token_needs_exp() -> None:
    secret = "s" * 40
    assert read_token(secret, quote_token(secret, "t", "q"), "quote") is not None
    for kind in ("access", "quote", "file", "reset"):
        token = jwt.encode({"typ": kind, "tid": "t", "sub": "u"}, secret, ALGORITHM)
        assert read_token(secret, token, kind) is None


def login_from(client: TestClient, forwarded: str, password: str) -> int:
    answer = client.post(
        "/api/auth/login",
        json={"username": "client@demo.test", "password": password},
        headers={"X-Forwarded-For": forwarded},
    )
    return answer.status_code


def test_rotating_x_forwarded_for_does_not_get_past_the_throttle(
    portal: Portal,
) -> None:
    # Even the loopback peer (uvicorn's default trusted proxy) is no proxy here.
    with TestClient(
        portal.app, base_url="http://demo.localhost", client=("127.0.0.1", 40000)
    ) as client:
        for n in range(5):
            assert login_from(client, f"198.51.100.{n}", "wrong") == 422
        # The right password from yet another claimed address: still throttled.
        assert login_from(client, "198.51.100.99", "demo") == 429


def test_a_trusted_proxy_forwards_the_client_address(settings: Settings) -> None:
    with (
        app_with(settings, trusted_proxies="203.0.113.0/24") as app,
        TestClient(
            app, base_url="http://demo.localhost", client=("203.0.113.7", 40000)
        ) as client,
    ):
        for _ in range(5):
            assert login_from(client, "198.51.100.1", "wrong") == 422
        assert login_from(client, "198.51.100.1", "demo") == 429
        # Another client behind the same proxy is its own throttle key.
        assert login_from(client, "198.51.100.2", "demo") == 200


@pytest.mark.parametrize("path", ["/api/docs", "/api/redoc", "/api/openapi.json"])
def test_api_docs_are_off_in_production(settings: Settings, path: str) -> None:
    production = {"environment": "production", "secret_key": LONG_SECRET}
    with app_with(settings, **production) as app, TestClient(app) as client:
        assert client.get(path).status_code == 404
    with app_with(settings, api_docs=True, **production) as app:
        with TestClient(app) as client:
            assert client.get(path).status_code == 200


def test_api_docs_are_on_in_development(portal: Portal) -> None:
    assert portal.client.get("/api/openapi.json").status_code == 200
    assert portal.client.get("/api/docs").status_code == 200
    assert portal.client.get("/api/redoc").status_code == 200
