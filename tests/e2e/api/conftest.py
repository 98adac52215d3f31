"""The API on a seeded demo tenant (and a second tenant), driven through HTTP.

The two tenants are seeded once per session into a template database; each
test gets its own copy (a file copy on SQLite, CREATE DATABASE ... TEMPLATE on
PostgreSQL), handed to the shared `settings` fixture as its database_url.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from api.main import create_app
from api.services import Services
from api.sso import FakeIdentityProvider
from demo.seed import seed_demo
from projections import tables as t
from tests.support import databases

# The seeded users' password hashed at argon2's lowest cost: nearly every test
# signs in, and at the production cost each sign-in takes 0.16 s of CPU (over a
# minute of each suite run). The app verifies with the cost a hash names, so it
# checks the same way.
HASH = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1).hash("demo")
DEMO = "demo.localhost"
OTHER = "other.localhost"


@dataclass
class Portal:
    """A test client with the app's services and sign-in helpers."""

    client: TestClient
    app: FastAPI

    @property
    def svc(self) -> Services:
        return self.app.state.services  # type: ignore[no-any-return]

    def login(self, email: str, host: str = DEMO) -> dict[str, str]:
        """Headers of a signed-in user."""
        answer = self.client.post(
            "/api/auth/login",
            json={"username": email, "password": "demo"},
            headers={"host": host},
        )
        assert answer.status_code == 200, answer.text
        return {
            "Authorization": f"Bearer {answer.json()['access_token']}",
            "host": host,
        }

    def get(self, path: str, headers: dict[str, str], **kw: Any) -> Any:
        return self.client.get(path, headers=headers, **kw)

    def post(self, path: str, headers: dict[str, str], **kw: Any) -> Any:
        return self.client.post(path, headers=headers, **kw)

    def rows(self, table: Any, **where: Any) -> list[Any]:
        """Read-model rows matching column values."""
        query = select(table).where(*(table.c[k] == v for k, v in where.items()))
        with self.svc.engine.connect() as connection:
            return list(connection.execute(query))

    def tenant_id(self, subdomain: str = "demo") -> str:
        return str(self.rows(t.tenants, subdomain=subdomain)[0].id)

    def user_id(self, email: str, subdomain: str = "demo") -> str:
        rows = self.rows(t.users, tenant_id=self.tenant_id(subdomain), email=email)
        return str(rows[0].id)


def _seed(svc: Services) -> None:
    seed_demo(svc.domain, hashed=HASH)
    seed_demo(svc.domain, subdomain="other", name="Other Provider", hashed=HASH)


seeded_template, database_url = databases.copied_database("seeded_template", _seed)


@pytest.fixture
def portal(settings) -> Iterator[Portal]:  # type: ignore[no-untyped-def]
    """The app on a copy of the seeded demo and 'other' tenants, caught up."""
    app = create_app(settings)
    svc: Services = app.state.services
    svc.sso = FakeIdentityProvider()
    with TestClient(app, base_url=f"http://{DEMO}") as client:
        yield Portal(client, app)
    exporter = svc.extras.get("exports")
    if exporter is not None:
        exporter.pool.shutdown(wait=True)
    svc.domain.close()
    svc.engine.dispose()


@pytest.fixture
def client_a(portal: Portal) -> dict[str, str]:
    """Headers of client@demo.test (company A)."""
    return portal.login("client@demo.test")


@pytest.fixture
def client_b(portal: Portal) -> dict[str, str]:
    """Headers of client2@demo.test (company B)."""
    return portal.login("client2@demo.test")


@pytest.fixture
def operator(portal: Portal) -> dict[str, str]:
    """Headers of first@demo.test (first line)."""
    return portal.login("first@demo.test")
