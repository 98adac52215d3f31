"""Requests at once are served on the pooled read connections, none opened for
them: a request thread more than the pool holds made the pool open a connection
for it and close it again afterwards (on PostgreSQL a new server process each
time)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import event

from api.bootstrap import READ_POOL
from tests.e2e.api.conftest import Portal


def test_many_requests_at_once_open_no_connection_beyond_the_pool(
    portal: Portal, client_a: dict[str, str]
) -> None:
    opened: list[Any] = []
    event.listen(portal.svc.engine, "connect", lambda *_: opened.append(1))

    def ask(_: int) -> int:
        return int(portal.get("/api/tickets", client_a).status_code)

    with ThreadPoolExecutor(4 * READ_POOL) as pool:
        answers = list(pool.map(ask, range(16 * READ_POOL)))
    assert set(answers) == {200}
    assert len(opened) <= READ_POOL, f"{len(opened)} connections opened"
