"""What the subcommands share: settings, the application, the engine, a progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from api.bootstrap import build_application, build_engine
from api.settings import Settings
from projections.schema import create_tables
from projections.upgrade import prepare


def open_stores(
    settings: Settings | None = None, read_model: bool = True
) -> tuple[Any, Any, Settings]:
    """The domain application and the read-model engine, tables migrated.

    With `read_model`, a read model whose tables this release changed is rebuilt
    first; without, its missing tables are only created.
    """
    settings = settings or Settings()
    app = build_application(settings)
    engine = build_engine(settings)
    if read_model:
        prepare(app, engine)
    else:
        create_tables(engine)
    return app, engine, settings


@contextmanager
def progress_bar(
    total: int | None, unit: str, label: str
) -> Iterator[Callable[[int], None]]:
    """A tqdm bar on stderr; yields the function that advances it."""
    from tqdm import tqdm

    with tqdm(
        total=total,
        unit=unit,
        desc=label,
        file=sys.stderr,
        dynamic_ncols=True,
        disable=None,
    ) as bar:
        yield bar.update
