"""A served process leaves its start-up heap out of the cycle collector's passes.

What start-up builds lives as long as the process; walked again by each full
collection, it stopped every request thread for some 200 ms at a time under
load. `serve`'s app factories freeze it once they are done, and make the
collector's passes rarer.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from api.commands.serve import YOUNGEST_GENERATION, embedded_app, worker_app

START_UP_OBJECTS = 10_000
"""Far fewer than a started app holds: modules, routes, models, services."""


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Nothing frozen before the test, what it froze given back after, and the
    collector's thresholds as they were."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, *thresholds[1:])
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def _stop(app: Any) -> None:
    for halt in getattr(app.state, "followers", {}).values():
        halt()
    app.state.services.domain.close()
    app.state.services.engine.dispose()


def test_the_embedded_app_freezes_what_start_up_built(settings, unfrozen) -> None:  # type: ignore[no-untyped-def]
    app = embedded_app(settings, projector=True)
    try:
        assert gc.get_freeze_count() > START_UP_OBJECTS
        assert gc.get_threshold()[0] == YOUNGEST_GENERATION
        # the follower's thread runs on: freezing stopped nothing
        assert app.state.services.follower._thread.is_alive()
    finally:
        _stop(app)


def test_each_worker_freezes_what_start_up_built(
    settings, unfrozen, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", settings.database_url)
    monkeypatch.setenv("LEDGERDESK_UPLOAD_DIR", settings.upload_dir)
    monkeypatch.setenv("LEDGERDESK_EXPORT_DIR", settings.export_dir)
    app = worker_app()
    try:
        assert gc.get_freeze_count() > START_UP_OBJECTS
        assert gc.get_threshold()[0] == YOUNGEST_GENERATION
    finally:
        listener = getattr(app.state, "listener", None)
        if listener is not None:
            listener.stop()
        _stop(app)
