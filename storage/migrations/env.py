"""Alembic's entry: migrate on the connection `storage.migrations` hands over."""

from __future__ import annotations

from alembic import context

from storage.migrations import include_object, target_metadata


def run() -> None:
    """Run the migrations on the connection given (`ledgerdesk migrate`)."""
    connection = context.config.attributes["connection"]
    # Only writing a new revision compares with the definitions; an upgrade
    # runs the revisions as written.
    comparing = context.config.attributes.get("autogenerate", False)
    context.configure(
        connection=connection,
        target_metadata=target_metadata() if comparing else None,
        include_object=include_object,
        compare_type=True,
        render_as_batch=connection.dialect.name == "sqlite",  # type: ignore[attr-defined]
    )
    with context.begin_transaction():
        context.run_migrations()


run()
