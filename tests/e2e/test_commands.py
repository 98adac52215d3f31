"""The ledgerdesk command: seed, project and rebuild on a fresh database."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from api.bootstrap import build_engine
from api.cli import main
from api.settings import Settings
from projections import tables as t
from tests.integration.projections.conftest import snapshot


@pytest.fixture
def environment(monkeypatch, database_url, tmp_path):  # type: ignore[no-untyped-def]
    """LEDGERDESK_* variables pointing the command at the test database."""
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGERDESK_UPLOAD_DIR", str(tmp_path / "uploads"))
    return Settings()


def test_seed_loads_the_demo_tenant_and_prints_its_logins(environment, capsys):
    assert main(["seed", "--tenant", "acme", "--tickets", "40"]) == 0
    out = capsys.readouterr().out
    for login in ("client", "client2", "client3", "first", "second"):
        assert f"{login}@acme.test" in out
    engine = build_engine(environment)
    with engine.connect() as connection:
        tickets = connection.execute(
            select(func.count()).select_from(t.tickets)
        ).scalar()
        statuses = (
            connection.execute(select(t.quotes.c.status_id).distinct()).scalars().all()
        )
        invoice_statuses = (
            connection.execute(select(t.invoices.c.status_id).distinct())
            .scalars()
            .all()
        )
        prepaid = connection.execute(
            select(func.count()).where(t.contracts.c.period.is_(None))
        ).scalar()
        notes = connection.execute(
            select(func.count()).where(t.messages.c.visible_to_client.is_(False))
        ).scalar()
    assert tickets == 27 + 40  # 24 demo tickets and three outages under the SLA
    assert sorted(statuses) == [1, 2, 3, 4]
    assert set(invoice_statuses) >= {None, 1, 2, 3, 4, 8, 9}
    assert prepaid and notes


def test_seed_twice_adds_no_second_tenant(environment, capsys):
    assert main(["seed", "--tenant", "acme"]) == 0
    assert main(["seed", "--tenant", "acme"]) == 0
    engine = build_engine(environment)
    with engine.connect() as connection:
        assert (
            connection.execute(select(func.count()).select_from(t.tenants)).scalar()
            == 1
        )


def test_seed_is_refused_in_production(monkeypatch, environment):
    monkeypatch.setenv("LEDGERDESK_ENVIRONMENT", "production")
    secret = "a-real-secret-of-some-length-32-bytes-or-more"
    monkeypatch.setenv("LEDGERDESK_SECRET_KEY", secret)
    assert main(["seed", "--tenant", "acme"]) == 2


def test_production_refuses_the_default_secret(monkeypatch, environment):
    monkeypatch.setenv("LEDGERDESK_ENVIRONMENT", "production")
    with pytest.raises(ValueError, match="LEDGERDESK_SECRET_KEY"):
        Settings()


def test_rebuild_replays_into_the_same_tables(environment, capsys):
    assert main(["seed", "--tenant", "acme", "--no-project"]) == 0
    assert main(["project", "--once"]) == 0
    engine = build_engine(environment)
    before = snapshot(engine)
    assert main(["rebuild"]) == 0
    assert "switched over" in capsys.readouterr().out
    assert snapshot(engine) == before
