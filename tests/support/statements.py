"""Counting the SQL a piece of code sends, for tests that pin round trips."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, event


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """The SQL statements sent on engine meanwhile."""
    sent: list[str] = []

    def note(_conn, _cursor, statement, *_args):  # type: ignore[no-untyped-def]
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)
