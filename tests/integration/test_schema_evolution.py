"""Upgrading a database made by the release before migrations, on both backends.

On SQLite the database is tests/fixtures/schema-before-migrations.sqlite3.gz: the
demo tenant seeded by that release, with signed-in sessions and a relay position.
On PostgreSQL the same shape is made from the baseline revision: this release's
database taken down to the baseline, its version table and new columns removed.
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine, inspect, text

from api.bootstrap import build_engine
from api.cli import main
from api.settings import Settings
from projections.schema import create_tables, read_model_schema
from projections.upgrade import prepare, read_model_current, read_model_differences
from storage import migrations
from tests.conftest import BACKEND

FIXTURE = Path(__file__).parents[1] / "fixtures" / "schema-before-migrations.sqlite3.gz"
ROOT = Path(__file__).parents[2]
COUNTED = (
    "events",
    "api_sessions",
    "api_refresh_tokens",
    "api_login_failures",
    "relay_tracking",
    "projection_tracking",
    "tenants",
    "users",
    "companies",
    "tickets",
    "messages",
    "invoices",
    "ticket_counts",
    "setting_items",
)
"""Kept tables, the event log and read-model tables: none may lose a row."""
NEW_COLUMNS = ("identity_issuer", "identity_tid", "identity_oid")
"""Columns this release added to users (a read-model table: rebuilt, not migrated)."""


@pytest.fixture
def environment(monkeypatch, database_url, tmp_path):  # type: ignore[no-untyped-def]
    """LEDGERDESK_* variables pointing the command at the test database."""
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGERDESK_UPLOAD_DIR", str(tmp_path / "uploads"))
    return Settings()


def counts(engine: Engine) -> dict[str, int]:
    """The rows of every counted table."""
    # The event store names its table for the application on PostgreSQL.
    events = "stored_events" if BACKEND == "sqlite" else "ledgerdesk_events"
    with engine.connect() as connection:
        return {
            name: connection.execute(
                text(f'SELECT count(*) FROM "{events if name == "events" else name}"')
            ).scalar_one()
            for name in COUNTED
        }


def _release_before_on_postgres(settings: Settings) -> None:
    """Today's database taken back to the shape the release before made."""
    assert main(["seed", "--tenant", "demo"]) == 0
    engine = build_engine(settings)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO api_sessions (id, tenant_id, user_id, created_at) "
                "SELECT id, tenant_id, id, now() FROM users"
            )
        )
        connection.execute(
            text(
                "INSERT INTO relay_tracking (name, position, updated_at) "
                "VALUES ('relay', 400, now())"
            )
        )
        command.downgrade(migrations.config(connection), migrations.BASELINE)
        connection.execute(text("DROP TABLE alembic_version"))
        connection.execute(text("DROP INDEX ix_users_identity"))
        for column in NEW_COLUMNS:
            connection.execute(text(f"ALTER TABLE users DROP COLUMN {column}"))
    engine.dispose()


@pytest.fixture
def release_before(environment, database_url):  # type: ignore[no-untyped-def]
    """The test database as the release before migrations left it."""
    if BACKEND == "sqlite":
        path = database_url.removeprefix("sqlite:///")
        with gzip.open(FIXTURE) as packed, open(path, "wb") as unpacked:
            shutil.copyfileobj(packed, unpacked)
    else:
        _release_before_on_postgres(environment)
    engine = build_engine(environment)
    tables = set(inspect(engine).get_table_names())
    assert "alembic_version" not in tables and "api_sessions" in tables
    assert not {c["name"] for c in inspect(engine).get_columns("users")} & set(
        NEW_COLUMNS
    )
    yield engine
    engine.dispose()


def test_migrations_make_exactly_the_defined_tables(environment):
    engine = build_engine(environment)
    migrations.migrate(engine)
    assert migrations.current(engine) == migrations.head()
    assert migrations.differences(engine) == []
    engine.dispose()


def test_a_table_change_without_a_migration_is_found(environment):
    engine = build_engine(environment)
    migrations.migrate(engine)
    with engine.begin() as connection:
        connection.execute(text("DROP INDEX ix_api_sessions_user"))
    found = migrations.differences(engine)
    assert [diff[0] for diff in found] == ["add_index"]
    assert found[0][1].name == "ix_api_sessions_user"
    engine.dispose()


