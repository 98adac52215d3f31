"""The PostgreSQL event recorder, inserting columns instead of composite rows.

The library's recorder sends a batch of events as one array of a composite
type, in text form, which psycopg escapes field by field: for a batch of new
tickets that escaping cost more than PostgreSQL's own work. Sent as four plain
arrays in binary (ids, versions, topics, states), the same INSERT ... RETURNING
under the same table lock stores the same rows, in one statement (see
`ColumnarRecorder.insert_events`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

APPEND_FUNCTION = "ledgerdesk_append_events"
"""The function that appends events under the table lock in one statement."""
CREATE_LOCK = 0x1ED6E5D0
"""The advisory lock taken while the event store's tables and functions are made."""
TOPIC = "api.recorder:ColumnarRecorder"
"""The recorder's topic, for the library's APPLICATION_RECORDER_TOPIC setting."""


class ColumnarRecorder(PostgresApplicationRecorder):
    """PostgresApplicationRecorder appending in one statement, columns in binary."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = {
            "schema": Identifier(self.datastore.schema),
            "table": Identifier(self.events_table_name),
            "append": Identifier(APPEND_FUNCTION),
        }
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{append}("
                "ids uuid[], versions bigint[], topics text[], states bytea[]) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
                "BEGIN "
                "SET LOCAL lock_timeout = '{lock_timeout}s'; "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "NOTIFY {channel}; "
                "RETURN QUERY INSERT INTO {schema}.{table} "
                "(originator_id, originator_version, topic, state) "
                "SELECT * FROM unnest(ids, versions, topics, states) "
                "RETURNING notification_id; "
                "END; $BODY$"
            ).format(
                lock_timeout=self.datastore.lock_timeout,
                channel=Identifier(self.channel_name),
                **names,
            )
        )
        self.append_statement = SQL(
            "SELECT {schema}.{append}("
            "%b::uuid[], %b::bigint[], %b::text[], %b::bytea[]) AS notification_id"
        ).format(**names)

    def create_table(self) -> None:
        """The library's create_table, one process at a time.

        `serve --workers` starts its workers and its followers process together,
        each opening the store; their CREATE OR REPLACE FUNCTION statements at
        the same moment collided in the catalogue ("tuple concurrently updated")
        and a worker died starting. A session advisory lock on a second
        connection orders them; it goes with the connection if the process dies.
        """
        with self.datastore.get_connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (CREATE_LOCK,))
            try:
                super().create_table()
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (CREATE_LOCK,))

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **_: Any
    ) -> Sequence[int] | None:
        """Append in one statement, which is its own transaction.

        The library's append is a transaction of its own too, but of two round
        trips: the table lock, the notice and the INSERT, then, once this
        process has read their results, the COMMIT. The lock (which keeps
        notification ids in commit order) was held meanwhile, also while the
        request thread waited for Python's lock among the process's others, so
        under load every append queued behind that wait. In one statement the
        lock is held only while PostgreSQL works, and one round trip is saved.
        """
        if not stored_events:
            return None
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.append_statement, _columns(stored_events), prepare=True)
            return [row["notification_id"] for row in curs.fetchall()]


def _columns(stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    """The events as four arrays: ids, versions, topics, states."""
    return (
        [event.originator_id for event in stored_events],
        [event.originator_version for event in stored_events],
        [event.topic for event in stored_events],
        [event.state for event in stored_events],
    )
