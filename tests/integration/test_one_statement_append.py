"""Events are appended on PostgreSQL in one statement, its own transaction.

The table lock that keeps notification ids in commit order is then held only
while PostgreSQL inserts, never while the writing process reads the results and
sends a COMMIT; the append keeps what the library's promised: ids in order, a
notice to listeners, a second event of one version refused.
"""

from __future__ import annotations

import uuid
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from tests.conftest import BACKEND

pytestmark = pytest.mark.skipif(
    BACKEND != "postgres", reason="the recorder of the PostgreSQL event store"
)


def _stored(originator: uuid.UUID, version: int) -> StoredEvent:
    return StoredEvent(
        originator_id=originator,
        originator_version=version,
        topic="tests:Noted",
        state=b'{"n": %d}' % version,
    )


@pytest.fixture
def recorder(application):  # type: ignore[no-untyped-def]
    from api.recorder import ColumnarRecorder

    found = application.recorder
    assert isinstance(found, ColumnarRecorder)
    return found


def test_an_append_is_one_statement_outside_any_transaction(
    recorder, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    sent: list[tuple[str, bool]] = []
    execute = psycopg.Cursor.execute

    def counted(self: psycopg.Cursor[Any], query: Any, *args: Any, **kw: Any) -> Any:
        text = query if isinstance(query, str) else query.as_string(self.connection)
        status = self.connection.info.transaction_status
        sent.append((text, status == psycopg.pq.TransactionStatus.IDLE))
        return execute(self, query, *args, **kw)

    monkeypatch.setattr(psycopg.Cursor, "execute", counted)
    originator = uuid.uuid4()
    ids = recorder.insert_events([_stored(originator, 1), _stored(originator, 2)])

    assert len(sent) == 1, [text for text, _ in sent]
    text, outside = sent[0]
    assert "ledgerdesk_append_events" in text
    assert outside, "the append ran inside a transaction left open around it"
    assert len(ids) == 2 and ids[1] == ids[0] + 1


def test_the_append_keeps_order_notice_and_uniqueness(recorder, database_url) -> None:  # type: ignore[no-untyped-def]
    originator = uuid.uuid4()
    with psycopg.connect(database_url, autocommit=True) as listener:
        listener.execute(f'LISTEN "{recorder.channel_name}"')
        first = recorder.insert_events([_stored(originator, 1)])
        notices = list(listener.notifies(timeout=2.0, stop_after=1))
    assert notices and notices[0].channel == recorder.channel_name

    later = recorder.insert_events([_stored(originator, v) for v in (2, 3, 4)])
    assert later == sorted(later) and later[0] > first[0]
    stored = [e.originator_version for e in recorder.select_events(originator)]
    assert stored == [1, 2, 3, 4]

    with pytest.raises(IntegrityError):
        recorder.insert_events([_stored(originator, 5), _stored(originator, 3)])
    # refused whole: the version beside the duplicate was not stored either
    assert [e.originator_version for e in recorder.select_events(originator)] == [
        1,
        2,
        3,
        4,
    ]
    assert recorder.max_notification_id() == later[-1]
