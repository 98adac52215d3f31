"""The API with the operator routes on the seeded demo tenant, driven through HTTP.

The demo tenant is seeded once per session into a template database; each test gets
its own copy (tests/support/databases.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from api.bootstrap import build_mail
from api.main import create_app
from api.services import Services
from demo.seed import seed_demo
from projections import tables as t
from storage.tables import notifications
from tests.e2e.api.conftest import DEMO, HASH, Portal
from tests.support import databases


class Desk(Portal):
    """The portal helpers plus shortcuts for operator calls."""

    def put(self, path: str, headers: dict[str, str], **kw: Any) -> Any:
        return self.client.put(path, headers=headers, **kw)

    def delete(self, path: str, headers: dict[str, str], **kw: Any) -> Any:
        return self.client.delete(path, headers=headers, **kw)

    def ticket_of(self, email: str) -> Any:
        """A live ticket of the client with that address."""
        tid = self.tenant_id()
        query = (
            select(t.tickets)
            .where(
                t.tickets.c.tenant_id == tid,
                t.tickets.c.client_id == self.user_id(email),
                t.tickets.c.deleted.is_(False),
                t.tickets.c.merged_into.is_(None),
            )
            .order_by(t.tickets.c.number)
        )
        with self.svc.engine.connect() as connection:
            return connection.execute(query).first()


def _seed(svc: Services) -> None:
    notifications.create(svc.engine, checkfirst=True)
    seed_demo(svc.domain, hashed=HASH)
    # the seed's own mail is history: the outbox starts after it
    build_mail(svc.settings, svc.domain, svc.engine)[0].begin_at_head(force=True)


desk_template, database_url = databases.copied_database("desk_template", _seed)


@pytest.fixture
def desk(settings) -> Iterator[Desk]:  # type: ignore[no-untyped-def]
    """The app with operator routes on a copy of the seeded demo tenant, caught up."""
    app = create_app(settings)
    svc: Services = app.state.services
    with TestClient(app, base_url=f"http://{DEMO}") as client:
        yield Desk(client, app)
    svc.domain.close()
    svc.engine.dispose()


@pytest.fixture
def first(desk: Desk) -> dict[str, str]:
    """Headers of first@demo.test (first line)."""
    return desk.login("first@demo.test")


@pytest.fixture
def second(desk: Desk) -> dict[str, str]:
    """Headers of second@demo.test (second line)."""
    return desk.login("second@demo.test")


@pytest.fixture
def client_a(desk: Desk) -> dict[str, str]:
    """Headers of client@demo.test (company A)."""
    return desk.login("client@demo.test")