@pytest.mark.skipif(BACKEND != "sqlite", reason="the fixture file is SQLite")
def test_the_baseline_is_the_release_before(tmp_path):
    """Every kept table of the fixture equals the one the baseline makes."""
    old = tmp_path / "old.sqlite3"
    with gzip.open(FIXTURE) as packed, open(old, "wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    new = build_engine(Settings(database_url=f"sqlite:///{tmp_path}/new.sqlite3"))
    migrations.migrate(new, migrations.BASELINE)
    before = build_engine(Settings(database_url=f"sqlite:///{old}"))

    def shape(engine: Engine, name: str) -> object:
        with engine.connect() as connection:
            return connection.execute(
                text("SELECT sql FROM sqlite_master WHERE tbl_name = :name"),
                {"name": name},
            ).all()

    present = set(inspect(before).get_table_names())
    compared = [name for name in migrations.BASELINE_TABLES if name in present]
    assert len(compared) >= 8
    for name in compared:
        assert shape(before, name) == shape(new, name), name
    before.dispose()
    new.dispose()


def test_the_release_before_is_upgraded_and_nothing_is_lost(
    environment, release_before, capsys
):
    before = counts(release_before)
    assert before["api_sessions"] >= 4 and before["events"] > 400
    assert main(["migrate", "--status"]) == 0
    assert "to be rebuilt" in capsys.readouterr().out

    assert main(["migrate"]) == 0
    out = capsys.readouterr().out
    assert "were at no revision" in out and "Read model rebuilt" in out
    assert migrations.current(release_before) == migrations.head()
    assert migrations.differences(release_before) == []
    assert read_model_current(release_before)
    assert counts(release_before) == before
    columns = {c["name"] for c in inspect(release_before).get_columns("users")}
    assert set(NEW_COLUMNS) <= columns
    with release_before.connect() as connection:
        relay = connection.execute(text("SELECT position FROM relay_tracking"))
        assert relay.scalar_one() == 400

    # A second start-up finds everything current and rebuilds nothing.
    assert main(["migrate"]) == 0
    assert "Read model current" in capsys.readouterr().out


ADD_A_COLUMN = """
from sqlalchemy import Column, String, select
from api.bootstrap import build_application, build_engine
from api.settings import Settings
from projections import tables as t
from projections.schema import read_model_version
from projections.upgrade import prepare

before = read_model_version()
t.tickets.append_column(Column("customer_reference", String(40)))
assert read_model_version() != before
settings = Settings()
app, engine = build_application(settings), build_engine(settings)
assert prepare(app, engine), "a changed table must be rebuilt"
assert not prepare(app, engine), "and only once"
with engine.connect() as connection:
    rows = connection.execute(select(t.tickets.c.customer_reference)).all()
print(len(rows), {row[0] for row in rows})
"""


def test_a_column_added_to_a_read_model_table_is_rebuilt_in(
    environment, release_before, capsys
):
    assert main(["migrate"]) == 0
    capsys.readouterr()
    before = counts(release_before)
    run = subprocess.run(
        [sys.executable, "-c", ADD_A_COLUMN],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"{before['tickets']} {{None}}"
    columns = {c["name"] for c in inspect(release_before).get_columns("tickets")}
    assert "customer_reference" in columns
    assert counts(release_before) == before
    # This release sees a version it does not know and rebuilds to its own shape.
    assert not read_model_current(release_before)
    assert main(["migrate"]) == 0
    assert "Read model rebuilt" in capsys.readouterr().out
    columns = {c["name"] for c in inspect(release_before).get_columns("tickets")}
    assert "customer_reference" not in columns
    assert counts(release_before) == before


WRITE_A_REVISION = """
import shutil, sys
from pathlib import Path
from sqlalchemy import Column, String
from api.bootstrap import build_engine
from api.settings import Settings
from storage import migrations
from storage.tables import exports

copy = Path(sys.argv[1])
shutil.copytree(migrations.HERE, copy, ignore=shutil.ignore_patterns("__pycache__"))
migrations.HERE = copy
engine = build_engine(Settings())
migrations.migrate(engine)
assert migrations.write_revision(engine, "Nothing changed") is None
exports.append_column(Column("note", String(200)))
path = migrations.write_revision(engine, "Exports carry a note!")
migrations.migrate(engine)
assert migrations.differences(engine) == [], migrations.differences(engine)
print(path.name)
"""


def test_a_changed_kept_table_gets_a_written_revision(environment, tmp_path):
    """`ledgerdesk migrate --revision` writes the next revision, which then applies."""
    run = subprocess.run(
        [sys.executable, "-c", WRITE_A_REVISION, str(tmp_path / "migrations")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    name = run.stdout.splitlines()[-1]
    source = (tmp_path / "migrations" / "versions" / name).read_text()
    number = int(migrations.head().split("_", 1)[0]) + 1
    assert name == f"{number:04d}_exports_carry_a_note.py"
    assert f"down_revision = {migrations.head()!r}" in source
    # SQLite writes it as a batch operation (its ALTER TABLE is limited).
    assert "add_column(" in source
    assert "sa.Column('note', sa.String(length=200)" in source
    assert not (migrations.HERE / "versions" / name).exists()


def test_a_read_model_that_already_matches_is_kept(environment, application):
    """A database from before versions whose tables match is recorded, not rebuilt."""
    engine = build_engine(environment)
    create_tables(engine)
    with engine.begin() as connection:
        connection.execute(read_model_schema.delete())
    assert not read_model_current(engine)
    assert read_model_differences(engine) == []
    assert prepare(application, engine) is False
    assert read_model_current(engine)
    engine.dispose()
