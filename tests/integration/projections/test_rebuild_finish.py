"""A rebuild's last step: indexes built and tables analysed on two connections."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text

from domain.base import SYSTEM
from domain.use_cases.tickets import OpenTicket
from projections import rebuild as rebuilding
from projections.rebuild import rebuild
from projections.tables import READ_MODEL_TABLES
from tests.conftest import BACKEND


def test_jobs_run_side_by_side_and_the_first_error_is_raised_after_all() -> None:
    started: list[str] = []
    both = threading.Barrier(2, timeout=5)

    def job(name: str, fails: bool = False):  # type: ignore[no-untyped-def]
        def run() -> None:
            started.append(name)
            if name in ("a", "b"):
                both.wait()  # only passes when the two run at once
            if fails:
                raise ValueError(name)

        return run

    with pytest.raises(ValueError, match="b"):
        rebuilding._in_parallel(
            [job("a"), job("b", fails=True), job("c", fails=True), job("d")]
        )
    assert sorted(started) == ["a", "b", "c", "d"]  # none left unrun


@pytest.mark.skipif(BACKEND != "postgres", reason="PostgreSQL's deferred indexes")
def test_a_rebuild_leaves_every_index_and_the_statistics(  # type: ignore[no-untyped-def]
    application, engine, tenant, client
) -> None:
    company, client_id = client
    application.tickets.open(
        tenant,
        SYSTEM,
        OpenTicket(description="Printer", company_id=company, client_id=client_id),
    )
    rebuild(application, engine)
    names = {table.name for table in READ_MODEL_TABLES}
    wanted = {index.name for table in READ_MODEL_TABLES for index in table.indexes} | {
        "ix_search_tsv",
        "ix_search_tsv_records",
    }
    with engine.connect() as connection:
        found = set(
            connection.execute(
                text("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
            ).scalars()
        )
        # the statistics reach the view a moment after the vacuum
        for _ in range(50):
            analysed = set(
                connection.execute(
                    text(
                        "SELECT relname FROM pg_stat_user_tables "
                        "WHERE schemaname = 'public' AND last_vacuum IS NOT NULL "
                        "AND last_analyze IS NOT NULL"
                    )
                ).scalars()
            )
            if names <= analysed:
                break
            time.sleep(0.1)
    assert wanted <= found
    assert names <= analysed
