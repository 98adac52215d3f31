"""Creating the read-model tables."""

from __future__ import annotations

from sqlalchemy import Engine

from projections.tables import metadata


def create_tables(engine: Engine) -> None:
    """Create every read-model table that does not exist yet."""
    import projections.api_tables  # noqa: F401  (tables of the API register here)

    metadata.create_all(engine)
