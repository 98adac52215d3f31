"""Seeded template databases: seeded once per test process, copied for every test.

A seed costs seconds of CPU and a copy a few milliseconds: a file copy on SQLite,
CREATE DATABASE ... TEMPLATE on PostgreSQL (the template is dropped afterwards).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

from api.bootstrap import sqlite_path
from api.main import create_app
from api.services import Services
from api.settings import Settings
from tests.conftest import BACKEND, POSTGRES_ADMIN_URL, _admin_connection

# DROP DATABASE makes PostgreSQL take a checkpoint: seconds each while other
# tests write. A finished test's database is closed to connections at once and
# dropped when its test session ends (tests/conftest.py), with nothing left to flush.
_finished: list[str] = []


def drop_finished() -> None:
    """Drop the databases of the tests that finished."""
    with _admin_connection() as connection:
        for name in _finished:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _finished.clear()


def _finish(name: str) -> None:
    with _admin_connection() as connection:
        connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )
    _finished.append(name)


@contextmanager
def new_database(template: str | None = None) -> Iterator[str]:
    """The URL of a new PostgreSQL database (a copy of `template`), closed after
    and dropped when the test process ends."""
    name = f"ledgerdesk_test_{uuid4().hex[:12]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    with _admin_connection() as connection:
        connection.execute(f'CREATE DATABASE "{name}"{copy}')
    try:
        yield f"{POSTGRES_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    finally:
        _finish(name)


@contextmanager
def seeded_template(tmp: Path, fill: Callable[[Services], None]) -> Iterator[str]:
    """The URL of a database the app filled with `fill(services)`, caught up."""
    url = f"sqlite:///{tmp}/template.sqlite3"
    with nullcontext(url) if BACKEND == "sqlite" else new_database() as url:
        app = create_app(
            Settings(database_url=url, upload_dir=str(tmp), export_dir=str(tmp))
        )
        svc: Services = app.state.services
        fill(svc)
        svc.follower.catch_up()
        if BACKEND == "sqlite":  # the write-ahead log into the file a copy takes
            with svc.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        svc.domain.close()
        svc.engine.dispose()  # CREATE DATABASE ... TEMPLATE wants no one connected
        yield url


@contextmanager
def copy_of(template_url: str, tmp: Path) -> Iterator[str]:
    """The URL of a copy of the template database, for one test."""
    if BACKEND == "sqlite":
        target = tmp / "ledgerdesk.sqlite3"
        shutil.copyfile(sqlite_path(template_url), target)
        yield f"sqlite:///{target}"
        return
    with new_database(template_url.rsplit("/", 1)[1]) as url:
        yield url


def copied_database(template: str, fill: Callable[[Services], None]) -> tuple[Any, Any]:
    """A session fixture named `template` holding a database `fill` seeded, and the
    `database_url` fixture that hands each test a copy of it."""

    @pytest.fixture(scope="session", name=template)
    def seeded(tmp_path_factory) -> Iterator[str]:  # type: ignore[no-untyped-def]
        tmp = tmp_path_factory.mktemp(template)
        with seeded_template(tmp, fill) as url:
            yield url

    @pytest.fixture
    def database_url(request, tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
        with copy_of(request.getfixturevalue(template), tmp_path) as url:
            yield url

    return seeded, database_url
