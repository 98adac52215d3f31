"""The PostgreSQL event recorder, inserting columns instead of composite rows.

The library's recorder sends a batch of events as one array of a composite
type, in text form, which psycopg escapes field by field: for a batch of new
tickets that escaping cost more than PostgreSQL's own work. Sent as four plain
arrays in binary (ids, versions, topics, states), the same INSERT ... RETURNING
under the same table lock stores the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier

CREATE_LOCK = 0x1ED6E5D0
"""The advisory lock taken while the event store's tables and functions are made."""
TOPIC = "api.recorder:ColumnarRecorder"
"""The recorder's topic, for the library's APPLICATION_RECORDER_TOPIC setting."""


class ColumnarRecorder(PostgresApplicationRecorder):
    """PostgresApplicationRecorder with a columnar, binary INSERT."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.insert_columns_statement = SQL(
            "INSERT INTO {schema}.{table} "
            "(originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%b::uuid[], %b::bigint[], %b::text[], %b::bytea[]) "
            "RETURNING notification_id"
        ).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
        )

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

    def _insert_stored_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **_: Any
    ) -> None:
        self._lock_table(curs)
        self._notify_channel(curs)
        curs.execute(
            self.insert_columns_statement,
            (
                [event.originator_id for event in stored_events],
                [event.originator_version for event in stored_events],
                [event.topic for event in stored_events],
                [event.state for event in stored_events],
            ),
            prepare=True,
        )
