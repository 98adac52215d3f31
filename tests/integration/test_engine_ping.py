"""The read-model engine replaces a pooled connection that died while idle."""

from __future__ import annotations

import pytest

from api import bootstrap
from tests.conftest import BACKEND, _admin_connection

pytestmark = pytest.mark.skipif(
    BACKEND != "postgres", reason="SQLite has no server connection to lose"
)


def _backend_pid(engine) -> int:  # type: ignore[no-untyped-def]
    with engine.connect() as connection:
        return int(connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())


def test_a_connection_killed_while_idle_is_replaced_before_use(
    settings, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bootstrap, "IDLE_PING_SECONDS", 0.0)
    engine = bootstrap.build_engine(settings)
    try:
        first = _backend_pid(engine)
        with _admin_connection() as admin:  # a server restart, for this connection
            admin.execute("SELECT pg_terminate_backend(%s)", (first,))
        second = _backend_pid(engine)  # no error: pinged, found dead, replaced
        assert second != first
    finally:
        engine.dispose()


def test_a_connection_used_moments_ago_is_handed_out_as_it_is(settings) -> None:  # type: ignore[no-untyped-def]
    engine = bootstrap.build_engine(settings)
    try:
        assert _backend_pid(engine) == _backend_pid(engine)
    finally:
        engine.dispose()


def test_the_read_models_statements_are_never_jit_compiled(settings) -> None:  # type: ignore[no-untyped-def]
    # a search at a million tickets spent 2.9 s compiling and milliseconds running
    engine = bootstrap.build_engine(settings)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW jit").scalar_one() == "off"
    finally:
        engine.dispose()
