"""Fixtures shared by every test: a fresh database on SQLite or PostgreSQL.

LEDGERDESK_TEST_BACKEND=postgres runs the suite on the PostgreSQL server at
LEDGERDESK_TEST_POSTGRES (default postgresql://postgres@127.0.0.1:5432/test);
each test gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

BACKEND = os.environ.get("LEDGERDESK_TEST_BACKEND", "sqlite")
POSTGRES_ADMIN_URL = os.environ.get(
    "LEDGERDESK_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
)
# Production settings refuse to start without a mail key of their own: the tests
# that build them are about other settings, so every test process has one.
os.environ.setdefault(
    "LEDGERDESK_MAIL_KEY", "dGVzdC1tYWlsLWtleS10ZXN0LW1haWwta2V5LTAxMjM="
)


def _admin_connection():  # type: ignore[no-untyped-def]
    import psycopg

    return psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True)


@pytest.fixture
def database_url(tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """A URL to an empty database of the backend under test."""
    if BACKEND == "sqlite":
        yield f"sqlite:///{tmp_path}/ledgerdesk.sqlite3"
        return
    from tests.support.databases import new_database

    with new_database() as url:
        yield url


@pytest.fixture
def settings(database_url: str, tmp_path):  # type: ignore[no-untyped-def]
    """Settings for one test: its own database, uploads and exports."""
    from api.settings import Settings

    return Settings(
        database_url=database_url,
        upload_dir=str(tmp_path / "uploads"),
        export_dir=str(tmp_path / "exports"),
    )


@pytest.fixture
def application(settings):  # type: ignore[no-untyped-def]
    """The domain application on the test database."""
    from api.bootstrap import build_application

    app = build_application(settings)
    yield app
    app.close()


def meets_the_backend(item: pytest.Item) -> bool:
    """Whether a test reaches the database under test: through the database_url
    fixture (every database fixture builds on it) or by asking for BACKEND."""
    if "database_url" in getattr(item, "fixturenames", ()):
        return True
    module = getattr(item, "module", None)
    return module is not None and hasattr(module, "BACKEND")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """On the PostgreSQL pass, leave out the tests that never meet a database.

    They ran on the SQLite pass and would run the same code again: the domain's
    unit tests, the builder language's properties, the UI files' checks.
    """
    if BACKEND == "sqlite":
        return
    kept = [item for item in items if meets_the_backend(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(
            items=[item for item in items if not meets_the_backend(item)]
        )
        items[:] = kept


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    """Drop the PostgreSQL databases the session's tests left closed."""
    databases = sys.modules.get("tests.support.databases")
    if databases is not None:
        databases.drop_finished()
