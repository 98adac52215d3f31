"""The read-model follower: applies the event log to the tables, exactly once.

Each batch reads notifications after the tracking position, applies them and
moves the position in one transaction: a crash at any point either keeps the
whole batch or none of it, so no event is applied twice or skipped. An event
a handler fails on is parked (projections/parked.py) in the transaction that
moves the position past it, so one bug never stops the desk.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.sql import Executable

from domain.application import Ledgerdesk
from projections import pipeline
from projections import tables as t
from projections.context import MAX_CACHED_ROWS, Apply, Batch, RowCache
from projections.handlers import commerce, deals, directory, mail, search, sla, tickets
from projections.parked import (
    ChangeParked,
    Parked,
    describe,
    is_transient,
    last_resolved,
    park,
    parked_events,
    resolve,
)

log = logging.getLogger("ledgerdesk.follower")
DATABASE_EVERY_S = 0.05
"""How often a waiting write reads the position from the database when no
notice of it came (the follower in another process, a notice missed)."""

HANDLERS: dict[str, Callable[[Apply], None]] = search.extend(
    sla.extend(
        {
            **directory.HANDLERS,
            **tickets.HANDLERS,
            **commerce.HANDLERS,
            **deals.HANDLERS,
            **mail.HANDLERS,
        }
    )
)


def _commit_without_flush(connection: Connection) -> None:
    """On PostgreSQL, commit this batch without waiting for its WAL flush.

    The batch is visible to every reader at once; only a crash of the server
    can lose it, together with the tracking position in the same transaction,
    and the follower then applies those events again from the log, which is
    written durably. It saves a disk flush on every write's wait.
    """
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")


def handler_for_topic(topic: str) -> Callable[[Apply], None] | None:
    """The handler of the events stored under a topic ('module:Class.Event')."""
    return HANDLERS.get(topic.rpartition(":")[2])


class _RetriedMeanwhile(Exception):
    """A retry wrote rows the batch's cache did not know: apply it again."""


class ReadModelLate(TimeoutError):
    """The read model did not reach a position in time (the event is stored)."""

    def __init__(self, position: int, timeout: float) -> None:
        super().__init__(f"read model did not reach {position} in {timeout}s")
        self.position = position


