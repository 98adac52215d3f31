"""Loading and saving aggregates for one tenant, with library errors made typed."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any, ClassVar, TypeVar
from uuid import UUID

from eventsourcing.application import (
    AggregateNotFoundError,
    Application,
    LRUCache,
    ProcessingEvent,
    Repository,
)
from eventsourcing.persistence import (
    IntegrityError,
    Notification,
    Recording,
    StoredEvent,
)
from eventsourcing.utils import get_topic

from domain.base import LedgerAggregate
from domain.chain import link_bytes, seal
from domain.errors import AlreadyExists, ConcurrentChange, NotFound, StaleVersion
from domain.settings import SettingList
from domain.tenants import Sequence
from domain.tickets import Ticket

A = TypeVar("A", bound=LedgerAggregate)
R = TypeVar("R")

KEEP_COMMITTED = 1000


def as_uuid(value: str | UUID) -> UUID:
    """An id as UUID; anything else is simply not found."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except (ValueError, AttributeError, TypeError) as error:
        raise NotFound("Not found.", "id") from error


def replay(aggregate: Any, domain_events: Iterable[Any]) -> Any:
    """Apply events in turn (the library's projector, without its per-event
    runtime protocol check, which cost more than the events themselves)."""
    for domain_event in domain_events:
        aggregate = domain_event.mutate(aggregate)
    return aggregate


