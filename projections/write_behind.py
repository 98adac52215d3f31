"""A rebuild's row cache written by a second connection while the next batch runs.

The follower's batch handles events in Python, then waits while PostgreSQL
takes its rows: the two cores took turns. In a rebuild the staging tables start
over after a crash, so the cached rows of a batch need not commit with its
position: once the batch commits, a thread of its own writes them on another
connection (COPY, then the changed rows' updates) while the next batch is
handled. Order is kept: one thread writes the batches as they committed.

Whatever the next batch asks the database about the cached tables waits for
that thread first, so it sees every earlier event, as before. Rows a handler
needs written before its own statement (a flush in the middle of a batch) are
written on the batch's own connection then, and roll back with it. The thread
never waits for a lock the batch holds: the batch takes one on a cached row
only after waiting for the thread, and the thread gets work again only after
the batch's commit.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from sqlalchemy import Connection, Delete, Engine, Insert, Update, event
from sqlalchemy.sql.util import find_tables

from projections.context import CACHED, RowCache, Taken, write_taken

_DONE = None


class WriteBehind(RowCache):
    """A RowCache whose committed batches another connection writes (PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.held: list[Taken] = []
        """The current batch's rows: written after its commit, dropped at rollback."""
        self._committing: list[Taken] = []
        self._queue: queue.Queue[list[Taken] | None] = queue.Queue()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(
            target=self._run, name="rebuild-writer", daemon=True
        )
        event.listen(engine, "before_execute", self._before_execute)
        event.listen(engine, "commit", self._commit)
        event.listen(engine, "rollback", self._rollback)
        self._thread.start()

    def write(self, connection: Connection) -> None:
        """Take the batch's rows, to be written once it commits."""
        for taken in self.take():
            taken.lines_for_copy()
            self.held.append(taken)

    def reset(self) -> None:
        """Forget everything the batch held too (it rolled back)."""
        super().reset()
        self.held.clear()

    def close(self) -> None:
        """Wait until every committed batch is written, then stop the thread."""
        try:
            self._drain()
        finally:
            self._queue.put(_DONE)
            self._thread.join()
            event.remove(self.engine, "before_execute", self._before_execute)
            event.remove(self.engine, "commit", self._commit)
            event.remove(self.engine, "rollback", self._rollback)

    def _drain(self) -> None:
        self._release()
        self._queue.join()
        if self._failed is not None:
            raise self._failed

    def _run(self) -> None:
        with self.engine.connect() as connection:
            connection.exec_driver_sql("SET synchronous_commit TO OFF")
            connection.commit()
            while (taken := self._queue.get()) is not _DONE:
                try:
                    if self._failed is None:
                        with connection.begin():  # COPY alone would not begin one
                            write_taken(connection, taken)
                except BaseException as error:  # told at the next wait
                    self._failed = error
                finally:
                    self._queue.task_done()
            self._queue.task_done()

    def _mine(self) -> bool:
        return threading.current_thread() is self._thread

    def _before_execute(self, connection: Connection, clause: Any, *_: Any) -> None:
        """Before a batch's statement on a cached table: every earlier row written."""
        if self.settling or self._mine():
            return
        self._release()
        if not _touches_cached(clause):
            return
        self.settling = True
        try:
            self._drain()
            held, self.held = self.held, []
            if _changes(clause):  # the cache's rows are written before it
                held.extend(self.take())
            write_taken(connection, held)
        finally:
            self.settling = False

    def _commit(self, _connection: Connection) -> None:
        # told before the commit itself: the rows go to the thread at the
        # batch's next statement, when the commit has been made
        if not self._mine() and self.held:
            self._committing.extend(self.held)
            self.held = []

    def _rollback(self, _connection: Connection) -> None:
        if not self._mine():
            self.held.clear()
            self._committing.clear()

    def _release(self) -> None:
        """Hand the last committed batch's rows to the thread."""
        if self._committing:
            committed, self._committing = self._committing, []
            self._queue.put(committed)


def _changes(clause: Any) -> bool:
    return isinstance(clause, Update | Delete | Insert)


def _touches_cached(clause: Any) -> bool:
    """Whether a statement names a cached table (anything not a Core one may)."""
    try:
        tables = find_tables(
            clause,
            check_columns=True,
            include_aliases=True,
            include_joins=True,
            include_selects=True,
            include_crud=True,
        )
    except Exception:  # not an expression this can walk: assume it does
        return True
    return any(table in CACHED for table in tables)