class Follower:
    """Follows the notification log into the read-model tables."""

    def __init__(
        self,
        app: Ledgerdesk,
        engine: Engine,
        name: str = "read_model",
        batch_size: int = 1000,
        progress: Callable[[int], None] | None = None,
        parking: Engine | None = None,
    ) -> None:
        self.app = app
        self.engine = engine
        self.name = name
        self.batch_size = batch_size
        self.progress = progress
        self.parking = parking
        """Where to park when engine's database has no parked_events (a rebuild's
        staging database parks in the desk's)."""
        self.rows = RowCache()
        self.listeners: list[Callable[[int], None]] = []
        """Called with the new position after each batch that applied events."""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._progress = threading.Condition()
        self.reached = 0
        """The position this follower last moved to (in memory, no query)."""
        self.applied_topics: set[str] = set()
        """The topics of the batch the listeners are told about."""
        self._thread: threading.Thread | None = None
        self._attempted: tuple[int, Any] | None = None
        self._tenant: str | None = None
        self._resolved: datetime | None = None
        self._has_parking: bool | None = None
        self._known: tuple[int, int] = (-1, -1)
        """(after, up to): every event in this range went through this follower,
        so `_parked` names all of them that were parked."""
        self._parked: set[int] = set()
        """The events this follower parked (see `_known`)."""
        self._reader: Engine | None = None
        self._statements: dict[tuple[Any, ...], Executable] = {}
        """The batch's own statements, built once (so compiled once)."""
        self.announce: Callable[[int, int, set[str]], pipeline.Step] | None = None
        """The API workers' notice of a batch (the position it started after,
        the one it moved to) and its topics: a statement run in the transaction
        that moves the position (other processes hear of it only once it is
        visible)."""
        self.watched = False
        """Whether another process follows and this one only hears of its
        positions (observed()): a write then waits, never applies."""

    @property
    def reader(self) -> Engine:
        """The engine for the follower's reads outside a batch: each statement
        commits on its own, so giving the connection back costs no ROLLBACK
        (a round trip that a write waiting on this follower paid twice)."""
        if self._reader is None:
            self._reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        return self._reader

    def position(self) -> int:
        """The id of the last notification applied."""
        with self.reader.connect() as connection:
            return self._read_position(connection, lock=False)

    def _read_position(self, connection: Connection, lock: bool) -> int:
        query = select(t.tracking.c.position).where(t.tracking.c.name == self.name)
        if lock and connection.dialect.name == "postgresql":
            query = query.with_for_update()
        found = connection.execute(query).scalar()
        if found is None:
            # only a follower about to apply writes the row; a reader's insert
            # (rolled back with its connection) raced the follower's own
            if lock:
                connection.execute(
                    insert(t.tracking).values(name=self.name, position=0)
                )
            return 0
        return int(found)

    def apply_batch(self, limit: int | None = None) -> int:
        """Apply up to one batch of pending events; answers how many were read.

        When an event fails (a handler's bug), the batch rolls back and is
        applied again event by event: the failing one is parked with its error
        in the transaction that moves the position past it, and the rest apply.
        """
        try:
            return self._apply_batch(limit or self.batch_size)
        except Exception as error:
            if is_transient(error):
                raise
            log.warning("a batch failed (%s); applying it event by event", error)
        applied = 0
        for _ in range(limit or self.batch_size):
            try:
                read = self._apply_batch(1)
            except Exception as error:
                if is_transient(error):
                    raise
                # parked: what follows goes in whole batches again
                return applied + self._park_next(error)
            if not read:
                break
            applied += read
        return applied

    def _apply_batch(self, limit: int) -> int:
        try:
            return self._apply_once(limit)
        except _RetriedMeanwhile:
            return self._apply_once(limit)  # with the cache dropped: it cannot be

    def _apply_once(self, limit: int) -> int:
        rows = self.rows
        self._attempted = None
        try:
            with self.engine.begin() as connection:
                start = self._start(connection)
                if self._known[1] != start:  # someone else applied up to start
                    self._known = (start, start)
                if rows.position != start or self._retried_before(connection):
                    rows.reset()  # another follower (or a retry) wrote since
                cached = bool(len(rows))
                notifications = self.app.recorder.select_notifications(start + 1, limit)
                if not notifications:
                    return 0
                self._attempted = (start, notifications[0]) if limit == 1 else None
                position = notifications[-1].id
                move, asks = self._move_statement(connection)
                batch = Batch(connection, rows)
                try:
                    self._apply(batch, notifications)
                    then = [(move, {"position": position})]
                    if self.announce is not None:
                        then.append(
                            self.announce(start, position, self.applied_topics)
                        )
                    # the rows, the move and the notice: one round trip when small
                    answers = pipeline.flush(batch, then)
                finally:
                    batch.close()
                if asks and self._retried(answers[0]) and cached:
                    raise _RetriedMeanwhile
        except BaseException:
            rows.reset()  # the batch rolled back: what the cache holds may not be
            raise
        self._moved(position, len(notifications))
        return len(notifications)

    def _park_next(self, error: Exception) -> int:
        """Park the one event that just failed alone, and move past it."""
        attempted, self._attempted = self._attempted, None
        if attempted is None:
            raise error
        start, notification = attempted
        with self.engine.begin() as connection:
            if self._read_position(connection, lock=True) != start:
                return 1  # another follower moved on meanwhile: read again
            if self._parks(connection):
                park(connection, self.name, notification, error, self._tenant)
            elif self.parking is not None:  # a rebuild's staging: park in the desk's
                with self.parking.begin() as desk:
                    park(desk, self.name, notification, error, self._tenant)
            else:
                raise error  # nowhere to park: the batch fails as a whole
            self._move(connection, notification.id)
        if len(self._parked) >= MAX_CACHED_ROWS:
            self._parked.clear()
            self._known = (notification.id, notification.id)
        else:
            self._parked.add(notification.id)
        log.error(
            "parked event %s (%s) of follower %s: %s",
            notification.id,
            notification.topic,
            self.name,
            describe(error),
        )
        self.rows.reset()
        self._moved(notification.id, 1)
        return 1

    def _parks(self, connection: Connection) -> bool:
        """Whether this database keeps parked events (asked once)."""
        if self._has_parking is None:
            # a rebuild's staging schema is the default one translated
            translate = connection.get_execution_options().get("schema_translate_map")
            schema = (translate or {}).get(None)
            self._has_parking = inspect(connection).has_table(
                parked_events.name, schema=schema
            )
        return self._has_parking

    def _move(self, connection: Connection, position: int) -> None:
        """Move the position (outside a batch: parking an event)."""
        move, asks = self._move_statement(connection)
        found = connection.execute(move, {"position": position})
        if asks:
            self._retried(found.scalar())

    def _move_statement(self, connection: Connection) -> tuple[Executable, bool]:
        """The position's move; whether it answers the last retry's moment.

        On PostgreSQL the last retry's moment rides with the move: the batch
        holds the tracking row's lock, which a retry takes too, so the
        statement sees every retry but one that waits for this batch to
        commit. A batch that learns of one late rolls back and is applied
        again with an empty cache. Built once per follower (compiled once).
        """
        parks = connection.dialect.name == "postgresql" and self._parks(connection)
        key = (connection.dialect.name, parks)
        if key not in self._statements:
            move = (
                update(t.tracking)
                .where(t.tracking.c.name == self.name)
                .values(position=bindparam("position"))
            )
            if parks:
                last = (
                    select(func.max(parked_events.c.resolved_at))
                    .where(parked_events.c.follower == self.name)
                    .scalar_subquery()
                )
                move = move.returning(last)  # type: ignore[assignment]
            self._statements[key] = move
        return self._statements[key], parks

    def _moved(self, position: int, count: int) -> None:
        rows = self.rows
        rows.position = position
        self._known = (self._known[0], position)
        if len(rows) > MAX_CACHED_ROWS:
            rows.clear()
        if len(rows.names) > MAX_CACHED_ROWS:
            rows.names.clear()
        with self._progress:
            self.reached = position
            self._progress.notify_all()
        for listener in self.listeners:
            listener(position)
        if self.progress:
            self.progress(count)

    def _start(self, connection: Connection) -> int:
        """Lock the tracking row and read its position.

        On PostgreSQL the same statement turns off the batch's WAL flush wait
        (_commit_without_flush): one round trip instead of two.
        """
        if connection.dialect.name != "postgresql":
            return self._read_position(connection, lock=True)
        key = ("start", self.name)
        if key not in self._statements:
            self._statements[key] = (
                select(
                    t.tracking.c.position,
                    func.set_config("synchronous_commit", "off", True),
                )
                .where(t.tracking.c.name == self.name)
                .with_for_update()
            )
        # sent with the transaction's BEGIN in one round trip
        found = pipeline.scalar(connection, self._statements[key], {})
        if found is None:  # the first batch ever: as _read_position does
            _commit_without_flush(connection)
            connection.execute(insert(t.tracking).values(name=self.name, position=0))
            return 0
        return int(found)

    def _retried_before(self, connection: Connection) -> bool:
        """On SQLite, whether a retry applied a parked event since the last batch.

        A retry writes rows outside the follower's cache, so the cache is
        dropped; asked only while the cache holds rows. PostgreSQL answers
        with the batch's move instead (_move).
        """
        if connection.dialect.name == "postgresql":
            return False
        if not len(self.rows) or not self._parks(connection):
            return False
        return self._retried(last_resolved(connection, self.name))

    def _retried(self, resolved: datetime | None) -> bool:
        """Whether the last retry's moment differs from the one last seen."""
        changed = resolved != self._resolved
        self._resolved = resolved
        return changed

    def _apply(self, batch: Batch, notifications: Sequence[Any]) -> None:
        to_domain_event = self.app.mapper.to_domain_event
        self._tenant = None
        self.applied_topics = {n.topic for n in notifications}
        for notification in notifications:
            # events no handler cares about are not even decoded
            handle = handler_for_topic(notification.topic)
            if handle is not None:
                domain_event = to_domain_event(notification)
                self._tenant = getattr(domain_event, "tenant_id", None)
                handle(Apply(batch, domain_event))

    def retry(self, parked: Parked) -> None:
        """Apply one parked event now, in a transaction of its own (or raise)."""
        [notification] = self.app.recorder.select_notifications(
            parked.notification_id, 1
        )
        with self.engine.begin() as connection:
            # the tracking row's lock keeps the follower out meanwhile
            self._read_position(connection, lock=True)
            rows = RowCache()
            batch = Batch(connection, rows)
            try:
                self._apply(batch, [notification])
                batch.flush()
            finally:
                batch.close()
            resolve(connection, parked.id)
        self._parked.discard(parked.notification_id)
        self.rows.reset()

    def catch_up(self) -> int:
        """Apply everything pending; answers the position reached."""
        with self._lock:
            while self.apply_batch():
                pass
        return self.position()

    def wait_for(
        self, position: int, timeout: float = 5.0, own: Sequence[int] = ()
    ) -> None:
        """Block until the read model shows the event at position (or raise).

        With `own`, the notification ids of the caller's events: if one of them
        was parked instead of applied, ChangeParked is raised at once.
        """
        if self._thread is None and not self.watched:
            reached = self._catch_up_to(position)
        else:
            reached = self._woken_to(position, timeout)
        deadline = time.monotonic() + timeout
        while reached < position:
            if time.monotonic() > deadline:
                raise ReadModelLate(position, timeout)
            with self._progress:
                self._progress.wait(0.01)
            reached = self.position()
        if own and self.parked_any(own):
            raise ChangeParked(position)

    def parked_any(self, notification_ids: Sequence[int]) -> bool:
        """Whether any of these events was parked by this follower.

        Events this follower applied itself are answered from memory: a write
        caught up in its own thread asks the database nothing more.
        """
        after, upto = self._known
        if all(after < i <= upto for i in notification_ids):
            return any(i in self._parked for i in notification_ids)
        query = select(parked_events.c.id).where(
            parked_events.c.follower == self.name,
            parked_events.c.notification_id.in_(list(notification_ids)),
            parked_events.c.resolved_at.is_(None),
        )
        with self.reader.connect() as connection:
            return connection.execute(query.limit(1)).first() is not None

    def _catch_up_to(self, position: int) -> int:
        """Apply batches in this thread until position; the position reached.

        Stops at the caller's own event rather than reading again to find the
        log empty, and knows where it stopped without asking the database.
        """
        with self._lock:
            while self.reached < position and self.apply_batch():
                pass
        return self.reached if self.reached >= position else self.position()

    def _woken_to(self, position: int, timeout: float) -> int:
        """Wake the background thread and wait until it applied position.

        A write must not wait out the thread's idle poll: it is woken at once,
        and tells the waiter when it moved. When another process follows
        (`watched`), its notice (observed()) tells the waiter; the database is
        asked only when no notice came for a while.
        """
        self.wake()
        deadline = time.monotonic() + timeout
        asked = time.monotonic()
        while True:
            with self._progress:
                if self.reached < position:
                    left = deadline - time.monotonic()
                    self._progress.wait(min(max(left, 0.0), DATABASE_EVERY_S))
                if self.reached >= position:
                    return self.reached
            now = time.monotonic()
            if now - asked < DATABASE_EVERY_S and now < deadline:
                continue  # woken for an earlier position: wait on
            # a notice may have been missed, or another process applied it
            asked = now
            reached = self.position()
            if reached >= position or now > deadline:
                return reached

    def observed(self, position: int, after: int | None = None) -> None:
        """Another process's follower moved to position: waiters may go on.

        With `after`, the position its batch started after: every event in
        between was applied, none parked (a batch that fails parks its event
        alone, in a transaction of its own, unannounced), so `parked_any`
        answers for them without asking the database.
        """
        with self._progress:
            if after is not None:
                known_after, known_upto = self._known
                contiguous = known_upto == after and known_after >= 0
                self._known = (known_after if contiguous else after, position)
            if position > self.reached:
                self.reached = position
            self._progress.notify_all()

    def wake(self) -> None:
        """Have the background thread read the log now, not after its poll."""
        self._wake.set()

    def run(self, poll_interval: float = 0.2) -> None:
        """Follow until stop() is called, polling when idle."""
        while not self._stop.is_set():
            try:
                with self._lock:
                    applied = self.apply_batch()
            except Exception:  # the database's passing trouble: the batch rolled
                # back whole and is tried again (an event's own failure is parked)
                log.exception("applying a batch failed; retrying")
                applied = 0
                self._stop.wait(1.0)
            if not applied:
                self._wake.wait(poll_interval)
                self._wake.clear()  # before the next batch, which reads it all

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
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
