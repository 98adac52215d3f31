"""Counting the SQL a piece of code sends, for tests that pin round trips."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, event


class Sent(list[str]):
    """Statements in the order sent; those sent in a pipeline also in pipelined."""

    def __init__(self) -> None:
        super().__init__()
        self.pipelined: list[str] = []


@contextmanager
def statements(engine: Engine) -> Iterator[Sent]:
    """The SQL statements sent on engine meanwhile.

    On PostgreSQL they are taken at psycopg's cursors of the engine's
    connections, so statements sent past SQLAlchemy (a batch's pipeline,
    projections/pipeline.py) count too; an executemany counts once.
    """
    sent = Sent()
    if engine.dialect.name != "postgresql":

        def note(_conn, _cursor, statement, *_args):  # type: ignore[no-untyped-def]
            sent.append(statement)

        event.listen(engine, "before_cursor_execute", note)
        try:
            yield sent
        finally:
            event.remove(engine, "before_cursor_execute", note)
        return
    ours: set[int] = set()

    def checked_out(dbapi_connection: Any, *_args: Any) -> None:
        ours.add(id(dbapi_connection))

    def wrap(method: Any) -> Any:
        def sending(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            if id(cursor.connection) in ours:
                sent.append(str(query))
                if cursor.connection.pgconn.pipeline_status:
                    sent.pipelined.append(str(query))
            return method(cursor, query, *args, **kwargs)

        return sending

    event.listen(engine, "checkout", checked_out)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(psycopg.Cursor, "execute", wrap(psycopg.Cursor.execute))
        patch.setattr(psycopg.Cursor, "executemany", wrap(psycopg.Cursor.executemany))
        try:
            yield sent
        finally:
            event.remove(engine, "checkout", checked_out)