class Store(Application):
    """The event store of every tenant, with tenant-checked loads."""

    name = "Ledgerdesk"
    retries_on_conflict = 40
    retry_pause_max = 0.15
    log_section_size = 10_000
    # A tenant's number sequence gains an event with every ticket, quote and
    # invoice: without snapshots each new number would replay all earlier ones.
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {Sequence: 100}
    snapshotting_projectors: ClassVar[dict[type[Any], Any]] = {Sequence: replay}

    # A tenant's number sequences and setting lists are loaded by every new
    # ticket, quote and invoice. Kept in memory and brought forward by the
    # events stored since (one query that finds our own last save, or nothing),
    # a load costs the same however long their history: not a snapshot and up
    # to a hundred events, nor a whole setting list's history. A stale copy
    # cannot be saved: its next version clashes and the command is retried.
    kept_in_memory: ClassVar[frozenset[type[Any]]] = frozenset({Sequence, SettingList})
    kept_in_memory_max = 1000
    # A number sequence is saved by every command that takes a number, so the
    # copy kept is trusted without the query: this process's own saves keep it
    # current, and one that another process made stale clashes at its save, is
    # brought forward and the command retried. A setting list only checks a
    # command's values, nothing would notice it stale: it is always brought
    # forward.
    trusted_in_memory: ClassVar[frozenset[type[Any]]] = frozenset({Sequence})
    # A ticket is loaded by every reply, note, status change and time
    # registration, and its history grows with its thread: replaying a
    # hundred-message ticket took 5 ms. Its last saved copy is kept and handed
    # out, not copied (a deep copy of such a ticket took 1-3 ms): a load takes
    # it out of the keeping, brings it forward by the events stored since (one
    # query), and only a save that succeeded puts it back. A command that
    # fails, a load that does not save, and a second load of the same ticket
    # meanwhile all leave the keeping without it, so the next load replays
    # the log as before.
    handed_out: ClassVar[frozenset[type[Any]]] = frozenset({Ticket})
    handed_out_max = 256
    """About 8 KB a ticket with its first message, 1 KB more a message."""
    # With a key every new link is an HMAC (domain/chain.py, docs/audit.md).
    chain_key: bytes | None = None

    def construct_repository(self) -> Repository[Any]:
        """Besides the library's repository (snapshots first), one that reads
        events only, for the types never snapshotted: one query fewer a load;
        and one that keeps the hot aggregates in memory (kept_in_memory)."""
        self.events_only = Repository(self.events)
        # The notification ids saved in this context (a request's worker thread)
        # since they were last taken: what a write waits for before it answers.
        # One variable per store, so ids of another database never leak in.
        self._committed: ContextVar[tuple[int, ...]] = ContextVar(
            f"committed-{id(self)}", default=()
        )
        self.kept = Repository(
            self.events,
            snapshot_store=self.snapshots,
            cache_maxsize=self.kept_in_memory_max,
            fastforward=True,
        )
        # the same copies, not brought forward (trusted_in_memory)
        self.trusted = Repository(
            self.events, snapshot_store=self.snapshots, fastforward=False
        )
        self.trusted.cache = self.kept.cache
        self._doubted: set[UUID] = set()
        """Trusted copies whose save clashed: brought forward at their next load."""
        self._handed: LRUCache[UUID, Any] = LRUCache(maxsize=self.handed_out_max)
        """The last saved copy of each aggregate handed out (handed_out)."""
        return super().construct_repository()

    def load(
        self,
        tenant_id: str,
        cls: type[A],
        aggregate_id: str | UUID,
        version: int | None = None,
    ) -> A:
        """The aggregate of that type in that tenant, else NotFound."""
        uuid = as_uuid(aggregate_id)
        handed = cls in self.handed_out and version is None
        try:
            if handed:
                aggregate: Any = self._hand_out(uuid)
            else:
                aggregate = self._loaded_from(cls, uuid, version).get(
                    uuid, version=version, projector_func=replay
                )
        except AggregateNotFoundError as error:
            raise NotFound(f"{cls.__name__} not found.", "id") from error
        if not isinstance(aggregate, cls) or aggregate.tenant_id != tenant_id:
            if handed and type(aggregate) in self.handed_out:
                self._handed.put(uuid, aggregate)  # unchanged: as the log has it
            raise NotFound(f"{cls.__name__} not found.", "id")
        return aggregate

    def _loaded_from(
        self, cls: type[Any], uuid: UUID, version: int | None
    ) -> Repository[Any]:
        """Where an aggregate of that type is loaded from (see the class's notes)."""
        if (
            cls in self.trusted_in_memory
            and version is None
            and uuid not in self._doubted
        ):
            return self.trusted
        if cls in self.kept_in_memory:
            self._doubted.discard(uuid)
            return self.kept
        if cls in self.snapshotting_intervals:
            return self.repository
        return self.events_only

    def _hand_out(self, uuid: UUID) -> Any:
        """The kept copy brought forward, else the aggregate replayed."""
        try:
            aggregate = self._handed.get(uuid, evict=True)
        except KeyError:
            aggregate = None
        if aggregate is not None and not aggregate.pending_events:
            return replay(aggregate, self.events.get(uuid, gt=aggregate.version))
        # never kept, or changed since its save: the log decides
        return self.events_only.get(uuid, projector_func=replay)

    def find(self, tenant_id: str, cls: type[A], aggregate_id: str | UUID) -> A | None:
        """The aggregate of that type in that tenant, or None."""
        try:
            return self.load(tenant_id, cls, aggregate_id)
        except NotFound:
            return None

    def exists(self, aggregate_id: str | UUID) -> bool:
        """Whether any aggregate has that id."""
        return bool(self.recorder.select_events(as_uuid(aggregate_id), limit=1))

    def save(self, *objs: Any, **kwargs: Any) -> list[Recording[Any]]:
        """Store the aggregates' pending events, each linked into its chain.

        The library's save, but each event's state is encoded once, for the
        chain and the row alike (domain/chain.py), and without the library's
        runtime protocol checks of every object: only our aggregates come here.
        """
        processing = ProcessingEvent[Any]()
        stored: list[StoredEvent] = []
        for aggregate in objs:
            if aggregate is None:
                continue
            events = aggregate.collect_events()
            processing.events.extend(events)
            processing.aggregates[aggregate.id] = aggregate
            stored.extend(self._link(aggregate, events))
        notification_ids = self.recorder.insert_events(stored, **kwargs) or []
        recordings = [
            Recording(
                event,
                Notification(
                    id=notification_id,
                    originator_id=row.originator_id,
                    originator_version=row.originator_version,
                    topic=row.topic,
                    state=row.state,
                ),
            )
            for event, row, notification_id in zip(
                processing.events, stored, notification_ids, strict=False
            )
        ]
        self._take_snapshots(processing)
        self._notify(recordings)
        for aggregate in objs:
            if type(aggregate) in self.trusted_in_memory:
                self.trusted.cache.put(aggregate.id, aggregate)  # type: ignore[union-attr]
            elif type(aggregate) in self.handed_out:
                self._handed.put(aggregate.id, aggregate)
        if notification_ids:
            kept = self._committed.get() + tuple(notification_ids)
            self._committed.set(kept[-KEEP_COMMITTED:])
        return recordings

    def _link(self, aggregate: Any, events: list[Any]) -> list[StoredEvent]:
        """The events as stored rows, each chained to the one before it."""
        encode = self.mapper.transcoder.encode
        chain = aggregate.chain
        rows = []
        for event in events:
            state = dict(event.__dict__)
            originator_id = state.pop("originator_id")
            version = state.pop("originator_version")
            del state["chain"]
            # As the library's mapper does: a later event shape is stored with its
            # version, so reading it runs only the upcasters it has not had.
            if (class_version := getattr(type(event), "class_version", 1)) > 1:
                state["class_version"] = class_version
            topic = get_topic(type(event))
            body = encode(state)
            chain = link_bytes(chain, topic, version, body, self.chain_key)
            object.__setattr__(event, "chain", chain)
            rows.append(StoredEvent(originator_id, version, topic, seal(body, chain)))
        aggregate.__dict__["_chain"] = chain
        return rows

    def commit(self, *aggregates: LedgerAggregate | None) -> int:
        """Save pending events atomically; answers the last notification id."""
        pending = [a for a in aggregates if a is not None]
        created = [
            a.id
            for a in pending
            if a.pending_events and a.pending_events[0].originator_version == 1
        ]
        try:
            recordings = self.save(*pending)
        except IntegrityError as error:
            self._doubted.update(
                a.id for a in pending if type(a) in self.trusted_in_memory
            )
            if any(self.exists(aggregate_id) for aggregate_id in created):
                raise AlreadyExists("It already exists.") from error
            raise ConcurrentChange(
                "Someone else changed this at the same time. Reload and try again."
            ) from error
        return max((r.notification.id for r in recordings), default=0)

    def retrying(self, action: Callable[[], R]) -> R:
        """Run a load-change-save action again when a concurrent save won.

        Each clash has one winner, so n people saving one aggregate at once need
        up to n attempts; a jittered, growing pause spreads the rest out (on
        PostgreSQL every append takes the events table's lock). A change made on
        a stale version is not retried: reloading cannot make it right.
        """
        for attempt in range(self.retries_on_conflict):
            try:
                return action()
            except StaleVersion:
                raise
            # A sequence or setting list created by someone else in the meantime
            # collides like a concurrent change: loading it again resolves it.
            except (ConcurrentChange, AlreadyExists):
                if attempt == self.retries_on_conflict - 1:
                    raise
                ceiling = min(self.retry_pause_max, 0.004 * 2 ** min(attempt, 8))
                time.sleep(random.uniform(ceiling / 4, ceiling))
        raise AssertionError("unreachable")

    def take_committed(self) -> tuple[int, ...]:
        """The notification ids saved in this context since the last take."""
        found = self._committed.get()
        if found:
            self._committed.set(())
        return found

    def position(self) -> int:
        """The id of the newest notification in the log."""
        return self.recorder.max_notification_id() or 0

    def events_of(self, aggregate_id: str | UUID) -> list[Any]:
        """Every stored event of one aggregate, oldest first."""
        return list(self.events.get(as_uuid(aggregate_id)))
