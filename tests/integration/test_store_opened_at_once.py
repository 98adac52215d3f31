"""Processes opening the event store at the same moment all start (PostgreSQL).

`serve --workers` starts its API workers and its followers process together;
each opens the store, whose tables and functions the library (re)creates on
open. Several at once collided in PostgreSQL's catalogue ("tuple concurrently
updated") and a worker died starting.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

import pytest

from tests.conftest import BACKEND

pytestmark = pytest.mark.skipif(BACKEND == "sqlite", reason="PostgreSQL's catalogue")

OPENERS = 6


def _open(url: str, barrier: Any, errors: Any) -> None:
    from api.bootstrap import build_application
    from api.settings import Settings

    barrier.wait(timeout=60)
    try:
        build_application(Settings(database_url=url)).close()
    except Exception as error:  # noqa: BLE001 - reported to the test
        errors.put(f"{type(error).__name__}: {error}")


def test_several_processes_open_the_store_at_once(database_url):
    from api.bootstrap import build_application
    from api.settings import Settings

    build_application(Settings(database_url=database_url)).close()  # as serve does
    context = multiprocessing.get_context("spawn")
    for _ in range(3):
        barrier, errors = context.Barrier(OPENERS), context.Queue()
        openers = [
            context.Process(target=_open, args=(database_url, barrier, errors))
            for _ in range(OPENERS)
        ]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(120)
        said = []
        while not errors.empty():
            said.append(errors.get())
        assert said == []
        assert [opener.exitcode for opener in openers] == [0] * OPENERS
