"""The read-model follower: applies the event log to the tables, exactly once.

Each batch reads notifications after the tracking position, applies them and
moves the position in one transaction: a crash at any point either keeps the
whole batch or none of it, so no event is applied twice or skipped.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update

from domain.application import Ledgerdesk
from projections import tables as t
from projections.context import MAX_CACHED_ROWS, Apply, Batch, RowCache
from projections.handlers import commerce, deals, directory, tickets

log = logging.getLogger("ledgerdesk.follower")

HANDLERS: dict[str, Callable[[Apply], None]] = {
    **directory.HANDLERS,
    **tickets.HANDLERS,
    **commerce.HANDLERS,
    **deals.HANDLERS,
}


def handler_for_topic(topic: str) -> Callable[[Apply], None] | None:
    """The handler of the events stored under a topic ('module:Class.Event')."""
    return HANDLERS.get(topic.rpartition(":")[2])


class Follower:
    """Follows the notification log into the read-model tables."""

    def __init__(
        self,
        app: Ledgerdesk,
        engine: Engine,
        name: str = "read_model",
        batch_size: int = 1000,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        self.app = app
        self.engine = engine
        self.name = name
        self.batch_size = batch_size
        self.progress = progress
        self.rows = RowCache()
        self.listeners: list[Callable[[int], None]] = []
        """Called with the new position after each batch that applied events."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def position(self) -> int:
        """The id of the last notification applied."""
        with self.engine.connect() as connection:
            return self._read_position(connection, lock=False)

    def _read_position(self, connection: Connection, lock: bool) -> int:
        query = select(t.tracking.c.position).where(t.tracking.c.name == self.name)
        if lock and connection.dialect.name == "postgresql":
            query = query.with_for_update()
        found = connection.execute(query).scalar()
        if found is None:
            connection.execute(insert(t.tracking).values(name=self.name, position=0))
            return 0
        return int(found)

    def apply_batch(self, limit: int | None = None) -> int:
        """Apply up to one batch of pending events; answers how many were read."""
        rows = self.rows
        try:
            with self.engine.begin() as connection:
                start = self._read_position(connection, lock=True)
                if rows.position != start:  # another follower wrote since
                    rows.reset()
                notifications = self.app.recorder.select_notifications(
                    start + 1, limit or self.batch_size
                )
                if not notifications:
                    return 0
                batch = Batch(connection, rows)
                try:
                    self._apply(batch, notifications)
                    batch.flush()
                finally:
                    batch.close()
                position = notifications[-1].id
                connection.execute(
                    update(t.tracking)
                    .where(t.tracking.c.name == self.name)
                    .values(position=position)
                )
        except BaseException:
            rows.reset()  # the batch rolled back: what the cache holds may not be
            raise
        rows.position = position
        if len(rows) > MAX_CACHED_ROWS:
            rows.clear()
        for listener in self.listeners:
            listener(position)
        if self.progress:
            self.progress(len(notifications))
        return len(notifications)

    def _apply(self, batch: Batch, notifications: Sequence[Any]) -> None:
        to_domain_event = self.app.mapper.to_domain_event
        for notification in notifications:
            # events no handler cares about are not even decoded
            handle = handler_for_topic(notification.topic)
            if handle is not None:
                handle(Apply(batch, to_domain_event(notification)))

    def catch_up(self) -> int:
        """Apply everything pending; answers the position reached."""
        with self._lock:
            while self.apply_batch():
                pass
        return self.position()

    def wait_for(self, position: int, timeout: float = 5.0) -> None:
        """Block until the read model shows the event at position (or raise)."""
        if self._thread is None:
            if self.catch_up() >= position:
                return
        deadline = time.monotonic() + timeout
        while self.position() < position:
            if time.monotonic() > deadline:
                raise TimeoutError(f"read model did not reach {position} in {timeout}s")
            time.sleep(0.01)

    def run(self, poll_interval: float = 0.2) -> None:
        """Follow until stop() is called, polling when idle."""
        while not self._stop.is_set():
            try:
                with self._lock:
                    applied = self.apply_batch()
            except Exception:  # keep following; the batch rolled back whole
                log.exception("applying a batch failed; retrying")
                applied = 0
                self._stop.wait(1.0)
            if not applied:
                self._stop.wait(poll_interval)

    def start(self, poll_interval: float = 0.2) -> None:
        """Follow in a background thread (the embedded mode)."""
        self._stop.clear()
        self._thread = threading.Thread(
            target=self.run,
            args=(poll_interval,),
            name=f"follower-{self.name}",
            daemon=True,
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop the background thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
